package policy

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// pytestTree plants bench/hook.sh's test tree: 20 folders of 10 test
// files, a conftest.py in each and one at the root.
func pytestTree(b *testing.B) string {
	dir := b.TempDir()
	files := map[string]string{".git/HEAD": "ref: refs/heads/main\n", "pytest.ini": "[pytest]\naddopts = -q\n", "conftest.py": "import pytest\n\n@pytest.fixture\ndef answer():\n    return 42\n"}
	for d := 1; d <= 20; d++ {
		files[fmt.Sprintf("tests/pkg%d/conftest.py", d)] = fmt.Sprintf("import pytest\n\n@pytest.fixture\ndef base():\n    return %d\n", d)
		for f := 1; f <= 10; f++ {
			files[fmt.Sprintf("tests/pkg%d/test_%d.py", d, f)] = fmt.Sprintf("def test_%d(answer, base):\n    assert answer + base > 0\n", f)
		}
	}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}

// BenchmarkPytestTree: pytest over the 200-file tree, with no records
// (every file read and judged) and with the records of an earlier call.
func BenchmarkPytestTree(b *testing.B) {
	dir := pytestTree(b)
	call := projectCall(dir, "pytest tests")
	b.Run("uncached", func(b *testing.B) {
		p := New(Options{})
		for b.Loop() {
			if d := p.Decide(context.Background(), call); d.Decision != allow {
				b.Fatal(d)
			}
		}
	})
	b.Run("cached", func(b *testing.B) {
		p := New(Options{Cache: b.TempDir(), Build: func() string { return "bench" }, Now: later})
		p.Decide(context.Background(), call)
		for b.Loop() {
			if d := p.Decide(context.Background(), call); d.Decision != allow {
				b.Fatal(d)
			}
		}
	})
}
