package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoadTOML(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "arbiter", "config.toml")
	os.MkdirAll(filepath.Dir(file), 0o700)
	os.WriteFile(file, []byte(`# settings have the environment's names
TYPESAFE_API_KEY = "from-file"
ARBITER_JUDGE_MODE = "shadow"
ARBITER_JUDGE_MAX_RISK = 0.2
ARBITER_JUDGE_TIMEOUT = "2s"

[[rule]]
decision = "allow"
command = "npm ci"
message = "lockfile installs are routine here"

[[rule]]
decision = "deny"
path = "**/prod.tfstate"
`), 0o600)
	env := map[string]string{"XDG_CONFIG_HOME": dir, "ARBITER_JUDGE_MODE": "measure"}
	c, err := Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if c.File != file || !c.FileFound || c.Legacy {
		t.Errorf("file %s found %v legacy %v", c.File, c.FileFound, c.Legacy)
	}
	if c.Get("TYPESAFE_API_KEY") != "from-file" || c.Get("ARBITER_JUDGE_MODE") != "measure" || c.Get("ARBITER_JUDGE_MAX_RISK") != "0.2" {
		t.Errorf("values %v", c.values)
	}
	if len(c.Rules) != 2 || c.Rules[0].Line != 7 || c.Rules[1].Index != 2 || c.Rules[1].Path != "**/prod.tfstate" {
		t.Errorf("rules %+v", c.Rules)
	}
	// A bad value names the file and line when it came from the file, and
	// the variable when it came from the environment.
	env["ARBITER_JUDGE_TIMEOUT"] = "soon"
	c, _ = Load(func(k string) string { return env[k] })
	if _, err := c.Duration("ARBITER_JUDGE_TIMEOUT", 0); err == nil || !strings.Contains(err.Error(), "environment variable ARBITER_JUDGE_TIMEOUT") {
		t.Errorf("env error %v", err)
	}
	delete(env, "ARBITER_JUDGE_TIMEOUT")
	os.WriteFile(file, []byte("ARBITER_JUDGE_TIMEOUT = \"soon\"\n"), 0o600)
	c, _ = Load(func(k string) string { return env[k] })
	if _, err := c.Duration("ARBITER_JUDGE_TIMEOUT", 0); err == nil || !strings.Contains(err.Error(), file+":1: ARBITER_JUDGE_TIMEOUT") {
		t.Errorf("file error %v", err)
	}
}

// TestLegacyFile: the old NAME=value file is still read where no
// config.toml exists, with a notice; beside a config.toml it is ignored,
// also with a notice.
func TestLegacyFile(t *testing.T) {
	dir := t.TempDir()
	legacy := filepath.Join(dir, "arbiter", "config")
	os.MkdirAll(filepath.Dir(legacy), 0o700)
	os.WriteFile(legacy, []byte("ARBITER_JUDGE_MODE=shadow\n"), 0o600)
	env := map[string]string{"XDG_CONFIG_HOME": dir}
	c, err := Load(func(k string) string { return env[k] })
	if err != nil || !c.Legacy || c.Get("ARBITER_JUDGE_MODE") != "shadow" || len(c.Problems) != 1 || c.Problems[0].Effect != Notice {
		t.Errorf("legacy alone: %v %+v", err, c)
	}
	os.WriteFile(filepath.Join(dir, "arbiter", "config.toml"), []byte("ARBITER_JUDGE_MODE = \"measure\"\n"), 0o600)
	c, err = Load(func(k string) string { return env[k] })
	if err != nil || c.Legacy || c.Get("ARBITER_JUDGE_MODE") != "measure" || len(c.Problems) != 1 || !strings.Contains(c.Problems[0].Msg, "ignored") {
		t.Errorf("legacy beside toml: %v %+v", err, c)
	}
}

func TestFindProject(t *testing.T) {
	dir := t.TempDir()
	repo := filepath.Join(dir, "repo")
	os.MkdirAll(filepath.Join(repo, ".git"), 0o755)
	os.MkdirAll(filepath.Join(repo, "a", "b"), 0o755)
	os.WriteFile(filepath.Join(dir, ".arbiter.toml"), []byte(""), 0o600) // above the repository: not read
	if got := FindProject(filepath.Join(repo, "a", "b")); got != "" {
		t.Errorf("found %s above the repository root", got)
	}
	os.WriteFile(filepath.Join(repo, ".arbiter.toml"), []byte("[[rule]]\ndecision = \"deny\"\ncommand = \"git push\"\n"), 0o600)
	if got := FindProject(filepath.Join(repo, "a", "b")); got != filepath.Join(repo, ".arbiter.toml") {
		t.Errorf("found %q", got)
	}
	p := LoadProject(filepath.Join(repo, "a"))
	if len(p.Rules) != 1 || !p.Rules[0].FromProject || len(p.Problems) != 0 {
		t.Errorf("project %+v", p)
	}
}

// FuzzUserFile: any text either loads or yields problems naming the
// file; it never panics, and a file with a problem that makes it unusable
// yields no rules and no settings.
func FuzzUserFile(f *testing.F) {
	f.Add("ARBITER_JUDGE_MODE = \"shadow\"\n[[rule]]\ndecision = \"allow\"\ncommand = \"npm ci\"\nmatch = [\"npm ci -q\"]\n")
	f.Add("[[rule]]\ndecision = \"deny\"\npath = \"**/prod.tfstate\"\n[[rule]]\ndecision = 3\n")
	f.Add("[rule]\nx = 1\n")
	f.Add("[[rule]]\ndecision = \"ask\"\nhost = \"*.example.com\"\ntool = \"[\"\n")
	f.Fuzz(func(t *testing.T, text string) {
		values, where := map[string]string{}, map[string]Problem{}
		rules, probs := parseUser("cfg.toml", []byte(text), values, where)
		for _, p := range probs {
			if p.File != "cfg.toml" {
				t.Fatalf("problem does not name the file: %v", p)
			}
		}
		if len(probs.Broken()) > 0 && len(rules) > 0 {
			t.Fatalf("a broken file yielded rules")
		}
		for _, r := range rules {
			if k, msg := shape(r); msg != "" {
				t.Fatalf("a rule with a bad %s loaded: %v", k, msg)
			}
		}
		prules, _ := parseProject("p.toml", []byte(text))
		for _, r := range prules {
			if r.Decision == "allow" || !r.FromProject {
				t.Fatalf("a project file loaded %+v: a project may only tighten", r)
			}
		}
	})
}
