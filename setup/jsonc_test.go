package setup

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tailscale/hujson"
)

// commented are settings files with comments and trailing commas, as
// Gemini CLI, Qwen Code and Copilot CLI read them.
var commented = map[string]string{
	"line comments": `{
  // the model I use
  "model": {"name": "gemini-3-pro"}, // pinned
  "hooks": {
    "BeforeTool": [
      {"matcher": "x", "hooks": [{"type": "command", "command": "./audit.sh"}]}, // mine
    ],
  },
}
`,
	"block comment, no hooks":    "/* settings */\n{\n  \"theme\": \"dark\", /* for now */\n}\n",
	"comment in an empty object": "{\n  \"version\": 1,\n  \"hooks\": {\n    // nothing yet\n  }\n}\n",
	"comment in an empty list":   "{\n  \"version\": 1,\n  \"hooks\": {\"BeforeTool\": [ /* later */ ], \"preToolUse\": [ /* later */ ]}\n}\n",
	"a slash in a string":        "{\n  \"url\": \"http://example.com/*not a comment*/\", // but this is\n}\n",
}

// comments returns the bytes of a document's comments (what hujson
// blanks, less trailing commas and the spaces inside comments), in order.
func comments(t *testing.T, doc string) string {
	t.Helper()
	plain, err := hujson.Standardize([]byte(doc))
	if err != nil {
		t.Fatalf("%v\n%s", err, doc)
	}
	var out []byte
	for i := range plain {
		if plain[i] != doc[i] && doc[i] != ',' {
			out = append(out, doc[i])
		}
	}
	return string(out)
}

func TestInstallKeepsCommentsWhereTheRuntimeAllowsThem(t *testing.T) {
	for _, rt := range []string{"gemini", "copilot", "qwen"} {
		for name, orig := range commented {
			t.Run(rt+"/"+name, func(t *testing.T) {
				home := t.TempDir()
				tg, err := For(rt, Scope{Home: home, Project: filepath.Join(home, "proj")}, "/usr/local/bin/arbiter")
				if err != nil {
					t.Fatal(err)
				}
				os.MkdirAll(filepath.Dir(tg.Path), 0o755)
				os.WriteFile(tg.Path, []byte(orig), 0o600)
				r, err := tg.Install(false)
				if err != nil {
					t.Fatalf("install refused a file %s reads: %v", rt, err)
				}
				after := readT(t, tg.Path)
				if _, err := hujson.Parse([]byte(after)); err != nil {
					t.Fatalf("not JSON with comments after install: %v\n%s", err, after)
				}
				st, err := tg.Status()
				if err != nil {
					t.Fatal(err)
				}
				for _, ev := range tg.Events {
					if len(st[ev]) != 1 || st[ev][0] != tg.Command {
						t.Errorf("event %s: %q\n%s", ev, st[ev], after)
					}
				}
				if got, want := comments(t, after), comments(t, orig); got != want {
					t.Errorf("comments %q, want %q\n%s", got, want, after)
				}
				if r.Backup == "" {
					t.Error("no backup kept")
				}
				// Uninstall gives back the file byte for byte.
				if _, err := tg.Uninstall(false); err != nil {
					t.Fatal(err)
				}
				if got := readT(t, tg.Path); got != orig {
					t.Errorf("after uninstall\n%s\nwant\n%s", got, orig)
				}
			})
		}
	}
}

// TestUninstallCutsOnlyArbiterFromACommentedFile: a file edited after
// install loses arbiter's entries and keeps every comment.
func TestUninstallCutsOnlyArbiterFromACommentedFile(t *testing.T) {
	for name, orig := range commented {
		t.Run(name, func(t *testing.T) {
			home := t.TempDir()
			tg, _ := For("gemini", Scope{Home: home}, "/usr/bin/arbiter")
			os.MkdirAll(filepath.Dir(tg.Path), 0o755)
			os.WriteFile(tg.Path, []byte(orig), 0o600)
			if _, err := tg.Install(false); err != nil {
				t.Fatal(err)
			}
			edited := "// edited later\n" + readT(t, tg.Path)
			os.WriteFile(tg.Path, []byte(edited), 0o600)
			if _, err := tg.Uninstall(false); err != nil {
				t.Fatal(err)
			}
			got := readT(t, tg.Path)
			if _, err := hujson.Parse([]byte(got)); err != nil {
				t.Fatalf("not JSON with comments after uninstall: %v\n%s", err, got)
			}
			if st, _ := tg.Status(); len(st) != 0 {
				t.Errorf("arbiter still there: %v\n%s", st, got)
			}
			if c, want := comments(t, got), comments(t, "// edited later\n"+orig); c != want {
				t.Errorf("comments %q, want %q\n%s", c, want, got)
			}
		})
	}
}

// TestCommentsRefusedWhereTheRuntimeReadsPlainJSON: Claude Code, Codex
// and Cursor read plain JSON; a comment there is a broken file that
// install leaves alone.
func TestCommentsRefusedWhereTheRuntimeReadsPlainJSON(t *testing.T) {
	for _, rt := range []string{"claude", "codex", "cursor"} {
		home := t.TempDir()
		tg, _ := For(rt, Scope{Home: home, Project: filepath.Join(home, "proj")}, "arbiter")
		os.MkdirAll(filepath.Dir(tg.Path), 0o755)
		bad := commented["line comments"]
		os.WriteFile(tg.Path, []byte(bad), 0o600)
		if _, err := tg.Install(false); err == nil {
			t.Errorf("%s: install accepted a file with comments", rt)
		}
		if got := readT(t, tg.Path); got != bad {
			t.Errorf("%s: the file was changed", rt)
		}
	}
}

// FuzzJSONCSpans checks the JSON-with-comments reader: it accepts what
// hujson accepts, and an install into what it accepts is still JSON
// with comments that keeps the original's comments.
func FuzzJSONCSpans(f *testing.F) {
	for _, o := range commented {
		f.Add([]byte(o))
	}
	for _, o := range originals {
		f.Add([]byte(o))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		root, err := parseJSONC(data)
		_, herr := hujson.Parse(data)
		if (err == nil) != (herr == nil) {
			t.Fatalf("parseJSONC error %v, hujson %v", err, herr)
		}
		if err != nil || root.kind != '{' {
			return
		}
		tg := Target{Events: []string{"BeforeTool"}, comments: true, entry: func(cmd string) any { return map[string]any{"command": cmd} }}
		next, err := tg.installedWith(data, "arbiter hook gemini")
		if err != nil {
			return // a hooks key of another shape is refused
		}
		if _, err := hujson.Parse(next); err != nil {
			t.Fatalf("install made %q of %q: %v", next, data, err)
		}
	})
}
