package project

import (
	"testing"
	"time"
)

func TestParseGitConfig(t *testing.T) {
	text := "# comment\n[core]\n\tbare = false\n\tfsmonitor = \"rm -rf ~\" ; why\n[diff \"json\"]\n\ttextconv = jq \\\n .\n[Filter.LFS]\n\tclean = git-lfs clean -- %f\n[user] name = \"A \\\"B\\\"  \"\n\tflag\n"
	got, err := ParseGitConfig(text)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ key, value string }{
		{"core.bare", "false"}, {"core.fsmonitor", "rm -rf ~"}, {"diff.json.textconv", "jq  ."},
		{"filter.lfs.clean", "git-lfs clean -- %f"}, {"user.name", `A "B"  `}, {"user.flag", ""},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d settings %+v", len(got), got)
	}
	for i, w := range want {
		if got[i].Key() != w.key || got[i].Value != w.value {
			t.Errorf("setting %d: got %s=%q, want %s=%q", i, got[i].Key(), got[i].Value, w.key, w.value)
		}
	}
	if !got[5].Bare || got[4].Line != 10 {
		t.Errorf("flag bare %v, user.name line %d", got[5].Bare, got[4].Line)
	}
}

func TestParseGitConfigRejects(t *testing.T) {
	for _, text := range []string{
		"key = 1\n", "[core\n", "[core \"x]\n", "[core]\n\tx = \"open\n", "[core]\n\tx = a\\q\n", "[core]\n\t=x\n", "[]\n", "[a.b \"c\"]\n", "[core]\n\tx y\n",
	} {
		if s, err := ParseGitConfig(text); err == nil {
			t.Errorf("%q parsed as %+v", text, s)
		}
	}
}

func FuzzGitConfig(f *testing.F) {
	f.Add("[core]\n\tfsmonitor = \"a b\" # c\n[diff \"x\"]\n\ttextconv = y \\\n z\n")
	f.Add("[a.b]\nc\n[include]\npath = ../x\n")
	f.Fuzz(func(t *testing.T, text string) {
		start := time.Now()
		settings, err := ParseGitConfig(text)
		if err != nil && settings != nil {
			t.Fatal("settings returned with an error")
		}
		for _, s := range settings {
			if s.Section == "" || s.Name == "" {
				t.Fatalf("a setting without a section or name: %+v", s)
			}
		}
		if d := time.Since(start); d > 100*time.Millisecond && len(text) < 1<<16 {
			t.Fatalf("took %v", d)
		}
	})
}
