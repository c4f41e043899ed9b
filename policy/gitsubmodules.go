package policy

import (
	"fmt"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// A submodule is a repository of its own, and git looks into it by
// running git there: status and diff ask each submodule whether it has
// changes, commit -a and stash do the same, fetch and pull fetch into it,
// submodule update checks it out. That git reads the submodule's
// configuration and runs what it names (core.fsmonitor, a pager, a
// filter), as if typed in the submodule.

// maxSubmodules bounds the submodule repositories read for one command,
// nested ones included.
const maxSubmodules = 64

// gitSubmoduleLooks are the subcommands that may run git inside a
// submodule, with the subcommand whose hooks run there ("" for none).
// The options that turn it off (--ignore-submodules, diff.ignoreSubmodules)
// are not read, which only makes the answer stricter.
var gitSubmoduleLooks = lazy.New(func() map[string]string {
	return map[string]string{
		"status": "", "diff": "", "diff-index": "", "diff-files": "", "commit": "", "stash": "", "describe": "",
		"log": "", "show": "", "whatchanged": "", "format-patch": "", "range-diff": "", "grep": "", "ls-files": "",
		"add": "", "stage": "", "rm": "", "mv": "", "merge": "", "rebase": "", "cherry-pick": "", "revert": "", "am": "",
		"fetch": "", "pull": "checkout", "push": "", "submodule": "checkout", "checkout": "checkout", "switch": "checkout",
		"restore": "", "reset": "checkout",
	}
})

// gitSubmodulesRun judges what git sub runs inside the submodules of repo,
// nested ones too, from each one's configuration and, for a subcommand
// that checks them out, their hooks.
func (j *judgement) gitSubmodulesRun(c *shell.Command, sub string, repo gitRepository) {
	hooksOf, looks := gitSubmoduleLooks.Get()[sub]
	if !looks && !slices.ContainsFunc(c.Args, func(w shell.Word) bool { return gitOpt(w.Text, "--recurse-submodules") }) {
		return
	}
	subs, err := j.submoduleRepositories(repo)
	if err != nil {
		j.fireWith(catalog.UUnreadableConfig, c.String(), "git "+sub+" looks into the repository's submodules, and "+err.Error())
		return
	}
	for _, s := range subs {
		hooks, ok := j.gitRepositoryConfig(c, sub, s)
		if ok && hooksOf != "" {
			j.gitHooks(c, hooksOf, hooks)
		}
	}
}

// submoduleRepositories lists the repositories of repo's submodules, as
// git finds them: each one under its modules/ folder (a submodule's own
// modules/ holds its nested ones), and the .git of each path .gitmodules
// names in a work tree (an older clone keeps the repository there).
func (j *judgement) submoduleRepositories(repo gitRepository) ([]gitRepository, error) {
	var out []gitRepository
	seen := map[string]bool{path.Clean(repo.gitDir): true}
	queue := []gitRepository{repo}
	for len(queue) > 0 {
		super := queue[0]
		queue = queue[1:]
		found, err := j.modulesOf(super)
		if err != nil {
			return nil, err
		}
		for _, r := range found {
			if seen[path.Clean(r.gitDir)] {
				continue
			}
			seen[path.Clean(r.gitDir)] = true
			if len(out) == maxSubmodules {
				return nil, fmt.Errorf("it has more than %d submodules, more than arbiter reads", maxSubmodules)
			}
			out, queue = append(out, r), append(queue, r)
		}
	}
	return out, nil
}

// modulesOf returns the submodule repositories of one repository, not
// those nested in them.
func (j *judgement) modulesOf(super gitRepository) ([]gitRepository, error) {
	found, err := j.moduleDirs(path.Join(super.commonDir, "modules"), 0)
	if err != nil {
		return nil, err
	}
	if super.workTree == super.gitDir {
		return found, nil // bare: no work tree, no .gitmodules checked out
	}
	inTree, err := j.gitmodulesRepositories(super.workTree)
	return append(found, inTree...), err
}

// moduleDirs finds the repositories in a modules/ folder: a submodule's
// name may hold slashes (modules/lib/x), so folders that are not a
// repository are entered, up to a few levels.
func (j *judgement) moduleDirs(dir string, depth int) ([]gitRepository, error) {
	entries, err := os.ReadDir(dir)
	switch {
	case os.IsNotExist(err):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("%s cannot be listed", dir)
	case depth > 8:
		return nil, fmt.Errorf("%s is nested more than 8 deep", dir)
	}
	var out []gitRepository
	for _, e := range entries {
		d := path.Join(dir, e.Name())
		if !e.IsDir() {
			continue
		}
		if !isGitDirectory(d) {
			more, err := j.moduleDirs(d, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, more...)
			continue
		}
		r, err := gitRepositoryAt(d, j.moduleWorkTree(d))
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// moduleWorkTree is the work tree of a submodule repository: its
// core.worktree, where git runs the programs its configuration names;
// the repository's own folder when it has none or it cannot be told (a
// configuration that does not parse is told when it is judged).
func (j *judgement) moduleWorkTree(gitDir string) string {
	settings, err := j.cachedGitConfig(path.Join(gitDir, "config"))
	if err != nil {
		return gitDir
	}
	for _, s := range slices.Backward(settings) {
		if s.Section == "core" && s.Sub == "" && s.Name == "worktree" && s.Value != "" {
			return j.res.Resolve(s.Value, gitDir)
		}
	}
	return gitDir
}

// gitmodulesRepositories follows the paths a work tree's .gitmodules
// names, within the project, to the repository each one's .git is.
func (j *judgement) gitmodulesRepositories(workTree string) ([]gitRepository, error) {
	file := path.Join(workTree, ".gitmodules")
	settings, err := j.cachedGitConfig(file)
	if project.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []gitRepository
	for _, s := range settings {
		if s.Section != "submodule" || s.Name != "path" || s.Value == "" {
			continue
		}
		tree := j.res.Resolve(s.Value, workTree)
		if place := j.res.Classify(tree, false); place != paths.Project && place != paths.ProjectRoot || !strings.HasPrefix(tree, workTree+"/") {
			continue // git refuses a submodule path outside its work tree
		}
		dotgit := path.Join(tree, ".git")
		info, statErr := os.Stat(dotgit)
		switch {
		case statErr != nil:
			continue // not checked out: git has nothing to run there
		case info.IsDir():
			r, err := gitRepositoryAt(dotgit, tree)
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		default:
			r, err := j.gitFile(dotgit, tree)
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
	}
	return out, nil
}
