package gate

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"

	"github.com/arbitergate/arbiter/config"
	"github.com/arbitergate/arbiter/rules"
)

// loadRules builds a rule set, checking the rules' examples only when this
// program has not checked this exact text before: the outcome is kept in
// the cache directory, keyed by the program and the file's content, so a
// hook (one process per call) does not decide every example again.
func loadRules(raw []config.Rule, static rules.Decider, cache string, sum [16]byte) *rules.Set {
	if len(raw) == 0 {
		return nil
	}
	key := checkKey(raw, sum)
	if cache == "" || key == "" {
		return rules.New(raw, static)
	}
	file := filepath.Join(cache, "rules-checked", key+".json")
	if b, err := os.ReadFile(file); err == nil {
		var failed config.Problems
		if json.Unmarshal(b, &failed) == nil {
			return rules.Checked(raw, static, failed)
		}
	}
	set := rules.New(raw, static)
	var failed config.Problems
	for _, p := range set.Problems {
		if p.Effect == config.RuleIgnored || p.Effect == config.RuleKept {
			failed = append(failed, p)
		}
	}
	if b, err := json.Marshal(append(config.Problems{}, failed...)); err == nil {
		if os.MkdirAll(filepath.Dir(file), 0o700) == nil {
			_ = os.WriteFile(file, b, 0o600)
		}
	}
	return set
}

// checkKey identifies a file's rules and the program judging them; "" when
// the program cannot be identified (then examples are always checked).
func checkKey(raw []config.Rule, sum [16]byte) string {
	self, err := os.Executable()
	if err != nil {
		return ""
	}
	st, err := os.Stat(self)
	if err != nil {
		return ""
	}
	h := fnv.New128a()
	fmt.Fprintf(h, "%s\x00%d\x00%d\x00%s\x00%v\x00", self, st.Size(), st.ModTime().UnixNano(), raw[0].File, raw[0].FromProject)
	h.Write(sum[:])
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// programVersion names this build of arbiter by its executable's path,
// size and modification time, so that a verdict kept by one build (the
// secret scans of files, keyed by it) is not used by another. "" when the
// program cannot be identified, and then nothing is kept.
func programVersion() string {
	self, err := os.Executable()
	if err != nil {
		return ""
	}
	st, err := os.Stat(self)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%s\x00%d\x00%d", self, st.Size(), st.ModTime().UnixNano())
}
