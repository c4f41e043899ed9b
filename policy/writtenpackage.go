package policy

import (
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
)

// writtenPackage judges loading an installed package (a bare specifier
// node finds in node_modules) that the agent wrote into in this session:
// arbiter does not read packages, which are the registry's code, but one
// the agent changed runs what the agent put there, in whichever of its
// files the package's loader picks. It is deferred, naming the file.
func (j *judgement) writtenPackage(spec, base, subj string) {
	if j.call.WrittenUnder == nil || strings.HasPrefix(spec, "node:") || strings.HasPrefix(spec, "/") || strings.HasPrefix(spec, ".") || strings.Contains(spec, ":") {
		return
	}
	name := packageName(spec)
	if name == "" {
		return
	}
	// node looks in node_modules of each folder from the file's up to
	// the root, nearest first.
	for dir := base; ; dir = path.Dir(dir) {
		pkg := path.Join(dir, "node_modules", name)
		if j.jsDir(pkg) {
			if wf, ok := j.call.WrittenUnder(pkg); ok {
				j.fireWith(catalog.UUnknownModule, subj, "loads the package "+name+" from "+j.shownPath(pkg)+", where the agent wrote "+j.fileShown(wf.Path)+" in this session (with "+wf.Tool+" at "+wf.Time.UTC().Format("15:04:05 UTC")+"): arbiter does not read installed packages, so what it loads is not known")
			}
			return
		}
		if dir == "/" || dir == "." || dir == "" {
			return
		}
	}
}

// packageName is the package of a bare specifier: its first segment, or
// its first two for a scoped one (@scope/name/sub → @scope/name).
func packageName(spec string) string {
	parts := strings.SplitN(spec, "/", 3)
	if strings.HasPrefix(spec, "@") {
		if len(parts) < 2 || parts[1] == "" {
			return ""
		}
		return parts[0] + "/" + parts[1]
	}
	if parts[0] == "" || parts[0] == ".." {
		return ""
	}
	return parts[0]
}
