package agents

import (
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Agent is one runtime arbiter gates. Every path is slash-separated and
// relative to the home directory or to a project's root, as the field
// says; a path under Dir follows DirEnv where the runtime honours it.
type Agent struct {
	// ID names the runtime on arbiter's command line (arbiter hook ID,
	// arbiter install ID), in the decision log and in replay.
	ID string
	// Name is the product's name, for people: "Claude Code".
	Name string
	// Dir is the runtime's own folder in the home directory.
	Dir string
	// DirEnv names the environment variable that, when set, is the
	// user's Dir instead (CODEX_HOME).
	DirEnv string
	// ConfigHome says the runtime finds a Dir under .config in
	// $XDG_CONFIG_HOME when that is set (OpenCode reads
	// $XDG_CONFIG_HOME/opencode), as the XDG base directories say.
	ConfigHome bool

	// Settings is the file arbiter installs its hook entries into, under
	// the home directory or a project. LocalSettings is the project file
	// that is the person's own and not committed, where there is one.
	Settings, LocalSettings string
	// ProjectSettings, where set, is the file install --project writes
	// instead of Settings (Copilot CLI: ~/.copilot/hooks for the user,
	// .github/hooks in a repository).
	ProjectSettings string
	// ProjectOnly is a runtime that reads hooks only from a project.
	ProjectOnly bool
	// UserOnly is a runtime that reads hooks only from the user's own
	// folder (Dir), never from a project.
	UserOnly bool
	// OwnSettings says Settings is a file of arbiter's alone: the runtime
	// reads every file of its folder, so the file is the gate's whatever
	// it holds.
	OwnSettings bool
	// Events are the hook events arbiter registers for, in the order it
	// writes them.
	Events []string
	// Timeout is the unit of the timeout in a hook entry.
	Timeout TimeoutUnit

	// HookFiles are the files, under the home directory or a project,
	// that the runtime reads hook entries from (path.Match patterns). One
	// that holds arbiter's entry is the gate's own.
	HookFiles []string
	// Trust is the file where the runtime records which of the hooks in
	// the HookFiles beside it the person trusted.
	Trust string
	// Config are the folders, in a project or the home directory, that
	// hold the runtime's configuration, hooks and standing instructions.
	Config []string
	// Instructions are the files the runtime reads as standing
	// instructions, by name.
	Instructions []string
	// Skills are where skills are installed, in the home directory and in
	// a project; Plugins hold installed plugins and extensions, in the
	// home directory only.
	Skills, Plugins []string
	// Credentials are the files, under the home directory, where the
	// runtime keeps the user's login or tokens.
	Credentials []string
	// Sessions are the folders, under the home directory, where the
	// runtime keeps its session transcripts.
	Sessions []string
}

// TimeoutUnit is how long one unit of the timeout in a runtime's hook
// entry is. The zero value declares nothing, which the registry's tests
// refuse.
type TimeoutUnit time.Duration

// The units.
const (
	Seconds      = TimeoutUnit(time.Second)
	Milliseconds = TimeoutUnit(time.Millisecond)
	// NoTimeout is a runtime whose entries arbiter writes without a
	// timeout and whose unit it has not verified: none is checked.
	NoTimeout TimeoutUnit = -1
)

// Of returns how long v units are. It computes in seconds, as a float,
// so that a fractional value converts as the runtime reads it.
func (u TimeoutUnit) Of(v float64) time.Duration {
	return time.Duration(v * time.Duration(u).Seconds() * float64(time.Second))
}

// All returns every runtime, in the order arbiter lists them. The values
// are copies: changing them changes nothing here.
func All() []Agent {
	out := make([]Agent, len(registry))
	for i, a := range registry {
		out[i] = a.clone()
	}
	return out
}

// Lookup returns the runtime with this ID.
func Lookup(id string) (Agent, bool) {
	for _, a := range registry {
		if a.ID == id {
			return a.clone(), true
		}
	}
	return Agent{}, false
}

// IDs lists every runtime's ID, in the order of All.
func IDs() []string {
	out := make([]string, len(registry))
	for i, a := range registry {
		out[i] = a.ID
	}
	return out
}

// Name returns the product name of the runtime with this ID, or the ID
// itself when the registry has no such runtime.
func Name(id string) string {
	for _, a := range registry {
		if a.ID == id {
			return a.Name
		}
	}
	return id
}

// InHome returns where rel (a path of this runtime, relative to the home
// directory) is for the user: under home, or, for a path under Dir, under
// the folder DirEnv names when getenv reports it set.
func (a Agent) InHome(home, rel string, getenv func(string) string) string {
	if dir := a.movedDir(getenv); dir != "" {
		if rest, ok := strings.CutPrefix(rel, a.Dir+"/"); ok {
			return filepath.Join(dir, filepath.FromSlash(rest))
		}
	}
	return filepath.Join(home, filepath.FromSlash(rel))
}

// movedDir is the folder getenv moves Dir to, or "": DirEnv's value, or
// Dir's place in $XDG_CONFIG_HOME for a runtime that follows it.
func (a Agent) movedDir(getenv func(string) string) string {
	if getenv == nil {
		return ""
	}
	if a.DirEnv != "" {
		if dir := getenv(a.DirEnv); dir != "" {
			return dir
		}
	}
	if rest, ok := strings.CutPrefix(a.Dir, ".config/"); ok && a.ConfigHome {
		// The base directory specification ignores a relative value.
		if xdg := getenv("XDG_CONFIG_HOME"); filepath.IsAbs(xdg) {
			return filepath.Join(xdg, filepath.FromSlash(rest))
		}
	}
	return ""
}

// clone copies the slices, which would otherwise be the registry's own.
func (a Agent) clone() Agent {
	for _, s := range []*[]string{&a.Events, &a.HookFiles, &a.Config, &a.Instructions, &a.Skills, &a.Plugins, &a.Credentials, &a.Sessions} {
		*s = slices.Clone(*s)
	}
	return a
}

// MovedDirs returns the folders getenv moves runtimes' home folders to
// (an absolute DirEnv value, or the runtime's folder in
// $XDG_CONFIG_HOME), each with the folder under the home
// directory it stands for: "/srv/pi" → ".pi/agent".
func MovedDirs(getenv func(string) string) map[string]string {
	var out map[string]string
	for _, a := range registry {
		dir := a.movedDir(getenv)
		if dir == "" || !filepath.IsAbs(dir) {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[filepath.ToSlash(filepath.Clean(dir))] = a.Dir
	}
	return out
}
