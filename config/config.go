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
)

// Names are the settings arbiter reads, in the environment and in the
// config file alike.
var Names = []string{
	"ARBITER_JUDGE_URL", "TYPESAFE_API_KEY", "ARBITER_JUDGE_MODEL", "ARBITER_JUDGE_TIMEOUT", "ARBITER_JUDGE_MODE",
	"ARBITER_JUDGE_BACKEND", "ARBITER_JUDGE_API_KEY", "ARBITER_LOG",
	"ARBITER_JUDGE_MIN_SERVES", "ARBITER_JUDGE_MAX_RISK", "ARBITER_JUDGE_MAX_STEERING", "ARBITER_JUDGE_DENY_RISK", "ARBITER_JUDGE_DENY_SERVES",
}

// Config is arbiter's configuration as read.
type Config struct {
	// File is the config file read, or the one that would be read.
	File string
	// FileFound says whether it exists.
	FileFound bool
	values    map[string]string
}

// Get returns a setting's value, or "".
func (c Config) Get(name string) string { return c.values[name] }

// Path returns the config file's location: $ARBITER_CONFIG, else
// arbiter/config under the user's configuration directory.
func Path(getenv func(string) string) string {
	if p := getenv("ARBITER_CONFIG"); p != "" {
		return p
	}
	dir := getenv("XDG_CONFIG_HOME")
	if dir == "" {
		if home := getenv("HOME"); home != "" {
			dir = filepath.Join(home, ".config")
		}
	}
	if dir == "" {
		return ""
	}
	return filepath.Join(dir, "arbiter", "config")
}

// Load reads the config file (a missing one is fine) and the environment.
// An unreadable or malformed file is an error naming the file and line.
func Load(getenv func(string) string) (Config, error) {
	c := Config{File: Path(getenv), values: map[string]string{}}
	if c.File != "" {
		b, err := os.ReadFile(c.File)
		switch {
		case errors.Is(err, fs.ErrNotExist) && getenv("ARBITER_CONFIG") != "":
			// A file the user named explicitly and that is not there is a
			// mistake to report, not a configuration to skip silently.
			return c, fmt.Errorf("reading config: ARBITER_CONFIG names %s, which does not exist", c.File)
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return c, fmt.Errorf("reading config: %w", err)
		default:
			c.FileFound = true
			if err := parse(c.File, b, c.values); err != nil {
				return c, err
			}
		}
	}
	for _, n := range Names {
		if v := getenv(n); v != "" {
			c.values[n] = v
		}
	}
	return c, nil
}

// parse reads NAME=value lines; blank lines and # comments are skipped,
// and values may be quoted.
func parse(file string, b []byte, into map[string]string) error {
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
			return fmt.Errorf("%s:%d: want NAME=value", file, line)
		}
		if !known[name] {
			return fmt.Errorf("%s:%d: unknown setting %q (known: %s)", file, line, name, strings.Join(Names, ", "))
		}
		value = strings.TrimSpace(value)
		if uq, err := strconv.Unquote(value); err == nil {
			value = uq
		} else if len(value) >= 2 && value[0] == '\'' && value[len(value)-1] == '\'' {
			value = value[1 : len(value)-1]
		}
		into[name] = value
	}
	return sc.Err()
}

// Duration reads a Go duration setting, or def when unset.
func (c Config) Duration(name string, def time.Duration) (time.Duration, error) {
	v := c.Get(name)
	if v == "" {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%s=%q is not a positive Go duration such as 1500ms", name, v)
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
		return 0, fmt.Errorf("%s=%q is not a number between 0 and 1", name, v)
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
