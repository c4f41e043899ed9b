package hook

import (
	"encoding/json"

	"github.com/arbitergate/arbiter"
)

// unattendedModes are the permission modes, as the payload's
// permission_mode names them, in which the runtime asks the person
// nothing: what arbiter leaves to the runtime's own flow (defer) then
// runs unreviewed. Claude Code sends bypassPermissions under
// --dangerously-skip-permissions (or defaultMode bypassPermissions), and
// Codex sends it under --yolo. Gemini CLI's payload carries no mode.
var unattendedModes = []string{"bypassPermissions"}

// Unattended returns the permission mode of an event whose runtime asks
// nothing in it, or "".
func Unattended(ev Event) string {
	for _, c := range ev.Calls {
		for _, m := range unattendedModes {
			if c.PermissionMode == m {
				return m
			}
		}
	}
	return ""
}

// askUnattended turns a defer into an ask in a session whose runtime
// asks nothing, when the person chose so: there, leaving the call to the
// runtime would run it unreviewed.
func askUnattended(ev Event, d arbiter.Decision, opt Options) arbiter.Decision {
	mode := Unattended(ev)
	if !opt.AskUnattended || mode == "" || d.Decision != arbiter.Defer {
		return d
	}
	d.Decision = arbiter.Ask
	d.Reason += " This session runs without the runtime's prompts (" + mode + "), so arbiter asks rather than let it run unreviewed (ARBITER_UNATTENDED=ask)."
	return d
}

// messenger is a runtime with a channel the person sees, beside the
// answer the agent gets.
type messenger interface {
	// withMessage adds msg to an answer (nil: no decision), keeping its
	// decision.
	withMessage(answer []byte, msg string) []byte
}

// systemMessage adds a top-level systemMessage to a JSON answer, the
// field Claude Code and Gemini CLI show the person; an empty answer
// becomes one that holds only the message, which decides nothing.
func systemMessage(answer []byte, msg string) []byte {
	obj := map[string]any{}
	if len(answer) > 0 {
		if err := json.Unmarshal(answer, &obj); err != nil {
			return answer // not ours to reshape
		}
	}
	obj["systemMessage"] = msg
	return mustMarshal(obj)
}

func (claude) withMessage(answer []byte, msg string) []byte { return systemMessage(answer, msg) }
func (gemini) withMessage(answer []byte, msg string) []byte { return systemMessage(answer, msg) }
