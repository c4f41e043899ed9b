package replay

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"github.com/arbitergate/arbiter/internal/lazyregexp"
	"github.com/arbitergate/arbiter/shell"
)

// codexLine is a Codex rollout line: a type and its payload.
type codexLine struct {
	Timestamp string `json:"timestamp"`
	Type      string `json:"type"`
	Payload   struct {
		Type    string          `json:"type"`
		ID      string          `json:"id"`
		Cwd     string          `json:"cwd"`
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
		Message string          `json:"message"`
		Name    string          `json:"name"`
		CallID  string          `json:"call_id"`
		// Arguments is a function call's JSON arguments, as a string;
		// Input a custom tool's raw input (a patch).
		Arguments string          `json:"arguments"`
		Input     string          `json:"input"`
		Action    json.RawMessage `json:"action"`
		Output    json.RawMessage `json:"output"`
	} `json:"payload"`
}

type codexReader struct {
	b       builder
	s       *Session
	h       history
	cwd     string
	last    string // the last request added, as Codex writes each twice
	pending map[string]int
	started map[string]time.Time
}

func (r *codexReader) line(raw []byte) bool {
	var l codexLine
	if json.Unmarshal(raw, &l) != nil {
		return false
	}
	t := parseTime(l.Timestamp)
	p := &l.Payload
	switch l.Type {
	case "session_meta":
		r.s.see(t)
		if r.s.ID == "" {
			r.s.ID = p.ID
		}
		if p.Cwd != "" {
			r.cwd = p.Cwd
			if r.s.Project == "" {
				r.s.Project = p.Cwd
			}
		}
	case "turn_context":
		if p.Cwd != "" {
			r.cwd = p.Cwd
		}
	case "event_msg":
		if p.Type == "user_message" {
			r.request(p.Message)
		}
	case "response_item":
		r.s.see(t)
		switch p.Type {
		case "message":
			if p.Role == "user" {
				r.request(codexText(p.Content))
			}
		case "function_call":
			r.call(p.CallID, p.Name, codexArgs(p.Arguments), t)
		case "custom_tool_call":
			in, _ := json.Marshal(map[string]string{"input": p.Input})
			r.call(p.CallID, p.Name, in, t)
		case "local_shell_call":
			var a struct {
				Command []string `json:"command"`
				Dir     string   `json:"working_directory"`
			}
			_ = json.Unmarshal(p.Action, &a)
			in, _ := json.Marshal(map[string]string{"command": commandLine(a.Command), "workdir": a.Dir})
			r.call(p.CallID, "local_shell", in, t)
		case "function_call_output", "custom_tool_call_output":
			r.result(p.CallID, codexOutput(p.Output), t)
		}
	}
	return true
}

func (r *codexReader) request(s string) {
	s = strings.TrimSpace(s)
	if !typed(s) || s == r.last {
		return
	}
	r.last = s
	r.h.add(s)
}

func (r *codexReader) call(id, name string, input json.RawMessage, t time.Time) {
	rec := record{runtime: Codex, session: r.s.ID, cwd: r.cwd, tool: name, input: input, id: id, requests: r.h.recent()}
	r.s.Calls = append(r.s.Calls, Call{ID: id, Native: name, Time: t, Calls: r.b.calls(rec), Outcome: Outcome{Status: Unknown, WaitMs: -1, RunMs: -1}})
	if id != "" {
		r.pending[id] = len(r.s.Calls) - 1
		r.started[id] = t
	}
}

func (r *codexReader) result(id, out string, t time.Time) {
	i, ok := r.pending[id]
	if !ok {
		return
	}
	delete(r.pending, id)
	o := codexOutcome(out)
	o.At = t
	waited := span(r.started[id], t)
	switch {
	case o.Status == Refused || o.Status == Denied:
		o.WaitMs = waited
	case o.RunMs >= 0 && waited >= o.RunMs:
		o.By, o.WaitMs = ByRuntime, waited-o.RunMs
	}
	r.s.Calls[i].Outcome = o
}

var (
	codexExit = lazyregexp.New(`(?m)^Exit code: (-?\d+)`)
	codexWall = lazyregexp.New(`(?m)^Wall time: ([0-9.]+) seconds`)
)

// codexOutcome classifies a tool output by the fixed texts Codex writes
// for a refusal, a hook's or its guardian's denial, and by the exit code
// and wall time it reports for a command that ran.
func codexOutcome(out string) Outcome {
	o := Outcome{Status: Ran, WaitMs: -1, RunMs: -1}
	switch {
	case strings.HasPrefix(out, "exec command rejected by user"), strings.HasPrefix(out, "patch rejected by user"),
		strings.Contains(out, "user denied this command"):
		o.Status, o.By = Refused, ByPerson
	case strings.Contains(out, "blocked by PreToolUse hook"), strings.Contains(out, "blocked by PermissionRequest hook"):
		o.Status, o.By = Denied, ByHook
	case strings.HasPrefix(out, "This action was rejected due to unacceptable risk"), strings.Contains(out, "sandbox denied"):
		o.Status, o.By = Denied, ByRuntime
	case strings.HasPrefix(out, "aborted"):
		o.Status = Interrupted
	}
	if o.Status != Ran {
		o.Detail = detail(out)
		return o
	}
	exit, wall := -1, -1.0
	if m := codexExit.FindStringSubmatch(out); m != nil {
		exit, _ = strconv.Atoi(m[1])
	}
	if m := codexWall.FindStringSubmatch(out); m != nil {
		wall, _ = strconv.ParseFloat(m[1], 64)
	}
	// Older rollouts wrap the output: {"output": …, "metadata": {…}}.
	var wrapped struct {
		Metadata *struct {
			ExitCode int     `json:"exit_code"`
			Duration float64 `json:"duration_seconds"`
		} `json:"metadata"`
	}
	if strings.HasPrefix(out, "{") && json.Unmarshal([]byte(out), &wrapped) == nil && wrapped.Metadata != nil {
		exit, wall = wrapped.Metadata.ExitCode, wrapped.Metadata.Duration
	}
	if wall >= 0 {
		o.RunMs = int64(wall * 1000)
	}
	if exit > 0 {
		o.Status, o.Detail = Errored, "exit code "+strconv.Itoa(exit)
	}
	return o
}

// codexArgs is a function call's arguments as the hook reads them: a
// command given as argv becomes the command line it runs.
func codexArgs(args string) json.RawMessage {
	var m map[string]any
	if json.Unmarshal([]byte(args), &m) != nil {
		b, _ := json.Marshal(args) // the hook reports what it cannot read
		return b
	}
	for _, k := range []string{"command", "cmd"} {
		if list, ok := m[k].([]any); ok {
			argv := make([]string, 0, len(list))
			for _, x := range list {
				s, _ := x.(string)
				argv = append(argv, s)
			}
			m[k] = commandLine(argv)
		}
	}
	b, _ := json.Marshal(m)
	return b
}

// commandLine is the shell command an argv runs: the script of `bash
// -lc SCRIPT`, else the words quoted.
func commandLine(argv []string) string {
	if len(argv) == 3 && (argv[1] == "-lc" || argv[1] == "-c") {
		if shell.SpeaksSh(filepath.Base(argv[0])) {
			return argv[2]
		}
	}
	q := make([]string, len(argv))
	for i, w := range argv {
		s, err := syntax.Quote(w, syntax.LangBash)
		if err != nil {
			s = w
		}
		q[i] = s
	}
	return strings.Join(q, " ")
}

// codexText joins a message's text parts.
func codexText(raw json.RawMessage) string {
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		return ""
	}
	var texts []string
	for _, p := range parts {
		if (p.Type == "input_text" || p.Type == "text") && typed(p.Text) {
			texts = append(texts, strings.TrimSpace(p.Text))
		}
	}
	return strings.Join(texts, "\n")
}

// codexOutput is a tool output's text: a string, or {"content": …}.
func codexOutput(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var o struct {
		Content string `json:"content"`
	}
	_ = json.Unmarshal(raw, &o)
	return o.Content
}
