package policy

import (
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazyregexp"
	"github.com/arbitergate/arbiter/spec"
	"net/url"
	"path"
	"strings"

	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
)

// transfer is what a network command sends or fetches.
type transfer struct {
	hosts    []string // hosts contacted ("" when unknown)
	sends    bool     // sends local data (an upload, a POST body, a raw socket)
	files    []string // local files it sends
	stdin    bool     // sends its standard input
	listens  bool     // accepts connections
	executes bool     // runs a shell for the peer (-e, EXEC:)
	insecure bool     // turns off certificate checks
	output   []shell.Word
	prints   []shell.Word // files whose content it prints (curl -w @FILE)
}

// curlData lists curl options whose value is a request body.
var curlData = []string{"-d", "--data", "--data-binary", "--data-raw", "--data-ascii", "--data-urlencode", "--json", "-F", "--form", "--form-string", "-T", "--upload-file"}

// curl reads what curl, wget and the HTTP clients do.
func curlTransfer(c *shell.Command) transfer {
	var t transfer
	args := c.Args
	for k := 0; k < len(args); k++ {
		a := args[k].Text
		name, val, hasVal := strings.Cut(a, "=")
		value := func() string {
			if hasVal {
				return val
			}
			if k+1 < len(args) {
				k++
				return args[k].Text
			}
			return ""
		}
		switch {
		case contains(curlData, name) || abbreviates(name, "--post-file", "--post-data", "--body-file", "--body-data", "--upload-file"):
			v := value()
			t.sends = true
			for _, part := range strings.Split(v, ";") {
				_, f, _ := strings.Cut(part, "@")
				if strings.HasPrefix(part, "@") || strings.Contains(part, "=@") {
					if f == "-" {
						t.stdin = true
					} else if f != "" {
						t.files = append(t.files, strings.Split(f, ",")[0])
					}
				} else if name == "-T" || name == "--upload-file" || strings.HasPrefix(name, "--post-f") || strings.HasPrefix(name, "--body-f") {
					if part == "-" || part == "." {
						t.stdin = true
					} else {
						t.files = append(t.files, part)
					}
				}
			}
		case name == "-X" || name == "--request" || name == "--method":
			if m := strings.ToUpper(value()); m != "GET" && m != "HEAD" && m != "OPTIONS" {
				t.sends = true
			}
		case name == "-o" || name == "--output" || name == "-O" && c.Program == "wget" || name == "--output-document":
			v := value()
			t.output = append(t.output, shell.Word{Text: v, Dynamic: args[k].Dynamic})
		case (name == "-w" || name == "--write-out") && c.Program == "curl":
			v := value()
			if f, ok := strings.CutPrefix(v, "@"); ok {
				t.prints = append(t.prints, shell.Word{Text: f, Dynamic: args[k].Dynamic})
			}
			// %output{FILE} (curl 8.3) writes what follows to FILE.
			for rest := v; ; {
				_, after, ok := strings.Cut(rest, "%output{")
				if !ok {
					break
				}
				f, tail, _ := strings.Cut(after, "}")
				t.output = append(t.output, shell.Word{Text: strings.TrimPrefix(f, ">>"), Dynamic: args[k].Dynamic})
				rest = tail
			}
		case name == "-k" || name == "--insecure" || name == "--no-check-certificate":
			t.insecure = true
		case name == "-H" || name == "--header" || name == "-u" || name == "--user" || name == "-A" || name == "-e" || name == "-b" || name == "-c" || name == "-m" || name == "--max-time" || name == "--connect-timeout" || reroutes(name) || name == "--retry" || name == "-r" || name == "-C":
			value()
		case strings.HasPrefix(a, "-"):
		default:
			t.hosts = append(t.hosts, hostOf(a))
		}
	}
	if c.Program == "http" || c.Program == "https" || c.Program == "xh" || c.Program == "xhs" {
		for _, a := range args {
			if strings.Contains(a.Text, "=") && !strings.HasPrefix(a.Text, "-") || strings.HasPrefix(a.Text, "@") {
				t.sends = true
			}
			if up := strings.ToUpper(a.Text); up == "POST" || up == "PUT" || up == "PATCH" || up == "DELETE" {
				t.sends = true
			}
		}
	}
	return t
}

// abbreviates reports whether flag is one of the long options or a prefix
// of one that the program would accept (wget takes --post-f for --post-file).
func abbreviates(flag string, names ...string) bool {
	if !strings.HasPrefix(flag, "--") || len(flag) < 4 {
		return false
	}
	for _, n := range names {
		if strings.HasPrefix(n, flag) {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// hostOf returns the host a URL-ish argument names.
func hostOf(arg string) string {
	if !strings.Contains(arg, "://") {
		arg = "http://" + arg
	}
	u, err := url.Parse(arg)
	if err != nil {
		return ""
	}
	return u.Hostname()
}

func allLoopback(hosts []string) bool {
	if len(hosts) == 0 {
		return false
	}
	for _, h := range hosts {
		if !loopback(h) {
			return false
		}
	}
	return true
}

// httpClient judges curl, wget and friends.
func (j *judgement) httpClient(c *shell.Command) {
	subj := c.String()
	t := curlTransfer(c)
	t.output = append(t.output, savedUnderURLName(c)...)
	j.writeArgs(c, t.output)
	if len(t.prints) > 0 {
		j.readArgs(&shell.Command{Program: c.Program, Args: t.prints, Dir: c.Dir, DirUnknown: c.DirUnknown})
	}
	for _, f := range t.files {
		abs := j.res.Resolve(f, c.Dir)
		if kind := secrets.File(abs); kind != "" {
			j.fireWith(catalog.A6SecretUpload, subj, "uploads "+article(kind)+" to a network location, sending credentials off the machine")
			return
		}
		if place := j.res.Classify(abs, false); place == paths.System || place == paths.SystemRoot {
			j.fire(catalog.A6SystemFileUpload, subj)
			return
		}
	}
	if h := rerouted(c); h != "" {
		j.fireWith(catalog.C1ReroutedRequest, subj, "sends the request through or to "+h+" instead of the host its URL names, so the data goes somewhere a reader of the command does not expect")
		return
	}
	if t.insecure && !allLoopback(t.hosts) {
		j.fireWith(catalog.BTlsBypass, subj, "turns off certificate checks for a remote host, so an attacker in the middle could read or change the traffic")
	}
	switch {
	case allLoopback(t.hosts) && !t.sends && len(t.output) == 0:
		if why := j.notPlainGet(c); why != "" {
			j.fireWith(catalog.C1NetworkRequest, subj, why)
			return
		}
		j.fire(catalog.D4LocalService, subj)
	case allLoopback(t.hosts) && !t.sends:
		j.fireWith(catalog.C1NetworkRequest, subj, "saves what a service on this machine returns into a file")
	case allLoopback(t.hosts):
		j.fireWith(catalog.C1NetworkRequest, subj, "sends data to a service on this machine")
	case t.sends:
		j.fire(catalog.C5Upload, subj)
	default:
		j.fireWith(catalog.C1NetworkRequest, subj, "makes a network request the user may or may not have asked for")
	}
}

// savedUnderURLName returns the files a download saves under the name
// its URL ends in, in the working directory (curl -O, wget without -O):
// writes as real as -o's. Read by the spec, so that -sO counts too.
func savedUnderURLName(c *shell.Command) []shell.Word {
	sp := spec.Lookup(c.Program)
	if sp == nil || c.Program != "curl" && c.Program != "wget" {
		return nil
	}
	res := sp.Parse(c.ArgTexts())
	if res.Problem != nil {
		return nil // not understood, so not allowed either
	}
	saves := c.Program == "curl" && (res.Has("-O") || res.Has("--remote-name-all")) ||
		c.Program == "wget" && !res.Has("-O") && !res.Has("--spider")
	if !saves {
		return nil
	}
	dir := ""
	for _, v := range res.Values {
		if v.Option == "-P" || v.Option == "--output-dir" {
			dir = v.Text
		}
	}
	var out []shell.Word
	for _, v := range res.Values {
		if v.Option != "" || v.Kind != spec.Host {
			continue
		}
		name := v.Text
		if u, err := url.Parse(v.Text); err == nil && u.Host != "" {
			name = u.Path
		}
		name = path.Base(name)
		if name == "" || name == "/" || name == "." {
			name = "index.html"
		}
		out = append(out, shell.Word{Text: path.Join(dir, name), Dynamic: c.Args[v.Arg].Dynamic})
	}
	return out
}

// notPlainGet reads a loopback request by the client's spec, as the
// program reads it, and says why it is more than a plain GET: a method
// that changes something (-XDELETE attached or not), data or a form, a
// header or cookie file, a redirect that may lead anywhere, or a scheme
// that is not HTTP (gopher:// and dict:// send raw bytes to any service).
func (j *judgement) notPlainGet(c *shell.Command) string {
	sp := spec.Lookup(c.Program)
	if sp == nil {
		return c.Program + " has no spec to read its options by"
	}
	res := sp.Parse(c.ArgTexts())
	if res.Problem != nil {
		return "" // the closed world reports what it cannot read
	}
	for _, o := range res.Options {
		switch o.Name() {
		case "-L", "-d", "-F", "--json", "-T", "-G":
			return "curl " + o.Name() + " sends data, or follows a redirect to wherever it points"
		}
	}
	for _, v := range res.Values {
		switch {
		case v.Option == "-X" && !strings.EqualFold(v.Text, "GET") && !strings.EqualFold(v.Text, "HEAD"):
			return "sends a " + v.Text + " request, which can change or delete what the service holds"
		case (v.Option == "-H" || v.Option == "-b") && strings.HasPrefix(v.Text, "@"), v.Option == "-b" && !strings.Contains(v.Text, "="):
			return "reads " + strings.TrimPrefix(v.Text, "@") + " into the request"
		case v.Option == "" || v.Option == "--url":
			if i := strings.Index(v.Text, "://"); i > 0 {
				if scheme := strings.ToLower(v.Text[:i]); scheme != "http" && scheme != "https" {
					return "uses " + scheme + "://, which sends raw bytes to a service rather than an HTTP request"
				}
			}
		}
	}
	return ""
}

// netcat judges nc, ncat, netcat, socat and telnet.
func (j *judgement) netcat(c *shell.Command) {
	subj := c.String()
	listens, executes := false, false
	for _, a := range c.Args {
		t := strings.ToUpper(a.Text)
		switch {
		case a.Text == "-l" || a.Text == "--listen" || strings.HasPrefix(a.Text, "-l") && !strings.HasPrefix(a.Text, "--") && c.Program != "socat" || strings.Contains(t, "-LISTEN") || strings.HasPrefix(t, "LISTEN"):
			listens = true
		}
		if a.Text == "-e" || a.Text == "-c" || strings.HasPrefix(a.Text, "--sh-exec") || strings.HasPrefix(a.Text, "--exec") || strings.HasPrefix(a.Text, "--lua-exec") || strings.HasPrefix(t, "EXEC:") || strings.HasPrefix(t, "SYSTEM:") || t == "SHELL" || strings.Contains(t, ",PTY") && strings.Contains(t, "EXEC") {
			executes = true
		}
	}
	if executes {
		kind := "reverse shell: it connects out and gives the other end a shell on this machine"
		if listens {
			kind = "bind shell: it opens a port that gives anyone who connects a shell on this machine"
		}
		j.fireWith(catalog.A8RemoteShell, subj, "sets up a "+kind)
		return
	}
	j.fireWith(catalog.C1NetworkRequest, subj, "opens a raw network connection")
}

// remoteCopy judges scp, rsync, sftp and other copies to or from remote hosts.
func (j *judgement) remoteCopy(c *shell.Command) {
	subj := c.String()
	var operands []shell.Word
	skip := map[string]bool{"-e": true, "-i": true, "-P": true, "-p": c.Program == "sftp", "-o": true, "-F": true, "-c": true, "-l": true, "-S": true, "--rsh": true, "--exclude": true, "--include": true, "-J": true}
	for k := 0; k < len(c.Args); k++ {
		a := c.Args[k]
		if strings.HasPrefix(a.Text, "-") {
			if skip[a.Text] {
				k++
			}
			continue
		}
		operands = append(operands, a)
	}
	if len(operands) < 2 {
		if c.Program == "sftp" {
			j.fireInstead(catalog.H8Interactive, subj, "sftp without a batch file is interactive and hangs the agent", "use scp, or sftp -b batchfile")
			return
		}
		j.fireWith(catalog.C1NetworkRequest, subj, "copies files over the network")
		return
	}
	dest := operands[len(operands)-1]
	remote := func(w shell.Word) bool {
		host, _, ok := strings.Cut(w.Text, ":")
		return ok && !strings.Contains(host, "/") && host != "" || strings.HasPrefix(w.Text, "rsync://")
	}
	if !remote(dest) {
		j.writeArgs(c, []shell.Word{dest})
		if !anyRemote(operands[:len(operands)-1], remote) {
			// rsync between local paths is a copy.
			j.fire(catalog.D2Copy, subj)
			return
		}
		j.fireWith(catalog.C1NetworkRequest, subj, "copies files from a remote host")
		return
	}
	for _, src := range operands[:len(operands)-1] {
		abs := j.res.Resolve(src.Text, c.Dir)
		if secrets.File(abs) != "" || secrets.File(abs+"/x") != "" || strings.HasSuffix(abs, "/.ssh") || strings.HasSuffix(abs, "/.aws") || strings.HasSuffix(abs, "/.gnupg") {
			j.fireWith(catalog.A6SecretUpload, subj, "copies credentials to a remote host, sending them off the machine")
			return
		}
	}
	j.fireWith(catalog.C5Upload, subj, "copies local files to a remote host")
}

func anyRemote(ws []shell.Word, remote func(shell.Word) bool) bool {
	for _, w := range ws {
		if remote(w) {
			return true
		}
	}
	return false
}

// senders are programs that send data they read to the network.
func (j *judgement) sendsData(c *shell.Command) bool {
	for _, r := range c.Redirs {
		if strings.HasPrefix(r.Target.Text, "/dev/tcp/") || strings.HasPrefix(r.Target.Text, "/dev/udp/") {
			return true
		}
	}
	switch c.Program {
	case "curl", "wget", "http", "https", "xh", "xhs", "httpie":
		t := curlTransfer(c)
		return t.sends && !allLoopback(t.hosts) || t.sends && len(t.hosts) == 0
	case "nc", "ncat", "netcat", "socat", "telnet", "openssl", "sendmail", "mail", "mailx", "mutt":
		return true
	case "scp", "sftp", "rsync", "rclone", "ftp", "lftp":
		return true
	case "aws", "gsutil", "az":
		for _, a := range c.Args {
			if strings.HasPrefix(a.Text, "s3://") || strings.HasPrefix(a.Text, "gs://") {
				return true
			}
		}
	case "ssh":
		return true
	}
	return carriesData(c)
}

// flows finds credentials flowing to the network within one command line:
// a secret read in one part and sent by another, through a pipe, a
// substitution, a copy or a temporary file.
func (j *judgement) flows(a *shell.Analysis) {
	j.secretShapes(a)
	readsSecret, secretEnv := false, false
	var secretSubj string
	for i := range a.Commands {
		c := &a.Commands[i]
		if j.readsSecret(c) {
			readsSecret, secretSubj = true, c.String()
		}
		if printsSecretEnv(c) {
			secretEnv, secretSubj = true, c.String()
		}
	}
	for i := range a.Commands {
		c := &a.Commands[i]
		if !j.sendsData(c) {
			continue
		}
		if readsSecret || secretEnv || sendsSecretEnv(c) {
			if secretSubj == "" {
				secretSubj = c.String()
			}
			j.fire(catalog.A6SecretExfiltration, secretSubj)
			return
		}
		for _, r := range c.Redirs {
			if strings.HasPrefix(r.Target.Text, "/dev/tcp/") || strings.HasPrefix(r.Target.Text, "/dev/udp/") {
				if shell.IsShell(c.Program) || c.Program == "exec" && spawnsShell(a) {
					j.fireWith(catalog.A8RemoteShell, c.String(), "connects a shell's input and output to a network socket, giving the other end control of this machine")
					return
				}
				j.fireWith(catalog.C1NetworkRequest, c.String(), "opens a raw network connection through /dev/tcp")
			}
		}
	}
	// A shell or interpreter fed by a network connection runs what the
	// other end sends: a reverse shell.
	for i := range a.Commands {
		c := &a.Commands[i]
		if c.Stdin.Kind != shell.Pipe || !(shell.IsShell(c.Program) || shell.Interpreter(c.Program) != "" || c.Program == "source") {
			continue
		}
		for _, from := range c.Stdin.From {
			switch from {
			case "nc", "ncat", "netcat", "socat", "telnet", "openssl":
				j.fire(catalog.A8RemoteShell, c.String())
				return
			}
		}
	}
}

func spawnsShell(a *shell.Analysis) bool {
	for _, c := range a.Commands {
		if shell.IsShell(c.Program) {
			return true
		}
	}
	return false
}

// printsSecretEnv reports whether a command prints a secret-named variable.
func printsSecretEnv(c *shell.Command) bool {
	switch c.Program {
	case "echo", "printf", "printenv", "cat":
		for _, a := range c.Args {
			if c.Program == "printenv" && secrets.EnvName(a.Text) {
				return true
			}
			if a.Dynamic && mentionsSecretVar(a.Text) {
				return true
			}
		}
	}
	return false
}

func sendsSecretEnv(c *shell.Command) bool {
	for _, a := range c.Args {
		if a.Dynamic && mentionsSecretVar(a.Text) {
			return true
		}
	}
	for _, r := range c.Redirs {
		if (r.Op == "<<<" || r.Op == "<<" || r.Op == "<<-") && r.Target.Dynamic && mentionsSecretVar(r.Target.Text) {
			return true
		}
	}
	return false
}

// mentionsSecretVar reports whether text expands a secret-named variable.
func mentionsSecretVar(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] != '$' {
			continue
		}
		k := i + 1
		if k < len(text) && text[k] == '{' {
			k++
		}
		e := k
		for e < len(text) && (text[e] == '_' || text[e] >= 'A' && text[e] <= 'Z' || text[e] >= 'a' && text[e] <= 'z' || text[e] >= '0' && text[e] <= '9') {
			e++
		}
		if e > k && secrets.EnvName(text[k:e]) && !strings.HasPrefix(text[e:], ":+") {
			return true
		}
	}
	return false
}

// secretShapes finds the forms that reach a secret without naming it as
// a plain file argument: copies, archives, searches, paths built at run
// time, environment read by code, data carried in DNS names and pings.
// It runs on every command line, whatever rule judged each command.
func (j *judgement) secretShapes(a *shell.Analysis) {
	for i := range a.Commands {
		c := &a.Commands[i]
		j.passwordDatabase(c)
		j.stdinSecret(c)
		j.codeReadsEnv(c)
		j.codeNamesCredential(c)
		j.printsStoredCredential(c)
		j.lookupCarriesData(c)
		j.copiesSecret(c)
		j.searchesSecrets(c)
	}
	j.hiddenReads(a)
}

// passwordDatabase judges getent's shadow databases: the password file
// read by its database name.
func (j *judgement) passwordDatabase(c *shell.Command) {
	if c.Program != "getent" {
		return
	}
	for _, o := range operands(c, "-s", "--service") {
		if o.Text == "shadow" || o.Text == "gshadow" {
			j.secretRead("/etc/"+o.Text, "password database")
		}
		break
	}
}

// stdinPrinters print what they read on standard input.
func stdinPrinters(s string) bool {
	switch s {
	case "cat", "tee", "head", "tail", "base64", "base32", "xxd", "od", "hexdump", "rev", "tr", "sed", "awk", "gawk",
		"mawk", "cut", "fold", "nl", "strings", "sort", "uniq", "column", "paste", "jq", "less", "more", "printf", "echo",
		"basenc", "tac", "grep":
		return true
	}
	return false
}

// stdinSecret judges a here-string or here-document that expands a
// secret variable into a program that prints it: cat <<< "$KEY".
func (j *judgement) stdinSecret(c *shell.Command) {
	for _, r := range c.Redirs {
		if (r.Op == "<<<" || r.Op == "<<" || r.Op == "<<-") && r.Target.Dynamic && mentionsSecretVar(r.Target.Text) && stdinPrinters(c.Program) {
			j.fire(catalog.B3SecretPrint, c.String())
			return
		}
	}
}

// codeReadsEnv judges code that prints the environment or a secret from
// it: jq's env, awk's ENVIRON, process.env, os.environ, ENV, %ENV.
func (j *judgement) codeReadsEnv(c *shell.Command) {
	code := codeOf(c)
	if code == "" {
		return
	}
	dump, names := envAccess(code, c.Program == "jq" || c.Program == "gojq" || c.Program == "jaq")
	switch {
	case dump:
		j.fireWith(catalog.B3SecretPrint, c.String(), "prints every environment variable, which often include tokens and passwords")
	case anySecretName(names):
		j.fire(catalog.B3SecretPrint, c.String())
	}
}

// tokenCommands are the subcommands of tools that print a credential
// they store: a token, a password, a registry's auth entry, when the rest
// of the command line meets the entry's condition. The conditions are data
// rather than closures, so that the table is laid out in the binary
// instead of built when the hook starts.
var tokenCommands = []struct {
	program string
	words   []string
	// flags, when set, are options one of which must follow.
	flags []string
	// secretKey, when set, means the rest must name a credential key.
	secretKey bool
}{
	{"gh", []string{"auth", "token"}, nil, false},
	{"gh", []string{"auth", "status"}, []string{"-t", "--show-token"}, false},
	{"glab", []string{"auth", "status"}, []string{"-t", "--show-token"}, false},
	{"npm", []string{"config", "get"}, nil, true},
	{"pnpm", []string{"config", "get"}, nil, true},
	{"yarn", []string{"config", "get"}, nil, true},
	{"bun", []string{"pm", "config", "get"}, nil, true},
	{"aws", []string{"configure", "get"}, nil, true},
	{"aws", []string{"configure", "export-credentials"}, nil, false},
	{"gcloud", []string{"auth", "print-access-token"}, nil, false},
	{"gcloud", []string{"auth", "print-identity-token"}, nil, false},
	{"gcloud", []string{"auth", "application-default", "print-access-token"}, nil, false},
	{"az", []string{"account", "get-access-token"}, nil, false},
	{"heroku", []string{"auth:token"}, nil, false},
	{"git", []string{"credential", "fill"}, nil, false},
	{"kubectl", []string{"config", "view"}, []string{"--raw", "--flatten"}, false},
	{"kubectl", []string{"get", "secret"}, []string{"-o", "--output", "-oyaml", "-ojson", "-o=yaml", "-o=json", "--output=yaml", "--output=json"}, false},
	{"kubectl", []string{"get", "secrets"}, []string{"-o", "--output", "-oyaml", "-ojson", "-o=yaml", "-o=json", "--output=yaml", "--output=json"}, false},
	{"secret-tool", []string{"lookup"}, nil, false},
	{"bw", []string{"get"}, nil, false},
}

// anyFlag reports whether rest holds one of flags, alone, with =VALUE or
// (a short flag other than -o) with its value attached.
func anyFlag(rest, flags []string) bool {
	for _, r := range rest {
		for _, f := range flags {
			if r == f || strings.HasPrefix(r, f+"=") || len(f) == 2 && strings.HasPrefix(r, f) && len(r) > 2 && f != "-o" {
				return true
			}
		}
	}
	return false
}

// namesSecretKey reports a configuration key that names a credential.
func namesSecretKey(rest []string) bool {
	for _, r := range rest {
		low := strings.ToLower(r)
		if strings.Contains(low, "auth") || strings.Contains(low, "token") || strings.Contains(low, "password") || strings.Contains(low, "secret") || strings.Contains(low, "_key") {
			return true
		}
	}
	return false
}

// printsStoredCredential judges a tool asked to print a credential it
// stores (gh auth token, npm config get …:_authToken).
func (j *judgement) printsStoredCredential(c *shell.Command) {
	if strings.HasPrefix(c.Program, "docker-credential-") && c.Arg(0) == "get" {
		j.fireWith(catalog.B3SecretPrint, c.String(), "prints a registry password from the credential helper, which would be sent to the model provider with the conversation")
		return
	}
	args := c.ArgTexts()
	for _, tc := range tokenCommands {
		if c.Program != tc.program {
			continue
		}
		rest, ok := afterSubcommand(args, tc.words)
		if ok && (tc.flags == nil || anyFlag(rest, tc.flags)) && (!tc.secretKey || namesSecretKey(rest)) {
			j.fireWith(catalog.B3SecretPrint, c.String(), "prints a stored credential ("+tc.program+" "+strings.Join(tc.words, " ")+"), which would be sent to the model provider with the conversation")
			return
		}
	}
}

// afterSubcommand matches the first operands of args against words, skipping
// options, and returns the arguments after them.
func afterSubcommand(args, words []string) ([]string, bool) {
	k := 0
	for i, a := range args {
		if k == len(words) {
			return args[i:], true
		}
		if strings.HasPrefix(a, "-") {
			continue
		}
		if a != words[k] {
			return nil, false
		}
		k++
	}
	return nil, k == len(words)
}

// codeNamesCredential judges code that names a credential file in a
// string literal (readFileSync('/etc/shadow'), File.read("~/.netrc")),
// and database shells opened on a browser's cookie or password store.
func (j *judgement) codeNamesCredential(c *shell.Command) {
	if c.Program == "sqlite3" || c.Program == "sqlite" || c.Program == "duckdb" {
		if ops := operands(c, "-cmd", "-separator", "-newline", "-nullvalue"); len(ops) > 0 && !ops[0].Dynamic {
			abs := j.res.Resolve(ops[0].Text, c.Dir)
			if kind := secrets.File(abs); kind != "" {
				j.secretRead(abs, kind)
			}
		}
		return
	}
	if shell.Interpreter(c.Program) == "" && c.Program != "jq" {
		return
	}
	if c.Program == "jq" && jqModule.MatchString(codeOf(c)) {
		j.fireWith(catalog.UUnreadableCode, c.String(), "the jq program imports a module or data file (PATH.jq, PATH.json, or from jq's search path), which arbiter does not read")
		return
	}
	for _, lit := range stringLiterals(codeOf(c)) {
		if strings.ContainsAny(lit, " \t\n") || !(strings.HasPrefix(lit, "/") || strings.HasPrefix(lit, "~/")) {
			continue
		}
		abs := j.res.Resolve(lit, c.Dir)
		if kind := secrets.File(abs); kind != "" {
			j.secretRead(abs, kind)
			return
		}
	}
}

// jqModule finds jq's module directives: import "PATH" as NAME and
// include "PATH" read files named by PATH with .jq or .json added.
var jqModule = lazyregexp.New(`(?:^|[^\w$.])(?:import|include)\s*"`)

// stringLiterals returns the quoted strings in code, for any of the
// quotes the interpreters share.
func stringLiterals(code string) []string {
	var out []string
	for i := 0; i < len(code); i++ {
		q := code[i]
		if q != '\'' && q != '"' && q != '`' {
			continue
		}
		e := strings.IndexByte(code[i+1:], q)
		if e < 0 {
			break
		}
		out = append(out, code[i+1:i+1+e])
		i += e + 1
	}
	return out
}

// codeOf returns the code a command runs from its arguments: jq's
// filter, awk's program, an interpreter's -c, -e or -p text, and code fed
// on standard input.
func codeOf(c *shell.Command) string {
	var parts []string
	switch {
	case c.Program == "jq" || c.Program == "gojq" || c.Program == "jaq":
		for _, a := range c.Args {
			if !strings.HasPrefix(a.Text, "-") {
				parts = append(parts, a.Text)
				break
			}
		}
	case strings.HasSuffix(c.Program, "awk"):
		// The program is the first operand, unless -f names a file.
		if hasFlag(c, 'f') {
			return ""
		}
		if ops := operands(c, "-v", "-F", "--assign", "--field-separator"); len(ops) > 0 {
			parts = append(parts, ops[0].Text)
		}
	case shell.Interpreter(c.Program) != "":
		for k, a := range c.Args {
			t := a.Text
			if k+1 < len(c.Args) && (t == "--eval" || t == "--print" || t == "-r" && c.Program == "php" || len(t) >= 2 && t[0] == '-' && t[1] != '-' && strings.ContainsAny(t[len(t)-1:], "ceEp")) {
				parts = append(parts, c.Args[k+1].Text)
			}
			if v, ok := strings.CutPrefix(t, "--eval="); ok {
				parts = append(parts, v)
			}
			if v, ok := strings.CutPrefix(t, "--print="); ok {
				parts = append(parts, v)
			}
		}
		if c.Stdin.Kind == shell.HereDoc || c.Stdin.Kind == shell.HereStr {
			parts = append(parts, c.Stdin.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// envAccess reads how code uses the environment: whether it takes all of
// it (dump) and which variables it names. jq is told apart because its
// bare "env" is the whole environment.
func envAccess(code string, jq bool) (dump bool, names []string) {
	accessors := []string{"ENVIRON", "process.env", "os.environ", "%ENV", "$ENV", "$_ENV", "$_SERVER", "getenv(", "Deno.env", "ENV"}
	if jq {
		accessors = []string{"$ENV", "env"}
	}
	for _, acc := range accessors {
		for i := 0; ; {
			k := strings.Index(code[i:], acc)
			if k < 0 {
				break
			}
			at := i + k
			i = at + len(acc)
			if at > 0 && identByte(code[at-1]) && acc[0] != '$' && acc[0] != '%' || i < len(code) && identByte(code[i]) && acc != "getenv(" && acc != "%ENV" {
				continue // part of a longer name: MY_ENV, environment
			}
			name, whole := accessed(code[i:], acc)
			if jq && strings.HasPrefix(strings.TrimLeft(code[i:], " "), "[]") {
				whole = true // env[] iterates every value
			}
			if whole {
				dump = true
			} else if name != "" {
				names = append(names, name)
			}
		}
	}
	return dump, names
}

// accessed reads what follows an environment accessor: a variable name
// (["X"], .X, {X}, .get("X"), ("X")), or nothing, which takes it whole.
func accessed(rest, acc string) (name string, whole bool) {
	rest = strings.TrimLeft(rest, " ")
	for _, open := range []string{"[", ".get(", ".fetch(", "{", ".", "("} {
		if !strings.HasPrefix(rest, open) {
			continue
		}
		r := strings.TrimLeft(rest[len(open):], ` '"`)
		e := 0
		for e < len(r) && identByte(r[e]) {
			e++
		}
		switch {
		case e > 0 && (open == "." && acc != "getenv(" || open != "."):
			// process.env.keys, os.environ.items(), ENV.to_h: methods that
			// take the whole environment, not one variable.
			if open == "." && (strings.HasPrefix(r[e:], "(") || r[:e] == "items" || r[:e] == "keys" || r[:e] == "values" || r[:e] == "copy" || r[:e] == "each" || r[:e] == "to_h" || r[:e] == "to_a" || r[:e] == "toObject") && strings.ToUpper(r[:e]) != r[:e] {
				return "", true
			}
			return r[:e], false
		case open == "(" && acc == "getenv(":
			return "", strings.HasPrefix(strings.TrimSpace(r), ")")
		}
		return "", false
	}
	if acc == "getenv(" {
		return "", strings.HasPrefix(rest, ")")
	}
	return "", true
}

func identByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func anySecretName(names []string) bool {
	for _, n := range names {
		if isSecretName(n) {
			return true
		}
	}
	return false
}

// nameLookups are programs that send a host name to the resolver, and on to
// whoever runs that domain's name servers.
func nameLookups(s string) bool {
	switch s {
	case "nslookup", "dig", "host", "drill", "delv", "kdig", "resolvectl", "ping", "ping6", "traceroute", "traceroute6",
		"tracepath", "mtr", "nping", "fping", "arping":
		return true
	}
	return false
}

// lookupCarriesData judges DNS look-ups and pings whose host name is
// built at run time, and pings that carry a chosen payload: both are
// ways of sending data to another machine without a connection.
func (j *judgement) lookupCarriesData(c *shell.Command) {
	if !nameLookups(c.Program) {
		return
	}
	subj := c.String()
	for _, o := range operands(c, lookupValued...) {
		switch {
		case o.Dynamic && mentionsSecretVar(o.Text):
			j.fireWith(catalog.A6SecretExfiltration, subj, "puts a secret from the environment into a host name, which the look-up sends to that domain's name servers")
			return
		case o.Dynamic && builtName(o.Text):
			j.fire(catalog.C5DataInDns, subj)
			return
		case longLabel(o.Text):
			j.fireWith(catalog.C5DataInDns, subj, "looks up a host name with a long encoded label, which carries data to whoever runs that domain's name servers")
			return
		}
	}
	if strings.HasPrefix(c.Program, "ping") || c.Program == "nping" {
		for k, a := range c.Args {
			if a.Text == "-p" && k+1 < len(c.Args) || strings.HasPrefix(a.Text, "-p") && len(a.Text) > 2 && c.Program != "nping" || a.Text == "--data" || a.Text == "--data-string" {
				j.fire(catalog.C5DataInPing, subj)
				return
			}
		}
	}
}

// builtName reports a host name that carries data: a substitution's
// output, or an expansion with a domain after it ($(whoami).x.example,
// $TOKEN.host). A plain $HOST is only a host.
func builtName(text string) bool {
	if strings.Contains(text, "$(") || strings.Contains(text, "`") || strings.Contains(text, "{input}") {
		return true
	}
	i := strings.IndexByte(text, '$')
	if i < 0 {
		return false
	}
	rest := text[i+1:]
	if strings.HasPrefix(rest, "{") {
		if e := strings.IndexByte(rest, '}'); e >= 0 {
			rest = rest[e+1:]
		}
	} else {
		e := 0
		for e < len(rest) && identByte(rest[e]) {
			e++
		}
		rest = rest[e:]
	}
	return strings.HasPrefix(rest, ".") && len(rest) > 1 || i > 0 && text[i-1] == '.'
}

// lookupValued are the options of lookup tools that take a value.
var lookupValued = []string{"-t", "-c", "-i", "-p", "-s", "-W", "-w", "-q", "-x", "-f", "-b", "-k", "-y", "-l", "-m", "-I", "-Q", "-M", "-a", "-S", "-T", "-N", "-R", "-g", "-P", "-A"}

// longLabel reports a host-name label too long for a name a person
// chose: the shape of data encoded into DNS.
func longLabel(host string) bool {
	for _, label := range strings.Split(host, ".") {
		if len(label) > 40 {
			return true
		}
	}
	return false
}

// carriesData reports whether a look-up or ping sends data it was given
// at run time, for the secret flows.
func carriesData(c *shell.Command) bool {
	if !nameLookups(c.Program) {
		return false
	}
	for _, a := range c.Args {
		if a.Dynamic {
			return true
		}
	}
	return false
}

// copiers are programs whose operands are files they copy elsewhere.
func copiers(s string) bool {
	switch s {
	case "cp", "mv", "install", "rsync", "ditto", "tar", "gtar", "bsdtar", "zip", "7z", "7za", "rar", "cpio", "pax", "dd":
		return true
	}
	return false
}

// copiesSecret judges copying or archiving credentials: the copy is read
// later, or sent, so a copy is a credential read. A folder that holds
// credentials among other files needs confirmation.
func (j *judgement) copiesSecret(c *shell.Command) {
	if !copiers(c.Program) {
		return
	}
	if c.Program == "dd" {
		for _, a := range c.Args {
			if v, ok := strings.CutPrefix(a.Text, "if="); ok && !a.Dynamic {
				abs := j.res.Resolve(v, c.Dir)
				if kind := j.credentialAt(abs, a.Glob); kind != "" {
					j.secretRead(abs, kind)
				}
			}
		}
		return
	}
	if j.copyStaysInStore(c) {
		return // a backup beside the credential: the write rules judge it
	}
	for _, s := range copySources(c) {
		if s.Dynamic {
			continue
		}
		abs := j.res.Resolve(s.Text, c.Dir)
		if kind := j.credentialAt(abs, s.Glob); kind != "" {
			j.secretRead(abs, kind)
			continue
		}
		if kind := secrets.Holds(abs, j.res.Home); kind != "" {
			j.fireWith(catalog.B3SecretCopy, s.Text, "copies a folder that holds credentials (such as "+article(kind)+"), spreading the secrets to another place")
		}
	}
}

// copyStaysInStore reports a cp, mv or install whose destination is
// itself a credential location (cp ~/.aws/credentials ~/.aws/credentials.bak).
func (j *judgement) copyStaysInStore(c *shell.Command) bool {
	if c.Program != "cp" && c.Program != "mv" && c.Program != "install" {
		return false
	}
	ops := operands(c)
	if len(ops) < 2 || ops[len(ops)-1].Dynamic {
		return false
	}
	dest := j.res.Resolve(ops[len(ops)-1].Text, c.Dir)
	return secrets.File(dest) != "" || secrets.File(path.Join(dest, "x")) != ""
}

// copySources returns the operands a copy or archive reads: all but the
// last for cp-like programs, all but the archive for archivers.
func copySources(c *shell.Command) []shell.Word {
	switch c.Program {
	case "tar", "gtar", "bsdtar", "cpio", "pax":
		var out []shell.Word
		for k := 0; k < len(c.Args); k++ {
			t := c.Args[k].Text
			switch {
			case t == "-f" || t == "--file" || t == "-C" || t == "--directory" || t == "--exclude" || t == "-X" || t == "-T":
				k++
			case k == 0 && !strings.HasPrefix(t, "-") && strings.ContainsAny(t, "cru") && strings.ContainsRune(t, 'f'):
				k++ // czf ARCHIVE: the next word is the archive
			case strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") && strings.HasSuffix(t, "f"):
				k++
			case strings.HasPrefix(t, "-") || k == 0 && !strings.HasPrefix(t, "-") && strings.Trim(t, "cxtrujzJvfpaOSW") == "":
			default:
				out = append(out, c.Args[k])
			}
		}
		return out
	case "zip", "7z", "7za", "rar":
		ops := operands(c, "-x", "-i", "-P", "--password")
		if c.Program != "zip" && len(ops) > 0 {
			ops = ops[1:] // the command letter: a, u
		}
		if len(ops) > 1 {
			return ops[1:]
		}
		return nil
	}
	ops := operands(c, "-t", "--target-directory", "-S", "--suffix", "-m", "--mode", "-o", "--owner", "-g", "--group", "-e", "--exclude", "--include", "--filter", "-f")
	for _, a := range c.Args {
		if a.Text == "-t" || a.Text == "--target-directory" || strings.HasPrefix(a.Text, "--target-directory=") {
			return ops
		}
	}
	if len(ops) > 1 {
		return ops[:len(ops)-1]
	}
	return nil
}

// secretWords are what a search for secrets looks for.
var secretWords = []string{"token", "secret", "passw", "apikey", "api_key", "api-key", "private key", "privatekey", "credential", "aws_access", "akia", "bearer", "ghp_", "xox", "sk-", "authorization", "begin rsa", "begin openssh", "begin ec", "pwd"}

// searchesSecrets judges recursive searches of the home directory or
// the system for secret words or credential names: a hunt for secrets
// whose findings would go into the conversation.
func (j *judgement) searchesSecrets(c *shell.Command) {
	var pattern string
	var roots []shell.Word
	byName := false
	switch c.Program {
	case "grep", "egrep", "fgrep", "rg", "ag", "ack", "ugrep", "git-grep":
		if (c.Program == "grep" || c.Program == "egrep" || c.Program == "fgrep") && !hasFlag(c, 'r', "--recursive") && !hasFlag(c, 'R', "--dereference-recursive") {
			return
		}
		ops := operands(c, "-e", "-f", "-m", "-A", "-B", "-C", "-g", "--glob", "-t", "--type", "--include", "--exclude", "-d", "-D", "--max-count", "--max-depth", "-T", "--color", "--colour")
		for k, a := range c.Args {
			if (a.Text == "-e" || a.Text == "--regexp") && k+1 < len(c.Args) {
				pattern = c.Args[k+1].Text
			}
		}
		if pattern == "" && len(ops) > 0 {
			pattern, ops = ops[0].Text, ops[1:]
		}
		roots = ops
	case "find":
		for _, a := range c.Args {
			if strings.HasPrefix(a.Text, "-") || a.Text == "(" || a.Text == "!" {
				break
			}
			roots = append(roots, a)
		}
		byName = true
	case "fd", "fdfind":
		ops := operands(c, "-e", "--extension", "-t", "--type", "-E", "--exclude", "-d", "--max-depth", "-x", "--exec", "-X", "--exec-batch", "-S", "--size", "-c", "--color")
		if len(ops) > 0 {
			pattern, roots = ops[0].Text, ops[1:]
		}
		byName = true
	case "locate", "mlocate", "plocate", "slocate":
		if ops := operands(c, "-d", "--database", "-l", "--limit", "-n"); len(ops) > 0 {
			pattern, roots = ops[0].Text, []shell.Word{{Text: "/"}}
		}
		byName = true
	default:
		return
	}
	wide := false
	var where string
	for _, r := range roots {
		if r.Dynamic {
			continue
		}
		abs := j.res.Resolve(r.Text, c.Dir)
		if byName && secrets.File(abs) != "" {
			continue // listing a credential folder shows names, not secrets
		}
		switch j.res.Classify(abs, false) {
		case paths.Home, paths.HomeRoot, paths.Root, paths.SystemRoot, paths.System:
			if !under(abs, "/tmp") {
				wide, where = true, abs
			}
		}
	}
	if !wide {
		return
	}
	found := ""
	switch {
	case c.Program == "find":
		found = j.findNames(c, where)
	case byName:
		found = secrets.Glob(path.Join(where, patternLiteral(pattern)), j.res.Home)
	default:
		low := strings.ToLower(pattern)
		for _, w := range secretWords {
			if strings.Contains(strings.NewReplacer("[_-]?", "_", "[-_]?", "_", `\s`, " ", "\\", "", ".?", "", ".*", "").Replace(low), w) {
				found = "secret"
			}
		}
		// Whatever the pattern, a search that prints matching lines from a
		// tree holding credentials prints them too: grep -r '' ~.
		if found == "" && !namesOnlyOutput(c) && j.holdsCredentials(where) {
			found = "credentials"
		}
	}
	if found != "" {
		j.fireWith(catalog.B3SecretSearch, c.String(), "searches "+j.shownPath(where)+" for secrets or credential files; what it finds would be sent to the model provider with the conversation")
	}
}

// namesOnlyOutput reports a search that prints file names or counts, not
// the lines it matched.
func namesOnlyOutput(c *shell.Command) bool {
	return hasFlag(c, 'l', "--files-with-matches") || hasFlag(c, 'L', "--files-without-match") || hasFlag(c, 'c', "--count", "--count-matches", "--files") || hasFlag(c, 'q', "--quiet")
}

// holdsCredentials reports a tree with a credential somewhere below it:
// one arbiter knows by name, or a home directory (anyone's) inside it.
func (j *judgement) holdsCredentials(dir string) bool {
	if secrets.Holds(dir, j.res.Home) != "" {
		return true
	}
	for _, homes := range []string{"/home", "/Users"} {
		if under(homes, dir) || path.Dir(dir) == homes {
			return true // every home, or one whole home
		}
	}
	return dir == "/root" || under("/root", dir)
}

// findNames returns what credential find's name tests can match below a
// root, or "" when they match none (or there are none).
func (j *judgement) findNames(c *shell.Command, root string) string {
	for k := 0; k+1 < len(c.Args); k++ {
		t := c.Args[k].Text
		if k > 0 && (c.Args[k-1].Text == "!" || c.Args[k-1].Text == "-not") {
			continue
		}
		v := c.Args[k+1].Text
		switch t {
		case "-name", "-iname":
			if kind := secrets.Glob(path.Join(root, v), j.res.Home); kind != "" {
				return kind
			}
			if kind := secrets.Below(root, v, j.res.Home); kind != "" {
				return kind
			}
			if kind := secrets.File(path.Join(root, strings.ReplaceAll(v, "*", ""))); kind != "" && strings.Trim(v, "*") != "" {
				return kind
			}
		case "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex":
			lit := strings.ReplaceAll(patternLiteral(v), "*", "x")
			if kind := secrets.File(path.Join(root, lit)); kind != "" {
				return kind
			}
		}
	}
	return ""
}

// patternLiteral strips the anchors and escapes of a simple regular
// expression: ^\.env$ names .env.
func patternLiteral(p string) string {
	return strings.NewReplacer("^", "", "$", "", `\.`, ".", ".*", "*", `\`, "").Replace(p)
}

// shownPath renders a path for a reason: home-relative when it can be.
func (j *judgement) shownPath(abs string) string {
	if rel := j.res.HomeRelative(abs); rel != "" {
		return "~/" + rel
	}
	if abs == j.res.Home {
		return "the home directory"
	}
	return abs
}

// hiddenReads finds credentials read through a name built at run time:
// a substitution or loop over what echo, ls or find prints, xargs fed by
// them, or find -exec running a reader on what it finds.
func (j *judgement) hiddenReads(a *shell.Analysis) {
	named, namedPath := "", ""
	for i := range a.Commands {
		c := &a.Commands[i]
		if c.Ctx&(shell.InSubstitution|shell.InPipeline) == 0 {
			continue
		}
		if kind, p := j.namesCredential(c); kind != "" {
			named, namedPath = kind, p
		}
	}
	for i := range a.Commands {
		c := &a.Commands[i]
		if !j.readsContent(c) {
			continue
		}
		if c.Has("find") {
			if f := findBefore(a, i); f != nil {
				if kind, p := j.findYields(f); kind != "" {
					j.secretRead(p, kind)
				}
			}
			continue
		}
		if named == "" {
			continue
		}
		for _, w := range c.Args {
			if w.Dynamic {
				j.secretRead(namedPath, named)
				break
			}
		}
	}
}

// namesCredential returns the credential a producer prints the name of:
// echo or printf of its path, ls of it, find or fd matching it.
func (j *judgement) namesCredential(c *shell.Command) (string, string) {
	switch c.Program {
	case "echo", "printf", "ls", "realpath", "readlink":
		for _, w := range c.Args {
			if w.Dynamic || strings.HasPrefix(w.Text, "-") {
				continue
			}
			abs := j.res.Resolve(w.Text, c.Dir)
			if kind := j.credentialAt(abs, w.Glob); kind != "" {
				return kind, abs
			}
		}
	case "find":
		return j.findYields(c)
	case "fd", "fdfind", "locate", "plocate", "mlocate":
		if ops := operands(c); len(ops) > 0 {
			root := "/"
			if len(ops) > 1 {
				root = j.res.Resolve(ops[1].Text, c.Dir)
			}
			p := path.Join(root, patternLiteral(ops[0].Text))
			if kind := secrets.Glob(p, j.res.Home); kind != "" {
				return kind, p
			}
		}
	}
	return "", ""
}

// findYields returns the credential a find command hands on: one its
// name tests match, or, with no name test, one under its roots.
func (j *judgement) findYields(f *shell.Command) (string, string) {
	var roots []string
	for _, a := range f.Args {
		if strings.HasPrefix(a.Text, "-") || a.Text == "(" || a.Text == "!" {
			break
		}
		roots = append(roots, j.res.Resolve(a.Text, f.Dir))
	}
	if len(roots) == 0 {
		roots = []string{j.res.Resolve(".", f.Dir)}
	}
	named := false
	for _, a := range f.Args {
		switch a.Text {
		case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex":
			named = true
		}
	}
	for _, r := range roots {
		// With name tests, only what they match is handed on: find
		// ~/.ssh -name '*.pub' yields public keys.
		if named {
			if kind := j.findNames(f, r); kind != "" {
				return kind, r
			}
			continue
		}
		if kind := secrets.File(r); kind != "" {
			return kind, r
		}
		if kind := secrets.Holds(r, j.res.Home); kind != "" {
			return kind, r
		}
	}
	return "", ""
}

// findBefore returns the find command whose -exec produced command i.
func findBefore(a *shell.Analysis, i int) *shell.Command {
	for k := i - 1; k >= 0; k-- {
		if a.Commands[k].Program == "find" {
			return &a.Commands[k]
		}
	}
	return nil
}

// readsContent reports whether a command reads the content of the files
// it is given: a reader, a copier or a sender, not a lister.
func (j *judgement) readsContent(c *shell.Command) bool {
	if namesOnly(c.Program) || c.Program == "echo" || c.Program == "printf" || c.Program == "" {
		return false
	}
	switch c.Program {
	case "rm", "unlink", "shred", "chmod", "chown", "touch", "mkdir", "rmdir", "ln", "kill", "test", "[", "[[", "ssh-keygen", "ssh-add":
		return false
	}
	return true
}

// reroutes lists curl options whose value sends the request to a host
// other than the one its URL names.
func reroutes(s string) bool {
	switch s {
	case "--connect-to", "--resolve", "-x", "--proxy", "--preproxy", "--socks4", "--socks4a", "--socks5",
		"--socks5-hostname", "--doh-url":
		return true
	}
	return false
}

// proxyEnv lists the variables curl and most HTTP clients take a proxy
// from.
func proxyEnv(s string) bool {
	switch s {
	case "http_proxy", "https_proxy", "HTTPS_PROXY", "HTTP_PROXY", "ALL_PROXY", "all_proxy":
		return true
	}
	return false
}

// reroutedHost returns the host a curl option value sends the request
// to: HOST1:PORT1:HOST2:PORT2 for --connect-to, HOST:PORT:ADDR for
// --resolve, a URL or host:port for a proxy.
func reroutedHost(opt, val string) string {
	switch opt {
	case "--connect-to":
		parts := strings.SplitN(val, ":", 4)
		if len(parts) >= 3 {
			return strings.Trim(parts[2], "[]")
		}
	case "--resolve":
		parts := strings.SplitN(strings.TrimPrefix(val, "+"), ":", 3)
		if len(parts) == 3 {
			return strings.Trim(strings.Split(parts[2], ",")[0], "[]")
		}
	default:
		return hostOf(val)
	}
	return ""
}

// rerouted returns a host other than this machine that a curl command
// sends its request to while its URL names another, or "".
func rerouted(c *shell.Command) string {
	for _, e := range c.Env {
		if proxyEnv(e.Name) && e.Value.Text != "" {
			if h := hostOf(e.Value.Text); !loopback(h) {
				return h
			}
		}
	}
	if c.Program != "curl" {
		return ""
	}
	for k := 0; k < len(c.Args); k++ {
		name, val, has := strings.Cut(c.Args[k].Text, "=")
		if !reroutes(name) || !strings.HasPrefix(name, "--") && has {
			continue
		}
		if !has {
			if k+1 >= len(c.Args) {
				continue
			}
			k++
			val = c.Args[k].Text
		}
		if h := reroutedHost(name, val); h == "" || !loopback(h) {
			if h == "" {
				h = "another host"
			}
			return h
		}
	}
	return ""
}
