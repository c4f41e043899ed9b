package audit

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/arbitergate/arbiter"
)

// The log is rotated by size: past maxBytes, FILE becomes FILE.1, FILE.1
// becomes FILE.2, and so on up to FILE.keep, which is dropped; so the log
// never takes more than (keep+1)×maxBytes, 80 MiB.
const (
	maxBytes = 16 << 20
	keep     = 4
)

// Record is one logged decision.
type Record struct {
	Time     string
	Runtime  string
	Session  string
	Project  string
	Tool     string
	Subject  string
	Decision arbiter.Verdict
	Rules    []string
	Reason   string
	Source   arbiter.Source
	Micros   int64
	Judge    *arbiter.JudgeRecord
	// Host and User say where the decision was made (resource
	// attributes host.name and user.name), for logs gathered from many
	// machines.
	Host, User string
}

// Log is a decision log file.
type Log struct {
	Path string
	// Host and User are recorded with every decision; empty leaves them
	// out.
	Host, User string
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

// Files lists the log and the files its rotation keeps, newest first.
func Files(path string) []string {
	out := []string{path}
	for i := 1; i <= keep; i++ {
		out = append(out, path+"."+strconv.Itoa(i))
	}
	return out
}

// Write appends a decision about a call. It never waits: a log that is
// not a regular file (a FIFO nobody reads) is refused, not opened for
// writing.
func (l *Log) Write(runtime string, call arbiter.Call, d arbiter.Decision) error {
	if l == nil || l.Path == "" {
		return nil
	}
	r := Record{
		Time: time.Now().UTC().Format(time.RFC3339Nano), Runtime: runtime, Session: call.SessionID, Project: call.ProjectDir, Tool: call.Tool,
		Subject: subject(call), Decision: d.Decision, Rules: d.Rules, Reason: d.Reason,
		Source: d.Source, Micros: d.Micros, Judge: d.Judge, Host: l.Host, User: l.User,
	}
	b, err := Encode(r)
	if err != nil {
		return fmt.Errorf("decision log %s: %w", l.Path, err)
	}
	if err := appendLine(l.Path, append(b, '\n')); err != nil {
		return fmt.Errorf("decision log %s: %w", l.Path, err)
	}
	return nil
}

// rotate shifts the log's files by one, dropping the oldest. Two hooks
// rotating at once can at worst drop one file early.
func rotate(path string) {
	files := Files(path)
	_ = os.Remove(files[len(files)-1])
	for i := len(files) - 1; i > 0; i-- {
		if err := os.Rename(files[i-1], files[i]); err != nil && !errors.Is(err, os.ErrNotExist) {
			return
		}
	}
}

// subject is what the call acts on: the command, path, URL or query,
// cut to a readable length.
func subject(call arbiter.Call) string {
	in, ok := call.Decoded()
	if !ok && json.Unmarshal(call.Input, &in) != nil {
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

// PathFor resolves the ARBITER_LOG setting: "off" (or 0, false, no)
// turns the log off; "", "on", "1", "true" or "yes" mean the default
// path; anything else is a path.
func PathFor(setting string, getenv func(string) string) string {
	switch strings.ToLower(setting) {
	case "off", "0", "false", "no":
		return ""
	case "", "on", "1", "true", "yes":
		return DefaultPath(getenv)
	}
	return setting
}
