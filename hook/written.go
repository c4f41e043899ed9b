package hook

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/journal"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/transcript"
)

// sessionRecord is the session's record of the agent's writes as one hook
// call uses it: read at most once, on first use, and the transcript asked
// only about the entries a decision looks up.
type sessionRecord struct {
	dir, session string
	// transcript is Claude Code's transcript, whose tool results say
	// whether a recorded call ran; "" for other runtimes.
	transcript string
	errw       io.Writer
	j          *journal.Journal
	opened     bool
	warned     bool

	// runtime and sessionFile are the runtime and the session file its
	// payload named, where what became of an asked call is read.
	runtime, sessionFile string
}

func newSessionRecord(dir, runtime string, ev Event, errw io.Writer) *sessionRecord {
	if dir == "" || len(ev.Calls) == 0 || ev.Calls[0].SessionID == "" {
		return nil
	}
	r := &sessionRecord{dir: dir, session: ev.Calls[0].SessionID, runtime: runtime, sessionFile: ev.Transcript, errw: errw}
	if runtime == "claude" {
		r.transcript = ev.Transcript
	}
	return r
}

// journal opens the record once. One that cannot be read is absent: it
// says so on stderr, once.
func (r *sessionRecord) journal() *journal.Journal {
	if !r.opened {
		r.opened = true
		j, err := journal.Open(r.dir, r.session)
		if err != nil {
			r.warn(err)
		}
		r.j = j
	}
	return r.j
}

func (r *sessionRecord) warn(err error) {
	if !r.warned {
		r.warned = true
		fmt.Fprintln(r.errw, "arbiter hook: the record of this session's writes is not used:", err)
	}
}

// Decisions the record keeps besides arbiter's verdicts: the transcript
// showed that a call a person was asked about ran, or did not.
const (
	confirmed = "ran"
	refused   = "refused"
)

// lookup is arbiter.Call.Written: the file's newest entry, when the call
// that wrote it ran. A call arbiter allowed ran (what the file holds is
// compared with what the write left anyway); one it left to a person
// (ask, defer) ran only when Claude Code's transcript shows its result.
// That answer is recorded, so that the transcript is read for an entry
// once, however long the session.
func (r *sessionRecord) lookup(abs string) (arbiter.WrittenFile, bool) {
	e, ok := r.journal().Lookup(abs)
	return r.entry(e, ok)
}

// under is arbiter.Call.WrittenUnder: the newest entry of a file under
// dir, as lookup gives it.
func (r *sessionRecord) under(dir string) (arbiter.WrittenFile, bool) {
	e, ok := r.journal().Under(dir)
	return r.entry(e, ok)
}

// entry is what the record's entry says, once what became of its call is
// known (see lookup).
func (r *sessionRecord) entry(e journal.Entry, ok bool) (arbiter.WrittenFile, bool) {
	if !ok {
		if err := r.journal().Err(); err != nil {
			r.warn(err)
		}
		return arbiter.WrittenFile{}, false
	}
	if e.Unknown() {
		return r.unknownWrite(e)
	}
	sum, ok := e.Digest()
	if !ok {
		return arbiter.WrittenFile{}, false
	}
	switch e.Decision {
	case arbiter.Allow.String(), confirmed:
	case arbiter.Ask.String(), arbiter.Defer.String():
		ran, known := r.result(e.ID)
		if !known {
			return arbiter.WrittenFile{}, false
		}
		e.Decision = refused
		if ran {
			e.Decision = confirmed
		}
		if err := r.journal().Append(e); err != nil {
			r.warn(err)
		}
		if !ran {
			return arbiter.WrittenFile{}, false
		}
	default:
		return arbiter.WrittenFile{}, false
	}
	return arbiter.WrittenFile{Sum: sum, Tool: e.Tool, Time: time.Unix(e.Time, 0).UTC(), Path: e.Path}, true
}

// unknownWrite is lookup for a shell write whose content arbiter does not
// know. Such an entry only ever takes an allow away (the file is not the
// project's build output), so it counts unless the call is known not to
// have run: one a person was asked about whose result the transcript does
// not show yet may well have run.
func (r *sessionRecord) unknownWrite(e journal.Entry) (arbiter.WrittenFile, bool) {
	switch e.Decision {
	case refused:
		return arbiter.WrittenFile{}, false
	case arbiter.Ask.String(), arbiter.Defer.String():
		if ran, known := r.result(e.ID); known {
			e.Decision = refused
			if ran {
				e.Decision = confirmed
			}
			if err := r.journal().Append(e); err != nil {
				r.warn(err)
			}
			if !ran {
				return arbiter.WrittenFile{}, false
			}
		}
	}
	wf := arbiter.WrittenFile{Tool: e.Tool, Time: time.Unix(e.Time, 0).UTC(), Unknown: true, By: e.By, From: e.From, Path: e.Path, Tree: e.Tree}
	if e.Decision == arbiter.Allow.String() && !e.Tree {
		if b, ok := r.journal().Build(e.ID, e.Path); ok && b.Time == e.Time && b.Compiler == e.By {
			wf.Build = compiledBuild(b)
		}
	}
	return wf, true
}

// result reads from the transcript whether the call with this id ran.
func (r *sessionRecord) result(id string) (ran, known bool) {
	if r.transcript == "" || id == "" {
		return false, false
	}
	got, err := transcript.Results(r.transcript, []string{id})
	if err != nil {
		return false, false
	}
	ran, known = got[id]
	return ran, known
}

// record adds the files the calls write to the session's record, unless
// the decision is a denial (they will not run). A write whose result
// arbiter cannot tell (an edit of a file it cannot read) is not recorded.
func (r *sessionRecord) record(calls []arbiter.Call, d arbiter.Decision, v arbiter.Verdict) {
	if r == nil || v == arbiter.Deny {
		return
	}
	var es []journal.Entry
	now := time.Now().Unix()
	for _, w := range d.Wrote {
		id := ""
		if len(calls) == 1 {
			id = calls[0].ID
		}
		e := journal.Entry{Path: w.Path, Tool: "Bash", Decision: v.String(), ID: id, Time: now, By: w.By, From: w.From, Tree: w.Tree}
		if w.By == "" {
			e.Sum = hex.EncodeToString(w.Sum[:])
		}
		if w.Build != nil && id != "" && v == arbiter.Allow {
			e.Build = journalBuild(w, e)
		}
		if !e.Valid() {
			e.Build = nil // a compile the record cannot hold: the output stays of unknown origin
		}
		if !e.Valid() {
			// A source the record cannot hold (a line break in its name)
			// still leaves the file written by the session.
			e.From = ""
		}
		if e.Valid() {
			es = append(es, e)
		}
	}
	for _, c := range calls {
		file, sum, ok := writeResult(c)
		if !ok {
			continue
		}
		es = append(es, journal.Entry{Path: file, Sum: hex.EncodeToString(sum[:]), Tool: c.Tool, Decision: v.String(), ID: c.ID, Time: now})
	}
	if len(es) == 0 {
		return
	}
	j := r.journal()
	if j == nil {
		return
	}
	if err := j.Append(es...); err != nil {
		r.warn(err)
	}
}

// edit is one replacement of an Edit or MultiEdit call.
type edit struct {
	Old string `json:"old_string"`
	New string `json:"new_string"`
	All bool   `json:"replace_all"`
}

// writeInput is the input of the file tools, in Claude Code's naming.
type writeInput struct {
	FilePath string `json:"file_path"`
	Content  string `json:"content"`
	edit
	Edits []edit `json:"edits"`
}

// writeResult returns the file a write tool call writes and the content sum (arbiter.ContentSum) of
// the content it will leave there; false for other calls, and for an
// edit whose result cannot be told (the file cannot be read, is larger
// than the scripts arbiter reads, or the text to replace is not found
// once).
func writeResult(c arbiter.Call) (string, [16]byte, bool) {
	var none [16]byte
	if c.Tool != "Write" && c.Tool != "Edit" && c.Tool != "MultiEdit" {
		return "", none, false
	}
	var in writeInput
	if json.Unmarshal(c.Input, &in) != nil || in.FilePath == "" {
		return "", none, false
	}
	file := paths.New(c.ProjectDir, c.Dir(), c.Home).Resolve(in.FilePath, "")
	if file == "" || !strings.HasPrefix(file, "/") {
		return "", none, false
	}
	if c.Tool == "Write" {
		return file, arbiter.ContentSum([]byte(in.Content)), true
	}
	edits := in.Edits
	if c.Tool == "Edit" {
		edits = []edit{in.edit}
	}
	text, ok := applyEdits(file, edits)
	if !ok {
		return "", none, false
	}
	return file, arbiter.ContentSum([]byte(text)), true
}

// applyEdits computes what Claude Code's Edit leaves in a file: each
// old_string, found exactly once unless replace_all, replaced in turn. An
// empty old_string on a file that does not exist creates it.
func applyEdits(file string, edits []edit) (string, bool) {
	if len(edits) == 0 {
		return "", false
	}
	f, err := project.Read(file)
	text := f.Text
	switch {
	case project.IsNotExist(err) && edits[0].Old == "":
		text, edits = edits[0].New, edits[1:]
	case err != nil || f.Kind != project.Text:
		return "", false
	}
	for _, e := range edits {
		n := strings.Count(text, e.Old)
		switch {
		case e.Old == "" || n == 0 || n > 1 && !e.All:
			return "", false
		case e.All:
			text = strings.ReplaceAll(text, e.Old, e.New)
		default:
			text = strings.Replace(text, e.Old, e.New, 1)
		}
	}
	return text, true
}
