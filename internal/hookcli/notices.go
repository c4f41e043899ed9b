package hookcli

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/config"
	"github.com/arbitergate/arbiter/gate"
	"github.com/arbitergate/arbiter/hook"
)

// How often a notice is repeated: a session with the runtime's prompts
// off is said once per session; a configuration problem once per session
// and again each hour of a long one. Never on every call.
const (
	configAgain = time.Hour
	stampsKept  = 7 * 24 * time.Hour
)

// notices is the hook's Notice: what the person hears, through the
// runtime's visible channel, of a session whose runtime asks nothing and
// of each problem with the configuration (with its file and line, and its
// fix). A stamp per notice and session in the cache folder rate-limits
// it: a stat on calls that have something to say, nothing on the others.
func notices(g *gate.Gate, runtime, cache string, now func() time.Time) func(hook.Event) string {
	var problems config.Problems
	for _, p := range g.Problems {
		if p.Effect != config.Notice {
			problems = append(problems, p)
		}
	}
	return func(ev hook.Event) string {
		session := ""
		if len(ev.Calls) > 0 {
			session = ev.Calls[0].SessionID
		}
		var say []string
		if mode := hook.Unattended(ev); mode != "" && due(cache, "unattended", session, 0, now()) {
			say = append(say, unattendedNotice(runtime, mode, g.AskUnattended))
		}
		for _, p := range problems {
			if due(cache, "config\x00"+p.Error(), session, configAgain, now()) {
				say = append(say, "arbiter: configuration problem: "+p.Error()+". Fix: "+p.Fix()+".")
			}
		}
		return strings.Join(say, "\n")
	}
}

// unattendedNotice tells the person what arbiter does in a session
// whose runtime asks nothing.
func unattendedNotice(runtime, mode string, ask bool) string {
	name := runtime
	if a, ok := agents.Lookup(runtime); ok {
		name = a.Name
	}
	if ask {
		return fmt.Sprintf("arbiter: this %s session runs with its prompts off (%s): arbiter asks you about what it would otherwise leave to %s (ARBITER_UNATTENDED=ask), and still blocks what it denies.", name, mode, name)
	}
	return fmt.Sprintf("arbiter: this %s session runs with its prompts off (%s): what arbiter leaves to %s runs without anyone reviewing it; what arbiter denies is still blocked. Set ARBITER_UNATTENDED=ask to be asked instead (see arbiter doctor).", name, mode, name)
}

// due reports whether a notice is to be given now, and if so stamps it:
// never given in this session, or (again > 0) last given longer ago than
// again. Without a cache folder, or when the stamp cannot be written,
// it stays quiet rather than repeat on every call.
func due(cache, key, session string, again time.Duration, now time.Time) bool {
	if cache == "" {
		return false
	}
	dir := filepath.Join(cache, "notices")
	sum := arbiter.ContentSum([]byte(key + "\x00" + session))
	stamp := filepath.Join(dir, hex.EncodeToString(sum[:]))
	st, err := os.Stat(stamp)
	if err == nil && (again == 0 || now.Sub(st.ModTime()) < again) {
		return false
	}
	if err != nil {
		if os.MkdirAll(dir, 0o700) != nil {
			return false
		}
		sweepStamps(dir, now)
	}
	if os.WriteFile(stamp, nil, 0o600) != nil || os.Chtimes(stamp, now, now) != nil {
		return false
	}
	return true
}

// sweepStamps removes stamps of sessions long over: one file per session
// and notice would otherwise pile up.
func sweepStamps(dir string, now time.Time) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() && now.Sub(info.ModTime()) > stampsKept {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
