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

// Fix says what to do about the problem where its setting came from (an
// environment variable, or a file and line), and what holds until it is
// done, by its effect. Every message that tells a person how to fix a
// configuration takes it from here, so the source and the consequence
// are said once and alike.
func (p Problem) Fix() string {
	var fix string
	switch {
	case p.File == "" && strings.HasPrefix(p.Key, "ARBITER_") || p.File == "" && p.Key == "TYPESAFE_API_KEY":
		fix = "correct or unset " + p.Key + " in the environment the runtime starts with (the environment overrides the config file)"
	case p.File == "":
		fix = "correct the judge's settings (README: Configuration)"
	case p.Line > 0:
		fix = fmt.Sprintf("correct line %d of %s (README: Configuration)", p.Line, p.File)
	default:
		fix = "correct " + p.File + " or move it aside (README: Configuration)"
	}
	return fix + consequences[p.Effect]
}

// consequences say, by effect, what arbiter does until a problem is
// fixed, as the hooks do it (see internal/hookcli).
var consequences = [...]string{
	FileIgnored: "; until then the file's settings and rules count for nothing: the hooks still deny and ask what the static policy denies and asks, and leave to the runtime what it would allow (deny with --fail-closed)",
	JudgeOff:    "; until then the judge is off: the static policy and rules still decide, and what they cannot settle goes to the runtime (deny with --fail-closed)",
	RuleIgnored: "; until then the rest of the file applies",
	Notice:      "",
	RuleKept:    "",
	ManagedKept: "; until then the managed file's denies, asks and defers that parse still hold, and nothing is allowed: the hooks leave to the runtime what the static policy would allow",
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
