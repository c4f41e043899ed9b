package setup

import (
	"encoding/json"
	"strings"
)

// clineModule is the hook `arbiter install cline` writes: Cline runs the
// executable file named PreToolUse in its hooks folders with the call as
// JSON on stdin, and reads {"cancel", "errorMessage"} back. The script
// runs arbiter's hook as a child process and prints its answer; when the
// hook is missing, fails or prints nothing, it prints a cancel itself,
// since Cline goes on with the call when a hook fails without an answer.
var clineModule = &moduleFile{source: clineSource, readArgv: clineArgv, noDefer: true, mode: 0o700}

// clineArgvLine marks the script's comment line that holds the hook's
// argument vector as JSON, which Status reads back.
const clineArgvLine = "# argv: "

func clineSource(argv []string, _ bool) []byte {
	cmd, _ := commandOf(argv) // a word no shell can quote cannot be in a path
	js, _ := json.Marshal(argv)
	var b strings.Builder
	b.WriteString("#!/bin/sh\n")
	b.WriteString("# arbiter's permission gate for Cline, written by `arbiter install cline`.\n")
	b.WriteString("# Cline runs this file before each tool call with the call as JSON on stdin.\n")
	b.WriteString("# It runs arbiter's hook, which reads the call from the same stdin, and\n")
	b.WriteString("# prints its answer; a hook that is missing, fails or answers nothing cancels\n")
	b.WriteString("# the call. `arbiter uninstall cline` removes this file, and refuses to once\n")
	b.WriteString("# it is edited.\n")
	b.WriteString(clineArgvLine + string(js) + "\n")
	b.WriteString("answer=$(" + cmd + ")\n")
	b.WriteString("status=$?\n")
	b.WriteString("if [ \"$status\" -eq 0 ] && [ -n \"$answer\" ]; then\n")
	b.WriteString("  printf '%s\\n' \"$answer\"\n")
	b.WriteString("else\n")
	b.WriteString("  printf '{\"cancel\":true,\"errorMessage\":\"arbiter blocked this call: its hook could not answer (exit status %s). Instead, ask the user to run it themselves or to check arbiter with `arbiter doctor`. Do not retry this in another form.\"}\\n' \"$status\"\n")
	b.WriteString("fi\n")
	return []byte(b.String())
}

// clineArgv reads the argument vector back from the script's argv line.
func clineArgv(data []byte) []string {
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, clineArgvLine); ok {
			var argv []string
			if json.Unmarshal([]byte(v), &argv) != nil {
				return nil
			}
			return argv
		}
	}
	return nil
}
