package transcript

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestResults(t *testing.T) {
	lines := []string{
		`{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"toolu_a","name":"Write"}]}}`,
		`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_a","content":"File created","is_error":false}]}}`,
		`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","content":"` + strings.Repeat("x", 5000) + `","is_error":true,"tool_use_id":"toolu_b"}]}}`,
		// A copy sent to the model and a subagent's result are not this
		// session's results.
		`{"type":"api-request-blob","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_c","is_error":false}]}}`,
		`{"type":"user","isSidechain":true,"message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_d","is_error":false}]}}`,
	}
	path := filepath.Join(t.TempDir(), "t.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := Results(path, []string{"toolu_a", "toolu_b", "toolu_c", "toolu_d", "toolu_e"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"toolu_a": true, "toolu_b": false}
	if len(got) != len(want) || got["toolu_a"] != true || got["toolu_b"] != false {
		t.Errorf("Results = %v, want %v", got, want)
	}
	if _, err := Results(filepath.Join(t.TempDir(), "none"), []string{"x"}); err == nil {
		t.Error("a missing transcript: no error")
	}
}

// FuzzResults: any transcript is read without panic, and only ids asked
// about are answered.
func FuzzResults(f *testing.F) {
	f.Add([]byte(`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_a","is_error":false}]}}`), "toolu_a")
	f.Add([]byte("\n\n{"), "")
	f.Fuzz(func(t *testing.T, data []byte, id string) {
		for k := range ResultsFromText(data, []string{id}) {
			if k != id {
				t.Fatalf("answered %q, asked %q", k, id)
			}
		}
	})
}
