package secrets

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// megabyte is 1 MiB of text as projects hold it: source code,
// configuration and prose with the words secrets sit beside (key, token,
// password, URLs), and no secret.
func megabyte() string {
	var b strings.Builder
	for b.Len() < mib {
		for _, c := range contentCases() {
			if c.kind == "" {
				b.WriteString(c.text)
			}
		}
		b.WriteString("func (c *Client) Do(ctx context.Context, req *http.Request) (*http.Response, error) {\n\tkey := c.cacheKey(req.URL.String())\n\treturn c.http.Do(req.WithContext(ctx))\n}\n")
		b.WriteString("See https://example.com/docs/auth for how the token is refreshed; the password policy lives in config.\n")
	}
	return b.String()[:mib]
}

// BenchmarkScanMegabyte measures scanning 1 MiB of text (the bound).
func BenchmarkScanMegabyte(b *testing.B) {
	s := megabyte()
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		if f := Content("mixed.txt", s); f.Kind != "" {
			b.Fatal(f.Kind)
		}
	}
}

// BenchmarkScanFileMegabyte measures a hook's first read of a 1 MiB file:
// stat, open, read and scan, and keeping the verdict.
func BenchmarkScanFileMegabyte(b *testing.B) {
	dir := b.TempDir()
	p := filepath.Join(dir, "mixed.txt")
	os.WriteFile(p, []byte(megabyte()), 0o644)
	b.SetBytes(mib)
	for b.Loop() {
		Files{}.ScanFile(p)
	}
}

// BenchmarkScanFileCached measures reading the same unchanged file again:
// a stat of the file and a read of its verdict.
func BenchmarkScanFileCached(b *testing.B) {
	dir := b.TempDir()
	p := filepath.Join(dir, "mixed.txt")
	os.WriteFile(p, []byte(megabyte()), 0o644)
	f := Files{Cache: filepath.Join(dir, "cache"), Version: func() string { return "bench" }}
	f.ScanFile(p)
	for b.Loop() {
		f.ScanFile(p)
	}
}

// BenchmarkScanSource measures 1 MiB of this repository's Go source and
// documentation, the text a project mostly holds.
func BenchmarkScanSource(b *testing.B) {
	var buf strings.Builder
	for _, pattern := range []string{"../*/*.go", "../*.md"} {
		files, _ := filepath.Glob(pattern)
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") || strings.Contains(f, "testdata") {
				continue
			}
			data, _ := os.ReadFile(f)
			buf.Write(data)
		}
	}
	for buf.Len() < mib {
		buf.WriteString(buf.String())
	}
	s := buf.String()[:mib]
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		if f := Content("source.txt", s); f.Kind != "" {
			b.Fatal(f.Kind)
		}
	}
}

// mib is the size the benchmarks scan: 1 MiB, of which a file scan reads
// the first MaxScan bytes.
const mib = 1 << 20
