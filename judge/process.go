package judge

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// Process is a Backend that runs the arbiter-judge helper for each ask,
// passing the spec, state and questions on stdin. Keeping the HTTP client
// in a separate program keeps it (and its start-up cost) out of the hook.
type Process struct {
	Spec Spec
	// Path is the arbiter-judge executable.
	Path string
}

// Name is the spec's name, so cache entries match whichever process
// asked.
func (p *Process) Name() string { return p.Spec.Name() }

// HelperRequest is what arbiter-judge reads on stdin.
type HelperRequest struct {
	Spec      Spec       `json:"spec"`
	State     State      `json:"state"`
	Questions []Question `json:"questions"`
}

// HelperResponse is what arbiter-judge writes on stdout.
type HelperResponse struct {
	Answers Answers `json:"answers,omitempty"`
	Model   string  `json:"model,omitempty"`
	Error   string  `json:"error,omitempty"`
}

// Ask runs the helper; the context's deadline kills it.
func (p *Process) Ask(ctx context.Context, st State, qs []Question) (Answers, string, error) {
	if p.Path == "" {
		return nil, "", errors.New("judge: arbiter-judge is not installed next to arbiter (go install ./cmd/...)")
	}
	in, err := json.Marshal(HelperRequest{Spec: p.Spec, State: st, Questions: qs})
	if err != nil {
		return nil, "", err
	}
	cmd := exec.CommandContext(ctx, p.Path, "ask")
	cmd.Stdin = bytes.NewReader(in)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, "", ctx.Err()
		}
		return nil, "", fmt.Errorf("judge: %s: %v: %s", p.Path, err, strings.TrimSpace(errb.String()))
	}
	var r HelperResponse
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		return nil, "", fmt.Errorf("judge: %s answered something that is not JSON: %w", p.Path, err)
	}
	if r.Error != "" {
		return nil, r.Model, errors.New(r.Error)
	}
	return r.Answers, r.Model, nil
}
