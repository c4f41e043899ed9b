package config

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"runtime"
	"slices"
	"strings"
)

// The managed file is the administrator's layer: one policy for every
// user of a machine (or a fleet). It has the user file's shape. Its
// settings win over the user's file and the environment; its rules join
// the others, where the strictest matching rule wins, so its denies and
// asks hold whatever a user or project allows, and its allows hold
// unless a user or project tightens them.

// Managed is the managed file as read.
type Managed struct {
	// File is the managed file read, or the one that would be read.
	File string
	// Found says whether it exists.
	Found bool
	// Rules are its rules; when the file cannot be used whole, only the
	// denies, asks and defers that still parse.
	Rules []Rule
	// Fixed lists the settings it fixes, which no user file or
	// environment variable can change.
	Fixed []string
	// Sum identifies the file's content, for caches (see SumOf).
	Sum [16]byte
}

// ManagedPath is the managed file's location: $ARBITER_MANAGED_CONFIG,
// else the system-wide place of the operating system, which only an
// administrator can write.
func ManagedPath(getenv func(string) string) string {
	if p := getenv("ARBITER_MANAGED_CONFIG"); p != "" {
		return p
	}
	if runtime.GOOS == "darwin" {
		return "/Library/Application Support/arbiter/managed.toml"
	}
	return "/etc/arbiter/managed.toml"
}

// readManaged reads the managed file after the user's file and the
// environment, so that its settings win.
func (c *Config) readManaged(getenv func(string) string) {
	m := &c.Managed
	m.File = ManagedPath(getenv)
	if m.File == os.DevNull {
		return
	}
	b, err := readBounded(m.File)
	switch {
	case errors.Is(err, fs.ErrNotExist) && getenv("ARBITER_MANAGED_CONFIG") != "":
		c.Problems = append(c.Problems, Problem{File: m.File, Msg: "ARBITER_MANAGED_CONFIG names this file, which does not exist", Effect: ManagedKept})
		return
	case errors.Is(err, fs.ErrNotExist):
		return
	case err != nil:
		c.Problems = append(c.Problems, Problem{File: m.File, Msg: "cannot be read: " + unwrapPath(err), Effect: ManagedKept})
		return
	}
	m.Found, m.Sum = true, SumOf(b)
	values, where := map[string]string{}, map[string]Problem{}
	rules, probs := parseUser(m.File, b, values, where)
	if broken := probs.Broken(); len(broken) > 0 {
		for i := range probs {
			if probs[i].Effect == FileIgnored {
				probs[i].Effect = ManagedKept
			}
		}
		c.Problems = append(c.Problems, probs...)
		values, where = map[string]string{}, map[string]Problem{}
		rules = salvage(m.File, b, values, where)
	} else {
		c.Problems = append(c.Problems, probs...)
	}
	for i := range rules {
		rules[i].FromManaged = true
	}
	m.Rules = rules
	for k, v := range values {
		c.values[k] = v
		c.where[k] = where[k]
		m.Fixed = append(m.Fixed, k)
	}
	slices.Sort(m.Fixed)
}

// salvage reads what can still be trusted of a managed file that cannot
// be used whole: each [[rule]] table on its own, keeping the denies,
// asks and defers whose table parses and whose values are good, and the
// settings before the first table when they parse. Allows are dropped: a
// broken file may allow more than its author meant. A table cut short by
// the break keeps fewer keys, so it matches more: stricter, never looser.
func salvage(file string, b []byte, values map[string]string, where map[string]Problem) []Rule {
	lines := bytes.SplitAfter(b, []byte("\n"))
	var starts []int
	for i, l := range lines {
		if isRuleHeader(l) {
			starts = append(starts, i)
		}
	}
	head := len(lines)
	if len(starts) > 0 {
		head = starts[0]
	}
	if doc, p := walk(file, bytes.Join(lines[:head], nil), true); p == nil {
		for name, v := range doc.settings {
			values[name] = v.text
			where[name] = Problem{File: file, Line: v.line, Key: name}
		}
	}
	var out []Rule
	for i, s := range starts {
		end := len(lines)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		doc, p := walk(file, bytes.Join(lines[s:end], nil), false)
		if p != nil || len(doc.rules) != 1 {
			continue
		}
		r := doc.rules[0]
		r.File, r.Index, r.Line = file, i+1, s+r.Line
		if r.Decision == "allow" {
			continue
		}
		if _, msg := shape(r); msg != "" {
			continue
		}
		out = append(out, r)
	}
	return out
}

// isRuleHeader reports a line that opens a [[rule]] table.
func isRuleHeader(line []byte) bool {
	t := strings.TrimSpace(string(line))
	if i := strings.IndexByte(t, '#'); i >= 0 {
		t = strings.TrimSpace(t[:i])
	}
	return strings.ReplaceAll(t, " ", "") == "[[rule]]"
}
