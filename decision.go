package arbiter

import (
	"encoding/json"
	"fmt"
)

// Verdict is one of the four answers a gate gives.
type Verdict uint8

// The verdicts, weakest first: a stricter verdict has a larger value, so the
// strictest of several is their maximum.
const (
	Allow Verdict = iota // routine: run it without asking anyone
	Defer                // no verdict: the runtime's own flow decides
	Ask                  // a person must confirm
	Deny                 // refused, with a reason the agent can act on
)

var verdictNames = [...]string{Allow: "allow", Defer: "defer", Ask: "ask", Deny: "deny"}

func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("verdict(%d)", v)
}

// ParseVerdict reads a verdict's name.
func ParseVerdict(s string) (Verdict, error) {
	for v, name := range verdictNames {
		if name == s {
			return Verdict(v), nil
		}
	}
	return Defer, fmt.Errorf("unknown decision %q (want allow, deny, ask or defer)", s)
}

// MarshalText writes the verdict's name.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a verdict's name.
func (v *Verdict) UnmarshalText(b []byte) error {
	p, err := ParseVerdict(string(b))
	if err != nil {
		return err
	}
	*v = p
	return nil
}

// Stricter returns the stricter of two verdicts.
func Stricter(a, b Verdict) Verdict { return max(a, b) }

// Source says which layer settled a decision.
type Source string

// The layers of the gate, in the order a call passes them.
const (
	SourceSelf   Source = "self-protection"
	SourceRule   Source = "rule"
	SourceStatic Source = "static"
	SourceJudge  Source = "judge"
	SourceError  Source = "error"
)

// Decision is the gate's answer to one Call.
type Decision struct {
	ID       string   `json:"id,omitempty"`
	Decision Verdict  `json:"decision"`
	Rules    []string `json:"rules"`
	Reason   string   `json:"reason"`
	Source   Source   `json:"source"`
	// Micros is how long the decision took, in microseconds.
	Micros int64 `json:"micros"`
	// Judge records what the model judge was asked and said, when a judge
	// is configured and the call reached it.
	Judge *JudgeRecord `json:"judge,omitempty"`
	// Wrote lists the files a shell command writes, for the session's
	// record of the agent's writes: with the sum of their content when
	// the analysis read all of it (cat > FILE with a here-document), or
	// the program that wrote them and what from (FileWrite.By); never
	// serialised.
	Wrote []FileWrite `json:"-"`
	// Read lists the files the policy read to decide (scripts, modules,
	// configuration), each with the ContentSum of what it held, for
	// telling the same call again from one whose files changed; never
	// serialised.
	Read []FileRead `json:"-"`
}

// FileRead is a file a decision read: its absolute path and the
// ContentSum of what it held (or of its kind and size, or of its
// absence).
type FileRead struct {
	Path string
	Sum  [16]byte
}

// FileWrite is a file a call writes: its absolute path and the
// ContentSum of what it will hold, or, when that is not known to the byte,
// the program that writes it (By), the absolute path of the file it
// copies there (From, "" when none) and whether Path is a folder the
// command fills with files it does not list (Tree).
type FileWrite struct {
	Path     string
	Sum      [16]byte
	By, From string
	Tree     bool
	// Build is set for a compiler's program written by a call arbiter
	// could read the whole compile of: a later call that runs the program
	// is judged by these sources when they still hold what they held.
	Build *CompiledBuild
}

// CompiledBuild is what one compile read: the compiler, the folders its
// #include searches, and every file the one-command reading of its
// sources read (the sources it was given first), with the content sum
// each held when the compile was decided.
type CompiledBuild struct {
	Compiler string
	Includes []string
	Files    []BuiltFile
}

// BuiltFile is one file a compile read.
type BuiltFile struct {
	Path, Lang string
	Given      bool // named on the compile's line, not found through one
	Sum        [16]byte
}

// JudgeRecord is the judge's part in a decision.
type JudgeRecord struct {
	// Mode is enforce, shadow or measure.
	Mode string `json:"mode"`
	// Model is the model the server says answered.
	Model string `json:"model,omitempty"`
	// Answers are the probabilities per question.
	Answers map[string]float64 `json:"answers,omitempty"`
	// Verdict is what the judge's answers decide (in shadow mode, what it
	// would have decided).
	Verdict Verdict `json:"verdict"`
	// Why explains the verdict or why the judge was not asked.
	Why    string `json:"why,omitempty"`
	Cached bool   `json:"cached,omitempty"`
	Asked  bool   `json:"asked"`
	// Error is set when the judge failed; the decision is then static.
	Error  string `json:"error,omitempty"`
	Micros int64  `json:"micros"`
}

// String renders a decision as one JSON line.
func (d Decision) String() string {
	b, err := json.Marshal(d)
	if err != nil {
		return fmt.Sprintf("%s: %s", d.Decision, d.Reason)
	}
	return string(b)
}
