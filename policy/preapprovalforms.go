package policy

import (
	"os"
	"path"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// The commands the user's words may pre-approve (preapproval.go), each
// read word by word: what a plain request, push or sign-in is, and the
// words that name its object.

const requestWords = "curl wget fetch download get request call hit query check ping open load retrieve grab test try poll"

var requestVerbs = lazy.New(func() map[string]bool { return wordSet(requestWords) })

var loginVerbs = lazy.New(func() map[string]bool {
	return wordSet("login log signin sign authenticate auth reauthenticate")
})

// requestForms are, for curl and wget, the options a pre-approved
// request may use: what they do is print, follow, time out or name the
// request's headers. Anything else (a config file, data, an upload, a
// proxy, a write format) is not pre-approved. "=" marks an option that
// takes a value, "o" the option naming the file written, "method" the
// request's method (GET or HEAD only).
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
		opts, next, ok := requestOptions(forms, c.Args, k)
		if !ok {
			return nil, false
		}
		k = next
		for _, o := range opts {
			switch o.kind {
			case "method":
				if m := strings.ToUpper(o.value); m != "GET" && m != "HEAD" {
					return nil, false
				}
			case "o":
				outputs = append(outputs, shell.Word{Text: o.value})
			case "=":
				if strings.HasPrefix(o.value, "@") {
					return nil, false // curl -H @file reads the headers from a file
				}
			}
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

// option is one option of a request, with its value when it takes one.
type option struct{ kind, value string }

// requestOptions reads the option at args[k]: a long one (--name,
// --name=value, --name value) or a cluster of short ones (-sSL, -qO-,
// -sSo out.json), the last of which may take a value (the rest of the
// word, or the next one). It returns the options and the index of the
// last word read; false for an option not in forms.
func requestOptions(forms map[string]string, args []shell.Word, k int) ([]option, int, bool) {
	t := args[k].Text
	valued := func(kind, rest string) ([]option, int, bool) {
		if rest != "" {
			return []option{{kind, rest}}, k, true
		}
		if k+1 >= len(args) {
			return nil, k, false
		}
		return []option{{kind, args[k+1].Text}}, k + 1, true
	}
	if strings.HasPrefix(t, "--") {
		name, value, joined := strings.Cut(t, "=")
		kind, ok := forms[name]
		switch {
		case !ok || kind == "" && joined:
			return nil, k, false
		case kind == "":
			return []option{{}}, k, true
		case joined:
			return []option{{kind, value}}, k, true
		}
		return valued(kind, "")
	}
	if kind, ok := forms[t]; ok && len(t) > 2 {
		// wget's -nv: one option of two letters.
		if kind != "" {
			return valued(kind, "")
		}
		return []option{{}}, k, true
	}
	var opts []option
	for i := 1; i < len(t); i++ {
		kind, ok := forms["-"+t[i:i+1]]
		if !ok {
			return nil, k, false
		}
		if kind != "" {
			o, next, ok := valued(kind, t[i+1:])
			return append(opts, o...), next, ok
		}
		opts = append(opts, option{})
	}
	return opts, k, len(opts) > 0
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

// pullObjects returns what a plain git pull does and the words that name
// what it pulls: the branch when it names one; otherwise the remote (or
// origin) and the words for the latest of it. Only options that choose
// between merging, rebasing and fast-forwarding, or print; a remote that
// is an address or a path is not pre-approved.
func pullObjects(c *shell.Command) (string, []string, bool) {
	if c.Arg(0) != "pull" {
		return "", nil, false // git -C, -c and other global options first
	}
	var ops []string
	for _, a := range c.Args[1:] {
		switch t := a.Text; {
		case t == "--rebase" || t == "-r" || t == "--no-rebase" || t == "--ff-only" || t == "--ff" || t == "--no-ff" ||
			t == "-q" || t == "--quiet" || t == "-v" || t == "--verbose" || t == "--no-edit" || t == "--autostash":
		case strings.HasPrefix(t, "-"):
			return "", nil, false
		default:
			ops = append(ops, strings.ToLower(t))
		}
	}
	if len(ops) > 2 || len(ops) > 0 && !remoteName(ops[0]) {
		return "", nil, false
	}
	switch len(ops) {
	case 2:
		if strings.ContainsAny(ops[1], ":*^~+") || strings.HasPrefix(ops[1], "-") {
			return "", nil, false
		}
		return "a pull of " + ops[1] + " from " + ops[0], []string{ops[1]}, true
	case 1:
		return "a pull from " + ops[0], []string{ops[0], "latest", "changes", "updates", "commits"}, true
	}
	return "a pull of the current branch", []string{"origin", "upstream", "remote", "latest", "changes", "updates", "commits"}, true
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
