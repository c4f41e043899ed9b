package setup

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/arbitergate/arbiter/agents"
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
	// Unmoved ignores the environment variables that move a runtime's
	// folder (CODEX_HOME, XDG_CONFIG_HOME, …): the default place, where
	// an install made without them is.
	Unmoved bool
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
	// Binary is the arbiter executable the hook runs; a module file
	// (module) names it in an argument vector rather than a command line.
	Binary string
	module *moduleFile
	// yaml is a runtime whose entries are in a YAML file.
	yaml *yamlHooks
	// DeferAsAsk makes a module block a call arbiter defers, as one a
	// person must confirm, where the runtime would otherwise run it.
	DeferAsAsk bool
	// comments: the runtime reads the file as JSON with comments.
	comments bool
	// container is the top-level key of the hooks by event; empty is
	// "hooks".
	container string
	// topLevel: the hooks by event are the document itself.
	topLevel bool
	// Record is the file where install notes the directories it created
	// for Path, so that uninstall removes them when they are empty (and
	// only those); empty: none are noted or removed.
	Record string
}

// parse reads the target's settings file as its runtime does: JSON, or
// JSON with comments and trailing commas.
func (t Target) parse(data []byte) (*node, error) {
	if t.comments {
		return parseJSONC(data)
	}
	return parse(data)
}

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
// executable the hook should run. Where the file is and which events it
// registers come from the registry (package agents); the shape of the
// entries from the runtime's installer.
func For(runtime string, s Scope, binary string) (Target, error) {
	cmd := HookCommand(binary, runtime)
	base := s.Home
	if s.Project != "" {
		base = s.Project
	}
	if base == "" {
		return Target{}, fmt.Errorf("no home directory to install into")
	}
	a, known := agents.Lookup(runtime)
	if s.Local && (a.LocalSettings == "" || s.Project == "") {
		return Target{}, errLocal()
	}
	in, shaped := installerFor(runtime)
	if !known || !shaped {
		return Target{}, fmt.Errorf("unknown runtime %q (want one of %s)", runtime, strings.Join(Runtimes(), ", "))
	}
	if a.UserOnly && s.Project != "" {
		return Target{}, fmt.Errorf("%s reads hooks only from %s, not from a project: run arbiter install %s without --project", a.Name, a.Settings, runtime)
	}
	if a.ProjectOnly && s.Project == "" {
		return Target{}, fmt.Errorf("%s reads hooks only from a repository's %s: run arbiter install %s --project in the repository", a.Name, path.Dir(a.Settings), runtime)
	}
	file := a.Settings
	if s.Project != "" && a.ProjectSettings != "" {
		file = a.ProjectSettings
	}
	if s.Local {
		file = a.LocalSettings
	}
	p := filepath.Join(base, filepath.FromSlash(file))
	if s.Project == "" && !s.Unmoved {
		p = a.InHome(s.Home, file, os.Getenv)
	}
	t := Target{Runtime: runtime, Command: cmd, Binary: binary, Path: p, Events: a.Events, entry: in.entry, Notes: in.notes, module: in.module, yaml: in.yaml, comments: in.comments, container: in.container, topLevel: in.topLevel}
	if in.newFile != nil {
		t.newFile = in.newFile()
	}
	return t, nil
}

// errLocal says which runtimes have a project file of the person's own.
func errLocal() error {
	var names, examples []string
	for _, a := range agents.All() {
		if a.LocalSettings != "" {
			names = append(names, a.Name+"'s")
			examples = append(examples, "arbiter install "+a.ID+" --project --local writes "+a.LocalSettings)
		}
	}
	return fmt.Errorf("--local is for %s project settings only (%s)", strings.Join(names, " and "), strings.Join(examples, "; "))
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
