package policy

import (
	"maps"
	"slices"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// gitHookRunners are the hooks git runs by name (githooks(5)), each with
// the subcommands that may run it. The lists are generous: a subcommand
// that runs a hook only with some option (commit --amend, pull --rebase)
// is listed, since reading a hook that does not run only makes the answer
// stricter. fsmonitor-watchman is not here: git runs it only when
// core.fsmonitor names it, which is judged with the configuration.
var gitHookRunners = lazy.New(func() map[string][]string {
	commits := []string{"commit", "merge", "pull", "cherry-pick", "revert", "rebase"}
	// The receiving side's hooks run in this repository when a push names
	// it as the remote (git push . HEAD:topic).
	receives := []string{"push", "receive-pack"}
	return map[string][]string{
		"applypatch-msg":        {"am"},
		"pre-applypatch":        {"am"},
		"post-applypatch":       {"am"},
		"pre-commit":            {"commit", "cherry-pick", "revert", "rebase"},
		"pre-merge-commit":      {"merge", "pull"},
		"prepare-commit-msg":    commits,
		"commit-msg":            commits,
		"post-commit":           {"commit", "cherry-pick", "revert", "rebase"},
		"pre-rebase":            {"rebase", "pull"},
		"post-checkout":         {"checkout", "switch", "worktree", "rebase", "pull", "bisect", "submodule"},
		"post-merge":            {"merge", "pull"},
		"pre-push":              {"push"},
		"pre-receive":           receives,
		"update":                receives,
		"proc-receive":          receives,
		"post-receive":          receives,
		"post-update":           receives,
		"push-to-checkout":      receives,
		"post-rewrite":          {"commit", "rebase", "pull", "am"},
		"sendemail-validate":    {"send-email"},
		"p4-changelist":         {"p4"},
		"p4-prepare-changelist": {"p4"},
		"p4-post-changelist":    {"p4"},
		"p4-pre-submit":         {"p4"},
		// git gc --auto (or maintenance run --auto) runs after the commands
		// that add objects.
		"pre-auto-gc": {"commit", "merge", "am", "rebase", "fetch", "pull", "cherry-pick", "revert", "gc", "maintenance", "receive-pack", "push"},
	}
})

// gitWritesAnywhere are the hooks that run whenever git writes the index
// (post-index-change) or changes a ref (reference-transaction): nearly
// every subcommand may, git status and git diff too when they refresh
// the index, so they are read for all but gitPureReads.
var gitWritesAnywhere = []string{"post-index-change", "reference-transaction"}

// gitPureReads are the subcommands that read objects, refs and the index
// without writing either.
var gitPureReads = lazy.New(func() map[string]bool {
	return map[string]bool{
		"log": true, "show": true, "cat-file": true, "rev-parse": true, "rev-list": true, "ls-tree": true, "ls-remote": true,
		"ls-files": true, "show-ref": true, "for-each-ref": true, "blame": true, "annotate": true, "shortlog": true, "grep": true,
		"help": true, "version": true, "var": true, "name-rev": true, "count-objects": true, "verify-commit": true,
		"verify-tag": true, "verify-pack": true, "cherry": true, "whatchanged": true, "format-patch": true, "diff-tree": true,
		"diff-index": true, "diff-files": true, "show-branch": true, "check-ignore": true, "check-attr": true,
		"check-ref-format": true, "check-mailmap": true, "range-diff": true, "merge-base": true, "archive": true, "fsck": true,
		"show-index": true, "get-tar-commit-id": true, "column": true, "send-email": true,
	}
})

// gitHooksOf lists the hooks git sub may run.
func gitHooksOf(sub string) []string {
	var hooks []string
	for _, name := range slices.Sorted(maps.Keys(gitHookRunners.Get())) {
		if slices.Contains(gitHookRunners.Get()[name], sub) {
			hooks = append(hooks, name)
		}
	}
	if !gitPureReads.Get()[sub] {
		hooks = append(hooks, gitWritesAnywhere...)
	}
	return hooks
}
