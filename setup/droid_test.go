package setup

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// Factory Droid's ~/.factory/hooks.json holds the events at its top
// level ({"PreToolUse": [...]}); Droid 0.225.2 ignores a "hooks" key
// there and so ran no hook of a file laid out as settings.json's hooks
// are.
func TestDroidHooksFileTopLevel(t *testing.T) {
	const hook = "/usr/local/bin/arbiter hook droid"
	cases := []struct {
		name string
		// orig is the file before install; "" is none.
		orig string
		// wantPre is how many PreToolUse commands the top level holds after
		// install, the last of them arbiter's.
		wantPre int
		// keep are top-level keys install must leave as they were.
		keep []string
	}{
		{name: "new file", wantPre: 1},
		{name: "the person's own PreToolUse hook", orig: `{"PreToolUse": [{"matcher": "Execute", "hooks": [{"type": "command", "command": "~/bin/audit.sh"}]}]}`,
			wantPre: 2},
		{name: "other events only", orig: `{"PostToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "gofmt -w"}]}]}`,
			wantPre: 1, keep: []string{"PostToolUse"}},
		// An install by an older arbiter: Droid ignores the "hooks" key, so
		// that entry protects nothing and the top level needs one.
		{name: "older arbiter's hooks key", orig: `{"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "` + hook + `"}]}]}}`,
			wantPre: 1, keep: []string{"hooks"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			tg, err := For("droid", Scope{Home: home}, "/usr/local/bin/arbiter")
			if err != nil {
				t.Fatal(err)
			}
			if tg.Path != filepath.Join(home, ".factory", "hooks.json") {
				t.Fatalf("install droid writes %s", tg.Path)
			}
			if c.orig != "" {
				if err := os.MkdirAll(filepath.Dir(tg.Path), 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(tg.Path, []byte(c.orig), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if r, err := tg.Install(false); err != nil || !r.Changed {
				t.Fatalf("install: %+v %v", r, err)
			}
			after := readT(t, tg.Path)
			doc := topLevelGroups(t, after)
			if len(doc.pre) != c.wantPre || doc.pre[len(doc.pre)-1] != hook {
				t.Errorf("top-level PreToolUse commands %q, want %d ending in arbiter's:\n%s", doc.pre, c.wantPre, after)
			}
			keptKeys(t, c.orig, after, c.keep)
			if st, err := tg.Status(); err != nil || len(st["PreToolUse"]) == 0 {
				t.Errorf("status does not see the top-level entry: %v %v", st, err)
			}
			if _, err := tg.Uninstall(false); err != nil {
				t.Fatal(err)
			}
			left, err := os.ReadFile(tg.Path)
			if c.orig == "" {
				if !os.IsNotExist(err) {
					t.Errorf("uninstall left the file arbiter created: %s", left)
				}
				return
			}
			if got := topLevelGroups(t, string(left)); len(got.pre) != c.wantPre-1 {
				t.Errorf("after uninstall the top level holds PreToolUse commands %q:\n%s", got.pre, left)
			}
			keptKeys(t, c.orig, string(left), c.keep)
		})
	}
}

// groups are the commands of a hooks.json's top-level PreToolUse groups.
type groups struct{ pre []string }

func topLevelGroups(t *testing.T, data string) groups {
	t.Helper()
	var doc struct {
		PreToolUse []struct {
			Hooks []struct {
				Command string `json:"command"`
			} `json:"hooks"`
		}
	}
	if err := json.Unmarshal([]byte(data), &doc); err != nil {
		t.Fatalf("not a hooks file: %v\n%s", err, data)
	}
	var g groups
	for _, grp := range doc.PreToolUse {
		for _, h := range grp.Hooks {
			g.pre = append(g.pre, h.Command)
		}
	}
	return g
}

// keptKeys checks that install and uninstall left keys as they were.
func keptKeys(t *testing.T, orig, after string, keys []string) {
	t.Helper()
	var a, b map[string]json.RawMessage
	json.Unmarshal([]byte(orig), &a)
	json.Unmarshal([]byte(after), &b)
	for _, k := range keys {
		if !jsonEqual(a[k], b[k]) {
			t.Errorf("key %q changed: %s → %s", k, a[k], b[k])
		}
	}
}

func jsonEqual(x, y json.RawMessage) bool {
	var a, b any
	if json.Unmarshal(x, &a) != nil || json.Unmarshal(y, &b) != nil {
		return false
	}
	p, _ := json.Marshal(a)
	q, _ := json.Marshal(b)
	return string(p) == string(q)
}
