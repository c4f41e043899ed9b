package secrets

import (
	"strings"
)

// privateKeyBlock finds a private key in PEM or OpenSSH form, or PuTTY's:
// a BEGIN line whose label ends in PRIVATE KEY (or PRIVATE KEY BLOCK)
// followed by the key's body. A header alone, as source code that parses
// keys holds it, is not a key.
func privateKeyBlock(text string) string {
	for rest := text; ; {
		i := strings.Index(rest, "-----BEGIN ")
		if i < 0 {
			break
		}
		rest = rest[i+len("-----BEGIN "):]
		end := strings.Index(rest, "-----")
		if end < 0 || end > 64 {
			continue
		}
		label := rest[:end]
		if !strings.HasSuffix(label, "PRIVATE KEY") && !strings.HasSuffix(label, "PRIVATE KEY BLOCK") {
			continue
		}
		if keyBody(rest[end+5:]) {
			switch {
			case strings.Contains(label, "OPENSSH"):
				return "SSH private key"
			case strings.Contains(label, "PGP"):
				return "PGP private key"
			case strings.Contains(text, `"service_account"`):
				return "Google service account key"
			}
			return "private key"
		}
	}
	if strings.HasPrefix(text, "PuTTY-User-Key-File-") && strings.Contains(text, "\nPrivate-Lines: ") {
		return "PuTTY private key"
	}
	return ""
}

// keyBody reports whether a key's body follows its BEGIN line: at least
// 64 base64 characters before the next dash, counting escaped newlines
// (a key inside a JSON string) as line breaks.
func keyBody(s string) bool {
	n := 0
	for i := 0; i < len(s) && i < 4096; i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '+', c == '/', c == '=':
			n++
			if n >= 64 {
				return true
			}
		case c == '\\' && i+1 < len(s) && s[i+1] == 'n':
			i++
		case c == '\n', c == '\r', c == ' ', c == '\t', c == ':' || c == ',': // Proc-Type: headers
		default:
			return false
		}
	}
	return false
}

// publicLabels are the PEM blocks that hold no secret.
var publicLabels = []string{"CERTIFICATE", "TRUSTED CERTIFICATE", "CERTIFICATE REQUEST", "NEW CERTIFICATE REQUEST", "X509 CRL",
	"PUBLIC KEY", "RSA PUBLIC KEY", "DH PARAMETERS", "EC PARAMETERS", "PGP PUBLIC KEY BLOCK", "PGP SIGNATURE", "PKCS7", "CMS", "SSH2 PUBLIC KEY"}

// publicLook bounds where public material is looked for: a bundle of
// certificates shows what it is in its first block.
const publicLook = 64 << 10

// publicMaterial reports text that holds a certificate, a public key or
// parameters: a PEM block of a public kind, or an OpenSSH public key line.
func publicMaterial(text string) bool {
	for rest := text; ; {
		i := strings.Index(rest, "BEGIN ")
		if i < 0 {
			break
		}
		rest = rest[i+len("BEGIN "):]
		for _, l := range publicLabels {
			if strings.HasPrefix(rest, l+"-----") || strings.HasPrefix(rest, l+" ----") {
				return true
			}
		}
	}
	for rest := text; ; {
		i := strings.Index(rest, " AAAA")
		if i < 0 {
			return false
		}
		line := rest[strings.LastIndexByte(rest[:i], '\n')+1 : i]
		rest = rest[i+1:]
		switch {
		case line == "ssh-rsa", line == "ssh-ed25519", line == "ssh-dss", strings.HasPrefix(line, "ecdsa-sha2-"), strings.HasPrefix(line, "sk-"):
			return true
		}
	}
}

// assignmentAt reads the key around a keyword found at i (n bytes long)
// and the value given to it, and returns what secret the value is, or "".
// It reads KEY=VALUE, key: value, key = "value", "key": "value",
// key => 'value', .netrc's "password VALUE" and URLs with a password.
func assignmentAt(text string, i, n int, code bool) string {
	if text[i] == ':' {
		return urlPasswordAt(text, i)
	}
	start, end := i, i+n
	for start > 0 && keyByte(text[start-1]) {
		start--
	}
	for end < len(text) && keyByte(text[end]) {
		end++
	}
	if end-start > 64 || start >= 2 && text[start-2:start] == "//" {
		return "" // a URL's user name: urlPasswordAt reads those
	}
	rest := text[end:]
	if len(rest) > 0 && (rest[0] == '"' || rest[0] == '\'') {
		rest = rest[1:]
	}
	spaced := len(rest) > 0 && (rest[0] == ' ' || rest[0] == '\t')
	rest, sep := separator(rest)
	if sep == "" && !spaced {
		return "" // most keywords in text are not keys: test that first
	}
	kind := secretKey(text[start:end])
	if kind == "" {
		return ""
	}
	if sep == "" {
		if kind == "password" && spaced && netrcLine(text, start) {
			v, _ := valueOf(rest, false)
			if literalSecret(v, 4) {
				return "password in a .netrc line"
			}
		}
		return ""
	}
	v, quoted := valueOf(rest, true)
	if v == "" || code && (!quoted || strings.ContainsAny(v, " \t")) {
		return "" // in code, a name or an expression (a string built with +)
	}
	min := 8
	if kind == "registry login" {
		min = 12
	}
	if !literalSecret(v, min) || namesItself(v) {
		return ""
	}
	return kind
}

// namesItself reports a value that says what it is rather than being
// it: a field's name ("encodeUserPassword"), a description ("Password
// used to generate key").
func namesItself(v string) bool {
	low := strings.ToLower(v)
	for _, w := range []string{"password", "passwd", "secret", "token", "apikey", "api_key", "credential", "private"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// keyByte reports a byte that can be part of a configuration key.
func keyByte(c byte) bool {
	return c == '_' || c == '-' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// secretKeys are the endings of keys that name a secret, compared with
// case and separators removed, and what the secret is called in a reason.
var secretKeys = []struct{ suffix, kind string }{
	{"password", "password"}, {"passwd", "password"}, {"passphrase", "password"}, {"pwd", "password"},
	{"secret", "secret"}, {"token", "token"}, {"credential", "credential"}, {"credentials", "credential"},
	{"apikey", "API key"}, {"accesskey", "access key"}, {"secretkey", "secret key"}, {"privatekey", "private key"},
	{"signingkey", "signing key"}, {"encryptionkey", "encryption key"}, {"masterkey", "master key"}, {"authkey", "auth key"},
	{"clientkeydata", "client key"}, {"clientkey", "client key"}, {"sessionkey", "session key"},
}

// secretKey returns what secret a key names by its last words
// (db_password, AWS_SECRET_ACCESS_KEY, clientSecret, "refresh_token"),
// or "". A key whose last word says something else about the secret
// (password_min_length, token_url, secret_name) names no secret.
func secretKey(key string) string {
	if j := strings.LastIndexByte(key, '.'); j >= 0 {
		key = key[j+1:] // spring.datasource.password, a TOML table's key
	}
	var b [64]byte
	n := 0
	for k := 0; k < len(key) && n < len(b); k++ {
		if c := key[k]; c != '_' && c != '-' {
			b[n] = lowerByte(c)
			n++
		}
	}
	low := b[:n]
	switch string(low) { // compared without a copy
	case "auth", "authtoken", "identitytoken":
		return "registry login" // docker's auths, npm's _auth
	}
	for _, s := range secretKeys {
		if len(low) >= len(s.suffix) && string(low[len(low)-len(s.suffix):]) == s.suffix {
			return s.kind
		}
	}
	return ""
}

// separator skips what stands between a key and its value: spaces, then
// =, :, :=, => or a TOML/HCL =. It returns the rest and the separator.
func separator(s string) (string, string) {
	s = trimBlanks(s)
	for _, sep := range []string{":=", "=>", "=", ":"} {
		if rest, ok := strings.CutPrefix(s, sep); ok {
			if sep == ":" && strings.HasPrefix(rest, ":") {
				return s, "" // a C++ or Rust path, not a key
			}
			return trimBlanks(rest), sep
		}
	}
	return s, ""
}

// trimBlanks drops the spaces and tabs s starts with.
func trimBlanks(s string) string {
	k := 0
	for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
		k++
	}
	return s[k:]
}

// valueOf reads a value: a quoted string, or a bare word up to the end
// of the line or a comment. A bare value that goes on with spaces or
// brackets is an expression, not a literal, and gives "".
func valueOf(s string, bareLine bool) (string, bool) {
	if s == "" {
		return "", false
	}
	if q := s[0]; q == '"' || q == '\'' || q == '`' {
		end := strings.IndexByte(s[1:], q)
		if end < 0 || end > 512 {
			return "", false
		}
		v := s[1 : 1+end]
		if strings.ContainsAny(v, "\"'`\n\\") {
			return "", false // concatenated or escaped: code, not a value
		}
		return v, true
	}
	end := 0
	for end < len(s) && end < 512 && s[end] != '\n' && s[end] != '\r' {
		end++
	}
	v := s[:end]
	if k := strings.Index(v, " #"); k >= 0 {
		v = v[:k]
	}
	v = strings.TrimRight(v, " \t;,")
	if !bareLine {
		v, _, _ = strings.Cut(v, " ")
	}
	if strings.ContainsAny(v, " \t()[]{}'\"`") {
		return "", false // an expression, or the end of a string in code
	}
	return v, false
}

// placeholders are words that say a value is not a real secret.
var placeholders = []string{"example", "changeme", "change_me", "change-me", "placeholder", "redacted", "dummy", "fake", "sample", "xxx",
	"your_", "your-", "yourpassword", "yourtoken", "replace", "todo", "secret123", "password123", "notasecret", "test1234", "insert"}

// literalSecret reports whether a value is a secret written out: not empty, not
// a reference to one (${VAR}, $VAR, %(var)s, {{ var }}, <token>, a path,
// an attribute path, a constant's name), not a placeholder, and random
// enough to be one: at least min bytes mixing two kinds of character
// (lower case, upper case, digits, symbols), so that a count, a duration,
// a word or a name is not taken for a password.
func literalSecret(v string, min int) bool {
	if len(v) < min {
		return false
	}
	// The kinds of character first: most values (a count, a name, a
	// duration) fail here, before the costlier tests.
	var lower, upper, digit, symbol bool
	for k := 0; k < len(v); k++ {
		switch c := v[k]; {
		case c >= 'a' && c <= 'z':
			lower = true
		case c >= 'A' && c <= 'Z':
			upper = true
		case c >= '0' && c <= '9':
			digit = true
		case c == '_' || c == '-' || c == '.' || c == ' ' || c == ':' || c == '/' || c == ',':
			// separators of words, lists, versions and paths
		default:
			symbol = true
		}
	}
	kinds := 0
	for _, b := range []bool{lower, upper, digit, symbol} {
		if b {
			kinds++
		}
	}
	if kinds < 2 || numeric(v) {
		return false // a version, a date or a number with a unit
	}
	switch v[0] {
	case '$', '%', '/', '~', '!', '&', '*', '@', '.':
		return false // a variable, a path, a YAML tag or anchor, a file reference
	}
	if slot(v) || reference(v) || typedRun(v) {
		return false
	}
	low := strings.ToLower(v)
	for _, p := range placeholders {
		if strings.Contains(low, p) {
			return false
		}
	}
	return !strings.Contains(v, "://") && !strings.HasPrefix(low, "env:") && !strings.HasPrefix(low, "vault:") && !strings.HasPrefix(low, "file:")
}

// numeric reports a value that is a number, a version or a size.
func numeric(v string) bool {
	letters := 0
	for k := 0; k < len(v); k++ {
		c := v[k]
		switch {
		case c >= '0' && c <= '9', c == '.', c == '-', c == ':', c == '+':
		default:
			letters++
		}
	}
	return letters <= 2
}

// netrcLine reports a .netrc entry: "machine HOST login USER password X"
// or "default login USER password X", before the keyword at i.
func netrcLine(text string, i int) bool {
	lineStart := strings.LastIndexByte(text[:i], '\n') + 1
	before := text[lineStart:i]
	if strings.TrimSpace(before) == "" {
		// password alone on its line, in a multi-line entry
		prev := strings.LastIndexByte(text[:max(0, lineStart-1)], '\n') + 1
		before = text[prev:i]
	}
	fields := strings.Fields(before)
	return len(fields) > 0 && (fields[0] == "machine" || fields[0] == "default" || fields[0] == "login")
}

// urlPasswordAt reads a URL whose "://" is at i for a password:
// scheme://user:PASSWORD@host.
func urlPasswordAt(text string, i int) string {
	if i == 0 || !isAlpha(text[i-1]) {
		return ""
	}
	rest := text[i+3:]
	at := -1
	colon := -1
	for k := 0; k < len(rest) && k < 256; k++ {
		c := rest[k]
		if c == '/' || c == ' ' || c == '\n' || c == '\t' || c == '"' || c == '\'' || c == '<' || c == '>' {
			break
		}
		if c == ':' && colon < 0 {
			colon = k
		}
		if c == '@' {
			at = k
		}
	}
	if colon < 0 || at < colon {
		return ""
	}
	pw := rest[colon+1 : at]
	if strings.IndexByte(pw, '@') >= 0 {
		pw = pw[:strings.LastIndexByte(pw, '@')]
	}
	if len(pw) < 3 || slot(pw) || strings.HasPrefix(pw, "$") || !literalSecret(pw, 6) {
		return ""
	}
	return "password in a URL"
}

func isAlpha(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
