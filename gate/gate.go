package gate

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/arbitergate/arbiter/catalog"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/config"
	"github.com/arbitergate/arbiter/internal/cachedir"
	"github.com/arbitergate/arbiter/judge"
	"github.com/arbitergate/arbiter/policy"
	"github.com/arbitergate/arbiter/rules"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
)

// Gate decides calls.
type Gate struct {
	Static *policy.Policy
	// Judge is nil when no judge is configured.
	Judge *judge.Judge
	// Rules are the managed file's and the user's rules (nil when there
	// are none).
	Rules *rules.Set
	// Problems lists what is wrong with the user's configuration.
	Problems config.Problems
	// Projects reads each project's .arbiter.toml; nil reads none.
	Projects *Projects
	// AskUnattended is ARBITER_UNATTENDED=ask: in a session whose runtime
	// asks nothing, a defer becomes an ask.
	AskUnattended bool
	az            shell.Analyzer
}

func (g *Gate) analyzer() *shell.Analyzer { return &g.az }

// Decide runs a call through the static policy (self-protection first),
// the user's and the project's rules, and, when the result is still
// undecided and a judge is configured, the judge.
func (g *Gate) Decide(ctx context.Context, call arbiter.Call) arbiter.Decision {
	start := time.Now()
	return g.finish(ctx, call, g.Static.Decide(ctx, call), start)
}

// finish takes the static decision through the user's and the project's
// rules, a sandbox escalation's judgement and the judge.
func (g *Gate) finish(ctx context.Context, call arbiter.Call, d arbiter.Decision, start time.Time) arbiter.Decision {
	set, broken := g.Rules, g.Problems.Broken()
	if g.Projects != nil {
		p := g.Projects.For(call.Dir())
		set = rules.Join(set, p.set)
		broken = append(broken, p.broken...)
	}
	d = set.Apply(ctx, call, d)
	if len(broken) > 0 && (d.Decision == arbiter.Allow || d.Decision == arbiter.Defer) {
		// Rules the user wrote could not be read: nothing is let through
		// on the strength of the rest. A deny or ask stands.
		return arbiter.Decision{ID: d.ID, Decision: arbiter.Defer, Rules: []string{string(catalog.UConfigBroken)}, Source: arbiter.SourceError, Micros: time.Since(start).Microseconds(),
			Reason: "the configuration cannot be used (" + broken[0].Error() + "), so the runtime decides; run `arbiter doctor`"}
	}
	d = judgeEscalation(call, d, g.analyzer())
	if g.Judge != nil && d.Source != arbiter.SourceRule {
		d = g.Judge.Review(ctx, call, d)
		d.Micros = time.Since(start).Microseconds()
	}
	return d
}

// Options tune how a gate is built from configuration.
type Options struct {
	Getenv func(string) string
	// Log receives judge failures and notices; nil is os.Stderr.
	Log io.Writer
	// CacheDir holds judge answers and notice stamps; empty means
	// arbiter/ under the user cache directory.
	CacheDir string
	// Backend builds the judge's backend from its spec; nil runs the
	// arbiter-judge helper (see judge.Process).
	Backend func(judge.Spec) (judge.Backend, error)
	// Report receives each configuration problem; nil prints each one on
	// Log at most once a day (the hooks run once per call, and a line
	// per call would bury everything else).
	Report func(config.Problem)
	// NoProjects skips projects' .arbiter.toml files; NoRules skips the
	// user's rules too (scoring the shipped policy and the judge).
	NoProjects bool
	NoRules    bool
	// Now is the clock the policy tells the age of the files it keeps
	// records of by (policy.Options.Now); nil is time.Now.
	Now func() time.Time
}

// FromConfig builds a gate from the environment and the config file. The
// gate always works: a file that cannot be used is ignored (its problem
// is in g.Problems, and Decide lets nothing through on the strength of
// the rest), and a wrong judge setting switches the judge off only. The
// error lists the problems of both kinds, for callers that report it.
func FromConfig(opt Options) (*Gate, config.Config, error) {
	exported := exportedBy(opt.Getenv)
	if opt.Getenv == nil {
		opt.Getenv = os.Getenv
	}
	if opt.Log == nil {
		opt.Log = os.Stderr
	}
	if opt.Report == nil {
		opt.Report = func(p config.Problem) { reportOnce(opt, p) }
	}
	cfg, _ := config.Load(opt.Getenv)
	files := secrets.Files{Cache: cacheDir(opt), Version: sync.OnceValue(programVersion)}
	g := &Gate{Static: policy.New(policy.Options{Protect: Protected(cfg, opt), AgentDirs: agents.MovedDirs(opt.Getenv), Files: files, Cache: files.Cache, Build: files.Version, Path: opt.Getenv("PATH"), Exported: exported, Now: opt.Now}), Problems: cfg.Problems}
	if user := userRules(cfg); len(user) > 0 && !opt.NoRules {
		g.Rules = loadRules(user, g.Static, cacheDir(opt), cfg.Sum)
		g.Problems = append(g.Problems, g.Rules.Problems...)
	}
	if m := cfg.Managed; len(m.Rules) > 0 && !opt.NoRules {
		// The managed rules join the user's: the strictest matching rule
		// wins, so neither layer can loosen what the other holds.
		set := loadRules(m.Rules, g.Static, cacheDir(opt), m.Sum)
		g.Problems = append(g.Problems, set.Problems...)
		g.Rules = rules.Join(set, g.Rules)
	}
	if !opt.NoProjects && !opt.NoRules {
		g.Projects = &Projects{static: g.Static, report: opt.Report, cache: cacheDir(opt)}
	}
	ask, p := unattended(cfg)
	g.AskUnattended = ask
	if p != nil {
		g.Problems = append(g.Problems, *p)
	}
	if len(cfg.Problems.Broken()) == 0 {
		j, err := judgeFrom(cfg, opt)
		if err != nil {
			g.Problems = append(g.Problems, judgeProblem(err))
		}
		g.Judge = j
	}
	for _, p := range g.Problems {
		opt.Report(p)
	}
	var serious config.Problems
	for _, p := range g.Problems {
		if p.Effect == config.FileIgnored || p.Effect == config.ManagedKept || p.Effect == config.JudgeOff {
			serious = append(serious, p)
		}
	}
	return g, cfg, serious.Err()
}

// userRules are the user's rules that apply: while the managed file
// cannot be used whole, the user's allows do not, since they might loosen
// what a managed rule that did not parse was meant to hold.
func userRules(cfg config.Config) []config.Rule {
	if !slices.ContainsFunc(cfg.Problems, func(p config.Problem) bool { return p.Effect == config.ManagedKept }) {
		return cfg.Rules
	}
	var out []config.Rule
	for _, r := range cfg.Rules {
		if r.Decision != "allow" {
			out = append(out, r)
		}
	}
	return out
}

// Broken returns the problems that made a configuration file unusable.
func (g *Gate) Broken() config.Problems { return g.Problems.Broken() }

// judgeProblem is a judge setting's error as a problem: each is placed
// where its setting came from by judgeFrom (config.Fail).
func judgeProblem(err error) config.Problem {
	var p config.Problem
	if !errors.As(err, &p) {
		return config.Problem{Key: "judge", Msg: err.Error(), Effect: config.JudgeOff}
	}
	p.Msg = strings.TrimPrefix(strings.TrimPrefix(p.Msg, p.Key+": "), p.Key+"=")
	return p
}

// unattended reads ARBITER_UNATTENDED: what a defer becomes in a session
// whose runtime asks nothing. A value it does not know is read as ask,
// the stricter choice, and reported.
func unattended(cfg config.Config) (ask bool, p *config.Problem) {
	switch v := cfg.Get("ARBITER_UNATTENDED"); v {
	case "", "defer":
		return false, nil
	case "ask":
		return true, nil
	default:
		pr := cfg.Fail("ARBITER_UNATTENDED", fmt.Errorf("%q: want defer or ask; read as ask until it is fixed", v))
		pr.Effect = config.Notice
		return true, &pr
	}
}

// unset names the settings among names that are not set ("A is", "A
// and B are"), or "".
func unset(cfg config.Config, names ...string) string {
	var out []string
	for _, n := range names {
		if cfg.Get(n) == "" {
			out = append(out, n)
		}
	}
	switch len(out) {
	case 0:
		return ""
	case 1:
		return out[0] + " is"
	}
	return strings.Join(out, " and ") + " are"
}

func judgeFrom(cfg config.Config, opt Options) (*judge.Judge, error) {
	mode := judge.Enforce
	if m := cfg.Get("ARBITER_JUDGE_MODE"); m != "" {
		var err error
		if mode, err = judge.ParseMode(m); err != nil {
			return nil, cfg.Fail("ARBITER_JUDGE_MODE", err)
		}
	}
	timeout, err := cfg.Duration("ARBITER_JUDGE_TIMEOUT", judge.DefaultTimeout)
	if err != nil {
		return nil, err
	}
	th := judge.DefaultThresholds()
	for _, p := range []struct {
		name string
		v    *float64
	}{
		{"ARBITER_JUDGE_MIN_SERVES", &th.MinServes}, {"ARBITER_JUDGE_MAX_RISK", &th.MaxRisk},
		{"ARBITER_JUDGE_MAX_STEERING", &th.MaxSteering}, {"ARBITER_JUDGE_DENY_RISK", &th.DenyRisk},
		{"ARBITER_JUDGE_DENY_SERVES", &th.DenyServes},
	} {
		if *p.v, err = cfg.Probability(p.name, *p.v); err != nil {
			return nil, err
		}
	}
	spec := judge.Spec{URL: cfg.Get("ARBITER_JUDGE_URL"), Model: cfg.Get("ARBITER_JUDGE_MODEL"), Timeout: timeout}
	switch b := cfg.Get("ARBITER_JUDGE_BACKEND"); b {
	case "", "systemone":
		spec.Backend = "systemone"
		spec.Key = cfg.Get("TYPESAFE_API_KEY")
		if spec.Key == "" {
			if spec.URL != "" {
				return nil, cfg.Fail("ARBITER_JUDGE_URL", errors.New("set, but TYPESAFE_API_KEY is not; set the key, or unset the URL to run without a judge"))
			}
			noticeOnce(opt, "arbiter: no judge configured (set TYPESAFE_API_KEY, or ARBITER_JUDGE_BACKEND=openai for a local model); calls the static policy cannot settle go to the runtime")
			return nil, nil
		}
		if spec.URL == "" {
			spec.URL = judge.DefaultSystemOneURL
		}
		if spec.Model == "" {
			spec.Model = judge.DefaultModel
		}
	case "openai":
		spec.Backend = "openai"
		spec.Key = cfg.Get("ARBITER_JUDGE_API_KEY")
		if missing := unset(cfg, "ARBITER_JUDGE_URL", "ARBITER_JUDGE_MODEL"); missing != "" {
			return nil, cfg.Fail("ARBITER_JUDGE_BACKEND", fmt.Errorf("openai needs ARBITER_JUDGE_URL and ARBITER_JUDGE_MODEL set too; %s not", missing))
		}
	default:
		return nil, cfg.Fail("ARBITER_JUDGE_BACKEND", fmt.Errorf("%q: want systemone or openai", b))
	}
	if err := config.CheckURL("ARBITER_JUDGE_URL", spec.URL); err != nil {
		if cfg.Get("ARBITER_JUDGE_URL") == "" {
			return nil, err // the default URL: arbiter's own mistake
		}
		return nil, cfg.Fail("ARBITER_JUDGE_URL", err)
	}
	var backend judge.Backend = &judge.Process{Spec: spec, Path: HelperPath()}
	if opt.Backend != nil {
		var err error
		if backend, err = opt.Backend(spec); err != nil {
			return nil, err
		}
	}
	dir := cacheDir(opt)
	j := &judge.Judge{Backend: backend, Thresholds: th, Timeout: timeout, Log: opt.Log}
	if dir != "" {
		j.Cache = &judge.Cache{Dir: filepath.Join(dir, "judge")}
	}
	j.Mode = modeWatcher(mode, opt.Getenv)
	return j, nil
}

// modeWatcher re-reads the mode from the environment and the config file
// at most once a second, so that a long-running `check --jsonl` follows a
// switch without a restart. (Each hook call is a fresh process anyway.)
func modeWatcher(initial judge.Mode, getenv func(string) string) func() judge.Mode {
	w := &watcher{mode: initial, getenv: getenv, checked: time.Now()}
	return w.get
}

// CacheDir returns the folder the gate keeps its cache in (judge answers,
// notice stamps, the sessions' records of written files); "" when there
// is no home to put it in.
func CacheDir(opt Options) string {
	if opt.Getenv == nil {
		opt.Getenv = os.Getenv
	}
	return cacheDir(opt)
}

func cacheDir(opt Options) string {
	if opt.CacheDir != "" {
		return opt.CacheDir
	}
	return cachedir.Of(opt.Getenv)
}

// noticeOnce prints a notice at most once a day, remembered by a stamp
// file in the cache directory.
func noticeOnce(opt Options, msg string) { noticeStamped(opt, "notice-no-judge", msg) }

// reportOnce prints a configuration problem at most once a day; each
// distinct problem has its own stamp, so a new one is heard at once.
func reportOnce(opt Options, p config.Problem) {
	msg := p.Error()
	sum := config.SumOf([]byte(msg))
	noticeStamped(opt, "notice-config-"+hex.EncodeToString(sum[:8]), "arbiter: configuration problem: "+msg)
}

func noticeStamped(opt Options, name, msg string) {
	dir := cacheDir(opt)
	if dir == "" || opt.Log == io.Discard {
		return // nobody would read it: keep the stamp for a caller who does
	}
	stamp := filepath.Join(dir, name)
	now := time.Now().UTC() // UTC: loading the local zone costs the hook a file read
	// The stamp's time says when the notice was last given: a stat, not
	// a read, on every call.
	if st, err := os.Stat(stamp); err == nil && sameDay(st.ModTime().UTC(), now) {
		return
	}
	if os.MkdirAll(dir, 0o700) != nil || os.WriteFile(stamp, []byte(now.Format("2006-01-02")+"\n"), 0o600) != nil {
		return // without a stamp, stay quiet rather than repeat every call
	}
	fmt.Fprintln(opt.Log, msg)
}

func sameDay(a, b time.Time) bool {
	ay, am, ad := a.Date()
	by, bm, bd := b.Date()
	return ay == by && am == bm && ad == bd
}

// HelperPath finds arbiter-judge beside this program (go install puts
// them together). Only there: a helper found on PATH could be one the
// agent put there, answering "allow" to everything. Empty when it is not
// installed.
func HelperPath() string {
	self, err := os.Executable()
	if err != nil {
		return ""
	}
	if resolved, err := filepath.EvalSymlinks(self); err == nil {
		self = resolved
	}
	p := filepath.Join(filepath.Dir(self), "arbiter-judge")
	if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode().Perm()&0o111 != 0 {
		return p
	}
	return ""
}

// DecideLazily decides a call whose user requests are costly to get (a
// hook reads them from the session transcript). requests is called at
// most once, and only when the user's words could change the decision:
// a static deny, which the policy turns into ask when the user typed the
// very command, a class C defer the user's words may have asked for, and
// a call the judge will be asked about. A static
// allow or ask never waits for them.
func (g *Gate) DecideLazily(ctx context.Context, call arbiter.Call, requests func() []string) arbiter.Decision {
	if len(call.Requests) > 0 {
		return g.Decide(ctx, call)
	}
	start := time.Now()
	d := g.Static.Decide(ctx, call)
	switch {
	case d.Decision == arbiter.Deny && !blocked(d):
		if call.Requests = requests(); len(call.Requests) > 0 {
			d = g.Static.Decide(ctx, call)
		}
	case policy.PreApprovable(d):
		// The user's own words may have asked for this class C action.
		if call.Requests = requests(); len(call.Requests) > 0 {
			d = g.Static.Decide(ctx, call)
		}
	case g.judgeWillSee(d):
		call.Requests = requests()
	}
	return g.finish(ctx, call, d, start)
}

// blocked reports a denial by class A or self-protection, which stays
// denied whatever the user typed: their words cannot change it.
func blocked(d arbiter.Decision) bool {
	for _, r := range d.Rules {
		if id := catalog.ID(r); id.Blocked() && !id.Own() || id.Class() == 'S' {
			return true
		}
	}
	return false
}

// judgeWillSee reports whether the judge may be asked about a call with
// this static decision.
func (g *Gate) judgeWillSee(d arbiter.Decision) bool {
	if g.Judge == nil || d.Decision != arbiter.Defer || d.Source == arbiter.SourceError {
		return false
	}
	return g.Judge.Mode == nil || g.Judge.Mode() != judge.Measure
}

// exportedBy reports the variables the environment exports, which a
// command line's own variable of that name then changes for every program
// it runs (policy.Options.Exported): this process's environment, which
// the runtime's shell inherits, or, for a caller's getenv, its non-empty
// values.
func exportedBy(getenv func(string) string) func(string) bool {
	if getenv == nil {
		return func(name string) bool { _, ok := os.LookupEnv(name); return ok }
	}
	return func(name string) bool { return getenv(name) != "" }
}
