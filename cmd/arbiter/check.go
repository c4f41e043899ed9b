package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/arbitergate/arbiter/catalog"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/gate"
	"github.com/arbitergate/arbiter/shell"
)

// The exit statuses of arbiter check. checkExits says what each means,
// for the help text: the code and the help read the same table.
const (
	exitAllow = 0
	exitIO    = 1
	exitUsage = 2
	exitDeny  = 3
	exitAsk   = 4
	exitDefer = 5
)

var checkExits = []struct {
	status  int
	meaning string
}{
	{exitAllow, "allow"},
	{exitDeny, "deny"},
	{exitAsk, "ask"},
	{exitDefer, "defer, and whenever the configuration is broken: the static policy still decides, saying so on stderr, and nothing it would allow is allowed"},
	{exitUsage, "a usage mistake"},
	{exitIO, "stdin or stdout failed"},
}

// checkExitHelp renders checkExits for arbiter help check.
func checkExitHelp() string {
	var b strings.Builder
	b.WriteString("exit status (a single decision):")
	for _, e := range checkExits {
		fmt.Fprintf(&b, "\n  %d  %s", e.status, e.meaning)
	}
	b.WriteString("\nWith --jsonl the status is 0 once every line was answered.")
	return b.String()
}

// exitFor is the exit status for a decision.
func exitFor(v arbiter.Verdict) int {
	switch v {
	case arbiter.Allow:
		return exitAllow
	case arbiter.Deny:
		return exitDeny
	case arbiter.Ask:
		return exitAsk
	}
	return exitDefer
}

func check(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return checkAs("check", false, args, stdin, stdout, stderr)
}

// explainCmd is check under the name people look for, with each rule's
// part in the decision shown.
func explainCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return checkAs("explain", true, args, stdin, stdout, stderr)
}

// checkAs runs check as the command name; reasoning adds, for a command
// line, what each rule that fired means and how they made the decision.
func checkAs(name string, reasoning bool, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(name, stderr)
	asJSON := fs.Bool("json", false, "print the Decision as JSON (reads a Call from stdin when no command is given)")
	batch := fs.Bool("jsonl", false, "read one Call per line from stdin, write one Decision per line")
	project := fs.String("project", "", "project directory for a command given on the command line (default: the current directory); the command runs in the current directory when that is inside the project, else in the project's")
	if status, done := parseFlags(fs, args); done {
		return status
	}
	words := fs.Args()
	if f := flagAfterWords(fs, args, words); f != "" {
		fmt.Fprintf(stderr, "arbiter %s: %s comes after the command; flags go before the command (arbiter %s %s 'COMMAND'), or put the command after -- when %s is its own\n", name, f, name, f, f)
		return exitUsage
	}
	// A broken configuration is said every time, and the check goes on.
	p, _, _ := gate.FromConfig(gate.Options{Log: stderr, Report: reportTo(stderr, "arbiter "+name)})
	ctx := context.Background()
	if *batch {
		return checkBatch(ctx, p, stdin, stdout, stderr)
	}
	if len(words) == 0 {
		if !*asJSON {
			fmt.Fprintf(stderr, "arbiter %s: give a command, or --json / --jsonl with Calls on stdin\n", name)
			return exitUsage
		}
		b, err := io.ReadAll(io.LimitReader(stdin, 64<<20))
		if err != nil {
			fmt.Fprintf(stderr, "arbiter %s: reading stdin: %v\n", name, err)
			return exitIO
		}
		d, id := decideLine(ctx, p, b)
		if writeDecision(stdout, d, id) != nil {
			return exitIO
		}
		return exitFor(d.Decision)
	}
	command := strings.Join(words, " ")
	if len(words) > 1 {
		command = shellJoin(words)
	}
	dir, cwd := checkDirs(*project)
	home, _ := os.UserHomeDir()
	input, _ := json.Marshal(map[string]string{"command": command})
	call := arbiter.Call{Tool: "Bash", Input: input, ProjectDir: dir, Cwd: cwd, Home: home}
	d := p.Decide(ctx, call)
	if *asJSON {
		if writeDecision(stdout, d, nil) != nil {
			return exitIO
		}
	} else {
		explain(stdout, command, d)
		if reasoning {
			explainRules(stdout, d)
		}
	}
	return exitFor(d.Decision)
}

// flagAfterWords returns the first of the command's own flags written
// among the command words, unless the words follow "--": the flag
// package stops at the first word, so the flag would silently become
// part of the command checked.
func flagAfterWords(fs *flag.FlagSet, args, words []string) string {
	if consumed := len(args) - len(words); consumed > 0 && args[consumed-1] == "--" {
		return ""
	}
	for _, w := range words {
		name, ok := strings.CutPrefix(w, "-")
		if !ok {
			continue
		}
		name = strings.TrimPrefix(name, "-")
		name, _, _ = strings.Cut(name, "=")
		if fs.Lookup(name) != nil {
			return w
		}
	}
	return ""
}

// callLine is a Call as read from JSON, with its id kept as the JSON
// value it was (a number stays a number).
type callLine struct {
	arbiter.Call
	ID json.RawMessage `json:"id"`
}

// decisionLine is a Decision with the id of its call echoed verbatim.
type decisionLine struct {
	arbiter.Decision
	ID json.RawMessage `json:"id,omitempty"`
}

// callProblem says what is wrong with a Call's JSON in the words of the
// Call's format, not of the Go types that read it.
func callProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field == "" {
			return "a Call is a JSON object ({\"tool\": …, \"input\": {…}}), not " + article(te.Value)
		}
		return "its \"" + strings.TrimPrefix(te.Field, "Call.") + "\" is " + article(te.Value) + ", which a Call does not hold there"
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("it is not valid JSON (at byte %d: %v)", se.Offset, se)
	}
	return "it is not valid JSON (" + err.Error() + ")"
}

func article(jsonKind string) string {
	switch jsonKind {
	case "array", "object":
		return "an " + jsonKind
	}
	return "a " + jsonKind
}

// decideLine decides one Call given as JSON; malformed input defers. It
// returns the call's id as given.
func decideLine(ctx context.Context, p *gate.Gate, line []byte) (arbiter.Decision, json.RawMessage) {
	var c callLine
	if err := json.Unmarshal(line, &c); err != nil {
		var probe struct {
			ID json.RawMessage `json:"id"`
		}
		_ = json.Unmarshal(line, &probe)
		return arbiter.Decision{Decision: arbiter.Defer, Rules: []string{string(catalog.UBadInput)}, Reason: "the input is not a tool call: " + callProblem(err), Source: arbiter.SourceError}, probe.ID
	}
	call := c.Call
	call.ID = idText(c.ID)
	if call.Home == "" {
		// As the hook does: without it, ~ and the credential stores in the
		// home directory would not be recognised.
		call.Home, _ = os.UserHomeDir()
	}
	if call.Tool == "" {
		return arbiter.Decision{ID: call.ID, Decision: arbiter.Defer, Rules: []string{string(catalog.UBadInput)}, Reason: `the call has no "tool"`, Source: arbiter.SourceError}, c.ID
	}
	return p.Decide(ctx, call), c.ID
}

// idText is an id as the Call's string: a JSON string's text, or any
// other value's JSON.
func idText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

// writeDecision writes a decision as one JSON line, with the call's id
// as given when there is one.
func writeDecision(w io.Writer, d arbiter.Decision, id json.RawMessage) error {
	line := decisionLine{Decision: d, ID: id}
	if len(id) == 0 && d.ID != "" {
		line.ID, _ = json.Marshal(d.ID)
	}
	return json.NewEncoder(w).Encode(line)
}

// checkBatch decides Calls line by line. Lines are decided in chunks across
// the machine's cores and written in input order.
func checkBatch(ctx context.Context, p *gate.Gate, stdin io.Reader, stdout, stderr io.Writer) int {
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 0, 1<<20), 64<<20)
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	const chunk = 512
	lines := make([][]byte, 0, chunk)
	flush := func() error {
		decisions := make([]arbiter.Decision, len(lines))
		ids := make([]json.RawMessage, len(lines))
		workers := runtime.GOMAXPROCS(0)
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				for i := w; i < len(lines); i += workers {
					decisions[i], ids[i] = decideLine(ctx, p, lines[i])
				}
			}(w)
		}
		wg.Wait()
		lines = lines[:0]
		for i, d := range decisions {
			if err := writeDecision(out, d, ids[i]); err != nil {
				return err
			}
		}
		return nil
	}
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		lines = append(lines, bytes.Clone(sc.Bytes()))
		if len(lines) == chunk {
			if err := flush(); err != nil {
				fmt.Fprintln(stderr, "arbiter check: writing:", err)
				return exitIO
			}
		}
	}
	if err := flush(); err != nil {
		fmt.Fprintln(stderr, "arbiter check: writing:", err)
		return exitIO
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(stderr, "arbiter check: reading stdin:", err)
		d := arbiter.Decision{Decision: arbiter.Defer, Rules: []string{string(catalog.UBadInput)}, Reason: "the input line could not be read: " + err.Error(), Source: arbiter.SourceError}
		_ = writeDecision(out, d, nil)
		return exitIO
	}
	return 0
}

// explain prints a readable account of a decision.
func explain(w io.Writer, command string, d arbiter.Decision) {
	fmt.Fprintf(w, "decision: %s\n", d.Decision)
	fmt.Fprintf(w, "reason:   %s\n", d.Reason)
	if len(d.Rules) > 0 {
		fmt.Fprintf(w, "rules:    %s\n", strings.Join(d.Rules, ", "))
	}
	if j := d.Judge; j != nil {
		switch {
		case j.Error != "":
			fmt.Fprintf(w, "judge:    %s mode, failed: %s\n", j.Mode, j.Error)
		case j.Answers != nil:
			fmt.Fprintf(w, "judge:    %s mode, %s says %s (%s)%s\n", j.Mode, j.Model, j.Verdict, j.Why, map[bool]string{true: ", cached"}[j.Cached])
		default:
			fmt.Fprintf(w, "judge:    %s mode, not asked: %s\n", j.Mode, j.Why)
		}
	}
	a := shell.Analyze(command)
	if len(a.Commands) > 0 {
		fmt.Fprintln(w, "runs:")
		for _, c := range a.Commands {
			where := ""
			if c.Ctx != 0 {
				where = " [" + c.Ctx.String() + "]"
			}
			if len(c.Via) > 0 {
				where += " via " + strings.Join(c.Via, " → ")
			}
			if c.Origin != "" {
				where += " (from " + c.Origin + ")"
			}
			fmt.Fprintf(w, "  %s%s\n", c.String(), where)
		}
	}
	for _, pr := range a.Problems {
		fmt.Fprintf(w, "problem:  %s: %s\n", pr.Kind, pr.Detail)
	}
}

// explainRules says what each rule that fired answers and means, and how
// they made the decision: the strictest answer wins, and an allow needs
// every part understood and routine.
func explainRules(w io.Writer, d arbiter.Decision) {
	if len(d.Rules) == 0 {
		return
	}
	fmt.Fprintln(w, "why:")
	for _, id := range d.Rules {
		r, ok := catalog.Lookup(catalog.ID(id))
		if !ok {
			fmt.Fprintf(w, "  %s: a rule of your own or of the project (arbiter doctor lists them)\n", id)
			continue
		}
		fmt.Fprintf(w, "  %s (%s): %s\n", id, r.Verdict, r.Summary)
		if r.Verdict == arbiter.Deny && r.Instead != "" {
			fmt.Fprintf(w, "    instead: %s\n", r.Instead)
		}
	}
	switch {
	case d.Source == arbiter.SourceJudge:
		fmt.Fprintf(w, "  the static policy left the call unsettled and the model judge decided: %s (above)\n", d.Decision)
	case d.Source == arbiter.SourceRule:
		fmt.Fprintf(w, "  a rule of your own or of the project decided: %s\n", d.Decision)
	case d.Decision == arbiter.Allow:
		fmt.Fprintln(w, "  every part of the command is understood and routine, so it is allowed")
	default:
		fmt.Fprintf(w, "  the strictest answer decides (deny, then ask, then defer): %s; only a command understood in full, every part routine, is allowed\n", d.Decision)
	}
	fmt.Fprintln(w, "  arbiter rules ID explains a rule further")
}

// shellJoin quotes words back into one command line.
func shellJoin(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		if w != "" && strings.IndexFunc(w, func(r rune) bool {
			return !(r == '-' || r == '_' || r == '.' || r == '/' || r == '=' || r == ':' || r == '@' || r == '+' || r == ',' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
		}) < 0 {
			out[i] = w
			continue
		}
		out[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	return strings.Join(out, " ")
}

// checkDirs returns the project directory and the working directory of a
// command given on the command line: the project made absolute (the hook
// is given absolute ones), and the current directory when it lies inside
// the project, as an agent's shell runs there.
func checkDirs(project string) (dir, cwd string) {
	wd, _ := os.Getwd()
	if project == "" {
		return wd, wd
	}
	dir, err := filepath.Abs(project)
	if err != nil {
		return project, project
	}
	if rel, err := filepath.Rel(dir, wd); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
		return dir, wd
	}
	return dir, dir
}
