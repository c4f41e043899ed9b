package hook

import (
	"fmt"
	"strings"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/tools"
)

// codex is the Codex CLI. Its PreToolUse honours only deny (allow and ask
// there are rejected as unsupported), so an arbiter ask is a deny that
// says a person must confirm; allow and defer print nothing and Codex's
// approval policy applies. PermissionRequest (an approval prompt is about
// to show) honours allow and deny; ask and defer leave the prompt up.
type codex struct{}

func (codex) fallbackEvent() string { return "PreToolUse" }

// probe is Claude Code's: Codex sends PreToolUse in the same shape.
func (codex) probe(cmd string) any { return claude{}.probe(cmd) }

func (codex) parse(raw []byte) (Event, error) {
	var p payload
	if err := decodePayload(raw, &p); err != nil {
		return Event{}, err
	}
	ev := Event{Name: p.HookEventName, Transcript: p.transcript()}
	switch p.HookEventName {
	case "PreToolUse", "PermissionRequest":
		ev.Gate = true
	case "PostToolUse", "UserPromptSubmit", "SessionStart", "Stop", "StopFailure", "PreCompact", "PostCompact",
		"SubagentStart", "SubagentStop":
		return ev, nil
	case "":
		ev.Name = "PreToolUse"
		return ev, fmt.Errorf("the payload has no hook_event_name")
	default:
		return ev, fmt.Errorf("unknown Codex event %q", p.HookEventName)
	}
	in, err := p.toolInput()
	if err != nil {
		return ev, err
	}
	base := arbiter.Call{ID: p.ToolUseID, ProjectDir: p.Cwd, Cwd: p.Cwd, PermissionMode: p.PermissionMode, SessionID: p.SessionID}
	if p.ToolName == "NetworkAccess" {
		// An approval for network access names the originating command,
		// or "network-access <host>" when there is none.
		cmd := str(in, "command")
		if host, ok := strings.CutPrefix(cmd, "network-access "); ok {
			ev.Calls = []arbiter.Call{call(base, "WebFetch", map[string]any{"url": "https://" + strings.TrimSpace(host) + "/"})}
		} else {
			ev.Calls = []arbiter.Call{call(base, "Bash", map[string]any{"command": cmd})}
		}
		return ev, nil
	}
	ev.Calls, err = translate(base, tools.Codex(), p.ToolName, in)
	if err == nil && p.HookEventName == "PermissionRequest" {
		markEscalation(ev.Calls, in)
	}
	return ev, err
}

func (codex) render(ev Event, d arbiter.Decision) []byte {
	if ev.Name == "PermissionRequest" {
		return permissionRequestAnswer(d)
	}
	var why string
	switch d.Decision {
	case arbiter.Deny:
		why = reason(d)
	case arbiter.Ask:
		why = confirmReason(d)
	default:
		return nil
	}
	return mustMarshal(map[string]any{"hookSpecificOutput": map[string]any{
		"hookEventName":            "PreToolUse",
		"permissionDecision":       "deny",
		"permissionDecisionReason": why,
	}})
}

// patchCalls turns a Codex patch into the file operations it performs:
// a Write per added file (with the content Codex leaves, so that the
// session's record of writes knows it), an Edit per updated file, and the
// rm or mv a deletion or rename amounts to.
func patchCalls(base arbiter.Call, patch string) ([]arbiter.Call, error) {
	if !strings.Contains(patch, "*** Begin Patch") {
		return nil, fmt.Errorf("the apply_patch input is not a patch (no \"*** Begin Patch\")")
	}
	var calls []arbiter.Call
	var file, op string
	var added []string
	flush := func() {
		switch op {
		case "add":
			// Codex writes each added line with its newline.
			content := strings.Join(added, "\n")
			if len(added) > 0 {
				content += "\n"
			}
			calls = append(calls, call(base, "Write", map[string]any{"file_path": file, "content": content}))
		case "update":
			calls = append(calls, call(base, "Edit", map[string]any{"file_path": file, "old_string": "", "new_string": strings.Join(added, "\n")}))
		}
		op, file, added = "", "", nil
	}
	for _, line := range strings.Split(patch, "\n") {
		line = strings.TrimSuffix(line, "\r")
		// Codex's parser trims a line before it looks for a marker, so an
		// indented header is still a header.
		marker := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(marker, "*** Add File: "):
			flush()
			op, file = "add", strings.TrimSpace(strings.TrimPrefix(marker, "*** Add File: "))
		case strings.HasPrefix(marker, "*** Update File: "):
			flush()
			op, file = "update", strings.TrimSpace(strings.TrimPrefix(marker, "*** Update File: "))
		case strings.HasPrefix(marker, "*** Delete File: "):
			flush()
			calls = append(calls, bash(base, "rm", "--", strings.TrimSpace(strings.TrimPrefix(marker, "*** Delete File: "))))
		case strings.HasPrefix(marker, "*** Move to: "):
			to := strings.TrimSpace(strings.TrimPrefix(marker, "*** Move to: "))
			calls = append(calls, bash(base, "mv", "--", file, to))
			file = to
		case strings.HasPrefix(marker, "*** End Patch"):
			flush()
		case marker == "*** Begin Patch" || marker == "*** End of File":
		case strings.HasPrefix(marker, "***") && !strings.HasPrefix(line, "+") && !strings.HasPrefix(line, "-"):
			return nil, fmt.Errorf("the patch has a line arbiter cannot read as a marker: %q", marker)
		case op != "" && strings.HasPrefix(line, "+"):
			added = append(added, line[1:])
		}
	}
	flush()
	if len(calls) == 0 {
		return nil, fmt.Errorf("the patch touches no file")
	}
	return calls, nil
}
