package policy

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/filecache"
)

// A plain Python file's verdict is kept between calls, so that a test
// run over an unchanged tree, or code importing unchanged modules, reads
// almost nothing again: with Options.Cache set, the judgement of a
// project Python file that found nothing to stop is kept under the
// file's identity (see package filecache) and where its imports are
// looked up, with the identity of every file and folder that judgement
// depended on: the modules its imports ran, followed to the end, and the
// folders listed to find them (a module added where Python would find it
// changes a folder's identity). A record is used only when each of those
// is as it was; anything else is judged anew. Only code whose verdict
// depends on nothing else is kept: code that names files, reads the
// environment, or finds something to confirm, a file the command line
// writes or the agent wrote this session, and a conftest.py that names
// plugins are read on every call.

// verdictFolder is the cache directory's subfolder for these records.
const verdictFolder = "python-verdicts"

// verdictHeader starts a record, naming its format.
const verdictHeader = "arbiter python verdict 1"

// textOnlyRules are the rules whose firing on a Python file's code
// depends on its text and its imports alone: a judgement that fired any
// other is not kept.
var textOnlyRules = map[catalog.ID]bool{catalog.D4RunProjectCode: true, catalog.D4InlineCode: true}

// verdictStore is where records are kept: the cache directory and what
// names the build of arbiter (nil or "" for none).
type verdictStore struct {
	dir   string
	build func() string
	// start is when the decision started (see racy).
	start time.Time
}

// version names the build, "" when it cannot be named.
func (s verdictStore) version() string {
	if s.build == nil {
		return ""
	}
	return s.build()
}

// pyDeps is what one Python file's judgement depended on, collected
// while it runs (its imports' judgements included): the files it read
// and the folders it listed, as the decision first saw them.
type pyDeps struct {
	files map[string]pathState
	dirs  map[string]pathState
	// skipped are files not read again because this decision had judged
	// them: the record holds them only when this judgement read them.
	skipped []string
	// unsure is set when the judgement depended on something a record
	// cannot check (a path looked up without a folder listing, code that
	// names files).
	unsure bool
}

// pathState is a path's identity as one decision first saw it.
type pathState struct {
	id     filecache.ID
	exists bool
	ok     bool // identified (false: no inode, or not a file or folder)
	// dir marks a folder (not kept in records: its identity says it).
	dir bool
	// seq orders the paths a decision identified: 1 for its first.
	seq int
}

// same reports the same version of a path.
func (st pathState) same(o pathState) bool {
	return st.ok && o.ok && st.exists == o.exists && st.id == o.id
}

// isFile reports a path that exists and is not a folder (a pipe or a
// device where a file is looked for is then reported unreadable), with
// one stat a decision.
func (j *judgement) isFile(p string) bool {
	st := j.pathID(p)
	return st.exists && !st.dir
}

// verdicts returns the store when this decision keeps or uses records:
// not when the command line writes files, which the records cannot know.
func (j *judgement) verdicts() (verdictStore, bool) {
	s := j.cache().store
	return s, s.dir != "" && len(j.written) == 0 && s.version() != ""
}

// pathID stats p once per decision. A path that is there but cannot be
// identified (a pipe, a device, one stat fails on) exists and is not ok.
func (j *judgement) pathID(p string) pathState {
	c := j.cache()
	if st, ok := c.ids[p]; ok {
		return st
	}
	if c.ids == nil {
		c.ids = map[string]pathState{}
	}
	st := statState(p)
	st.seq = len(c.ids) + 1
	c.ids[p] = st
	return st
}

// statState stats p: a path that is there but cannot be identified (a
// pipe, a device, one stat fails on) exists and is not ok.
func statState(p string) pathState { return stateOf(filecache.FoundOf(os.Stat(p))) }

// stateOf reads a stat's answer: ok unless the path is there and cannot
// be identified.
func stateOf(f filecache.Found) pathState {
	return pathState{ok: !f.Exists || f.Known, exists: f.Exists, dir: f.Dir, id: f.ID}
}

// verdictKey names the record of file's judgement with its imports
// looked up in load; false when the file cannot be identified.
func (j *judgement) verdictKey(s verdictStore, file string, load *pyLoad) (string, bool) {
	st := j.pathID(file)
	if !st.ok || !st.exists {
		return "", false
	}
	return filecache.Key(s.version(), st.id, "python", file, load.pkg, strconv.Itoa(load.level), load.searchKey(), j.res.Project, j.res.Home, j.res.Cwd), true
}

// trackingStart begins collecting what file's judgement depends on; nil
// when no record will be kept.
func (j *judgement) trackingStart(file string) *pyDeps {
	if _, ok := j.verdicts(); !ok {
		return nil
	}
	if j.call.Written != nil {
		if _, agents := j.call.Written(file); agents {
			j.notTextOnly() // judged by the session's record, on every call
			return nil
		}
	}
	d := &pyDeps{files: map[string]pathState{}, dirs: map[string]pathState{}}
	c := j.cache()
	c.tracking = append(c.tracking, d)
	j.dependsOnFile(file)
	return d
}

// trackingEnd stops collecting for d and keeps its record when the file
// was plain.
func (j *judgement) trackingEnd(d *pyDeps, file string, load *pyLoad, plain bool) {
	if d == nil {
		return
	}
	c := j.cache()
	c.tracking = slices.DeleteFunc(c.tracking, func(t *pyDeps) bool { return t == d })
	if !plain || !d.complete() {
		j.notTextOnly() // what includes it is not kept either
		return
	}
	s, _ := j.verdicts()
	key, ok := j.verdictKey(s, file, load)
	if !ok || d.racy(s) {
		return
	}
	filecache.Put(s.dir, verdictFolder, key, d.record())
}

// complete reports whether d holds all a judgement depended on: nothing
// unsure, and every file skipped as judged earlier one this judgement
// read itself.
func (d *pyDeps) complete() bool {
	if d.unsure {
		return false
	}
	for _, f := range d.skipped {
		if _, ok := d.files[f]; !ok {
			return false
		}
	}
	return true
}

// racy reports whether a path d holds changed too recently for a record
// to vouch for it (see recentChange).
func (d *pyDeps) racy(s verdictStore) bool {
	for _, m := range []map[string]pathState{d.files, d.dirs} {
		for _, st := range m {
			if s.racy(st) {
				return true
			}
		}
	}
	return false
}

// pyFileLoad is one Python file a runner loads: how its imports are
// found, and what loading it is, for the reason.
type pyFileLoad struct {
	file string
	load *pyLoad
	what string
}

// recordHolds reports whether a record parses and every file and folder
// it names is as it was.
func (j *judgement) recordHolds(b []byte) bool {
	files, dirs, ok := parseRecord(b)
	if !ok {
		return false
	}
	for _, m := range []map[string]pathState{files, dirs} {
		for p, st := range m {
			if !j.pathID(p).same(st) {
				return false
			}
		}
	}
	return true
}

// seen is the folder listings' report of a lookup, told before a folder
// is first listed, so that the identity kept is never newer than the
// listing a record relies on.
func (j *judgement) seen(p string, listed bool) {
	c := j.cache()
	st := j.pathID(p)
	for _, d := range c.tracking {
		if !listed || !st.ok {
			d.unsure = true
			continue
		}
		d.dirs[p] = st
	}
}

// dependsOnFile records that the judgements being collected read file.
func (j *judgement) dependsOnFile(file string) {
	st := j.pathID(file)
	for _, d := range j.cache().tracking {
		if !st.ok || !st.exists {
			d.unsure = true
			continue
		}
		d.files[file] = st
	}
}

// dependsOnSkip records a file not read again, having been judged.
func (j *judgement) dependsOnSkip(file string) {
	for _, d := range j.cache().tracking {
		d.skipped = append(d.skipped, file)
	}
}

// notTextOnly marks the judgements being collected as depending on
// more than text: code that names files or variables.
func (j *judgement) notTextOnly() {
	for _, d := range j.cache().tracking {
		d.unsure = true
	}
}

// plainText reports whether inner, the judgement of one file's code,
// found nothing but what the text alone decides.
func plainText(inner *judgement) bool {
	for _, f := range inner.findings {
		if !textOnlyRules[f.id] {
			return false
		}
	}
	return true
}

// record writes d: a header, then a line per file ("f", its identity,
// its quoted path) and per folder ("d", its identity or "-" when it did
// not exist, its quoted path).
func (d *pyDeps) record() []byte {
	var b strings.Builder
	b.WriteString(verdictHeader + "\n")
	for f, st := range d.files {
		fmt.Fprintf(&b, "f %s %s\n", st.id, strconv.Quote(f))
	}
	for p, st := range d.dirs {
		id := "-"
		if st.exists {
			id = st.id.String()
		}
		fmt.Fprintf(&b, "d %s %s\n", id, strconv.Quote(p))
	}
	return []byte(b.String())
}

// parseRecord reads a record back: the files and folders it names with
// their states; false when it is not one this build writes.
func parseRecord(b []byte) (files, dirs map[string]pathState, ok bool) {
	text, ok := strings.CutPrefix(string(b), verdictHeader+"\n")
	if !ok {
		return nil, nil, false
	}
	files, dirs = map[string]pathState{}, map[string]pathState{}
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		q := strings.IndexByte(line, '"')
		if q < 0 {
			return nil, nil, false
		}
		p, err := strconv.Unquote(line[q:])
		head := strings.Fields(line[:q])
		if err != nil || len(head) == 0 {
			return nil, nil, false
		}
		st, ok := parseState(head[1:])
		switch {
		case !ok:
			return nil, nil, false
		case head[0] == "f" && st.exists:
			files[p] = st
		case head[0] == "d":
			dirs[p] = st
		default:
			return nil, nil, false
		}
	}
	return files, dirs, true
}

// parseState reads a path's state from a record: five numbers, or "-"
// for a path that did not exist.
func parseState(words []string) (pathState, bool) {
	if len(words) == 1 && words[0] == "-" {
		return pathState{ok: true}, true
	}
	if len(words) != 5 {
		return pathState{}, false
	}
	var u [2]uint64
	var n [3]int64
	for i, w := range words {
		var err error
		if i < 2 {
			u[i], err = strconv.ParseUint(w, 10, 64)
		} else {
			n[i-2], err = strconv.ParseInt(w, 10, 64)
		}
		if err != nil {
			return pathState{}, false
		}
	}
	return pathState{id: filecache.ID{Dev: u[0], Ino: u[1], Size: n[0], Mtime: n[1], Ctime: n[2]}, exists: true, ok: true}, true
}

// keptPlain answers file's judgement from its record, when there is one
// and every file and folder it names is as it was: file and the modules
// it imports are then judged, as reading them would, and it fires what
// reading it would have (what says how the command loads it). False when
// the file must be read.
func (j *judgement) keptPlain(file string, load *pyLoad, subj, what string) bool {
	s, ok := j.verdicts()
	if !ok {
		return false
	}
	if j.call.Written != nil {
		if _, agents := j.call.Written(file); agents {
			return false
		}
	}
	key, ok := j.verdictKey(s, file, load)
	if !ok {
		return false
	}
	b, ok := filecache.Get(s.dir, verdictFolder, key)
	if !ok {
		return false
	}
	files, dirs, ok := parseRecord(b)
	if !ok || !files[file].same(j.pathID(file)) || !j.recordHolds(b) {
		return false
	}
	// The bounds hold as if the files were read: the modules it reaches
	// count among the decision's Python files.
	fresh := 0
	for f := range files {
		if f != file && !j.pyFiles.judged[f] {
			fresh++
		}
	}
	if len(j.pyFiles.judged)-j.pyFiles.collected+fresh >= maxPythonFiles {
		return false
	}
	for f := range files {
		j.pyFiles.judged[f] = true
		j.dependsOnFile(f)
	}
	for p := range dirs {
		j.seen(p, true)
	}
	if load.collected {
		j.pyFiles.collected++
	}
	j.fireWith(catalog.D4RunProjectCode, subj, what+", judged by what it contains")
	return true
}
