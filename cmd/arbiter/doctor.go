package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/config"
	"github.com/arbitergate/arbiter/gate"
	"github.com/arbitergate/arbiter/hook"
	"github.com/arbitergate/arbiter/judge"
	"github.com/arbitergate/arbiter/setup"
)

// doctor checks that arbiter works where it is installed. The
// configuration comes first: when it is broken, every hook answers bad
// input, and that, not the hooks, is what to fix.
func doctor(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("doctor", stderr)
	noJudge := fs.Bool("no-judge", false, "do not send a configured judge its one probe request")
	if status, done := parseFlags(fs, args); done {
		return status
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "arbiter doctor takes no arguments (see arbiter help doctor)")
		return 2
	}
	g, cfg, cfgErr := gate.FromConfig(gate.Options{Log: io.Discard})
	problems := reportConfig(stdout, cfg, cfgErr) + doctorConfig(stdout)
	scopes, err := doctorScopes()
	if err != nil {
		fmt.Fprintln(stderr, "arbiter doctor:", err)
		return 1
	}
	found := 0
	for _, scope := range scopes {
		for _, rt := range setup.Runtimes() {
			t, err := setup.For(rt, scope, "arbiter")
			if err != nil {
				continue
			}
			events, err := t.Status()
			if err != nil {
				problems++
				fmt.Fprintf(stdout, "✗ %s (%s): cannot read the settings: %v\n  fix: repair the JSON, then run `arbiter install %s`\n", rt, t.Path, err, rt)
				continue
			}
			if len(events) == 0 {
				continue
			}
			found++
			problems += checkRuntime(stdout, rt, t, events, g.Broken().Err())
			if check, ok := runtimeChecks[rt]; ok {
				problems += check(stdout, t)
			}
		}
	}
	problems += checkUnmoved(stdout, scopes[0])
	if found == 0 {
		fmt.Fprintf(stdout, "arbiter is not installed in any runtime; run `arbiter install RUNTIME` (%s)\n", strings.Join(setup.Runtimes(), ", "))
	}
	problems += reportUnattended(stdout, g, cfg, scopes)
	switch {
	case cfgErr == nil && g.Judge != nil:
		problems += checkJudge(stdout, g.Judge, cfg, *noJudge)
		problems += checkTimeouts(stdout, scopes, g.Judge.Timeout)
	case cfgErr == nil:
		fmt.Fprintln(stdout, "  judge: none (set TYPESAFE_API_KEY, or ARBITER_JUDGE_BACKEND=openai for a local model: README, The model judge); calls the static policy cannot settle go to the runtime")
	}
	problems += reportDecider(stdout, cfg)
	if problems > 0 {
		fmt.Fprintf(stdout, "%d problem(s) found\n", problems)
		return 1
	}
	return 0
}

// doctorScopes are the user's settings and, inside a repository, its
// project settings.
func doctorScopes() ([]setup.Scope, error) {
	user, err := scopeFor(false)
	if err != nil {
		return nil, err
	}
	scopes := []setup.Scope{user}
	wd, err := os.Getwd()
	if err != nil {
		return scopes, nil
	}
	if root, err := setup.ProjectRoot(wd); err == nil {
		scopes = append(scopes, setup.Scope{Home: user.Home, Project: root}, setup.Scope{Home: user.Home, Project: root, Local: true})
	}
	return scopes, nil
}

// reportConfig says where the configuration comes from and whether it
// loads; it returns the number of problems it printed. Each problem's fix
// comes from the problem itself (config.Problem.Fix), which knows where
// the setting came from and what holds until it is fixed.
func reportConfig(w io.Writer, cfg config.Config, err error) int {
	err = withoutManaged(err)
	where := "no config file (" + cfg.File + "); environment only"
	if cfg.FileFound {
		where = "config " + cfg.File
	}
	var probs config.Problems
	if !errors.As(err, &probs) && err != nil {
		probs = config.Problems{{Key: "judge", Msg: err.Error(), Effect: config.JudgeOff}}
	}
	if len(probs) == 0 {
		if cfg.FileFound {
			fmt.Fprintf(w, "✓ %s loads\n", where)
		} else {
			fmt.Fprintf(w, "✓ %s\n", where)
		}
		return 0
	}
	switch {
	case len(probs.Broken()) > 0:
		where = "✗ " + where + ": "
	case cfg.FileFound:
		fmt.Fprintf(w, "✓ %s loads\n", where)
		where = "✗ "
	default:
		fmt.Fprintf(w, "  %s\n", where)
		where = "✗ "
	}
	for _, p := range probs {
		fmt.Fprintf(w, "%s%v\n  fix: %s\n", where, p, p.Fix())
		where = "✗ "
	}
	return len(probs)
}

// withoutManaged leaves out the managed file's problems, which
// doctorManaged reports with what still applies.
func withoutManaged(err error) error {
	ps, ok := err.(config.Problems)
	if !ok {
		return err
	}
	var out config.Problems
	for _, p := range ps {
		if p.Effect != config.ManagedKept {
			out = append(out, p)
		}
	}
	return out.Err()
}

// checkRuntime checks one installed settings file and returns the number
// of problems it printed; cfgErr is a configuration file that cannot be
// used (a judge setting alone does not stop the hooks deciding).
func checkRuntime(w io.Writer, rt string, t setup.Target, events map[string][]string, cfgErr error) int {
	problems := 0
	var missing []string
	for _, ev := range t.Events {
		if len(events[ev]) == 0 {
			missing = append(missing, ev)
		}
	}
	if len(missing) > 0 {
		problems++
		fmt.Fprintf(w, "✗ %s (%s): no arbiter hook for %s\n  fix: arbiter install %s\n", rt, t.Path, strings.Join(missing, ", "), rt)
	}
	seen := map[string]bool{}
	for _, ev := range t.Events {
		for _, cmd := range events[ev] {
			if seen[cmd] {
				continue
			}
			seen[cmd] = true
			err := roundTrip(rt, cmd)
			switch {
			case err == nil && cfgErr != nil:
				fmt.Fprintf(w, "✓ %s (%s): `%s` answers a sample call correctly; because the configuration does not load (above), it allows nothing until it does\n", rt, t.Path, cmd)
				continue
			case err == nil:
				fmt.Fprintf(w, "✓ %s (%s): `%s` answers a sample call correctly\n", rt, t.Path, cmd)
				continue
			case cfgErr != nil:
				fmt.Fprintf(w, "✗ %s (%s): `%s` runs but cannot decide, because the configuration does not load (above)\n  fix: correct the configuration; this hook entry is fine\n", rt, t.Path, cmd)
			case errors.Is(err, errNoProgram):
				fmt.Fprintf(w, "✗ %s (%s): `%s`: %v\n  fix: install arbiter where the entry points (go install ./cmd/...), or run `arbiter install %s` to point it at the arbiter on PATH\n", rt, t.Path, cmd, err, rt)
			default:
				fmt.Fprintf(w, "✗ %s (%s): `%s` did not answer a sample call correctly: %v\n  fix: run it by hand to see why: arbiter check --json < call.json explains decisions, and the hook's own errors are above\n", rt, t.Path, cmd, err)
			}
			problems++
		}
	}
	return problems
}

// runtimeChecks are what doctor checks of an installed hook beyond its
// answer, by the runtime's ID in the registry (package agents).
var runtimeChecks = map[string]func(w io.Writer, t setup.Target) int{
	agents.Codex:    checkCodexTrust,
	agents.OpenCode: reportDeferMapping,
	agents.Pi:       reportDeferMapping,
	agents.Kilo:     reportDeferMapping,
	agents.Amp:      checkAmp,
	agents.OpenClaw: checkOpenClawEnabled,
	agents.Hermes:   checkHermesConsent,
}

// reportDeferMapping says what a plugin's defer becomes, which install
// --defer-as chose.
func reportDeferMapping(w io.Writer, t setup.Target) int {
	if t.ModuleDeferAsAsk() {
		fmt.Fprintf(w, "  %s: a call arbiter has no verdict on is blocked as one a person must confirm (--defer-as ask)\n", t.Runtime)
	} else {
		fmt.Fprintf(w, "  %s: a call arbiter has no verdict on is left to %s's own permission rules, which may run it; `arbiter install %s --defer-as ask` blocks it instead\n", t.Runtime, agents.Name(t.Runtime), t.Runtime)
	}
	return 0
}

// errNoProgram is a hook command whose program is not there.
var errNoProgram = errors.New("the program it runs is not there")

// roundTrip runs an installed hook command the way a runtime does, via
// the shell with the payload on stdin, and checks its answer. The probe
// is never written to the decision log.
func roundTrip(rt, cmd string) error {
	payload, check := hook.Probe(rt)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := exec.CommandContext(ctx, "sh", "-c", cmd)
	c.Env = append(os.Environ(), "ARBITER_LOG=off")
	c.Stdin = bytes.NewReader(payload)
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	if err := c.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() == hook.BlockStatus && hook.BlocksByExit(rt) {
			// A runtime that reads the exit status is told to block so.
			return check(out.Bytes())
		}
		if errors.As(err, &ee) && ee.ExitCode() == 127 {
			return fmt.Errorf("%w (%s)", errNoProgram, strings.TrimSpace(errb.String()))
		}
		return fmt.Errorf("%v: %s", err, strings.TrimSpace(errb.String()))
	}
	return check(out.Bytes())
}

// codexConfigPath is Codex's config.toml, where it records the hooks the
// person trusted: in $CODEX_HOME, else ~/.codex.
func codexConfigPath() string {
	codex, _ := agents.Lookup(agents.Codex)
	home, _ := os.UserHomeDir()
	return codex.InHome(home, codex.Trust, os.Getenv)
}

// trustSeen is what doctor last saw of a trusted Codex hook: the hash
// Codex recorded and the hook's definition at that place then. Codex's
// hash is its own (not a stable contract), so a change after trusting is
// noticed by the definition changing while the recorded hash stays.
type trustSeen struct {
	Hash       string `json:"trusted_hash"`
	Command    string `json:"command"`
	Definition string `json:"definition"`
}

// checkCodexTrust reports arbiter's Codex hooks that Codex will not run:
// untrusted, or changed since they were trusted.
func checkCodexTrust(w io.Writer, t setup.Target) int {
	hooks, err := t.CodexHooks()
	if err != nil || len(hooks) == 0 {
		return 0 // checkRuntime reported it
	}
	path := codexConfigPath()
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(w, "✗ codex: cannot read %s to check that Codex trusts arbiter's hook: %v\n  fix: make it readable\n", path, err)
		return 1
	}
	trust := setup.CodexTrust(data)
	seenFile := filepath.Join(cacheDir(), "codex-trust.json")
	seen := map[string]trustSeen{}
	if b, err := os.ReadFile(seenFile); err == nil {
		_ = json.Unmarshal(b, &seen)
	}
	problems, changed := 0, false
	for _, h := range hooks {
		hash := trust[h.Key]
		prev, known := seen[h.Key]
		switch {
		case hash == "":
			problems++
			fmt.Fprintf(w, "✗ codex (%s): Codex has not trusted arbiter's %s hook (no trusted_hash for %q in %s), so it skips it without a word\n  fix: start codex in a terminal, type /hooks, review arbiter's entries and trust them; arbiter does not trust them for you\n", t.Path, h.Event, h.Key, path)
		case known && prev.Hash == hash && prev.Definition != h.Definition:
			problems++
			fmt.Fprintf(w, "✗ codex (%s): arbiter's %s hook changed since Codex trusted it (was %s, now %s), so Codex skips it until it is trusted again\n  fix: start codex, type /hooks, and review and trust the changed entry\n", t.Path, h.Event, prev.Definition, h.Definition)
		default:
			if !known || prev.Hash != hash {
				seen[h.Key] = trustSeen{Hash: hash, Command: h.Command, Definition: h.Definition}
				changed = true
			}
			fmt.Fprintf(w, "✓ codex: Codex trusts arbiter's %s hook (%s)\n", h.Event, path)
		}
	}
	if changed {
		if b, err := json.Marshal(seen); err == nil && os.MkdirAll(filepath.Dir(seenFile), 0o700) == nil {
			_ = os.WriteFile(seenFile, b, 0o600)
		}
	}
	return problems
}

// cacheDir is arbiter's cache directory.
func cacheDir() string {
	if d := os.Getenv("XDG_CACHE_HOME"); d != "" {
		return filepath.Join(d, "arbiter")
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "arbiter")
}

// probeCall is the call doctor asks the judge about: harmless, and
// holding nothing private.
func probeCall() arbiter.Call {
	input, _ := json.Marshal(map[string]string{"command": "git status"})
	return arbiter.Call{Tool: "Bash", Input: input, ProjectDir: "/tmp/arbiter-doctor", Cwd: "/tmp/arbiter-doctor", Home: "/home/user",
		Requests: []string{"arbiter doctor: is the judge reachable?"}, SessionID: "arbiter-doctor"}
}

// checkJudge checks a configured judge: arbiter-judge is installed and
// runs, and the judge answers one probe request (not cached, not
// logged).
func checkJudge(w io.Writer, j *judge.Judge, cfg config.Config, skipProbe bool) int {
	name := j.Backend.Name()
	fmt.Fprintf(w, "  judge: %s, mode %s, timeout %v\n", name, j.Mode(), j.Timeout)
	helper := gate.HelperPath()
	if helper == "" {
		fmt.Fprintln(w, "✗ arbiter-judge is not installed in the same directory as arbiter, so the judge is never asked\n  fix: go install ./cmd/...")
		return 1
	}
	out, _ := exec.Command(helper).CombinedOutput()
	if !strings.Contains(string(out), "usage: arbiter-judge") {
		fmt.Fprintf(w, "✗ %s does not run: %.200s\n  fix: go install ./cmd/...\n", helper, out)
		return 1
	}
	if skipProbe {
		fmt.Fprintf(w, "✓ %s runs; the judge was not asked (--no-judge)\n", helper)
		return 0
	}
	fmt.Fprintln(w, "  asking the judge one probe request (a sample `git status` call; not cached, not logged)")
	st, err := judge.StateOf(probeCall())
	if err != nil {
		fmt.Fprintf(w, "✗ the probe could not be built: %v\n", err)
		return 1
	}
	timeout := j.Timeout
	if timeout <= 0 {
		timeout = judge.DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	start := time.Now()
	a, model, err := j.Backend.Ask(ctx, st, judge.Questions)
	if err == nil {
		err = a.Validate()
	}
	if err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("no answer within %v: %w", timeout, err)
		}
		fmt.Fprintf(w, "✗ the judge is unreachable or answered wrongly: %v\n  fix: check ARBITER_JUDGE_URL (%s), the key and the server; until it answers, calls the static policy cannot settle go to the runtime as without a judge\n", err, cfg.Get("ARBITER_JUDGE_URL"))
		return 1
	}
	fmt.Fprintf(w, "✓ the judge answered the probe (model %s, %d ms)\n", model, time.Since(start).Milliseconds())
	return 0
}

// checkTimeouts reports hook entries whose runtime would stop arbiter
// before a judge answer could arrive: Claude Code then blocks the call
// (onFailure block), others let it through or fail it.
func checkTimeouts(w io.Writer, scopes []setup.Scope, judgeTimeout time.Duration) int {
	if judgeTimeout <= 0 {
		judgeTimeout = judge.DefaultTimeout
	}
	// The judge's timeout, the helper's start and the static decision.
	need := judgeTimeout + 2*time.Second
	problems := 0
	for _, scope := range scopes {
		for _, rt := range setup.Runtimes() {
			a, _ := agents.Lookup(rt)
			if a.Timeout == agents.NoTimeout {
				continue
			}
			t, err := setup.For(rt, scope, "arbiter")
			if err != nil {
				continue
			}
			timeouts, _ := t.Timeouts()
			for _, v := range timeouts {
				if got := a.Timeout.Of(v); got < need {
					problems++
					fmt.Fprintf(w, "✗ %s (%s): the hook's timeout (%v) is shorter than the judge may take (ARBITER_JUDGE_TIMEOUT %v, plus start-up)\n  fix: raise the entry's timeout to at least %v, or lower ARBITER_JUDGE_TIMEOUT\n", rt, t.Path, got, judgeTimeout, need.Round(time.Second))
					break
				}
			}
		}
	}
	return problems
}
