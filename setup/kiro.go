package setup

import (
	"encoding/json"

	"github.com/arbitergate/arbiter/shell"
)

// kiroModule is the hooks file `arbiter install kiro` writes: Kiro CLI 3
// runs every hooks/*.json of ~/.kiro and of a project's .kiro, so the
// file is arbiter's alone, as a plugin is. It holds one command hook on
// PreToolUse with no matcher (every tool). Kiro answers only through the
// hook's exit status, so there is no defer mapping to choose.
var kiroModule = &moduleFile{source: kiroSource, readArgv: kiroArgv, noDefer: true}

// kiroTimeout is the entry's timeout in seconds; a hook that takes
// longer only warns in Kiro CLI, and the call goes on.
const kiroTimeout = 10

// kiroHookName names arbiter's entry in the file.
const kiroHookName = "arbiter"

type kiroFile struct {
	Version string      `json:"version"`
	Hooks   []kiroEntry `json:"hooks"`
}

type kiroEntry struct {
	Name    string `json:"name"`
	Trigger string `json:"trigger"`
	Action  struct {
		Type    string `json:"type"`
		Command string `json:"command"`
	} `json:"action"`
	Timeout int  `json:"timeout"`
	Enabled bool `json:"enabled"`
}

func kiroSource(argv []string, _ bool) []byte {
	e := kiroEntry{Name: kiroHookName, Trigger: "PreToolUse", Timeout: kiroTimeout, Enabled: true}
	e.Action.Type = "command"
	// A word no shell can quote (a NUL byte) cannot be in a path: the
	// command is then left empty, which reads back as no entry.
	e.Action.Command, _ = commandOf(argv)
	b, err := json.MarshalIndent(kiroFile{Version: "v1", Hooks: []kiroEntry{e}}, "", "  ")
	if err != nil {
		panic(err) // only strings and numbers are marshalled
	}
	return append(b, '\n')
}

// kiroArgv reads the argument vector of arbiter's entry back from the
// file: nil when the file holds no such entry or its command is not one
// plain command line.
func kiroArgv(data []byte) []string {
	var f kiroFile
	if json.Unmarshal(data, &f) != nil {
		return nil
	}
	for _, e := range f.Hooks {
		if e.Name != kiroHookName || e.Action.Type != "command" {
			continue
		}
		a := shell.Analyze(e.Action.Command)
		if len(a.Commands) != 1 || len(a.Problems) > 0 || len(a.Commands[0].Redirs) > 0 || len(a.Commands[0].Env) > 0 {
			return nil
		}
		argv := []string{a.Commands[0].Name}
		for _, w := range a.Commands[0].Args {
			argv = append(argv, w.Text)
		}
		return argv
	}
	return nil
}
