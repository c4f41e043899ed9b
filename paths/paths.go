package paths

import (
	"path"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// Place says where a path falls.
type Place uint8

// Places, from harmless to critical.
const (
	Unknown     Place = iota // could not be resolved (a variable, a substitution)
	Null                     // /dev/null, /dev/stdout and the like
	Temp                     // /tmp, /var/tmp and their contents
	Project                  // inside the project directory
	ProjectRoot              // the project directory itself
	Outside                  // elsewhere, outside every tree named here
	Home                     // inside a home directory
	HomeRoot                 // a home directory itself
	System                   // inside an operating system tree (/etc, /usr, …)
	SystemRoot               // an operating system tree itself (/etc, /usr)
	Device                   // a disk, memory or kernel control file
	Root                     // the filesystem root
)

var placeNames = [...]string{"unknown", "null device", "temp", "project", "project root", "outside the project", "home", "home directory", "system", "system directory", "device", "filesystem root"}

func (p Place) String() string { return placeNames[p] }

// Inside reports whether writes there count as inside the work area: the
// project and temp directories.
func (p Place) Inside() bool { return p == Temp || p == Project || p == Null }

// Resolver resolves paths for one call. Build it with New, which also
// finds where the project and home directories really are; a Resolver
// written as a literal works the same, only slower.
type Resolver struct {
	Project string // absolute project directory ("" if unknown)
	Cwd     string // absolute working directory of the call
	Home    string // the user's home directory
	// FoldCase says that the filesystem ignores case, so that .GIT/hooks
	// is .git/hooks. Without it, a path whose existing directories lie on
	// a case-insensitive filesystem is still folded.
	FoldCase bool

	links map[string]string // links the command creates: absolute link → target
	seen  *seen             // what the disk said, for this call (nil: ask each time)
}

// Resolve makes p absolute and resolves the symbolic links in it, the
// final component included: the file a read or write of p reaches. dir is
// the directory an earlier cd moved to ("" for the call's own). Paths
// starting with ~ resolve against the home directory, ~name against
// /home/name. The result is "" when p is empty.
func (r Resolver) Resolve(p, dir string) string { return r.resolve(p, dir, true) }

// ResolveLink is Resolve without following the final component: the path
// that rm, mv or ln acts on when p is itself a link.
func (r Resolver) ResolveLink(p, dir string) string { return r.resolve(p, dir, false) }

// Lexical makes p absolute and clean without looking at the disk: the
// name a program is run by, for instance.
func (r Resolver) Lexical(p, dir string) string {
	raw := r.join(p, dir)
	if raw == "" {
		return ""
	}
	return path.Clean(raw)
}

func (r Resolver) resolve(p, dir string, last bool) string {
	if p == "" {
		return ""
	}
	if r.seen == nil {
		return r.resolveRaw(p, dir, last)
	}
	key := question{p, dir, last, r.FoldCase}
	for _, a := range r.seen.resolved {
		if a.question == key {
			return a.path
		}
	}
	got := r.resolveRaw(p, dir, last)
	if len(r.seen.resolved) < maxRemembered {
		r.seen.resolved = append(r.seen.resolved, answer{key, got})
	}
	return got
}

// question is one question Resolve answers; answer, with its answer.
type question struct {
	p, dir     string
	last, fold bool
}

type answer struct {
	question
	path string
}

func (r Resolver) resolveRaw(p, dir string, last bool) string {
	raw := r.join(p, dir)
	real, linked := r.follow(raw, last)
	if !r.FoldCase && !mayFold(real) {
		// Nothing to fold on a case-sensitive disk.
	} else if folded := foldNames(real); folded != real || r.FoldCase {
		if folded = r.reroot(folded, true); folded != real && (r.FoldCase || r.foldsCase(real)) {
			return folded
		}
	}
	if linked || r.mayBeRoot(real) {
		return r.reroot(real, false) // the project or home named by its real path
	}
	return real
}

// mayBeRoot reports whether p could be the project or home directory (or
// lie in one) by another name: it is in neither as they are written, nor
// in a system tree.
func (r Resolver) mayBeRoot(p string) bool {
	for _, root := range []string{path.Clean(r.Project), path.Clean(r.home())} {
		if r.Project != "" && (p == root || within(p, root)) {
			return false
		}
	}
	return !r.osOwned(p)
}

// join makes p absolute, without cleaning it: ".." must be taken after
// the links before it are followed, as the kernel does.
func (r Resolver) join(p, dir string) string {
	if p == "" {
		return ""
	}
	home := r.home()
	expandHome := func(s string) string {
		switch {
		case s == "~" || strings.HasPrefix(s, "~/"):
			return home + s[1:]
		case strings.HasPrefix(s, "~"):
			name, rest, _ := strings.Cut(s[1:], "/")
			if name == "root" {
				return path.Join("/root", rest)
			}
			return path.Join("/home", name, rest)
		}
		return s
	}
	p = expandHome(p)
	if rest, ok := strings.CutPrefix(p, "/dev/fd/"); ok && strings.Contains(rest, "..") {
		// /dev/fd is the kernel's link to /proc/self/fd: /dev/fd/../environ
		// is the process's environment, not /dev/environ.
		p = "/proc/self/fd/" + rest
	}
	if path.IsAbs(p) {
		return p
	}
	base := r.Cwd
	if base == "" {
		base = r.Project
	}
	if base == "" {
		base = "/"
	}
	if dir != "" {
		dir = expandHome(dir)
		if path.IsAbs(dir) {
			base = dir
		} else {
			base = base + "/" + dir
		}
	}
	return base + "/" + p
}

// systemTrees are directories the operating system or its package manager
// owns. /usr/local and /opt are the administrator's, and /etc holds
// configuration: they are classified apart by the policy, not here.
var systemTrees = []string{
	"/bin", "/sbin", "/usr", "/lib", "/lib32", "/lib64", "/libx32", "/boot", "/etc", "/var", "/opt",
	"/root", "/sys", "/proc", "/dev", "/srv", "/snap", "/mnt", "/media", "/run", "/nix",
	"/System", "/Library", "/Applications", "/private", "/cores", "/Volumes",
}

var tempTrees = []string{"/tmp", "/var/tmp", "/private/tmp", "/private/var/tmp", "/dev/shm", "/var/folders", "/private/var/folders"}

var nullFiles = lazy.New(func() map[string]bool {
	return map[string]bool{
		"/dev/null": true, "/dev/stdout": true, "/dev/stderr": true, "/dev/stdin": true, "/dev/tty": true,
		"/dev/zero": true, "/dev/random": true, "/dev/urandom": true, "/dev/full": true,
	}
})

// Classify says where an absolute, clean path falls. A pattern (glob) is
// classified by the directory whose contents it matches, since "rm -rf /*"
// empties "/" as surely as removing it would.
func (r Resolver) Classify(abs string, glob bool) Place {
	if abs == "" {
		return Unknown
	}
	if glob {
		abs = globBase(abs)
	}
	if r.Project != "" && r.Project != "/" {
		proj := path.Clean(r.Project)
		if abs == proj {
			return ProjectRoot
		}
		if within(abs, proj) {
			return Project
		}
	}
	if abs == "/" {
		return Root
	}
	if nullFiles.Get()[abs] || strings.HasPrefix(abs, "/dev/fd/") || strings.HasPrefix(abs, "/proc/self/fd/") {
		return Null
	}
	home := r.Home
	if home == "" {
		home = "/home/user"
	}
	// The home directory, or a directory holding it, is never scratch
	// space, even when it lies under a temp tree (as in some containers).
	if abs == home || within(home, abs) {
		return HomeRoot
	}
	if within(abs, home) {
		return Home
	}
	for _, t := range tempTrees {
		if within(abs, t) || abs == t {
			return Temp
		}
	}
	if IsDevice(abs) {
		return Device
	}
	if abs == home || isHomeDir(abs) {
		return HomeRoot
	}
	if within(abs, home) || homeOf(abs) != "" {
		return Home
	}
	for _, t := range systemTrees {
		if abs == t {
			return SystemRoot
		}
		if within(abs, t) {
			return System
		}
	}
	if abs == "/home" || abs == "/Users" {
		return SystemRoot
	}
	return Outside
}

// globBase returns the directory a pattern's first wildcard lies in.
func globBase(p string) string {
	i := strings.IndexAny(p, "*?[")
	if i < 0 {
		return p
	}
	prefix := p[:i]
	if j := strings.LastIndexByte(prefix, '/'); j >= 0 {
		if j == 0 {
			return "/"
		}
		return prefix[:j]
	}
	return "."
}

func within(p, dir string) bool {
	if dir == "/" {
		return p != "/"
	}
	return strings.HasPrefix(p, dir+"/")
}

// isHomeDir reports whether p is a user's home directory itself.
func isHomeDir(p string) bool {
	if p == "/root" {
		return true
	}
	for _, base := range []string{"/home/", "/Users/"} {
		if rest, ok := strings.CutPrefix(p, base); ok && rest != "" && !strings.Contains(rest, "/") {
			return true
		}
	}
	return false
}

// homeOf returns the home directory p lies under, if any.
func homeOf(p string) string {
	if within(p, "/root") {
		return "/root"
	}
	for _, base := range []string{"/home/", "/Users/"} {
		if rest, ok := strings.CutPrefix(p, base); ok {
			if name, _, found := strings.Cut(rest, "/"); found && name != "" {
				return base + name
			}
		}
	}
	return ""
}

// HomeRelative returns p relative to the home directory it lies in
// (".ssh/id_rsa"), or "" when it lies in none.
func (r Resolver) HomeRelative(abs string) string {
	home := r.Home
	if home == "" {
		home = "/home/user"
	}
	if within(abs, home) {
		return strings.TrimPrefix(abs, home+"/")
	}
	if h := homeOf(abs); h != "" {
		return strings.TrimPrefix(abs, h+"/")
	}
	return ""
}

// IsDevice reports whether p is a block device, raw memory or a kernel
// control file whose writing can destroy data or crash the machine.
func IsDevice(p string) bool {
	if nullFiles.Get()[p] {
		return false
	}
	if p == "/proc/sysrq-trigger" || p == "/proc/kcore" || strings.HasPrefix(p, "/sys/firmware/") || strings.HasPrefix(p, "/sys/block/") {
		return true
	}
	name, ok := strings.CutPrefix(p, "/dev/")
	if !ok {
		return false
	}
	for _, prefix := range []string{"sd", "hd", "vd", "xvd", "nvme", "mmcblk", "disk", "rdisk", "loop", "dm-", "md", "sr", "mapper/", "dax", "pmem", "mem", "kmem", "port", "nbd", "zd", "rbd", "mtd", "ubi", "root", "raw"} {
		if strings.HasPrefix(name, prefix) {
			return true
		}
	}
	return false
}
