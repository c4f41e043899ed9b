package code

import (
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// javaFiles are java.nio.file.Files methods with an effect, by what they
// do to their first path (copy and move: their second).
var javaFiles = lazy.New(func() map[string]EffectKind {
	return map[string]EffectKind{
		"delete": Delete, "deleteIfExists": Delete,
		"write": Write, "writeString": Write, "newBufferedWriter": Write, "newOutputStream": Write, "createFile": Write, "createDirectory": Write, "createDirectories": Write,
		"createSymbolicLink": Write, "createLink": Write, "setPosixFilePermissions": Write, "setAttribute": Write, "setOwner": Write, "setLastModifiedTime": Write, "copy": Write, "move": Move,
		"readAllLines": Read, "readString": Read, "readAllBytes": Read, "newBufferedReader": Read, "newInputStream": Read, "lines": Read,
	}
})

// javaNew are classes whose constructor has an effect.
var javaNew = lazy.New(func() map[string]EffectKind {
	return map[string]EffectKind{
		"FileWriter": Write, "FileOutputStream": Write, "PrintWriter": Write, "PrintStream": Write, "RandomAccessFile": Write, "FileReader": Read, "FileInputStream": Read,
		"Socket": Network, "URL": Network, "DatagramSocket": Network, "MulticastSocket": Network, "ServerSocket": Server,
	}
})

// javaNames are names whose use alone reaches the network, or that the
// reader does not follow.
var javaNames = lazy.New(func() map[string]string {
	return map[string]string{
		"HttpClient": "network", "HttpURLConnection": "network", "HttpsURLConnection": "network", "openConnection": "network", "openStream": "network", "SocketChannel": "network", "InetAddress": "network", "HttpServer": "server", "ServerSocketChannel": "server",
		"forName": "looks up a class by name", "getMethod": "looks up a method by name", "getDeclaredMethod": "looks up a method by name", "invoke": "calls a method found by name", "MethodHandles": "looks up methods by name",
		"ScriptEngineManager": "evaluates code built at run time", "loadLibrary": "loads a native library", "native": "declares native methods", "defineClass": "defines classes from bytes", "URLClassLoader": "loads classes from elsewhere",
		"ProcessHandle": "controls other processes", "Unsafe": "reaches memory directly", "ToolProvider": "runs the JDK's tools", "JShell": "evaluates code built at run time", "deleteDirectory": "deletes a folder", "forceDelete": "deletes files", "cleanDirectory": "deletes files",
	}
})

// readJava reads Java source: Runtime.exec, ProcessBuilder, java.nio.file
// Files, java.io streams, sockets and reflection.
func (r *reader) readJava() {
	src, ok := javaUnicode(r.src)
	if !ok {
		r.unknown(0, "has a malformed \\u escape")
		return
	}
	r.src = src
	if !r.lex(clikeOptions{lang: "java"}) {
		return
	}
	builder := -1 // position of a ProcessBuilder, whose command may change later
	for i, t := range r.ts {
		if t.kind != tName {
			continue
		}
		prev := r.ts.at(i - 1)
		switch {
		case prev.is(tOp, "::") && (t.text == "exec" || javaFiles.Get()[t.text] != 0 || t.text == "delete" || t.text == "start"):
			r.unknown(t.pos, "refers to %s without calling it", t.text)
		case t.text == "exec" && r.member(i):
			r.javaExec(i)
		case t.text == "ProcessBuilder" && prev.is(tName, "new"):
			builder = t.pos
			r.javaBuilder(i)
		case (t.text == "command" || t.text == "directory" || t.text == "environment") && r.member(i) && builder >= 0:
			r.unknown(t.pos, "changes a ProcessBuilder's %s after making it", t.text)
		case javaFiles.Get()[t.text] != 0 && r.member(i) && r.ts.at(i-2).is(tName, "Files"):
			r.javaFilesCall(i)
		case javaNew.Get()[t.text] != 0 && prev.is(tName, "new"):
			r.javaConstructor(i)
		case (t.text == "delete" || t.text == "deleteOnExit" || t.text == "mkdir" || t.text == "mkdirs" || t.text == "createNewFile" || t.text == "renameTo") && r.member(i):
			r.javaFileMethod(i)
		case t.text == "getenv" && r.member(i):
			args, _, _ := r.call(i)
			if s, ok := literalArg(args, 0); ok {
				r.effect(Env, "System.getenv", t.pos, s)
			} else {
				r.effect(EnvDump, "System.getenv", t.pos)
			}
		case t.text == "load" && prev.is(tOp, ".") && r.ts.at(i-2).is(tName, "System"):
			r.unknown(t.pos, "loads a native library")
		case javaNames.Get()[t.text] == "network":
			r.effect(Network, t.text, t.pos)
		case javaNames.Get()[t.text] == "server":
			r.effect(Server, t.text, t.pos)
		case javaNames.Get()[t.text] != "":
			r.unknown(t.pos, "uses %s, which %s", t.text, javaNames.Get()[t.text])
		}
	}
}

// javaExec reads Runtime.getRuntime().exec("cmd") (split at white space,
// no shell) and exec(new String[]{…}); an environment or directory of its
// own is not followed.
func (r *reader) javaExec(i int) {
	t := r.ts[i]
	args, _, ok := r.call(i)
	if !ok || len(args) == 0 {
		r.unknown(t.pos, "refers to exec without calling it")
		return
	}
	for _, a := range args[1:] {
		if !(len(a) == 1 && a[0].is(tName, "null")) {
			r.unknown(t.pos, "runs a program with an environment or directory of its own")
			return
		}
	}
	if s, ok := args[0].literal(); ok {
		if argv := strings.Fields(s); len(argv) > 0 {
			r.effect(Exec, "exec", t.pos, argv...)
			return
		}
	}
	if argv, ok := javaArray(args[0]); ok && len(argv) > 0 {
		r.effect(Exec, "exec", t.pos, argv...)
		return
	}
	r.unknown(t.pos, "runs a program built at run time with exec")
}

// javaArray reads new String[]{"a", "b"}, List.of("a", "b") and
// Arrays.asList("a", "b").
func javaArray(ts tokens) ([]string, bool) {
	switch {
	case len(ts) > 4 && ts[0].is(tName, "new") && ts[1].is(tName, "String") && ts[2].is(tOp, "[") && ts[3].is(tOp, "]"):
		return literalList(ts[4:])
	case len(ts) > 3 && (ts[0].is(tName, "List") && ts[2].is(tName, "of") || ts[0].is(tName, "Arrays") && ts[2].is(tName, "asList")) && ts[1].is(tOp, "."):
		list := ts[3:]
		if !list[0].is(tOp, "(") || list.closing(0) != len(list)-1 {
			return nil, false
		}
		var out []string
		for _, part := range list.args(0) {
			s, ok := part.literal()
			if !ok {
				return nil, false
			}
			out = append(out, s)
		}
		return out, true
	}
	return nil, false
}

// javaBuilder reads new ProcessBuilder("a", "b") or one list argument.
func (r *reader) javaBuilder(i int) {
	t := r.ts[i]
	args, _, ok := r.call(i)
	if !ok || len(args) == 0 {
		r.unknown(t.pos, "makes a ProcessBuilder whose command is given later")
		return
	}
	if len(args) == 1 {
		if argv, ok := javaArray(args[0]); ok && len(argv) > 0 {
			r.effect(Exec, "ProcessBuilder", t.pos, argv...)
			return
		}
	}
	var argv []string
	for _, a := range args {
		s, ok := a.literal()
		if !ok {
			r.unknown(t.pos, "runs a program built at run time with ProcessBuilder")
			return
		}
		argv = append(argv, s)
	}
	r.effect(Exec, "ProcessBuilder", t.pos, argv...)
}

// javaPath reads a literal path: "p", Paths.get("a", "b"), Path.of("p")
// or new File("p").
func javaPath(ts tokens) (string, bool) {
	if s, ok := ts.literal(); ok {
		return s, true
	}
	// java.nio.file.Paths.get, new java.io.File: the package before the
	// class.
	if len(ts) > 1 && ts[0].is(tName, "new") {
		rest := ts[1:]
		for len(rest) > 2 && rest[0].kind == tName && rest[1].is(tOp, ".") {
			rest = rest[2:]
		}
		ts = append(tokens{ts[0]}, rest...)
	}
	for len(ts) > 2 && ts[0].kind == tName && ts[0].text != "new" && ts[1].is(tOp, ".") && ts[2].kind == tName && ts[2].text != "get" && ts[2].text != "of" {
		ts = ts[2:]
	}
	var inner tokens
	switch {
	case len(ts) > 3 && (ts[0].is(tName, "Paths") && ts[2].is(tName, "get") || ts[0].is(tName, "Path") && ts[2].is(tName, "of")) && ts[1].is(tOp, "."):
		inner = ts[3:]
	case len(ts) > 2 && ts[0].is(tName, "new") && ts[1].is(tName, "File"):
		inner = ts[2:]
	default:
		return "", false
	}
	if !inner[0].is(tOp, "(") || inner.closing(0) != len(inner)-1 {
		return "", false
	}
	var parts []string
	for _, a := range inner.args(0) {
		s, ok := a.literal()
		if !ok {
			return "", false
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "/"), len(parts) > 0
}

// javaFilesCall reads Files.delete(path) and the other Files methods.
func (r *reader) javaFilesCall(i int) {
	t := r.ts[i]
	kind := javaFiles.Get()[t.text]
	args, _, ok := r.call(i)
	if !ok || len(args) == 0 {
		r.unknown(t.pos, "refers to Files.%s without calling it", t.text)
		return
	}
	k := 0
	if t.text == "copy" || t.text == "move" {
		k = 1
	}
	p, ok := javaPath(args[min(k, len(args)-1)])
	if !ok || k >= len(args) {
		if kind == Read {
			return // reading the project's files is routine; a named secret is checked where it is literal
		}
		r.unknown(t.pos, "calls Files.%s with a path built at run time", t.text)
		return
	}
	if kind == Move {
		src, ok := javaPath(args[0])
		if !ok {
			r.unknown(t.pos, "calls Files.move with a path built at run time")
			return
		}
		r.effect(Move, "Files.move", t.pos, src, p)
		return
	}
	r.effect(kind, "Files."+t.text, t.pos, p)
}

// javaConstructor reads new FileWriter("p"), new Socket(…) and the like.
func (r *reader) javaConstructor(i int) {
	t := r.ts[i]
	kind := javaNew.Get()[t.text]
	if kind == Network || kind == Server {
		r.effect(kind, "new "+t.text, t.pos)
		return
	}
	args, _, ok := r.call(i)
	if !ok || len(args) == 0 {
		r.unknown(t.pos, "makes a %s in a form the reader does not follow", t.text)
		return
	}
	first := args[0]
	if (t.text == "PrintWriter" || t.text == "PrintStream") && len(first) > 0 && (first[0].is(tName, "System") || first[0].is(tName, "new") && !first.at(1).is(tName, "File")) {
		return // a stream over another stream, which is read on its own
	}
	p, ok := javaPath(first)
	switch {
	case !ok && kind == Read:
	case !ok:
		r.unknown(t.pos, "writes with %s to a file named at run time", t.text)
	case t.text == "RandomAccessFile":
		mode, _ := literalArg(args, 1)
		r.effect(map[bool]EffectKind{true: Write, false: Read}[strings.Contains(mode, "w") || len(args) < 2], "new "+t.text, t.pos, p)
	default:
		r.effect(kind, "new "+t.text, t.pos, p)
	}
}

// javaFileMethod reads new File("p").delete() and the other File methods
// that change files; on a File made elsewhere they are not followed.
func (r *reader) javaFileMethod(i int) {
	t := r.ts[i]
	if !r.ts.at(i+1).is(tOp, "(") {
		return
	}
	if t.text == "delete" && !r.ts.at(i+2).is(tOp, ")") {
		return // StringBuilder.delete(start, end), Map-like delete(key)
	}
	// Walk back over "new File(…)" before the dot.
	end := i - 2
	if r.ts.at(end).is(tOp, ")") {
		depth := 0
		for k := end; k >= 0; k-- {
			switch {
			case r.ts[k].is(tOp, ")"):
				depth++
			case r.ts[k].is(tOp, "("):
				depth--
			}
			if depth == 0 {
				m := k - 2
				for m >= 2 && r.ts[m].is(tOp, ".") && r.ts[m-1].kind == tName {
					m -= 2 // new java.io.File
				}
				if m >= 0 && r.ts.at(k-1).is(tName, "File") && r.ts[m].is(tName, "new") {
					if p, ok := javaPath(r.ts[m : end+1]); ok {
						kind := Write
						if t.text == "delete" || t.text == "deleteOnExit" {
							kind = Delete
						}
						r.effect(kind, "File."+t.text, t.pos, p)
						return
					}
				}
				break
			}
		}
	}
	r.unknown(t.pos, "calls %s on a file named elsewhere", t.text)
}
