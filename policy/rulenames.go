package policy

import (
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
	"github.com/arbitergate/arbiter/spec"
)

// rule decides one command of a program whose spec names it.
type rule func(*judgement, *shell.Command)

// ruleNamed returns the function that decides a rule name that
// spec/programs.txt gives its blocks (rule:NAME), or nil. A program is
// named once, in its block; TestProgramRulesMatchTheSpec checks that every
// name here is used by a block and every block's name is here or is a
// catalogue rule. (A switch, not a map: the rules call back into the
// judgement that looks them up, which a package-level map cannot.)
func ruleNamed(name string) rule {
	switch name {
	case "ansible-lint":
		return (*judgement).ansibleLint
	case "archive":
		return (*judgement).archive
	case "builtin":
		return (*judgement).builtinOrInfo
	case "cloud":
		return (*judgement).cloud
	case "compress":
		return (*judgement).compress
	case "coverage":
		return (*judgement).coverageCommand
	case "containers":
		return (*judgement).docker
	case "copy":
		return (*judgement).copy
	case "create":
		return (*judgement).creates
	case "patch":
		return (*judgement).patchProgram
	case "database":
		return (*judgement).databaseClient
	case "dd":
		return (*judgement).dd
	case "devcontainer":
		return (*judgement).devcontainer
	case "decoder":
		return (*judgement).decoder
	case "disk":
		return (*judgement).disk
	case "echo":
		return (*judgement).echo
	case "environment":
		return (*judgement).environmentDump
	case "find":
		return (*judgement).find
	case "forge":
		return (*judgement).forge
	case "format-image":
		return func(j *judgement, c *shell.Command) { j.formatImage(c, c.String()) }
	case "gate":
		return (*judgement).gateCommand
	case "git":
		return (*judgement).git
	case "http-client":
		return (*judgement).httpClient
	case "interactive":
		return (*judgement).interactiveProgram
	case "interpreter":
		return func(j *judgement, c *shell.Command) { j.interpreter(c, shell.Interpreter(c.Program)) }
	case "java":
		return (*judgement).javaRun
	case "keychain":
		return (*judgement).keychain
	case "kill":
		return (*judgement).kill
	case "migrations":
		return (*judgement).migrationTool
	case "netcat":
		return (*judgement).netcat
	case "packages":
		return (*judgement).packages
	case "permissions":
		return (*judgement).permissions
	case "pytest":
		return (*judgement).pytest
	case "python-sessions":
		return (*judgement).pythonSessions
	case "remote-copy":
		return (*judgement).remoteCopy
	case "rm":
		return (*judgement).rm
	case "rmdir":
		return (*judgement).rmdir
	case "root":
		return (*judgement).root
	case "security":
		return (*judgement).security
	case "sed":
		return (*judgement).sed
	case "shell":
		return (*judgement).shellRun
	case "ssh":
		return (*judgement).ssh
	case "system-config":
		return (*judgement).systemConfig
	case "taskrunner":
		return (*judgement).taskRunner
	case "testrunner":
		return (*judgement).testRunner
	case "truncate":
		return (*judgement).truncate
	case "wrapper":
		return (*judgement).wrapperOnly
	}
	return nil
}

// programRule returns the Go rule a program's spec names, or nil.
func programRule(sp *spec.Spec) rule {
	if sp == nil {
		return nil
	}
	return ruleNamed(sp.Rule())
}

// verdictRule returns the catalogue rule a rule-only block fires by name
// (rule:B10.publish), with the verdict the catalogue gives it and the
// block's why as the reason.
func verdictRule(sp *spec.Spec) (catalog.Rule, bool) {
	if sp == nil || sp.Rule() == "" {
		return catalog.Rule{}, false
	}
	return catalog.Lookup(catalog.ID(sp.Rule()))
}
