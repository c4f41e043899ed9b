package secrets_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/audit"
	"github.com/arbitergate/arbiter/secrets"
)

// TestDecisionLogHoldsNoSecret: every secret format the inline table
// knows, in a command, a reason and the judge's words, leaves no secret
// in the decision log.
func TestDecisionLogHoldsNoSecret(t *testing.T) {
	p := filepath.Join(t.TempDir(), "decisions.jsonl")
	l := &audit.Log{Path: p}
	texts := secrets.InlineTexts()
	for _, text := range texts {
		in, _ := json.Marshal(map[string]string{"command": text})
		d := arbiter.Decision{Decision: arbiter.Ask, Rules: []string{"B3.inline-secret"}, Reason: "the command holds " + text,
			Judge: &arbiter.JudgeRecord{Why: text, Error: text}}
		if err := l.Write("claude", arbiter.Call{Tool: "Bash", Input: in}, d); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		n++
		if kind := secrets.Inline(sc.Text()); kind != "" {
			t.Errorf("line %d holds a %s: %s", n, kind, sc.Text())
		}
		r, ok, err := audit.Decode(sc.Bytes())
		if !ok || err != nil || r.Judge == nil {
			t.Fatalf("line %d does not read back: %v", n, err)
		}
		for _, field := range []string{r.Subject, r.Reason, r.Judge.Why, r.Judge.Error} {
			if kind := secrets.Inline(field); kind != "" {
				t.Errorf("line %d holds a %s once read: %q", n, kind, field)
			}
		}
	}
	if n != len(texts) || n < 50 {
		t.Errorf("%d lines for %d secrets", n, len(texts))
	}
}
