package policy

import (
	"bytes"
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
// (see racy). It also holds the content sum of each file the run read,
// which the decision's Read list reports on a hit as on a miss: the
// identity the sum vouches for stands for that content, so a hit costs
// no read or stat more.

// runHeader starts a run's record, naming its format.
const runHeader = "arbiter pytest run 4"

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
	// before are the files the decision had read when the run started:
	// read again on a hit, so not the record's to report.
	before map[string]bool
}

// runRecord is a run's record read back: the files the run loads in
// order, every path whose identity the record vouches for (the loads
// among them), and the sum of their identities.
type runRecord struct {
	loads []string
	paths []string
	sum   string
	// reads are the content sums of the files the run read, by path
	// (each among paths).
	reads map[string][16]byte
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
			j.noteReads(rec.reads)
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
	c := j.cache()
	c.tracking = append(c.tracking, d)
	before := map[string]bool{}
	for p := range c.read {
		before[p] = true
	}
	return &runDeps{deps: d, key: key, before: before}, false
}

// noteReads adds to the decision's Read list the files a run's record
// says the run read.
func (j *judgement) noteReads(reads map[string][16]byte) {
	c := j.cache()
	if c.read == nil {
		c.read = map[string][16]byte{}
	}
	for p, sum := range reads {
		c.read[p] = sum
	}
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
	if rec.reads, ok = r.reads(c, rec.paths); !ok {
		return
	}
	rec.sum = j.pathsSum(rec.paths)
	if text := rec.text(r.key, j.res.Project); text != nil {
		filecache.Put(s.dir, verdictFolder, r.key, text)
	}
}

// reads are the sums of the files the run read, each of which must be
// among the paths the record vouches for: false when one is not (a hit
// could not report it).
func (r *runDeps) reads(c *readCache, paths []string) (map[string][16]byte, bool) {
	out := map[string][16]byte{}
	for p, sum := range c.read {
		if r.before[p] {
			continue
		}
		if _, found := slices.BinarySearch(paths, p); !found {
			return nil, false
		}
		out[p] = sum
	}
	return out, true
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
	var stats filecache.Stats
	defer stats.Close()
	return identitiesSum(paths, func(p string) pathState { return stateOf(stats.Stat(p)) })
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
// moved to another name is refused), the sum, the order the run loads its
// files in (their places among the paths), then a line per path, sorted:
// "p PATH", or "r SUM PATH" for a file the run read (its content sum in
// hex), each path relative to base when under it, quoted when it holds a
// character that would break the line. One sorted list makes reading it
// back a single pass. nil when a load is not among the paths.
func (r runRecord) text(key, base string) []byte {
	var b strings.Builder
	b.WriteString(runHeader + "\nkey " + key + "\nsum " + r.sum + "\norder")
	for _, f := range r.loads {
		i, found := slices.BinarySearch(r.paths, f)
		if !found {
			return nil
		}
		b.WriteString(" " + strconv.Itoa(i))
	}
	b.WriteString("\n")
	for _, p := range r.paths {
		if sum, read := r.reads[p]; read {
			b.WriteString("r " + hex.EncodeToString(sum[:]) + " " + recordPath(p, base) + "\n")
		} else {
			b.WriteString("p " + recordPath(p, base) + "\n")
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
// build writes under key: its paths must be in strictly increasing order
// (so none is named twice), and its loads among them, each once.
func parseRun(b []byte, key, base string) (runRecord, bool) {
	rest, ok := bytes.CutPrefix(b, []byte(runHeader+"\nkey "+key+"\nsum "))
	if !ok || len(rest) < 33 || rest[32] != '\n' || !bytes.HasSuffix(rest, []byte("\n")) {
		return runRecord{}, false
	}
	r := runRecord{sum: string(rest[:32])}
	order, rest, ok := bytes.Cut(rest[33:], []byte("\n"))
	if !ok {
		return runRecord{}, false
	}
	idx, ok := loadOrder(order)
	if !ok {
		return runRecord{}, false
	}
	prefix := strings.TrimSuffix(base, "/") + "/"
	// Every path goes into one buffer, sliced once it is whole: a record
	// of hundreds of paths costs two allocations, not hundreds.
	lines := bytes.Count(rest, []byte("\n"))
	buf := make([]byte, 0, len(rest)+lines*len(prefix))
	ends := make([]int, 0, lines)
	var sums [][16]byte
	var read []int // indices into ends of the paths read
	for len(rest) > 0 {
		var line []byte
		line, rest, _ = bytes.Cut(rest, []byte("\n"))
		kind, p, ok := bytes.Cut(line, []byte(" "))
		if !ok || len(kind) != 1 || kind[0] != 'p' && kind[0] != 'r' {
			return runRecord{}, false
		}
		if kind[0] == 'r' {
			var sum [16]byte
			h, after, ok := bytes.Cut(p, []byte(" "))
			if !ok || hex.DecodedLen(len(h)) != len(sum) {
				return runRecord{}, false
			}
			if _, err := hex.Decode(sum[:], h); err != nil {
				return runRecord{}, false
			}
			p = after
			sums = append(sums, sum)
			read = append(read, len(ends))
		}
		start := len(buf)
		if buf, ok = appendRecordPath(buf, p, prefix, base); !ok {
			return runRecord{}, false
		}
		if n := len(ends); n > 0 && string(buf[prevStart(ends):start]) >= string(buf[start:]) {
			return runRecord{}, false
		}
		ends = append(ends, len(buf))
	}
	all := string(buf)
	r.paths = make([]string, len(ends))
	for i, e := range ends {
		r.paths[i] = all[prevEnd(ends, i):e]
	}
	r.reads = make(map[string][16]byte, len(read))
	for k, i := range read {
		r.reads[r.paths[i]] = sums[k]
	}
	loaded := make([]bool, len(r.paths))
	r.loads = make([]string, 0, len(idx))
	for _, i := range idx {
		if i >= len(r.paths) || loaded[i] {
			return runRecord{}, false
		}
		loaded[i] = true
		r.loads = append(r.loads, r.paths[i])
	}
	return r, len(r.loads) > 0
}

// prevStart is where the last path of ends starts.
func prevStart(ends []int) int { return prevEnd(ends, len(ends)-1) }

// prevEnd is where path i of ends starts: where the one before it ends.
func prevEnd(ends []int, i int) int {
	if i == 0 {
		return 0
	}
	return ends[i-1]
}

// appendRecordPath appends a record line's path to buf, unquoted and
// made absolute under base; false when it is empty, badly quoted, or
// relative with no absolute base.
func appendRecordPath(buf, p []byte, prefix, base string) ([]byte, bool) {
	if len(p) > 0 && p[0] == '"' {
		text, ok := unquoteWhole(string(p))
		if !ok {
			return buf, false
		}
		p = []byte(text)
	}
	switch {
	case len(p) == 0:
		return buf, false
	case p[0] == '/':
		return append(buf, p...), true
	case !path.IsAbs(base):
		return buf, false
	}
	return append(append(buf, prefix...), p...), true
}

// loadOrder reads a record's order line: the loads' places among its
// paths, in decimal, each after a space.
func loadOrder(line []byte) ([]int, bool) {
	rest, ok := bytes.CutPrefix(line, []byte("order"))
	if !ok {
		return nil, false
	}
	out := make([]int, 0, bytes.Count(rest, []byte(" ")))
	for len(rest) > 0 {
		if rest[0] != ' ' || len(rest) == 1 {
			return nil, false
		}
		n, k := 0, 1
		for ; k < len(rest) && rest[k] >= '0' && rest[k] <= '9'; k++ {
			if n > 1<<30 {
				return nil, false
			}
			n = n*10 + int(rest[k]-'0')
		}
		if k == 1 {
			return nil, false
		}
		out = append(out, n)
		rest = rest[k:]
	}
	return out, true
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
