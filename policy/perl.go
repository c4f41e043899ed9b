package policy

import (
	"fmt"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

// perlCall is what perl's switches say about a one-liner.
type perlCall struct {
	code    []string
	dynamic bool // some code is only known at run time
	loop    bool // -n, -p, -a, -F: the code runs once per line of the operands
	inPlace bool
	backup  string // -i's suffix
	ops     []shell.Word
	script  bool // the first operand (or standard input) is the script
	stdin   bool // the script is standard input
	problem string
}

// perl judges a Perl one-liner: code given with -e or -E (or a heredoc on
// standard input) is read by package code, and the switches one-liners
// use (-n -p -l -a -F -i -0 -w -C -Mstrict -Mwarnings) are read here.
// Any other switch is not understood. It reports false for a script
// file, which the interpreter rule judges.
func (j *judgement) perl(c *shell.Command) bool {
	subj := c.String()
	p := parsePerl(c.Args)
	if p.problem == "" && len(p.code) == 0 && p.stdin {
		in := c.Stdin
		if in.Kind == shell.NoInput || in.Kind == shell.File || in.Kind == shell.Pipe && len(in.From) > 0 || !in.Known {
			return false
		}
		p.code = []string{in.Text}
	}
	if p.problem != "" || len(p.code) == 0 {
		for _, a := range c.Args {
			if isCodeOption("perl", a.Text) {
				// perl reads the switches otherwise than the shell analysis
				// (-pie is -p -i with the suffix e), or one is not known.
				why := p.problem
				if why == "" {
					why = a.Text + " holds no -e: perl runs the next word as a script file"
				}
				j.fireWith(catalog.UUnknownOption, subj, "perl: "+why)
				return true
			}
			if !strings.HasPrefix(a.Text, "-") {
				break
			}
		}
		return false
	}
	j.perlOneLiner(c, p, subj)
	return true
}

// perlOneLiner judges the code, then the operands: with -n or -p (and to
// any <> in the code) they are opened by a 2-argument open, which reads
// some names as a mode or a command; with -i they are rewritten.
func (j *judgement) perlOneLiner(c *shell.Command, p perlCall, subj string) {
	for _, w := range p.ops {
		switch {
		case w.Dynamic:
			j.fireWith(catalog.UDynamicPath, subj, "perl opens "+w.Text+", a file name only known at run time")
			return
		case !plainPerlOperand(w):
			j.fireWith(catalog.UBadInput, subj, fmt.Sprintf("perl's <> opens %q with a 2-argument open, which reads a leading <, >, +, |, - or blank, or a trailing | or blank, as a mode or a command (and a pattern may expand to such a name)", w.Text))
			return
		}
	}
	src := strings.Join(p.code, "\n")
	if p.loop {
		src = "{" + src + "\n}" // perl wraps it in while (<>) { … }: }{ ends the loop
	}
	j.inlineCode(c, "perl", shell.Word{Text: src, Dynamic: p.dynamic}, true)
	j.readArgs(&shell.Command{Program: c.Program, Args: p.ops, Dir: c.Dir, DirUnknown: c.DirUnknown})
	if !p.inPlace {
		return
	}
	var writes []shell.Word
	for _, w := range p.ops {
		if w.Text == "-" {
			continue
		}
		writes = append(writes, w)
		if p.backup != "" {
			writes = append(writes, shell.Word{Text: w.Text + p.backup, Glob: w.Glob})
		}
	}
	j.writeArgs(c, writes)
}

// plainPerlOperand reports whether the name perl's <> opens is read as a
// plain file: 2-argument open strips blanks and reads <, >, +, | or - at
// the start or | at the end as a mode or a pipe (- alone is standard
// input). A glob must start and end with literal text that is safe too.
func plainPerlOperand(w shell.Word) bool {
	t := w.Text
	if t == "-" {
		return true
	}
	if t == "" {
		return false
	}
	first, last := t[0], t[len(t)-1]
	if w.Glob && (strings.IndexByte("*?[", first) >= 0 || strings.IndexByte("*?]", last) >= 0) {
		return false
	}
	return strings.IndexByte("<>+|- \t\n\r\f\v", first) < 0 && strings.IndexByte("| \t\n\r\f\v", last) < 0
}

// parsePerl reads perl's switches. Switch processing ends at the first
// word that is not one: the script, when no -e gave code, else the first
// operand.
func parsePerl(args []shell.Word) perlCall {
	var p perlCall
	for k := 0; k < len(args); k++ {
		t := args[k].Text
		switch {
		case (t == "--" || t == "-") && len(p.code) > 0:
			p.ops = args[k+1:]
			if t == "-" {
				p.ops = args[k:] // standard input, as an operand
			}
			return p
		case t == "-" || t == "--" && k+1 == len(args):
			p.stdin, p.ops = true, args[k+1:]
			return p
		case t == "--":
			p.script = true
			return p
		case strings.HasPrefix(t, "--"):
			p.problem = "the option " + t + " is not one arbiter reads"
			return p
		case strings.HasPrefix(t, "-"):
			if !p.cluster(args, &k) {
				return p
			}
		case len(p.code) == 0:
			p.script = true
			return p
		default:
			p.ops = args[k:]
			return p
		}
	}
	p.stdin = len(p.code) == 0
	return p
}

// cluster reads one word of clustered switches (-lane, -pi.bak, -0777,
// -F:, -Mstrict); false on a problem.
func (p *perlCall) cluster(args []shell.Word, k *int) bool {
	t := args[*k].Text
	for i := 1; i < len(t); i++ {
		rest := t[i+1:]
		switch t[i] {
		case 'n', 'p', 'a':
			p.loop = true
		case 'w':
		case 'g':
			// -g is -0777: the whole input as one record.
		case 'l':
			i += len(rest) - len(strings.TrimLeft(rest, "01234567"))
		case '0':
			if strings.HasPrefix(rest, "x") || strings.HasPrefix(rest, "X") {
				rest = rest[1:]
				i += 1 + len(rest) - len(strings.TrimLeft(rest, "0123456789abcdefABCDEF"))
			} else {
				i += len(rest) - len(strings.TrimLeft(rest, "01234567"))
			}
		case 'i':
			if strings.Trim(rest, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._~-") != "" {
				p.problem = "-i" + rest + " names its backup by a pattern or a path"
				return false
			}
			p.inPlace, p.backup = true, rest
			return true
		case 'F':
			if !plainSplitPattern(rest) {
				p.problem = "-F" + rest + " is a pattern arbiter does not read (it is perl code: split /PATTERN/)"
				return false
			}
			p.loop = true
			return true
		case 'e', 'E':
			if rest == "" {
				if *k+1 >= len(args) {
					p.problem = "-" + string(t[i]) + " without its code"
					return false
				}
				*k++
				rest = args[*k].Text
				p.dynamic = p.dynamic || args[*k].Dynamic
			} else {
				p.dynamic = p.dynamic || args[*k].Dynamic
			}
			p.code = append(p.code, rest)
			return true
		case 'M', 'm':
			if i != 1 || rest != "strict" && rest != "warnings" {
				p.problem = "-" + t[i:] + " loads a module"
				return false
			}
			return true
		case 'C':
			if strings.Trim(rest, "IOEioSADLa0123456789") != "" {
				p.problem = "-C" + rest + " is not read"
				return false
			}
			return true
		default:
			p.problem = fmt.Sprintf("the switch -%c is not one arbiter reads", t[i])
			return false
		}
	}
	return true
}

// plainSplitPattern reports whether -F's pattern, which perl pastes into
// split(/PATTERN/) (or into a "…" or '…' string it is quoted in), is
// plain text: nothing it could interpolate or run.
func plainSplitPattern(s string) bool {
	if len(s) >= 2 && (s[0] == '/' || s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		s = s[1 : len(s)-1]
	}
	return s != "" && !strings.ContainsAny(s, "$@({/\"'\x00 \t\n")
}
