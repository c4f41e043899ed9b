package replay

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/policy"
)

// FuzzRead: a session file of any bytes, read as any runtime, never
// panics, and a call it cannot rebuild is deferred, never allowed.
func FuzzRead(f *testing.F) {
	paths, _ := filepath.Glob("testdata/*/*.jsonl")
	more, _ := filepath.Glob("testdata/*/*/*.json*")
	for _, p := range append(paths, more...) {
		// Small seeds (a session's first lines) keep each run, and the
		// minimising of what it finds, quick.
		if b, err := os.ReadFile(p); err == nil {
			if len(b) > 2000 {
				if i := bytes.LastIndexByte(b[:2000], '\n'); i > 0 {
					b = b[:i+1]
				}
			}
			f.Add(b, uint8(0))
		}
	}
	f.Add([]byte(`{"type":"assistant","message":{"content":[{"type":"tool_use","id":"a","name":"Bash","input":{"command":"ls"}}]}}`), uint8(1))
	f.Add([]byte(`{"type":"response_item","payload":{"type":"function_call","name":"apply_patch","arguments":"{}","call_id":"x"}}`), uint8(2))
	f.Add([]byte("{\n\"messages\":[{\"type\":\"gemini\",\"toolCalls\":[{\"name\":\"x\",\"args\":1}]}]}"), uint8(3))
	dec := policy.New(policy.Options{})
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		rt := []Runtime{"", Claude, Codex, Gemini}[which%4]
		s, err := ReadFrom(bytes.NewReader(data), ReadOptions{Runtime: rt, Home: "/home/u"})
		if err != nil || s == nil {
			return
		}
		for _, c := range s.Calls {
			d := decide(context.Background(), dec, c.Calls)
			if len(c.Calls) == 0 && d.Decision == arbiter.Allow {
				t.Fatalf("a call that could not be rebuilt was allowed: %+v", c)
			}
		}
	})
}
