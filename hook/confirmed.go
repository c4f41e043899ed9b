package hook

import (
	"encoding/hex"
	"strconv"
	"strings"
	"time"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/confirm"
	"github.com/arbitergate/arbiter/journal"
	"github.com/arbitergate/arbiter/shell"
)

// AskedCall is a call arbiter asked or deferred on, to be found in the
// runtime's session file: by the runtime's id, or, where the runtime
// gives the hook none, by its exact input (confirm.Input) among the calls
// made shortly before Time.
type AskedCall struct {
	ID    string
	Input [16]byte
	Time  time.Time
}

// What a session file says became of an asked call.
const (
	OutcomeUnknown = ""        // no result yet, or not found
	OutcomeRan     = "ran"     // it ran: the person (or the runtime's own flow) let it
	OutcomeRefused = "refused" // the person refused it
	OutcomeDenied  = "denied"  // a hook, rule or sandbox stopped it: no approval
)

// SessionOutcomes reads from a runtime's session file what became of
// asked calls, one outcome per call; an error when the file cannot be
// read or the runtime's files are not known.
type SessionOutcomes func(runtime, file string, asked []AskedCall) ([]string, error)

// maxResolved bounds the earlier answers to one call whose outcome is
// looked up in the session file in one decision.
const maxResolved = 8

// confirmation is what the session's record says of the earlier answers
// to the call being decided.
type confirmation struct {
	id       confirm.Identity
	key      string
	files    string // hex digest of the files' state now, "" when unknown
	filesErr error
}

// judged is what the static policy found in a call, as part of its
// identity: the event is, too, as an approval at one kind of prompt
// (Codex's escalation outside its sandbox) is not one at another. The
// policy reads more than the files an identity sums (the modules a script
// imports, a Makefile's includes): what it finds in them is in its rules
// and reason, so a change there that changes the finding is a new call.
// A judge's words vary from one call to the next: only its rules count.
func judged(d arbiter.Decision) string {
	s := d.Decision.String() + "\x00" + strings.Join(d.Rules, ",")
	if d.Source != arbiter.SourceJudge {
		s += "\x00" + d.Reason
	}
	return s
}

// Confirmable reports a decision that would prompt and that hygiene rule
// 6 may settle: an ask, or a defer of a call arbiter read (not bad
// input), with no rule of class A, self-protection or secrets among its
// reasons.
func Confirmable(d arbiter.Decision) bool {
	if d.Decision != arbiter.Ask && d.Decision != arbiter.Defer || d.Source == arbiter.SourceError || unresolved(d) {
		return false
	}
	for _, r := range d.Rules {
		if id := catalog.ID(r); id.Blocked() || id.Secret() {
			return false
		}
	}
	return true
}

// recordsAnswers reports an event whose ask or defer shows the person a
// prompt (or leaves the runtime's own flow to decide): not Codex's
// PreToolUse, whose defer lets its sandbox run the call unasked.
func recordsAnswers(runtime string, ev Event) bool {
	return !(runtime == "codex" && ev.Name != "PermissionRequest")
}

// identify makes the call's identity and sums its files now; nil when
// the call has none (several calls, or one the analysis cannot compare).
func (r *sessionRecord) identify(runtime string, ev Event, d arbiter.Decision, az *shell.Analyzer) *confirmation {
	if r == nil || len(ev.Calls) != 1 || !recordsAnswers(runtime, ev) {
		return nil
	}
	id, err := confirm.Of(az, ev.Calls[0])
	if err != nil {
		return nil
	}
	key := arbiter.ContentSum([]byte(string(id.Key[:]) + "\x00" + runtime + "\x00" + ev.Name + "\x00" + judged(d)))
	c := &confirmation{id: id, key: hex.EncodeToString(key[:])}
	if sum, err := confirm.FilesSum(id.Files); err == nil {
		sum = confirm.WithRead(sum, d.Read)
		c.files = hex.EncodeToString(sum[:])
	} else {
		c.filesErr = err
	}
	return c
}

// confirmed settles a decision that would prompt by the session's
// record: allowed (H6.confirmed) when a person approved the same call in
// this session and no file it reads or runs changed since; told, when
// the person refused it, that it was refused. Anything else is left as
// it is.
func (r *sessionRecord) confirmed(c *confirmation, d arbiter.Decision, outcomes SessionOutcomes) arbiter.Decision {
	if c == nil || !Confirmable(d) {
		return d
	}
	answers := firstPerCall(r.resolve(r.journal().Answers(c.key), outcomes))
	approved := false
	for i := len(answers) - 1; i >= 0; i-- {
		a := answers[i]
		switch a.Status {
		case OutcomeRefused:
			d.Reason += " The person refused this same call earlier in this session (asked at " + clock(a.Time) + "), so it is asked again."
			return d
		case OutcomeRan:
			approved = true
			if c.files == "" || a.Files != c.files {
				continue // approved with other files: a new risk
			}
			return arbiter.Decision{ID: d.ID, Decision: arbiter.Allow, Rules: []string{string(catalog.H6Confirmed)}, Source: arbiter.SourceStatic, Micros: d.Micros, Wrote: d.Wrote,
				Reason: "a person approved this same call in this session (asked at " + clock(a.Time) + " for " + joinRules(d.Rules) + "), in the same folder, and no file it reads or runs has changed since, so it is not asked again"}
		}
	}
	if c.filesErr != nil && approved {
		d.Reason += " It was approved earlier in this session, but " + c.filesErr.Error() + ", so it is asked again."
	}
	return d
}

// resolve looks up, in the session file, the outcome of the newest
// answers no outcome was recorded for (at most maxResolved of them),
// records what it found, so that the file is read for an answer once, and
// returns the answers with their outcomes.
func (r *sessionRecord) resolve(answers []journal.Answer, outcomes SessionOutcomes) []journal.Answer {
	known := map[string]string{} // an answer's time and id → its outcome
	for _, a := range answers {
		if a.Status != arbiter.Ask.String() && a.Status != arbiter.Defer.String() {
			known[answerKey(a)] = a.Status
		}
	}
	var open []int
	for i := len(answers) - 1; i >= 0 && len(open) < maxResolved; i-- {
		a := answers[i]
		if a.Status != arbiter.Ask.String() && a.Status != arbiter.Defer.String() {
			continue
		}
		if _, done := known[answerKey(a)]; !done {
			open = append(open, i)
		}
	}
	if len(open) == 0 || outcomes == nil || r.sessionFile == "" {
		return withOutcomes(answers, known)
	}
	asked := make([]AskedCall, len(open))
	for k, i := range open {
		in, _ := hex.DecodeString(answers[i].Input)
		asked[k] = AskedCall{ID: answers[i].ID, Time: time.Unix(answers[i].Time, 0)}
		copy(asked[k].Input[:], in)
	}
	got, err := outcomes(r.runtime, r.sessionFile, asked)
	if err != nil || len(got) != len(open) {
		return withOutcomes(answers, known)
	}
	var found []journal.Answer
	for k, i := range open {
		if got[k] == OutcomeUnknown {
			continue
		}
		a := answers[i]
		a.Status = got[k]
		known[answerKey(a)] = a.Status
		found = append(found, a)
	}
	if err := r.journal().AppendAnswers(found...); err != nil {
		r.warn(err)
	}
	return withOutcomes(answers, known)
}

// firstPerCall keeps, of answers to one key (one call, one event), the
// oldest under each call id: the runtime asks the hook once per event
// about a call, so a later answer under the same id was not its question
// (something else ran the hook with that id) and is no one's approval.
func firstPerCall(answers []journal.Answer) []journal.Answer {
	seen := map[string]bool{}
	out := answers[:0:0]
	for _, a := range answers {
		if a.ID != "" {
			if seen[a.ID] {
				continue
			}
			seen[a.ID] = true
		}
		out = append(out, a)
	}
	return out
}

// withOutcomes returns the asked answers, each with its outcome where one
// is known, oldest first; the outcomes' own lines are folded into them.
func withOutcomes(answers []journal.Answer, known map[string]string) []journal.Answer {
	var out []journal.Answer
	for _, a := range answers {
		if a.Status != arbiter.Ask.String() && a.Status != arbiter.Defer.String() {
			continue
		}
		if s, ok := known[answerKey(a)]; ok {
			a.Status = s
		}
		out = append(out, a)
	}
	return out
}

// answerKey tells one answer from another to the same call: its
// outcome's line repeats its time, id and input.
func answerKey(a journal.Answer) string {
	return strconv.FormatInt(a.Time, 10) + "\x00" + a.ID + "\x00" + a.Input
}

// recordAnswer keeps arbiter's answer to a call that may prompt, with
// the digest of its files, so that a later call can tell it was approved.
// A call whose files could not be summed is recorded with a digest no
// state of files has, so that a later one can say why it is asked again.
func (r *sessionRecord) recordAnswer(c *confirmation, call arbiter.Call, d arbiter.Decision, answered arbiter.Verdict) {
	if c == nil || answered != d.Decision || !Confirmable(d) {
		return
	}
	files := c.files
	if files == "" {
		none := arbiter.ContentSum([]byte("files not summed: " + c.filesErr.Error()))
		files = hex.EncodeToString(none[:])
	}
	in := confirm.Input(call)
	a := journal.Answer{Time: time.Now().Unix(), Status: answered.String(), Key: c.key, Files: files, Input: hex.EncodeToString(in[:]), ID: call.ID}
	if err := r.journal().AppendAnswers(a); err != nil {
		r.warn(err)
	}
}

// clock shows a time of the session for a reason.
func clock(unix int64) string { return time.Unix(unix, 0).UTC().Format("15:04:05 UTC") }

func joinRules(rules []string) string {
	if len(rules) == 0 {
		return "no rule"
	}
	return strings.Join(rules, ", ")
}
