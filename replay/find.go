package replay

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// File is a session file to read, with the runtime its place implies
// (empty: tell from the content).
type File struct {
	Path    string
	Runtime Runtime
	ModTime time.Time
}

// Locations are where each runtime replay reads keeps its sessions under
// home, as the registry (package agents) says.
func Locations(home string, getenv func(string) string) map[Runtime][]string {
	out := map[Runtime][]string{}
	for _, rt := range Runtimes() {
		a, _ := agents.Lookup(string(rt))
		for _, dir := range a.Sessions {
			out[rt] = append(out[rt], a.InHome(home, dir, getenv))
		}
	}
	return out
}

// Discover lists the session files of every runtime under home; a
// runtime whose directory is absent has none.
func Discover(home string, getenv func(string) string, only Runtime) []File {
	var out []File
	locs := Locations(home, getenv)
	for _, rt := range Runtimes() {
		if only != "" && rt != only {
			continue
		}
		for _, dir := range locs[rt] {
			files, _ := walk(dir, rt)
			out = append(out, files...)
		}
	}
	return out
}

// Files lists the session files of the paths given: files as they are,
// directories walked. A path that cannot be read is an error for it.
func Files(paths []string, only Runtime) ([]File, map[string]error) {
	var out []File
	bad := map[string]error{}
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			bad[p] = err
			continue
		}
		if !st.IsDir() {
			out = append(out, File{Path: p, Runtime: hint(p, only), ModTime: st.ModTime()})
			continue
		}
		files, err := walk(p, hint(p, only))
		if err != nil {
			bad[p] = err
		}
		out = append(out, files...)
	}
	return out, bad
}

// hint is the runtime a path's place implies.
func hint(p string, only Runtime) Runtime {
	if only != "" {
		return only
	}
	abs, _ := filepath.Abs(p)
	abs = filepath.ToSlash(abs)
	for _, h := range hints.Get() {
		if strings.Contains(abs, h.folder) {
			return h.rt
		}
	}
	return ""
}

// hints are the runtimes' folders, in the order hint tries them: a path
// under more than one is taken for the first.
var hints = lazy.New(func() []hintFolder {
	var out []hintFolder
	for _, rt := range []Runtime{Codex, Gemini, Claude} {
		a, _ := agents.Lookup(string(rt))
		out = append(out, hintFolder{rt, "/" + a.Dir + "/"})
	}
	return out
})

// hintFolder is a runtime's folder as a path holds it ("/.codex/").
type hintFolder struct {
	rt     Runtime
	folder string
}

// walk lists the session files under dir, sorted by path. Gemini keeps
// other files beside its chats (logs.json, checkpoints), so under a
// Gemini tree only files in a chats directory count.
func walk(dir string, rt Runtime) ([]File, error) {
	var out []File
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir {
				return err
			}
			return nil // an unreadable subdirectory is skipped
		}
		if d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		name := d.Name()
		if !strings.HasSuffix(name, ".jsonl") && !strings.HasSuffix(name, ".json") {
			return nil
		}
		r := rt
		if r == "" {
			r = hint(p, "")
		}
		// A .json file is a session only in Gemini's chats directories;
		// elsewhere it is a setting, a log or a hook payload.
		chats := filepath.Base(filepath.Dir(p)) == "chats"
		if r == Gemini && !chats || strings.HasSuffix(name, ".json") && !chats {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		out = append(out, File{Path: p, Runtime: r, ModTime: info.ModTime()})
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, err
}
