package audit

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/secrets"
)

// maxBytes is the size past which the log is rotated to FILE.1.
const maxBytes = 16 << 20

// Record is one logged decision.
type Record struct {
	Time     string               `json:"time"`
	Runtime  string               `json:"runtime,omitempty"`
	Session  string               `json:"session,omitempty"`
	Tool     string               `json:"tool"`
	Subject  string               `json:"subject,omitempty"`
	Decision arbiter.Verdict      `json:"decision"`
	Rules    []string             `json:"rules"`
	Reason   string               `json:"reason"`
	Source   arbiter.Source       `json:"source"`
	Micros   int64                `json:"micros"`
	Judge    *arbiter.JudgeRecord `json:"judge,omitempty"`
}

// Log is a decision log file.
type Log struct {
	Path string
}

// DefaultPath is where the log goes when none is named:
// $XDG_STATE_HOME/arbiter/decisions.jsonl, else ~/.local/state/….
func DefaultPath(getenv func(string) string) string {
	dir := getenv("XDG_STATE_HOME")
	if dir == "" {
		home := getenv("HOME")
		if home == "" {
			return ""
		}
		dir = filepath.Join(home, ".local", "state")
	}
	return filepath.Join(dir, "arbiter", "decisions.jsonl")
}

// Write appends a decision about a call.
func (l *Log) Write(runtime string, call arbiter.Call, d arbiter.Decision) error {
	if l == nil || l.Path == "" {
		return nil
	}
	r := Record{
		Time: time.Now().UTC().Format(time.RFC3339Nano), Runtime: runtime, Session: call.SessionID, Tool: call.Tool,
		Subject: secrets.Redact(subject(call)), Decision: d.Decision, Rules: d.Rules, Reason: secrets.Redact(d.Reason),
		Source: d.Source, Micros: d.Micros, Judge: d.Judge,
	}
	if r.Judge != nil {
		j := *r.Judge
		j.Why, j.Error = secrets.Redact(j.Why), secrets.Redact(j.Error)
		r.Judge = &j
	}
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(l.Path), 0o700); err != nil {
		return fmt.Errorf("decision log: %w", err)
	}
	if st, err := os.Stat(l.Path); err == nil && st.Size() > maxBytes {
		_ = os.Rename(l.Path, l.Path+".1")
	}
	f, err := os.OpenFile(l.Path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("decision log: %w", err)
	}
	if _, err := f.Write(append(b, '\n')); err != nil {
		f.Close()
		return fmt.Errorf("decision log: %w", err)
	}
	return f.Close()
}

// subject is what the call acts on: the command, path, URL or query,
// cut to a readable length.
func subject(call arbiter.Call) string {
	var in map[string]any
	if json.Unmarshal(call.Input, &in) != nil {
		return ""
	}
	for _, k := range []string{"command", "file_path", "notebook_path", "url", "path", "pattern", "query"} {
		if s, ok := in[k].(string); ok {
			s = strings.ReplaceAll(s, "\n", "⏎")
			if r := []rune(s); len(r) > 300 {
				s = string(r[:300]) + "…"
			}
			return s
		}
	}
	return ""
}

// PathFor resolves the ARBITER_LOG setting: "off" turns the log off; "",
// "on" or "1" mean the default path, except that "" means off unless the
// judge runs in shadow mode, whose whole point is the record; anything
// else is a path.
func PathFor(setting string, shadow bool, getenv func(string) string) string {
	switch strings.ToLower(setting) {
	case "off", "0", "false", "no":
		return ""
	case "":
		if !shadow {
			return ""
		}
		return DefaultPath(getenv)
	case "on", "1", "true", "yes":
		return DefaultPath(getenv)
	}
	return setting
}
