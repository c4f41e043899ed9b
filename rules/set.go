package rules

import (
	"context"
	"encoding/json"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter/catalog"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/config"
	"github.com/arbitergate/arbiter/shell"
)

// Decider is the static policy as the rules see it.
type Decider interface {
	Decide(ctx context.Context, call arbiter.Call) arbiter.Decision
}

// Rule is one loaded rule.
type Rule struct {
	config.Rule
	verdict arbiter.Verdict
	words   []string
}

// ID names the rule in decisions: R.user:3 is the third rule of the
// user's file, R.project:1 the first of the project's, R.managed:2 the
// second of the administrator's managed file.
func (r *Rule) ID() string { return fmt.Sprintf("R.%s:%d", r.Scope(), r.Index) }

// Verdict is what the rule decides.
func (r *Rule) Verdict() arbiter.Verdict { return r.verdict }

// Set is the rules that loaded, in order: the user's, then the project's.
type Set struct {
	rules []*Rule
	// Problems lists the rules that did not load, and why.
	Problems config.Problems
	static   Decider
	az       *shell.Analyzer
}

// Rules returns the loaded rules.
func (s *Set) Rules() []*Rule {
	if s == nil {
		return nil
	}
	return s.rules
}

// New loads rules: a rule that would approve a broad prefix, or whose
// examples do not come out as written, does not load, and Problems says
// why. static is the static policy, which decides the segments no rule
// covers.
func New(raw []config.Rule, static Decider) *Set { return build(raw, static, nil) }

// Checked is New for rules whose examples were already checked (by the
// same program, on the same text): failed holds the problems that check
// found, and those rules do not load. Checking examples decides each one
// with the static policy, which a hook should not repeat on every call.
func Checked(raw []config.Rule, static Decider, failed config.Problems) *Set {
	if failed == nil {
		failed = config.Problems{}
	}
	return build(raw, static, failed)
}

func build(raw []config.Rule, static Decider, failed config.Problems) *Set {
	s := &Set{static: static, az: &shell.Analyzer{}}
	for _, c := range raw {
		r, err := compile(c)
		if err != nil {
			s.Problems = append(s.Problems, config.Problem{File: c.File, Line: c.Line, Key: c.Key(err.key), Msg: err.msg, Effect: config.RuleIgnored})
			continue
		}
		p, bad := failedRule(failed, c)
		if failed == nil {
			if err := s.checkExamples(r); err != nil {
				p, bad = config.Problem{File: c.File, Line: c.Line, Key: c.Key(err.key), Msg: err.msg, Effect: wrongExample(r)}, true
			}
		}
		if bad {
			s.Problems = append(s.Problems, p)
			if p.Effect != config.RuleKept {
				continue
			}
		}
		s.rules = append(s.rules, r)
	}
	return s
}

// wrongExample is what a wrong example does to its rule. An allow whose
// examples do not come out as written is dropped: it might allow more
// than the user meant. A rule that tightens is kept as written: dropping
// a deny the user wrote would let through what they meant to stop, and
// the worst a wrong example can mean is a rule stricter than intended.
func wrongExample(r *Rule) config.Effect {
	if r.verdict == arbiter.Allow {
		return config.RuleIgnored
	}
	return config.RuleKept
}

// Join returns a set holding the rules of both (a's first).
func Join(a, b *Set) *Set {
	switch {
	case a == nil || len(a.rules) == 0:
		return b
	case b == nil || len(b.rules) == 0:
		return a
	}
	out := *a
	out.rules = append(append([]*Rule(nil), a.rules...), b.rules...)
	out.Problems = append(append(config.Problems(nil), a.Problems...), b.Problems...)
	return &out
}

func failedRule(failed config.Problems, c config.Rule) (config.Problem, bool) {
	for _, p := range failed {
		if p.File == c.File && strings.HasPrefix(p.Key, c.Key("")+".") {
			return p, true
		}
	}
	return config.Problem{}, false
}

type ruleError struct{ key, msg string }

func compile(c config.Rule) (*Rule, *ruleError) {
	v, err := arbiter.ParseVerdict(c.Decision)
	if err != nil {
		return nil, &ruleError{"decision", err.Error()}
	}
	r := &Rule{Rule: c, verdict: v, words: c.Words()}
	if v == arbiter.Allow && c.Command != "" {
		if err := Narrow(r.words); err != nil {
			return nil, &ruleError{"command", err.Error()}
		}
	}
	return r, nil
}

// Apply puts the rules over the static decision d for call.
func (s *Set) Apply(ctx context.Context, call arbiter.Call, d arbiter.Decision) arbiter.Decision {
	if s == nil || len(s.rules) == 0 || d.Source == arbiter.SourceSelf || d.Source == arbiter.SourceError {
		return d
	}
	f := s.factsOf(call)
	var hit *Rule
	for _, r := range s.rules {
		if r.verdict != arbiter.Allow && (hit == nil || r.verdict > hit.verdict) && r.fires(f) {
			hit = r
		}
	}
	if hit != nil {
		if hit.verdict >= d.Decision {
			return decided(d, hit.verdict, []*Rule{hit})
		}
		return d // the static verdict is stricter
	}
	// A stricter rule may always tighten; only an allow is held back from
	// what no user rule may change.
	if d.Decision == arbiter.Allow || Protected(d) {
		return d
	}
	if by := s.covers(ctx, f, s.rules); len(by) > 0 {
		return decided(d, arbiter.Allow, by)
	}
	return d
}

// Protected reports whether a static decision is one no user rule may
// change: self-protection, class A, secrets (an inline secret, reading or
// writing a credential file), changes to the agent's own configuration or
// to files that run later (shell start-up, cron), or a failure. An
// approved prefix approves a program, not what it would do to these.
func Protected(d arbiter.Decision) bool {
	if d.Source == arbiter.SourceSelf || d.Source == arbiter.SourceError {
		return true
	}
	for _, id := range d.Rules {
		switch {
		case catalog.ID(id).Blocked(), catalog.ID(id).Secret(), id == string(catalog.B5Persistence), id == string(catalog.B5AgentConfig):
			return true
		}
	}
	return false
}

func decided(base arbiter.Decision, v arbiter.Verdict, by []*Rule) arbiter.Decision {
	lead := by[0]
	ids := make([]string, len(by))
	for i, r := range by {
		ids[i] = r.ID()
	}
	reason := strings.TrimSpace(lead.Message)
	if reason == "" {
		reason = defaultReason(lead)
	}
	reason = strings.TrimSuffix(reason, ".") + fmt.Sprintf(" (rule %s, %s:%d).", lead.ID(), lead.File, lead.Line)
	if v == arbiter.Deny {
		reason += " Do not retry this in another form."
	}
	return arbiter.Decision{ID: base.ID, Decision: v, Rules: ids, Reason: reason, Source: arbiter.SourceRule, Micros: base.Micros, Judge: base.Judge}
}

func defaultReason(r *Rule) string {
	var what []string
	for _, kv := range [][2]string{{"tool", r.Tool}, {"command", r.Command}, {"path", r.Path}, {"host", r.Host}} {
		if kv[1] != "" {
			what = append(what, fmt.Sprintf("%s %q", kv[0], kv[1]))
		}
	}
	verb := map[arbiter.Verdict]string{arbiter.Allow: "allows", arbiter.Ask: "asks about", arbiter.Deny: "denies", arbiter.Defer: "leaves to the runtime"}[r.verdict]
	owner := map[string]string{"user": "your", "project": "the project's", "managed": "the managed policy's"}[r.Scope()]
	return fmt.Sprintf("%s rule for %s %s this", owner, strings.Join(what, " and "), verb)
}

// fires reports whether every criterion the rule gives matches the call.
// Deny, ask and defer rules are open-world: a prefix matches a segment
// whatever wraps it.
func (r *Rule) fires(f *facts) bool {
	if !r.inProject(f.call) {
		return false
	}
	if r.Tool != "" && !globMatch(r.Tool, f.call.Tool) {
		return false
	}
	if r.Command != "" {
		if f.analysis == nil {
			return false
		}
		hit := false
		for i := range f.analysis.Commands {
			if prefixMatch(r.words, &f.analysis.Commands[i]) {
				hit = true
				break
			}
		}
		if !hit {
			return false
		}
	}
	if r.Path != "" && !f.anyPath(r.Path) {
		return false
	}
	if r.Host != "" && !f.anyHost(r.Host) {
		return false
	}
	return true
}

// covers returns the allow rules that together cover the call, or nil.
// A shell command is covered only when its analysis is complete and each
// segment is covered strictly by a prefix rule, or is one the static
// policy allows when judged alone; at least one must be a rule's. Path,
// host and tool allows cover only calls that are not shell commands.
func (s *Set) covers(ctx context.Context, f *facts, rules []*Rule) []*Rule {
	var allows []*Rule
	for _, r := range rules {
		if r.verdict == arbiter.Allow {
			allows = append(allows, r)
		}
	}
	if len(allows) == 0 {
		return nil
	}
	if f.analysis == nil {
		for _, r := range allows {
			if r.Command == "" && r.fires(f) {
				return []*Rule{r}
			}
		}
		return nil
	}
	a := f.analysis
	if len(a.Problems) > 0 || len(a.Commands) == 0 {
		return nil
	}
	var by []*Rule
	for i := range a.Commands {
		c := &a.Commands[i]
		r := strictCover(allows, f.call, c)
		if r == nil {
			if !s.staticAllows(ctx, f.call, c) {
				return nil
			}
			continue
		}
		if !contains(by, r) {
			by = append(by, r)
		}
	}
	return by
}

func contains(rs []*Rule, r *Rule) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// strictCover finds an allow prefix rule covering one segment as it
// stands: run directly (no wrapper, no nested shell, not inferred from
// interpreter code), with no environment prefix and no write redirection
// other than to /dev/null.
func strictCover(allows []*Rule, call arbiter.Call, c *shell.Command) *Rule {
	tool := call.Tool
	if len(c.Via) > 0 || c.Origin != "" || c.Ctx&(shell.Nested|shell.InFunction) != 0 || len(c.Env) > 0 || c.Program == "" {
		return nil
	}
	for _, rd := range c.Redirs {
		if rd.Writes() && rd.Target.Text != "/dev/null" {
			return nil
		}
	}
	for _, r := range allows {
		if r.Command == "" || r.Tool != "" && !globMatch(r.Tool, tool) || !r.inProject(call) {
			continue
		}
		if prefixMatch(r.words, c) && !dynamicPrefix(len(r.words)-1, c) {
			return r
		}
	}
	return nil
}

func dynamicPrefix(n int, c *shell.Command) bool {
	for i := 0; i < n && i < len(c.Args); i++ {
		if c.Args[i].Dynamic {
			return true
		}
	}
	return false
}

// prefixMatch reports whether a segment starts with the prefix words.
func prefixMatch(words []string, c *shell.Command) bool {
	if len(words) == 0 || len(c.Args) < len(words)-1 {
		return false
	}
	if strings.ToLower(path.Base(words[0])) != c.Program {
		return false
	}
	for i, w := range words[1:] {
		if c.Args[i].Text != w {
			return false
		}
	}
	return true
}

// staticAllows decides one segment alone with the static policy. Only a
// segment that renders back to its own text is judged; one that is cut,
// carries a here-document or runs in a directory the analysis lost is not.
func (s *Set) staticAllows(ctx context.Context, call arbiter.Call, c *shell.Command) bool {
	if s.static == nil || c.DirUnknown || c.Origin != "" {
		return false
	}
	text := c.String()
	if len(text) >= 197 || strings.Contains(text, "<<…") {
		return false
	}
	in, _ := json.Marshal(map[string]string{"command": text})
	one := call
	one.Tool, one.Input = "Bash", in
	if c.Dir != "" {
		one.Cwd = resolverOf(call).Resolve(c.Dir, "")
	}
	return s.static.Decide(ctx, one).Decision == arbiter.Allow
}

// inProject reports whether a rule limited to a project applies to the
// call: the call's project (or, without one, its folder) is inside it.
func (r *Rule) inProject(call arbiter.Call) bool {
	if r.Project == "" {
		return true
	}
	dir := call.ProjectDir
	if dir == "" {
		dir = call.Dir()
	}
	root := filepath.Clean(r.Project)
	dir = filepath.Clean(dir)
	return dir == root || strings.HasPrefix(dir, root+"/")
}

// globMatch matches a name pattern; a malformed pattern matches nothing.
func globMatch(pattern, name string) bool {
	ok, err := path.Match(pattern, name)
	return err == nil && ok
}
