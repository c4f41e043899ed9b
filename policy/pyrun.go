package policy

import (
	"encoding/binary"
	"encoding/hex"
	"hash/fnv"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/filecache"
)

// One record for a whole test run, so that a run over an unchanged tree
// costs a stat per path and one read: the record is looked up before the
// test folders are walked, under a key made of everything besides the
// disk that decides what the run collects and how it loads it (the
// command's words and environment, the configuration's settings, the
// folders and search path), and it lists every path the first call's
// walk and judgement looked at: each folder walked (a folder's identity
// changes when an entry is added, removed or renamed in it), each file
// loaded or imported, each path looked up and not found, each folder
// listed to find a module. It holds one sum of all their identities; the
// record is used only when the sum of what is on disk now is the same.
// A record is kept only when every file the run loads was plain, and
// none of its paths changed within recentChange of the decision's start
// (see racy).

// runHeader starts a run's record, naming its format.
const runHeader = "arbiter pytest run 2"

// recentChange is how old a path's last change must be, at the start of
// the decision that read it, for its identity to be trusted in a record.
// File systems stamp changes with a clock that ticks every few
// milliseconds: a file rewritten in the same tick as the stat that
// identified it, to the same size, keeps its identity, so a record made
// from a read in that tick could vouch for content it never saw. Changes
// older than this cannot have happened after the stat.
const recentChange = time.Second

// runDeps is what one test run's loading depended on, collected to keep
// one record for the whole run.
type runDeps struct {
	deps *pyDeps
	key  string
}

// runRecord is a run's record read back: the files the run loads in
// order, every path whose identity the record vouches for (the loads
// among them), and the sum of their identities.
type runRecord struct {
	loads []string
	paths []string
	sum   string
}

// keptRun answers a test run's loading from its record when every path
// it names is as it was; shape is what decides the run besides the disk.
// It returns the run's record-to-be when there is none to use, nil when
// none will be kept (no store, a decision that judged Python files
// already, or one collecting another file's dependencies).
func (j *judgement) keptRun(shape []string, subj string) (*runDeps, bool) {
	s, ok := j.verdicts()
	if !ok || len(j.pyFiles.judged) > 0 || len(j.cache().tracking) > 0 {
		return nil, false
	}
	key := filecache.Key(s.version(), filecache.ID{}, append([]string{runHeader, j.res.Project, j.res.Home, j.res.Cwd, subj}, shape...)...)
	if b, ok := filecache.Get(s.dir, verdictFolder, key); ok {
		if rec, ok := parseRun(b, key, j.res.Project); ok && sumOnDisk(rec.paths) == rec.sum {
			for _, f := range rec.loads {
				j.pyFiles.judged[f] = true
				if path.Base(f) != "conftest.py" && path.Base(f) != "__init__.py" {
					j.pyFiles.collected++
				}
			}
			// Findings of one rule on one subject keep the first reason
			// only: the first file's, as reading them would give.
			what, _ := j.pytestWhat(rec.loads[0])
			j.fireWith(catalog.D4RunProjectCode, subj, what+", judged by what it contains")
			return nil, true
		}
	}
	d := &pyDeps{files: map[string]pathState{}, dirs: map[string]pathState{}}
	j.cache().tracking = append(j.cache().tracking, d)
	return &runDeps{deps: d, key: key}, false
}

// runEnd stops collecting for a run, and keeps its record when every
// file it loads was plain and every path it looked at can be vouched for.
func (j *judgement) runEnd(r *runDeps, loads []pyFileLoad, plain bool) {
	if r == nil {
		return
	}
	c := j.cache()
	c.tracking = slices.DeleteFunc(c.tracking, func(t *pyDeps) bool { return t == r.deps })
	s, ok := j.verdicts()
	if !ok || !plain || !r.deps.complete() || len(loads) == 0 {
		return
	}
	rec := runRecord{}
	for _, l := range loads {
		rec.loads = append(rec.loads, l.file)
	}
	// Every path this decision identified (more than the run needs only
	// makes the record stricter), but for a path that was not there in a
	// folder identified before it was looked up: adding it changes the
	// folder's identity.
	for p, st := range c.ids {
		if !st.ok || s.racy(st) {
			return
		}
		if parent := c.ids[path.Dir(p)]; st.exists || !parent.exists || !parent.dir || parent.seq >= st.seq {
			rec.paths = append(rec.paths, p)
		}
	}
	slices.Sort(rec.paths)
	rec.sum = j.pathsSum(rec.paths)
	filecache.Put(s.dir, verdictFolder, r.key, rec.text(r.key, j.res.Project))
}

// racy reports whether st changed too recently for its identity to be
// trusted (see recentChange).
func (s verdictStore) racy(st pathState) bool {
	if !st.exists {
		return false
	}
	limit := s.start.Add(-recentChange).UnixNano()
	return st.id.Ctime >= limit || st.id.Mtime >= limit
}

// pathsSum is the sum of the identities of paths as this decision saw
// them, in order; "" when one cannot be identified.
func (j *judgement) pathsSum(paths []string) string {
	return identitiesSum(paths, j.pathID)
}

// sumOnDisk is the sum of the identities of paths as they are now, each
// stat'ed once (a record's check: not kept for the decision, which has
// no more use for them).
func sumOnDisk(paths []string) string {
	return identitiesSum(paths, statState)
}

// identitiesSum sums the identities of paths as state tells them.
func identitiesSum(paths []string, state func(string) pathState) string {
	h := fnv.New128a()
	var b []byte
	for _, p := range paths {
		st := state(p)
		if !st.ok {
			return ""
		}
		b = append(b[:0], 0)
		if st.exists {
			b[0] = 1
			b = binary.LittleEndian.AppendUint64(b, st.id.Dev)
			b = binary.LittleEndian.AppendUint64(b, st.id.Ino)
			b = binary.LittleEndian.AppendUint64(b, uint64(st.id.Size))
			b = binary.LittleEndian.AppendUint64(b, uint64(st.id.Mtime))
			b = binary.LittleEndian.AppendUint64(b, uint64(st.id.Ctime))
		}
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// text writes a run's record: the header, its key (so that a record
// moved to another name is refused), the sum, then a line per file
// loaded ("l") and per other path ("s"), each path relative to base
// when under it, quoted when it holds a character that would break the
// line.
func (r runRecord) text(key, base string) []byte {
	var b strings.Builder
	b.WriteString(runHeader + "\nkey " + key + "\nsum " + r.sum + "\n")
	loads := map[string]bool{}
	for _, f := range r.loads {
		loads[f] = true
		b.WriteString("l " + recordPath(f, base) + "\n")
	}
	for _, p := range r.paths {
		if !loads[p] {
			b.WriteString("s " + recordPath(p, base) + "\n")
		}
	}
	return []byte(b.String())
}

// recordPath is p as a record line holds it.
func recordPath(p, base string) string {
	if rel, ok := strings.CutPrefix(p, strings.TrimSuffix(base, "/")+"/"); base != "" && ok && rel != "" {
		p = rel
	}
	if strings.ContainsAny(p, "\"\\\n\r") || strconv.Quote(p) != `"`+p+`"` {
		return strconv.Quote(p)
	}
	return p
}

// parseRun reads a run's record back; false when it is not one this
// build writes under key, or names a path twice.
func parseRun(b []byte, key, base string) (runRecord, bool) {
	text, ok := strings.CutPrefix(string(b), runHeader+"\nkey "+key+"\nsum ")
	if !ok || !strings.HasSuffix(text, "\n") {
		return runRecord{}, false
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	r := runRecord{sum: lines[0]}
	if len(r.sum) != 32 {
		return runRecord{}, false
	}
	prefix := strings.TrimSuffix(base, "/") + "/"
	for _, line := range lines[1:] {
		kind, p, ok := strings.Cut(line, " ")
		if !ok || (kind != "l" && kind != "s") || p == "" {
			return runRecord{}, false
		}
		if p[0] == '"' {
			if p, ok = unquoteWhole(p); !ok {
				return runRecord{}, false
			}
		}
		if !path.IsAbs(p) {
			if !path.IsAbs(base) {
				return runRecord{}, false
			}
			p = prefix + p
		}
		if kind == "l" {
			r.loads = append(r.loads, p)
			continue
		}
		r.paths = append(r.paths, p)
	}
	// The sum was taken over every path sorted, the loads among them.
	r.paths = append(r.paths, r.loads...)
	slices.Sort(r.paths)
	for i := 1; i < len(r.paths); i++ {
		if r.paths[i] == r.paths[i-1] {
			return runRecord{}, false
		}
	}
	return r, len(r.loads) > 0
}

// unquoteWhole unquotes a record's quoted path, which must be the whole
// rest of its line.
func unquoteWhole(q string) (string, bool) {
	p, err := strconv.Unquote(q)
	return p, err == nil && p != ""
}

// pytestWhat says what loading f is in a pytest run, for the reason, and
// whether it is a test module pytest collects.
func (j *judgement) pytestWhat(f string) (string, bool) {
	switch path.Base(f) {
	case "conftest.py":
		return "loads " + j.fileShown(f) + ", which pytest imports before the tests", false
	case "__init__.py":
		return "loads the test package " + j.fileShown(f), false
	}
	return "runs the test file " + j.fileShown(f), true
}
