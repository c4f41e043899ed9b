package paths

import (
	"os"
	"path"
	"runtime"
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
	r := Resolver{Project: project, Cwd: cwd, Home: home, FoldCase: caseInsensitiveOS()}
	r.projectReal = r.real(project)
	r.homeReal = r.real(r.home())
	r.rooted = true
	return r
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
	if r.links == nil {
		r.links = map[string]string{}
	}
	r.links[path.Clean(link)] = target
}

// follow resolves the symbolic links in an absolute path, component by
// component: links the command creates first, then links on disk while the
// prefix exists. With last false the final component is not followed (rm,
// mv and ln act on a link itself, not on what it points to).
func (r Resolver) follow(abs string, last bool) string {
	if abs == "" || !path.IsAbs(abs) {
		return abs
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
			return path.Clean(abs)
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
		target, isLink := r.links[next]
		if !isLink && onDisk {
			if r.osOwned(next) {
				onDisk = false // nothing below is the command's to link
			} else {
				target, isLink, onDisk = lstatLink(next, done == "/")
			}
		}
		if !isLink {
			done = next
			continue
		}
		if links++; links > maxLinks {
			return path.Clean(abs) // a loop: the kernel would refuse the path
		}
		if !path.IsAbs(target) {
			target = path.Join(done, target)
		}
		rest = append(splitPath(target), rest...)
		done, onDisk = "/", true
	}
	return done
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
	system := false
	for _, t := range systemTrees {
		if p == t || within(p, t) {
			system = true
			break
		}
	}
	if !system {
		return false
	}
	for _, t := range tempTrees {
		if p == t || within(p, t) {
			return false
		}
	}
	for _, root := range []string{r.Project, r.projectReal, r.home(), r.homeReal} {
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
	return r.follow(dir, true)
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
	projectReal, homeReal := r.projectReal, r.homeReal
	if !r.rooted {
		projectReal, homeReal = r.real(r.Project), r.real(r.home())
	}
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
