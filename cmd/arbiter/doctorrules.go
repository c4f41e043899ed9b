package main

import (
	"fmt"
	"io"
	"os"

	"github.com/arbitergate/arbiter/config"
)

// doctorConfig reports, before anything else, what is wrong with the
// user's config file, the environment and the current project's
// .arbiter.toml, and which rules loaded. It returns the number of
// problems (notices do not count).
func doctorConfig(w io.Writer) int {
	g, cfg, all := configuredRules()
	var ruleProblems config.Problems // the file's own problems are reported already
	for _, p := range g.Problems {
		if p.Effect == config.RuleIgnored || p.Effect == config.RuleKept || p.Effect == config.Notice {
			ruleProblems = append(ruleProblems, p)
		}
	}
	problems := reportProblems(w, ruleProblems)
	if cfg.FileFound && len(g.Broken()) == 0 && g.Rules != nil {
		fmt.Fprintf(w, "✓ config %s: %d rule(s) loaded\n", cfg.File, len(g.Rules.Rules()))
	}
	problems += doctorManaged(w, cfg, all)
	writeRuleSources(w, all)
	cwd, _ := os.Getwd()
	if g.Projects != nil {
		file, probs := g.Projects.Problems(cwd)
		problems += reportProblems(w, probs)
		if file != "" && len(probs.Broken()) == 0 {
			fmt.Fprintf(w, "✓ project rules %s read (a project file may only tighten)\n", file)
		}
	}
	return problems
}

func reportProblems(w io.Writer, probs config.Problems) int {
	n := 0
	for _, p := range probs {
		switch p.Effect {
		case config.Notice:
			fmt.Fprintf(w, "! %v\n", p)
			continue
		default:
			fmt.Fprintf(w, "✗ %v\n  fix: %s\n", p, p.Fix())
		}
		n++
	}
	return n
}
