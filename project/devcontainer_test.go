package project

import (
	"os"
	"path/filepath"
	"testing"
)

func TestParseDevcontainer(t *testing.T) {
	for _, tt := range []struct {
		data string
		ok   bool
	}{
		{"// a comment\n{\n  \"image\": \"x\", /* here */\n  \"runArgs\": [\"--init\",],\n}\n", true},
		{"{}", true},
		{"null", false},
		{"[1]", false},
		{"{\"a\": ", false},
	} {
		doc, err := ParseDevcontainer([]byte(tt.data))
		if (err == nil) != tt.ok {
			t.Errorf("ParseDevcontainer(%q) = %v, %v", tt.data, doc, err)
		}
	}
	ws := t.TempDir()
	if _, err := FindDevcontainer(ws); !IsNotExist(err) {
		t.Errorf("no configuration: %v", err)
	}
	os.WriteFile(filepath.Join(ws, ".devcontainer.json"), []byte("{}"), 0o644)
	os.Mkdir(filepath.Join(ws, ".devcontainer"), 0o755)
	os.WriteFile(filepath.Join(ws, ".devcontainer", "devcontainer.json"), []byte("{}"), 0o644)
	if got, err := FindDevcontainer(ws); err != nil || got != filepath.Join(ws, ".devcontainer", "devcontainer.json") {
		t.Errorf("FindDevcontainer = %s %v, want the .devcontainer folder's first", got, err)
	}
}

// FuzzDevcontainer: any configuration parses or fails, never panics.
func FuzzDevcontainer(f *testing.F) {
	f.Add([]byte("{\"initializeCommand\": [\"echo\", \"x\"], // c\n\"mounts\": [{\"source\": \"/\"},],}"))
	f.Add([]byte("/* */ {\"a\": 1e400}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if doc, err := ParseDevcontainer(data); err == nil && doc == nil {
			t.Fatal("no error and no object")
		}
	})
}
