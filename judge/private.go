package judge

import (
	"encoding/json"
	"strings"

	"github.com/arbitergate/arbiter/catalog"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
)

// Private reports why a call must never leave the machine: it carries an
// inline secret, or it reads, writes or names a credential file, or the
// static layer saw secrets in it. Empty means it may be sent.
func Private(call arbiter.Call, static arbiter.Decision) string {
	for _, r := range static.Rules {
		if catalog.ID(r).Secret() {
			return "the static policy found secrets or credentials in it (" + r + ")"
		}
	}
	if k := secrets.Inline(string(call.Input)); k != "" {
		return "it carries a secret (" + k + ")"
	}
	for _, m := range append(append([]string{}, call.Requests...), call.Peers...) {
		if k := secrets.Inline(m); k != "" {
			return "a recent request carries a secret (" + k + ")"
		}
	}
	var in map[string]any
	_ = json.Unmarshal(call.Input, &in)
	for _, p := range pathsIn(call.Tool, in) {
		if k := secrets.File(p); k != "" {
			return "it touches a credential file (" + k + ")"
		}
	}
	return ""
}

// pathsIn lists every string in a call that may be a path: the path
// fields of file tools, and every word of a shell command.
func pathsIn(tool string, in map[string]any) []string {
	var out []string
	for _, k := range []string{"file_path", "path", "notebook_path", "pattern"} {
		if s, ok := in[k].(string); ok {
			out = append(out, s)
		}
	}
	if cmd, ok := in["command"].(string); ok {
		for _, c := range shell.Analyze(cmd).Commands {
			for _, w := range c.Args {
				out = append(out, w.Text)
				if _, v, ok := strings.Cut(w.Text, "="); ok {
					out = append(out, v)
				}
			}
			for _, r := range c.Redirs {
				out = append(out, r.Target.Text)
			}
		}
	}
	return out
}
