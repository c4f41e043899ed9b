package judge

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/arbitergate/arbiter"
)

// Limits on what the state carries: enough to judge, small enough to send
// quickly, and never the whole of a pasted file.
const (
	maxRequests     = 3
	maxRequestChars = 1500
	maxCommandChars = 4000
	maxInputChars   = 1500
	maxPromptChars  = 1000
)

// State is everything a backend sees: what the user and peers asked for,
// the pending call, and the project directory. Never tool output and never
// the agent's own prose, so that content the agent read cannot argue for
// its own approval.
type State struct {
	UserRequests     []string       `json:"user_requests"`
	PeerRequests     []string       `json:"peer_requests,omitempty"`
	ToolCall         map[string]any `json:"tool_call"`
	ProjectDirectory string         `json:"project_directory"`
}

// StateOf builds the state for a call.
func StateOf(call arbiter.Call) (State, error) {
	tc, err := toolCall(call)
	if err != nil {
		return State{}, err
	}
	return State{
		UserRequests:     clipAll(call.Requests),
		PeerRequests:     clipAll(call.Peers),
		ToolCall:         tc,
		ProjectDirectory: call.ProjectDir,
	}, nil
}

func clipAll(msgs []string) []string {
	if len(msgs) > maxRequests {
		msgs = msgs[len(msgs)-maxRequests:]
	}
	out := make([]string, len(msgs))
	for i, m := range msgs {
		out[i] = clip(m, maxRequestChars)
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// clip keeps the start and the end of a long text: a pasted log tends to
// come first and the actual request last.
func clip(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	r := []rune(s)
	half := (max - 3) / 2
	return string(r[:half]) + " … " + string(r[len(r)-half:])
}

// toolCall is the pending call as the judge sees it: the command, or the
// URL and prompt, or the tool input cut to size.
func toolCall(call arbiter.Call) (map[string]any, error) {
	var in map[string]any
	if err := json.Unmarshal(call.Input, &in); err != nil {
		return nil, fmt.Errorf("the tool input is not a JSON object: %w", err)
	}
	tc := map[string]any{"tool": call.Tool}
	str := func(k string) string { s, _ := in[k].(string); return s }
	switch call.Tool {
	case "Bash":
		cmd := str("command")
		if strings.TrimSpace(cmd) == "" {
			return nil, errors.New("empty command")
		}
		if utf8.RuneCountInString(cmd) > maxCommandChars {
			// Cutting a command would hide what it does.
			return nil, fmt.Errorf("the command is longer than %d characters", maxCommandChars)
		}
		tc["command"] = cmd
		if d := str("description"); d != "" {
			tc["description"] = clip(d, 300)
		}
	case "WebFetch":
		tc["url"] = str("url")
		p := str("prompt")
		if utf8.RuneCountInString(p) > maxPromptChars {
			return nil, fmt.Errorf("the fetch prompt is longer than %d characters", maxPromptChars)
		}
		tc["prompt"] = p
	case "WebSearch":
		tc["query"] = clip(str("query"), 500)
	default:
		b, _ := json.Marshal(in)
		if len(b) <= maxInputChars {
			tc["input"] = in
		} else {
			tc["input"] = clip(string(b), maxInputChars)
		}
	}
	return tc, nil
}
