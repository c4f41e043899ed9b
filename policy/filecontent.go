package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/secrets"
)

// unreadable is the kind fileSecret gives a regular file it could not
// read: what it holds is unknown, so the call is not allowed on it.
const unreadable = "file arbiter cannot read"

// fileSecret judges a file a call reads by what it holds as well as by
// its name (kind, from the names list): a file of any name holding a
// secret is a credential ("file holding a GitHub token"), and a file
// named like a key that holds only certificates or public keys is not.
// A path that is not an existing regular file keeps its name's verdict:
// the names list is the fast path, and the only one for files not there
// yet. Content never overrides a name for the worse-known stores (an
// environment file, a token store): only a key file's name gives way to
// content that is positively public.
func (j *judgement) fileSecret(abs, kind string) string {
	if abs == "" || !scannable(abs) {
		return kind
	}
	s := j.scan(abs)
	switch {
	case !s.Regular:
		return kind
	case kind != "":
		if s.Err == nil && s.Public && s.Kind == "" && !s.Truncated && (kind == "key file" || kind == "SSH private key") {
			return "" // a certificate or a public key under a key's name
		}
		return kind
	case s.Err != nil:
		return unreadable
	case s.Kind == "":
		return ""
	case s.Truncated:
		return "file whose first " + secrets.MaxScanText + " holds " + article(s.Kind)
	}
	return "file holding " + article(s.Kind)
}

// scan reads a file for secrets once per decision.
func (j *judgement) scan(abs string) secrets.Scan {
	if s, ok := j.scanned[abs]; ok {
		return s
	}
	var s secrets.Scan
	if j.files != nil {
		s = j.files.ScanFile(abs)
	} else {
		s = secrets.Files{}.ScanFile(abs)
	}
	if j.scanned == nil {
		j.scanned = map[string]secrets.Scan{}
	}
	j.scanned[abs] = s
	return s
}

// scannable leaves out the kernel's and devices' trees: their files are
// not data at rest (reading one can block, or never end), and the
// credentials among them (/proc/PID/environ) are known by name.
func scannable(abs string) bool {
	for _, dir := range []string{"/proc/", "/sys/", "/dev/"} {
		if strings.HasPrefix(abs, dir) {
			return false
		}
	}
	return true
}

// globMatches bounds the files a pattern's matches are read for: the
// shell expands it to files that exist, and each is judged as if named.
const globMatches = 128

// globSecret returns a file a shell pattern expands to that holds a
// secret (its links followed: a link in the project to ~/.ssh/id_rsa
// reads the key), and what it holds; "" when none does. A match arbiter
// cannot read is left to the pattern's own judgement, as before.
func (j *judgement) globSecret(pattern string) (string, string) {
	for _, f := range j.globFiles(pattern) {
		if kind := j.credentialAt(f, false); kind != "" && kind != unreadable {
			return f, kind
		}
	}
	return "", ""
}
