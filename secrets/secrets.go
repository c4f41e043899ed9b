package secrets

import (
	"path"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazyregexp"
)

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
