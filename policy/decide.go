package policy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/arbitergate/arbiter/catalog"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
)

// Options tune the static policy.
type Options struct {
	// ConfirmAsDefer turns class B's "ask" into "defer", for runtimes whose
	// own flow already confirms every such call.
	ConfirmAsDefer bool
	// Protect lists more files and folders that hold the gate's own
	// configuration and state (where the environment moved them); changing
	// them is self-tampering, like the default places (see guard.go).
	Protect []string
	// Files reads the files a call reads, prints, copies, uploads or
	// searches, for the secrets they hold (see filecontent.go); nil reads
	// them with no cache kept between calls.
	Files secrets.Scanner
	// Cache is the cache directory where the verdicts of plain Python
	// files are kept between calls (see pyverdicts.go), and Build names
	// the arbiter build that reached them, so that another build does not
	// take them (called only when a record is kept or looked up, since
	// naming the program costs a readlink and a stat); "" or nil keeps
	// none.
	Cache string
	Build func() string
	// Now is the clock a record's age is told by (see pyrun.go's
	// recentChange); nil is time.Now. A test sets it ahead, as if the
	// files it just wrote were older.
	Now func() time.Time
	// Path is the PATH of the environment the call runs in, where the
	// shell finds programs: a name in none of its folders runs nothing
	// (see missing.go); "" when it is not known, and nothing is called
	// missing. ShellStartup lists the files the shell reads on start,
	// which may define functions and aliases; nil for the usual ones.
	Path         string
	ShellStartup []string
	// Exported reports whether the environment the call runs in already
	// exports a variable: one a command line sets without export then
	// still reaches the programs after it (see shellvars.go). nil when
	// not known, and a lowercase name is taken for the shell's own.
	Exported func(name string) bool
	// AgentDirs are the folders the environment moved runtimes' home
	// folders to (CODEX_HOME, PI_CODING_AGENT_DIR, …), each with the
	// folder it stands for relative to the home directory (".codex"): the
	// runtime loads its configuration and arbiter's hook from there, so
	// they are guarded as the default places are (agents.MovedDirs).
	AgentDirs map[string]string
}

// now is the policy's clock.
func (p *Policy) now() time.Time {
	if p.opts.Now != nil {
		return p.opts.Now()
	}
	return time.Now()
}

// Policy is the static decision layer. It holds no mutable state and is
// safe for concurrent use.
type Policy struct {
	opts Options
	az   *shell.Analyzer // its parsers are reused across calls
}

// New returns a policy with the given options.
func New(opts Options) *Policy { return &Policy{opts: opts, az: &shell.Analyzer{}} }

// Decide decides one call with the default options.
func Decide(ctx context.Context, call arbiter.Call) arbiter.Decision {
	return New(Options{}).Decide(ctx, call)
}

// Decide decides one call. It never panics: a failure inside the analysis
// becomes a defer with the failure as its reason.
func (p *Policy) Decide(ctx context.Context, call arbiter.Call) (d arbiter.Decision) {
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			d = arbiter.Decision{Decision: arbiter.Defer, Rules: []string{string(catalog.UInternalError)}, Reason: fmt.Sprintf("arbiter failed while deciding this call (%v); the runtime decides", r), Source: arbiter.SourceError}
		}
		d.ID = call.ID
		d.Micros = time.Since(start).Microseconds()
	}()
	if err := ctx.Err(); err != nil {
		return arbiter.Decision{Decision: arbiter.Defer, Rules: []string{string(catalog.UCancelled)}, Reason: "the decision was cancelled: " + err.Error(), Source: arbiter.SourceError}
	}
	j := newJudgement(call)
	j.az = p.az
	j.protect = p.opts.Protect
	j.agentDirs = p.opts.AgentDirs
	j.envExported = p.opts.Exported
	j.files = p.opts.Files
	if p.opts.Path != "" {
		j.cache().env = shellEnv{path: p.opts.Path, startup: p.opts.ShellStartup, known: true}
	}
	if p.opts.Cache != "" {
		c := j.cache()
		c.store = verdictStore{dir: p.opts.Cache, build: p.opts.Build, start: p.now()}
		c.listings.Seen = j.seen // see pyverdicts.go
		c.listings.Read = j.dependsOnFile
	}
	j.tool(call)
	j.preApprove()
	d = j.decision(p.opts)
	if call.Tool == "Bash" && d.Decision != arbiter.Deny {
		d.Wrote = j.shellWrites()
	}
	d.Read = j.filesRead()
	if d.Decision == arbiter.Deny && !j.blocked() && j.userTyped() {
		// The policy treats what the user typed as intent, even when risky:
		// a person still confirms, but the gate does not refuse outright.
		d.Decision = arbiter.Ask
		d.Rules = append(d.Rules, string(catalog.H1UserTyped))
		d.Reason = "the user's own message contains this exact command, so it is asked rather than refused: " + d.Reason
	}
	return d
}

// blocked reports whether the policy's class A (A1–A5: disks, system
// trees, fork bombs, security settings, security barriers) or
// self-protection denies the call: those stay refused whoever asked, as
// the policy says the user must perform them manually.
func (j *judgement) blocked() bool {
	for _, f := range j.findings {
		if f.verdict != arbiter.Deny {
			continue
		}
		if f.id.Class() == 'S' || f.id.Class() == 'A' && !f.id.Own() {
			return true
		}
	}
	return false
}

// userTyped reports whether the call's command, path or URL appears
// verbatim in one of the user's recent requests.
func (j *judgement) userTyped() bool {
	m, err := j.inputMap()
	if err != nil {
		return false
	}
	subject := firstString(m, "command", "file_path", "url", "notebook_path")
	subject = strings.Join(strings.Fields(subject), " ")
	if len(subject) < 4 {
		return false
	}
	for _, r := range j.call.Requests {
		if strings.Contains(strings.Join(strings.Fields(r), " "), subject) {
			return true
		}
	}
	return false
}

// finding is one rule that fired.
type finding struct {
	id      catalog.ID
	verdict arbiter.Verdict
	reason  string
	instead string // for denials: what to do instead
	subject string // the part of the call it is about
	// closed marks an allow whose rule checked every word of the command
	// against a declarative table of its own (readForms): the spec check
	// has nothing left to check.
	closed bool
}

// judgement collects the findings for one call.
type judgement struct {
	call     arbiter.Call
	az       *shell.Analyzer
	res      paths.Resolver
	findings []finding
	input    map[string]any
	// written maps files an earlier part of the command line wrote to what
	// wrote them: the literal text, or the program that produced it.
	written map[string]writtenFile
	// current is the command being judged.
	current *shell.Command
	// depth counts the scripts, package scripts and recipes being read
	// inside one another, to bound how far reading goes.
	depth int
	// shell is the analysis of the command being judged, for rules that
	// look at the other parts of a pipeline.
	shell *shell.Analysis
	// tokenized records the languages whose inline code package code read
	// in this call (its verdict replaces the shell's guesses about them).
	tokenized map[string]bool
	// projectCode is set while judging the code of one of the project's
	// own script files, which is not held to the side-effect-free list.
	projectCode bool
	// protect is Options.Protect, agentDirs Options.AgentDirs.
	protect   []string
	agentDirs map[string]string
	// envExported is Options.Exported.
	envExported func(string) bool
	// reads holds the configuration files read in this decision, shared
	// by its nested judgements; nil until the first is read.
	reads *readCache
	// py is where the imports of the Python file being read are found,
	// set while judging the code of one of the project's Python files.
	py *pyLoad
	// pyFiles are the project's Python files read in this decision.
	pyFiles *pythonFiles
	// js is where the requires of the JavaScript file being read resolve,
	// set while judging the code of a file JavaScript code loads.
	js *jsLoad
	// builds are the files of build and test code read so far.
	builds buildFiles
	// files is Options.Files; scanned keeps what it found for each path
	// within this decision, since the same file is asked about by several
	// rules.
	files   secrets.Scanner
	scanned map[string]secrets.Scan
	// created are files a rule found the command creates where nothing
	// was (D2.env-from-template): the spec's operand there reads nothing.
	created map[string]bool
}

type writtenFile struct {
	// by is the command that writes it: what that command itself reads
	// is read before its own writes.
	by       *shell.Command
	text     string
	known    bool
	producer string
	from     string // a file on disk whose content was copied there
	// build is set for a program a compiler wrote: running it runs
	// these sources.
	build *compiledBuild
}

func newJudgement(call arbiter.Call) *judgement {
	cwd := call.Cwd
	if cwd == "" {
		cwd = call.ProjectDir
	}
	return &judgement{call: call, res: paths.New(call.ProjectDir, cwd, call.Home), pyFiles: &pythonFiles{judged: map[string]bool{}}}
}

func (j *judgement) add(f finding) {
	for _, g := range j.findings {
		if g.id == f.id && g.subject == f.subject {
			return
		}
	}
	j.findings = append(j.findings, f)
}

// fire records that rule id fired on subject, with everything the
// catalogue says of the rule: its verdict, its summary as the reason, and
// for a denial what to do instead.
func (j *judgement) fire(id catalog.ID, subject string) {
	r := catalogued(id)
	j.add(finding{id: r.ID, verdict: r.Verdict, reason: r.Summary, instead: r.Instead, subject: subject})
}

// fireWith is fire with a reason written for this call.
func (j *judgement) fireWith(id catalog.ID, subject, reason string) {
	r := catalogued(id)
	if r.ID != id {
		reason = r.Summary
	}
	j.add(finding{id: r.ID, verdict: r.Verdict, reason: reason, instead: r.Instead, subject: subject})
}

// fireInstead is fireWith for a denial whose alternative depends on the
// call (what an interactive program's batch form is, which path to
// delete instead).
func (j *judgement) fireInstead(id catalog.ID, subject, reason, instead string) {
	r := catalogued(id)
	if r.ID != id {
		reason, instead = r.Summary, r.Instead
	}
	j.add(finding{id: r.ID, verdict: r.Verdict, reason: reason, instead: instead, subject: subject})
}

// catalogued returns the catalogue's entry for id. An id missing from the
// catalogue is a bug the catalogue tests catch; should one reach a call
// it defers, never allows.
func catalogued(id catalog.ID) catalog.Rule {
	if r, ok := catalog.Lookup(id); ok {
		return r
	}
	return catalog.Rule{ID: catalog.UBadInput, Verdict: arbiter.Defer, Summary: "arbiter names a rule, " + string(id) + ", that its catalogue lacks"}
}

// allowClosed fires an allow rule that has itself read every word of the
// command against a declarative table, so the closed world need not.
func (j *judgement) allowClosed(id catalog.ID, subject, reason string) {
	if r := catalogued(id); r.Verdict != arbiter.Allow {
		j.fireWith(id, subject, reason) // never an allow the catalogue does not give
		return
	}
	j.add(finding{id: id, verdict: arbiter.Allow, reason: reason, subject: subject, closed: true})
}

// decision turns the findings into the answer: the strictest finding
// decides, and its reason leads.
func (j *judgement) decision(opts Options) arbiter.Decision {
	if len(j.findings) == 0 {
		return arbiter.Decision{Decision: arbiter.Defer, Rules: []string{string(catalog.UNoRule)}, Reason: "no rule covers this call; the runtime decides", Source: arbiter.SourceStatic}
	}
	worst := arbiter.Allow
	for _, f := range j.findings {
		worst = arbiter.Stricter(worst, f.verdict)
	}
	var lead *finding
	var rules []string
	seen := map[catalog.ID]bool{}
	for i := range j.findings {
		f := &j.findings[i]
		if f.verdict == worst && lead == nil {
			lead = f
		}
		if f.verdict == arbiter.Allow && worst != arbiter.Allow {
			continue // routine parts do not explain a stricter answer
		}
		if !seen[f.id] {
			seen[f.id] = true
			rules = append(rules, string(f.id))
		}
	}
	source := arbiter.SourceStatic
	if lead.id.Class() == 'S' {
		source = arbiter.SourceSelf
	}
	reason := lead.reason
	if lead.subject != "" && worst != arbiter.Allow {
		reason = fmt.Sprintf("%s: %s", clipText(lead.subject, 120), reason)
	}
	switch worst {
	case arbiter.Deny:
		if lead.instead != "" {
			reason += ". Instead, " + lead.instead
		}
		reason += ". Do not retry this in another form."
	case arbiter.Ask:
		if opts.ConfirmAsDefer {
			worst = arbiter.Defer
		}
		reason += "."
	default:
		reason += "."
	}
	return arbiter.Decision{Decision: worst, Rules: rules, Reason: reason, Source: source}
}

func clipText(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// inputMap decodes the call's input once.
func (j *judgement) inputMap() (map[string]any, error) {
	if j.input != nil {
		return j.input, nil
	}
	if m, ok := j.call.Decoded(); ok {
		j.input = m // the object the hook decoded Input from; never changed here
		return m, nil
	}
	m := map[string]any{}
	if len(j.call.Input) == 0 {
		return nil, fmt.Errorf("the call has no tool input")
	}
	if err := json.Unmarshal(j.call.Input, &m); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, fmt.Errorf("the tool input is %s, not a JSON object", jsonKind(te.Value))
		}
		return nil, fmt.Errorf("the tool input is not a JSON object (at byte %d of it)", syntaxOffset(err))
	}
	j.input = m
	return m, nil
}

func stringField(m map[string]any, key string) string {
	s, _ := m[key].(string)
	return s
}

// jsonKind names a JSON value's kind with its article, as messages say it.
func jsonKind(kind string) string {
	if kind == "array" || kind == "object" {
		return "an " + kind
	}
	return "a " + kind
}

// syntaxOffset is where JSON stopped making sense, or 0.
func syntaxOffset(err error) int64 {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return se.Offset
	}
	return 0
}
