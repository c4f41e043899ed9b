package spec

import "strings"

// Parse reads a command's arguments (the words after the program name)
// against the spec, descending into subcommands.
func (s *Spec) Parse(args []string) Result {
	p := parser{spec: s, args: args}
	p.run()
	return p.res
}

type parser struct {
	spec     *Spec
	args     []string
	res      Result
	operands int  // operands seen in the current (sub)command
	shift    bool // an option supplied the first operand
}

func (p *parser) fail(what, word, guess string) {
	if p.res.Problem == nil {
		p.res.Problem = &Problem{What: what, Word: word, Spec: p.spec, Guess: guess}
	}
}

func (p *parser) run() {
	done := false // "--" seen
	for k := 0; k < len(p.args) && p.res.Problem == nil; k++ {
		a := p.args[k]
		switch {
		case done || p.spec.Style == Raw || a == "-" || !strings.HasPrefix(a, "-"):
			before := p.spec
			p.operand(k, a)
			// POSIX getopt stops at the first operand: python script.py -x
			// passes -x to the script.
			done = done || (p.spec.Style == Posix || p.spec.Style == Flag) && p.spec == before
		case a == "--":
			done = true
		case p.spec.Style == Go || p.spec.Style == Flag:
			k = p.goOption(k)
		case p.spec.Style == Single:
			k = p.single(k)
		case strings.HasPrefix(a, "--"):
			k = p.long(k)
		default:
			k = p.short(k)
		}
	}
	p.res.Spec = p.spec
}

// operand takes a word that is not an option: a subcommand name while the
// spec has subcommands and none was given, otherwise the next operand.
func (p *parser) operand(k int, a string) {
	p.spec.load()
	if len(p.spec.Subs) > 0 && p.operands == 0 {
		sub := p.spec.Sub(a)
		if sub == nil {
			if len(p.spec.Operands) == 0 {
				p.fail("unknown subcommand", a, "")
				return
			}
		} else {
			p.spec, p.operands, p.shift = sub, 0, false
			sub.load()
			return
		}
	}
	i := p.operands
	if p.shift {
		i++
	}
	p.operands++
	n := len(p.spec.Operands)
	if i >= n {
		if !p.spec.Variadic || n == 0 {
			p.fail("extra operand", a, "")
			return
		}
		i = n - 1
	}
	v := Value{Kind: p.spec.Operands[i], Arg: k, Text: a}
	if i < len(p.spec.Langs) {
		v.Lang = p.spec.Langs[i]
	}
	p.res.Values = append(p.res.Values, v)
}

func (p *parser) use(o *Option, k int, text string) {
	p.res.Options = append(p.res.Options, o)
	if o.Operand {
		p.shift = true
	}
	if o.Takes {
		p.res.Values = append(p.res.Values, Value{Kind: o.Kind, Lang: o.Lang, Arg: k, Text: text, Option: o.Name(), Until: o.Until})
	}
}

// long reads --name, --name=value and --name value.
func (p *parser) long(k int) int {
	a := p.args[k]
	name, val, attached := strings.Cut(a, "=")
	o := p.spec.option(name)
	if o == nil {
		var ambiguous bool
		o, ambiguous = p.spec.abbreviated(name)
		if ambiguous {
			p.fail("ambiguous option", a, "")
			return k
		}
	}
	if o == nil {
		p.fail("unknown option", a, p.spec.prefixOf(name))
		return k
	}
	return p.named(o, k, a, val, attached)
}

// named takes option o found as word k (a), with its attached value if
// any, or the next word when it takes one.
func (p *parser) named(o *Option, k int, a, val string, attached bool) int {
	switch {
	case attached && !o.Takes:
		p.fail("unexpected value for", a, "")
	case attached:
		p.use(o, k, val)
	case o.Takes && !o.Optional:
		return p.value(o, k)
	default:
		p.use(o, k, "")
	}
	return k
}

// short reads a cluster of one-letter options: -la, -n5, -n 5, -5.
func (p *parser) short(k int) int {
	a := p.args[k]
	if isDigits(a[1:]) {
		if o := p.spec.option("-#"); o != nil {
			p.use(o, k, a[1:])
			return k
		}
	}
	for i := 1; i < len(a); i++ {
		o := p.spec.option("-" + a[i:i+1])
		if o == nil {
			p.fail("unknown option", "-"+a[i:i+1], "")
			return k
		}
		if !o.Takes {
			p.use(o, k, "")
			continue
		}
		if rest := a[i+1:]; rest != "" {
			p.use(o, k, rest)
			return k
		}
		if o.Optional {
			p.use(o, k, "")
			return k
		}
		return p.value(o, k)
	}
	return k
}

// goOption reads Go-style options: -name, --name, -name=value, -name value.
func (p *parser) goOption(k int) int {
	a := p.args[k]
	name, val, attached := strings.Cut(strings.TrimPrefix(a, "-"), "=")
	name = "-" + strings.TrimPrefix(name, "-")
	o := p.spec.option(name)
	if o == nil {
		p.fail("unknown option", a, "")
		return k
	}
	switch {
	case attached:
		if !o.Takes {
			// -v=true is how Go sets a boolean; any other value is a mistake.
			if val != "true" && val != "false" {
				p.fail("unexpected value for", a, "")
			}
			p.use(o, k, "")
			return k
		}
		p.use(o, k, val)
	case o.Takes && !o.Optional:
		return p.value(o, k)
	default:
		p.use(o, k, "")
	}
	return k
}

// single reads options that are whole words (gcc -Wall, find -name):
// -name, -name=value, -name value, a one-letter option with its value
// attached (-Idir, -lm), or a member of a family (-Wno-*).
func (p *parser) single(k int) int {
	a := p.args[k]
	name, val, attached := strings.Cut(a, "=")
	o := p.spec.option(name)
	if o == nil {
		o = p.spec.option(a) // a name that itself holds "=", such as -std=c++17 listed whole
		attached = false
	}
	if o == nil && len(a) > 2 {
		if short := p.spec.option(a[:2]); short != nil && short.Takes {
			p.use(short, k, a[2:])
			return k
		}
		// A pass-through with its options after a comma: -Wl,-Bstatic.
		if i := strings.IndexByte(a, ','); i > 0 {
			if pass := p.spec.option(a[:i+1]); pass != nil && pass.Takes {
				p.use(pass, k, a[i+1:])
				return k
			}
		}
	}
	if o == nil {
		if f := p.spec.family(a); f != nil {
			p.use(f, k, "")
			return k
		}
		p.fail("unknown option", a, "")
		return k
	}
	return p.named(o, k, a, val, attached)
}

// value takes the value of option o from the words after k: one word, or
// for a value that runs to a terminator (find -exec … ;) every word up to
// ";" or "+". It returns the index of the last word taken.
func (p *parser) value(o *Option, k int) int {
	if k+1 >= len(p.args) {
		p.fail("missing value for", p.args[k], "")
		return k
	}
	if !o.Until {
		p.use(o, k+1, p.args[k+1])
		return k + 1
	}
	end := k + 1
	for end < len(p.args) && p.args[end] != ";" && p.args[end] != "+" {
		end++
	}
	p.use(o, k+1, strings.Join(p.args[k+1:end], " "))
	return end
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
