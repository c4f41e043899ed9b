package code

import (
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// cCall is what a C or C++ function the reader knows does.
type cCall struct {
	how  string // spawn, exec, delete, tree, write, read, move, fopen, open, stream, network, server, env, environ, unknown
	arg  int    // the argument holding the path (write, delete)
	note string // for unknown: what the call does
}

// cCalls are the C library and C++ standard library calls with an effect
// on the system. A name here not called directly with literal arguments is
// not understood.
var cCalls = lazy.New(func() map[string]cCall {
	return map[string]cCall{
		"system": {how: "spawn"}, "popen": {how: "spawn"},
		"execl": {how: "exec"}, "execlp": {how: "exec"},
		"execle": {how: "unknown", note: "runs a program with an environment of its own"},
		"execv":  {how: "unknown", note: "runs a program with an argument vector built elsewhere"}, "execvp": {how: "unknown", note: "runs a program with an argument vector built elsewhere"},
		"execve": {how: "unknown", note: "runs a program with an argument vector built elsewhere"}, "execvpe": {how: "unknown", note: "runs a program with an argument vector built elsewhere"},
		"fexecve": {how: "unknown", note: "runs a program from a file descriptor"}, "execveat": {how: "unknown", note: "runs a program from a file descriptor"},
		"posix_spawn": {how: "unknown", note: "starts a program with an argument vector built elsewhere"}, "posix_spawnp": {how: "unknown", note: "starts a program with an argument vector built elsewhere"},
		"fork": {how: "unknown", note: "starts processes"}, "vfork": {how: "unknown", note: "starts processes"}, "clone": {how: "unknown", note: "starts processes"}, "clone3": {how: "unknown", note: "starts processes"}, "daemon": {how: "unknown", note: "keeps running in the background"},
		"unlink": {how: "delete"}, "remove": {how: "delete"}, "rmdir": {how: "delete"},
		"unlinkat":   {how: "unknown", note: "deletes a file relative to a directory descriptor"},
		"remove_all": {how: "tree"},
		"rename":     {how: "move"}, "renameat": {how: "unknown", note: "moves a file relative to a directory descriptor"}, "renameat2": {how: "unknown", note: "moves a file relative to a directory descriptor"},
		"fopen": {how: "fopen"}, "fopen64": {how: "fopen"}, "freopen": {how: "fopen"},
		"open": {how: "open"}, "open64": {how: "open"}, "openat": {how: "unknown", note: "opens a file relative to a directory descriptor"},
		"creat": {how: "write"}, "truncate": {how: "write"}, "mkdir": {how: "write"}, "mkfifo": {how: "write"}, "mknod": {how: "write"}, "chmod": {how: "write"}, "chown": {how: "write"}, "lchown": {how: "write"},
		"utime": {how: "write"}, "utimes": {how: "write"}, "symlink": {how: "write", arg: 1}, "link": {how: "write", arg: 1}, "create_directory": {how: "write"}, "create_directories": {how: "write"}, "copy_file": {how: "write", arg: 1}, "resize_file": {how: "write"}, "permissions": {how: "write"},
		"ofstream": {how: "stream"}, "fstream": {how: "stream"}, "basic_ofstream": {how: "stream"}, "basic_fstream": {how: "stream"}, "wofstream": {how: "stream"}, "wfstream": {how: "stream"},
		"socket": {how: "network"}, "connect": {how: "network"}, "getaddrinfo": {how: "network"}, "gethostbyname": {how: "network"}, "gethostbyname2": {how: "network"}, "sendto": {how: "network"},
		"curl_easy_init": {how: "network"}, "curl_easy_perform": {how: "network"}, "curl_global_init": {how: "network"},
		"bind": {how: "server"}, "listen": {how: "server"}, "accept": {how: "server"}, "accept4": {how: "server"},
		"getenv": {how: "env"}, "secure_getenv": {how: "env"}, "environ": {how: "environ"}, "__environ": {how: "environ"},
		"dlopen": {how: "unknown", note: "loads a native library"}, "dlsym": {how: "unknown", note: "looks up a function by a name built at run time"}, "dlmopen": {how: "unknown", note: "loads a native library"},
		"syscall": {how: "unknown", note: "makes a raw system call"}, "asm": {how: "unknown", note: "holds assembly code"}, "__asm__": {how: "unknown", note: "holds assembly code"}, "__asm": {how: "unknown", note: "holds assembly code"},
		"ptrace": {how: "unknown", note: "controls another process"}, "kill": {how: "unknown", note: "signals other processes"}, "killpg": {how: "unknown", note: "signals other processes"},
		"reboot": {how: "unknown", note: "restarts the machine"}, "setuid": {how: "unknown", note: "changes its user"}, "seteuid": {how: "unknown", note: "changes its user"}, "setreuid": {how: "unknown", note: "changes its user"},
		"setgid": {how: "unknown", note: "changes its group"}, "chroot": {how: "unknown", note: "changes its root directory"}, "mount": {how: "unknown", note: "mounts a file system"}, "umount": {how: "unknown", note: "unmounts a file system"}, "umount2": {how: "unknown", note: "unmounts a file system"},
		"chdir": {how: "unknown", note: "changes its directory, which moves every relative path"}, "fchdir": {how: "unknown", note: "changes its directory, which moves every relative path"}, "current_path": {how: "unknown", note: "changes or reads its directory"},
		"mprotect": {how: "unknown", note: "changes memory protection, which can run generated code"},
	}
})

// readC reads C or C++ source.
func (r *reader) readC(cpp bool) {
	if hasTrigraph(r.src) {
		r.unknown(strings.Index(r.src, "??"), "uses a trigraph, which the compiler may read as other characters")
		return
	}
	r.src = spliceLines(r.src)
	lang := "c"
	if cpp {
		lang = "c++"
	}
	if !r.lex(clikeOptions{lang: lang}) {
		return
	}
	for i, t := range r.ts {
		switch t.kind {
		case tKeyword:
			r.cDirective(i)
		case tName:
			if c, ok := cCalls.Get()[t.text]; ok && !r.member(i) {
				r.cCall(i, c)
			}
		}
	}
}

// cDirective reads #include and #embed (files read at compile time) and
// refuses #define bodies that paste tokens, which can build any name.
func (r *reader) cDirective(i int) {
	t := r.ts[i]
	next := r.ts.at(i + 1)
	switch t.text {
	case "#include", "#include_next", "#import":
		switch next.kind {
		case tHeader:
			r.p.Includes = append(r.p.Includes, Include{Name: next.text, System: true, Line: r.line(t.pos)})
		case tString:
			r.p.Includes = append(r.p.Includes, Include{Name: next.text, Line: r.line(t.pos)})
		default:
			r.unknown(t.pos, "includes a file named by a macro")
		}
	case "#embed":
		if next.kind == tString || next.kind == tHeader {
			r.effect(Read, "#embed", t.pos, next.text)
		} else {
			r.unknown(t.pos, "embeds a file named by a macro")
		}
	case "#define":
		for k := i + 1; k < len(r.ts) && r.ts[k].kind != tEnd; k++ {
			if r.ts[k].is(tOp, "##") {
				r.unknown(r.ts[k].pos, "defines a macro that pastes tokens together, which can build any name")
				return
			}
		}
	}
}

// cCall judges one use of a name in cCalls.
func (r *reader) cCall(i int, c cCall) {
	t := r.ts[i]
	name := t.text
	if c.how == "environ" {
		r.effect(EnvDump, name, t.pos)
		return
	}
	if c.how == "stream" {
		r.cStream(i)
		return
	}
	args, _, ok := r.call(i)
	if !ok {
		r.unknown(t.pos, "refers to %s without calling it", name)
		return
	}
	lit := func(k int) (string, bool) {
		s, ok := literalArg(args, k)
		if !ok {
			r.unknown(t.pos, "calls %s with an argument built at run time", name)
		}
		return s, ok
	}
	switch c.how {
	case "spawn":
		if s, ok := lit(0); ok {
			r.effect(Shell, name, t.pos, s)
		}
	case "exec":
		r.cExecList(i, args)
	case "delete", "tree", "write":
		if name == "remove" && len(args) >= 3 {
			return // std::remove(first, last, value): the algorithm, no file
		}
		kind := map[string]EffectKind{"delete": Delete, "tree": DeleteTree, "write": Write}[c.how]
		if s, ok := lit(c.arg); ok {
			r.effect(kind, name, t.pos, s)
		}
	case "move":
		a, ok1 := lit(0)
		b, ok2 := lit(1)
		if ok1 && ok2 {
			r.effect(Move, name, t.pos, a, b)
		}
	case "fopen":
		p, ok1 := lit(0)
		mode, ok2 := lit(1)
		if ok1 && ok2 {
			r.effect(map[bool]EffectKind{true: Write, false: Read}[strings.ContainsAny(mode, "wa+")], name, t.pos, p)
		}
	case "open":
		r.cOpen(i, args)
	case "network":
		r.effect(Network, name, t.pos)
	case "server":
		r.effect(Server, name, t.pos)
	case "env":
		if s, ok := literalArg(args, 0); ok {
			r.effect(Env, name, t.pos, s)
		} else {
			r.effect(EnvDump, name, t.pos)
		}
	default:
		r.unknown(t.pos, "calls %s, which %s", name, c.note)
	}
}

// cExecList reads execl(path, arg0, arg1, …, NULL): the program and its
// arguments, all literal.
func (r *reader) cExecList(i int, args []tokens) {
	t := r.ts[i]
	prog, ok := literalArg(args, 0)
	if !ok || len(args) < 2 {
		r.unknown(t.pos, "calls %s with a program built at run time", t.text)
		return
	}
	argv := []string{prog}
	for _, a := range args[2:] {
		if isNull(a) {
			r.effect(Exec, t.text, t.pos, argv...)
			return
		}
		s, ok := a.literal()
		if !ok {
			r.unknown(t.pos, "calls %s with an argument built at run time", t.text)
			return
		}
		argv = append(argv, s)
	}
	r.unknown(t.pos, "calls %s without the NULL that ends its arguments", t.text)
}

// isNull reports NULL, 0, nullptr, (char *)NULL and (char *)0.
func isNull(ts tokens) bool {
	if len(ts) >= 4 && ts[0].is(tOp, "(") {
		end := ts.closing(0)
		if end < len(ts) {
			ts = ts[end+1:]
		}
	}
	return len(ts) == 1 && (ts[0].is(tName, "NULL") || ts[0].is(tName, "nullptr") || ts[0].is(tNumber, "0"))
}

// cOpen reads open(path, flags…): a write when the flags ask for one.
func (r *reader) cOpen(i int, args []tokens) {
	t := r.ts[i]
	p, ok := literalArg(args, 0)
	if !ok || len(args) < 2 {
		r.unknown(t.pos, "calls %s with an argument built at run time", t.text)
		return
	}
	write := false
	for _, f := range args[1] {
		switch {
		case f.kind == tName && strings.HasPrefix(f.text, "O_"):
			switch f.text {
			case "O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC", "O_APPEND", "O_TMPFILE":
				write = true
			}
		case f.is(tOp, "|"):
		default:
			r.unknown(t.pos, "calls %s with flags built at run time", t.text)
			return
		}
	}
	r.effect(map[bool]EffectKind{true: Write, false: Read}[write], t.text, t.pos, p)
}

// cStream reads a C++ file stream opened for writing: std::ofstream
// out("path") or std::ofstream("path"). One whose file is named
// elsewhere (out.open(p), a parameter) is not understood.
func (r *reader) cStream(i int) {
	t := r.ts[i]
	k := i + 1
	if r.ts.at(k).is(tOp, "<") { // basic_ofstream<char>
		for k < len(r.ts) && !r.ts[k].is(tOp, ">") {
			k++
		}
		k++
	}
	if r.ts.at(k).kind == tName {
		k++
	}
	open := r.ts.at(k)
	if !open.is(tOp, "(") && !open.is(tOp, "{") {
		r.unknown(t.pos, "uses a %s whose file is named elsewhere", t.text)
		return
	}
	end := r.ts.closing(k)
	if end >= len(r.ts) {
		r.unknown(t.pos, "uses a %s whose file is named elsewhere", t.text)
		return
	}
	args := r.ts.args(k)
	if s, ok := literalArg(args, 0); ok {
		r.effect(Write, t.text, t.pos, s)
		return
	}
	r.unknown(t.pos, "opens a %s on a file named at run time", t.text)
}
