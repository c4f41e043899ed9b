package code

import (
	"fmt"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// ReadRust reads Rust code that a build runs (a build script, a procedural
// macro) for what it does to the system: std::process::Command with a
// literal program and the arguments its builder is given, std::fs deletes,
// writes, copies and reads of paths it spells out, and network crates. It
// never panics; code it cannot tokenize whole is reported in Why.
func ReadRust(src string) (e Effects) {
	defer func() {
		if p := recover(); p != nil {
			e = Effects{Lang: "rust", Why: fmt.Sprintf("internal error while reading Rust code: %v", p)}
		}
	}()
	if len(src) > maxSource {
		return Effects{Lang: "rust", Why: fmt.Sprintf("the code is longer than %d KiB", maxSource>>10)}
	}
	a := &analysis{r: Report{Lang: "rust"}}
	ts := lexRust(a, src)
	if a.failed {
		return Effects{Lang: "rust", Why: a.r.Why}
	}
	r := &rustReader{ts: ts, c: &collector{e: Effects{Lang: "rust"}}, lets: map[string]tokens{}, vars: map[string]*rustSpawn{}, fsNames: map[string]bool{}, consumed: map[int]bool{}}
	r.read()
	return r.c.finish()
}

type rustReader struct {
	ts       tokens
	c        *collector
	lets     map[string]tokens // let NAME = EXPR; (nil when bound more than once)
	vars     map[string]*rustSpawn
	spawns   []*rustSpawn
	fsNames  map[string]bool // names imported from std::fs ("*" for a glob)
	consumed map[int]bool    // builder methods read as part of a command
}

// rustSpawn is one std::process::Command being built.
type rustSpawn struct {
	argv []string // shell words
	dir  string
	env  []string
}

// rustSensitive are the path segments an import may not rename: a renamed
// Command or fs function would hide what the code calls.
var rustSensitive = lazy.New(func() map[string]bool {
	return toSet("process fs net Command File OpenOptions remove_dir_all remove_file remove_dir write copy rename hard_link symlink reqwest ureq hyper TcpStream UdpSocket curl attohttpc isahc surf minreq duct xshell subprocess libc nix")
})

// rustNetwork are crates and types that reach other machines.
var rustNetwork = lazy.New(func() map[string]bool {
	return toSet("reqwest ureq hyper TcpStream UdpSocket TcpListener attohttpc isahc surf minreq curl ToSocketAddrs")
})

// rustSpawners are crates and calls that start programs in ways the
// reader does not follow.
var rustSpawners = lazy.New(func() map[string]bool {
	return toSet("duct xshell subprocess run_script system execv execvp execve execvpe popen posix_spawn fork")
})

// rustFileOps are std::fs functions and what they do; the number is how
// many path arguments the operation takes.
var rustFileOps = map[string]struct {
	op    string
	paths int
}{
	"remove_dir_all": {"rm-r", 1}, "remove_file": {"rm", 1}, "remove_dir": {"rm", 1},
	"write": {"write", 1}, "create": {"write", 1}, "read": {"read", 1}, "read_to_string": {"read", 1}, "open": {"read", 1},
	"copy": {"cp", 2}, "rename": {"mv", 2}, "hard_link": {"ln", 2}, "symlink": {"ln", 2}, "symlink_file": {"ln", 2}, "symlink_dir": {"ln", 2},
}

func (r *rustReader) read() {
	r.uses()
	r.bindings()
	for i := 0; i < len(r.ts); i++ {
		r.at(i)
	}
	for i, t := range r.ts {
		if m := r.ts.at(i + 1).text; t.is(tOp, ".") && (m == "arg" || m == "args") && r.ts.at(i+2).is(tOp, "(") && !r.consumed[i+1] {
			r.c.unknown("gives a command arguments or settings (." + r.ts.at(i+1).text + ") that arbiter cannot tie to a program")
		}
	}
	for _, s := range r.spawns {
		if s.argv[0] == "" {
			continue
		}
		r.c.spawn(s.argv, s.dir, s.env)
	}
	r.urls()
}

// at reads what starts at token i.
func (r *rustReader) at(i int) {
	t := r.ts[i]
	if t.kind != tName {
		return
	}
	prev, next := r.ts.at(i-1), r.ts.at(i+1)
	pathy := prev.is(tOp, "::") || next.is(tOp, "::")
	switch {
	case t.text == "mod" && next.kind == tName && r.ts.at(i+2).kind == tEnd:
		r.c.e.Modules = append(r.c.e.Modules, next.text)
	case (t.text == "include" || t.text == "include_str") && next.is(tOp, "!") && r.ts.at(i+2).is(tOp, "("):
		if v, ok := r.oneValue(r.ts.args(i + 2)); ok && t.text == "include" && v.base == 0 {
			r.c.e.Files = append(r.c.e.Files, v.text)
		} else if !ok && t.text == "include" {
			r.c.unknown("includes code from a file named at build time")
		}
	case t.text == "path" && prev.is(tOp, "[") && next.is(tOp, "="):
		r.c.unknown("names a module's file with #[path], which arbiter does not follow")
	case rustNetwork.Get()[t.text] && pathy:
		r.c.network(t.text)
	case rustSpawners.Get()[t.text] && (pathy || next.is(tOp, "!")):
		r.c.unknown("starts programs through " + t.text + ", which arbiter does not follow")
	case t.text == "Command" && next.is(tOp, "::") && r.ts.at(i+2).is(tName, "new") && r.ts.at(i+3).is(tOp, "("):
		r.command(i)
	case rustFileOps[t.text].op != "" && r.ts.at(i+1).is(tOp, "(") && r.isFsCall(i):
		r.fileOp(i)
	}
}

// isFsCall reports whether the name at i is a std::fs function (fs::write,
// File::create, an imported remove_dir_all), not a method or another
// module's function of the same name.
func (r *rustReader) isFsCall(i int) bool {
	prev := r.ts.at(i - 1)
	name := r.ts[i].text
	if prev.is(tOp, "::") {
		q := r.ts.at(i - 2).text
		switch q {
		case "fs", "remove_dir_all", "fs_err":
			return true
		case "File":
			return name == "create" || name == "open"
		case "unix", "windows":
			return strings.HasPrefix(name, "symlink")
		}
		return false
	}
	if prev.is(tOp, ".") || prev.is(tName, "fn") {
		return false
	}
	return r.fsNames[name] || r.fsNames["*"] && name != "open" && name != "create"
}

// uses reads the use declarations: names imported from std::fs, and
// renames of anything that runs programs, touches files or the network.
func (r *rustReader) uses() {
	for i := 0; i < len(r.ts); i++ {
		if !r.ts[i].is(tName, "use") || r.ts.at(i+1).kind != tName && !r.ts.at(i+1).is(tOp, "::") {
			continue
		}
		end := i + 1
		for end < len(r.ts) && r.ts[end].kind != tEnd {
			end++
		}
		decl := r.ts[i+1 : end]
		fromFs := false
		for k, t := range decl {
			switch {
			case t.is(tName, "fs"):
				fromFs = true
			case t.is(tName, "as") && k > 0 && rustSensitive.Get()[decl[k-1].text]:
				r.c.unknown("imports " + decl[k-1].text + " under another name, which arbiter does not follow")
			case t.is(tName, "as") && k > 0 && fromFs:
				r.c.unknown("imports a std::fs function under another name, which arbiter does not follow")
			case fromFs && t.kind == tName:
				r.fsNames[t.text] = true
			case fromFs && t.is(tOp, "*"):
				r.fsNames["*"] = true
			}
		}
		i = end
	}
}

// bindings records let, const and static bindings of one name to an
// expression; a name bound twice is not known.
func (r *rustReader) bindings() {
	for i := 0; i < len(r.ts); i++ {
		switch r.ts[i].text {
		case "let", "const", "static":
		default:
			continue
		}
		if r.ts[i].kind != tName {
			continue
		}
		k := i + 1
		if r.ts.at(k).is(tName, "mut") {
			k++
		}
		name := r.ts.at(k)
		if name.kind != tName {
			continue
		}
		k++
		if r.ts.at(k).is(tOp, ":") { // a type: up to the =
			for k < len(r.ts) && !r.ts[k].is(tOp, "=") && r.ts[k].kind != tEnd {
				k++
			}
		}
		if !r.ts.at(k).is(tOp, "=") {
			continue
		}
		end := r.exprEnd(k + 1)
		if _, seen := r.lets[name.text]; seen {
			r.lets[name.text] = nil
		} else {
			r.lets[name.text] = r.ts[k+1 : end]
		}
		for _, t := range r.ts[k+1 : end] {
			if t.is(tName, "Command") {
				r.vars[name.text] = nil // a command builder; command reads its later calls
			}
		}
	}
}

// exprEnd returns the index of the ; (or closing bracket) that ends the
// expression starting at i.
func (r *rustReader) exprEnd(i int) int {
	depth := 0
	for k := i; k < len(r.ts); k++ {
		t := r.ts[k]
		switch {
		case t.kind == tEnd && depth == 0:
			return k
		case t.kind != tOp:
		case t.text == "(" || t.text == "[" || t.text == "{":
			depth++
		case t.text == ")" || t.text == "]" || t.text == "}":
			if depth == 0 {
				return k
			}
			depth--
		}
	}
	return len(r.ts)
}

// command reads Command::new(PROGRAM) at i and the builder calls chained
// after it, or made later on the variable it is bound to.
func (r *rustReader) command(i int) {
	if len(r.spawns) >= maxEffects {
		r.c.unknown(fmt.Sprintf("starts more than %d programs, more than arbiter reads", maxEffects))
		return
	}
	s := &rustSpawn{argv: []string{""}}
	args := r.ts.args(i + 3)
	if v, ok := r.oneValue(args); ok && v.base == 0 && v.text != "" {
		s.argv[0] = Quote(v.text)
	} else {
		r.c.unknown("starts a program whose name is only known when the build runs")
	}
	r.spawns = append(r.spawns, s)
	r.chain(r.ts.closing(i+3)+1, s)
	// let mut cmd = Command::new(…); cmd.arg(…);
	name := r.boundName(i)
	if _, ok := r.vars[name]; !ok || name == "" {
		return
	}
	for k := i; k < len(r.ts); k++ {
		if r.ts[k].is(tName, name) && r.ts.at(k+1).is(tOp, ".") && r.ts.at(k+3).is(tOp, "(") {
			r.chain(k+1, s)
		}
	}
}

// boundName returns NAME in let [mut] NAME [: T] = … before token i, or "".
func (r *rustReader) boundName(i int) string {
	for k := i - 1; k >= 0 && k > i-12; k-- {
		if r.ts[k].kind == tEnd || r.ts[k].is(tOp, "{") {
			return ""
		}
		if r.ts[k].is(tName, "let") {
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

// chain reads .method(args) calls on a command from i on.
func (r *rustReader) chain(i int, s *rustSpawn) {
	for i < len(r.ts) {
		for r.ts.at(i).is(tOp, "?") {
			i++
		}
		if !r.ts.at(i).is(tOp, ".") || r.ts.at(i+1).kind != tName || !r.ts.at(i+2).is(tOp, "(") {
			return
		}
		method := r.ts[i+1].text
		args := r.ts.args(i + 2)
		r.consumed[i+1] = true
		switch method {
		case "arg":
			s.argv = append(s.argv, r.word(args))
		case "args":
			s.argv = append(s.argv, r.list(args)...)
		case "current_dir":
			s.dir = r.word(args)
		case "env":
			if len(args) == 2 {
				if k, ok := r.value(args[0], 0); ok && k.base == 0 {
					s.env = append(s.env, k.text+"="+r.word(args[1:]))
					break
				}
			}
			r.c.unknown("sets a command's environment by a name only known when the build runs")
		case "envs":
			r.c.unknown("sets a command's environment from a collection arbiter does not read")
		}
		i = r.ts.closing(i+2) + 1
	}
}

// word renders one argument as a shell word.
func (r *rustReader) word(args []tokens) string {
	if v, ok := r.oneValue(args); ok && v.base != 'o' {
		if v.base == 0 {
			return Quote(v.text)
		}
		return v.shell()
	}
	return DynamicWord
}

// list renders .args([…]) as shell words.
func (r *rustReader) list(args []tokens) []string {
	if len(args) != 1 {
		return []string{DynamicWord}
	}
	ts := args[0]
	for len(ts) > 0 && (ts[0].is(tOp, "&") || ts[0].is(tName, "vec") || ts[0].is(tOp, "!")) {
		ts = ts[1:]
	}
	if len(ts) < 2 || !ts[0].is(tOp, "[") || ts.closing(0) != len(ts)-1 {
		return []string{DynamicWord}
	}
	var out []string
	for _, el := range ts.args(0) {
		out = append(out, r.word([]tokens{el}))
	}
	return out
}

// fileOp reads an fs call at i.
func (r *rustReader) fileOp(i int) {
	op := rustFileOps[r.ts[i].text]
	args := r.ts.args(i + 1)
	if len(args) < op.paths {
		return
	}
	var paths []val
	for _, a := range args[:op.paths] {
		v, ok := r.value(a, 0)
		switch {
		case ok && v.base == 'o', !ok && r.mentions(a, "OUT_DIR", map[string]bool{}):
			if op.paths == 1 {
				return // the build's own output directory, under target/
			}
			v = val{text: "target/build-output", base: 'p'}
		case !ok && op.op == "read":
			return // a read of a computed path is no effect the policy rules on
		case !ok:
			r.c.unknown(fmt.Sprintf("calls fs::%s on a path only known when the build runs", r.ts[i].text))
			return
		}
		paths = append(paths, v)
	}
	r.c.fileOp(op.op, paths...)
}

// mentions reports whether ts, or a binding it names, holds the string s.
func (r *rustReader) mentions(ts tokens, s string, seen map[string]bool) bool {
	for _, t := range ts {
		if t.kind == tString && t.text == s {
			return true
		}
		if t.kind == tName && r.lets[t.text] != nil && !seen[t.text] {
			seen[t.text] = true
			if r.mentions(r.lets[t.text], s, seen) {
				return true
			}
		}
	}
	return false
}

// oneValue evaluates a single argument.
func (r *rustReader) oneValue(args []tokens) (val, bool) {
	if len(args) != 1 {
		return val{}, false
	}
	return r.value(args[0], 0)
}

// rustPassThrough are methods that leave a value as it is.
var rustPassThrough = lazy.New(func() map[string]bool {
	return toSet("to_string to_owned into as_str as_ref unwrap expect display to_str to_string_lossy as_path as_os_str to_path_buf clone unwrap_or_default into_os_string")
})

// value evaluates an expression built from literals: strings, bindings,
// Path::new, PathBuf::from, String::from, .join, format!, concat!, and the
// environment's HOME, OUT_DIR and CARGO_MANIFEST_DIR.
func (r *rustReader) value(ts tokens, depth int) (val, bool) {
	if depth > 8 {
		return val{}, false
	}
	for len(ts) > 0 && (ts[0].is(tOp, "&") || ts[0].is(tOp, "*") || ts[0].is(tName, "mut")) {
		ts = ts[1:]
	}
	for len(ts) > 0 && ts[len(ts)-1].is(tOp, "?") {
		ts = ts[:len(ts)-1]
	}
	if len(ts) == 0 {
		return val{}, false
	}
	// A trailing .method(…): pass-through, or join.
	if n := len(ts); ts[n-1].is(tOp, ")") {
		open := openingOf(ts, n-1)
		if open >= 2 && ts[open-2].is(tOp, ".") && ts[open-1].kind == tName {
			method := ts[open-1].text
			base, ok := r.value(ts[:open-2], depth+1)
			if !ok {
				return val{}, false
			}
			switch {
			case rustPassThrough.Get()[method]:
				return base, true
			case method == "join" || method == "push_str":
				elem, ok := r.oneValue(ts[open:].args(0))
				if !ok {
					return val{}, false
				}
				if method == "push_str" {
					return val{text: base.text + elem.inline(), base: base.base}, true
				}
				return base.join(elem), true
			}
			return val{}, false
		}
	}
	if len(ts) == 1 {
		switch t := ts[0]; {
		case t.kind == tString:
			return val{text: t.text}, true
		case t.kind == tName && r.lets[t.text] != nil:
			return r.value(r.lets[t.text], depth+1)
		}
		return val{}, false
	}
	return r.call(ts, depth)
}

// call evaluates PATH(args) and MACRO!(args).
func (r *rustReader) call(ts tokens, depth int) (val, bool) {
	open := -1
	for k, t := range ts {
		if t.is(tOp, "(") {
			open = k
			break
		}
	}
	if open < 1 || ts.closing(open) != len(ts)-1 {
		return val{}, false
	}
	var segs []string
	for _, t := range ts[:open] {
		if t.kind == tName {
			segs = append(segs, t.text)
		}
	}
	if len(segs) == 0 {
		return val{}, false
	}
	args := ts[open:].args(0)
	last := segs[len(segs)-1]
	qual := strings.Join(segs, "::")
	switch {
	case last == "new" || last == "from":
		if len(segs) >= 2 {
			switch segs[len(segs)-2] {
			case "Path", "PathBuf", "String", "OsStr", "OsString":
				return r.oneValue(args)
			}
		}
	case last == "var" || last == "var_os":
		if v, ok := r.oneValue(args); ok && v.base == 0 {
			switch v.text {
			case "HOME", "USERPROFILE":
				return val{base: 'h'}, true
			case "OUT_DIR":
				return val{base: 'o'}, true
			case "CARGO_MANIFEST_DIR":
				return val{base: 'p'}, true
			}
		}
	case last == "home_dir" && len(args) == 0:
		return val{base: 'h'}, true
	case strings.HasSuffix(qual, "concat") && ts[open-1].is(tOp, "!"):
		s := ""
		for _, a := range args {
			v, ok := r.value(a, depth+1)
			if !ok || v.base != 0 {
				return val{}, false
			}
			s += v.text
		}
		return val{text: s}, true
	case last == "format" && ts[open-1].is(tOp, "!"):
		return r.format(args, depth)
	}
	return val{}, false
}

// format evaluates format!("…", args): {} and {name} placeholders only.
func (r *rustReader) format(args []tokens, depth int) (val, bool) {
	if len(args) == 0 {
		return val{}, false
	}
	f, ok := r.value(args[0], depth+1)
	if !ok || f.base != 0 {
		return val{}, false
	}
	var out strings.Builder
	base := byte(0)
	next := 1
	s := f.text
	for s != "" {
		i := strings.IndexAny(s, "{}")
		if i < 0 {
			out.WriteString(s)
			break
		}
		out.WriteString(s[:i])
		if strings.HasPrefix(s[i:], "{{") || strings.HasPrefix(s[i:], "}}") {
			out.WriteByte(s[i])
			s = s[i+2:]
			continue
		}
		end := strings.IndexByte(s[i:], '}')
		if s[i] == '}' || end < 0 {
			return val{}, false
		}
		name := s[i+1 : i+end]
		var v val
		switch {
		case name == "" && next < len(args):
			v, ok = r.value(args[next], depth+1)
			next++
		case name != "" && r.lets[name] != nil:
			v, ok = r.value(r.lets[name], depth+1)
		default:
			ok = false
		}
		if !ok {
			return val{}, false
		}
		if i == 0 && out.Len() == 0 && v.base != 0 {
			base = v.base
			out.WriteString(v.text)
		} else {
			out.WriteString(v.inline())
		}
		s = s[i+end+1:]
	}
	return val{text: out.String(), base: base}, true
}

// urls reports the addresses a networked build spells out.
func (r *rustReader) urls() {
	if r.c.e.Network == "" {
		return
	}
	found := false
	for _, t := range r.ts {
		if t.kind == tString && (strings.HasPrefix(t.text, "http://") || strings.HasPrefix(t.text, "https://")) {
			r.c.reach(t.text)
			found = true
		}
	}
	if found {
		r.c.e.Network = ""
	}
}

// openingOf returns the index of the bracket that the one at end closes.
func openingOf(ts tokens, end int) int {
	depth := 0
	for k := end; k >= 0; k-- {
		if ts[k].kind != tOp {
			continue
		}
		switch ts[k].text {
		case ")", "]", "}":
			depth++
		case "(", "[", "{":
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}
