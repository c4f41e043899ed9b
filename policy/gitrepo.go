package policy

import (
	"fmt"
	"os"
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// gitRepository is the repository a git command works on, found as git
// finds it: the folder's .git (a directory, or a file saying gitdir:), a
// bare repository the folder is, or GIT_DIR / --git-dir.
type gitRepository struct {
	gitDir    string // the repository's own directory
	commonDir string // where its config and hooks are (a linked worktree's main .git)
	workTree  string // where programs named by its configuration run; gitDir when bare
}

// Bounds on a repository's configuration: git itself stops including at
// depth 10; a repository's files are a handful.
const (
	maxGitConfigFiles = 16
	maxGitIncludes    = 10
)

// findRepository walks up from dir, within the project, to the repository
// git would use there. Found is false when none is in the project (git
// then looks above the project, where arbiter does not follow it); err
// names a .git file or commondir arbiter could not read.
func (j *judgement) findRepository(dir string) (repo gitRepository, found bool, err error) {
	root := j.res.Project
	if root == "" || !path.IsAbs(dir) {
		return gitRepository{}, false, nil // no project: nothing is within it (and the walk would not end)
	}
	for d := dir; d == root || strings.HasPrefix(d, root+"/"); d = path.Dir(d) {
		dotgit := path.Join(d, ".git")
		if info, statErr := os.Stat(dotgit); statErr == nil {
			if info.IsDir() {
				repo, err = gitRepositoryAt(dotgit, d)
				return repo, true, err
			}
			repo, err = j.gitFile(dotgit, d)
			return repo, true, err
		}
		if isGitDirectory(d) {
			repo, err = gitRepositoryAt(d, d)
			return repo, true, err
		}
		if d == root {
			break
		}
	}
	return gitRepository{}, false, nil
}

// isGitDirectory reports whether dir is a repository's directory itself
// (a bare repository, or a .git entered with cd): git's test is HEAD,
// objects/ and refs/. Any HEAD counts here, valid or not, so that arbiter
// finds every repository git would, and perhaps more.
func isGitDirectory(dir string) bool {
	for _, name := range []string{"HEAD", "objects", "refs"} {
		if _, err := os.Lstat(path.Join(dir, name)); err != nil {
			return false
		}
	}
	return true
}

// gitFile follows a .git file (a submodule's or a linked worktree's) to the
// repository it names.
func (j *judgement) gitFile(file, workTree string) (gitRepository, error) {
	f, err := j.read(file)
	if err != nil || f.Kind != project.Text {
		return gitRepository{}, fmt.Errorf("%s cannot be read", file)
	}
	target, ok := strings.CutPrefix(strings.TrimSpace(f.Text), "gitdir:")
	if !ok || strings.ContainsAny(strings.TrimSpace(target), "\n") {
		return gitRepository{}, fmt.Errorf("%s does not say gitdir:", file)
	}
	return gitRepositoryAt(j.res.Resolve(strings.TrimSpace(target), path.Dir(file)), workTree)
}

// gitRepositoryAt completes a repository from its directory: a linked
// worktree's commondir file names the repository whose config and hooks
// it shares.
func gitRepositoryAt(gitDir, workTree string) (gitRepository, error) {
	repo := gitRepository{gitDir: gitDir, commonDir: gitDir, workTree: workTree}
	f, err := project.Read(path.Join(gitDir, "commondir"))
	switch {
	case project.IsNotExist(err):
		return repo, nil
	case err != nil || f.Kind != project.Text:
		return repo, fmt.Errorf("%s/commondir cannot be read", gitDir)
	}
	common := strings.TrimSpace(f.Text)
	if !path.IsAbs(common) {
		common = path.Join(gitDir, common)
	}
	repo.commonDir = path.Clean(common)
	return repo, nil
}

// gitConfigFiles lists the configuration files of a repository that git
// reads, the included ones too, in order; a file that does not exist is
// left out, as git leaves it. err names what could not be read.
func (j *judgement) gitConfigFiles(repo gitRepository) (files []string, settings [][]project.GitSetting, err error) {
	queue := []string{path.Join(repo.commonDir, "config")}
	if repo.gitDir != repo.commonDir {
		queue = append(queue, path.Join(repo.gitDir, "config.worktree"))
	}
	depth := map[string]int{}
	for len(queue) > 0 {
		file := queue[0]
		queue = queue[1:]
		if len(files) == maxGitConfigFiles {
			return nil, nil, fmt.Errorf("the configuration includes more than %d files (from %s)", maxGitConfigFiles, file)
		}
		s, readErr := j.cachedGitConfig(file)
		if project.IsNotExist(readErr) {
			continue
		}
		if readErr != nil {
			return nil, nil, readErr
		}
		files, settings = append(files, file), append(settings, s)
		for _, inc := range s {
			if inc.Name != "path" || inc.Section != "include" && inc.Section != "includeif" || inc.Value == "" {
				continue
			}
			// includeIf's condition is not evaluated: reading a file git may
			// skip only makes the judgement stricter.
			next := j.res.Resolve(inc.Value, path.Dir(file))
			if depth[next] = depth[file] + 1; depth[next] > maxGitIncludes {
				return nil, nil, fmt.Errorf("%s includes files more than %d deep", file, maxGitIncludes)
			}
			queue = append(queue, next)
		}
	}
	return files, settings, nil
}

// cachedGitConfig reads a configuration file once per decision.
func (j *judgement) cachedGitConfig(file string) ([]project.GitSetting, error) {
	c := j.cache()
	if c.gitConfigs == nil {
		c.gitConfigs = map[string]gitConfigRead{}
	}
	if r, ok := c.gitConfigs[file]; ok {
		return r.settings, r.err
	}
	s, err := project.ReadGitConfig(file)
	c.gitConfigs[file] = gitConfigRead{s, err}
	return s, err
}

// gitRun says when git runs a program a setting names: for every
// subcommand, only when it reaches a remote, or only when it signs or
// verifies; and how the value names it.
type gitRun struct {
	when string // "", "remote", "sign", or one subcommand
	how  string // "shell" (sh -c VALUE), "bool-or-shell", "program" (one path), "credential", "remote-helper", "shell-bang" (!VALUE only)
}

// gitWhen lists the subcommands of each group in gitRun.when.
var gitWhen = lazy.New(func() map[string][]string {
	return map[string][]string{
		"remote": {"fetch", "pull", "push", "clone", "ls-remote", "remote", "submodule", "archive", "lfs"},
		"sign":   {"commit", "tag", "merge", "pull", "rebase", "cherry-pick", "revert", "am", "stash", "log", "show", "verify-commit", "verify-tag", "verify-pack"},
	}
})

// gitPrograms are the settings with which a repository's configuration
// makes git run a program, keyed "section.name" or "section.*.name" (any
// subsection). Each is what git's own documentation (git-config(1),
// gitattributes(5), git-lfs-config(5)) says runs a command.
var gitPrograms = lazy.New(func() map[string]gitRun {
	all, remote, sign := "", "remote", "sign"
	return map[string]gitRun{
		"core.fsmonitor":             {all, "bool-or-shell"},
		"core.pager":                 {all, "shell"},
		"pager.*":                    {all, "bool-or-shell"},
		"core.editor":                {all, "shell"},
		"sequence.editor":            {all, "shell"},
		"interactive.difffilter":     {all, "shell"},
		"diff.external":              {all, "shell"},
		"diff.*.command":             {all, "shell"},
		"diff.*.textconv":            {all, "shell"},
		"merge.*.driver":             {all, "shell"},
		"filter.*.clean":             {all, "shell"},
		"filter.*.smudge":            {all, "shell"},
		"filter.*.process":           {all, "shell"},
		"core.sshcommand":            {remote, "shell"},
		"core.gitproxy":              {remote, "shell"},
		"core.askpass":               {remote, "program"},
		"core.alternaterefscommand":  {remote, "shell"},
		"uploadpack.packobjectshook": {remote, "shell"},
		"remote.*.uploadpack":        {remote, "shell"},
		"remote.*.receivepack":       {remote, "shell"},
		"remote.*.vcs":               {remote, "remote-helper"},
		"credential.helper":          {remote, "credential"},
		"credential.*.helper":        {remote, "credential"},
		"lfs.*.path":                 {all, "program"},
		"lfs.*.clean":                {all, "shell"},
		"lfs.*.smudge":               {all, "shell"},
		"gpg.program":                {sign, "program"},
		"gpg.*.program":              {sign, "program"},
		"gpg.ssh.defaultkeycommand":  {sign, "shell"},
		"submodule.*.update":         {"submodule", "shell-bang"},
		"sendemail.*.sendmailcmd":    {"send-email", "shell"},
		"sendemail.sendmailcmd":      {"send-email", "shell"},
		"sendemail.tocmd":            {"send-email", "shell"},
		"sendemail.cccmd":            {"send-email", "shell"},
		"sendemail.headercmd":        {"send-email", "shell"},
		"mergetool.*.cmd":            {"mergetool", "shell"},
		"difftool.*.cmd":             {"difftool", "shell"},
		"tar.*.command":              {"archive", "shell"}, // the filter git archive pipes a tar through (tgz, tar.gz: gzip -cn by default)
		"core.hookspath":             {all, "hooks"},
	}
})

// gitProgram finds the entry of gitPrograms for a setting, if any.
func gitProgram(s project.GitSetting) (gitRun, bool) {
	m := gitPrograms.Get()
	if s.Section == "pager" {
		r, ok := m["pager.*"] // pager.<command>: the name is the command
		return r, ok
	}
	if s.Sub == "" {
		r, ok := m[s.Section+"."+s.Name]
		return r, ok
	}
	r, ok := m[s.Section+".*."+s.Name]
	return r, ok
}

// runsFor reports whether a setting's program runs for git sub.
func (r gitRun) runsFor(sub string) bool {
	if r.when == "" {
		return true
	}
	if group, ok := gitWhen.Get()[r.when]; ok {
		for _, s := range group {
			if s == sub {
				return true
			}
		}
		return false
	}
	return r.when == sub
}

// command returns the shell command git runs for a setting's value, or ""
// when the value names none (a boolean, an empty reset).
func (r gitRun) command(value string) string {
	v := strings.TrimSpace(value)
	if v == "" {
		return ""
	}
	switch r.how {
	case "bool-or-shell":
		if gitBool(v) {
			return ""
		}
	case "program":
		return shellQuote(v)
	case "remote-helper":
		return shellQuote("git-remote-" + v)
	case "credential":
		if rest, ok := strings.CutPrefix(v, "!"); ok {
			return rest
		}
		if path.IsAbs(v) || strings.HasPrefix(v, "~") {
			return v
		}
		return "git credential-" + v // git runs git-credential-NAME with the value's words
	case "shell-bang":
		rest, ok := strings.CutPrefix(v, "!")
		if !ok {
			return "" // checkout, rebase, merge or none: git's own
		}
		return rest
	}
	return v
}

// gitBool reports whether v is one of git's boolean words.
func gitBool(v string) bool {
	switch strings.ToLower(v) {
	case "true", "false", "yes", "no", "on", "off", "1", "0":
		return true
	}
	return false
}

// gitRepositoryConfig judges what the repository's configuration makes git
// sub run, as if each program it names were typed, in the work tree,
// where git runs them; it returns the folder git takes hooks from. A
// configuration arbiter cannot read is not allowed.
func (j *judgement) gitRepositoryConfig(c *shell.Command, sub string, repo gitRepository) (hooks string, ok bool) {
	subj := c.String()
	hooks = path.Join(repo.commonDir, "hooks")
	files, settings, err := j.gitConfigFiles(repo)
	if err != nil {
		j.fireWith(catalog.UUnreadableConfig, subj, "git reads the repository's configuration, and "+err.Error())
		return "", false
	}
	for k, file := range files {
		for _, s := range settings[k] {
			run, known := gitProgram(s)
			if !known || !run.runsFor(sub) {
				continue
			}
			if run.how == "hooks" {
				hooks = j.res.Resolve(s.Value, repo.workTree)
				continue
			}
			text := run.command(s.Value)
			if text == "" {
				continue
			}
			j.shellText(text, repo.workTree, subj+" ("+s.Key()+" in "+j.fileShown(file)+")")
		}
	}
	return hooks, true
}

// gitRepositoryFor returns the repository git works on when run in dir:
// the one GIT_DIR or --git-dir names, or the one found from dir. Found is
// false when none is in the project.
func (j *judgement) gitRepositoryFor(c *shell.Command, dir, gitDir string) (gitRepository, bool, error) {
	for _, e := range c.Env {
		if e.Name == "GIT_DIR" && !e.Value.Dynamic {
			gitDir = j.res.Resolve(e.Value.Text, c.Dir)
		}
	}
	if gitDir == "" {
		return j.findRepository(dir)
	}
	if place := j.res.Classify(gitDir, false); place != paths.Project && place != paths.ProjectRoot {
		return gitRepository{}, false, nil // judged as a redirect where the variable or option is
	}
	if info, err := os.Stat(gitDir); err == nil && !info.IsDir() {
		repo, err := j.gitFile(gitDir, dir)
		return repo, true, err
	}
	repo, err := gitRepositoryAt(gitDir, dir)
	return repo, true, err
}

// gitRepositoryRuns judges what git sub runs from the repository it works
// on, the project's own or one nested in it: the programs its
// configuration names and the hooks the subcommand runs.
func (j *judgement) gitRepositoryRuns(c *shell.Command, sub, dir, gitDir string) {
	if j.res.Project == "" || dir == "" {
		return
	}
	repo, found, err := j.gitRepositoryFor(c, dir, gitDir)
	if err != nil {
		j.fireWith(catalog.UUnreadableConfig, c.String(), "git looks for its repository there, and "+err.Error())
		return
	}
	if !found {
		return
	}
	hooks, ok := j.gitRepositoryConfig(c, sub, repo)
	if !ok {
		return
	}
	j.gitHooks(c, sub, hooks)
	j.gitSubmodulesRun(c, sub, repo)
}
