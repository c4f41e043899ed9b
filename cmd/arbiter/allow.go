package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/config"
	"github.com/arbitergate/arbiter/policy"
	"github.com/arbitergate/arbiter/rules"
)

// allowCmd adds a standing approval: an allow rule for one program and
// argument prefix, to the user's config file. Only a person adds
// approvals: run by the agent it is denied by the static policy
// (S.guard-tamper), and without a terminal on stdin (the agent's shell has
// none) it refuses unless --yes is given.
func allowCmd(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	fs := flag.NewFlagSet("allow", flag.ContinueOnError)
	fs.SetOutput(stderr)
	project := fs.Bool("project", false, "approve it only in the current project (the repository around this folder)")
	yes := fs.Bool("yes", false, "add the rule without asking (for a person scripting their own setup)")
	message := fs.String("message", "", "a note shown with the decision")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: arbiter allow [--project] [--yes] [--message TEXT] -- PROGRAM [ARGS…]")
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	words := fs.Args()
	if len(words) == 0 {
		fs.Usage()
		return 2
	}
	if err := rules.Narrow(words); err != nil {
		fmt.Fprintln(stderr, "arbiter allow:", err)
		return 1
	}
	for _, w := range words {
		if strings.ContainsAny(w, "|&;<>()$`\\\"'*?[]{}\n \t") {
			fmt.Fprintf(stderr, "arbiter allow: %q: a prefix is plain words (a program and its first arguments), one command segment; approve each command of a pipeline or list on its own\n", w)
			return 1
		}
	}
	file := config.Path(getenv)
	if file == "" || !strings.HasSuffix(file, ".toml") {
		fmt.Fprintf(stderr, "arbiter allow: the config file %q is not a TOML file (name ending .toml), so it cannot hold rules; set ARBITER_CONFIG to a .toml file or unset it\n", file)
		return 1
	}
	r := config.Rule{Decision: "allow", Command: strings.Join(words, " "), Message: *message, Match: []string{strings.Join(words, " ")}}
	cwd, _ := os.Getwd()
	if *project {
		r.Project = repoRoot(cwd)
	}
	d := staticVerdict(r, cwd)
	if d.Decision == arbiter.Allow {
		fmt.Fprintf(stdout, "%s is already allowed by the static policy (%s); no rule is needed\n", r.Command, strings.Join(d.Rules, ", "))
		return 0
	} else if rules.Protected(d) {
		fmt.Fprintf(stderr, "arbiter allow: %s is decided by %s, which no rule can change: %s\n", r.Command, strings.Join(d.Rules, ", "), d.Reason)
		return 1
	}
	cfg, _ := config.Load(getenv)
	if broken := cfg.Problems.Broken(); len(broken) > 0 {
		fmt.Fprintf(stderr, "arbiter allow: fix the config file first: %v\n", broken)
		return 1
	}
	for _, have := range cfg.Rules {
		if have.Decision == "allow" && have.Command == r.Command && have.Project == r.Project && have.Tool == "" && have.Path == "" && have.Host == "" {
			fmt.Fprintf(stdout, "%s is already allowed by rule %d of %s (line %d)\n", r.Command, have.Index, file, have.Line)
			return 0
		}
	}
	text := ruleTOML(r)
	fmt.Fprintf(stdout, "Today arbiter answers %s for `%s` (%s).\n", d.Decision, r.Command, strings.Join(d.Rules, ", "))
	fmt.Fprintf(stdout, "This rule will be added to %s:\n\n%s\n", file, indent(text))
	fmt.Fprintln(stdout, "It allows a command segment that starts with these words, run directly (not behind sudo, env or a shell); every other segment of a command line is still judged.")
	if !*yes {
		if !isTerminal(stdin) {
			fmt.Fprintln(stderr, "arbiter allow: standard input is not a terminal, and only a person adds approvals; run this yourself in a terminal, or pass --yes")
			return 1
		}
		fmt.Fprint(stdout, "Add it? [y/N] ")
		line, _ := bufio.NewReader(stdin).ReadString('\n')
		if a := strings.ToLower(strings.TrimSpace(line)); a != "y" && a != "yes" {
			fmt.Fprintln(stdout, "Nothing was added.")
			return 1
		}
	}
	if err := appendRule(file, text, getenv); err != nil {
		fmt.Fprintln(stderr, "arbiter allow:", err)
		return 1
	}
	fmt.Fprintf(stdout, "Added to %s. `arbiter check %s` shows the decision.\n", file, r.Command)
	return 0
}

// staticVerdict is the static policy's decision on the prefix itself.
func staticVerdict(r config.Rule, cwd string) arbiter.Decision {
	dir := cwd
	if r.Project != "" {
		dir = r.Project
	}
	home, _ := os.UserHomeDir()
	in, _ := json.Marshal(map[string]string{"command": r.Command})
	return policy.New(policy.Options{}).Decide(context.Background(), arbiter.Call{Tool: "Bash", Input: in, ProjectDir: dir, Cwd: dir, Home: home})
}

// repoRoot is the repository around dir (the first folder with .git), or
// dir itself.
func repoRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

func ruleTOML(r config.Rule) string {
	var b strings.Builder
	b.WriteString("[[rule]]\n")
	fmt.Fprintf(&b, "decision = %s\n", strconv.Quote(r.Decision))
	fmt.Fprintf(&b, "command = %s\n", strconv.Quote(r.Command))
	if r.Project != "" {
		fmt.Fprintf(&b, "project = %s\n", strconv.Quote(r.Project))
	}
	if r.Message != "" {
		fmt.Fprintf(&b, "message = %s\n", strconv.Quote(r.Message))
	}
	fmt.Fprintf(&b, "match = [%s]\n", strconv.Quote(r.Match[0]))
	return b.String()
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    ") + "\n"
}

// appendRule adds the rule to the file and checks that the file still
// loads with it; if not, the file is put back as it was.
func appendRule(file, text string, getenv func(string) string) error {
	old, err := os.ReadFile(file)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("reading %s: %w", file, err)
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		return err
	}
	next := string(old)
	if next != "" && !strings.HasSuffix(next, "\n") {
		next += "\n"
	}
	if next != "" {
		next += "\n"
	}
	next += text
	if err := os.WriteFile(file, []byte(next), 0o600); err != nil {
		return err
	}
	cfg, _ := config.Load(func(k string) string {
		if k == "ARBITER_CONFIG" {
			return file
		}
		return getenv(k)
	})
	set := rules.New(cfg.Rules, policy.New(policy.Options{}))
	if probs := append(cfg.Problems.Broken(), set.Problems...); len(probs) > 0 {
		restore := os.WriteFile(file, old, 0o600)
		if old == nil {
			restore = os.Remove(file)
		}
		return errors.Join(fmt.Errorf("the file does not load with the new rule, so it was left as it was: %w", probs), restore)
	}
	return nil
}

func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	// Device files that are not terminals ("< /dev/null") are character
	// devices too.
	for _, dev := range []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"} {
		if d, err := os.Stat(dev); err == nil && os.SameFile(st, d) {
			return false
		}
	}
	return true
}
