package policy

import (
	"net/url"
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/spec"

	"github.com/arbitergate/arbiter/paths"
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
		case c.Program == "curl" && bundledOutput(a) != "":
			// -sSo FILE, -fsSLoFILE: flags written together, the output last.
			v := bundledOutput(a)
			if v == "-" {
				v = value()
			}
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
	saved := savedFiles(t.output)
	j.writeArgs(c, saved)
	if len(t.prints) > 0 {
		j.readArgs(&shell.Command{Program: c.Program, Args: t.prints, Dir: c.Dir, DirUnknown: c.DirUnknown})
	}
	for _, f := range t.files {
		abs := j.res.Resolve(f, c.Dir)
		if kind := j.credentialAt(abs, false); kind != "" {
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
	case allLoopback(t.hosts) && !t.sends && len(saved) == 0:
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
		j.fire(catalog.C1NetworkRequest, subj)
	}
}

// savedFiles returns the outputs that keep what they are given: all but
// /dev/null, which discards it (curl -o /dev/null -w '%{http_code}').
func savedFiles(outputs []shell.Word) []shell.Word {
	var kept []shell.Word
	for _, w := range outputs {
		if w.Dynamic || w.Text != "/dev/null" {
			kept = append(kept, w)
		}
	}
	return kept
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
	case "nc", "ncat", "netcat", "socat", "telnet", "sendmail", "mail", "mailx", "mutt":
		return true
	case "openssl":
		return opensslConnects(c)
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
		case usesSecret(o):
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

// opensslConnects reports an openssl command that talks to the network:
// a TLS client or server, a timing run or an OCSP query. The rest (x509,
// req, genrsa, rsa, dgst, enc) work on local files; a subcommand that is
// not known (or not given, for the interactive prompt) counts as one that
// connects.
func opensslConnects(c *shell.Command) bool {
	for _, a := range c.Args {
		if strings.HasPrefix(a.Text, "-") {
			continue
		}
		if a.Dynamic {
			return true
		}
		switch a.Text {
		case "s_client", "s_server", "s_time", "ocsp", "srp":
			return true
		case "x509", "req", "genrsa", "genpkey", "gendsa", "rsa", "ec", "ecparam", "pkey", "pkeyutl", "pkcs8", "pkcs12", "pkcs7", "dgst", "enc", "base64",
			"rand", "verify", "crl", "asn1parse", "dhparam", "dsa", "dsaparam", "rsautl", "sha1", "sha256", "sha512", "md5", "version", "speed", "list", "help",
			"passwd", "prime", "kdf", "mac", "storeutl", "cms", "smime", "ts", "crl2pkcs7", "nseq", "sess_id", "spkac", "errstr", "ca", "x25519", "ciphers":
			return false
		}
		return true
	}
	return true
}

// curlSwitches are curl's one-letter options that take no value, which
// may be written together before -o: -sSLo FILE.
const curlSwitches = "sSLfkvqiIgGNRlZ46#"

// bundledOutput returns the file of an -o written after other one-letter
// switches in one word (-sSo FILE gives "-", for the next word; -sSoFILE
// gives FILE); "" when the word is not such a bundle.
func bundledOutput(a string) string {
	if len(a) < 3 || a[0] != '-' || a[1] == '-' {
		return ""
	}
	at := strings.IndexByte(a, 'o')
	if at < 2 || strings.Trim(a[1:at], curlSwitches) != "" {
		return ""
	}
	if rest := a[at+1:]; rest != "" {
		return rest
	}
	return "-"
}
