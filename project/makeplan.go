package project

import (
	"sort"
	"strings"
)

// Plan lists the recipe lines make would run for the goals (the first
// target when there are none), prerequisites first, with command-line
// variables (make NAME=value) applied.
func (m *Makefile) Plan(goals []string, overrides map[string]string) ([]Step, error) {
	for name, value := range overrides {
		m.vars[name] = &variable{value: value, simple: true, values: []string{value}}
	}
	if len(goals) == 0 {
		if m.First == "" {
			return nil, nil
		}
		goals = []string{m.First}
	}
	p := &planner{m: m, seen: map[string]bool{}}
	for _, g := range goals {
		if err := p.visit(g, 0); err != nil {
			return nil, err
		}
	}
	return p.steps, nil
}

type planner struct {
	m     *Makefile
	seen  map[string]bool
	steps []Step
}

func (p *planner) visit(target string, depth int) error {
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
		if r, s := p.m.pattern(target); r != nil {
			rules, stem = append(rules, r), s
		}
	}
	if len(rules) == 0 {
		// A target with no rule at all runs .DEFAULT's recipe, when there
		// is one (a file that does not exist would otherwise stop make).
		rules = p.m.rules[".DEFAULT"]
	}
	for _, r := range rules {
		a := &autos{target: target, stem: stem}
		pre, err := p.m.expand(strings.ReplaceAll(r.prereqs, "%", stem), a, 0)
		if err != nil {
			return err
		}
		if strings.Contains(pre, unknownMark) {
			// Any target could be among them: follow every one.
			if err := p.visitAll(depth + 1); err != nil {
				return err
			}
			pre = strings.ReplaceAll(pre, unknownMark, "")
		}
		a.prereqs = strings.Fields(pre)
		for _, q := range a.prereqs {
			if err := p.visit(q, depth+1); err != nil {
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
func (p *planner) visitAll(depth int) error {
	names := make([]string, 0, len(p.m.rules))
	for name := range p.m.rules {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := p.visit(name, depth); err != nil {
			return err
		}
	}
	return nil
}

func (p *planner) step(target, line string, a *autos) error {
	raw := strings.TrimLeft(line, " \t")
	always := false
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

// pattern finds the first pattern rule with a recipe whose target matches.
func (m *Makefile) pattern(target string) (*rule, string) {
	for _, r := range m.patterns {
		if len(r.recipe) == 0 {
			continue
		}
		for _, t := range r.targets {
			pre, suf, _ := strings.Cut(t, "%")
			if len(target) >= len(pre)+len(suf) && strings.HasPrefix(target, pre) && strings.HasSuffix(target, suf) {
				return r, target[len(pre) : len(target)-len(suf)]
			}
		}
	}
	return nil, ""
}
