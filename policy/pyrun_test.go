package policy

import (
	"context"
	"encoding/hex"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/internal/filecache"
)

// runTree is a small test tree whose run keeps one record.
func runTree() map[string]string {
	return map[string]string{
		"pytest.ini":              "[pytest]\naddopts = -q\n",
		"conftest.py":             conftestPlain,
		"tests/a/conftest.py":     conftestPlain,
		"tests/a/test_one.py":     "def test_one():\n    assert True\n",
		"tests/b/test_two.py":     "import conftest_helpers\n\ndef test_two():\n    assert True\n",
		"tests/helpers_lib.py":    "READY = True\n",
		"lib/conftest_helpers.py": pyRmHome,
	}
}

// runRecordFile returns the path of the one run record in cache.
func runRecordFile(t *testing.T, cache string) string {
	t.Helper()
	for k, v := range records(t, cache) {
		if strings.HasPrefix(v, runHeader+"\n") {
			return filepath.Join(cache, verdictFolder, k)
		}
	}
	t.Fatal("no run record kept")
	return ""
}

// TestRunRecordChanges: after a plain first call keeps the run's record,
// every change to what the run loads or how is judged anew: a harmful
// file swapped in (same size, the modification time restored), a new
// test file or conftest.py in a new folder, a changed configuration, a
// different command or environment. Each benign twin keeps its allow,
// the unchanged tree from the record alone.
func TestRunRecordChanges(t *testing.T) {
	plainTest, harmTest := sameSize("def test_one():\n    assert True\n", pyRmHome)
	plainConf, harmConf := sameSize(conftestPlain, pyFetchRun)
	for _, tc := range []struct {
		name   string
		change func(t *testing.T, dir string)
		cmd    string
		want   arbiter.Verdict
	}{
		{"unchanged", func(*testing.T, string) {}, "", allow},
		{"harmful test module, same size and mtime", func(t *testing.T, dir string) {
			rewrite(t, filepath.Join(dir, "tests/a/test_one.py"), harmTest, "same size and mtime, new ctime")
		}, "", deny},
		{"harmful conftest.py, same inode replaced", func(t *testing.T, dir string) {
			rewrite(t, filepath.Join(dir, "tests/a/conftest.py"), harmConf, "replaced inode")
		}, "", ask},
		{"harmful root conftest.py, same size and mtime", func(t *testing.T, dir string) {
			rewrite(t, filepath.Join(dir, "conftest.py"), harmConf, "same size and mtime, new ctime")
		}, "", ask},
		{"new test file in a new subfolder", func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{"tests/b/deep/test_new.py": pyRmHome})
		}, "", deny},
		{"new conftest.py in a new folder", func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{"tests/c/conftest.py": pyFetchRun})
		}, "", ask},
		{"new conftest.py between the rootdir and the tests", func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{"tests/conftest.py": pyRmHome})
		}, "", deny},
		{"module added where an import looks first", func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{"tests/a/helpers_lib.py": pyRmHome})
		}, "", allow}, // the tests do not import it: still plain
		{"config names a test file pattern that collects more", func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{"pytest.ini": "[pytest]\npython_files = *.py\n", "tests/b/setup_data.py": pyRmHome})
		}, "", deny},
		{"config's addopts name a plugin", func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{"pytest.ini": "[pytest]\naddopts = -p tests.evil_plugin\n", "tests/evil_plugin.py": pyFetchRun})
		}, "", ask},
		{"a different command: doctest modules", func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{"tests/b/data.py": pyRmHome})
		}, "pytest --doctest-modules tests", deny},
		{"a different environment: PYTHONPATH", func(*testing.T, string) {}, "PYTHONPATH=lib pytest tests", deny},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, cache := t.TempDir(), t.TempDir()
			tree := runTree()
			tree["tests/a/test_one.py"], tree["tests/a/conftest.py"], tree["conftest.py"] = plainTest, plainConf, plainConf
			writeFiles(t, dir, tree)
			if d := decideCached(dir, cache, "test", "pytest tests"); d.Decision != allow {
				t.Fatalf("plain tree: %s %v %s", d.Decision, d.Rules, d.Reason)
			}
			runRecordFile(t, cache)
			tc.change(t, dir)
			cmd := tc.cmd
			if cmd == "" {
				cmd = "pytest tests"
			}
			if d := decideCached(dir, cache, "test", cmd); d.Decision != tc.want {
				t.Errorf("after the change: %s %v %s, want %s", d.Decision, d.Rules, d.Reason, tc.want)
			}
		})
	}
}

// TestRunRecordUsedAlone: an unchanged tree is answered from the run's
// record, reading none of its Python files again, and the decision's
// Read list names the same files with the same sums as the first
// call's: the conftest.py files, test modules and imports the decision
// rests on. The record's sums are what the hit reports: one altered in
// the record shows in the second call's list, so the files were not
// read again.
func TestRunRecordUsedAlone(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	writeFiles(t, dir, runTree())
	first := decideCached(dir, cache, "test", "pytest tests")
	if first.Decision != allow {
		t.Fatalf("plain tree: %s %v %s", first.Decision, first.Rules, first.Reason)
	}
	for _, f := range []string{"conftest.py", "tests/a/conftest.py", "tests/a/test_one.py", "tests/b/test_two.py"} {
		if !readsFile(first.Read, filepath.Join(dir, f)) {
			t.Fatalf("first call's Read lacks %s: %v", f, first.Read)
		}
	}
	second := decideCached(dir, cache, "test", "pytest tests")
	if second.Decision != allow || second.Reason != first.Reason {
		t.Errorf("second call: %s %s, first: %s", second.Decision, second.Reason, first.Reason)
	}
	if !reflect.DeepEqual(second.Read, first.Read) {
		t.Errorf("second call read %v, first %v", second.Read, first.Read)
	}
	rec := runRecordFile(t, cache)
	b, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	sum := first.Read[0].Sum
	old := "r " + hex.EncodeToString(sum[:]) + " "
	if !strings.Contains(string(b), old) {
		t.Fatalf("record holds no sum for %s:\n%s", first.Read[0].Path, b)
	}
	sum[0] ^= 0xff
	altered := strings.Replace(string(b), old, "r "+hex.EncodeToString(sum[:])+" ", 1)
	if err := os.WriteFile(rec, []byte(altered), 0o600); err != nil {
		t.Fatal(err)
	}
	third := decideCached(dir, cache, "test", "pytest tests")
	if third.Decision != allow || !slices.Contains(third.Read, arbiter.FileRead{Path: first.Read[0].Path, Sum: sum}) {
		t.Errorf("third call: %s, read %v: %s read again", third.Decision, third.Read, first.Read[0].Path)
	}
}

// readsFile reports whether read lists p.
func readsFile(read []arbiter.FileRead, p string) bool {
	return slices.ContainsFunc(read, func(r arbiter.FileRead) bool { return r.Path == p })
}

// TestRunRecordRefused: a run's record is used only when this user
// wrote it, as Put does: a record that is corrupt, that another user
// owns, that group or others could write, or that was moved from another
// run's name is no record, and the tree is read again. Each attack plants
// or alters a record so that a harmful tree would be allowed from it.
func TestRunRecordRefused(t *testing.T) {
	for _, tc := range []struct {
		name  string
		alter func(t *testing.T, record, harmful string)
		want  arbiter.Verdict
	}{
		{"control: planted by this user, 0600, as Put writes", func(t *testing.T, record, harmful string) {
			plantFor(t, harmful, record)
		}, allow},
		{"another run's record moved under this run's name", func(t *testing.T, record, harmful string) {
			if err := os.Rename(harmful, record); err != nil {
				t.Fatal(err)
			}
		}, deny},
		{"group and others may write it", func(t *testing.T, record, harmful string) {
			plantFor(t, harmful, record)
			if err := os.Chmod(record, 0o666); err != nil {
				t.Fatal(err)
			}
		}, deny},
		{"another user owns it", func(t *testing.T, record, harmful string) {
			if os.Getuid() != 0 {
				t.Skip("changing a file's owner needs root")
			}
			plantFor(t, harmful, record)
			if err := os.Chown(record, 65534, 65534); err != nil {
				t.Fatal(err)
			}
		}, deny},
		{"corrupt: cut short", func(t *testing.T, record, harmful string) {
			plantFor(t, harmful, record)
			b, _ := os.ReadFile(record)
			if err := os.WriteFile(record, b[:len(b)/2], 0o600); err != nil {
				t.Fatal(err)
			}
		}, deny},
		{"corrupt: the sum changed", func(t *testing.T, record, harmful string) {
			plantFor(t, harmful, record)
			b, _ := os.ReadFile(record)
			text := strings.Replace(string(b), "\nsum ", "\nsum 0", 1)
			if err := os.WriteFile(record, []byte(text[:len(text)-1]), 0o600); err != nil {
				t.Fatal(err)
			}
		}, deny},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, cache := t.TempDir(), t.TempDir()
			tree := runTree()
			tree["tests/a/test_one.py"] = pyRmHome
			writeFiles(t, dir, tree)
			// The harmful tree's run keeps no record; a plain run over part
			// of it does, under another name.
			if d := decideCached(dir, cache, "test", "pytest tests/b"); d.Decision != allow {
				t.Fatalf("plain part: %s %v %s", d.Decision, d.Rules, d.Reason)
			}
			harmful := runRecordFile(t, cache)
			record := filepath.Join(cache, verdictFolder, harmfulRunKey(dir))
			tc.alter(t, record, harmful)
			if d := decideCached(dir, cache, "test", "pytest tests"); d.Decision != tc.want {
				t.Errorf("%s %v %s, want %s", d.Decision, d.Rules, d.Reason, tc.want)
			}
		})
	}
}

// harmfulRunKey is the name `pytest tests` keeps its run's record under
// in dir (the tree of TestRunRecordRefused), found by making a plain
// copy of the tree in the same place and running it.
func harmfulRunKey(dir string) string {
	cache, err := os.MkdirTemp("", "arbiter-run-key")
	if err != nil {
		return ""
	}
	defer os.RemoveAll(cache)
	p := filepath.Join(dir, "tests/a/test_one.py")
	harm, _ := os.ReadFile(p)
	info, _ := os.Stat(p)
	os.WriteFile(p, []byte("def test_one():\n    assert True\n"), 0o644)
	defer func() {
		os.WriteFile(p, harm, 0o644)
		os.Chtimes(p, info.ModTime(), info.ModTime())
	}()
	decideCached(dir, cache, "test", "pytest tests")
	for k, v := range recordsIn(cache) {
		if strings.HasPrefix(v, runHeader+"\n") {
			return k
		}
	}
	return ""
}

// recordsIn lists the records in cache, by key.
func recordsIn(cache string) map[string]string {
	out := map[string]string{}
	entries, _ := os.ReadDir(filepath.Join(cache, verdictFolder))
	for _, e := range entries {
		if b, err := os.ReadFile(filepath.Join(cache, verdictFolder, e.Name())); err == nil {
			out[e.Name()] = string(b)
		}
	}
	return out
}

// plantFor writes a record at record that is src's, its key line
// rewritten to record's name: what a program able to write the cache
// would plant.
func plantFor(t *testing.T, src, record string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitN(string(b), "\n", 3)
	lines[1] = "key " + filepath.Base(record)
	if err := os.WriteFile(record, []byte(strings.Join(lines, "\n")), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestRunRecordRecentChange: a file rewritten in the same tick of the
// file system's clock as the stat that identified it keeps its identity
// (size, times, inode), so a record made in that tick could vouch for
// content it never read. No record is kept of a path changed within a
// second of the decision: each attack swaps a harmful file in, to the
// same size and modification time, right after a plain first call, and
// retries until the swap kept the change time too.
func TestRunRecordRecentChange(t *testing.T) {
	plainTest, harmTest := sameSize("def test_one():\n    assert True\n", pyRmHome)
	plainConf, harmConf := sameSize(conftestPlain, pyFetchRun)
	plainHelper, harmHelper := sameSize("READY = True\n", pyRmHome)
	for _, tc := range []struct {
		name, file, plain, harm string
		want                    arbiter.Verdict
	}{
		{"test module", "tests/a/test_one.py", plainTest, harmTest, deny},
		{"conftest.py", "tests/a/conftest.py", plainConf, harmConf, ask},
		{"imported module", "tests/a/helpers_lib.py", plainHelper, harmHelper, deny},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for try := 0; try < 10; try++ {
				dir, cache := t.TempDir(), t.TempDir()
				tree := runTree()
				tree["tests/b/test_two.py"] = "import helpers_lib\n\ndef test_two():\n    assert True\n"
				tree["tests/b/helpers_lib.py"] = plainHelper
				tree[tc.file] = tc.plain
				if tc.file == "tests/a/helpers_lib.py" {
					tree["tests/a/test_one.py"] = "import helpers_lib\n" + plainTest
				}
				writeFiles(t, dir, tree)
				p := filepath.Join(dir, tc.file)
				before, _ := os.Stat(p)
				policy := New(Options{Cache: cache, Build: func() string { return "test" }})
				if d := policy.Decide(context.Background(), projectCall(dir, "pytest tests")); d.Decision != allow {
					t.Fatalf("plain tree: %s %v %s", d.Decision, d.Rules, d.Reason)
				}
				os.WriteFile(p, []byte(tc.harm), 0o644)
				os.Chtimes(p, before.ModTime(), before.ModTime())
				after, _ := os.Stat(p)
				a, _ := filecache.Identify(before)
				b, _ := filecache.Identify(after)
				if a != b {
					continue // the clock ticked: any record would not hold
				}
				if d := policy.Decide(context.Background(), projectCall(dir, "pytest tests")); d.Decision != tc.want {
					t.Fatalf("a swap within the tick was allowed: %s %v %s", d.Decision, d.Rules, d.Reason)
				}
				return
			}
			t.Skip("the file system's clock ticked between every write and swap")
		})
	}
}

// TestVerdictRecordRefused: a Python file's own record is refused as a
// run's is when it was not written as Put writes it: a planted record of
// a harmful file's identity, which this user's 0600 file would make
// allowed (TestVerdictsUsed), is no record when group or others may
// write it or another user owns it.
func TestVerdictRecordRefused(t *testing.T) {
	for _, tc := range []struct {
		name  string
		alter func(t *testing.T, record string)
	}{
		{"writable by all", func(t *testing.T, record string) {
			if err := os.Chmod(record, 0o666); err != nil {
				t.Fatal(err)
			}
		}},
		{"readable by the group", func(t *testing.T, record string) {
			if err := os.Chmod(record, 0o640); err != nil {
				t.Fatal(err)
			}
		}},
		{"another user's", func(t *testing.T, record string) {
			if os.Getuid() != 0 {
				t.Skip("changing a file's owner needs root")
			}
			if err := os.Chown(record, 65534, 65534); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
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
			tc.alter(t, filepath.Join(cache, verdictFolder, key))
			if d := decideCached(dir, cache, "test", "pytest tests"); d.Decision != deny {
				t.Errorf("the planted record was used: %s %v %s", d.Decision, d.Rules, d.Reason)
			}
		})
	}
}

// TestRecentChangeNotKept: a run over files changed within recentChange
// of the decision keeps no record (the next call reads them again); the
// same run an hour later keeps one.
func TestRecentChangeNotKept(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	writeFiles(t, dir, runTree())
	now := New(Options{Cache: cache, Build: func() string { return "test" }})
	if d := now.Decide(context.Background(), projectCall(dir, "pytest tests")); d.Decision != allow {
		t.Fatalf("plain tree: %s %v %s", d.Decision, d.Rules, d.Reason)
	}
	if kept := recordsIn(cache); len(kept) != 0 {
		t.Errorf("records kept of files just written: %d", len(kept))
	}
	if d := decideCached(dir, cache, "test", "pytest tests"); d.Decision != allow {
		t.Fatalf("an hour later: %s %v %s", d.Decision, d.Rules, d.Reason)
	}
	runRecordFile(t, cache)
}

// TestRacy: a path changed less than recentChange before the decision is
// not vouched for; an older one is, and a path not there is.
func TestRacy(t *testing.T) {
	start := time.Unix(1000, 0)
	s := verdictStore{start: start}
	at := func(ts time.Time) pathState {
		return pathState{exists: true, ok: true, id: filecache.ID{Mtime: ts.Add(-time.Hour).UnixNano(), Ctime: ts.UnixNano()}}
	}
	for _, tc := range []struct {
		st   pathState
		want bool
	}{
		{at(start), true},
		{at(start.Add(-recentChange / 2)), true},
		{at(start.Add(time.Hour)), true},
		{at(start.Add(-2 * recentChange)), false},
		{pathState{ok: true}, false},
	} {
		if got := s.racy(tc.st); got != tc.want {
			t.Errorf("racy(%+v) = %v, want %v", tc.st.id, got, tc.want)
		}
	}
}

// FuzzRunRecord: a run's record read back is refused or names each path
// once, the loads among them; reading one never panics.
func FuzzRunRecord(f *testing.F) {
	const key = "0123456789abcdef0123456789abcdef"
	r := runRecord{loads: []string{"/p/tests/test_a.py"}, paths: []string{"/p/tests", "/p/tests/test_a.py", "/q/\"x\"\n"}, sum: strings.Repeat("0", 32), reads: map[string][16]byte{"/p/tests/test_a.py": {1}}}
	f.Add(r.text(key, "/p"), "/p")
	f.Add([]byte(runHeader+"\nkey "+key+"\nsum "+strings.Repeat("a", 32)+"\norder 0\np a\np \"/b\"\n"), "")
	f.Fuzz(func(t *testing.T, b []byte, base string) {
		rec, ok := parseRun(b, key, base)
		if !ok {
			return
		}
		seen := map[string]bool{}
		for _, p := range rec.paths {
			if seen[p] || !filepath.IsAbs(p) {
				t.Fatalf("path %q twice or relative in %q", p, b)
			}
			seen[p] = true
		}
		for _, l := range rec.loads {
			if !seen[l] {
				t.Fatalf("load %q not among the paths", l)
			}
		}
		for p := range rec.reads {
			if !seen[p] {
				t.Fatalf("read %q not among the paths", p)
			}
		}
	})
}

// TestRunRecordRoundTrip: a record written is read back as it was, its
// loads in their order; one whose paths are out of order, named twice,
// or whose order names a path twice or past the end is refused.
func TestRunRecordRoundTrip(t *testing.T) {
	const key = "0123456789abcdef0123456789abcdef"
	r := runRecord{loads: []string{"/p/tests/test_b.py", "/p/conftest.py", "/p/tests/test_a.py"},
		paths: []string{"/p/conftest.py", "/p/tests", "/p/tests/test_a.py", "/p/tests/test_b.py", "/q/\"x\"\n"},
		sum:   strings.Repeat("0", 32), reads: map[string][16]byte{"/p/tests/test_a.py": {1}, "/p/conftest.py": {2}}}
	got, ok := parseRun(r.text(key, "/p"), key, "/p")
	if !ok || !slices.Equal(got.loads, r.loads) || !slices.Equal(got.paths, r.paths) || got.sum != r.sum || !maps.Equal(got.reads, r.reads) {
		t.Fatalf("read back %+v, %v; want %+v", got, ok, r)
	}
	head := runHeader + "\nkey " + key + "\nsum " + r.sum + "\n"
	for _, bad := range []string{
		"order 0\np b\np a\n",   // out of order
		"order 0\np a\np a\n",   // twice
		"order 0 0\np a\np b\n", // a load twice
		"order 2\np a\np b\n",   // past the end
		"order\np a\n",          // no load
		"order 0\nl a\n",        // an older format's line
		"order 0\nr 00 a\n",     // a short sum
		"order 0\np a\np /b\n",  // /b sorts before /p/a
	} {
		if _, ok := parseRun([]byte(head+bad), key, "/p"); ok {
			t.Errorf("%q was read", bad)
		}
	}
}
