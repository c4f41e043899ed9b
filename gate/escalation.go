package gate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/rules"
	"github.com/arbitergate/arbiter/shell"
)

// escalationRequest is a shell call that asks to run outside the
// runtime's sandbox (Codex's sandbox_permissions), as the hook passes it.
type escalationRequest struct {
	Command     string   `json:"command"`
	Description string   `json:"description"`
	Permissions string   `json:"sandbox_permissions"`
	PrefixRule  []string `json:"prefix_rule"`
}

// fullEscalation is the request to run with no sandbox at all.
const fullEscalation = "require_escalated"

// mayHold reports whether JSON text can decode to a string holding word,
// a lower-case ASCII word with underscores: the word is there literally,
// or a \u escape spells one of its letters (\u005f to \u007a). The escapes
// encoding/json writes for <, > and & (\u003c, \u003e, \u0026) do not count.
func mayHold(text []byte, word string) bool {
	if bytes.Contains(text, []byte(word)) {
		return true
	}
	for rest := text; ; {
		i := bytes.Index(rest, []byte(`\u00`))
		if i < 0 || i+4 >= len(rest) {
			return false
		}
		if c := rest[i+4]; c == '5' || c == '6' || c == '7' {
			return true
		}
		rest = rest[i+4:]
	}
}

// judgeEscalation judges a request to leave the sandbox by what it asks
// for, on top of the decision on the command itself (d), which always
// stands when it is a deny. A broad reusable prefix is refused; a command
// whose only need is network, or one writable path, should ask for that
// instead of full escalation; a request with no justification is not
// routine.
func judgeEscalation(call arbiter.Call, d arbiter.Decision, az *shell.Analyzer) arbiter.Decision {
	if call.Tool != "Bash" || d.Decision == arbiter.Deny {
		return d
	}
	if !mayHold(call.Input, fullEscalation) {
		return d // most calls are not escalations: spare them the decoding
	}
	var req escalationRequest
	if json.Unmarshal(call.Input, &req) != nil || req.Permissions != fullEscalation {
		return d
	}
	if len(req.PrefixRule) > 0 {
		var broad *rules.BroadPrefixError
		if err := rules.Narrow(req.PrefixRule); errors.As(err, &broad) {
			return escalationDecision(d, arbiter.Deny, catalog.EBroadPrefix,
				fmt.Sprintf("the request to run outside the sandbox proposes the reusable approval %q, which is too broad: %s", broad.Prefix, broad.Why),
				"propose a narrower prefix_rule ("+broad.Suggestion+"), or none")
		}
	}
	if needs := d.Rules; len(needs) > 0 && all(needs, func(id string) bool { return catalog.ID(id).Item() == "C1" }) {
		return escalationDecision(d, arbiter.Deny, catalog.ENetworkOnly,
			"this command needs only network access, not to run outside the sandbox",
			`request network access alone (sandbox_permissions "with_additional_permissions" with network)`)
	}
	if p := oneWritablePath(call, req.Command, d, az); p != "" {
		return escalationDecision(d, arbiter.Deny, catalog.EOnePath,
			"this command needs only to write "+p+", not to run outside the sandbox",
			`request write access to `+p+` alone (sandbox_permissions "with_additional_permissions")`)
	}
	if strings.TrimSpace(req.Description) == "" && d.Decision < arbiter.Ask {
		return escalationDecision(d, arbiter.Ask, catalog.ENoJustification,
			"asks to run outside the sandbox without saying why, so running it unsandboxed is not routine; a person decides", "")
	}
	return d
}

func escalationDecision(d arbiter.Decision, v arbiter.Verdict, id catalog.ID, reason, instead string) arbiter.Decision {
	ids := []string{string(id)}
	if d.Decision != arbiter.Allow {
		ids = append(ids, d.Rules...) // what the command itself needs
	}
	out := arbiter.Decision{ID: d.ID, Decision: v, Rules: ids, Source: arbiter.SourceStatic, Micros: d.Micros}
	out.Reason = reason + "."
	if instead != "" {
		out.Reason += " Instead, " + instead + "."
	}
	if v == arbiter.Deny {
		out.Reason += " Do not retry the same escalation."
	}
	return out
}

func all(ids []string, ok func(string) bool) bool {
	for _, id := range ids {
		if !ok(id) {
			return false
		}
	}
	return true
}

// writers lists programs whose operands (or last operand) are files they
// write.
var writers = lazy.New(func() map[string]bool {
	return map[string]bool{"touch": true, "mkdir": true, "tee": true}
})
var lastWriters = lazy.New(func() map[string]bool {
	return map[string]bool{"cp": true, "mv": true, "install": true, "ln": true}
})

// oneWritablePath returns the one path outside the project that a command
// writes, when that is the only thing the static policy found beyond the
// routine; "" otherwise.
func oneWritablePath(call arbiter.Call, command string, d arbiter.Decision, az *shell.Analyzer) string {
	if len(d.Rules) == 0 || !all(d.Rules, func(id string) bool { return id == string(catalog.H7OutsideProject) }) {
		return ""
	}
	a := az.Analyze(command)
	if len(a.Problems) > 0 {
		return ""
	}
	res := paths.Resolver{Project: call.ProjectDir, Cwd: call.Dir(), Home: call.Home}
	seen := map[string]bool{}
	add := func(w shell.Word, dir string) {
		if w.Dynamic || w.Glob || strings.HasPrefix(w.Text, "-") {
			return
		}
		abs := res.Resolve(w.Text, dir)
		switch res.Classify(abs, false) {
		case paths.Project, paths.ProjectRoot, paths.Temp, paths.Null:
			return
		}
		seen[abs] = true
	}
	for i := range a.Commands {
		c := &a.Commands[i]
		for _, r := range c.Redirs {
			if r.Writes() {
				add(r.Target, c.Dir)
			}
		}
		switch {
		case writers.Get()[c.Program]:
			for _, w := range c.Args {
				add(w, c.Dir)
			}
		case lastWriters.Get()[c.Program] && len(c.Args) > 0:
			add(c.Args[len(c.Args)-1], c.Dir)
		}
	}
	if len(seen) != 1 {
		return ""
	}
	for p := range seen {
		return fmt.Sprintf("%q", p)
	}
	return ""
}
