// Package cachedir says where arbiter keeps its per-user cache: judge
// answers, notice stamps, the sessions' records of written files and the
// decider's socket. The hook's small front end needs the answer too, so
// this package imports almost nothing.
package cachedir

import "path/filepath"

// Of returns arbiter/ under $XDG_CACHE_HOME, else ~/.cache/arbiter; "" when
// the environment names neither (there is no home to put it in).
func Of(getenv func(string) string) string {
	if d := getenv("XDG_CACHE_HOME"); d != "" {
		return filepath.Join(d, "arbiter")
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".cache", "arbiter")
	}
	return ""
}
