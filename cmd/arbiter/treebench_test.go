package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// BenchmarkHookTreeSecondCall is a hook call of `pytest tests` over a test
// tree of 221 Python files (bench/hook.sh's), after a first call kept the
// run's record: the record is read, every path it names is stated, and
// nothing is judged again. The hook runs in this process, as the decider
// runs it.
func BenchmarkHookTreeSecondCall(b *testing.B) {
	dir := b.TempDir()
	proj := filepath.Join(dir, "tree")
	files := map[string]string{
		".git/.keep":  "",
		"pytest.ini":  "[pytest]\naddopts = -q\n",
		"conftest.py": "import pytest\n\n@pytest.fixture\ndef answer():\n    return 42\n",
	}
	for d := 1; d <= 20; d++ {
		files[fmt.Sprintf("tests/pkg%d/conftest.py", d)] = fmt.Sprintf("import pytest\n\n@pytest.fixture\ndef base():\n    return %d\n", d)
		for f := 1; f <= 10; f++ {
			files[fmt.Sprintf("tests/pkg%d/test_%d.py", d, f)] = fmt.Sprintf("def test_%d(answer, base):\n    assert answer + base > 0\n", f)
		}
	}
	for name, text := range files {
		p := filepath.Join(proj, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	// A record is kept only of paths whose last change (ctime too, which
	// nothing can set back) is more than a second older than the call
	// (policy/pyrun.go): the tree must age before the first call.
	time.Sleep(1100 * time.Millisecond)
	for k, v := range map[string]string{"XDG_CACHE_HOME": filepath.Join(dir, "cache"), "XDG_STATE_HOME": filepath.Join(dir, "state"), "ARBITER_CONFIG": "/dev/null", "ARBITER_DECIDER": "off"} {
		b.Setenv(k, v)
	}
	payload := []byte(fmt.Sprintf(`{"session_id":"3f1c2b7e-5d1a-4b0e-9f3c-8a2d6e4b1c90","cwd":%q,"permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"pytest tests","description":"Run the tests"},"tool_use_id":"toolu_t"}`, proj))
	args := []string{"arbiter", "hook", "claude"}
	var out bytes.Buffer
	hookProgram(args, bytes.NewReader(payload), &out, io.Discard)
	if !strings.Contains(out.String(), `"allow"`) {
		b.Fatalf("the first call: %s", out.String())
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		hookProgram(args, bytes.NewReader(payload), io.Discard, io.Discard)
	}
}
