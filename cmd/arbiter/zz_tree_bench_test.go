package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func BenchmarkTreeSecondCall(b *testing.B) {
	dir := b.TempDir()
	proj := filepath.Join(dir, "tree")
	must := func(err error) {
		if err != nil {
			b.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(proj, ".git"), 0o755))
	must(os.WriteFile(filepath.Join(proj, "pytest.ini"), []byte("[pytest]\naddopts = -q\n"), 0o644))
	must(os.WriteFile(filepath.Join(proj, "conftest.py"), []byte("import pytest\n\n@pytest.fixture\ndef answer():\n    return 42\n"), 0o644))
	for d := 1; d <= 20; d++ {
		p := filepath.Join(proj, "tests", fmt.Sprintf("pkg%d", d))
		must(os.MkdirAll(p, 0o755))
		must(os.WriteFile(filepath.Join(p, "conftest.py"), []byte(fmt.Sprintf("import pytest\n\n@pytest.fixture\ndef base():\n    return %d\n", d)), 0o644))
		for f := 1; f <= 10; f++ {
			must(os.WriteFile(filepath.Join(p, fmt.Sprintf("test_%d.py", f)), []byte(fmt.Sprintf("def test_%d(answer, base):\n    assert answer + base > 0\n", f)), 0o644))
		}
	}
	payload := []byte(fmt.Sprintf(`{"session_id":"3f1c2b7e-5d1a-4b0e-9f3c-8a2d6e4b1c90","transcript_path":"","cwd":"%s","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"pytest tests","description":"Run the tests"},"tool_use_id":"toolu_t"}`, proj))
	os.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	os.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
	os.Setenv("ARBITER_CONFIG", "/dev/null")
	os.Setenv("ARBITER_DECIDER", "off")
	time.Sleep(1100 * time.Millisecond)
	var out bytes.Buffer
	hookProgram([]string{"arbiter", "hook", "claude"}, bytes.NewReader(payload), &out, io.Discard)
	b.Log(out.String())
	filepath.Walk(filepath.Join(dir, "cache"), func(p string, info os.FileInfo, err error) error {
		if info != nil && info.Mode().IsRegular() {
			if data, _ := os.ReadFile(p); bytes.HasPrefix(data, []byte("arbiter pytest run")) {
				os.WriteFile("/tmp/run-record.txt", data, 0o644)
			}
		}
		return nil
	})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		hookProgram([]string{"arbiter", "hook", "claude"}, bytes.NewReader(payload), io.Discard, io.Discard)
	}
}
