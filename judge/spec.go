package judge

import (
	"strings"
	"time"
)

// Spec says which backend answers and how to reach it.
type Spec struct {
	// Backend is "systemone" or "openai".
	Backend string        `json:"backend"`
	URL     string        `json:"url"`
	Key     string        `json:"key,omitempty"`
	Model   string        `json:"model"`
	Timeout time.Duration `json:"timeout"`
}

// Name identifies the backend, server and model: answers cached under
// one name are never reused for another.
func (s Spec) Name() string {
	return s.Backend + ":" + s.Model + "@" + strings.TrimSuffix(s.URL, "/")
}
