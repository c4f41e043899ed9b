package policy

import (
	"bytes"
	"io"

	"github.com/arbitergate/arbiter/internal/lazy"

	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter/catalog"

	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/shell"
)

// Permission gates for coding agents: arbiter itself and the other tools
// of its kind. An agent that switches off or rewrites the gate watching it
// has escaped review, whatever the gate.
var gates = lazy.New(func() map[string]bool {
	return map[string]bool{"arbiter": true, "arbiter-hook": true, "arbiter-judge": true, "nah": true, "dcg": true, "cc-safety-net": true, "safety-net": true, "jev-permission-gate": true}
})

// gateDirs are the folders, relative to the home directory, where gates keep
// their configuration and state.
var gateDirs = []string{".arbiter", ".config/arbiter", ".cache/arbiter", ".local/share/arbiter", ".local/state/arbiter", ".nah", ".config/nah", ".claude/jev-permission-gate", ".config/dcg", ".cc-safety-net"}

// isGuardPath reports whether a path is a gate's configuration, state or
// program, including the places Options.Protect names.
func (j *judgement) isGuardPath(abs string) bool {
	if isGuardPath(j.res, abs) {
		return true
	}
	for _, p := range j.protect {
		if under(abs, p) {
			return true
		}
	}
	return false
}

// isGuardPath reports whether a path is a gate's configuration or program:
// the gates' folders, any project's .arbiter.toml, arbiter's own hook file
// and install backups, and a runtime's hook settings that hold arbiter's
// entry.
func isGuardPath(r paths.Resolver, abs string) bool {
	if abs == "" {
		return false
	}
	switch base := path.Base(abs); {
	case base == ".arbiter.toml", strings.HasSuffix(base, ".arbiter-backup"):
		return true
	case base == "arbiter.json" && path.Base(path.Dir(abs)) == "hooks" && path.Base(path.Dir(path.Dir(abs))) == ".github":
		return true
	case holdsArbiterHook(abs):
		return true
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
	if !gates.Get()[base] {
		return false
	}
	if running := runningGate.Get(); running != "" && (abs == running || path.Dir(abs) == path.Dir(running) && strings.HasPrefix(base, "arbiter")) {
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
var runningGate = lazy.New(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	if !gates.Get()[path.Base(filepath.ToSlash(exe))] {
		return "" // a program embedding the policy, not the gate's own binary
	}
	return filepath.ToSlash(exe)
})

func (j *judgement) guardTamper(subject, what string) {
	j.fireWith(catalog.SGuardTamper, subject, what+"; an agent must not switch off or rewrite the gate that reviews it")
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
		j.fireWith(catalog.D1ReadOnly, c.String(), "asks the permission gate a question without changing it")
		return
	}
	if c.Program == "arbiter" && sub == "allow" {
		j.fireInstead(catalog.SGuardTamper, c.String(), "adds a standing approval to the gate that reviews this agent; only a person at a terminal may add approvals", "ask the user to run `arbiter allow` themselves if they want this approved for good")
		return
	}
	if c.Program == "arbiter" && sub == "hook" && len(operands(c)) == 2 || c.Program == "arbiter-hook" && len(operands(c)) == 1 {
		// arbiter hook RUNTIME and arbiter-hook RUNTIME only answer the
		// payload on their stdin.
		j.fireWith(catalog.D1ReadOnly, c.String(), "asks the permission gate a question without changing it")
		return
	}
	j.guardTamper(c.String(), "changes the configuration, trust or hooks of a permission gate")
}

// hookSettings are the runtimes' settings files that can carry arbiter's
// hook entry, by folder and name; trust lists the file beside one that
// records which hooks the person trusted.
var hookSettings = lazy.New(func() map[string][]string {
	return map[string][]string{
		".claude":       {"settings.json", "settings.local.json"},
		".codex":        {"hooks.json"},
		".gemini":       {"settings.json"},
		".cursor":       {"hooks.json"},
		".github/hooks": {"*.json"},
	}
})

// maxSettings bounds how much of a settings file is read.
const maxSettings = 1 << 20

// holdsArbiterHook reports whether abs is a runtime's hook settings file
// that currently holds arbiter's hook (or Codex's config.toml beside such
// a hooks.json, which records that the person trusted it). Changing such a
// file could remove the gate; reading it is fine.
func holdsArbiterHook(abs string) bool {
	dir, base := path.Dir(abs), path.Base(abs)
	if path.Base(dir) == ".codex" && base == "config.toml" {
		return fileMentionsArbiter(path.Join(dir, "hooks.json"))
	}
	for folder, names := range hookSettings.Get() {
		if !strings.HasSuffix(dir, "/"+folder) {
			continue
		}
		for _, n := range names {
			if ok, _ := path.Match(n, base); ok {
				return fileMentionsArbiter(abs)
			}
		}
	}
	return false
}

func fileMentionsArbiter(file string) bool {
	f, err := os.Open(file)
	if err != nil {
		return false
	}
	defer f.Close()
	b, _ := io.ReadAll(io.LimitReader(f, maxSettings))
	for _, entry := range []string{"arbiter hook", `arbiter\" hook`, "arbiter' hook", "arbiter-hook"} {
		if bytes.Contains(b, []byte(entry)) {
			return true
		}
	}
	return false
}

// uninstallsGate reports whether package arguments name a gate.
func uninstallsGate(words []shell.Word) bool {
	for _, w := range words {
		name := strings.ToLower(path.Base(w.Text))
		name = strings.SplitN(name, "@", 2)[0]
		for g := range gates.Get() {
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
	case "CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "AGENT.md", "GEMINI.md", ".cursorrules", ".windsurfrules", ".clinerules", ".mcp.json", "copilot-instructions.md", "opencode.json":
		return true
	}
	if strings.HasSuffix(abs, "/.vscode/mcp.json") {
		return true
	}
	// Copilot CLI runs every .github/hooks/*.json; agents read the
	// instructions, prompts and agent definitions beside them.
	for _, d := range []string{"/.claude/", "/.codex/", "/.gemini/", "/.cursor/", "/.windsurf/", "/.continue/", "/.aider", "/.roo/", "/.amazonq/", "/.kiro/",
		"/.github/hooks/", "/.github/instructions/", "/.github/prompts/", "/.github/agents/", "/.github/chatmodes/"} {
		if strings.Contains(abs+"/", d) {
			return true
		}
	}
	return false
}
