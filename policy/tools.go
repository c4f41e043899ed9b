package policy

import (
	"net/netip"
	"net/url"
	"os"
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"

	"mvdan.cc/sh/v3/syntax"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/internal/lazyregexp"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/tools"
)

// tool judges a call by what its tool does, as the runtime's tool table
// (package tools) describes it: a read tool like a read, a write tool like
// a write, a shell tool like a shell command. A name in no table defers.
func (j *judgement) tool(call arbiter.Call) {
	m, err := j.inputMap()
	if err != nil {
		j.fireWith(catalog.UBadInput, "", err.Error())
		return
	}
	j.text(m)
	if strings.HasPrefix(call.Tool, "mcp__") {
		j.mcpTool(call.Tool, m)
		return
	}
	t, table, name, ok := tools.Resolve(call.Tool)
	if !ok {
		j.fireWith(catalog.UUnknownTool, call.Tool, "arbiter does not know this tool: it is not in "+table.Runtime+"'s tool table ("+table.Where()+"), so the runtime decides; if it is a built-in tool, add it there with what it reads, writes, runs or sends")
		return
	}
	j.byEffect(t, name, m)
}

// byEffect applies the checks of the shell action a tool amounts to.
func (j *judgement) byEffect(t tools.Tool, name string, m map[string]any) {
	switch t.Effect {
	case tools.Runs:
		j.shellTool(t, name, m)
	case tools.Reads:
		p := tools.Value(m, t.Path)
		if p == "" {
			j.fireWith(catalog.UBadInput, "", "the "+name+" call names no file")
			return
		}
		j.readPath(p, catalog.D1ReadFile)
	case tools.ReadsMany:
		ps := tools.Values(m, t.Paths)
		if len(ps) == 0 {
			j.fireWith(catalog.UBadInput, "", "the "+name+" call names no file")
			return
		}
		for _, p := range ps {
			j.readPath(p, catalog.D1ReadFile)
		}
	case tools.Lists:
		// Names only: what ls shows, wherever it is (ls ~/.ssh to see
		// whether a key exists).
		j.fire(catalog.D1List, tools.Value(m, t.Path))
	case tools.Searches:
		p := tools.Value(m, t.Path)
		if p == "" {
			j.fire(catalog.D1Search, "")
			return
		}
		j.readPath(p, catalog.D1Search)
		// Matching lines printed from a tree that holds credentials print
		// the credentials too (Grep's content mode over the home directory).
		// Claude Code's Grep prints file names unless told otherwise; the
		// other runtimes' search tools print the matching lines.
		if mode := stringField(m, "output_mode"); mode == "content" || mode == "" && name != "Grep" {
			where := j.res.Resolve(p, "")
			if j.holdsCredentials(where) {
				j.fireWith(catalog.B3SecretSearch, p, "prints matching lines from "+j.shownPath(where)+", which holds credentials; what matches would be sent to the model provider with the conversation")
				return
			}
			if place := j.res.Classify(where, false); place == paths.Project || place == paths.ProjectRoot {
				if info, err := os.Stat(where); err == nil && info.IsDir() {
					j.projectSearch(p, where, firstString(m, "pattern", "query", "regex"), true, false)
				}
			}
			for _, f := range []string{"glob", "include"} {
				if g := stringField(m, f); g != "" {
					if kind := secrets.Glob(path.Join("/", path.Base(g)), j.res.Home); kind != "" {
						j.fireWith(catalog.B3SecretSearch, g, "prints the lines of the files matching "+g+": "+kind)
						return
					}
				}
			}
		}
	case tools.Writes, tools.Edits:
		p := tools.Value(m, t.Path)
		if p == "" {
			j.fireWith(catalog.UBadInput, "", "the "+name+" call names no file")
			return
		}
		j.editFile(name, p, strings.Join(tools.Values(m, t.Content), "\n"))
	case tools.Deletes:
		p := tools.Value(m, t.Path)
		if p == "" {
			j.fireWith(catalog.UBadInput, "", "the "+name+" call names no file")
			return
		}
		j.deleteFile(p)
	case tools.Fetches:
		j.fetchTool(t, m)
	case tools.SearchesWeb:
		j.webSearch(tools.Value(m, t.Query))
	case tools.Delegates:
		if stringField(m, "isolation") == "remote" {
			j.fireWith(catalog.C5Upload, name, "runs the sub-agent in a remote cloud environment, so the project's files leave the machine")
			return
		}
		j.fire(catalog.DSubagent, "")
	case tools.Asks:
		j.fire(catalog.DAskPerson, "")
	case tools.Tells:
		j.fire(catalog.DTellPerson, "")
	case tools.Session:
		j.sessionTool(t, m)
	case tools.Skill:
		j.skillTool(t, name, m)
	case tools.MCPResource:
		j.mcpResource(t, m)
	case tools.Memory:
		j.fire(catalog.CAgentMemory, name)
	case tools.Input:
		j.fire(catalog.UProcessInput, name)
	case tools.Opaque:
		j.fireWith(t.Rule, name, t.Why+", so the runtime decides")
	case tools.Patches:
		// The hook adapter splits a patch into one call per file; a patch
		// given whole (arbiter check --json) is not split here.
		j.fire(catalog.UWholePatch, name)
	default:
		j.fireWith(catalog.UUnknownTool, name, "the tool table gives "+name+" no effect, so the runtime decides")
	}
}

// shellTool judges a tool that runs a shell command.
func (j *judgement) shellTool(t tools.Tool, name string, m map[string]any) {
	cmd := tools.Value(m, t.Command)
	if strings.TrimSpace(cmd) == "" {
		j.fireWith(catalog.UBadInput, "", "the "+name+" call has no command")
		return
	}
	if d := stringField(m, "description"); d != "" && vouchingWords(d) && selfJustifying.MatchString(d) {
		j.fireWith(catalog.H1SelfJustifying, "description", "the call's description vouches for itself (\"approved\", \"safe\"), and text inside a call is never permission")
	}
	if dir := tools.Value(m, t.Dir); dir != "" {
		j.res.Cwd = j.res.Resolve(dir, "")
	}
	j.bash(cmd)
}

// deleteFile judges a tool that deletes one file like rm does.
func (j *judgement) deleteFile(p string) {
	q, err := syntax.Quote(p, syntax.LangBash)
	if err != nil {
		j.fireWith(catalog.UBadInput, "", "the file to delete cannot be named in a shell command")
		return
	}
	j.bash("rm -- " + q)
}

// fetchTool judges a fetch. A tool with no URL field (Gemini CLI's
// web_fetch) fetches every URL of its prompt, and each is judged.
func (j *judgement) fetchTool(t tools.Tool, m map[string]any) {
	prompt := tools.Value(m, t.Prompt)
	fetch := func(u string) {
		j.personalData(u, hostOf(u)) // the user's identifiers leaving in a URL
		j.fetch(u, prompt)
	}
	if len(t.URL) > 0 {
		fetch(tools.Value(m, t.URL))
		return
	}
	found := urlInText.FindAllStringIndex(prompt, -1)
	if len(found) == 0 {
		j.fetch("", prompt)
		return
	}
	for _, at := range found {
		fetch(prompt[at[0]:at[1]])
	}
}

var urlInText = lazyregexp.New(`https?://[^\s"'<>)\]]+`)

// webSearch judges a web search query.
func (j *judgement) webSearch(query string) {
	if strings.TrimSpace(query) == "" {
		j.fireWith(catalog.UBadInput, "", "the search has no query")
		return
	}
	j.personalData(query, "the web search provider")
	j.fire(catalog.D7WebSearch, "")
}

// mcpTool judges a tool an MCP server provides (mcp__server__tool).
func (j *judgement) mcpTool(name string, m map[string]any) {
	if IsSQLTool(name) {
		j.sqlTool(name, m) // SQL that drops or deletes asks; the tool stays the runtime's to allow
	}
	j.mcpFileRead(name, m)
	j.fire(catalog.CMcpTool, name)
}

// mcpFileRead judges the read tools of a filesystem MCP server (the
// reference server's read_file, read_text_file, read_media_file and
// read_multiple_files, by any server name): a credential, or a file
// holding a secret, is read as the runtime's own Read would read it. The
// tool otherwise stays the runtime's to allow.
func (j *judgement) mcpFileRead(name string, m map[string]any) {
	_, tool, ok := strings.Cut(strings.TrimPrefix(name, "mcp__"), "__")
	if !ok {
		return
	}
	switch tool {
	case "read_file", "read_text_file", "read_media_file", "read_multiple_files":
	default:
		return
	}
	ps := tools.Values(m, []string{"path", "paths"})
	for _, p := range ps {
		abs := j.res.Resolve(p, "")
		if kind := j.credentialAt(abs, false); kind != "" {
			j.secretRead(abs, kind)
		}
	}
}

// sessionTool allows bookkeeping; a tool that reads by a relative name
// (a bundled document) must stay inside what it names.
func (j *judgement) sessionTool(t tools.Tool, m map[string]any) {
	if s := tools.Value(m, t.Subject); s != "" && !plainName(s, true) {
		j.fireWith(catalog.UBadInput, s, "the name is not a plain relative name")
		return
	}
	j.fire(catalog.DSession, "")
}

// skillTool allows loading an installed skill or command by its name.
// The runtime loads only skills installed at user or project scope or by
// a plugin; what the skill then runs passes the gate call by call.
func (j *judgement) skillTool(t tools.Tool, name string, m map[string]any) {
	s := strings.TrimPrefix(tools.Value(m, t.Subject), "/")
	if s == "" {
		j.fireWith(catalog.UBadInput, "", "the "+name+" call names no skill")
		return
	}
	word, _, _ := strings.Cut(s, " ") // a slash command's arguments follow its name
	if !plainName(word, false) {
		j.fireWith(catalog.UBadInput, s, "the skill is not named by a plain name, so it may not be an installed skill")
		return
	}
	j.fire(catalog.DSkill, "")
}

// plainName reports whether s is a name, not a path or URL: letters,
// digits and - _ . : (a plugin's skills are "plugin:skill"), and with
// slashes a relative path that stays below where it starts.
func plainName(s string, slashes bool) bool {
	if s == "" || len(s) > 200 || strings.HasPrefix(s, ".") || strings.Contains(s, "..") || strings.Contains(s, "://") {
		return false
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.', r == ':':
		case r == '/' && slashes:
		default:
			return false
		}
	}
	return !strings.HasPrefix(s, "/")
}

// mcpResource judges listing or reading an MCP server's resources: a
// file:// resource is a file read; others are read-only by the protocol.
func (j *judgement) mcpResource(t tools.Tool, m map[string]any) {
	uri := tools.Value(m, t.Subject)
	if len(uri) >= 5 && strings.EqualFold(uri[:5], "file:") {
		u, err := url.Parse(uri)
		if err != nil || u.Path == "" {
			j.fire(catalog.UBadUrl, uri)
			return
		}
		j.readPath(u.Path, catalog.D1McpResource)
		return
	}
	j.fire(catalog.D1McpResource, "")
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
				j.fireWith(catalog.B3InlineSecret, "", "the call carries a secret ("+kind+") in its text; using or storing it needs the user's confirmation, and it is never sent to a judge")
			}
			if invisible(v) {
				j.fire(catalog.H3InvisibleCharacters, "")
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
func (j *judgement) readPath(p string, id catalog.ID) {
	abs := j.res.Resolve(p, "")
	// A pattern (read_many_files takes them) is judged by every name it
	// can match, as the shell's are.
	if j.readsCredential(abs, strings.ContainsAny(abs, "*?[")) {
		return
	}
	if j.isGuardPath(abs) {
		j.fireWith(id, p, "reading a permission gate's files changes nothing")
		return
	}
	j.fireWith(id, p, "reading files is routine")
}

// editFile judges the file tools that write.
func (j *judgement) editFile(tool, p, content string) {
	abs := j.res.Resolve(p, "")
	j.write(abs, false, p, tool)
	if persistent(j.res, j.canonicalCase(abs)) && content != "" {
		j.persistedCode(abs, content)
	}
}

// fetch judges a WebFetch call.
func (j *judgement) fetch(raw, prompt string) {
	if raw == "" {
		j.fireWith(catalog.UBadInput, "", "the fetch names no URL")
		return
	}
	if selfJustifying.MatchString(prompt) || selfJustifying.MatchString(raw) {
		j.fireWith(catalog.H1SelfJustifying, raw, "the request vouches for itself (\"pre-authorized\", \"approved\"), and text inside a call is never permission")
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		j.fireWith(catalog.UBadUrl, raw, "the URL cannot be parsed")
		return
	}
	if u.User != nil {
		if _, has := u.User.Password(); has {
			j.fire(catalog.B3UrlCredentials, raw)
			return
		}
	}
	if why := smugglingURL(u); why != "" {
		j.fireWith(catalog.C5DataInUrl, raw, why+": data can leave the machine inside a URL")
		return
	}
	host := u.Hostname()
	if loopback(host) {
		j.fireWith(catalog.D4LocalService, raw, "fetching from a service on this machine")
		return
	}
	j.fireWith(catalog.C1NetworkRequest, raw, "fetching a web page is a network request the user may or may not have asked for")
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
