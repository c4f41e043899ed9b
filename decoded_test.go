package arbiter

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"
)

// TestDecodedIsInput: what Decoded returns is what decoding Input gives,
// for every input kept; inputs whose encoding would not decode back to
// themselves (invalid UTF-8, Go types JSON has not, NaN) are not kept.
func TestDecodedIsInput(t *testing.T) {
	kept := []map[string]any{
		{"command": "go test ./... 2>&1 | tail -20"},
		{"command": "echo '<a href=\"x\">&</a>' \u2028 \\ \x01", "n": 1e21, "f": -0.0, "small": 5e-324},
		{"file_path": "/tmp/x", "edits": []any{map[string]any{"old": "a", "new": nil, "all": true}}},
		{},
	}
	for _, in := range kept {
		c := Call{Tool: "Bash"}.WithDecoded(in)
		got, ok := c.Decoded()
		if !ok {
			t.Errorf("%v: not kept", in)
			continue
		}
		var want map[string]any
		if err := json.Unmarshal(c.Input, &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("kept %#v, Input decodes to %#v", got, want)
		}
	}
	notKept := []map[string]any{
		{"command": "echo \xff"},             // encoded as U+FFFD
		{"\xffkey": "x"},                     // likewise
		{"commands": []string{"ls"}},         // decodes as []any
		{"n": 3},                             // decodes as float64
		{"nested": map[string]string{}},      // decodes as map[string]any
		{"deep": []any{[]any{"ok", "\xfe"}}}, // invalid deep inside
		nil,
	}
	for _, in := range notKept {
		if _, ok := (Call{}).WithDecoded(in).Decoded(); ok {
			t.Errorf("%#v: kept, but its encoding decodes to something else", in)
		}
	}
	if c := (Call{}).WithDecoded(map[string]any{"x": math.NaN()}); len(c.Input) != 0 {
		t.Errorf("NaN: Input %q, want none", c.Input)
	} else if _, ok := c.Decoded(); ok {
		t.Error("NaN: kept")
	}
}

// TestDecodedFollowsInput: a copy of a call whose Input is replaced, or
// a call built without WithDecoded, keeps nothing: readers decode the
// Input they see.
func TestDecodedFollowsInput(t *testing.T) {
	c := Call{Tool: "Bash"}.WithDecoded(map[string]any{"command": "ls"})
	replaced := c
	replaced.Input = json.RawMessage(`{"command":"rm -rf /"}`)
	if _, ok := replaced.Decoded(); ok {
		t.Error("a replaced Input still answers with the old object")
	}
	same := c
	same.Input = append(json.RawMessage(nil), c.Input...) // equal bytes, another array
	if _, ok := same.Decoded(); ok {
		t.Error("a copied Input answers with the object kept for another")
	}
	shortened := c
	shortened.Input = c.Input[:len(c.Input)-1]
	if _, ok := shortened.Decoded(); ok {
		t.Error("a shortened Input still answers")
	}
	if _, ok := (Call{Input: json.RawMessage(`{"command":"ls"}`)}).Decoded(); ok {
		t.Error("a call built by hand answers")
	}
	if m, ok := c.Decoded(); !ok || m["command"] != "ls" {
		t.Errorf("the call itself: %v %v", m, ok)
	}
}

// FuzzDecodedIsInput: for any tool input a runtime sends, the object a
// call keeps is exactly what its Input decodes to, so that the policy
// judges the same input whether it reads the kept object or decodes.
func FuzzDecodedIsInput(f *testing.F) {
	for _, s := range []string{`{"command":"ls"}`, `{"a":[1,2.5,-0,1e400]}`, `{"s":"\ud800\u2028<>&","n":null,"t":true}`, `{"x":{"y":[{"z":"\u0000"}]}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var in map[string]any
		if json.Unmarshal(b, &in) != nil {
			return
		}
		c := Call{}.WithDecoded(in)
		got, ok := c.Decoded()
		if !ok {
			if in != nil && len(c.Input) > 0 {
				t.Fatalf("%s: a decoded input was not kept", b)
			}
			return
		}
		var want map[string]any
		if err := json.Unmarshal(c.Input, &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: kept %#v, Input decodes to %#v", b, got, want)
		}
	})
}
