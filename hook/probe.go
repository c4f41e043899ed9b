package hook

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Probe returns a payload in a runtime's format for a call every policy
// must refuse (deleting the filesystem root), and a check that the
// answer refuses it. arbiter doctor sends it through the installed hook.
func Probe(runtime string) (payload []byte, check func(out []byte) error) {
	const cmd = "rm -rf --no-preserve-root /"
	a, ok := adapterFor(runtime)
	if !ok {
		return nil, func([]byte) error { return fmt.Errorf("unknown runtime %q", runtime) }
	}
	payload, _ = json.Marshal(a.probe(cmd))
	return payload, func(out []byte) error {
		out = bytes.TrimSpace(out)
		if !json.Valid(out) {
			return fmt.Errorf("the answer is not JSON: %.200q", out)
		}
		if !Denies(runtime, out) {
			return fmt.Errorf("deleting / was not denied: %.200s", out)
		}
		return nil
	}
}
