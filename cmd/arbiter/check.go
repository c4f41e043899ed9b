package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/gate"
	"github.com/arbitergate/arbiter/shell"
)

func check(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the Decision as JSON (reads a Call from stdin when no command is given)")
	batch := fs.Bool("jsonl", false, "read one Call per line from stdin, write one Decision per line")
	project := fs.String("project", "", "project directory for a command given on the command line (default: the current directory)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	// A broken configuration is said every time, and the check goes on.
	p, _, _ := gate.FromConfig(gate.Options{Log: stderr, Report: reportTo(stderr, "arbiter check")})
	ctx := context.Background()
	if *batch {
		return checkBatch(ctx, p, stdin, stdout, stderr)
	}
	words := fs.Args()
	if len(words) == 0 {
		if !*asJSON {
			fmt.Fprintln(stderr, "arbiter check: give a command, or --json / --jsonl with Calls on stdin")
			return 2
		}
		b, err := io.ReadAll(io.LimitReader(stdin, 64<<20))
		if err != nil {
			fmt.Fprintln(stderr, "arbiter check: reading stdin:", err)
			return 1
		}
		d := decideLine(ctx, p, b)
		return writeJSON(stdout, d)
	}
	command := strings.Join(words, " ")
	if len(words) > 1 {
		command = shellJoin(words)
	}
	dir := *project
	if dir == "" {
		dir, _ = os.Getwd()
	}
	home, _ := os.UserHomeDir()
	input, _ := json.Marshal(map[string]string{"command": command})
	call := arbiter.Call{Tool: "Bash", Input: input, ProjectDir: dir, Cwd: dir, Home: home}
	d := p.Decide(ctx, call)
	if *asJSON {
		return writeJSON(stdout, d)
	}
	explain(stdout, command, d)
	return 0
}

// decideLine decides one Call given as JSON; malformed input defers.
func decideLine(ctx context.Context, p *gate.Gate, line []byte) arbiter.Decision {
	var call arbiter.Call
	if err := json.Unmarshal(line, &call); err != nil {
		var probe struct {
			ID string `json:"id"`
		}
		_ = json.Unmarshal(line, &probe)
		return arbiter.Decision{ID: probe.ID, Decision: arbiter.Defer, Rules: []string{"U.bad-input"}, Reason: "the call is not valid JSON: " + err.Error(), Source: arbiter.SourceError}
	}
	if call.Tool == "" {
		return arbiter.Decision{ID: call.ID, Decision: arbiter.Defer, Rules: []string{"U.bad-input"}, Reason: `the call has no "tool"`, Source: arbiter.SourceError}
	}
	return p.Decide(ctx, call)
}

// checkBatch decides Calls line by line. Lines are decided in chunks across
// the machine's cores and written in input order.
func checkBatch(ctx context.Context, p *gate.Gate, stdin io.Reader, stdout, stderr io.Writer) int {
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 0, 1<<20), 64<<20)
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	const chunk = 512
	lines := make([][]byte, 0, chunk)
	flush := func() error {
		decisions := make([]arbiter.Decision, len(lines))
		workers := runtime.GOMAXPROCS(0)
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				for i := w; i < len(lines); i += workers {
					decisions[i] = decideLine(ctx, p, lines[i])
				}
			}(w)
		}
		wg.Wait()
		lines = lines[:0]
		for _, d := range decisions {
			if err := enc.Encode(d); err != nil {
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
				return 1
			}
		}
	}
	if err := flush(); err != nil {
		fmt.Fprintln(stderr, "arbiter check: writing:", err)
		return 1
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(stderr, "arbiter check: reading stdin:", err)
		d := arbiter.Decision{Decision: arbiter.Defer, Rules: []string{"U.bad-input"}, Reason: "the input line could not be read: " + err.Error(), Source: arbiter.SourceError}
		_ = enc.Encode(d)
		return 1
	}
	return 0
}

func writeJSON(w io.Writer, d arbiter.Decision) int {
	enc := json.NewEncoder(w)
	if err := enc.Encode(d); err != nil {
		return 1
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
