package policy

import (
	"bytes"
	"io"

	"github.com/arbitergate/arbiter/internal/lazy"

	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter/agents"
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
	if as := j.atHome(abs); as != "" && (isOwnHookFile(as) || holdsArbiterHookAs(abs, as)) {
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
	case isOwnHookFile(abs):
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
	if c.Program == "arbiter" && sub == "hook" || c.Program == "arbiter-hook" {
		// The hook is the runtime's to call: each call writes the
		// session's record (the files the agent wrote, the answers a
		// person may approve) and the decision log, which later
		// decisions trust.
		j.fireInstead(catalog.SGuardTamper, c.String(), "runs the gate's hook as if the runtime called it, which writes the session's record and the decision log that later decisions trust; an agent must not write the gate's record", "use `arbiter check` or `arbiter explain` to see how a call is decided")
		return
	}
	j.guardTamper(c.String(), "changes the configuration, trust or hooks of a permission gate")
}

// hookFiles are the runtimes' files that can carry arbiter's hook entry,
// by folder and name (agents.Agent.HookFiles).
var hookFiles = lazy.New(func() []hookFile {
	var out []hookFile
	for _, a := range agents.All() {
		for _, f := range a.HookFiles {
			out = append(out, hookFile{path.Dir(f), path.Base(f)})
		}
	}
	return out
})

// maxHookGlob bounds how many files of one hook-file pattern are looked
// at when a folder holding them is removed or moved (a hooks folder holds
// a few files; past the bound, the folder counts as holding the gate's).
const maxHookGlob = 64

// holdsGuard reports whether a folder holds a hook file of the gate's
// (one of the runtimes' hook files that is arbiter's own or holds its
// entry), in the project or the home directory: removing or moving the
// folder removes the file with it.
func (j *judgement) holdsGuard(abs string) bool {
	if abs == "" {
		return false
	}
	for _, base := range []string{j.res.Project, j.res.Home} {
		if base == "" {
			continue
		}
		for _, f := range hookFiles.Get() {
			dir := path.Join(base, f.folder)
			if under(dir, abs) && j.globHoldsGuard(path.Join(dir, f.name)) {
				return true
			}
		}
	}
	for moved, rel := range j.agentDirs {
		for _, f := range hookFiles.Get() {
			rest, ok := strings.CutPrefix(f.folder+"/", rel+"/")
			if !ok {
				continue
			}
			dir := path.Join(moved, rest)
			if under(dir, abs) && j.globHoldsGuard(path.Join(dir, f.name)) {
				return true
			}
		}
	}
	return false
}

// globHoldsGuard reports whether a file matching pattern is a gate's.
func (j *judgement) globHoldsGuard(pattern string) bool {
	matches, err := filepath.Glob(filepath.FromSlash(pattern))
	if err != nil {
		return false
	}
	if len(matches) > maxHookGlob {
		return true
	}
	for _, m := range matches {
		if j.isGuardPath(filepath.ToSlash(m)) {
			return true
		}
	}
	return false
}

// atHome returns the path abs stands for when it lies in a runtime's home
// folder that the environment moved (Options.AgentDirs): the same file
// under the default folder in the home directory, which the guard's
// tables name. It returns "" for any other path.
func (j *judgement) atHome(abs string) string {
	for moved, rel := range j.agentDirs {
		if rest, ok := strings.CutPrefix(abs, moved); ok && (rest == "" || rest[0] == '/') && j.res.Home != "" {
			return path.Join(j.res.Home, rel) + rest
		}
	}
	return ""
}

// isAgentConfig reports whether a path holds an agent's configuration or
// standing instructions, at the default places or where the environment
// moved a runtime's home folder.
func (j *judgement) isAgentConfig(abs string) bool {
	if isAgentConfig(abs) {
		return true
	}
	for moved := range j.agentDirs {
		// A variable that names the home folder or one above the project
		// would make every file there configuration; the hook files in it
		// are still guarded (isGuardPath).
		if under(abs, moved) && !under(j.res.Home, moved) && !under(j.res.Project, moved) {
			return true
		}
	}
	return false
}

// hookFile is a folder and a name pattern of a file that can hold hooks.
type hookFile struct{ folder, name string }

// trustFiles record which hooks the person trusted, each with the name of
// the hook file beside it whose entries it covers (Codex's config.toml
// and hooks.json).
var trustFiles = lazy.New(func() []trustFile {
	var out []trustFile
	for _, a := range agents.All() {
		for _, f := range a.HookFiles {
			if a.Trust != "" && path.Dir(f) == path.Dir(a.Trust) {
				out = append(out, trustFile{a.Trust, path.Base(f)})
			}
		}
	}
	return out
})

type trustFile struct{ file, hooks string }

// ownHookFiles are the runtimes' hook files that are arbiter's alone
// (Copilot CLI's .github/hooks/arbiter.json): the gate's whatever they
// hold.
var ownHookFiles = lazy.New(func() []string {
	var out []string
	for _, a := range agents.All() {
		if a.OwnSettings {
			out = append(out, a.Settings)
			if a.ProjectSettings != "" {
				out = append(out, a.ProjectSettings)
			}
		}
	}
	return out
})

func isOwnHookFile(abs string) bool {
	for _, f := range ownHookFiles.Get() {
		if isFileAt(abs, f) {
			return true
		}
	}
	return false
}

// isFileAt reports whether abs is the file rel names (a folder and a
// name) in some directory.
func isFileAt(abs, rel string) bool {
	return path.Base(abs) == path.Base(rel) && strings.HasSuffix("/"+path.Dir(abs), "/"+path.Dir(rel))
}

// maxSettings bounds how much of a settings file is read.
const maxSettings = 1 << 20

// holdsArbiterHook reports whether abs is a runtime's hook settings file
// that currently holds arbiter's hook (or Codex's config.toml beside such
// a hooks.json, which records that the person trusted it). Changing such a
// file could remove the gate; reading it is fine.
func holdsArbiterHook(abs string) bool { return holdsArbiterHookAs(abs, abs) }

// holdsArbiterHookAs is holdsArbiterHook of the file at abs, recognised by
// the name as (the path it stands for where a runtime's home was moved).
func holdsArbiterHookAs(abs, as string) bool {
	dir, base := path.Dir(as), path.Base(as)
	for _, t := range trustFiles.Get() {
		if isFileAt(as, t.file) {
			return fileMentionsArbiter(path.Join(path.Dir(abs), t.hooks))
		}
	}
	for _, f := range hookFiles.Get() {
		if !strings.HasSuffix(dir, "/"+f.folder) {
			continue
		}
		if ok, _ := path.Match(f.name, base); ok {
			return fileMentionsArbiter(abs)
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
	c := agentConfig.Get()
	if c.names[path.Base(abs)] {
		return true
	}
	if strings.HasSuffix(abs, "/.vscode/mcp.json") {
		return true
	}
	for _, d := range c.folders {
		if strings.Contains(abs+"/", d) {
			return true
		}
	}
	return false
}

// agentConfig are the names of agents' instruction and configuration
// files, and their folders as a path holds them ("/.claude/"): the
// registry's runtimes' (Config, Instructions), then other agents'.
var agentConfig = lazy.New(func() (c agentFiles) {
	c.names = map[string]bool{"AGENT.md": true, ".windsurfrules": true, ".clinerules": true, ".mcp.json": true, "opencode.json": true}
	for _, a := range agents.All() {
		for _, n := range a.Instructions {
			c.names[n] = true
		}
		for _, d := range a.Config {
			c.folders = append(c.folders, "/"+d+"/")
		}
	}
	c.folders = append(c.folders, "/.windsurf/", "/.continue/", "/.aider", "/.roo/", "/.amazonq/", "/.kiro/")
	return c
})

type agentFiles struct {
	names   map[string]bool
	folders []string
}
