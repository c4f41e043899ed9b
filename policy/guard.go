package policy

import (
	"github.com/arbitergate/arbiter/catalog"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/shell"
)

// Permission gates for coding agents: arbiter itself and the other tools
// of its kind. An agent that switches off or rewrites the gate watching it
// has escaped review, whatever the gate.
var gates = map[string]bool{"arbiter": true, "arbiter-judge": true, "nah": true, "dcg": true, "cc-safety-net": true, "safety-net": true, "jev-permission-gate": true}

// gateDirs are the folders, relative to the home directory, where gates keep
// their configuration and state.
var gateDirs = []string{".arbiter", ".config/arbiter", ".cache/arbiter", ".local/share/arbiter", ".local/state/arbiter", ".nah", ".config/nah", ".claude/jev-permission-gate", ".config/dcg", ".cc-safety-net"}

// isGuardPath reports whether a path is a gate's configuration or program.
func isGuardPath(r paths.Resolver, abs string) bool {
	if abs == "" {
		return false
	}
	if rel := r.HomeRelative(abs); rel != "" {
		for _, d := range gateDirs {
			if rel == d || strings.HasPrefix(rel, d+"/") {
				return true
			}
		}
	}
	if r.Project != "" && (abs == path.Join(r.Project, ".arbiter") || strings.HasPrefix(abs, path.Join(r.Project, ".arbiter")+"/")) {
		return true
	}
	base := path.Base(abs)
	dir := path.Base(path.Dir(abs))
	if !gates[base] {
		return false
	}
	if running := runningGate(); running != "" && (abs == running || path.Dir(abs) == path.Dir(running) && strings.HasPrefix(base, "arbiter")) {
		return true // the gate that is deciding this call, and the judge beside it
	}
	if place := r.Classify(abs, false); place == paths.Project || place == paths.ProjectRoot {
		// bin/arbiter in a project is that project's build output (go build
		// -o bin/arbiter, rm -f bin/arbiter); the hooks run the installed one.
		return false
	}
	return dir == "bin" || dir == "sbin"
}

// runningGate is where the running program lives, found once: deleting or
// replacing it switches the gate off whatever directory it is in.
var runningGate = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	if !gates[path.Base(filepath.ToSlash(exe))] {
		return "" // a program embedding the policy, not the gate's own binary
	}
	return filepath.ToSlash(exe)
})

func (j *judgement) guardTamper(subject, what string) {
	j.deny(catalog.SGuardTamper, subject, what+"; an agent must not switch off or rewrite the gate that reviews it", "if the gate's settings need changing, ask the user to change them")
}

// gateCommand judges running a gate's own command line: reading its status
// is fine; changing its configuration or hooks is tampering.
func (j *judgement) gateCommand(c *shell.Command) {
	sub := ""
	for _, a := range c.Args {
		if !strings.HasPrefix(a.Text, "-") {
			sub = a.Text
			break
		}
	}
	switch sub {
	case "", "status", "log", "logs", "test", "check", "explain", "help", "version", "doctor", "eval", "stats", "why", "types", "classify":
		if sub == "" && len(c.Args) > 0 && c.Args[0].Text != "--help" && c.Args[0].Text != "--version" && c.Args[0].Text != "-h" {
			break
		}
		j.allow(catalog.D1ReadOnly, c.String(), "asks the permission gate a question without changing it")
		return
	}
	if c.Program == "arbiter" && sub == "hook" && len(operands(c)) == 2 {
		// arbiter hook RUNTIME only answers the payload on its stdin.
		j.allow(catalog.D1ReadOnly, c.String(), "asks the permission gate a question without changing it")
		return
	}
	j.guardTamper(c.String(), "changes the configuration, trust or hooks of a permission gate")
}

// uninstallsGate reports whether package arguments name a gate.
func uninstallsGate(words []shell.Word) bool {
	for _, w := range words {
		name := strings.ToLower(path.Base(w.Text))
		name = strings.SplitN(name, "@", 2)[0]
		for g := range gates {
			if name == g || strings.HasPrefix(name, g+"-") {
				return true
			}
		}
	}
	return false
}

// isAgentConfig reports whether a path holds an agent's configuration or
// standing instructions.
func isAgentConfig(abs string) bool {
	base := path.Base(abs)
	switch base {
	case "CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "GEMINI.md", ".cursorrules", ".windsurfrules", ".mcp.json", "copilot-instructions.md":
		return true
	}
	for _, d := range []string{"/.claude/", "/.codex/", "/.gemini/", "/.cursor/", "/.windsurf/", "/.continue/", "/.aider"} {
		if strings.Contains(abs+"/", d) {
			return true
		}
	}
	return false
}
