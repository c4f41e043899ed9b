package code

import (
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// rustFree are std::fs functions whose names say what they do wherever
// they are called from (fs::remove_dir_all, or remove_dir_all after a use).
var rustFree = lazy.New(func() map[string]EffectKind {
	return map[string]EffectKind{
		"remove_file": Delete, "remove_dir": Delete, "remove_dir_all": DeleteTree,
		"create_dir": Write, "create_dir_all": Write, "set_permissions": Write, "read_to_string": Read,
	}
})

// rustQualified are std::fs and File functions with common names, known
// only after their path (fs::write, File::create).
var rustQualified = lazy.New(func() map[string]map[string]EffectKind {
	return map[string]map[string]EffectKind{
		"fs":   {"write": Write, "read": Read, "rename": Move, "copy": Write, "hard_link": Write, "symlink": Write, "soft_link": Write},
		"File": {"create": Write, "create_new": Write, "open": Read},
		"unix": {"symlink": Write},
	}
})

// rustNetwork are types and crates that reach other machines.
var rustNetwork = lazy.New(func() map[string]EffectKind {
	return map[string]EffectKind{
		"TcpStream": Network, "UdpSocket": Network, "UnixStream": Network, "reqwest": Network, "ureq": Network, "hyper": Network, "surf": Network, "isahc": Network, "attohttpc": Network,
		"TcpListener": Server, "UnixListener": Server,
	}
})

// rustUnknown are names whose use the reader does not follow.
var rustUnknown = lazy.New(func() map[string]string {
	return map[string]string{
		"libc": "calls the C library directly", "nix": "calls the C library directly", "libloading": "loads a native library", "OpenOptions": "opens a file with options",
		"asm": "holds assembly code", "global_asm": "holds assembly code", "naked_asm": "holds assembly code", "CommandExt": "extends a command with platform options",
		"set_current_dir": "changes its directory, which moves every relative path", "set_var": "changes its environment", "remove_var": "changes its environment",
	}
})

// readRust reads Rust source: std::process::Command chains, std::fs
// calls, network types, foreign functions, modules and include!.
func (r *reader) readRust() {
	if !r.lex(clikeOptions{lang: "rust"}) {
		return
	}
	r.lets = r.rustBindings()
	var mods []string // inline modules around the current token
	var modEnds []int
	inUse := false
	for i := 0; i < len(r.ts); i++ {
		t := r.ts[i]
		for len(modEnds) > 0 && i > modEnds[len(modEnds)-1] {
			mods, modEnds = mods[:len(mods)-1], modEnds[:len(modEnds)-1]
		}
		if t.kind == tEnd {
			inUse = false
			continue
		}
		if t.kind != tName {
			if t.is(tOp, "#") && r.ts.at(i+1).is(tOp, "[") && r.ts.at(i+2).is(tName, "path") {
				r.unknown(t.pos, "names a module's file with #[path]")
			}
			continue
		}
		switch {
		case t.text == "use":
			inUse = true
			r.rustUse(i)
		case inUse:
			// Paths in a use are names, not calls.
		case t.text == "mod" && r.ts.at(i+1).kind == tName:
			name := r.ts.at(i + 1).text
			switch next := r.ts.at(i + 2); {
			case next.kind == tEnd:
				r.p.Includes = append(r.p.Includes, Include{Name: strings.Join(append(append([]string(nil), mods...), name), "/"), Mod: true, Line: r.line(t.pos)})
			case next.is(tOp, "{"):
				mods, modEnds = append(mods, name), append(modEnds, r.ts.closing(i+2))
			}
		case t.text == "extern":
			r.rustExtern(i)
		case r.ts.at(i+1).is(tOp, "!"):
			r.rustMacro(i)
		case t.text == "Command" && r.ts.at(i+1).is(tOp, "::") && r.ts.at(i+2).is(tName, "new"):
			r.rustCommand(i)
			i += 2
		case t.text == "Command":
			r.unknown(t.pos, "uses Command other than as Command::new with a literal program")
		case rustFree.Get()[t.text] != 0 && !r.member(i):
			r.rustFile(i, rustFree.Get()[t.text])
		case rustQualified.Get()[r.qualifier(i)][t.text] != 0:
			r.rustFile(i, rustQualified.Get()[r.qualifier(i)][t.text])
		case rustNetwork.Get()[t.text] != 0:
			r.effect(rustNetwork.Get()[t.text], t.text, t.pos)
		case rustUnknown.Get()[t.text] != "":
			r.unknown(t.pos, "uses %s, which %s", t.text, rustUnknown.Get()[t.text])
		case (t.text == "vars" || t.text == "vars_os") && r.qualifier(i) == "env":
			r.effect(EnvDump, "env::"+t.text, t.pos)
		case (t.text == "var" || t.text == "var_os") && r.qualifier(i) == "env":
			args, _, _ := r.call(i)
			if s, ok := r.rustArg(args, 0); ok && !hasEnv(s) {
				r.effect(Env, "env::"+t.text, t.pos, s)
			} else {
				r.effect(EnvDump, "env::"+t.text, t.pos)
			}
		}
	}
}

// rustUse refuses imports that rename an effect (use std::process::Command
// as C) or bring std::fs's common names in bare (use std::fs::{write, *}),
// which the reader would then not recognise.
func (r *reader) rustUse(i int) {
	fs := false
	for k := i + 1; k < len(r.ts) && r.ts[k].kind != tEnd; k++ {
		t := r.ts[k]
		switch {
		case t.is(tName, "fs") || t.is(tName, "process") || t.is(tName, "net") || t.is(tName, "env") || t.is(tName, "File"):
			fs = true
		case t.is(tName, "as") && k > 0:
			prev := r.ts[k-1].text
			if rustFree.Get()[prev] != 0 || rustNetwork.Get()[prev] != 0 || prev == "Command" || rustQualified.Get()["fs"][prev] != 0 || prev == "fs" || prev == "process" || prev == "File" || prev == "env" {
				r.unknown(t.pos, "imports %s under another name", prev)
			}
		case fs && (t.is(tOp, "*") || t.kind == tName && (rustQualified.Get()["fs"][t.text] != 0 || t.text == "var" || t.text == "vars" || t.text == "create" || t.text == "open")):
			r.unknown(t.pos, "imports std functions under their bare names")
		}
	}
}

// rustExtern refuses foreign function declarations (extern "C" { … }) and
// crates other than the standard ones.
func (r *reader) rustExtern(i int) {
	t := r.ts[i]
	next := r.ts.at(i + 1)
	switch {
	case next.is(tName, "crate"):
		switch r.ts.at(i + 2).text {
		case "std", "core", "alloc", "test":
		default:
			r.unknown(t.pos, "links the crate %s, which arbiter did not read", r.ts.at(i+2).text)
		}
	case next.kind == tString && r.ts.at(i+2).is(tOp, "{"), next.is(tOp, "{"):
		r.unknown(t.pos, "declares foreign functions, which can do anything")
	}
}

// rustMacro reads include! (code from another file), include_str! and
// include_bytes! (files read at compile time), env! and the assembly
// macros.
func (r *reader) rustMacro(i int) {
	t := r.ts[i]
	switch t.text {
	case "include", "include_str", "include_bytes", "env", "option_env":
		if !r.ts.at(i+2).is(tOp, "(") {
			r.unknown(t.pos, "uses %s! in a form the reader does not follow", t.text)
			return
		}
		args := r.ts.args(i + 2)
		s, ok := r.rustArg(args, 0)
		ok = ok && !hasEnv(s)
		switch {
		case !ok:
			r.unknown(t.pos, "uses %s! with an argument built by a macro", t.text)
		case t.text == "include":
			r.p.Includes = append(r.p.Includes, Include{Name: s, Line: r.line(t.pos)})
		case t.text == "env" || t.text == "option_env":
			r.effect(Env, t.text+"!", t.pos, s)
		default:
			r.effect(Read, t.text+"!", t.pos, s)
		}
	case "asm", "global_asm", "naked_asm":
		r.unknown(t.pos, "holds assembly code")
	}
}

// rustCommand reads Command::new(PROGRAM) and the builder calls chained
// after it, or made later on the name it is bound to (let mut c =
// Command::new(…); c.arg(…); c.status()): .arg and .args with values,
// then .status(), .output() or .spawn(). A directory, an environment, or
// the builder used any other way is not understood.
func (r *reader) rustCommand(i int) {
	t := r.ts[i]
	args, end, ok := r.call(i + 2)
	if !ok {
		r.unknown(t.pos, "uses Command::new in a form the reader does not follow")
		return
	}
	prog, ok := r.rustArg(args, 0)
	if !ok || hasEnv(prog) {
		r.unknown(t.pos, "runs a program named at run time with Command::new")
		return
	}
	argv := []string{prog}
	ran, ok := r.rustChain(end+1, prog, &argv)
	if name := r.boundName(i); name != "" && !ran && ok {
		for k := end + 1; k < len(r.ts) && ok && !ran; k++ {
			if !r.ts[k].is(tName, name) {
				continue
			}
			if !r.ts.at(k+1).is(tOp, ".") {
				r.unknown(t.pos, "passes the command for %s on, where the reader does not follow it", prog)
				return
			}
			ran, ok = r.rustChain(k+1, prog, &argv)
		}
	}
	switch {
	case !ok:
		return
	case !ran:
		r.unknown(t.pos, "builds the command for %s in a way the reader does not follow", prog)
	}
	r.effect(Exec, "Command::new", t.pos, argv...)
}

// rustChain reads .method(args) calls on a command from k on, adding its
// arguments to argv; ran is set when one runs it, ok cleared (with the
// reason told) on one the reader does not follow.
func (r *reader) rustChain(k int, prog string, argv *[]string) (ran, ok bool) {
	pos := r.ts.at(k).pos
	for {
		for r.ts.at(k).is(tOp, "?") {
			k++
		}
		if !r.ts.at(k).is(tOp, ".") || r.ts.at(k+1).kind != tName {
			return ran, true
		}
		m := r.ts.at(k + 1).text
		margs, mend, called := r.call(k + 1)
		if !called {
			return ran, true
		}
		switch m {
		case "arg":
			s, ok := r.rustArg(margs, 0)
			if !ok {
				r.unknown(pos, "runs %s with an argument built at run time", prog)
				return false, false
			}
			*argv = append(*argv, s)
		case "args":
			list, ok := r.rustList(margs)
			if !ok {
				r.unknown(pos, "runs %s with arguments built at run time", prog)
				return false, false
			}
			*argv = append(*argv, list...)
		case "status", "output", "spawn", "exec":
			return true, true
		case "stdin", "stdout", "stderr", "kill_on_drop":
		default:
			r.unknown(pos, "runs %s with .%s, which the reader does not follow", prog, m)
			return false, false
		}
		k = mend + 1
	}
}

// boundName returns NAME in let [mut] NAME [: T] = … before token i, in
// the same statement, or "".
func (r *reader) boundName(i int) string {
	for k := i - 1; k >= 0 && k > i-12; k-- {
		switch t := r.ts[k]; {
		case t.kind == tEnd || t.is(tOp, "{") || t.is(tOp, "}"):
			return ""
		case t.is(tName, "let"):
			n := r.ts.at(k + 1)
			if n.is(tName, "mut") {
				n = r.ts.at(k + 2)
			}
			if n.kind == tName {
				return n.text
			}
			return ""
		}
	}
	return ""
}

// rustList reads the argument of .args: [..], &[..] or vec![..] of
// values.
func (r *reader) rustList(args []tokens) ([]string, bool) {
	if len(args) != 1 {
		return nil, false
	}
	ts := args[0]
	switch {
	case len(ts) > 0 && ts[0].is(tOp, "&"):
		ts = ts[1:]
	case len(ts) > 2 && ts[0].is(tName, "vec") && ts[1].is(tOp, "!"):
		ts = ts[2:]
	}
	if len(ts) < 2 || !ts[0].is(tOp, "[") || ts.closing(0) != len(ts)-1 {
		return nil, false
	}
	var out []string
	for _, part := range ts.args(0) {
		s, ok := r.rustValue(part, 0)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// rustFile reads a std::fs call with a literal path (two for rename and
// copy, which writes its second).
func (r *reader) rustFile(i int, kind EffectKind) {
	t := r.ts[i]
	args, _, ok := r.call(i)
	if !ok {
		r.unknown(t.pos, "refers to %s without calling it", t.text)
		return
	}
	a, ok := r.rustArg(args, 0)
	if !ok {
		r.unknown(t.pos, "calls %s with a path built at run time", t.text)
		return
	}
	switch {
	case kind == Move || t.text == "copy" || t.text == "hard_link" || t.text == "symlink" || t.text == "soft_link":
		b, ok := r.rustArg(args, 1)
		if !ok {
			r.unknown(t.pos, "calls %s with a path built at run time", t.text)
			return
		}
		if kind == Move {
			r.effect(Move, t.text, t.pos, a, b)
			return
		}
		r.effect(Write, t.text, t.pos, b)
	default:
		r.effect(kind, t.text, t.pos, a)
	}
}
