package secrets

import (
	"path"
	"strings"
)

// knownPaths are where credentials live, relative to the home directory
// ("~/…") or absolute: what a pattern or a directory is tested against.
var knownPaths = []string{
	"~/.ssh/id_rsa", "~/.ssh/id_ed25519", "~/.ssh/id_ecdsa", "~/.ssh/id_dsa", "~/.aws/credentials", "~/.aws/config",
	"~/.netrc", "~/.npmrc", "~/.pypirc", "~/.git-credentials", "~/.docker/config.json", "~/.kube/config", "~/.config/gh/hosts.yml",
	"~/.claude/.credentials.json", "~/.codex/auth.json", "~/.gemini/oauth_creds.json", "~/.qwen/oauth_creds.json",
	"~/.config/github-copilot/hosts.json", "~/.local/share/opencode/auth.json", "~/.cache/huggingface/token", "~/.huggingface/token",
	"~/.config/gcloud/credentials.db", "~/.config/gcloud/application_default_credentials.json", "~/.azure/msal_token_cache.json",
	"~/.config/doctl/config.yaml", "~/.gnupg/private-keys-v1.d", "~/.password-store", "~/.pgpass", "~/.my.cnf", "~/.vault-token",
	"~/.terraform.d/credentials.tfrc.json", "~/.cargo/credentials.toml", "~/.gem/credentials", "~/.config/rclone/rclone.conf",
	"~/.databrickscfg", "~/.oci/config", "~/.fly/config.yml", "~/.mozilla/firefox/profile/logins.json",
	"~/.config/google-chrome/Default/Login Data", "~/.config/google-chrome/Default/Cookies", "~/.local/share/keyrings/login.keyring",
	"~/Library/Keychains/login.keychain-db", "~/Library/Application Support/Google/Chrome/Default/Login Data", "~/.bash_history", "~/.zsh_history",
	"/etc/shadow", "/etc/gshadow", "/etc/master.passwd", "/etc/spwd.db", "/etc/sudoers", "/etc/ssl/private/server.key",
	"/etc/ssh/ssh_host_ed25519_key", "/etc/ssh/ssh_host_rsa_key", "/etc/krb5.keytab", "/proc/self/environ", "/proc/1/environ",
	"/root/.ssh/id_rsa", "/root/.aws/credentials",
}

// knownNames are file names a pattern in a plain directory is tested
// against: the names File recognises, and the conventional key names.
var knownNames = []string{
	".env", ".env.local", ".env.production", ".env.development", "id_rsa", "id_ed25519", "id_ecdsa", "id_dsa", ".netrc", "_netrc",
	".npmrc", ".pypirc", ".pgpass", ".git-credentials", "credentials", "credentials.json", "config.json", "config", "hosts.yml", "token",
	"auth.json", ".credentials.json", "oauth_creds.json", "shadow", "gshadow", "master.passwd", "sudoers", "environ", "server.key",
	"private.pem", "key.pem", ".ssh", ".aws", ".gnupg", ".kube", ".docker", ".azure", ".vault-token", "logins.json", "key4.db",
	"cookies.sqlite", "Login Data", "Cookies", "secrets.yml", "secrets.json", "master.key", "kubeconfig", ".my.cnf", "deploy_key",
	".bash_history", ".zsh_history", "service-account.json",
}

// Glob returns what kind of credential a shell pattern can match, or ""
// when it can match none that arbiter knows of. home is the user's home
// directory, for the patterns that reach into it.
func Glob(pattern, home string) string {
	clean := path.Clean(pattern)
	if !strings.ContainsAny(clean, "*?[") {
		return File(clean)
	}
	dir, base := path.Split(clean)
	if !strings.ContainsAny(dir, "*?[") {
		for _, name := range knownNames {
			if ok, _ := path.Match(base, name); ok {
				if kind := File(dir + name); kind != "" {
					return kind
				}
			}
		}
	}
	for _, known := range knownPaths {
		p := expandHome(known, home)
		if ok, _ := path.Match(clean, p); ok {
			if kind := File(p); kind != "" {
				return kind
			}
		}
		// A pattern for a directory of credentials: ~/.a?s, /etc/ss*/private.
		for d := path.Dir(p); d != "/" && d != "." && d != home; d = path.Dir(d) {
			if ok, _ := path.Match(clean, d); ok {
				if kind := File(d); kind != "" {
					return kind
				}
			}
		}
	}
	return ""
}

// Holds returns the kind of a credential kept somewhere under dir, or ""
// when arbiter knows of none: copying or archiving dir takes it along.
func Holds(dir, home string) string {
	clean := path.Clean(dir)
	for _, known := range knownPaths {
		p := expandHome(known, home)
		if strings.HasPrefix(p, clean+"/") || clean == "/" {
			if kind := File(p); kind != "" {
				return kind
			}
		}
	}
	return ""
}

func expandHome(p, home string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		if home == "" {
			home = "/home/user"
		}
		return path.Join(home, rest)
	}
	return p
}
