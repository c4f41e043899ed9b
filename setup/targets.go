package setup

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/arbitergate/arbiter/shell"
)

// Scope says whose settings are edited: the user's (Project empty) or
// one repository's.
type Scope struct {
	Home    string
	Project string
	// Local picks Claude Code's settings.local.json in the project: the
	// person's own, not shared with the repository.
	Local bool
}

// Target is one runtime's settings file and the hook entries arbiter
// adds to it.
type Target struct {
	Runtime string
	// Path is the settings file.
	Path string
	// Command is what the runtime runs: the arbiter binary and its
	// arguments.
	Command string
	// Events are the hook events arbiter registers for.
	Events []string
	// newFile is the document written when the file does not exist yet.
	newFile map[string]any
	// entry is the element added to each event's array for a command.
	entry func(command string) any
	// Notes say what the runtime needs beyond the settings file.
	Notes string
}

// CodexTrustNote says how a person lets Codex run the hook.
const CodexTrustNote = `Codex runs a hook only after you trust it, and skips an untrusted one without a word (codex exec among others).
To trust arbiter's hook: start codex in a terminal, type /hooks, review arbiter's PreToolUse and PermissionRequest entries and trust them.
arbiter does not do this for you: which programs Codex runs is your decision. Codex asks again whenever the entry changes.
arbiter doctor checks that the trust is in place.`

// WithoutOnFailure returns the target with Claude Code's onFailure key
// left out of its entries, for versions before 2.1.295 that do not know
// it.
func (t Target) WithoutOnFailure() Target {
	entry := t.entry
	t.entry = func(cmd string) any {
		g, ok := entry(cmd).(map[string]any)
		if !ok {
			return entry(cmd)
		}
		for _, h := range g["hooks"].([]any) {
			delete(h.(map[string]any), "onFailure")
		}
		return g
	}
	return t
}

// ProjectRoot returns the root of the repository dir is in: the nearest
// directory, dir or above, holding .git (a directory, or the file a
// worktree has).
func ProjectRoot(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("%s is not inside a git repository (no .git in it or above it); run the command in the repository, or install for your user without --project", dir)
		}
	}
}

// Runtimes lists the runtimes Target supports.
var Runtimes = []string{"claude", "codex", "copilot", "cursor", "gemini"}

// HookCommand is the command line a runtime runs for arbiter, given the
// binary's path: arbiter-hook RUNTIME for the hook's own program,
// otherwise arbiter hook RUNTIME.
func HookCommand(binary, runtime string) string {
	q, err := syntax.Quote(binary, syntax.LangBash)
	if err != nil {
		q = binary
	}
	if filepath.Base(binary) == HookProgram {
		return q + " " + runtime
	}
	return q + " hook " + runtime
}

// HookProgram is the name of the hook's own program, which answers as
// arbiter hook does and starts faster.
const HookProgram = "arbiter-hook"

// For returns the target for a runtime in a scope; binary is the arbiter
// executable the hook should run.
func For(runtime string, s Scope, binary string) (Target, error) {
	cmd := HookCommand(binary, runtime)
	base := s.Home
	if s.Project != "" {
		base = s.Project
	}
	if base == "" {
		return Target{}, fmt.Errorf("no home directory to install into")
	}
	if s.Local && (runtime != "claude" || s.Project == "") {
		return Target{}, fmt.Errorf("--local is for Claude Code's project settings only (arbiter install claude --project --local writes .claude/settings.local.json)")
	}
	group := func(matcher string, hook func(cmd string) map[string]any) func(string) any {
		return func(cmd string) any {
			g := map[string]any{"hooks": []any{hook(cmd)}}
			if matcher != "" {
				g["matcher"] = matcher
			}
			return g
		}
	}
	switch runtime {
	case "claude":
		file := "settings.json"
		if s.Local {
			file = "settings.local.json"
		}
		// onFailure block: without it, a hook that times out or crashes
		// lets the call through (Claude Code 2.1.295 and later).
		return Target{Runtime: runtime, Command: cmd,
			Path:    filepath.Join(base, ".claude", file),
			Events:  []string{"PreToolUse", "PermissionRequest"},
			newFile: map[string]any{},
			entry: group("*", func(cmd string) map[string]any {
				return map[string]any{"type": "command", "command": cmd, "timeout": 10, "onFailure": "block"}
			}),
		}, nil
	case "codex":
		dir := filepath.Join(base, ".codex")
		if s.Project == "" {
			if h := os.Getenv("CODEX_HOME"); h != "" {
				dir = h
			}
		}
		return Target{Runtime: runtime, Command: cmd,
			Path:    filepath.Join(dir, "hooks.json"),
			Events:  []string{"PreToolUse", "PermissionRequest"},
			newFile: map[string]any{},
			entry: group("", func(cmd string) map[string]any {
				return map[string]any{"type": "command", "command": cmd, "timeout": 10}
			}),
			Notes: CodexTrustNote,
		}, nil
	case "gemini":
		return Target{Runtime: runtime, Command: cmd,
			Path:    filepath.Join(base, ".gemini", "settings.json"),
			Events:  []string{"BeforeTool"},
			newFile: map[string]any{},
			entry: group(".*", func(cmd string) map[string]any {
				return map[string]any{"name": "arbiter", "type": "command", "command": cmd, "timeout": 10000}
			}),
		}, nil
	case "cursor":
		return Target{Runtime: runtime, Command: cmd,
			Path:    filepath.Join(base, ".cursor", "hooks.json"),
			Events:  []string{"beforeShellExecution", "preToolUse"},
			newFile: map[string]any{"version": 1},
			entry:   func(cmd string) any { return map[string]any{"command": cmd} },
		}, nil
	case "copilot":
		// Copilot CLI reads hooks from the repository's .github/hooks;
		// arbiter keeps its own file there.
		if s.Project == "" {
			return Target{}, fmt.Errorf("Copilot CLI reads hooks only from a repository's .github/hooks: run arbiter install copilot --project in the repository")
		}
		return Target{Runtime: runtime, Command: cmd,
			Path:    filepath.Join(base, ".github", "hooks", "arbiter.json"),
			Events:  []string{"preToolUse"},
			newFile: map[string]any{"version": 1},
			entry:   func(cmd string) any { return map[string]any{"type": "command", "bash": cmd, "timeoutSec": 10} },
		}, nil
	}
	return Target{}, fmt.Errorf("unknown runtime %q (want one of %s)", runtime, strings.Join(Runtimes, ", "))
}

// IsArbiterCommand reports whether a hook command runs arbiter's hook:
// its program (after shell quoting) is a binary named arbiter whose first
// argument is "hook", or one named arbiter-hook with a runtime.
func IsArbiterCommand(cmd string) bool {
	a := shell.Analyze(cmd)
	if len(a.Commands) != 1 || len(a.Problems) > 0 {
		return false
	}
	c := a.Commands[0]
	switch filepath.Base(c.Name) {
	case "arbiter":
		return len(c.Args) >= 2 && c.Args[0].Text == "hook"
	case HookProgram:
		return len(c.Args) >= 1
	}
	return false
}
