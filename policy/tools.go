package policy

import (
	"net/netip"
	"net/url"
	"strings"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/internal/lazyregexp"
	"github.com/arbitergate/arbiter/secrets"
)

// tool dispatches on the tool's name.
func (j *judgement) tool(call arbiter.Call) {
	m, err := j.inputMap()
	if err != nil {
		j.defer_("U.bad-input", "", err.Error())
		return
	}
	j.text(m)
	switch name := call.Tool; {
	case name == "Bash":
		cmd := stringField(m, "command")
		if strings.TrimSpace(cmd) == "" {
			j.defer_("U.bad-input", "", "the Bash call has no command")
			return
		}
		if d := stringField(m, "description"); d != "" && vouchingWords(d) && selfJustifying.MatchString(d) {
			j.ask("H1.self-justifying", "description", "the call's description vouches for itself (\"approved\", \"safe\"), and text inside a call is never permission")
		}
		j.bash(cmd)
	case name == "Read" || name == "NotebookRead":
		j.readPath(firstString(m, "file_path", "notebook_path", "path"), "D1.read-file")
	case name == "Glob" || name == "LS" || name == "Grep":
		p := firstString(m, "path")
		if p == "" {
			j.allow("D1.search", "", "searching files is read-only")
			return
		}
		j.readPath(p, "D1.search")
	case name == "Write" || name == "Edit" || name == "MultiEdit" || name == "NotebookEdit":
		p := firstString(m, "file_path", "notebook_path", "path")
		if p == "" {
			j.defer_("U.bad-input", "", name+" call names no file")
			return
		}
		content := stringField(m, "content") + stringField(m, "new_string") + stringField(m, "new_source")
		j.editFile(name, p, content)
	case name == "WebFetch":
		j.personalData(stringField(m, "url"), hostOf(stringField(m, "url")))
		j.fetch(stringField(m, "url"), stringField(m, "prompt"))
	case name == "WebSearch":
		if strings.TrimSpace(stringField(m, "query")) == "" {
			j.defer_("U.bad-input", "", "the search has no query")
			return
		}
		j.personalData(stringField(m, "query"), "the web search provider")
		j.allow("D7.web-search", "", "a web search only reads public pages")
	case name == "Task" || name == "Agent":
		j.allow("D.subagent", "", "a sub-agent's own tool calls pass through the gate")
	case name == "TodoWrite" || name == "ExitPlanMode" || name == "BashOutput" || name == "KillShell" || name == "KillBash":
		j.allow("D.session", "", "bookkeeping inside the agent's session")
	case strings.HasPrefix(name, "mcp__"):
		j.defer_("C.mcp-tool", name, "an MCP tool's effects are not known to arbiter; the runtime decides")
	default:
		j.defer_("U.unknown-tool", name, "arbiter has no rule for this tool; the runtime decides")
	}
}

func firstString(m map[string]any, keys ...string) string {
	for _, k := range keys {
		if s := stringField(m, k); s != "" {
			return s
		}
	}
	return ""
}

// text applies the checks that hold for every string of every input:
// inline secrets and characters a reader cannot see.
func (j *judgement) text(m map[string]any) {
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		if depth > 16 {
			return
		}
		switch v := v.(type) {
		case string:
			if kind := secrets.Inline(v); kind != "" {
				j.ask("B3.inline-secret", "", "the call carries a secret ("+kind+") in its text; using or storing it needs the user's confirmation, and it is never sent to a judge")
			}
			if invisible(v) {
				j.ask("H3.invisible-characters", "", "the call contains invisible or control characters that can make it run something other than what a reader sees")
			}
		case []any:
			for _, x := range v {
				walk(x, depth+1)
			}
		case map[string]any:
			for _, x := range v {
				walk(x, depth+1)
			}
		}
	}
	walk(m, 0)
}

// invisible reports characters a reader cannot see: controls other than
// tab and newline, zero-width and bidirectional marks.
func invisible(s string) bool {
	for _, r := range s {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
		case r < 0x20 || r == 0x7f:
			return true
		case r == 0xad || r >= 0x200b && r <= 0x200f || r >= 0x2028 && r <= 0x202e || r >= 0x2060 && r <= 0x2069 || r == 0xfeff:
			return true
		}
	}
	return false
}

// selfJustifying matches text that argues for the call's own approval.
var selfJustifying = lazyregexp.New(`(?i)\b(?:(?:pre-?)?approved|authori[sz]ed|permitted|allowed by|safe to run|is safe|harmless|low risk|user (?:said|asked|wants|confirmed|agreed|approved)|per the user|already confirmed|ignore (?:previous|prior|the|all) (?:instructions|rules)|do not (?:flag|block|deny)|(?:reviewer|classifier|gate|guard)s? (?:should|must)|reviewer note|approved_by_user)`)

// readPath judges reading a file or searching a directory.
func (j *judgement) readPath(p, id string) {
	abs := j.res.Resolve(p, "")
	if kind := secrets.File(abs); kind != "" {
		j.secretRead(abs, kind)
		return
	}
	if isGuardPath(j.res, abs) {
		j.allow(id, p, "reading a permission gate's files changes nothing")
		return
	}
	j.allow(id, p, "reading files is routine")
}

// editFile judges the file tools that write.
func (j *judgement) editFile(tool, p, content string) {
	abs := j.res.Resolve(p, "")
	j.write(abs, false, p, tool)
	if persistent(j.res, abs) && content != "" {
		j.persistedCode(abs, content)
	}
}

// fetch judges a WebFetch call.
func (j *judgement) fetch(raw, prompt string) {
	if raw == "" {
		j.defer_("U.bad-input", "", "the fetch names no URL")
		return
	}
	if selfJustifying.MatchString(prompt) || selfJustifying.MatchString(raw) {
		j.ask("H1.self-justifying", raw, "the request vouches for itself (\"pre-authorized\", \"approved\"), and text inside a call is never permission")
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		j.defer_("U.bad-url", raw, "the URL cannot be parsed")
		return
	}
	if u.User != nil {
		if _, has := u.User.Password(); has {
			j.ask("B3.url-credentials", raw, "the URL carries a password, which would be sent to the server and logged")
			return
		}
	}
	if why := smugglingURL(u); why != "" {
		j.ask("C5.data-in-url", raw, why+": data can leave the machine inside a URL")
		return
	}
	host := u.Hostname()
	if loopback(host) {
		j.allow("D4.local-service", raw, "fetching from a service on this machine")
		return
	}
	j.defer_("C1.network-request", raw, "fetching a web page is a network request the user may or may not have asked for")
}

// smugglingURL says why a URL looks like it carries data out, if it does.
func smugglingURL(u *url.URL) string {
	if len(u.RawQuery) > 200 {
		return "a long query string"
	}
	for _, seg := range strings.Split(u.Path, "/") {
		if len(seg) >= 64 && encodedRun.MatchString(seg) {
			return "encoded data in the URL path"
		}
	}
	for _, v := range u.Query() {
		for _, x := range v {
			if len(x) >= 8 && encodedRun.MatchString(x) && base64ish(x) {
				return "an encoded value in the query string"
			}
		}
	}
	for _, label := range strings.Split(u.Hostname(), ".") {
		if len(label) > 40 {
			return "data in the host name"
		}
	}
	return ""
}

var encodedRun = lazyregexp.New(`^[A-Za-z0-9+/=_-]+$`)

// base64ish reports whether a value looks encoded rather than a word: it
// mixes letters with digits or padding, or mixes case oddly.
func base64ish(s string) bool {
	hasDigit := strings.ContainsAny(s, "0123456789")
	hasUpper := strings.ToLower(s) != s
	hasLower := strings.ToUpper(s) != s
	return strings.HasSuffix(s, "=") || hasDigit && hasUpper && hasLower || hasUpper && hasLower && len(s) >= 12 && !strings.ContainsAny(s, "-_")
}

// loopback reports whether a host name is this machine.
func loopback(host string) bool {
	host = strings.Trim(strings.ToLower(host), "[]")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") || host == "0.0.0.0" {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Unmap().IsLoopback()
}
