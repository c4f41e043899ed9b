package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSalvage: a managed file that cannot be used whole keeps each deny,
// ask and defer whose own table parses, numbered and placed as in the
// file, and never an allow.
func TestSalvage(t *testing.T) {
	text := "ARBITER_LOG = \"on\"\n" +
		"[[rule]]\ndecision = \"deny\"\ncommand = \"git push\"\n" + // rule 1, line 2
		"[[rule]]\ndecision = \"allow\"\ncommand = \"npm ci\"\n" + // rule 2: an allow, dropped
		"[[rule]]\ndecision = = \"ask\"\n" + // rule 3: does not parse
		"[[rule]] # the last\ndecision = \"ask\"\nhost = \"*.example.com\"\n" // rule 4, line 10
	values, where := map[string]string{}, map[string]Problem{}
	got := salvage("m.toml", []byte(text), values, where)
	if len(got) != 2 || got[0].Index != 1 || got[0].Line != 2 || got[1].Index != 4 || got[1].Line != 10 || got[1].Host != "*.example.com" {
		t.Fatalf("salvaged %+v", got)
	}
	if values["ARBITER_LOG"] != "on" {
		t.Errorf("the settings before the first rule were not kept: %v", values)
	}
}

// TestManagedFileReported: a managed file named but missing, or broken,
// is a problem that keeps the file's parsing denies and makes the
// configuration broken (nothing is allowed until it is fixed).
func TestManagedFileReported(t *testing.T) {
	dir := t.TempDir()
	broken := filepath.Join(dir, "managed.toml")
	os.WriteFile(broken, []byte("[[rule]]\ndecision = \"deny\"\ncommand = \"git push\"\n[[rule]]\ndecision = \"alow\"\ncommand = \"npm ci\"\n"), 0o600)
	for file, says := range map[string]string{filepath.Join(dir, "missing.toml"): "does not exist", broken: "rule[2].decision"} {
		env := map[string]string{"ARBITER_CONFIG": os.DevNull, "ARBITER_MANAGED_CONFIG": file}
		c, err := Load(func(k string) string { return env[k] })
		if err == nil || !strings.Contains(err.Error(), says) || len(c.Problems.Broken()) == 0 {
			t.Errorf("%s: error %v, want one that says %q and breaks the configuration", file, err, says)
		}
	}
	env := map[string]string{"ARBITER_CONFIG": os.DevNull, "ARBITER_MANAGED_CONFIG": broken}
	c, _ := Load(func(k string) string { return env[k] })
	if len(c.Managed.Rules) != 1 || c.Managed.Rules[0].Decision != "deny" || !c.Managed.Rules[0].FromManaged {
		t.Errorf("managed rules %+v, want the one deny", c.Managed.Rules)
	}
}

func FuzzSalvage(f *testing.F) {
	f.Add("ARBITER_LOG = \"on\"\n[[rule]]\ndecision = \"deny\"\ncommand = \"git push\"\n[[rule]]\ndecision = \"allow\"\ncommand = \"npm ci\"\n")
	f.Add("[[rule]]\ndecision = = 1\n[[ rule ]]\ndecision = \"ask\"\npath = \"**/x\"\n")
	f.Add("[[rule]]\nmessage = \"\"\"\n[[rule]]\n\"\"\"\ndecision = \"deny\"\ntool = \"x\"\n")
	f.Fuzz(func(t *testing.T, text string) {
		for _, r := range salvage("m.toml", []byte(text), map[string]string{}, map[string]Problem{}) {
			if r.Decision == "allow" {
				t.Fatalf("salvaged an allow: %+v", r)
			}
			if k, msg := shape(r); msg != "" {
				t.Fatalf("salvaged a rule with a bad %s: %s", k, msg)
			}
		}
	})
}
