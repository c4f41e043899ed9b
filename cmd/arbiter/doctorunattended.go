package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/config"
	"github.com/arbitergate/arbiter/gate"
	"github.com/arbitergate/arbiter/setup"
)

// reportUnattended says what arbiter does in a session whose runtime asks
// nothing (Claude Code's and Codex's bypassPermissions), where a defer
// runs unreviewed, with where ARBITER_UNATTENDED came from; and names a
// Claude Code settings file that makes every session such a session. It
// returns the number of problems: none, since the person chose the mode.
func reportUnattended(w io.Writer, g *gate.Gate, cfg config.Config, scopes []setup.Scope) int {
	if g.AskUnattended {
		fmt.Fprintf(w, "✓ ARBITER_UNATTENDED=%s, read as ask (%s): in a session with the runtime's prompts off (bypassPermissions), arbiter asks about what it would leave to the runtime\n", cfg.Get("ARBITER_UNATTENDED"), cfg.Source("ARBITER_UNATTENDED"))
	} else {
		fmt.Fprintln(w, "  in a session with the runtime's prompts off (Claude Code's --dangerously-skip-permissions, Codex's --yolo: bypassPermissions), what arbiter leaves to the runtime runs unreviewed; the hook says so once per session, and ARBITER_UNATTENDED=ask asks instead (Gemini CLI's --yolo is not visible to hooks)")
	}
	for _, scope := range scopes {
		t, err := setup.For(agents.Claude, scope, "arbiter")
		if err != nil {
			continue
		}
		if mode := claudeDefaultMode(t.Path); mode == "bypassPermissions" {
			verb := "what arbiter leaves to Claude Code runs unreviewed in every session; set ARBITER_UNATTENDED=ask to be asked instead"
			if g.AskUnattended {
				verb = "arbiter asks instead of leaving calls to it (ARBITER_UNATTENDED=ask)"
			}
			fmt.Fprintf(w, "! claude (%s): permissions.defaultMode is bypassPermissions, so Claude Code asks nothing: %s\n", t.Path, verb)
		}
	}
	return 0
}

// claudeDefaultMode reads permissions.defaultMode from a Claude Code
// settings file; "" when it is not there or the file does not read
// (doctor reports an unreadable file elsewhere).
func claudeDefaultMode(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	var s struct {
		Permissions struct {
			DefaultMode string `json:"defaultMode"`
		} `json:"permissions"`
	}
	if json.Unmarshal(b, &s) != nil {
		return ""
	}
	return s.Permissions.DefaultMode
}
