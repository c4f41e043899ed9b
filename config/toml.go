package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// Rule is one [[rule]] table as written. Matching lives in package rules;
// here a rule is only read and checked for shape.
type Rule struct {
	// Decision is allow, ask, deny or defer.
	Decision string `toml:"decision"`
	// Tool matches the tool name (a glob: "mcp__github__*").
	Tool string `toml:"tool"`
	// Command is a program and argument prefix, matched per shell segment.
	Command string `toml:"command"`
	// Path is a ** glob matched against every path a call reads, writes
	// or deletes.
	Path string `toml:"path"`
	// Host is a host glob matched against fetched URLs and shell network
	// use.
	Host string `toml:"host"`
	// Message is shown to the agent or the person with the decision.
	Message string `toml:"message"`
	// Match and NotMatch are examples checked when the file loads.
	Match    []string `toml:"match"`
	NotMatch []string `toml:"not_match"`
	// Project limits a rule of the user's file to calls in one project
	// (an absolute folder): arbiter allow --project writes it.
	Project string `toml:"project"`

	// Set by the loader.
	File        string `toml:"-"`
	Line        int    `toml:"-"`
	Index       int    `toml:"-"` // 1-based, in file order
	FromProject bool   `toml:"-"` // read from a project's .arbiter.toml
	FromManaged bool   `toml:"-"` // read from the administrator's managed file
}

// Scope names the layer a rule was read from: managed, user or project.
func (r Rule) Scope() string {
	switch {
	case r.FromManaged:
		return "managed"
	case r.FromProject:
		return "project"
	}
	return "user"
}

// Words returns the command prefix as words.
func (r Rule) Words() []string { return strings.Fields(r.Command) }

// Key names a key of the rule for messages: rule[3].command.
func (r Rule) Key(field string) string {
	if field == "" {
		return fmt.Sprintf("rule[%d]", r.Index)
	}
	return fmt.Sprintf("rule[%d].%s", r.Index, field)
}

// maxFile bounds a config file; maxRules the rules in one.
const (
	maxFile  = 1 << 20
	maxRules = 1000
)

// parseUser reads the user's config.toml into settings and rules.
// Settings are top-level keys with the environment's names; a value may be
// a string, a decimal number or a boolean.
func parseUser(file string, b []byte, values map[string]string, where map[string]Problem) ([]Rule, Problems) {
	if len(b) > maxFile {
		return nil, Problems{{File: file, Msg: fmt.Sprintf("larger than %d bytes", maxFile)}}
	}
	doc, p := walk(file, b, true)
	if p != nil {
		return nil, Problems{*p}
	}
	for name, v := range doc.settings {
		values[name] = v.text
		where[name] = Problem{File: file, Line: v.line, Key: name}
	}
	rules, probs := checkRules(file, b, doc.rules, false)
	if len(probs.Broken()) > 0 {
		return nil, probs // a broken file counts for nothing
	}
	return rules, probs
}

// parseProject reads a project's .arbiter.toml: rules only. Settings (a
// judge URL, a key) are never read from the repository, which the agent
// writes.
func parseProject(file string, b []byte) ([]Rule, Problems) {
	if len(b) > maxFile {
		return nil, Problems{{File: file, Msg: fmt.Sprintf("larger than %d bytes", maxFile)}}
	}
	doc, p := walk(file, b, false)
	if p != nil {
		if known(p.Key) {
			p.Msg = "settings are read only from the user's config file, never from a project"
		}
		return nil, Problems{*p}
	}
	rules, probs := checkRules(file, b, doc.rules, true)
	if len(probs.Broken()) > 0 {
		return nil, probs
	}
	return rules, probs
}

// checkRules numbers the rules, finds their lines, and checks each one's
// shape. A bad value makes the whole file unusable; an allow rule in a
// project file is only dropped, since a project may only tighten.
func checkRules(file string, b []byte, rules []Rule, project bool) ([]Rule, Problems) {
	if len(rules) > maxRules {
		return nil, Problems{{File: file, Key: "rule", Msg: fmt.Sprintf("%d rules; at most %d are read", len(rules), maxRules)}}
	}
	var probs Problems
	out := make([]Rule, 0, len(rules))
	for i, r := range rules {
		r.File, r.Index, r.FromProject = file, i+1, project
		if key, msg := shape(r); msg != "" {
			probs = append(probs, Problem{File: file, Line: lineIn(b, r.Line, key), Key: r.Key(key), Msg: msg})
			continue
		}
		if project && r.Decision == "allow" {
			probs = append(probs, Problem{File: file, Line: lineIn(b, r.Line, "decision"), Key: r.Key("decision"), Msg: "a project file may only tighten: its allow rules are ignored, since the repository is what the agent writes; put the rule in your own config file (arbiter allow)", Effect: RuleIgnored})
			continue
		}
		out = append(out, r)
	}
	return out, probs
}

// shape checks one rule's values; it returns the key at fault and why.
func shape(r Rule) (string, string) {
	switch r.Decision {
	case "allow", "ask", "deny", "defer":
	case "":
		return "decision", "missing: want allow, ask, deny or defer"
	default:
		return "decision", fmt.Sprintf("%q: want allow, ask, deny or defer", r.Decision)
	}
	if r.Tool == "" && r.Command == "" && r.Path == "" && r.Host == "" {
		return "", "matches nothing: give tool, command, path or host"
	}
	if r.Tool != "" {
		if _, err := path.Match(r.Tool, ""); err != nil {
			return "tool", fmt.Sprintf("%q is not a valid pattern", r.Tool)
		}
	}
	if r.Command != "" {
		if strings.ContainsAny(r.Command, "|&;<>()$`\\\"'*?[]{}\n") {
			return "command", fmt.Sprintf("%q: a prefix is plain words (a program and its first arguments), without quotes, operators or patterns; one rule covers one command segment", r.Command)
		}
	}
	if r.Decision == "allow" && r.Command == "" && r.Path == "" && r.Host == "" && isShellTool(r.Tool) {
		return "tool", fmt.Sprintf("%q with decision allow would allow every shell command; give a command prefix", r.Tool)
	}
	if r.Path != "" && !doublestar.ValidatePattern(r.Path) {
		return "path", fmt.Sprintf("%q is not a valid ** glob", r.Path)
	}
	if r.Host != "" {
		if strings.ContainsAny(r.Host, "/:@ ") {
			return "host", fmt.Sprintf("%q: give a host name or pattern (*.example.com), not a URL", r.Host)
		}
		if _, err := path.Match(r.Host, ""); err != nil {
			return "host", fmt.Sprintf("%q is not a valid pattern", r.Host)
		}
	}
	if r.Project != "" && (!filepath.IsAbs(r.Project) || filepath.Clean(r.Project) == "/") {
		return "project", fmt.Sprintf("%q: give the project's absolute folder", r.Project)
	}
	if r.Project != "" && r.FromProject {
		return "project", "only the user's file can limit a rule to a project"
	}
	if len(r.Message) > 1000 {
		return "message", "longer than 1000 characters"
	}
	if len(r.Match)+len(r.NotMatch) > 100 {
		return "match", "more than 100 examples"
	}
	return "", ""
}

// isShellTool reports whether a tool pattern covers the shell tool.
func isShellTool(tool string) bool {
	ok, _ := path.Match(tool, "Bash")
	return ok
}

// lineIn finds the line of key in the table that starts at line from
// (the table's own line when the key is not written there).
func lineIn(b []byte, from int, key string) int {
	if key == "" || from <= 0 {
		return from
	}
	lines := bytes.Split(b, []byte("\n"))
	for i := from; i < len(lines); i++ {
		t := strings.TrimSpace(string(lines[i]))
		if strings.HasPrefix(t, "[") {
			break
		}
		if rest, ok := strings.CutPrefix(t, key); ok && strings.HasPrefix(strings.TrimSpace(rest), "=") {
			return i + 1
		}
	}
	return from
}

// ProjectFileName is the project's rule file, at the repository root.
const ProjectFileName = ".arbiter.toml"

// Project is a project's rule file as read.
type Project struct {
	// File is the .arbiter.toml found, or "" when there is none.
	File     string
	Rules    []Rule
	Problems Problems
	// Sum identifies the file's content, for caches (see SumOf).
	Sum [16]byte
}

// FindProject walks up from dir to the repository root (the first folder
// holding .git) and returns the .arbiter.toml found on the way, or "".
// Since a project file can only tighten, finding one is never a risk.
func FindProject(dir string) string {
	if dir == "" || !filepath.IsAbs(dir) {
		return ""
	}
	dir = filepath.Clean(dir)
	for range 64 {
		p := filepath.Join(dir, ProjectFileName)
		if _, err := os.Lstat(p); err == nil {
			return p
		}
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
	return ""
}

// LoadProject reads the project file for a call running in dir.
func LoadProject(dir string) Project {
	p := Project{File: FindProject(dir)}
	if p.File == "" {
		return p
	}
	b, err := readBounded(p.File)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return Project{}
		}
		p.Problems = Problems{{File: p.File, Msg: "cannot be read: " + unwrapPath(err)}}
		return p
	}
	p.Sum = SumOf(b)
	rules, probs := parseProject(p.File, b)
	p.Problems = probs
	if len(probs.Broken()) == 0 {
		p.Rules = rules
	}
	return p
}

func readBounded(file string) ([]byte, error) {
	st, err := os.Stat(file)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "read", Path: file, Err: errors.New("not a regular file")}
	}
	if st.Size() > maxFile {
		return nil, &fs.PathError{Op: "read", Path: file, Err: fmt.Errorf("larger than %d bytes", maxFile)}
	}
	return os.ReadFile(file)
}
