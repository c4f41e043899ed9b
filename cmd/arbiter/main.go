// Command arbiter is a permission gate for AI coding agents: it reads a
// tool call and answers allow, deny, ask or defer, with the rules that fired
// and a reason.
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `arbiter decides whether an AI coding agent's tool call may run.

Usage:
  arbiter check [--json] 'COMMAND'      explain the decision for a shell command
  arbiter check [--json] -- WORDS…      the same, with the command as words
  arbiter check --json < call.json      decide one Call read from stdin
  arbiter check --jsonl < calls.jsonl   decide one Call per line, in order
  arbiter hook RUNTIME [--fail-closed]  answer a runtime's hook payload on stdin
                                        (claude, codex, gemini, cursor, copilot)
  arbiter install RUNTIME [--project] [--dry-run] [--binary PATH]
                                        add arbiter's hook to the runtime's settings
  arbiter uninstall RUNTIME [--project] [--dry-run]
                                        remove it (restoring the original file)
  arbiter allow [--project] [--yes] -- PROGRAM ARGS…
                                        approve one command prefix for good (a person only)
  arbiter doctor                        check every installed hook end to end
  arbiter stats [--json] [LOG]          summarise the decision log (ARBITER_LOG)
  arbiter eval [--split dev|test] [--by set|category|rule] [--failures] [--json] FILE…
                                        score decisions on labeled corpora

A Call is a JSON object: {"tool", "input", "project_directory", "cwd",
"request": [...], "peer": [...], "permission_mode", "id"}.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "check":
		return check(args[1:], stdin, stdout, stderr)
	case "eval":
		return eval(args[1:], stdout, stderr)
	case "hook":
		return hookCmd(args[1:], stdin, stdout, stderr)
	case "install":
		return installCmd(args[1:], stdout, stderr, false)
	case "uninstall":
		return installCmd(args[1:], stdout, stderr, true)
	case "allow":
		return allowCmd(args[1:], stdin, stdout, stderr, os.Getenv)
	case "doctor":
		return doctor(args[1:], stdout, stderr)
	case "stats":
		return stats(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "arbiter: unknown command %q\n\n%s", args[0], usage)
	return 2
}
