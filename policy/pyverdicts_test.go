package policy

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/internal/filecache"
)

// records lists the verdicts kept in cache, by key.
func records(t *testing.T, cache string) map[string]string {
	t.Helper()
	out := map[string]string{}
	entries, _ := os.ReadDir(filepath.Join(cache, verdictFolder))
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue // the mark of the last prune
		}
		b, err := os.ReadFile(filepath.Join(cache, verdictFolder, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = string(b)
	}
	return out
}

func decideCached(dir, cache, build, cmd string) arbiter.Decision {
	return New(Options{Cache: cache, Build: func() string { return build }, Now: later}).Decide(context.Background(), projectCall(dir, cmd))
}

// later is a clock an hour ahead: the files a test has just written are
// old enough for records (pyrun.go's recentChange).
func later() time.Time { return time.Now().Add(time.Hour) }

// sameSize pads the shorter of two Python texts with a comment, so that
// a rewrite keeps the file's size.
func sameSize(a, b string) (string, string) {
	for len(a) < len(b) {
		a += "#"
	}
	for len(b) < len(a) {
		b += "#"
	}
	return a, b
}

// rewrite gives p new content, by the means a change takes.
func rewrite(t *testing.T, p, text, how string) {
	t.Helper()
	info, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	switch how {
	case "same size, new mtime":
		time.Sleep(10 * time.Millisecond)
		err = os.WriteFile(p, []byte(text), 0o644)
	case "same size and mtime, new ctime":
		if err = os.WriteFile(p, []byte(text), 0o644); err == nil {
			err = os.Chtimes(p, info.ModTime(), info.ModTime())
		}
	case "replaced inode":
		tmp := p + ".new"
		if err = os.WriteFile(tmp, []byte(text), 0o644); err == nil {
			if err = os.Chtimes(tmp, info.ModTime(), info.ModTime()); err == nil {
				err = os.Rename(tmp, p)
			}
		}
	default:
		t.Fatalf("no change %q", how)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// TestVerdictsKept: a plain file's verdict is kept between calls and
// used while the file, the modules it imports and the folders they were
// looked up in are unchanged; any change to any of them (content of the
// same size with a new modification time, or with the old one restored
// and so a new change time, a file replaced by another inode, a module
// added where Python finds it first) is judged anew.
func TestVerdictsKept(t *testing.T) {
	plainTest, harmTest := sameSize("from helpers import ready\n"+testPlain, "from helpers import ready\n"+pyRmHome)
	plainHelper, harmHelper := sameSize("ready = True\n", pyFetchRun)
	tree := map[string]string{"conftest.py": conftestPlain, "tests/test_a.py": plainTest, "tests/helpers.py": plainHelper}
	const cmd = "pytest tests"
	for _, how := range []string{"same size, new mtime", "same size and mtime, new ctime", "replaced inode"} {
		for _, tc := range []struct {
			file, text string
			want       arbiter.Verdict
		}{
			{"tests/test_a.py", harmTest, deny},
			{"tests/helpers.py", harmHelper, ask},
		} {
			t.Run(how+" "+tc.file, func(t *testing.T) {
				dir, cache := t.TempDir(), t.TempDir()
				writeFiles(t, dir, tree)
				if d := decideCached(dir, cache, "test", cmd); d.Decision != allow {
					t.Fatalf("plain tree: %s %v %s", d.Decision, d.Rules, d.Reason)
				}
				kept := records(t, cache)
				if len(kept) == 0 {
					t.Fatal("no verdict kept")
				}
				if d := decideCached(dir, cache, "test", cmd); d.Decision != allow || len(records(t, cache)) != len(kept) {
					t.Fatalf("second call: %s %v, %d records (first: %d)", d.Decision, d.Rules, len(records(t, cache)), len(kept))
				}
				rewrite(t, filepath.Join(dir, tc.file), tc.text, how)
				if d := decideCached(dir, cache, "test", cmd); d.Decision != tc.want {
					t.Errorf("after the change: %s %v %s, want %s", d.Decision, d.Rules, d.Reason, tc.want)
				}
			})
		}
	}
	t.Run("module added where Python looks first", func(t *testing.T) {
		dir, cache := t.TempDir(), t.TempDir()
		writeFiles(t, dir, map[string]string{"tests/test_a.py": "import fixtures_lib\n" + testPlain})
		if d := decideCached(dir, cache, "test", cmd); d.Decision != allow {
			t.Fatalf("plain tree: %s %v %s", d.Decision, d.Rules, d.Reason)
		}
		writeFiles(t, dir, map[string]string{"tests/fixtures_lib.py": pyRmHome})
		if d := decideCached(dir, cache, "test", cmd); d.Decision != deny {
			t.Errorf("after the module was added: %s %v %s", d.Decision, d.Rules, d.Reason)
		}
	})
	t.Run("records are 0600", func(t *testing.T) {
		dir, cache := t.TempDir(), t.TempDir()
		writeFiles(t, dir, tree)
		decideCached(dir, cache, "test", cmd)
		for k := range records(t, cache) {
			if info, _ := os.Stat(filepath.Join(cache, verdictFolder, k)); info.Mode().Perm() != 0o600 {
				t.Errorf("%s: mode %v", k, info.Mode().Perm())
			}
		}
	})
}

// TestVerdictsUsed: a kept verdict is what the next call goes by, without
// reading the file: a record planted for a harmful file's identity
// allows it (which only a program able to write the cache directory can
// do), for the build that wrote it only. What is not kept: a file whose
// code names files, or finds something to confirm.
func TestVerdictsUsed(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	writeFiles(t, dir, map[string]string{"tests/test_a.py": pyRmHome})
	file := filepath.Join(dir, "tests/test_a.py")
	info, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	id, ok := filecache.Identify(info)
	if !ok {
		t.Skip("no inodes here")
	}
	key := filecache.Key("test", id, "python", file, "", "0", filepath.Join(dir, "tests"), dir, "/home/dev", dir)
	filecache.Put(cache, verdictFolder, key, []byte(verdictHeader+"\nf "+id.String()+" \""+file+"\"\n"))
	if d := decideCached(dir, cache, "test", "pytest tests"); d.Decision != allow {
		t.Errorf("planted record not used: %s %v %s", d.Decision, d.Rules, d.Reason)
	}
	if d := decideCached(dir, cache, "other", "pytest tests"); d.Decision != deny {
		t.Errorf("another build took the record: %s %v %s", d.Decision, d.Rules, d.Reason)
	}
	// A command line that writes files first is judged from what is on
	// disk and what it writes, never from records.
	if d := decideCached(dir, cache, "test", "echo x > notes.txt && pytest tests"); d.Decision != deny {
		t.Errorf("a command that writes used the record: %s %v %s", d.Decision, d.Rules, d.Reason)
	}
	for name, text := range map[string]string{
		"names a file":   "DATA = open('data.txt').read()\n" + testPlain,
		"reads env":      "import os\nHOME = os.environ['HOME']\n" + testPlain,
		"needs a person": pyFetchRun,
		"names plugins":  "pytest_plugins = ['x']\n",
	} {
		dir, cache := t.TempDir(), t.TempDir()
		writeFiles(t, dir, map[string]string{"tests/test_a.py": text, "x.py": ""})
		decideCached(dir, cache, "test", "pytest tests")
		if kept := records(t, cache); len(kept) != 0 {
			t.Errorf("%s: kept %v", name, kept)
		}
	}
}

// FuzzVerdictRecord: a record read back from the cache directory is
// what record wrote, or refused; reading one never panics.
func FuzzVerdictRecord(f *testing.F) {
	d := &pyDeps{files: map[string]pathState{"/p/a.py": {id: filecache.ID{Dev: 1, Ino: 2, Size: 3, Mtime: 4, Ctime: 5}, exists: true, ok: true}}, dirs: map[string]pathState{"/p": {ok: true}, "/p/q \"x\"": {id: filecache.ID{Ino: 9}, exists: true, ok: true}}}
	f.Add(d.record())
	f.Add([]byte(verdictHeader + "\nf 1 2 3 4 5 \"/a\"\nd - \"/b\"\n"))
	f.Add([]byte(verdictHeader + "\nf 1 2 3 4 \"/a\"\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		files, dirs, ok := parseRecord(b)
		if !ok {
			return
		}
		again := (&pyDeps{files: files, dirs: dirs}).record()
		files2, dirs2, ok2 := parseRecord(again)
		if !ok2 || len(files2) != len(files) || len(dirs2) != len(dirs) {
			t.Fatalf("a record read back does not read again: %q", again)
		}
		for p, st := range files {
			if files2[p] != st {
				t.Fatalf("%s: %+v then %+v", p, st, files2[p])
			}
		}
	})
}
