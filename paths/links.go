package paths

import (
	"maps"
	"os"
	"path"
	"runtime"
	"slices"
	"strings"
)

// maxLinks bounds the symbolic links one resolution follows, as the
// kernel does (Linux gives up with ELOOP after 40).
const maxLinks = 40

// maxSteps bounds the path components one resolution visits, so that
// links that expand into long paths cannot make it slow.
const maxSteps = 4096

// New returns a resolver for one call. project, cwd and home are absolute
// paths ("" when unknown). It reads the real locations of the project and
// home directories once, so that a project reached through a symbolic link
// still counts as the project.
func New(project, cwd, home string) Resolver {
	return Resolver{Project: project, Cwd: cwd, Home: home, FoldCase: caseInsensitiveOS(), seen: &seen{}}
}

// seen remembers, for one call, what the disk said about each path
// component and where the project and home directories really are: a call
// names the same directories many times.
type seen struct {
	links       map[string]string
	resolved    []answer    // a call names few paths: a short list beats a map
	lstat       []component // likewise
	rooted      bool
	projectReal string
	homeReal    string
}

// component is what lstat said about one path.
type component struct {
	path   string
	target string
	isLink bool
	exists bool
}

// maxRemembered bounds what one call remembers; beyond it, the disk is
// asked again.
const maxRemembered = 64

// lstat reads one component, through the call's memory when it has one.
func (r Resolver) lstat(p string, top bool) (string, bool, bool) {
	if r.seen == nil {
		return lstatLink(p, top)
	}
	for _, c := range r.seen.lstat {
		if c.path == p {
			return c.target, c.isLink, c.exists
		}
	}
	t, l, e := lstatLink(p, top)
	if len(r.seen.lstat) < maxRemembered {
		r.seen.lstat = append(r.seen.lstat, component{p, t, l, e})
	}
	return t, l, e
}

// roots returns where the project and home directories really are.
func (r Resolver) roots() (project, home string) {
	if r.seen == nil {
		return r.real(r.Project), r.real(r.home())
	}
	if !r.seen.rooted {
		r.seen.projectReal, r.seen.homeReal = r.real(r.Project), r.real(r.home())
		r.seen.rooted = true
	}
	return r.seen.projectReal, r.seen.homeReal
}

// caseInsensitiveOS reports whether the operating system's usual
// filesystem ignores case (APFS and HFS+ by default, NTFS).
func caseInsensitiveOS() bool {
	switch runtime.GOOS {
	case "darwin", "ios", "windows":
		return true
	}
	return false
}

// AddLink records a link the command creates before later parts of it
// run: link is the absolute path of the new link, target what it points
// to (for a relative target, relative to the link's directory, as the
// kernel reads it). Later resolutions follow it as if it were on disk.
func (r *Resolver) AddLink(link, target string) {
	if link == "" || target == "" || !path.IsAbs(link) {
		return
	}
	links := &r.links
	if r.seen != nil {
		links = &r.seen.links // shared by every copy of the resolver for this call
		r.seen.resolved = nil // answers given before the link may change
	}
	if *links == nil {
		*links = map[string]string{}
	}
	(*links)[path.Clean(link)] = target
}

// link returns the target of a link the command creates at p.
func (r Resolver) link(p string) (string, bool) {
	if r.seen != nil && r.seen.links != nil {
		t, ok := r.seen.links[p]
		return t, ok
	}
	t, ok := r.links[p]
	return t, ok
}

// follow resolves the symbolic links in an absolute path, component by
// component: links the command creates first, then links on disk while the
// prefix exists. With last false the final component is not followed (rm,
// mv and ln act on a link itself, not on what it points to).
func (r Resolver) follow(abs string, last bool) (string, bool) {
	if abs == "" || !path.IsAbs(abs) {
		return abs, false
	}
	if clean := path.Clean(abs); clean == abs && r.noLinks(abs, last) {
		return abs, false // the common case, found without building any string
	}
	trailing := strings.HasSuffix(abs, "/") || strings.HasSuffix(abs, "/.")
	if trailing {
		last = true // "link/" names the directory the link points to
	}
	rest := splitPath(abs)
	done := "/"
	onDisk := true // whether done exists on disk, so lstat can say more
	links, steps := 0, 0
	for len(rest) > 0 {
		if steps++; steps > maxSteps {
			return path.Clean(abs), links > 0
		}
		name := rest[0]
		rest = rest[1:]
		switch name {
		case "", ".":
			continue
		case "..":
			done = path.Dir(done)
			continue
		}
		next := path.Join(done, name)
		if len(rest) == 0 && !last {
			done = next
			break
		}
		target, isLink := r.link(next)
		if !isLink && onDisk {
			if r.osOwned(next) {
				onDisk = false // nothing below is the command's to link
			} else {
				target, isLink, onDisk = r.lstat(next, done == "/")
			}
		}
		if !isLink {
			done = next
			continue
		}
		if links++; links > maxLinks {
			return path.Clean(abs), true // a loop: the kernel would refuse the path
		}
		if !path.IsAbs(target) {
			target = path.Join(done, target)
		}
		rest = append(splitPath(target), rest...)
		done, onDisk = "/", true
	}
	return done, links > 0
}

// noLinks reports whether no prefix of a clean absolute path is a link,
// looking at each prefix in place.
func (r Resolver) noLinks(abs string, last bool) bool {
	if abs == "/" {
		return true
	}
	onDisk := true
	for i := 1; i <= len(abs); i++ {
		if i < len(abs) && abs[i] != '/' {
			continue
		}
		if i == len(abs) && !last {
			return true
		}
		prefix := abs[:i]
		if _, ok := r.link(prefix); ok {
			return false
		}
		if onDisk && !r.osOwned(prefix) {
			_, isLink, exists := r.lstat(prefix, !strings.Contains(prefix[1:], "/"))
			if isLink {
				return false
			}
			onDisk = exists
		} else {
			onDisk = false
		}
	}
	return true
}

// lstatLink reads one path component from disk. It reports the link's
// target when p is a symbolic link, and whether p exists (so that deeper
// components need no lstat). Links directly under the root (/tmp →
// /private/tmp on macOS, /bin → /usr/bin) are the operating system's own
// layout, which only an administrator changes and which Classify knows
// under both names, so they are not followed.
func lstatLink(p string, top bool) (target string, isLink, exists bool) {
	fi, err := os.Lstat(p)
	if err != nil {
		return "", false, false
	}
	if fi.Mode()&os.ModeSymlink == 0 {
		return "", false, fi.IsDir()
	}
	if top {
		return "", false, true
	}
	t, err := os.Readlink(p)
	if err != nil || t == "" {
		return "", false, false
	}
	return t, true, true
}

// osOwned reports whether p lies in an operating system tree (/etc, /usr,
// /dev, /proc, …), outside the project, the home directory and the temp
// trees. Links there are the system's own: an agent cannot plant them
// without root, the kernel's (/dev/stdout → /proc/self/fd/1) describe
// arbiter's process rather than the command's, and the policy's rules
// name system files as they are written (/etc/localtime, not where it
// points).
func (r Resolver) osOwned(p string) bool {
	top := p
	if i := strings.IndexByte(p[1:], '/'); i >= 0 {
		top = p[:i+1]
	}
	// A search of the 27 short names: a map of them, built on a
	// call's first path, cost a fresh process more than a call's
	// searches (BENCHMARKS.md).
	if !slices.Contains(systemTrees, top) {
		return false
	}
	for _, t := range tempTrees {
		if p == t || within(p, t) {
			return false
		}
	}
	for _, root := range []string{r.Project, r.home()} {
		if root != "" && root != "/" && (p == root || within(p, root) || within(root, p)) {
			return false
		}
	}
	return !(p == "/root" || within(p, "/root"))
}

func splitPath(p string) []string {
	return strings.Split(strings.TrimPrefix(p, "/"), "/")
}

// real returns where an absolute directory really is ("" stays "").
func (r Resolver) real(dir string) string {
	if dir == "" || !path.IsAbs(dir) {
		return dir
	}
	real, _ := r.follow(dir, true)
	return real
}

// home returns the home directory, with the default used when none is set.
func (r Resolver) home() string {
	if r.Home == "" {
		return "/home/user"
	}
	return r.Home
}

// reroot gives a resolved path back the spelling of the project or home
// directory it lies in, so that a project reached through a link (or
// /Users/Dev written /users/dev on a case-insensitive disk) still counts
// as the project.
func (r Resolver) reroot(p string, fold bool) string {
	projectReal, homeReal := r.roots()
	for _, root := range [][2]string{{projectReal, path.Clean(r.Project)}, {homeReal, path.Clean(r.home())}} {
		realRoot, spelled := root[0], root[1]
		if realRoot == "" || realRoot == "/" || spelled == "." {
			continue
		}
		for _, from := range []string{realRoot, spelled} {
			if rest, ok := cutRoot(p, from, fold); ok {
				return spelled + rest
			}
		}
	}
	return p
}

// cutRoot returns what follows root in p ("" or "/…"), comparing without
// case when fold is set.
func cutRoot(p, root string, fold bool) (string, bool) {
	if len(p) < len(root) {
		return "", false
	}
	head, rest := p[:len(root)], p[len(root):]
	if rest != "" && rest[0] != '/' {
		return "", false
	}
	if head == root || fold && strings.EqualFold(head, root) {
		return rest, true
	}
	return "", false
}

// IsDir reports whether an absolute path is a directory on disk, following
// links (ln and cp put their operands inside an existing directory).
func (r Resolver) IsDir(abs string) bool {
	if abs == "" {
		return false
	}
	fi, err := os.Stat(abs)
	return err == nil && fi.IsDir()
}

// NewLinks returns the paths of the links the command creates (AddLink),
// sorted, so that a pattern can be matched against them as the shell
// would match the links once they exist.
func (r Resolver) NewLinks() []string {
	links := r.links
	if r.seen != nil {
		links = r.seen.links
	}
	return slices.Sorted(maps.Keys(links))
}
