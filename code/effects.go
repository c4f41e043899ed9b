package code

import (
	"fmt"
	"path"
	"strings"
)

// Effects is what code that a build or a test run executes does to the
// system, as far as reading its source finds: the programs it starts, the
// files it deletes, writes or reads by a path it spells out, the addresses
// it reaches. Each is given as the shell command line that does the same,
// so that the policy judges it like any other command.
type Effects struct {
	Lang string
	// Lines are shell commands equivalent to what the code does. An
	// argument the code builds at run time is the word DynamicWord.
	Lines []string
	// Network names the network library or call the code uses, when it
	// reaches an address it does not spell out; "" when none.
	Network string
	// Unknown names the first thing the reader could not follow (a program
	// named at run time, a renamed import); "" when none.
	Unknown string
	// Modules are the modules the code declares whose source is in files
	// of their own (Rust's mod NAME;), and Files the files it includes
	// (include!), as written, relative to the file's directory.
	Modules []string
	Files   []string
	// Why is set when the code could not be read whole; nothing else is
	// then reported.
	Why string
}

// DynamicWord stands, in Effects.Lines, for an argument whose value is
// only known when the code runs: the policy reads it as an unset variable.
const DynamicWord = `"$VALUE_KNOWN_AT_RUN_TIME"`

// maxEffects bounds the lines one file reports; code that does more is
// reported as not followed.
const maxEffects = 64

// val is a value the readers computed from literals: text as written, or
// relative to a base the code reads from its environment.
type val struct {
	text string
	base byte // 0: as written; 'h': the home directory; 'o': the build's output directory; 'p': the package's own directory
}

// shell renders v as one shell word.
func (v val) shell() string {
	switch v.base {
	case 'h':
		rest := strings.TrimLeft(v.text, "/")
		if rest == "" {
			return "~"
		}
		return "~/" + Quote(rest)
	case 'p':
		if strings.HasPrefix(v.text, "/") {
			return Quote(v.text)
		}
		return Quote("./" + v.text)
	}
	return Quote(v.text)
}

// join appends a path element the way Path::join and filepath.Join do:
// an absolute element replaces what came before (Path::join).
func (v val) join(elem val) val {
	if elem.base != 0 || strings.HasPrefix(elem.text, "/") {
		return elem
	}
	if v.text == "" {
		return val{text: elem.text, base: v.base}
	}
	return val{text: path.Join(v.text, elem.text), base: v.base}
}

// inline renders v inside a larger string: the home directory as $HOME,
// which a shell the string is given to expands.
func (v val) inline() string {
	switch v.base {
	case 'h':
		return "$HOME" + v.text
	case 'o':
		return "$OUT_DIR" + v.text
	case 'p':
		return "." + v.text
	}
	return v.text
}

// Quote quotes s as one shell word.
func Quote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:,+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// collector gathers one file's Effects.
type collector struct {
	e Effects
}

func (c *collector) line(format string, args ...any) {
	if len(c.e.Lines) >= maxEffects {
		c.unknown(fmt.Sprintf("does more than %d things a reader must check", maxEffects))
		return
	}
	l := fmt.Sprintf(format, args...)
	for _, x := range c.e.Lines {
		if x == l {
			return
		}
	}
	c.e.Lines = append(c.e.Lines, l)
}

func (c *collector) unknown(why string) {
	if c.e.Unknown == "" {
		c.e.Unknown = why
	}
}

func (c *collector) network(what string) {
	if c.e.Network == "" {
		c.e.Network = what
	}
}

// spawn records a program started with its arguments (shell words), in
// dir (a shell word, "" for the code's own directory), with env settings
// (NAME=word).
func (c *collector) spawn(argv []string, dir string, env []string) {
	cmd := strings.Join(append(append([]string(nil), env...), argv...), " ")
	if dir != "" {
		cmd = "cd " + dir + " && " + cmd
	}
	c.line("%s", cmd)
}

// fileOp records a file operation by the shell command that does the
// same: rm -r, rm, write, read, cp, mv, ln.
func (c *collector) fileOp(op string, paths ...val) {
	switch op {
	case "rm-r":
		c.line("rm -rf -- %s", paths[0].shell())
	case "rm":
		c.line("rm -f -- %s", paths[0].shell())
	case "write":
		c.line(": > %s", paths[0].shell())
	case "read":
		c.line("cat -- %s", paths[0].shell())
	case "cp", "mv":
		c.line("%s -- %s %s", op, paths[0].shell(), paths[1].shell())
	case "ln":
		c.line("ln -s -- %s %s", paths[0].shell(), paths[1].shell())
	}
}

// reach records a request to an address the code spells out.
func (c *collector) reach(url string) { c.line("curl -- %s", Quote(url)) }

func (c *collector) finish() Effects {
	if c.e.Why != "" {
		return Effects{Lang: c.e.Lang, Why: c.e.Why}
	}
	return c.e
}
