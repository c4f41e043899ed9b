package policy

import (
	"path"
	"slices"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/project"

	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
)

// gitOpt reports whether arg is one of the named options, or an
// abbreviation git accepts for a long one (git takes any unambiguous prefix).
func gitOpt(arg string, names ...string) bool {
	flag, _, _ := strings.Cut(arg, "=")
	for _, n := range names {
		if flag == n {
			return true
		}
		if strings.HasPrefix(n, "--") && strings.HasPrefix(flag, "--") && len(flag) >= 3 && strings.HasPrefix(n, flag) {
			return true
		}
	}
	return false
}

// stashPushes reports whether git stash with this first word stashes
// (push, its old name save, or options alone, which are push's): there
// -p picks hunks at the terminal, while show and list -p print a patch.
func stashPushes(first string) bool {
	return first == "" || first == "push" || first == "save" || strings.HasPrefix(first, "-")
}

// stashWrites reports whether git stash with this first word changes
// files of the working tree: stashing (push, save, options alone), and
// writing a stash back (pop, apply, branch).
func stashWrites(first string) bool {
	return stashPushes(first) || first == "pop" || first == "apply" || first == "branch"
}

// shortFlag reports whether arg is a cluster of short options containing c.
func shortFlag(arg string, c byte) bool {
	return len(arg) > 1 && arg[0] == '-' && arg[1] != '-' && strings.IndexByte(arg[1:], c) >= 0
}

// git judges a git invocation by its subcommand.
func (j *judgement) git(c *shell.Command) {
	subj := c.String()
	args := c.Args
	config := map[string]string{}
	var moves []string // the -C directories, in order
	gitDir := ""       // --git-dir, resolved
	i := 0
	for i < len(args) && strings.HasPrefix(args[i].Text, "-") {
		t := args[i].Text
		j.gitGlobalOption(c, args[i:])
		switch {
		case t == "-c" && i+1 < len(args):
			k, v, _ := strings.Cut(args[i+1].Text, "=")
			config[strings.ToLower(k)] = strings.ToLower(v)
			i += 2
		case t == "-C" && i+1 < len(args):
			moves = append(moves, args[i+1].Text)
			i += 2
		case t == "--git-dir" && i+1 < len(args):
			gitDir = j.res.Resolve(args[i+1].Text, c.Dir)
			i += 2
		case strings.HasPrefix(t, "--git-dir="):
			gitDir = j.res.Resolve(strings.TrimPrefix(t, "--git-dir="), c.Dir)
			i++
		case t == "-C" || t == "--git-dir" || t == "--work-tree" || t == "--namespace" || t == "--exec-path" || t == "--config-env" || t == "--super-prefix":
			i += 2
		default:
			i++
		}
	}
	if i >= len(args) {
		j.fireWith(catalog.D6GitRead, subj, "prints git's version or help")
		return
	}
	sub := args[i].Text
	if sub != "version" && sub != "help" {
		// Judged on: what the subcommand does may call for more than a defer.
		if dir := j.gitElsewhere(c, moves, subj); sub != "init" && sub != "clone" {
			j.gitRepositoryRuns(c, sub, dir, gitDir)
		}
	}
	rest := args[i+1:]
	has := func(names ...string) bool {
		for _, a := range rest {
			if gitOpt(a.Text, names...) {
				return true
			}
		}
		return false
	}
	short := func(c byte) bool {
		for _, a := range rest {
			if shortFlag(a.Text, c) {
				return true
			}
		}
		return false
	}
	first := ""
	if len(rest) > 0 {
		first = rest[0].Text
	}
	discard := func(what string) {
		j.fireWith(catalog.B7GitDiscard, subj, what+"; uncommitted work cannot be recovered")
	}
	for _, a := range rest {
		if v, ok := strings.CutPrefix(a.Text, "--output="); ok {
			j.writeArgs(c, []shell.Word{{Text: v}})
		}
	}
	if sub == "fetch" && (short('f') || has("--force") || slices.ContainsFunc(rest, func(w shell.Word) bool { return strings.HasPrefix(w.Text, "+") })) {
		j.fireWith(catalog.B7GitHistoryDestroy, subj, "fetches with force, overwriting local branches with what the remote has, which can lose commits")
		return
	}
	if (has("--no-verify") || (sub == "commit" || sub == "merge") && short('n')) && (sub == "commit" || sub == "push" || sub == "merge" || sub == "am" || sub == "rebase") {
		j.fire(catalog.B7GitNoVerify, subj)
	}
	if (sub == "apply" || sub == "am") && !has("--check", "--stat", "--numstat", "--summary") {
		// git apply here is read as the patch it applies; elsewhere, or
		// with words the reading does not follow, and git am, are not.
		here := len(moves) == 0 && gitDir == "" && !slices.ContainsFunc(args[:i], func(w shell.Word) bool { return strings.HasPrefix(w.Text, "--work-tree") })
		if sub == "am" || !here || !j.gitApplyRead(c, rest, subj) {
			j.fireWith(catalog.UUnlistedFiles, subj, "applies a patch whose file names arbiter has not read; it may write agent settings, editor tasks or .envrc")
		}
	}
	switch sub {
	case "status", "diff", "log", "show", "rev-parse", "ls-files", "ls-tree", "ls-remote", "blame", "describe", "shortlog", "rev-list",
		"cat-file", "for-each-ref", "show-ref", "show-branch", "whatchanged", "reflog", "help", "version", "var", "check-ignore", "check-attr",
		"name-rev", "merge-base", "count-objects", "fsck", "verify-commit", "verify-tag", "cherry", "range-diff", "grep", "annotate", "diff-tree", "diff-files", "diff-index", "archive", "format-patch", "bugreport":
		if sub == "reflog" && (first == "expire" || first == "delete") {
			j.fire(catalog.B7GitHistoryDestroy, subj)
			return
		}
		if (sub == "grep" || sub == "diff") && has("--no-index") && j.noIndexReadsCredentials(c, rest) {
			return
		}
		if sub == "grep" && (short('O') || has("--open-files-in-pager")) {
			j.fireWith(catalog.BOptionRunsProgram, subj, "git grep -O runs a pager program on the matches")
			return
		}
		if (sub == "var" && (short('l') || has("--list")) || sub == "ls-remote" && has("--get-url")) && j.res.Project != "" && storesToken(path.Join(j.res.Project, ".git", "config")) {
			j.fireWith(catalog.B3SecretPrint, subj, "prints git configuration that holds a token in a remote URL or an extra header")
			return
		}
		j.fire(catalog.D6GitRead, subj)
		j.readArgs(c)
	case "add", "commit", "fetch", "merge", "cherry-pick", "revert", "init", "apply", "am", "notes", "bisect", "mergetool", "lfs", "sparse-checkout", "maintenance", "rerere", "stage", "switch", "restore", "checkout", "stash", "branch", "tag", "worktree", "submodule", "gc", "config", "remote", "mv", "rm":
		if (sub == "merge" || sub == "cherry-pick" || sub == "revert" || sub == "am") && has("--abort") {
			// As reset --merge: conflict resolutions in progress are lost.
			discard("aborts the " + sub + ", resetting the working tree")
			return
		}
		j.gitChange(c, sub, rest, config, has, short, discard)
	case "reset":
		if has("--hard", "--merge", "--keep") {
			discard("resets the working tree, discarding changes")
			return
		}
		j.fireWith(catalog.D6GitLocal, subj, "moves the branch pointer without touching files")
	case "clean":
		forced := short('f') || has("--force") || config["clean.requireforce"] == "false" || config["clean.requireforce"] == "no" || config["clean.requireforce"] == "0"
		if short('n') || has("--dry-run") {
			j.fireWith(catalog.D6GitRead, subj, "lists what git clean would delete")
			return
		}
		if forced {
			discard("deletes untracked files")
			return
		}
		j.fireWith(catalog.D6GitRead, subj, "git clean without --force deletes nothing")
	case "push":
		for _, a := range rest {
			t := a.Text
			if gitOpt(t, "--force", "--force-with-lease", "--force-if-includes", "--mirror", "--delete", "--prune") || shortFlag(t, 'f') || shortFlag(t, 'd') || strings.HasPrefix(t, "+") || strings.HasPrefix(t, ":") && len(t) > 1 {
				j.fire(catalog.B7GitForcePush, subj)
				return
			}
		}
		j.fire(catalog.C2GitPush, subj)
	case "pull", "clone":
		j.fireWith(catalog.C1NetworkRequest, subj, "fetches from a remote and changes local files")
	case "rebase":
		if (short('i') || has("--interactive")) && !editorIsSet(c, "GIT_SEQUENCE_EDITOR", "GIT_EDITOR", "VISUAL", "EDITOR") {
			j.fireInstead(catalog.H8Interactive, subj, "git rebase -i opens an editor and hangs the agent", "use a non-interactive rebase, or git commit --fixup with git rebase --autosquash and GIT_SEQUENCE_EDITOR=true")
			return
		}
		j.fire(catalog.CGitRebase, subj)
	case "filter-branch", "filter-repo", "replace":
		j.fire(catalog.B7GitHistoryRewrite, subj)
	case "prune", "update-ref", "repack", "prune-packed":
		if sub == "repack" && !has("-d", "--delete") && !short('d') {
			j.fireWith(catalog.D6GitLocal, subj, "repacks objects")
			return
		}
		if sub == "prune" && (has("--dry-run") || short('n')) {
			j.fireWith(catalog.D6GitRead, subj, "lists the objects git prune would remove, and removes none")
			return
		}
		j.fireWith(catalog.B7GitHistoryDestroy, subj, "removes objects or refs directly, which can lose commits for good")
	case "send-email", "request-pull":
		j.fireWith(catalog.B10SendMessage, subj, "sends email to other people")
	case "difftool":
		j.fireWith(catalog.URunsAProgram, subj, "runs an external diff tool")
	default:
		j.fireWith(catalog.UUnknownGit, subj, "arbiter has no rule for git "+sub)
	}
}

// gitChange judges subcommands that change local state, most of them
// routine and a few of their options destructive.
func (j *judgement) gitChange(c *shell.Command, sub string, rest []shell.Word, config map[string]string, has func(...string) bool, short func(byte) bool, discard func(string)) {
	subj := c.String()
	first := ""
	if len(rest) > 0 {
		first = rest[0].Text
	}
	interactive := func(what string) {
		j.fireInstead(catalog.H8Interactive, subj, what+" and hangs the agent", "pass the message or paths on the command line (git commit -m, git add <paths>)")
	}
	local := func() { j.fireWith(catalog.D6GitLocal, subj, "records or switches work in the local repository") }
	if j.gitChangesGate(c, sub, rest) {
		return
	}
	switch sub {
	case "rm":
		switch {
		case short('n') || has("--dry-run"):
			j.fireWith(catalog.D6GitRead, subj, "lists what git rm would remove")
		case short('f') || has("--force"):
			discard("deletes files even where they hold changes git has no copy of")
		case has("--cached"):
			j.fireWith(catalog.D6GitLocal, subj, "removes files from the index only; the working tree keeps them")
		case short('r'):
			j.fireWith(catalog.UUnknownGit, subj, "git rm -r removes whole folders, which arbiter does not list")
		default:
			// Without --force git refuses a file whose content differs
			// from the last commit's, so the commit keeps what it deletes.
			j.fireWith(catalog.D6GitLocal, subj, "deletes tracked files whose content the last commit holds (git rm refuses a file with changes)")
		}
	case "add", "stage":
		if short('p') || short('i') || has("--patch", "--interactive", "--edit") || short('e') {
			interactive("git add -p/-i asks questions on the terminal")
			return
		}
		if j.stagesSecret(c, sub, rest) {
			return
		}
		local()
	case "commit":
		if !short('m') && !short('F') && !short('C') && !has("--message", "--file", "--no-edit", "--fixup", "--squash", "--reuse-message", "--allow-empty-message") && !editorIsSet(c, "GIT_EDITOR", "VISUAL", "EDITOR") {
			interactive("git commit without -m opens an editor for the message")
			return
		}
		if short('p') || has("--patch", "--interactive") {
			interactive("git commit -p asks questions on the terminal")
			return
		}
		if j.stagesSecret(c, sub, rest) {
			return
		}
		local()
	case "checkout":
		if slices.ContainsFunc(rest, func(w shell.Word) bool { return w.Text == "-B" }) {
			j.fireWith(catalog.B7GitBranchDelete, subj, "git checkout -B resets the branch if it exists, as git branch -f does, which can lose commits")
			return
		}
		if short('p') || has("--patch") {
			interactive("git checkout -p asks questions on the terminal")
			return
		}
		for _, a := range rest {
			if a.Text == "--" || a.Text == "." || shortFlag(a.Text, 'f') || gitOpt(a.Text, "--force", "--discard-changes", "--overwrite-ignore", "--theirs", "--ours") {
				discard("overwrites files in the working tree")
				return
			}
		}
		if len(rest) >= 2 && !strings.HasPrefix(rest[0].Text, "-") && !strings.HasPrefix(rest[1].Text, "-") {
			discard("checks out files over the working tree")
			return
		}
		for _, a := range rest {
			if looksLikeFile(a.Text) {
				discard("checks out a file over the working tree")
				return
			}
		}
		local()
	case "switch":
		if short('C') || has("--force-create") {
			j.fireWith(catalog.B7GitBranchDelete, subj, "git switch -C resets the branch if it exists, as git branch -f does, which can lose commits")
			return
		}
		if short('f') || has("--discard-changes", "--force") {
			discard("switches branches discarding local changes")
			return
		}
		local()
	case "restore":
		staged := short('S') || has("--staged")
		worktree := short('W') || has("--worktree")
		if staged && !worktree {
			local()
			return
		}
		discard("restores files in the working tree, discarding changes")
	case "stash":
		switch first {
		case "drop", "clear":
			j.fireWith(catalog.B7GitDiscard, subj, "deletes stashed work, which cannot be recovered")
			return
		}
		if stashPushes(first) && (short('p') || has("--patch")) {
			interactive("git stash -p asks questions on the terminal")
			return
		}
		if stashWrites(first) && j.holdsGuard(j.res.Project) {
			j.fireWith(catalog.B5AgentConfig, subj, "the working tree holds arbiter's hook file, and git stash puts files back to another version (or, with -u, takes untracked ones out), which can take the gate out")
			return
		}
		local()
	case "branch":
		if short('D') || short('M') || short('C') || (short('f') && !has("--format")) || has("--force") {
			j.fire(catalog.B7GitBranchDelete, subj)
			return
		}
		if short('d') || has("--delete") {
			j.fireWith(catalog.B1Delete, subj, "deletes a branch")
			return
		}
		if short('m') || has("--move", "--set-upstream-to", "--unset-upstream", "--edit-description") || short('u') {
			local()
			return
		}
		local()
	case "tag":
		if short('d') || has("--delete") || short('f') || has("--force") {
			j.fire(catalog.B7GitTagDelete, subj)
			return
		}
		if (short('a') || short('s')) && !short('m') && !has("--message", "--file") && !short('F') {
			interactive("an annotated tag without -m opens an editor")
			return
		}
		local()
	case "worktree":
		switch {
		case first == "prune" && (has("--dry-run") || short('n')):
			j.fireWith(catalog.D6GitRead, subj, "lists the worktree records git worktree prune would remove, and removes none")
			return
		case first == "prune":
			j.fireWith(catalog.B1Delete, subj, "removes the records of worktrees whose folders git cannot find, which may only be on a drive not mounted now")
			return
		case first == "remove":
			j.fireWith(catalog.B1Delete, subj, "removes a worktree and the files in it")
			return
		}
		local()
	case "submodule":
		if first == "deinit" {
			j.fireWith(catalog.B1Delete, subj, "removes a submodule's working files")
			return
		}
		local()
	case "gc":
		if has("--prune") || config["gc.pruneexpire"] != "" || has("--aggressive") && has("--prune") {
			j.fireWith(catalog.B7GitHistoryDestroy, subj, "prunes unreachable objects now, which destroys lost commits for good")
			return
		}
		local()
	case "config":
		j.gitConfig(c, rest, has)
	case "maintenance":
		switch first {
		case "start", "register", "unregister", "stop":
			// Each edits the user's global configuration, and start and
			// stop add or remove a cron, systemd or launchd schedule.
			j.fireWith(catalog.B5Persistence, subj, "git maintenance "+first+" changes the jobs the system runs for this repository on a schedule and the user's global git configuration, which last beyond this session")
			return
		}
		local()
	case "remote":
		switch first {
		case "add", "set-url", "remove", "rm", "rename", "set-head", "set-branches", "prune", "update":
			j.fire(catalog.CGitRemote, subj)
			return
		}
		if j.res.Project != "" && storesToken(path.Join(j.res.Project, ".git", "config")) {
			j.fireWith(catalog.B3SecretPrint, subj, "prints the remotes, and the repository's configuration holds a token in one of them or in an extra header")
			return
		}
		j.fireWith(catalog.D6GitRead, subj, "lists remotes")
	case "mv":
		j.fireWith(catalog.C3Move, subj, "moves or renames tracked files")
	case "mergetool":
		j.fireWith(catalog.URunsAProgram, subj, "runs an external merge tool")
	case "init":
		if ops := operandsOf(rest); len(ops) > 0 {
			j.writeArgs(c, ops)
			return
		}
		local()
	default:
		local()
	}
}

func operandsOf(ws []shell.Word) []shell.Word {
	var out []shell.Word
	for _, w := range ws {
		if !strings.HasPrefix(w.Text, "-") {
			out = append(out, w)
		}
	}
	return out
}

// looksLikeFile reports whether a checkout operand names a file rather than
// a branch: a leading dot or slash-dot, or a short alphabetic extension.
func looksLikeFile(s string) bool {
	if strings.HasPrefix(s, "-") {
		return false
	}
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "./") {
		return true
	}
	base := s[strings.LastIndexByte(s, '/')+1:]
	dot := strings.LastIndexByte(base, '.')
	if dot <= 0 || dot == len(base)-1 {
		return false
	}
	ext := base[dot+1:]
	if len(ext) > 5 {
		return false
	}
	for _, r := range ext {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

func (j *judgement) gitConfig(c *shell.Command, rest []shell.Word, has func(...string) bool) {
	subj := c.String()
	for _, a := range rest {
		switch a.Text {
		case "edit", "-e", "--edit":
			j.fireInstead(catalog.H8Interactive, subj, "git config edit opens an editor and hangs the agent", "set one value with git config set NAME VALUE")
			return
		}
	}
	global := has("--global", "--system") || has("--file") && !strings.Contains(subj, ".git/")
	var key string
	reading := has("--get", "--get-all", "--get-regexp", "--list", "-l", "--show-origin", "--show-scope", "--name-only") || has("get") || has("list")
	operands := 0
	for _, a := range rest {
		if strings.HasPrefix(a.Text, "-") {
			continue
		}
		if key == "" && a.Text != "get" && a.Text != "set" && a.Text != "list" && a.Text != "unset" {
			key = strings.ToLower(a.Text)
		}
		operands++
	}
	if reading || operands <= 1 && !has("--unset", "--unset-all", "--add", "--replace-all", "--remove-section", "--rename-section") {
		if !global && j.res.Project != "" && storesToken(path.Join(j.res.Project, ".git", "config")) {
			j.fireWith(catalog.B3SecretPrint, subj, "prints git configuration that holds a token in a remote URL or an extra header")
			return
		}
		j.fireWith(catalog.D6GitRead, subj, "reads git configuration")
		return
	}
	if strings.HasPrefix(key, "http.") && strings.Contains(key, "sslverify") {
		j.fireWith(catalog.BTlsBypass, subj, "changes certificate checking for git's connections")
		return
	}
	if strings.HasPrefix(key, "tar.") && strings.HasSuffix(key, ".command") {
		j.fire(catalog.B5GitExecConfig, subj) // git archive pipes the archive through it
		return
	}
	for _, prefix := range []string{"core.pager", "core.sshcommand", "core.fsmonitor", "core.hookspath", "core.editor", "core.askpass", "core.gitproxy", "alias.", "credential.", "gpg.", "sequence.editor", "filter.", "diff.", "merge.", "pager.", "include.", "includeif.", "url.", "protocol.", "uploadpack.", "receivepack.", "interactive.difffilter"} {
		if strings.HasPrefix(key, prefix) {
			j.fire(catalog.B5GitExecConfig, subj)
			return
		}
	}
	if global {
		j.fire(catalog.B5GitGlobalConfig, subj)
		return
	}
	j.localSetting(subj, rest, has)
}

// localSetting judges git config setting one key of this repository: only
// a literal key known to be inert (user.name, color.ui) earns the allow,
// written to the repository's own configuration, not a --file or a
// --blob; any other key keeps the closed world's answer.
func (j *judgement) localSetting(subj string, rest []shell.Word, has func(...string) bool) {
	ops := operandsOf(rest)
	if len(ops) > 0 && (ops[0].Text == "set" || ops[0].Text == "unset") {
		ops = ops[1:]
	}
	switch {
	case len(ops) == 0 || ops[0].Dynamic:
		j.fireWith(catalog.UGitSetting, subj, "the setting's name is only known when the command runs")
		return
	case has("--file", "-f", "--blob"):
		j.fireWith(catalog.UGitSetting, subj, "writes a configuration file other than the repository's own, which arbiter does not check")
		return
	}
	before := len(j.findings)
	j.gitSetting(ops[0].Text)
	if len(j.findings) == before {
		j.fireWith(catalog.D6GitLocal, subj, "changes this repository's git settings")
	}
}

// gitValued are the options of git add and git commit that take a value,
// so that the value is not read as a path.
var gitValued = []string{"-m", "--message", "-F", "--file", "-C", "--reuse-message", "-c", "--reedit-message", "--author", "--date", "--fixup", "--squash", "-t", "--template", "--cleanup", "--trailer", "--pathspec-from-file", "--chmod", "-S", "--gpg-sign"}

// stagesSecret judges git add and git commit that would save secrets in
// the repository (B3): forcing ignored files into the index, naming a
// secret file, or staging everything when the same command has just
// written a secret file. True when it found one.
func (j *judgement) stagesSecret(c *shell.Command, sub string, rest []shell.Word) bool {
	subj := c.String()
	all := false
	var specs []shell.Word
	for k := 0; k < len(rest); k++ {
		t := rest[k].Text
		switch {
		case t == "--":
			specs = append(specs, rest[k+1:]...)
			k = len(rest)
		case (sub == "add" || sub == "stage") && (t == "-f" || gitOpt(t, "--force") || shortFlag(t, 'f')):
			j.fire(catalog.B3SecretCommit, subj)
			return true
		case t == "-A" || t == "." || t == ":/" || t == "*" || gitOpt(t, "--all") || shortFlag(t, 'a') && sub == "commit":
			all = true
		case slices.Contains(gitValued, t) || len(t) > 2 && t[0] == '-' && t[1] != '-' && strings.IndexByte("mFCc", t[len(t)-1]) >= 0:
			k++
		case strings.HasPrefix(t, "-"):
		default:
			specs = append(specs, rest[k])
		}
	}
	for _, p := range specs {
		abs := j.res.Resolve(p.Text, c.Dir)
		if kind := j.credentialAt(abs, p.Glob); kind != "" && kind != unreadable {
			j.fireWith(catalog.B3SecretCommit, subj, "stages a "+kind+" ("+path.Base(abs)+") in the repository, where it stays in history and goes wherever the repository is pushed")
			return true
		}
		if p.Text == "." || p.Text == "*" || strings.HasSuffix(p.Text, "/") || p.Glob {
			all = true
		}
	}
	if !all || sub == "commit" && len(specs) == 0 && !hasStagingAll(rest) {
		return false
	}
	for abs := range j.written {
		if kind := secrets.File(abs); kind != "" {
			if place := j.res.Classify(abs, false); place == paths.Project || place == paths.ProjectRoot {
				j.fireWith(catalog.B3SecretCommit, subj, "stages everything right after the same command wrote a "+kind+" ("+path.Base(abs)+"), which would save it in the repository's history")
				return true
			}
		}
	}
	return false
}

// hasStagingAll reports git add -A style staging inside git commit
// (commit -a stages tracked files only, so a new secret file is not in it).
func hasStagingAll(rest []shell.Word) bool {
	for _, a := range rest {
		if a.Text == "--all" {
			return true
		}
	}
	return false
}

// noIndexReadsCredentials judges git grep and git diff --no-index, which
// read files as any grep or diff does, outside any repository: over a
// folder holding credentials (the folder it runs in when none is named,
// for grep) they print them.
func (j *judgement) noIndexReadsCredentials(c *shell.Command, rest []shell.Word) bool {
	var where []string
	for _, a := range rest {
		if !strings.HasPrefix(a.Text, "-") && !a.Dynamic {
			where = append(where, a.Text)
		}
	}
	if len(where) <= 1 { // git grep's pattern alone, or -e PATTERN
		where = append(where, ".")
	}
	for _, w := range where {
		abs := j.res.Resolve(w, c.Dir)
		if j.holdsCredentials(abs) || secrets.File(abs) != "" {
			j.fireWith(catalog.B3SecretSearch, c.String(), "git --no-index reads "+j.shownPath(abs)+", which holds credentials, and would print them")
			return true
		}
	}
	return false
}

// gitElsewhere defers git run in a folder outside the project: git finds
// its repository from the directory it runs in (after cd or -C), and that
// repository's configuration (core.fsmonitor, core.pager) and hooks run
// commands arbiter did not read. It returns the folder git runs in, or ""
// when that is not in the project.
func (j *judgement) gitElsewhere(c *shell.Command, moves []string, subj string) string {
	if j.res.Project == "" {
		return ""
	}
	if c.DirUnknown {
		j.fireWith(catalog.UEnvRedirect, subj, "runs git in a directory only known when the command runs, whose repository's configuration and hooks can run commands")
		return ""
	}
	dir := j.res.Resolve(".", c.Dir)
	for _, m := range moves {
		dir = j.res.Resolve(m, dir)
	}
	if place := j.res.Classify(dir, false); place != paths.Project && place != paths.ProjectRoot {
		if len(moves) == 0 { // git -C outside the project is judged with git's options
			j.fireWith(catalog.UEnvRedirect, subj, "runs git in "+j.shownPath(dir)+", outside the project, whose repository's configuration and hooks can run commands (core.fsmonitor, core.pager, hooks)")
		}
		return ""
	}
	return dir
}

// gitHooks reads the hooks a subcommand will run, from the repository's
// hooks folder dir (its hooks/, or core.hooksPath), and judges each as the
// script it is: git runs them with no further word from anyone. A hook
// that cannot be read is not allowed.
func (j *judgement) gitHooks(c *shell.Command, sub, dir string) {
	names := gitHooksOf(sub)
	if len(names) == 0 {
		return
	}
	for _, name := range names {
		file := path.Join(dir, name)
		f, err := j.read(file)
		switch {
		case project.IsNotExist(err):
			continue
		case err != nil || f.Kind != project.Text:
			j.fireWith(catalog.UUnreadableScript, c.String(), "git "+sub+" runs the hook "+name+", which arbiter cannot read")
			return
		}
		j.scriptContent(&shell.Command{Program: "sh", Name: "sh", Dir: c.Dir}, file, f.Text, c.String()+" (hook "+name+")")
	}
}

// gitPathWriters are the git subcommands that delete, move or overwrite
// the files their operands name.
var gitPathWriters = map[string]bool{"rm": true, "mv": true, "checkout": true, "restore": true}

// gitChangesGate judges the operands of a git command that deletes,
// moves or overwrites the files it names: a gate's file among them is
// tampered with as rm, mv or cp of it would be. An operand that names no
// such file (a branch, a revision) changes nothing here.
func (j *judgement) gitChangesGate(c *shell.Command, sub string, rest []shell.Word) bool {
	if !gitPathWriters[sub] {
		return false
	}
	for _, w := range operandsOf(rest) {
		abs := j.res.ResolveLink(w.Text, c.Dir)
		// The whole work tree (git checkout -- .) is the discard it is
		// asked as; a folder of it that holds a gate's file is that file.
		if j.isGuardPath(abs) || abs != j.res.Project && j.holdsGuard(abs) {
			j.guardTamper(c.String(), "changes the files of a permission gate that guards this agent")
			return true
		}
	}
	return false
}
