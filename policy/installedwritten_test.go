package policy

import (
	"maps"
	"testing"
)

// TestInstalledModuleTheAgentWrote: a module an installed package holds is
// the registry's code and is not read, unless the agent wrote it in this
// session (a Write, or a copy into site-packages): then importing it runs
// what the agent put there, judged by what it holds. Each attack was
// allowed before (D4.inline-code: "an installed package's").
func TestInstalledModuleTheAgentWrote(t *testing.T) {
	const site = "PROJECT/.venv/lib/python3.12/site-packages/"
	venv := map[string]string{
		"PROJECT/.venv/pyvenv.cfg": "home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.12.3\n",
		"PROJECT/.venv/bin/python": "",
		site + "tool/__init__.py":  "from .core import run\n",
		site + "tool/core.py":      "def run():\n    return 1\n",
	}
	// The files on disk are wrote's content where it names them.
	without := func(files map[string]string, name string) map[string]string {
		out := maps.Clone(files)
		delete(out, name)
		return out
	}
	runWrittenCases(t, []writtenCase{
		{name: "package the agent rewrote", files: without(venv, site+"tool/__init__.py"), wrote: map[string]string{site + "tool/__init__.py": pyRmHome},
			cmd: ".venv/bin/python -c 'import tool'", before: was(allow), want: deny, rule: "A2.home-delete"},
		{name: "submodule the agent rewrote", files: without(venv, site+"tool/core.py"), wrote: map[string]string{site + "tool/core.py": pyRmHome},
			cmd: ".venv/bin/python -c 'import tool.core'", before: was(allow), want: deny, rule: "A2.home-delete"},
		{name: "module the agent added", files: venv, wrote: map[string]string{site + "helper.py": pyRmHome},
			cmd: ".venv/bin/python -c 'import helper'", before: was(allow), want: deny, rule: "A2.home-delete"},
		// Benign twins: what the agent wrote there is plain, or it wrote
		// nothing there.
		{name: "plain module the agent added", files: venv, wrote: map[string]string{site + "helper.py": "x = 1\n"},
			cmd: ".venv/bin/python -c 'import helper'", want: allow},
		{name: "installed package untouched", files: venv, wrote: map[string]string{"PROJECT/notes.py": pyRmHome},
			cmd: ".venv/bin/python -c 'import tool'", want: allow, rule: "D4.inline-code"},
	})
}
