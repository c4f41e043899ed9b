package policy

import (
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/paths"
)

// skillHomes are the directories, in the home directory and in the
// project, where the runtimes install skills (agents.Agent.Skills): each
// skill is a directory NAME holding a SKILL.md, with any scripts it runs
// beside it.
var skillHomes = lazy.New(func() []string {
	var out []string
	for _, a := range agents.All() {
		for _, d := range a.Skills {
			if !slices.Contains(out, d) {
				out = append(out, d)
			}
		}
	}
	return out
})

// pluginHomes hold installed plugins and extensions, in the home directory
// only (agents.Agent.Plugins); a plugin's skills sit in a skills/NAME
// directory somewhere inside.
var pluginHomes = lazy.New(func() []string {
	var out []string
	for _, a := range agents.All() {
		out = append(out, a.Plugins...)
	}
	return out
})

// skillDir reports whether abs (absolute and clean) lies inside the
// directory of an installed skill: the user's own code, installed the way
// a runtime installs skills, so its scripts are judged like the project's
// own rather than as unknown code. A directory counts only when it holds
// the SKILL.md that makes it a skill.
func skillDir(abs string, res paths.Resolver) bool {
	if abs == "" || !path.IsAbs(abs) || path.Clean(abs) != abs {
		return false
	}
	var bases []string
	if res.Home != "" {
		bases = append(bases, res.Home)
	}
	if res.Project != "" {
		bases = append(bases, res.Project)
	}
	for _, base := range bases {
		for _, dir := range skillHomes.Get() {
			if root := path.Join(base, dir); inSkill(abs, root) {
				return true
			}
		}
	}
	if res.Home == "" {
		return false
	}
	for _, dir := range pluginHomes.Get() {
		root := path.Join(res.Home, dir)
		rest, ok := strings.CutPrefix(abs, root+"/")
		if !ok {
			continue
		}
		// The skill's directory is the one below the last "skills" of
		// the path that still has something beneath it.
		parts := strings.Split(rest, "/")
		for i := len(parts) - 3; i >= 0; i-- {
			if parts[i] == "skills" && inSkill(abs, path.Join(root, path.Join(parts[:i+1]...))) {
				return true
			}
		}
	}
	return false
}

// skillFolder reports whether dir is an installed skill's folder or a
// folder inside one.
func skillFolder(dir string, res paths.Resolver) bool {
	return skillDir(path.Join(dir, "SKILL.md"), res)
}

// inSkill reports whether abs is below root/NAME/ and root/NAME holds a
// SKILL.md file.
func inSkill(abs, root string) bool {
	rest, ok := strings.CutPrefix(abs, root+"/")
	if !ok {
		return false
	}
	name, below, ok := strings.Cut(rest, "/")
	if !ok || name == "" || below == "" || strings.HasPrefix(name, ".") {
		return false
	}
	info, err := os.Stat(path.Join(root, name, "SKILL.md"))
	return err == nil && info.Mode().Type()&fs.ModeType == 0
}
