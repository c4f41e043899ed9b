package policy

import (
	"net/url"
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
		case name == "-k" || name == "--insecure" || name == "--no-check-certificate":
			t.insecure = true
		case name == "-H" || name == "--header" || name == "-u" || name == "--user" || name == "-A" || name == "-e" || name == "-b" || name == "-c" || name == "-w" || name == "-m" || name == "--max-time" || name == "--connect-timeout" || name == "-x" || name == "--proxy" || name == "--retry" || name == "-r" || name == "-C":
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
	j.writeArgs(c, t.output)
	for _, f := range t.files {
		abs := j.res.Resolve(f, c.Dir)
		if kind := secrets.File(abs); kind != "" {
			j.deny("A6.secret-upload", subj, "uploads "+article(kind)+" to a network location, sending credentials off the machine", "never send credentials; if the user needs them shared, they must do it themselves")
			return
		}
		if place := j.res.Classify(abs, false); place == paths.System || place == paths.SystemRoot {
			j.deny("A6.system-file-upload", subj, "uploads a system file to a network location", "send only files from the project, and only when the user asked for it")
			return
		}
	}
	if t.insecure && !allLoopback(t.hosts) {
		j.ask("A5.tls-bypass", subj, "turns off certificate checks for a remote host, so an attacker in the middle could read or change the traffic")
	}
	switch {
	case allLoopback(t.hosts) && !t.sends && len(t.output) == 0:
		j.allow("D4.local-service", subj, "talks to a service on this machine, such as the project's own server under test")
	case allLoopback(t.hosts):
		j.defer_("C1.network-request", subj, "sends data to a service on this machine")
	case t.sends:
		j.defer_("C5.upload", subj, "sends local data to a network location; say what data goes where if the user has not asked for it")
	default:
		j.defer_("C1.network-request", subj, "makes a network request the user may or may not have asked for")
	}
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
		j.deny("A8.remote-shell", subj, "sets up a "+kind, "do not open remote access to this machine")
		return
	}
	j.defer_("C1.network-request", subj, "opens a raw network connection")
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
			j.deny("H8.interactive", subj, "sftp without a batch file is interactive and hangs the agent", "use scp, or sftp -b batchfile")
			return
		}
		j.defer_("C1.network-request", subj, "copies files over the network")
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
			j.allow("D2.copy", subj, "copies files locally")
			return
		}
		j.defer_("C1.network-request", subj, "copies files from a remote host")
		return
	}
	for _, src := range operands[:len(operands)-1] {
		abs := j.res.Resolve(src.Text, c.Dir)
		if secrets.File(abs) != "" || secrets.File(abs+"/x") != "" || strings.HasSuffix(abs, "/.ssh") || strings.HasSuffix(abs, "/.aws") || strings.HasSuffix(abs, "/.gnupg") {
			j.deny("A6.secret-upload", subj, "copies credentials to a remote host, sending them off the machine", "never send credentials; if the user needs them shared, they must do it themselves")
			return
		}
	}
	j.defer_("C5.upload", subj, "copies local files to a remote host")
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
	return false
}

// flows finds credentials flowing to the network within one command line:
// a secret read in one part and sent by another, through a pipe, a
// substitution, a copy or a temporary file.
func (j *judgement) flows(a *shell.Analysis) {
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
			j.deny("A6.secret-exfiltration", secretSubj, "reads a credential and sends data over the network in the same command, which would carry the secret off the machine", "never send credentials; if the user needs them shared, they must do it themselves")
			return
		}
		for _, r := range c.Redirs {
			if strings.HasPrefix(r.Target.Text, "/dev/tcp/") || strings.HasPrefix(r.Target.Text, "/dev/udp/") {
				if shell.IsShell(c.Program) || c.Program == "exec" && spawnsShell(a) {
					j.deny("A8.remote-shell", c.String(), "connects a shell's input and output to a network socket, giving the other end control of this machine", "do not open remote access to this machine")
					return
				}
				j.defer_("C1.network-request", c.String(), "opens a raw network connection through /dev/tcp")
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
				j.deny("A8.remote-shell", c.String(), "runs commands that arrive over a raw network connection, giving the other end control of this machine", "do not open remote access to this machine")
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
