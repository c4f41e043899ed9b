package code

import (
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

var awkOps = []string{"|&", "&&", "||", ">>", ">=", "<=", "==", "!=", "++", "--", "+=", "-=", "*=", "/=", "%=", "^=", "**", "!~",
	"(", ")", "[", "]", "{", "}", ",", ";", "=", "+", "-", "*", "/", "%", "^", "!", "<", ">", "|", "?", ":", "~", "$", "@"}

var awkBuiltins = lazy.New(func() map[string]bool {
	return toSet("length substr index split sub gsub match sprintf sin cos atan2 exp log sqrt int rand srand tolower toupper gensub strftime systime mktime asort asorti close fflush patsplit strtonum and or xor lshift rshift compl isarray typeof")
})

var awkKeywords = lazy.New(func() map[string]bool {
	return toSet("BEGIN END BEGINFILE ENDFILE function func if else while for do break continue next nextfile exit return delete in getline print printf")
})

// lexAwk tokenizes an awk program: strings with escapes, regular
// expression literals, comments, and an end token at each newline or ;.
func lexAwk(a *analysis, src string) tokens {
	l := &lexer{a: a, src: src}
	for l.pos < len(l.src) && !a.failed {
		c := l.src[l.pos]
		switch {
		case c == '\n' || c == ';':
			l.emit(tEnd, "", l.pos)
			l.pos++
		case c == ' ' || c == '\t' || c == '\r':
			l.pos++
		case c == '\\' && (l.peek(1) == '\n' || l.peek(1) == '\r'):
			l.pos += 2
		case c == '#':
			for l.pos < len(l.src) && l.src[l.pos] != '\n' {
				l.pos++
			}
		case c == '"':
			l.awkString()
		case c == '/' && l.regexAllowed():
			l.jsRegex()
		case isDigit(c) || c == '.' && isDigit(l.peek(1)):
			l.number()
		case isASCIILetter(c):
			start := l.pos
			for l.pos < len(l.src) && (isASCIILetter(l.src[l.pos]) || isDigit(l.src[l.pos])) {
				l.pos++
			}
			name := l.src[start:l.pos]
			if awkKeywords.Get()[name] {
				l.emit(tKeyword, name, start)
			} else {
				l.emit(tName, name, start)
			}
		default:
			l.operator(awkOps)
		}
	}
	if !a.failed && len(l.depth) > 0 {
		l.fail("unclosed %q", l.depth[len(l.depth)-1])
	}
	return l.out
}

func (l *lexer) awkString() {
	start := l.pos
	l.pos++
	var val strings.Builder
	for {
		if l.pos >= len(l.src) || l.src[l.pos] == '\n' {
			l.pos = start
			l.fail("unterminated string")
			return
		}
		c := l.src[l.pos]
		if c == '"' {
			l.pos++
			break
		}
		if c == '\\' && l.pos+1 < len(l.src) {
			next := l.src[l.pos+1]
			l.pos += 2
			switch next {
			case 'n':
				val.WriteByte('\n')
			case 't':
				val.WriteByte('\t')
			case '\n':
			default:
				val.WriteByte(next)
			}
			continue
		}
		val.WriteByte(c)
		l.pos++
	}
	l.out = append(l.out, token{kind: tString, text: val.String(), pos: start})
}

// analyzeAwk judges an awk program: pure unless it runs commands
// (system, print | "cmd", "cmd" | getline), writes files (print > "f"),
// reads a file by a computed name, loads extensions, or dumps ENVIRON.
func analyzeAwk(a *analysis, src string) {
	ts := lexAwk(a, src)
	if a.failed {
		return
	}
	defs := map[string]bool{}
	for i, t := range ts {
		if (t.is(tKeyword, "function") || t.is(tKeyword, "func")) && ts.at(i+1).kind == tName {
			defs[ts[i+1].text] = true
		}
	}
	depth := 0
	inPrint := -1 // the bracket depth of the print statement being read
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		switch {
		case t.kind == tOp && (t.text == "(" || t.text == "["):
			depth++
		case t.kind == tOp && (t.text == ")" || t.text == "]"):
			depth--
		case t.kind == tEnd || t.is(tOp, "{") || t.is(tOp, "}"):
			inPrint = -1
		case t.is(tKeyword, "print") || t.is(tKeyword, "printf"):
			inPrint = depth
		case t.is(tOp, "@"):
			a.native("awk @" + ts.at(i+1).text)
		case t.is(tName, "system") && ts.at(i+1).is(tOp, "("):
			a.spawn("awk system()")
		case t.is(tKeyword, "getline"):
			if ts.at(i-1).is(tOp, "|") || ts.at(i-1).is(tOp, "|&") {
				a.spawn("awk \"command\" | getline")
			} else if ts.at(i+1).is(tOp, "<") || ts.at(i+2).is(tOp, "<") && ts.at(i+1).kind == tName {
				k := i + 2
				if !ts.at(i+1).is(tOp, "<") {
					k = i + 3
				}
				if f := ts.at(k); f.kind == tString && !ts.at(k+1).is(tOp, "(") {
					a.read(f.text)
				} else {
					a.not("awk getline reads a file whose name is computed")
				}
			}
		case t.is(tName, "ARGV") || t.is(tName, "ARGC"):
			// Assigning ARGV or ARGC changes which files awk reads next:
			// BEGIN{ARGV[1]="…/.ssh/id_rsa"; ARGC=2}.
			j := i + 1
			if ts.at(j).is(tOp, "[") {
				for j < len(ts) && !ts.at(j).is(tOp, "]") {
					j++
				}
				j++
			}
			if n := ts.at(j); n.kind == tOp && (n.text == "=" || n.text == "+=" || n.text == "-=" || n.text == "++" || n.text == "--") || ts.at(i-1).is(tOp, "++") || ts.at(i-1).is(tOp, "--") {
				a.not("awk assigns %s, which changes the files it reads", t.text)
			}
		case t.is(tName, "ENVIRON"):
			if ts.at(i+1).is(tOp, "[") && ts.at(i+2).kind == tString && ts.at(i+3).is(tOp, "]") {
				a.env(ts[i+2].text)
			} else {
				a.envDump("awk ENVIRON")
			}
		case inPrint >= 0 && depth == inPrint && (t.is(tOp, ">") || t.is(tOp, ">>")):
			f := ts.at(i + 1)
			if f.kind != tString || ts.at(i+2).kind == tString || ts.at(i+2).kind == tName {
				a.not("awk print writes to a file whose name is computed")
			} else if f.text != "/dev/stdout" && f.text != "/dev/stderr" && f.text != "-" {
				a.write(f.text)
			}
		case inPrint >= 0 && depth == inPrint && (t.is(tOp, "|") || t.is(tOp, "|&")):
			a.spawn("awk print | \"command\"")
		case t.is(tOp, "|") || t.is(tOp, "|&"):
			if !ts.at(i+1).is(tKeyword, "getline") {
				a.not("cannot read awk's | at byte %d", t.pos)
			}
		case t.kind == tName && ts.at(i+1).is(tOp, "(") && !awkBuiltins.Get()[t.text] && !defs[t.text]:
			if !(ts.at(i-1).is(tKeyword, "function") || ts.at(i-1).is(tKeyword, "func")) {
				a.not("calls %s, which is neither an awk builtin nor a function the program defines", t.text)
			}
		}
	}
}
