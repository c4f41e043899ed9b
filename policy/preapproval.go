package policy

import (
	"net/url"
	"os"
	"path"
	"strings"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// The confirmation policy's class C (network requests, git push, logins)
// proceeds when the user explicitly asked for the action in their own
// words. Deterministically, that is: a message the user typed (the
// runtime's transcript, read by package transcript: never tool output,
// never the agent's text) holds a clause that names the action and its
// object, no clause negates the action, and the command is one whose
// every word arbiter understands for that action. A vague ask ("do
// everything", "go ahead") names no action; a deny, an ask and classes
// A and B are never touched: only the findings below become allows.

// preApprovable lists the class C findings the user's words may approve.
var preApprovable = map[catalog.ID]bool{catalog.C1NetworkRequest: true, catalog.C2GitPush: true, catalog.C6Login: true}

// PreApprovable reports whether the user's words could change a
// decision: a defer whose every rule is one the user may pre-approve. A
// hook then reads the user's messages, which it otherwise skips.
func PreApprovable(d arbiter.Decision) bool {
	if d.Decision != arbiter.Defer || len(d.Rules) == 0 {
		return false
	}
	for _, r := range d.Rules {
		if !preApprovable[catalog.ID(r)] {
			return false
		}
	}
	return true
}

// preApprove turns the call's class C findings into C.user-asked allows
// when every finding that is not an allow is one the user's words
// approve; otherwise it changes nothing.
func (j *judgement) preApprove() {
	if len(j.call.Requests) == 0 || j.shell == nil {
		return
	}
	var pending []int
	for i, f := range j.findings {
		if f.verdict == arbiter.Allow {
			continue
		}
		if !preApprovable[f.id] {
			return
		}
		pending = append(pending, i)
	}
	if len(pending) == 0 {
		return
	}
	words := userClauses(j.call.Requests)
	approved := map[int]string{} // finding → its reason
	for _, i := range pending {
		f := j.findings[i]
		c := j.shellCommand(f.subject)
		if c == nil {
			return
		}
		what, said, ok := j.approvedBy(f.id, c, words)
		if !ok {
			return
		}
		approved[i] = "the user's own message asked for " + what + ": \"" + clipText(said, 100) + "\""
	}
	// The approvals lead, so that an allowed call's reason quotes the
	// words that approved it.
	r := catalogued(catalog.CUserAsked)
	var lead, rest []finding
	for i, f := range j.findings {
		reason, ok := approved[i]
		if !ok {
			rest = append(rest, f)
			continue
		}
		lead = append(lead, finding{id: r.ID, verdict: r.Verdict, subject: f.subject, reason: reason})
	}
	j.findings = append(lead, rest...)
}

// shellCommand returns the command of the call's shell analysis that a
// finding is about, when the shell runs it directly (not a command read
// from interpreter code), through no wrapper and with no environment of
// its own; nil otherwise.
func (j *judgement) shellCommand(subject string) *shell.Command {
	var found *shell.Command
	for i := range j.shell.Commands {
		c := &j.shell.Commands[i]
		if c.String() != subject {
			continue
		}
		if c.Origin != "" || len(c.Via) > 0 || len(c.Env) > 0 || c.DirUnknown || found != nil {
			return nil
		}
		found = c
	}
	return found
}

// approvedBy returns what command c, which fired rule id, does, and the
// user's clause that asked for it; false when none does.
func (j *judgement) approvedBy(id catalog.ID, c *shell.Command, words []clause) (what, said string, ok bool) {
	for _, a := range c.Args {
		if a.Dynamic || a.Glob || len(a.From) > 0 {
			return "", "", false
		}
	}
	switch id {
	case catalog.C1NetworkRequest:
		hosts, ok := j.requestHosts(c)
		if !ok {
			return "", "", false
		}
		for _, h := range hosts {
			if said, ok = asked(words, requestVerbs.Get(), []string{h}, objectWindow); !ok {
				return "", "", false
			}
		}
		return "a request to " + strings.Join(hosts, ", "), said, true
	case catalog.C2GitPush:
		what, objects, ok := j.pushObjects(c)
		if !ok {
			return "", "", false
		}
		said, ok = asked(words, wordSet("push"), objects, objectWindow)
		return what, said, ok
	case catalog.C6Login:
		names, ok := loginNames(c)
		if !ok {
			return "", "", false
		}
		said, ok = asked(words, loginVerbs.Get(), names, 0)
		return "signing in to " + names[0], said, ok
	}
	return "", "", false
}

// objectWindow is how near after its verb an action's object must be
// named: "push my changes to origin", "check whether api.example.com is
// up".
const objectWindow = 4

// clause is one clause of a user's message: its words, lower-cased, with
// the punctuation around them removed, and the text it came from.
type clause struct {
	words []string
	text  string
}

// userClauses splits the user's messages into clauses, leaving out what
// is not the user's own words: fenced code blocks, quoted lines (> …),
// text inside tags (<system-reminder>…</system-reminder> and the like,
// which runtimes add) and a runtime's placeholder for pasted text.
func userClauses(requests []string) []clause {
	var out []clause
	for _, r := range requests {
		for _, text := range ownText(r) {
			out = append(out, splitClauses(text)...)
		}
	}
	return out
}

// ownText returns the lines of a message that are the user's own.
func ownText(msg string) []string {
	var out []string
	fenced, tag := false, ""
	for _, line := range strings.Split(strings.ReplaceAll(msg, "\r", ""), "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
			fenced = !fenced
			continue
		case fenced:
			continue
		case tag != "":
			if strings.Contains(t, "</"+tag+">") {
				tag = ""
			}
			continue
		case strings.HasPrefix(t, ">"):
			continue
		case strings.HasPrefix(t, "<") && !strings.HasPrefix(t, "</"):
			name := strings.FieldsFunc(t[1:], func(r rune) bool { return r == '>' || r == ' ' || r == '/' })
			if len(name) > 0 && !strings.Contains(t, "</"+name[0]+">") {
				tag = name[0]
			}
			continue
		case strings.Contains(t, "[Pasted text"):
			continue
		}
		out = append(out, t)
	}
	return out
}

// splitClauses splits text at sentence ends, semicolons and "but".
func splitClauses(text string) []clause {
	text = strings.ToLower(strings.NewReplacer("\u2019", "'", "\u2018", "'").Replace(text))
	var out []clause
	var cur []string
	var raw []string
	flush := func() {
		if len(cur) > 0 {
			out = append(out, clause{words: cur, text: strings.Join(raw, " ")})
		}
		cur, raw = nil, nil
	}
	for _, w := range strings.Fields(text) {
		if w == "but" || w == "however" || w == "except" || w == "unless" {
			flush()
			continue
		}
		// A trailing "." ends a sentence; one inside a word (a host, a
		// file) does not.
		word := strings.TrimRight(strings.TrimLeft(w, "\"'`([{<*"), "\"'`)]}>,:!?;*.")
		end := strings.HasSuffix(strings.TrimRight(w, "\"'`)"), ".") || strings.ContainsAny(w[len(w)-1:], "!?;")
		if word != "" {
			cur, raw = append(cur, word), append(raw, w)
		}
		if end {
			flush()
		}
	}
	flush()
	return out
}

// negations are the words that, in a clause naming an action, say not to
// do it, or not yet.
var negations = lazy.New(func() map[string]bool {
	return wordSet("don't dont not never no without avoid stop shouldn't mustn't won't can't cannot nor refrain skip neither before until wait")
})

// asked returns the clause of the user's words that names one of the
// verbs and one of the objects, within window words after the verb (0:
// anywhere in the clause, for "gcloud auth login"); false when none does,
// or when a clause that names one of the verbs also holds a negation
// ("don't push", "push it, not main"): the user's words then do not
// settle it.
func asked(words []clause, verbs map[string]bool, objects []string, window int) (string, bool) {
	said := ""
	for _, c := range words {
		if !anyOf(c.words, verbs) {
			continue
		}
		if anyOf(c.words, negations.Get()) {
			return "", false
		}
		if said == "" && namesAfterVerb(c.words, verbs, objects, window) {
			said = c.text
		}
	}
	return said, said != ""
}

// namesAfterVerb reports whether one of the objects follows one of the
// verbs within window words (or anywhere in the clause, for 0).
func namesAfterVerb(words []string, verbs map[string]bool, objects []string, window int) bool {
	if window == 0 {
		return namesObject(words, objects)
	}
	for k, w := range words {
		if verbs[w] && namesObject(words[k+1:min(len(words), k+1+window)], objects) {
			return true
		}
	}
	return false
}

func anyOf(words []string, set map[string]bool) bool {
	for _, w := range words {
		if set[w] {
			return true
		}
	}
	return false
}

// namesObject reports whether one of the words is one of the objects, or
// a URL or address whose host is.
func namesObject(words, objects []string) bool {
	for _, w := range words {
		for _, o := range objects {
			if w == o || wordHost(w) == o {
				return true
			}
		}
	}
	return false
}

// hostOf returns the host a word names as a URL or a bare address
// (api.example.com/v1), lower-cased; "" when it names none.
func wordHost(w string) string {
	if !strings.Contains(w, "://") {
		w = "http://" + w
	}
	u, err := url.Parse(w)
	if err != nil || u.User != nil {
		return ""
	}
	return strings.ToLower(u.Hostname())
}

var requestVerbs = lazy.New(func() map[string]bool {
	return wordSet("curl wget fetch download get request call hit query check ping open load retrieve grab test try poll")
})

var loginVerbs = lazy.New(func() map[string]bool {
	return wordSet("login log signin sign authenticate auth reauthenticate")
})

// curlForms and wgetForms are the options a pre-approved request may
// use: what they do is print, follow, time out or name what is sent in
// the request's headers. Anything else (a config file, data, an upload,
// a proxy, a write format) is not pre-approved. "=" marks an option that
// takes a value; "o" marks the option naming the file written.
var requestForms = lazy.New(func() map[string]map[string]string {
	return map[string]map[string]string{
		"curl": {"-s": "", "--silent": "", "-S": "", "--show-error": "", "-L": "", "--location": "", "-f": "", "--fail": "",
			"--fail-with-body": "", "-i": "", "--include": "", "-I": "", "--head": "", "-v": "", "--verbose": "", "--compressed": "",
			"-H": "=", "--header": "=", "-A": "=", "--user-agent": "=", "-m": "=", "--max-time": "=", "--connect-timeout": "=",
			"--retry": "=", "-o": "o", "--output": "o", "-X": "method", "--request": "method"},
		"wget": {"-q": "", "--quiet": "", "-nv": "", "--no-verbose": "", "-S": "", "--server-response": "", "--spider": "",
			"-O": "o", "--output-document": "o", "-T": "=", "--timeout": "=", "-t": "=", "--tries": "="},
	}
})

// requestHosts returns the hosts a plain curl or wget request reaches,
// judging the file it writes; false when a word is not one of the forms
// above, or when a start-up file the program reads (~/.curlrc,
// ~/.wgetrc) exists: it may add any option.
func (j *judgement) requestHosts(c *shell.Command) ([]string, bool) {
	forms, ok := requestForms.Get()[c.Program]
	if !ok || j.hasStartupFile(c.Program) {
		return nil, false
	}
	var hosts []string
	var outputs, names []shell.Word
	for k := 0; k < len(c.Args); k++ {
		t := c.Args[k].Text
		if !strings.HasPrefix(t, "-") {
			h := requestHost(t)
			if h == "" {
				return nil, false
			}
			hosts = append(hosts, h)
			names = append(names, shell.Word{Text: savedName(t)})
			continue
		}
		name, value, joined := strings.Cut(t, "=")
		kind, ok := forms[name]
		if !ok {
			if !flagCluster(t, forms) {
				return nil, false
			}
			continue
		}
		if kind == "" {
			if joined {
				return nil, false
			}
			continue
		}
		if !joined {
			if k+1 >= len(c.Args) {
				return nil, false
			}
			k++
			value = c.Args[k].Text
		}
		switch kind {
		case "method":
			if m := strings.ToUpper(value); m != "GET" && m != "HEAD" {
				return nil, false
			}
		case "o":
			outputs = append(outputs, shell.Word{Text: value})
		}
	}
	if len(hosts) == 0 {
		return nil, false
	}
	writes := outputs
	if c.Program == "wget" && len(outputs) == 0 && !hasArg(c, "--spider") {
		// wget saves into the working directory under the URL's last
		// name: a hidden or empty one is not pre-approved.
		for _, w := range names {
			if w.Text == "" || strings.HasPrefix(w.Text, ".") {
				return nil, false
			}
		}
		writes = names
	}
	var files []shell.Word
	for _, w := range writes {
		if w.Text != "-" {
			files = append(files, w)
		}
	}
	if len(files) > 0 {
		j.writeArgs(c, files)
	}
	return hosts, true
}

// savedName is the name wget saves a URL under: its path's last part.
func savedName(t string) string {
	if i := strings.Index(t, "://"); i >= 0 {
		t = t[i+3:]
	}
	t, _, _ = strings.Cut(t, "?")
	t, _, _ = strings.Cut(t, "#")
	_, p, ok := strings.Cut(t, "/")
	if !ok || p == "" || strings.HasSuffix(p, "/") {
		return "index.html"
	}
	return path.Base(p)
}

// hasStartupFile reports whether the start-up file curl or wget reads
// from the user's home exists (lstat); arbiter does not read it.
func (j *judgement) hasStartupFile(program string) bool {
	names := map[string][]string{"curl": {".curlrc", ".config/.curlrc"}, "wget": {".wgetrc"}}[program]
	for _, n := range names {
		if _, err := os.Lstat(path.Join(j.res.Home, n)); err == nil || !os.IsNotExist(err) {
			return true
		}
	}
	return false
}

func hasArg(c *shell.Command, t string) bool {
	for _, a := range c.Args {
		if a.Text == t {
			return true
		}
	}
	return false
}

// flagCluster reports whether t is short flags of forms run together
// (-sSL, -fsS).
func flagCluster(t string, forms map[string]string) bool {
	if len(t) < 3 || strings.HasPrefix(t, "--") {
		return false
	}
	for _, r := range t[1:] {
		if kind, ok := forms["-"+string(r)]; !ok || kind != "" {
			return false
		}
	}
	return true
}

// requestHost returns the host of a URL operand of curl or wget, for
// http and https (or no scheme) with no credentials in it; "" otherwise.
func requestHost(t string) string {
	if i := strings.Index(t, "://"); i >= 0 {
		if s := strings.ToLower(t[:i]); s != "http" && s != "https" {
			return ""
		}
	}
	if strings.ContainsAny(t, "{}[]") {
		return "" // curl's URL globbing reaches more than one address
	}
	return wordHost(t)
}

// pushObjects returns what a plain git push does and the words that
// name what it sends:
// the branch (and, for the current branch, the words that say it: "the
// branch", "my changes"), and the remote; false for any other form.
func (j *judgement) pushObjects(c *shell.Command) (string, []string, bool) {
	if c.Arg(0) != "push" {
		return "", nil, false // git -C, -c and other global options first
	}
	var ops []string
	for _, a := range c.Args[1:] {
		switch t := a.Text; {
		case t == "-u" || t == "--set-upstream":
		case strings.HasPrefix(t, "-"):
			return "", nil, false
		default:
			ops = append(ops, t)
		}
	}
	if len(ops) > 2 {
		return "", nil, false
	}
	current, repo, ok := j.currentBranch(c)
	if !ok || len(ops) < 2 && !j.plainPushConfig(repo) {
		return "", nil, false
	}
	branch := current
	if len(ops) == 2 {
		src, dst, _ := strings.Cut(ops[1], ":")
		if dst == "" {
			dst = src
		}
		if src == "HEAD" {
			src = current
		}
		if dst == "HEAD" {
			dst = current
		}
		if src != dst || strings.HasPrefix(src, "+") || src == "" || strings.ContainsAny(src, "*^~") {
			return "", nil, false
		}
		branch = strings.ToLower(dst)
	}
	remote := "its remote"
	if len(ops) >= 1 {
		if remote = strings.ToLower(ops[0]); !remoteName(remote) {
			return "", nil, false // an address, not a configured remote
		}
	}
	objects := []string{branch}
	if branch == current {
		// Only the current branch may be named by what it holds or where
		// it goes ("push the branch", "push to origin"); another one by
		// its name.
		objects = append(objects, "branch", "changes", "commits", "work", "it", "remote")
		if len(ops) >= 1 {
			objects = append(objects, remote)
		} else {
			objects = append(objects, "origin")
		}
	}
	return "a push of " + branch + " to " + remote, objects, true
}

// remoteName reports whether a git push's repository operand is the name
// of a remote (letters, digits, "-", "_", "."), not a URL or a path.
func remoteName(s string) bool {
	if s == "" || s[0] == '.' || s[0] == '-' {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return true
}

// currentBranch returns the branch HEAD names in the repository the
// command runs in, lower-cased, read from its HEAD file (as any small
// project file); false when HEAD is detached, names no branch or cannot
// be read.
func (j *judgement) currentBranch(c *shell.Command) (string, gitRepository, bool) {
	repo, found, err := j.findRepository(j.res.Resolve(".", c.Dir))
	if !found || err != nil {
		return "", repo, false
	}
	f, err := project.Read(path.Join(repo.gitDir, "HEAD"))
	if err != nil || f.Kind != project.Text {
		return "", repo, false
	}
	ref, ok := strings.CutPrefix(strings.TrimSpace(f.Text), "ref: refs/heads/")
	if !ok || ref == "" || strings.ContainsAny(ref, " \n") {
		return "", repo, false
	}
	return strings.ToLower(ref), repo, true
}

// plainPushConfig reports whether a git push that names no branch pushes
// only the current one to the remote it names (or origin): no
// push.default other than simple, current or upstream, and no push
// refspec or push remote, in the repository's configuration or the
// user's (~/.gitconfig, ~/.config/git/config); false when one cannot be
// read.
func (j *judgement) plainPushConfig(repo gitRepository) bool {
	_, settings, err := j.gitConfigFiles(repo)
	if err != nil {
		return false
	}
	for _, f := range []string{path.Join(j.res.Home, ".gitconfig"), path.Join(j.res.Home, ".config/git/config")} {
		s, err := j.cachedGitConfig(f)
		if err != nil && !project.IsNotExist(err) {
			return false
		}
		settings = append(settings, s)
	}
	for _, file := range settings {
		for _, s := range file {
			section, name := strings.ToLower(s.Section), strings.ToLower(s.Name)
			switch key := section + "." + name; {
			case key == "push.default":
				if v := strings.ToLower(s.Value); v != "simple" && v != "current" && v != "upstream" {
					return false
				}
			case section == "remote" && (name == "push" || name == "mirror"), key == "remote.pushdefault", section == "branch" && name == "pushremote",
				section == "include" || section == "includeif":
				return false
			}
		}
	}
	return true
}

// loginForms lists the sign-ins a user may pre-approve: the words of the
// command, the options it may add, and the names the user calls the
// service by.
var loginForms = []struct {
	program string
	words   []string
	options []string
	names   []string
}{
	{"gcloud", []string{"auth", "login"}, []string{"--no-launch-browser", "--brief", "--update-adc"}, []string{"gcloud", "gcp", "google"}},
	{"gcloud", []string{"auth", "application-default", "login"}, []string{"--no-launch-browser"}, []string{"gcloud", "gcp", "google"}},
	{"aws", []string{"sso", "login"}, []string{"--no-browser"}, []string{"aws", "sso"}},
	{"az", []string{"login"}, []string{"--use-device-code"}, []string{"az", "azure"}},
	{"gh", []string{"auth", "login"}, []string{"--web", "-w"}, []string{"gh", "github"}},
	{"npm", []string{"login"}, nil, []string{"npm"}},
}

// loginNames returns the names of the service a plain sign-in command
// reaches; false for a command or option not in loginForms.
func loginNames(c *shell.Command) ([]string, bool) {
	for _, f := range loginForms {
		if c.Program != f.program || len(c.Args) < len(f.words) {
			continue
		}
		same := true
		for k, w := range f.words {
			same = same && c.Args[k].Text == w
		}
		if !same {
			continue
		}
		for _, a := range c.Args[len(f.words):] {
			if !contains(f.options, a.Text) {
				return nil, false
			}
		}
		return f.names, true
	}
	return nil, false
}

// wordSet makes a set of the words of a space-separated list.
func wordSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}
