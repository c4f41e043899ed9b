package gate

import (
	"context"
	"fmt"
	"github.com/arbitergate/arbiter/catalog"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/config"
	"github.com/arbitergate/arbiter/judge"
	"github.com/arbitergate/arbiter/policy"
)

// Gate decides calls.
type Gate struct {
	Static *policy.Policy
	// Judge is nil when no judge is configured.
	Judge *judge.Judge
}

// Decide runs a call through the static policy and, when it defers and a
// judge is configured, the judge.
func (g *Gate) Decide(ctx context.Context, call arbiter.Call) arbiter.Decision {
	start := time.Now()
	d := g.Static.Decide(ctx, call)
	if g.Judge != nil {
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
}

// FromConfig builds a gate from the environment and the config file. A
// configuration that cannot be read or makes no sense is an error: the
// caller answers defer rather than run without the judge the user asked
// for.
func FromConfig(opt Options) (*Gate, config.Config, error) {
	if opt.Getenv == nil {
		opt.Getenv = os.Getenv
	}
	if opt.Log == nil {
		opt.Log = os.Stderr
	}
	g := &Gate{Static: policy.New(policy.Options{})}
	cfg, err := config.Load(opt.Getenv)
	if err != nil {
		return g, cfg, err
	}
	j, err := judgeFrom(cfg, opt)
	if err != nil {
		return g, cfg, err
	}
	g.Judge = j
	return g, cfg, nil
}

func judgeFrom(cfg config.Config, opt Options) (*judge.Judge, error) {
	mode := judge.Enforce
	if m := cfg.Get("ARBITER_JUDGE_MODE"); m != "" {
		var err error
		if mode, err = judge.ParseMode(m); err != nil {
			return nil, fmt.Errorf("ARBITER_JUDGE_MODE: %w", err)
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
				return nil, fmt.Errorf("ARBITER_JUDGE_URL is set but TYPESAFE_API_KEY is not; set the key, or unset the URL to run without a judge")
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
		if spec.URL == "" || spec.Model == "" {
			return nil, fmt.Errorf("ARBITER_JUDGE_BACKEND=openai needs ARBITER_JUDGE_URL and ARBITER_JUDGE_MODEL")
		}
	default:
		return nil, fmt.Errorf("ARBITER_JUDGE_BACKEND=%q: want systemone or openai", b)
	}
	if err := config.CheckURL("ARBITER_JUDGE_URL", spec.URL); err != nil {
		return nil, err
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

func cacheDir(opt Options) string {
	if opt.CacheDir != "" {
		return opt.CacheDir
	}
	if d := opt.Getenv("XDG_CACHE_HOME"); d != "" {
		return filepath.Join(d, "arbiter")
	}
	if h := opt.Getenv("HOME"); h != "" {
		return filepath.Join(h, ".cache", "arbiter")
	}
	return ""
}

// noticeOnce prints a notice at most once a day, remembered by a stamp
// file in the cache directory.
func noticeOnce(opt Options, msg string) {
	dir := cacheDir(opt)
	if dir == "" {
		return
	}
	stamp := filepath.Join(dir, "notice-no-judge")
	today := time.Now().UTC().Format("2006-01-02") // UTC: loading the local zone costs the hook a file read
	if b, err := os.ReadFile(stamp); err == nil && strings.TrimSpace(string(b)) == today {
		return
	}
	if os.MkdirAll(dir, 0o700) != nil || os.WriteFile(stamp, []byte(today+"\n"), 0o600) != nil {
		return // without a stamp, stay quiet rather than repeat every call
	}
	fmt.Fprintln(opt.Log, msg)
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
// very command, and a call the judge will be asked about. A static
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
	case g.judgeWillSee(d):
		call.Requests = requests()
	}
	if g.Judge != nil {
		d = g.Judge.Review(ctx, call, d)
		d.Micros = time.Since(start).Microseconds()
	}
	return d
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
