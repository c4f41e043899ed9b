package transcript

import (
	"os"
	"testing"
)

// BenchmarkRequests reads the last requests of the transcript named by
// ARBITER_BENCH_TRANSCRIPT (bench/transcript writes one).
func BenchmarkRequests(b *testing.B) {
	p := os.Getenv("ARBITER_BENCH_TRANSCRIPT")
	if p == "" {
		b.Skip("set ARBITER_BENCH_TRANSCRIPT to a transcript (go run ./bench/transcript -o FILE)")
	}
	for b.Loop() {
		if _, err := Requests(p, 3); err != nil {
			b.Fatal(err)
		}
	}
}
