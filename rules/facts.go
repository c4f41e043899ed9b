package rules

import (
	"encoding/json"
	"net/url"
	"path"
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/shell"
)

// facts is what one call does, as far as the rules look: its shell
// analysis, and the paths and hosts it names. Paths and hosts are
// gathered only when a rule asks.
type facts struct {
	call     arbiter.Call
	input    map[string]any
	analysis *shell.Analysis // nil for tools other than the shell
	res      paths.Resolver
	paths    []string
	hosts    []string
	gathered bool
}

func resolverOf(call arbiter.Call) paths.Resolver {
	return paths.Resolver{Project: call.ProjectDir, Cwd: call.Dir(), Home: call.Home}
}

func (s *Set) factsOf(call arbiter.Call) *facts {
	f := &facts{call: call, res: resolverOf(call)}
	if in, ok := call.Decoded(); ok {
		f.input = in
	} else {
		_ = json.Unmarshal(call.Input, &f.input)
	}
	if call.Tool == "Bash" {
		cmd, _ := f.input["command"].(string)
		f.analysis = s.az.Analyze(cmd)
	}
	return f
}

// maxGlob bounds how many files a glob word in a command is expanded to.
const maxGlob = 256

func (f *facts) gather() {
	if f.gathered {
		return
	}
	f.gathered = true
	for _, k := range []string{"file_path", "notebook_path", "path"} {
		if p, ok := f.input[k].(string); ok && p != "" {
			f.addPath(p, "", false)
		}
	}
	for _, k := range []string{"url"} {
		if u, ok := f.input[k].(string); ok {
			f.addURL(u)
		}
	}
	if f.analysis == nil {
		return
	}
	for i := range f.analysis.Commands {
		c := &f.analysis.Commands[i]
		dir := c.Dir
		for _, a := range c.Args {
			if a.Dynamic {
				continue
			}
			t := a.Text
			if strings.HasPrefix(t, "-") {
				_, v, ok := strings.Cut(t, "=")
				if !ok {
					continue
				}
				t = v
			}
			t = strings.TrimPrefix(t, "@") // curl -d @file
			if t == "" || strings.ContainsAny(t, " \t\n") {
				continue // a message or a script, not a path
			}
			if strings.Contains(t, "://") {
				f.addURL(t)
				continue
			}
			f.addPath(t, dir, a.Glob)
			if networkProgram.Get()[c.Program] {
				f.addRemote(t)
			} else if at := strings.Index(t, "@"); at > 0 && strings.Contains(t[at:], ":") {
				f.addRemote(t) // git@host:org/repo
			}
		}
		for _, r := range c.Redirs {
			if (r.Reads() || r.Writes()) && !r.Target.Dynamic {
				f.addPath(r.Target.Text, dir, r.Target.Glob)
			}
		}
	}
}

// networkProgram lists programs whose plain operands name hosts.
var networkProgram = lazy.New(func() map[string]bool {
	return map[string]bool{"ssh": true, "scp": true, "sftp": true, "rsync": true, "nc": true, "ncat": true, "netcat": true,
		"telnet": true, "ping": true, "dig": true, "host": true, "nslookup": true, "ftp": true, "mosh": true, "socat": true, "curl": true, "wget": true}
})

func (f *facts) addPath(p, dir string, glob bool) {
	abs := f.res.Resolve(p, dir)
	if abs == "" {
		return
	}
	f.paths = append(f.paths, abs)
	if glob {
		// A pattern may expand to a protected file: look at what it
		// expands to now, bounded.
		if m, err := filepath.Glob(abs); err == nil {
			if len(m) > maxGlob {
				m = m[:maxGlob]
			}
			f.paths = append(f.paths, m...)
		}
	}
}

func (f *facts) addURL(raw string) {
	if u, err := url.Parse(raw); err == nil && u.Hostname() != "" {
		f.hosts = append(f.hosts, strings.ToLower(u.Hostname()))
	}
}

// addRemote reads a host from user@host:path, host:path or host.
func (f *facts) addRemote(t string) {
	if i := strings.LastIndex(t, "@"); i >= 0 {
		t = t[i+1:]
	}
	if i := strings.Index(t, ":"); i >= 0 {
		t = t[:i]
	}
	if t != "" && !strings.Contains(t, "/") && (strings.Contains(t, ".") || t == "localhost") {
		f.hosts = append(f.hosts, strings.ToLower(t))
	}
}

// anyPath reports whether a path the call names matches the glob. A
// relative glob is matched against the path inside the project and, so
// that **/x finds x anywhere, against the absolute path too; ~/ is the
// home directory.
func (f *facts) anyPath(glob string) bool {
	f.gather()
	pattern := glob
	abs := strings.HasPrefix(glob, "/")
	if rest, ok := strings.CutPrefix(glob, "~/"); ok {
		home := f.call.Home
		if home == "" {
			home = "/home/user"
		}
		pattern, abs = path.Join(home, rest), true
	}
	for _, p := range f.paths {
		if abs {
			if ok, _ := doublestar.Match(pattern, p); ok {
				return true
			}
			continue
		}
		if ok, _ := doublestar.Match(pattern, strings.TrimPrefix(p, "/")); ok {
			return true
		}
		if f.call.ProjectDir != "" {
			if rel, ok := strings.CutPrefix(p, strings.TrimSuffix(f.call.ProjectDir, "/")+"/"); ok {
				if ok, _ := doublestar.Match(pattern, rel); ok {
					return true
				}
			}
		}
	}
	return false
}

func (f *facts) anyHost(pattern string) bool {
	f.gather()
	pattern = strings.ToLower(pattern)
	for _, h := range f.hosts {
		if globMatch(pattern, h) {
			return true
		}
	}
	return false
}
