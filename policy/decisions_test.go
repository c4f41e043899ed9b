package policy

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestDecisions decides every case in testdata/decisions, one file per
// family of calls (git, files, secrets, …). A case is one line:
//
//	VERDICT [RULE]<TAB>COMMAND           a Bash command
//	VERDICT [RULE]<TAB>TOOL<TAB>INPUT    another tool's call, INPUT its JSON
//
// decided in the project /work/app with the home /home/dev. VERDICT is
// allow, deny, ask or defer, or !allow for anything but allow; a RULE must
// be among the rules that fired. A command that holds a newline is
// written as a Go string literal. Lines starting with # say why the cases
// below them exist.
func TestDecisions(t *testing.T) {
	files, err := filepath.Glob("testdata/decisions/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no decision files (%v)", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			cases, err := readDecisions(file)
			if err != nil {
				t.Fatal(err)
			}
			if len(cases) == 0 {
				t.Fatalf("%s holds no case", file)
			}
			for _, c := range cases {
				t.Run(strconv.Itoa(c.line), func(t *testing.T) {
					d := Decide(context.Background(), c.call)
					if !c.holds(d) {
						t.Errorf("%s:%d: %s: got %s %v (%s), want %s", file, c.line, c.what, d.Decision, d.Rules, d.Reason, c.want)
					}
				})
			}
		})
	}
}

// decisionCase is one line of a decisions file.
type decisionCase struct {
	line int
	want string // the verdict column as written
	not  bool   // !allow: anything but allow
	// verdict and rule are what the decision must have; rule may be "".
	verdict arbiter.Verdict
	rule    string
	what    string // the command, or the tool and its input
	call    arbiter.Call
}

func (c decisionCase) holds(d arbiter.Decision) bool {
	if c.not {
		return d.Decision != arbiter.Allow
	}
	return d.Decision == c.verdict && (c.rule == "" || slices.Contains(d.Rules, c.rule))
}

func readDecisions(file string) ([]decisionCase, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []decisionCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c, err := decisionLine(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, n, err)
		}
		c.line = n
		out = append(out, c)
	}
	return out, sc.Err()
}

func decisionLine(line string) (decisionCase, error) {
	var c decisionCase
	f := strings.Split(line, "\t")
	if len(f) != 2 && len(f) != 3 {
		return c, fmt.Errorf("want VERDICT [RULE], a tab and the command (or TOOL, a tab and its input)")
	}
	c.want = f[0]
	word, rule, _ := strings.Cut(f[0], " ")
	c.rule = rule
	if word == "!allow" && rule == "" {
		c.not = true
	} else if v, err := arbiter.ParseVerdict(word); err != nil || word != v.String() {
		return c, fmt.Errorf("verdict %q: want allow, deny, ask, defer or !allow", f[0])
	} else {
		c.verdict = v
	}
	if len(f) == 3 {
		var input map[string]any
		if err := json.Unmarshal([]byte(f[2]), &input); err != nil {
			return c, fmt.Errorf("%s input: %v", f[1], err)
		}
		c.what, c.call = f[1]+" "+f[2], tool(f[1], input)
		return c, nil
	}
	cmd := f[1]
	if s, err := strconv.Unquote(cmd); err == nil && strings.HasPrefix(cmd, `"`) {
		cmd = s
	}
	if cmd == "" {
		return c, fmt.Errorf("no command")
	}
	c.what, c.call = cmd, bash(cmd)
	return c, nil
}
