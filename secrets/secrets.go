package secrets

import (
	"path"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazyregexp"
)

// inline patterns recognise secrets by their published formats, plus the
// generic shapes of a key or password assigned in text and a URL that
// carries a password.
var inline = []struct {
	kind string
	// hints are substrings (of the lower-cased text) one of which every
	// match contains: a cheap test that spares the regular expression.
	hints []string
	re    *lazyregexp.Regexp
}{
	{"AWS access key", []string{"akia", "asia"}, lazyregexp.New(`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`)},
	{"GitHub token", []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"}, lazyregexp.New(`\bgh[pousr]_[A-Za-z0-9]{30,}|\bgithub_pat_[A-Za-z0-9_]{40,}`)},
	{"GitLab token", []string{"glpat-"}, lazyregexp.New(`\bglpat-[A-Za-z0-9_-]{20,}`)},
	{"npm token", []string{"npm_"}, lazyregexp.New(`\bnpm_[A-Za-z0-9]{30,}`)},
	{"Slack token", []string{"xox"}, lazyregexp.New(`\bxox[abprs]-[A-Za-z0-9-]{10,}`)},
	{"API key", []string{"sk-", "sk_live_", "rk_live_", "aiza"}, lazyregexp.New(`\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}|\b(?:sk|rk)_live_[0-9a-zA-Z]{16,}|\bAIza[0-9A-Za-z_-]{30,}`)},
	{"private key", []string{"private key-----"}, lazyregexp.New(`-----BEGIN [A-Z ]*PRIVATE KEY-----`)},
	{"JSON web token", []string{"eyj"}, lazyregexp.New(`\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}`)},
	{"authorization header", []string{"authorization", "api-key", "x-auth-token"}, lazyregexp.New(`(?i)\b(?:authorization|x-api-key|api-key|x-auth-token)\s*:\s*(?:bearer\s+|token\s+|basic\s+)?[A-Za-z0-9._~+/=-]{16,}`)},
	{"password or key assignment", []string{"key", "token", "secret", "pass", "pwd"}, lazyregexp.New(`(?i)\b(?:api[_-]?key|access[_-]?token|auth[_-]?token|secret[_-]?key|client[_-]?secret|secret|password|passwd|pwd)\s*[=:]\s*['"]?[A-Za-z0-9/+_.~!@#%^&*-]{12,}`)},
	{"password in a URL", []string{"://"}, lazyregexp.New(`(?i)\b[a-z][a-z0-9+.-]*://[^/\s:@'"]+:[^/\s@'"$]{3,}@`)},
}

// Inline returns the kind of the first secret found in s, or "".
func Inline(s string) string {
	if len(s) < 12 {
		return ""
	}
	low := strings.ToLower(s)
	for _, p := range inline {
		hinted := false
		for _, h := range p.hints {
			if strings.Contains(low, h) {
				hinted = true
				break
			}
		}
		if !hinted {
			continue
		}
		if loc := p.re.FindStringIndex(s); loc != nil {
			if p.kind == "password or key assignment" && placeholder(s[loc[0]:loc[1]]) {
				continue
			}
			return p.kind
		}
	}
	return ""
}

// placeholder reports whether an assigned "secret" is an obvious stand-in
// or a reference rather than a value.
func placeholder(s string) bool {
	low := strings.ToLower(s)
	for _, word := range []string{"example", "changeme", "placeholder", "your_", "your-", "xxxx", "redacted", "dummy", "<", "${", "$("} {
		if strings.Contains(low, word) {
			return true
		}
	}
	return false
}

// File returns what kind of credential a path holds, or "" when it does
// not look like one. Example and template files are not credentials.
func File(p string) string {
	clean := path.Clean(p)
	base := path.Base(clean)
	low := strings.ToLower(base)
	for _, suffix := range []string{".example", ".sample", ".template", ".dist", ".tmpl", ".pub"} {
		if strings.HasSuffix(low, suffix) {
			return ""
		}
	}
	switch {
	case low == ".env" || strings.HasPrefix(low, ".env.") || strings.HasSuffix(low, ".env") && low != ".env" && !strings.Contains(low, "/"):
		if low != ".envrc" {
			return "environment file"
		}
	case strings.HasPrefix(low, "id_rsa") || strings.HasPrefix(low, "id_dsa") || strings.HasPrefix(low, "id_ecdsa") || strings.HasPrefix(low, "id_ed25519"):
		return "SSH private key"
	}
	// deploy_key, ssh_host_rsa_key, server-key: the conventional names of
	// private keys kept without an extension.
	if !strings.Contains(low, ".") && (strings.HasSuffix(low, "_key") || strings.HasSuffix(low, "-key")) {
		return "key file"
	}
	for _, ext := range []string{".pem", ".key", ".p12", ".pfx", ".jks", ".keystore", ".ppk", ".asc", ".gpg", ".kdbx"} {
		if strings.HasSuffix(low, ext) {
			return "key file"
		}
	}
	switch low {
	case ".netrc", "_netrc", ".npmrc", ".pypirc", ".pgpass", ".git-credentials", ".vault-token", ".boto", ".s3cfg",
		".terraformrc", "credentials.tfrc.json", ".htpasswd", "credentials", "credentials.json", "credentials.db",
		"access_tokens.db", "application_default_credentials.json", "hosts.yml", "shadow", "gshadow", "sudoers",
		"master.key", "secrets.yml", "secrets.yaml", "secrets.json", ".dockercfg", "kubeconfig", "admin.conf",
		"known_hosts", "authorized_keys", ".my.cnf", ".env.local", "service-account.json", "keychain-db":
		if low == "hosts.yml" && !strings.Contains(clean, "/gh/") && !strings.Contains(clean, "/hub") {
			return ""
		}
		if (low == "shadow" || low == "gshadow" || low == "sudoers") && !strings.HasPrefix(clean, "/etc/") {
			return ""
		}
		if low == "known_hosts" || low == "authorized_keys" {
			return "SSH configuration"
		}
		return "credential file"
	}
	if strings.HasPrefix(low, "service-account") && strings.HasSuffix(low, ".json") {
		return "credential file"
	}
	// Tools name their token files for what they hold: credentials.toml,
	// auth.json, auth.toml under the user's configuration.
	if strings.HasPrefix(low, "credentials.") || strings.Contains(clean, "/.config/") && (strings.HasPrefix(low, "auth.") || strings.Contains(clean, "/glab-cli/") && low == "config.yml") {
		return "credential file"
	}
	for _, dir := range []string{"/.ssh/", "/.aws/", "/.gnupg/", "/.kube/", "/.docker/", "/.azure/", "/.password-store/", "/.config/gcloud/", "/.config/gh/", "/.config/op/", "/.config/hub", "/Keychains/", "/.1password/", "/etc/ssl/private/", "/.local/share/keyrings/"} {
		if strings.Contains(clean+"/", dir) {
			if dir == "/.ssh/" && (low == "config" || low == "known_hosts" || strings.HasSuffix(low, ".pub")) {
				return ""
			}
			if dir == "/.docker/" && low != "config.json" && !strings.HasSuffix(clean, "/.docker") {
				return ""
			}
			return "credential store"
		}
	}
	if strings.HasSuffix(low, "_history") || low == ".histfile" {
		return "shell history"
	}
	return ""
}

var secretEnv = lazyregexp.New(`(?i)(?:^|_)(?:KEY|TOKEN|SECRET|PASS|PASSWD|PASSWORD|PWD|CREDENTIALS?|AUTH|PRIVATE|SESSION|COOKIE)(?:_|$)|API_?KEY|ACCESS_?KEY`)

// EnvName reports whether an environment variable's name says it holds a
// secret (OPENAI_API_KEY, DB_PASSWD, GITHUB_TOKEN).
func EnvName(name string) bool {
	switch name {
	case "PWD", "OLDPWD", "KEYTIMEOUT", "GPG_TTY", "SSH_AUTH_SOCK":
		return false
	}
	return secretEnv.MatchString(name)
}

// Redact replaces every inline secret in s with a marker naming its kind,
// for text that is kept (a decision log) or shown.
func Redact(s string) string {
	if len(s) < 12 {
		return s
	}
	for _, p := range inline {
		s = p.re.ReplaceAllStringFunc(s, func(m string) string {
			if p.kind == "password or key assignment" && placeholder(m) {
				return m
			}
			return "[" + p.kind + " redacted]"
		})
	}
	return s
}
