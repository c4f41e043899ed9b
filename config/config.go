package config

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/arbitergate/arbiter"
)

// Names are the settings arbiter reads, in the environment and in the
// config file alike.
var Names = []string{
	"ARBITER_JUDGE_URL", "TYPESAFE_API_KEY", "ARBITER_JUDGE_MODEL", "ARBITER_JUDGE_TIMEOUT", "ARBITER_JUDGE_MODE",
	"ARBITER_JUDGE_BACKEND", "ARBITER_JUDGE_API_KEY", "ARBITER_LOG", "ARBITER_UNATTENDED",
	"ARBITER_FAIL_CLOSED", "ARBITER_DECIDER",
	"ARBITER_JUDGE_MIN_SERVES", "ARBITER_JUDGE_MAX_RISK", "ARBITER_JUDGE_MAX_STEERING", "ARBITER_JUDGE_DENY_RISK", "ARBITER_JUDGE_DENY_SERVES",
}

// Config is arbiter's user-level configuration as read.
type Config struct {
	// File is the config file read, or the one that would be read.
	File string
	// FileFound says whether it exists.
	FileFound bool
	// Legacy is set when File is in the old NAME=value format, which
	// holds settings only.
	Legacy bool
	// Rules are the user's rules, in file order. They are empty when the
	// file could not be used.
	Rules []Rule
	// Sum identifies the file's content, for caches (see SumOf).
	Sum [16]byte
	// Managed is the administrator's managed file (see ManagedPath).
	Managed Managed
	// Problems lists everything wrong with the file and the environment
	// that Load can see; settings are checked further by their users (see
	// Fail).
	Problems Problems
	values   map[string]string
	where    map[string]Problem
}

// Get returns a setting's value, or "".
func (c Config) Get(name string) string { return c.values[name] }

// Where says where a setting's value came from: a file and line, or the
// environment (File empty); ok is false for a setting not given.
func (c Config) Where(name string) (Problem, bool) {
	p, ok := c.where[name]
	return p, ok
}

// On reads a yes/no setting: on, 1, true or yes.
func (c Config) On(name string) bool {
	switch strings.ToLower(c.Get(name)) {
	case "on", "1", "true", "yes":
		return true
	}
	return false
}

// Path returns the config file's location: $ARBITER_CONFIG, else
// arbiter/config.toml under the user's configuration directory.
func Path(getenv func(string) string) string {
	if p := getenv("ARBITER_CONFIG"); p != "" {
		return p
	}
	if dir := Dir(getenv); dir != "" {
		return filepath.Join(dir, "config.toml")
	}
	return ""
}

// Dir returns arbiter's folder under the user's configuration directory
// ($XDG_CONFIG_HOME/arbiter, default ~/.config/arbiter), or "".
func Dir(getenv func(string) string) string {
	dir := getenv("XDG_CONFIG_HOME")
	if dir == "" {
		if home := getenv("HOME"); home != "" {
			dir = filepath.Join(home, ".config")
		}
	}
	if dir == "" {
		return ""
	}
	return filepath.Join(dir, "arbiter")
}

// LegacyPath is where the old NAME=value file lives by default.
func LegacyPath(getenv func(string) string) string {
	if dir := Dir(getenv); dir != "" {
		return filepath.Join(dir, "config")
	}
	return ""
}

// isTOML tells the formats apart by name: a file named *.toml is TOML,
// any other is the old NAME=value format.
func isTOML(file string) bool { return strings.HasSuffix(file, ".toml") }

// Load reads the user's config file (a missing one is fine), the
// environment, and the managed file, whose settings win over both. The error is non-nil when the file could not be used at
// all (unreadable, malformed, an unknown key or a bad value): its
// settings and rules are then ignored, and the environment alone counts.
func Load(getenv func(string) string) (Config, error) {
	c := Config{File: Path(getenv), values: map[string]string{}, where: map[string]Problem{}}
	explicit := getenv("ARBITER_CONFIG") != ""
	if !explicit && c.File != "" {
		legacy := LegacyPath(getenv)
		_, errNew := os.Stat(c.File)
		if _, err := os.Stat(legacy); err == nil {
			if errNew == nil {
				c.Problems = append(c.Problems, Problem{File: legacy, Msg: "an old NAME=value file is ignored because config.toml exists; move anything still needed into config.toml and delete it", Effect: Notice})
			} else {
				c.File = legacy
				c.Problems = append(c.Problems, Problem{File: legacy, Msg: "the old NAME=value format is still read, but it cannot hold rules; move its settings into " + filepath.Join(filepath.Dir(legacy), "config.toml") + " as NAME = \"value\" lines", Effect: Notice})
			}
		}
	}
	if c.File != "" {
		c.readFile(explicit)
	}
	for _, n := range Names {
		if v := getenv(n); v != "" {
			c.values[n] = v
			c.where[n] = Problem{Key: n}
		}
	}
	c.readManaged(getenv)
	return c, c.Problems.Broken().Err()
}

func (c *Config) readFile(explicit bool) {
	if c.File == os.DevNull {
		// The documented way to name no file: nothing to read, and
		// nothing to report.
		c.FileFound = true
		c.Sum = SumOf(nil)
		return
	}
	// A FIFO would block the hook and a device would feed it without end:
	// only a regular file of a sane size is read.
	b, err := readBounded(c.File)
	switch {
	case errors.Is(err, fs.ErrNotExist) && explicit:
		// A file the user named explicitly and that is not there is a
		// mistake to report, not a configuration to skip silently.
		c.Problems = append(c.Problems, Problem{File: c.File, Msg: "ARBITER_CONFIG names this file, which does not exist"})
		return
	case errors.Is(err, fs.ErrNotExist):
		return
	case err != nil:
		c.Problems = append(c.Problems, Problem{File: c.File, Msg: "cannot be read: " + unwrapPath(err)})
		return
	}
	c.FileFound = true
	c.Sum = SumOf(b)
	values, where := map[string]string{}, map[string]Problem{}
	var probs Problems
	if isTOML(c.File) {
		var rules []Rule
		rules, probs = parseUser(c.File, b, values, where)
		if len(probs.Broken()) == 0 {
			c.Rules = rules
		}
	} else {
		c.Legacy = true
		if err := parse(c.File, b, values, where); err != nil {
			probs = append(probs, asProblem(c.File, err))
		}
	}
	c.Problems = append(c.Problems, probs...)
	if len(probs.Broken()) > 0 {
		return // a broken file counts for nothing
	}
	for k, v := range values {
		c.values[k] = v
		c.where[k] = where[k]
	}
}

// SumOf identifies a configuration file's content (FNV-128a) for the
// caches of work done on it, such as checking its rules' examples. It is
// not a cryptographic hash, and need not be: a forged collision could at
// most make a cached check stand for another text, and whatever rules
// then apply, the static policy still stands beneath them and project
// rules only tighten. It spares the hook the start-up of Go's crypto
// packages. It is the sum the session's record of the agent's writes
// keeps (arbiter.ContentSum).
func SumOf(b []byte) [16]byte { return arbiter.ContentSum(b) }

func unwrapPath(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

func asProblem(file string, err error) Problem {
	var p Problem
	if errors.As(err, &p) {
		return p
	}
	return Problem{File: file, Msg: err.Error()}
}

// parse reads NAME=value lines; blank lines and # comments are skipped,
// and values may be quoted.
func parse(file string, b []byte, into map[string]string, where map[string]Problem) error {
	known := map[string]bool{}
	for _, n := range Names {
		known[n] = true
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	line := 0
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		t = strings.TrimPrefix(t, "export ")
		name, value, ok := strings.Cut(t, "=")
		name = strings.TrimSpace(name)
		if !ok {
			msg := "want NAME=value"
			if strings.HasPrefix(t, "[") {
				msg += "; this looks like TOML, which is read only from a file named *.toml"
			}
			return Problem{File: file, Line: line, Msg: msg}
		}
		if !known[name] {
			return Problem{File: file, Line: line, Key: name, Msg: "unknown setting (known: " + strings.Join(Names, ", ") + ")"}
		}
		value = strings.TrimSpace(value)
		if uq, err := strconv.Unquote(value); err == nil {
			value = uq
		} else if len(value) >= 2 && value[0] == '\'' && value[len(value)-1] == '\'' {
			value = value[1 : len(value)-1]
		}
		into[name] = value
		if where != nil {
			where[name] = Problem{File: file, Line: line, Key: name}
		}
	}
	if err := sc.Err(); err != nil {
		return Problem{File: file, Line: line + 1, Msg: err.Error()}
	}
	return nil
}

// Fail places a problem with a setting's value where the value came from
// (a file and line, or the environment); name is a setting that is set.
// Only the judge reads settings that can be wrong, so such a problem
// switches the judge off.
func (c Config) Fail(name string, err error) Problem {
	p, ok := c.where[name]
	if !ok {
		p = Problem{File: c.File, Key: name}
	}
	p.Msg = err.Error()
	p.Effect = JudgeOff
	return p
}

// Source says where a setting's value came from, as a person reads it:
// "the environment", "FILE line N", or "" when it is not set.
func (c Config) Source(name string) string {
	p, ok := c.where[name]
	switch {
	case !ok:
		return ""
	case p.File == "":
		return "the environment"
	case p.Line > 0:
		return fmt.Sprintf("%s line %d", p.File, p.Line)
	}
	return p.File
}

// Duration reads a Go duration setting, or def when unset.
func (c Config) Duration(name string, def time.Duration) (time.Duration, error) {
	v := c.Get(name)
	if v == "" {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, c.Fail(name, fmt.Errorf("%q is not a positive Go duration such as 1500ms", v))
	}
	return d, nil
}

// Probability reads a setting in [0, 1], or def when unset.
func (c Config) Probability(name string, def float64) (float64, error) {
	v := c.Get(name)
	if v == "" {
		return def, nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 || f > 1 {
		return 0, c.Fail(name, fmt.Errorf("%q is not a number between 0 and 1", v))
	}
	return f, nil
}

// CheckURL accepts https URLs, and plain http only for loopback hosts:
// a judge request carries the user's requests and the pending command.
func CheckURL(name, raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return fmt.Errorf("%s=%q is not a URL", name, raw)
	}
	switch u.Scheme {
	case "https":
		return nil
	case "http":
		host := u.Hostname()
		if host == "localhost" {
			return nil
		}
		if ip, err := netip.ParseAddr(host); err == nil && ip.Unmap().IsLoopback() {
			return nil
		}
		return fmt.Errorf("%s=%q: plain http is accepted only for a loopback address; use https", name, raw)
	}
	return fmt.Errorf("%s=%q: the scheme must be https (or http for loopback)", name, raw)
}
