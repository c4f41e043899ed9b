package hookcli

import (
	"testing"
	"time"
)

// TestNoticeRateLimit: once per session; a repeating notice again after
// its interval, never on every call; no cache folder, no notice.
func TestNoticeRateLimit(t *testing.T) {
	cache := t.TempDir()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	steps := []struct {
		key, session string
		again        time.Duration
		at           time.Duration
		want         bool
	}{
		{"unattended", "s1", 0, 0, true},
		{"unattended", "s1", 0, time.Minute, false},
		{"unattended", "s1", 0, 48 * time.Hour, false},
		{"unattended", "s2", 0, 0, true},
		{"config", "s1", time.Hour, 0, true},
		{"config", "s1", time.Hour, 59 * time.Minute, false},
		{"config", "s1", time.Hour, 61 * time.Minute, true},
		{"config", "s1", time.Hour, 62 * time.Minute, false},
		{"config", "s2", time.Hour, 62 * time.Minute, true},
		{"other config", "s1", time.Hour, 62 * time.Minute, true},
	}
	for i, s := range steps {
		if got := due(cache, s.key, s.session, s.again, now.Add(s.at)); got != s.want {
			t.Errorf("step %d %+v: due %v", i, s, got)
		}
	}
	if due("", "unattended", "s9", 0, now) {
		t.Error("a notice with no cache folder to stamp it would repeat on every call")
	}
}
