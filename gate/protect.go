package gate

import (
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter/audit"
	"github.com/arbitergate/arbiter/config"
)

// Protected lists the places where this user's arbiter keeps its
// behaviour, wherever the environment moved them: the config file (and
// the old one), the configuration folder, the managed file, the cache
// (judge answers, notice stamps) and the decision log with its rotated
// files. The static policy denies changing
// them (S.guard-tamper); the default places are protected anyway.
func Protected(cfg config.Config, opt Options) []string {
	var out []string
	add := func(p string) {
		p = filepath.Clean(p)
		// ARBITER_CONFIG=/dev/null means "no file", not a file to guard.
		if p == "" || !filepath.IsAbs(p) || p == "/" || strings.HasPrefix(p, "/dev/") || strings.HasPrefix(p, "/proc/") {
			return
		}
		out = append(out, p)
	}
	add(cfg.File)
	add(config.Path(opt.Getenv))
	add(config.LegacyPath(opt.Getenv))
	add(config.Dir(opt.Getenv))
	add(cacheDir(opt))
	// The administrator's managed file: the agent may not write, move or
	// shadow it. Its default folder is the administrator's too.
	add(cfg.Managed.File)
	if opt.Getenv("ARBITER_MANAGED_CONFIG") == "" {
		add(filepath.Dir(config.ManagedPath(opt.Getenv)))
	}
	if p := audit.PathFor(cfg.Get("ARBITER_LOG"), opt.Getenv); p != "" {
		for _, f := range audit.Files(p) {
			add(f)
		}
	}
	if p := audit.DefaultPath(opt.Getenv); p != "" {
		add(filepath.Dir(p))
	}
	return out
}
