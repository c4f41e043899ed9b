package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter/setup"
)

// installCmd adds (or, with remove, takes out) arbiter's hook entries in
// a runtime's settings file.
func installCmd(args []string, stdout, stderr io.Writer, remove bool) int {
	name := "install"
	if remove {
		name = "uninstall"
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	project := fs.Bool("project", false, "edit the current repository's settings instead of the user's")
	dry := fs.Bool("dry-run", false, "print the change without writing it")
	binary := fs.String("binary", "", "the arbiter executable the hook runs (default: arbiter on PATH, else this program)")
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintf(stderr, "arbiter %s: name the runtime: %s\n", name, strings.Join(setup.Runtimes, ", "))
		return 2
	}
	runtime := args[0]
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	scope, err := scopeFor(*project)
	if err != nil {
		fmt.Fprintf(stderr, "arbiter %s: %v\n", name, err)
		return 1
	}
	bin := *binary
	if bin == "" && !remove {
		if bin, err = hookBinary(); err != nil {
			fmt.Fprintf(stderr, "arbiter %s: %v\n", name, err)
			return 1
		}
	}
	t, err := setup.For(runtime, scope, bin)
	if err != nil {
		fmt.Fprintf(stderr, "arbiter %s: %v\n", name, err)
		return 2
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
	return 0
}

func scopeFor(project bool) (setup.Scope, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return setup.Scope{}, fmt.Errorf("finding the home directory: %w", err)
	}
	s := setup.Scope{Home: home}
	if project {
		if s.Project, err = os.Getwd(); err != nil {
			return s, fmt.Errorf("finding the current directory: %w", err)
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
