package hook

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestParsedCallKeepsItsInput: a Claude Code call's tool input is decoded
// once; the call keeps it, and it is exactly what its Input decodes to,
// escapes and lone surrogates included (the decoder makes them U+FFFD).
func TestParsedCallKeepsItsInput(t *testing.T) {
	for _, input := range []string{
		`{"command":"go test ./... 2>&1 | tail -20","description":"Run it"}`,
		`{"command":"echo \u003cb\u003e \ud800 \\u2028 \"q\"","timeout":120000}`,
		`{"file_path":"/home/dev/proj/a.go","edits":[{"old_string":"a","new_string":"b","replace_all":true}]}`,
	} {
		raw := `{"session_id":"s","cwd":"/home/dev/proj","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":` + input + `}`
		ev, err := claude{}.parse([]byte(raw))
		if err != nil || len(ev.Calls) != 1 {
			t.Fatalf("%s: %v, %d calls", input, err, len(ev.Calls))
		}
		c := ev.Calls[0]
		got, ok := c.Decoded()
		if !ok {
			t.Errorf("%s: the decoded input was not kept", input)
			continue
		}
		var want map[string]any
		if err := json.Unmarshal(c.Input, &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: kept %#v, Input decodes to %#v", input, got, want)
		}
	}
}
