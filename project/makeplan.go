package project

import (
	"sort"
	"strings"
)

// Schedule is what one make run would do: the recipe lines, and whether
// a target is left to make's built-in rules.
type Schedule struct {
	Steps []Step
	// Builtin is set when some target has no recipe of the Makefile's, so
	// make looks for one among its built-in rules.
	Builtin bool
}

// Plan lists the recipe lines make would run for the goals (the default
// goal when there are none), prerequisites first, with command-line
// variables (make NAME=value) applied. The rules that remake the
// makefiles read come first: make runs them before any goal, even with -n.
func (m *Makefile) Plan(goals []string, overrides map[string]string) (Schedule, error) {
	for name, value := range overrides {
		m.vars[name] = &variable{value: value, simple: true, values: []string{value}}
	}
	p := &planner{m: m, seen: map[string]bool{}}
	p.always = true
	for _, f := range m.makefiles {
		if r, _ := m.pattern(f, false); len(m.rules[f]) == 0 && r == nil {
			continue // only a rule of the Makefile's own remakes it here
		}
		if err := p.visit(f, 0, false); err != nil {
			return Schedule{}, err
		}
	}
	p.always = false
	if len(goals) == 0 {
		g, err := m.DefaultGoals()
		if err != nil {
			return Schedule{}, err
		}
		goals = g
	}
	for _, g := range goals {
		if err := p.visit(g, 0, false); err != nil {
			return Schedule{}, err
		}
	}
	return Schedule{Steps: p.steps, Builtin: p.builtin}, nil
}

// DefaultGoals is the goal of a make run that names none: the value of
// .DEFAULT_GOAL when the Makefile sets it, else its first target.
func (m *Makefile) DefaultGoals() ([]string, error) {
	v := m.vars[".DEFAULT_GOAL"]
	if v == nil {
		if m.First == "" {
			return nil, nil
		}
		return []string{m.First}, nil
	}
	var goals []string
	for _, cand := range v.values {
		x, err := m.expand(cand, nil, 0)
		if err != nil {
			return nil, err
		}
		if strings.Contains(x, unknownMark) {
			return nil, notPlain(".DEFAULT_GOAL names a goal only known when make runs")
		}
		goals = append(goals, strings.Fields(x)...)
	}
	if m.First != "" {
		goals = append(goals, m.First) // .DEFAULT_GOAL += …, or an empty one
	}
	return goals, nil
}

type planner struct {
	m     *Makefile
	seen  map[string]bool
	steps []Step
	// always marks the steps of remaking a makefile, which -n runs.
	always  bool
	builtin bool
}

// visit follows one target. implicit is set for a prerequisite an
// implicit rule named: make does not chain a match-anything rule onto it.
func (p *planner) visit(target string, depth int, implicit bool) error {
	if p.seen[target] {
		return nil
	}
	p.seen[target] = true
	if len(p.seen) > maxTargets || depth > maxTargets {
		return notPlain("more than %d targets to follow", maxTargets)
	}
	rules := p.m.rules[target]
	stem := ""
	if len(rules) == 0 || !hasRecipe(rules) {
		if r, s := p.m.pattern(target, implicit); r != nil {
			rules, stem = append(rules, r), s
		}
	}
	if len(rules) == 0 {
		// A target with no rule at all runs .DEFAULT's recipe, when there
		// is one (a file that does not exist would otherwise stop make).
		rules = p.m.rules[".DEFAULT"]
	}
	if !hasRecipe(rules) {
		p.builtin = true
	}
	for _, r := range rules {
		a := &autos{target: target, stem: stem}
		pre, err := p.m.expand(strings.ReplaceAll(r.prereqs, "%", stem), a, 0)
		if err != nil {
			return err
		}
		if strings.Contains(pre, unknownMark) {
			// Any target could be among them: follow every one.
			if err := p.visitAll(depth+1, stem != ""); err != nil {
				return err
			}
			pre = strings.ReplaceAll(pre, unknownMark, "")
		}
		a.prereqs = strings.Fields(pre)
		for _, q := range a.prereqs {
			if err := p.visit(q, depth+1, stem != ""); err != nil {
				return err
			}
		}
		for _, line := range r.recipe {
			if err := p.step(target, line, a); err != nil {
				return err
			}
		}
	}
	return nil
}

// visitAll follows every explicit target, in a stable order.
func (p *planner) visitAll(depth int, implicit bool) error {
	names := make([]string, 0, len(p.m.rules))
	for name := range p.m.rules {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := p.visit(name, depth, implicit); err != nil {
			return err
		}
	}
	return nil
}

func (p *planner) step(target, line string, a *autos) error {
	raw := strings.TrimLeft(line, " \t")
	always := p.always
	for raw != "" && strings.IndexByte("@-+", raw[0]) >= 0 {
		always = always || raw[0] == '+'
		raw = strings.TrimLeft(raw[1:], " \t")
	}
	always = always || strings.Contains(raw, "$(MAKE)") || strings.Contains(raw, "${MAKE}")
	text, err := p.m.expand(raw, a, 0)
	if err != nil {
		return err
	}
	if len(p.steps) >= maxSteps {
		return notPlain("more than %d recipe lines", maxSteps)
	}
	p.steps = append(p.steps, Step{Target: target, Line: strings.ReplaceAll(text, unknownMark, ""), Always: always})
	return nil
}

func hasRecipe(rules []*rule) bool {
	for _, r := range rules {
		if len(r.recipe) > 0 {
			return true
		}
	}
	return false
}

// pattern finds the first pattern rule with a recipe whose target
// matches; implicit leaves out the match-anything rules (target %).
func (m *Makefile) pattern(target string, implicit bool) (*rule, string) {
	for _, r := range m.patterns {
		if len(r.recipe) == 0 {
			continue
		}
		for _, t := range r.targets {
			if implicit && t == "%" {
				continue
			}
			pre, suf, _ := strings.Cut(t, "%")
			if len(target) >= len(pre)+len(suf) && strings.HasPrefix(target, pre) && strings.HasSuffix(target, suf) {
				return r, target[len(pre) : len(target)-len(suf)]
			}
		}
	}
	return nil, ""
}
