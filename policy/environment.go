package policy

import (
	"github.com/arbitergate/arbiter/internal/lazyregexp"
	"github.com/arbitergate/arbiter/shell"
)

// execEnv matches environment variables that make an ordinary command load
// or run other code.
var execEnv = lazyregexp.New(`^(?:LD_PRELOAD|LD_LIBRARY_PATH|LD_AUDIT|DYLD_\w+|BASH_ENV|ENV|PROMPT_COMMAND|PS[0-4]|IFS|PATH|CDPATH|SHELLOPTS|BASHOPTS|PAGER|GIT_PAGER|MANPAGER|SYSTEMD_PAGER|LESSOPEN|LESSCLOSE|EDITOR|VISUAL|GIT_EDITOR|GIT_SEQUENCE_EDITOR|GIT_EXTERNAL_DIFF|GIT_SSH|GIT_SSH_COMMAND|GIT_ASKPASS|SSH_ASKPASS|GIT_CONFIG\w*|GIT_EXEC_PATH|GIT_TEMPLATE_DIR|GIT_PROXY_COMMAND|PYTHONSTARTUP|PYTHONPATH|PYTHONHOME|PYTHONINSPECT|NODE_OPTIONS|NODE_PATH|PERL5OPT|PERL5LIB|PERLLIB|RUBYOPT|RUBYLIB|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|BROWSER|NPM_CONFIG_\w+|npm_config_\w+|BASH_FUNC_\S+|TERMINFO|LESSKEY|MAKEFLAGS|RUSTC_WRAPPER|CARGO_BUILD_RUSTC_WRAPPER|CC|CXX|GOFLAGS)$`)

// Variables that only add directories the project's own tooling uses are
// common in test runs; a value inside the project is not an injection.
var benignValues = map[string]bool{"PYTHONPATH": true, "NODE_PATH": true, "PATH": true, "LD_LIBRARY_PATH": true, "GOFLAGS": true, "CC": true, "CXX": true, "MAKEFLAGS": true}

// environment judges assignments that change what a command runs.
func (j *judgement) environment(c *shell.Command) {
	for _, e := range c.Env {
		if e.Name == "NODE_TLS_REJECT_UNAUTHORIZED" && e.Value.Text == "0" || e.Name == "GIT_SSL_NO_VERIFY" || e.Name == "PYTHONHTTPSVERIFY" && e.Value.Text == "0" {
			j.ask("A5.tls-bypass", e.Name, "turns off certificate checks, so an attacker in the middle could read or change the traffic")
			continue
		}
		if !execEnv.MatchString(e.Name) {
			continue
		}
		if benignValues[e.Name] && j.valueInside(c, e.Value) {
			continue
		}
		if c.Program == "" && (c.Name == "" || c.Name == "export") && (e.Name == "PATH" || e.Name == "PYTHONPATH") && !e.Value.Dynamic {
			j.defer_("U.env-injection", e.Name, "changes "+e.Name+", which decides what later commands run")
			continue
		}
		j.ask("U.env-injection", e.Name+"="+clipText(e.Value.Text, 40), e.Name+" makes the command load or run other code")
	}
}

// valueInside reports whether every directory in a path-list value lies in
// the project, a temp directory, or a standard system location.
func (j *judgement) valueInside(c *shell.Command, v shell.Word) bool {
	text := v.Text
	for _, part := range splitList(text) {
		switch part {
		case "", "$PATH", "${PATH}", "$PYTHONPATH", "${PYTHONPATH}", "$LD_LIBRARY_PATH", "${LD_LIBRARY_PATH}", "$NODE_PATH":
			continue
		}
		if len(part) > 0 && part[0] == '$' {
			return false
		}
		abs := j.res.Resolve(part, c.Dir)
		if systemBin(abs+"/x") || under(abs, "/usr/lib") || under(abs, "/usr/local/lib") {
			continue
		}
		if !j.res.Classify(abs, false).Inside() && abs != j.res.Project {
			return false
		}
	}
	return true
}

func splitList(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ':' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return out
}
