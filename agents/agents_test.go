package agents

import (
	"path"
	"regexp"
	"testing"
	"time"
)

// TestRegistryIsWellFormed: each runtime's paths are relative and clean,
// the file arbiter installs into is one of the hook files the gate
// guards, and a trust file sits beside a hook file.
func TestRegistryIsWellFormed(t *testing.T) {
	word := regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
	seen := map[string]bool{}
	for _, a := range All() {
		if !word.MatchString(a.ID) || seen[a.ID] {
			t.Errorf("ID %q: want a distinct lower-case word", a.ID)
		}
		seen[a.ID] = true
		if a.Name == "" || a.Dir == "" || a.Settings == "" || len(a.Events) == 0 || len(a.HookFiles) == 0 || len(a.Config) == 0 {
			t.Errorf("%s: Name, Dir, Settings, Events, HookFiles and Config are required: %+v", a.ID, a)
		}
		lists := [][]string{{a.Dir, a.Settings, a.LocalSettings, a.ProjectSettings, a.Trust}, a.HookFiles, a.Config, a.Skills, a.Plugins, a.Credentials, a.Sessions}
		for _, list := range lists {
			for _, p := range list {
				if p != "" && (path.IsAbs(p) || path.Clean(p) != p || p == ".." || len(p) > 2 && p[:3] == "../") {
					t.Errorf("%s: %q is not a clean relative path", a.ID, p)
				}
			}
		}
		for _, f := range []string{a.Settings, a.LocalSettings, a.ProjectSettings} {
			if f != "" && !matchesAny(a.HookFiles, f) {
				t.Errorf("%s: %s is not among its HookFiles %v, so the gate would not guard the file it installs into", a.ID, f, a.HookFiles)
			}
		}
		if a.Trust != "" && !besideAny(a.HookFiles, a.Trust) {
			t.Errorf("%s: trust file %s has no hook file beside it", a.ID, a.Trust)
		}
		for _, f := range a.HookFiles {
			if !underAny(a.Config, f) {
				t.Errorf("%s: hook file %s is in none of its Config folders %v", a.ID, f, a.Config)
			}
		}
	}
}

func matchesAny(patterns []string, name string) bool {
	for _, p := range patterns {
		if ok, _ := path.Match(p, name); ok {
			return true
		}
	}
	return false
}

func besideAny(files []string, f string) bool {
	for _, x := range files {
		if path.Dir(x) == path.Dir(f) {
			return true
		}
	}
	return false
}

func underAny(dirs []string, f string) bool {
	for _, d := range dirs {
		if len(f) > len(d) && f[:len(d)+1] == d+"/" {
			return true
		}
	}
	return false
}

// TestCopiesAreCopies: what All and Lookup return can be changed without
// changing the registry.
func TestCopiesAreCopies(t *testing.T) {
	a, ok := Lookup(Claude)
	if !ok {
		t.Fatal("no claude")
	}
	a.Events[0] = "changed"
	All()[0].Skills[0] = "changed"
	if b, _ := Lookup(Claude); b.Events[0] == "changed" || b.Skills[0] == "changed" {
		t.Error("a copy shares the registry's slices")
	}
	if _, ok := Lookup("nope"); ok || Name("nope") != "nope" || Name(Codex) != "Codex CLI" {
		t.Error("Lookup or Name of an unknown ID")
	}
}

func TestInHome(t *testing.T) {
	codex, _ := Lookup(Codex)
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == "CODEX_HOME" {
				return v
			}
			return ""
		}
	}
	for _, c := range []struct{ rel, env, want string }{
		{".codex/hooks.json", "", "/h/.codex/hooks.json"},
		{".codex/hooks.json", "/c", "/c/hooks.json"},
		{".codex/sessions", "/c/", "/c/sessions"},
		{".agents/skills", "/c", "/h/.agents/skills"},
	} {
		if got := codex.InHome("/h", c.rel, env(c.env)); got != c.want {
			t.Errorf("InHome(%s) with CODEX_HOME=%q = %s, want %s", c.rel, c.env, got, c.want)
		}
	}
	claude, _ := Lookup(Claude)
	if got := claude.InHome("/h", claude.Settings, nil); got != "/h/.claude/settings.json" {
		t.Errorf("claude settings %s", got)
	}
}

func TestTimeoutUnit(t *testing.T) {
	if got := Seconds.Of(10); got != 10*time.Second {
		t.Errorf("10 s = %v", got)
	}
	if got := Milliseconds.Of(1500); got != 1500*time.Millisecond {
		t.Errorf("1500 ms = %v", got)
	}
}
