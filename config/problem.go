package config

import (
	"fmt"
	"strings"
)

// Problem is one thing wrong with the configuration.
type Problem struct {
	// File is the file the problem is in; empty when it comes from the
	// environment.
	File string
	Line int
	// Key is the setting or rule key at fault ("ARBITER_JUDGE_MODE",
	// "rule[3].decision").
	Key string
	Msg string
	// Effect says what arbiter does about it.
	Effect Effect
}

// Effect is what a problem switches off.
type Effect uint8

const (
	// FileIgnored: the whole file (its settings and rules) is ignored.
	FileIgnored Effect = iota
	// JudgeOff: the judge is not used; the static policy and the rules
	// still decide.
	JudgeOff
	// RuleIgnored: one rule did not load; the rest of the file did.
	RuleIgnored
	// Notice: nothing is switched off; the user should still hear of it.
	Notice
	// RuleKept: a rule that tightens has a wrong example; it still
	// applies as written. (Added last: cached problems keep their numbers.)
	RuleKept
	// ManagedKept: the managed file cannot be used whole; the denies,
	// asks and defers of it that still parse apply, its allows do not,
	// and nothing is allowed until it is fixed (the user's layer must not
	// loosen what it was meant to hold).
	ManagedKept
)

func (p Problem) Error() string {
	var b strings.Builder
	if p.File == "" {
		b.WriteString("environment variable ")
		b.WriteString(p.Key)
	} else {
		b.WriteString(p.File)
		if p.Line > 0 {
			fmt.Fprintf(&b, ":%d", p.Line)
		}
		if p.Key != "" {
			b.WriteString(": " + p.Key)
		}
	}
	b.WriteString(": " + p.Msg)
	switch p.Effect {
	case FileIgnored:
		if p.File != "" {
			b.WriteString(" (this file's settings and rules are ignored)")
		}
	case JudgeOff:
		b.WriteString(" (the judge is off; the static policy and rules still decide)")
	case RuleIgnored:
		b.WriteString(" (this rule is ignored)")
	case RuleKept:
		b.WriteString(" (this rule still applies as written: a rule that denies, asks or defers is never dropped)")
	case ManagedKept:
		b.WriteString(" (the managed file's denies, asks and defers that still parse apply; its allows do not, and nothing is allowed until it is fixed)")
	}
	return b.String()
}

// Problems is a list of problems read as one error.
type Problems []Problem

func (ps Problems) Error() string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.Error()
	}
	return strings.Join(parts, "; ")
}

// Broken returns the problems that make a file unusable (its rules were
// not read, or for the managed file, not all of them), or nil.
func (ps Problems) Broken() Problems {
	var out Problems
	for _, p := range ps {
		if p.Effect == FileIgnored || p.Effect == ManagedKept {
			out = append(out, p)
		}
	}
	return out
}

// Err returns the problems as an error, or nil when there are none.
func (ps Problems) Err() error {
	if len(ps) == 0 {
		return nil
	}
	return ps
}
