package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/setup"
)

// installCmd adds (or, with remove, takes out) arbiter's hook entries in
// a runtime's settings file.
func installCmd(args []string, stdout, stderr io.Writer, remove bool) int {
	name := "install"
	if remove {
		name = "uninstall"
	}
	fs := newFlags(name, stderr)
	project := fs.Bool("project", false, "the repository's settings (at its root, found by walking up to .git) instead of the user's")
	local := fs.Bool("local", false, "with --project, Claude Code's .claude/settings.local.json: yours, not shared with the repository")
	dry := fs.Bool("dry-run", false, "print the change without writing it")
	var binary, deferAs *string
	if !remove {
		deferAs = fs.String("defer-as", "", "ask: a runtime whose hook is a plugin (opencode) blocks a call arbiter has no verdict on, as one a person must confirm, instead of leaving it to the runtime's own rules")
		binary = fs.String("binary", "", "the arbiter (or arbiter-hook) executable the hook runs (default: arbiter-hook beside the arbiter on PATH, else that arbiter, else this program; a shared project file runs arbiter from PATH)")
	}
	if len(args) > 0 && isHelp(args[0]) {
		status, _ := parseFlags(fs, args[:1])
		return status
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintf(stderr, "arbiter %s: name the runtime: %s\n", name, strings.Join(setup.Runtimes(), ", "))
		return 2
	}
	runtime := args[0]
	if status, done := parseFlags(fs, args[1:]); done {
		return status
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "arbiter %s: unexpected %q; flags go after the runtime, and there is one runtime per call\n", name, fs.Arg(0))
		return 2
	}
	scope, err := scopeFor(*project)
	if err != nil {
		fmt.Fprintf(stderr, "arbiter %s: %v\n", name, err)
		return 1
	}
	scope.Local = *local
	bin := ""
	if !remove {
		if bin, err = installBinary(*binary, scope); err != nil {
			fmt.Fprintf(stderr, "arbiter %s: %v\n", name, err)
			return 1
		}
	}
	t, err := setup.For(runtime, scope, bin)
	if err != nil {
		fmt.Fprintf(stderr, "arbiter %s: %v\n", name, err)
		return 2
	}
	t.Record = filepath.Join(cacheDir(), "install-dirs.json")
	if deferAs != nil && *deferAs != "" {
		if *deferAs != "ask" || !t.DeferMappable() {
			fmt.Fprintf(stderr, "arbiter %s: --defer-as takes ask, for a runtime whose hook is a plugin (%s)\n", name, strings.Join(moduleRuntimes(), ", "))
			return 2
		}
		t.DeferAsAsk = true
	}
	var notes []string
	step := installSteps[runtime]
	if step.adjust != nil && !remove {
		var note string
		t, note = step.adjust(t)
		notes = append(notes, note)
	}
	var r setup.Result
	if remove {
		r, err = t.Uninstall(*dry)
	} else {
		r, err = t.Install(*dry)
	}
	if err != nil {
		fmt.Fprintf(stderr, "arbiter %s: %v\n", name, err)
		return 1
	}
	switch {
	case !r.Changed:
		fmt.Fprintf(stdout, "%s: %s, nothing to do\n", r.Path, r.Note)
	case *dry:
		fmt.Fprintf(stdout, "would change %s:\n%s", r.Path, r.Diff)
	default:
		fmt.Fprintf(stdout, "changed %s:\n%s", r.Path, r.Diff)
		if r.Backup != "" && !remove {
			fmt.Fprintf(stdout, "the original is kept at %s; `arbiter uninstall %s` restores it\n", r.Backup, runtime)
		}
	}
	if r.Note != "" && r.Changed {
		fmt.Fprintln(stdout, r.Note)
	}
	if !remove {
		if scope.Project != "" && !scope.Local && *binary == "" {
			notes = append(notes, "The project file runs `arbiter` from PATH, so that it works in every checkout: each person installs arbiter (go install ./cmd/...).")
		}
		if step.projectNote != nil && scope.Project != "" {
			notes = append(notes, step.projectNote(scope.Project))
		}
		notes = append(notes, t.Notes)
		for _, n := range notes {
			if n != "" {
				fmt.Fprintln(stdout, n)
			}
		}
	}
	return 0
}

// installStep is what installing into one runtime needs beyond its
// setup.Target.
type installStep struct {
	// adjust changes the target before it is written, and says why.
	adjust func(setup.Target) (setup.Target, string)
	// projectNote is said after an install into a project.
	projectNote func(project string) string
}

// installSteps are the runtimes' install steps, by their IDs in the
// registry (package agents).
var installSteps = map[string]installStep{
	agents.Claude: {adjust: claudeOnFailure},
	agents.Codex:  {projectNote: codexProjectNote},
}

// moduleRuntimes are the runtimes whose hook is a plugin arbiter writes.
func moduleRuntimes() []string {
	var out []string
	for _, rt := range setup.Runtimes() {
		if t, err := setup.For(rt, setup.Scope{Home: "/"}, "arbiter"); err == nil && t.DeferMappable() {
			out = append(out, rt)
		}
	}
	return out
}

// codexProjectNote says that Codex reads a project's hooks only in a
// trusted project.
func codexProjectNote(project string) string {
	codex, _ := agents.Lookup(agents.Codex)
	return "Codex reads a project's " + codex.Settings + " only when the project is trusted ([projects.\"" + project + "\"] trust_level = \"trusted\" in your config.toml, which codex offers when it starts there)."
}

// installBinary is the arbiter command the hook runs. A shared project
// file names plain arbiter, found on PATH: an absolute path would be the
// path on this person's machine, not a teammate's.
//
// Otherwise the hook runs arbiter-hook when it is installed beside the
// arbiter found: the same decisions from a smaller program, which starts
// faster on every tool call. A shared project file keeps arbiter hook,
// since a teammate may have installed arbiter alone.
func installBinary(flagValue string, scope setup.Scope) (string, error) {
	if flagValue != "" {
		return flagValue, runnable(flagValue)
	}
	if scope.Project != "" && !scope.Local {
		return "arbiter", nil
	}
	bin, err := hookBinary()
	if err != nil {
		return "", err
	}
	return besideHook(bin), nil
}

// runnable checks that --binary names a program that can run: a runtime
// treats a missing hook as a warning at most, and the gate would then be
// off without a word.
func runnable(bin string) error {
	p := bin
	if !strings.ContainsRune(bin, filepath.Separator) {
		found, err := exec.LookPath(bin)
		if err != nil {
			return fmt.Errorf("--binary %s: no such program on PATH; give the path of the installed arbiter or arbiter-hook", bin)
		}
		p = found
	}
	st, err := os.Stat(p)
	switch {
	case err != nil:
		return fmt.Errorf("--binary %s: %w; give the path of the installed arbiter or arbiter-hook", bin, err)
	case !st.Mode().IsRegular():
		return fmt.Errorf("--binary %s is not a program file", bin)
	case st.Mode().Perm()&0o111 == 0:
		return fmt.Errorf("--binary %s is not executable (chmod +x it, or name the installed arbiter)", bin)
	}
	// arbiter-hook is a front end: it runs the arbiter beside it.
	if filepath.Base(p) == setup.HookProgram {
		full := filepath.Join(filepath.Dir(p), "arbiter")
		if st, err := os.Stat(full); err != nil || !st.Mode().IsRegular() || st.Mode().Perm()&0o111 == 0 {
			return fmt.Errorf("--binary %s: arbiter-hook runs the arbiter beside it, and %s is not a program that can run; install both, or name the installed arbiter", bin, full)
		}
	}
	return nil
}

// besideHook returns the arbiter-hook program in bin's directory, when
// there is one, else bin.
func besideHook(bin string) string {
	p := filepath.Join(filepath.Dir(bin), setup.HookProgram)
	if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode().Perm()&0o111 != 0 {
		return p
	}
	return bin
}

// claudeOnFailure keeps onFailure block unless the installed Claude Code
// is known to predate it (2.1.295), and says what it did.
func claudeOnFailure(t setup.Target) (setup.Target, string) {
	v, err := claudeVersion()
	switch {
	case err != nil:
		return t, "The entries say onFailure: block (Claude Code 2.1.295 and later), so a hook that crashes or times out blocks the call; `claude --version` did not run (" + err.Error() + "), so the version was not checked."
	case versionBefore(v, [3]int{2, 1, 295}):
		return t.WithoutOnFailure(), "Claude Code " + v + " predates onFailure (2.1.295): a hook that crashes or times out lets the call through there. Update Claude Code, then run arbiter install claude again."
	}
	return t, ""
}

// claudeVersion runs `claude --version` ("2.1.332 (Claude Code)").
func claudeVersion() (string, error) {
	p, err := exec.LookPath("claude")
	if err != nil {
		return "", errors.New("claude is not on PATH")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, p, "--version").Output()
	if err != nil {
		return "", err
	}
	f := strings.Fields(string(out))
	if len(f) == 0 {
		return "", errors.New("it printed nothing")
	}
	return f[0], nil
}

// versionBefore reports whether a dotted version is before want; a
// version it cannot read is not.
func versionBefore(v string, want [3]int) bool {
	parts := strings.SplitN(strings.TrimPrefix(v, "v"), ".", 3)
	if len(parts) != 3 {
		return false
	}
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimRightFunc(p, func(r rune) bool { return r < '0' || r > '9' }))
		if err != nil {
			return false
		}
		if n != want[i] {
			return n < want[i]
		}
	}
	return false
}

func scopeFor(project bool) (setup.Scope, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return setup.Scope{}, fmt.Errorf("finding the home directory: %w", err)
	}
	s := setup.Scope{Home: home}
	if project {
		wd, err := os.Getwd()
		if err != nil {
			return s, fmt.Errorf("finding the current directory: %w", err)
		}
		if s.Project, err = setup.ProjectRoot(wd); err != nil {
			return s, err
		}
	}
	return s, nil
}

// hookBinary finds the arbiter executable a hook should run: the one on
// PATH, else this program, unless this program is a throwaway build.
func hookBinary() (string, error) {
	if p, err := exec.LookPath("arbiter"); err == nil {
		return filepath.Abs(p)
	}
	self, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("finding this program: %w", err)
	}
	if strings.Contains(self, string(filepath.Separator)+"go-build") {
		return "", errors.New("this is a temporary `go run` build; install arbiter first (go install ./cmd/arbiter) or pass --binary")
	}
	return self, nil
}
