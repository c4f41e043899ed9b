package policy

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter/secrets"
)

// benchText is n bytes of source and configuration with the words
// secrets sit beside, and no secret.
func benchText(n int) string {
	var b strings.Builder
	for b.Len() < n {
		for i := 0; i < 8; i++ {
			b.WriteString("// Do sends the request and returns the response, retrying once on a reset connection.\n")
			b.WriteString("func (c *Client) Do(ctx context.Context, req *http.Request) (*http.Response, error) {\n\tresp, err := c.http.Do(req.WithContext(ctx))\n\treturn resp, err\n}\n")
		}
		b.WriteString("\tkey := c.cacheKey(req.URL.String()) // see https://example.com/docs/auth\n")
		b.WriteString("password_min_length = 12\ntoken_ttl: 3600\n")
	}
	return b.String()[:n]
}

// benchDecide decides cmd in proj with the file reader given.
func benchDecide(b *testing.B, proj, cmd string, files secrets.Scanner) {
	p := New(Options{Files: files})
	call := bashIn(proj, cmd)
	p.Decide(context.Background(), call)
	b.ResetTimer()
	for b.Loop() {
		p.Decide(context.Background(), call)
	}
}

// BenchmarkReadNoFile is the hook's cost of cat on a path that is not
// there: what reading a file adds is measured against it.
func BenchmarkReadNoFile(b *testing.B) { benchDecide(b, b.TempDir(), "cat big.txt", secrets.Files{}) }

// BenchmarkReadMegabyte is cat of a 1 MiB file, its first secrets.MaxScan
// bytes read and scanned,
// with no cache (every call reads it).
func BenchmarkReadMegabyte(b *testing.B) {
	proj := b.TempDir()
	plantB(b, proj, map[string]string{"big.txt": benchText(1 << 20)})
	benchDecide(b, proj, "cat big.txt", secrets.Files{})
}

// BenchmarkReadMegabyteCached is the same call answered from the cache:
// a stat of the file and a read of its verdict.
func BenchmarkReadMegabyteCached(b *testing.B) {
	proj := b.TempDir()
	plantB(b, proj, map[string]string{"big.txt": benchText(1 << 20)})
	benchDecide(b, proj, "cat big.txt", secrets.Files{Cache: filepath.Join(b.TempDir(), "cache"), Version: func() string { return "bench" }})
}

// BenchmarkTreeSearch is grep -rn password over a project of 128 files
// of 4 KiB (the walk's bound), read every call, then from the cache.
func BenchmarkTreeSearch(b *testing.B) {
	proj := b.TempDir()
	files := map[string]string{}
	for i := 0; i < treeFiles; i++ {
		files[fmt.Sprintf("pkg%02d/file%03d.go", i%16, i)] = benchText(4 << 10)
	}
	plantB(b, proj, files)
	b.Run("uncached", func(b *testing.B) { benchDecide(b, proj, "grep -rn password .", secrets.Files{}) })
	b.Run("cached", func(b *testing.B) {
		benchDecide(b, proj, "grep -rn password .", secrets.Files{Cache: filepath.Join(b.TempDir(), "cache"), Version: func() string { return "bench" }})
	})
}

func plantB(b *testing.B, dir string, files map[string]string) {
	b.Helper()
	t := &testing.T{}
	plant(t, dir, files, 0o644)
	if t.Failed() {
		b.Fatal("planting files failed")
	}
}
