package gate

import (
	"sync"
	"time"

	"github.com/arbitergate/arbiter/config"
	"github.com/arbitergate/arbiter/judge"
)

// watcher caches the judge mode and refreshes it from the configuration
// at most once a second.
type watcher struct {
	mu      sync.Mutex
	mode    judge.Mode
	getenv  func(string) string
	checked time.Time
}

func (w *watcher) get() judge.Mode {
	w.mu.Lock()
	defer w.mu.Unlock()
	if time.Since(w.checked) < time.Second {
		return w.mode
	}
	w.checked = time.Now()
	cfg, err := config.Load(w.getenv)
	if err != nil {
		return w.mode // keep the last good mode; the load error was reported at start
	}
	if m, err := judge.ParseMode(cfg.Get("ARBITER_JUDGE_MODE")); err == nil {
		w.mode = m
	} else if cfg.Get("ARBITER_JUDGE_MODE") == "" {
		w.mode = judge.Enforce
	}
	return w.mode
}
