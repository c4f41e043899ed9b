package secrets

import (
	"path"
	"strings"
	"testing"
	"time"
)

func TestFile(t *testing.T) {
	for p, want := range map[string]string{
		// Kept from before.
		"/p/.env": "environment file", "/p/.env.production": "environment file", "/p/.env.example": "",
		"/home/u/.ssh/id_ed25519": "SSH private key", "/home/u/.ssh/id_ed25519.pub": "", "/home/u/.ssh/config": "",
		"/home/u/.aws/credentials": "credential file", "/p/src/shadow": "", "/p/main.go": "", "/p/deploy_key": "key file",
		"/home/u/.cargo/credentials.toml": "credential file",
		// Android's debug bridge key lets whoever holds it control the user's devices.
		"/home/u/.android/adbkey": "key file", "/Users/u/.android/adbkey": "key file", "/home/u/.android/adbkey.pub": "",
		// Coding agents' sign-in tokens.
		"/home/u/.claude/.credentials.json": "credential file", "/root/.claude/.credentials.json": "credential file",
		"/Users/u/.claude/.credentials.json": "credential file", "/home/u/.claude/settings.json": "",
		"/home/u/.codex/auth.json": "credential file", "/Users/u/.codex/auth.json": "credential file", "/home/u/.codex/config.toml": "",
		"/home/u/.gemini/oauth_creds.json": "credential file", "/home/u/.qwen/oauth_creds.json": "credential file",
		"/home/u/.local/share/opencode/auth.json": "credential file", "/home/u/.config/github-copilot/hosts.json": "credential store",
		"/home/u/.config/github-copilot/apps.json": "credential store",
		// Hugging Face, gh, docker, kube, npm, PyPI, git.
		"/home/u/.cache/huggingface/token": "credential file", "/home/u/.huggingface/token": "credential file",
		"/home/u/.cache/huggingface/stored_tokens": "credential file", "/p/src/token": "",
		"/home/u/.config/gh/hosts.yml": "credential file", "/Users/u/.config/gh/hosts.yml": "credential file", "/p/hosts.yml": "",
		"/home/u/.docker/config.json": "credential store", "/home/u/.docker/buildx/current": "", "/root/.docker/config.json": "credential store",
		"/home/u/.kube/config": "credential store", "/home/u/.kube/prod.yaml": "credential store", "/etc/kubernetes/admin.conf": "credential file",
		"/home/u/.npmrc": "credential file", "/home/u/.pypirc": "credential file", "/home/u/.git-credentials": "credential file",
		"/home/u/.config/containers/auth.json": "credential file", "/run/user/1000/containers/auth.json": "",
		// Source code named auth in a hidden folder (a virtual environment's
		// packages, a tool's checkout) is code, not a tool's token file.
		"/p/.venv/lib/python3.11/site-packages/pip/_internal/network/auth.py": "", "/p/.tox/py/lib/site-packages/x/auth.ts": "",
		"/home/u/.nvm/versions/node/v20/lib/node_modules/npm/lib/auth.js": "", "/p/.cargo/registry/src/x/auth.rs": "",
		"/home/u/.config/tool/auth.toml": "credential file", "/home/u/.tool/auth.yaml": "credential file", "/home/u/.tool/auth.txt": "credential file",
		// Cloud CLIs.
		"/home/u/.config/gcloud/credentials.db": "credential file", "/home/u/.config/gcloud/legacy_credentials/a@b/adc.json": "credential store",
		"/home/u/.azure/msal_token_cache.json": "credential store", "/home/u/.config/doctl/config.yaml": "credential store",
		"/Users/u/Library/Application Support/doctl/config.yaml": "", "/home/u/.oci/config": "credential store",
		"/home/u/.fly/config.yml": "credential store", "/home/u/.config/linode-cli": "credential store", "/home/u/.databrickscfg": "credential file",
		"/home/u/.config/rclone/rclone.conf": "credential file", "/home/u/.config/hcloud/cli.toml": "credential store",
		"/home/u/.m2/settings.xml": "credential file", "/p/pom/settings.xml": "", "/home/u/.gradle/gradle.properties": "credential file",
		// Process environments.
		"/proc/self/environ": "process environment", "/proc/1/environ": "process environment", "/proc/4242/task/4243/environ": "process environment",
		"/proc/self/status": "", "/p/proc/1/environ": "",
		// System password databases.
		"/etc/shadow": "password database", "/etc/gshadow": "password database", "/etc/master.passwd": "password database",
		"/etc/shadow-": "password database", "/etc/security/opasswd": "password database", "/etc/spwd.db": "password database",
		"/etc/passwd": "", "/etc/group": "", "/etc/sudoers": "credential file",
		// Browsers and keychains.
		"/home/u/.config/google-chrome/Default/Login Data": "browser password store", "/home/u/.config/google-chrome/Default/Cookies": "browser cookie store",
		"/Users/u/Library/Application Support/Google/Chrome/Profile 1/Login Data": "browser password store",
		"/home/u/.config/BraveSoftware/Brave-Browser/Default/Cookies":             "browser cookie store",
		"/home/u/.mozilla/firefox/x1.default-release/logins.json":                 "browser password store", "/home/u/.mozilla/firefox/x1.default-release/key4.db": "browser password store",
		"/Users/u/Library/Application Support/Firefox/Profiles/x.default/cookies.sqlite": "browser cookie store",
		"/Users/u/Library/Cookies/Cookies.binarycookies":                                 "browser cookie store", "/p/src/cookies": "",
		"/Users/u/Library/Keychains/login.keychain-db": "keychain", "/home/u/.local/share/keyrings/login.keyring": "credential store",
		"/home/u/.local/share/kwalletd/kdewallet.kwl": "keychain",
		// Host secrets.
		"/etc/krb5.keytab": "key file", "/etc/ssh/ssh_host_ed25519_key": "key file", "/etc/NetworkManager/system-connections/home.nmconnection": "credential store",
		"/etc/wpa_supplicant/wpa_supplicant.conf": "credential file",
	} {
		if got := File(p); got != want {
			t.Errorf("File(%q) = %q, want %q", p, got, want)
		}
	}
}

// TestCredentialDirsAreFiltered checks the shortcut in File: every
// credential folder holds one of the parts it looks for.
func TestCredentialDirsAreFiltered(t *testing.T) {
	for _, d := range credentialDirs {
		if !strings.Contains(d+"/", "/.") && !strings.Contains(d, "/etc/") && !strings.Contains(d, "/Keychains/") && !strings.Contains(d, "/var/db/") {
			t.Errorf("credential folder %s escapes File's shortcut", d)
		}
	}
}

func TestKnownPathsAreCredentials(t *testing.T) {
	for _, p := range knownPaths.Get() {
		if File(expandHome(p, "/home/u")) == "" {
			t.Errorf("known path %s is not recognised by File", p)
		}
	}
}

func TestGlob(t *testing.T) {
	home := "/home/u"
	for p, want := range map[string]bool{
		"/p/.en[v]": true, "/p/.env?": true, "/home/u/.kube/config*": true, "/p/.e*v": true, "/p/.env*": true, "/p/.en?": true, "/p/.[e]nv.local": true, "/p/src/.en[v]": true,
		"/home/u/.netr?": true, "/home/u/.ne*rc": true, "/home/u/.[n]etrc": true, "/home/u/.*netrc": true, "/home/u/*netrc": true,
		"/etc/shado[w]": true, "/etc/sha*": true, "/etc/?shadow": true, "/etc/g*dow": true,
		"/home/u/.ssh/*": true, "/home/u/.ssh/id_*": true, "/home/u/.ss?/id_rsa": true, "/home/u/.*/credentials": true,
		"/home/u/.a?s": true, "/home/u/.[a]ws/*": true, "/proc/*/environ": true, "/proc/[0-9]*/environ": true,
		"/home/u/.claude/.cred*": true, "/home/u/.codex/*.json": true,
		// Patterns that match no credential.
		"/p/src/*.go": false, "/p/*.md": false, "/home/u/.ssh/*.pub": false, "/home/u/.ssh/id_*.pub": false, "/etc/pass[w]d": false, "/home/u/.config/*.toml": false,
		"/p/test_*": false, "/p/src/*": false, "/home/u/*": false, "/p/*": false, "/p/src/?": false,
		"/home/u/.*": true, "/p/*.pem": true, "/p/config/*.key": true, "/p/*.json": false, "/p/config/*.yml": false, "/p/*.env": true,
		// Wildcard folders reach credentials in any home, not only the
		// user's: another account's keys, a mounted home.
		"/home/*/.ssh/id_rsa": true, "/home/other/.[s]sh/id_ed25519": true, "/srv/*/.aws/credentials": true, "/home/*/.netrc": true,
		"/srv/app/*/.env": true, "/srv/*/id_*": true, "/mnt/*/.ssh/*": true, "/*/*/.kube/config": true,
		// Wildcard folders over ordinary files stay ordinary.
		"/p/packages/*/package.json": false, "/p/*/.gitignore": false, "/p/src/*/*.go": false, "/p/*/*": false, "/home/*/.ssh/*.pub": false,
	} {
		if got := Glob(p, home) != ""; got != want {
			t.Errorf("Glob(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestHolds(t *testing.T) {
	home := "/home/u"
	for d, want := range map[string]bool{
		"/home/u": true, "/home/u/.claude": true, "/home/u/.config": true, "/etc": true, "/": true, "/home/u/.cache": true,
		"/home/u/.ssh": true, "/proc": true, "/root": true,
		"/home/u/src": false, "/p": false, "/etc/nginx": false, "/home/u/.config/nvim": false, "/tmp": false,
	} {
		if got := Holds(d, home) != ""; got != want {
			t.Errorf("Holds(%q) = %v, want %v", d, got, want)
		}
	}
}

func TestEnvName(t *testing.T) {
	for name, want := range map[string]bool{
		"OPENAI_API_KEY": true, "GITHUB_TOKEN": true, "DB_PASSWD": true, "AWS_SECRET_ACCESS_KEY": true,
		"DATABASE_URL": true, "POSTGRES_URL": true, "MONGODB_URI": true, "REDIS_URL": true, "SENTRY_DSN": true, "PGPASSWORD": true,
		"SLACK_WEBHOOK_URL": true, "CELERY_BROKER_URL": true, "AZURE_STORAGE_CONNECTION_STRING": true, "MYSQL_PWD": true,
		"PATH": false, "PWD": false, "HOME": false, "DB_HOST": false, "PGHOST": false, "DEBUG_URL": false, "API_URL": false,
		"KEYTIMEOUT": false, "NODE_ENV": false, "DATABASE_NAME": false,
		"STRIPE_SK": true, "GH_PAT": true, "GITHUB_PAT": true, "JWT": true, "APP_JWT": true, "SLACK_CREDS": true, "API_BEARER": true,
		"SIGNING_KEY": true, "ENCRYPTION_KEY": true,
		"JWT_ALGORITHM": false, "STRIPE_LIVE": false, "ENCRYPTION": false, "SIGNING": false, "X_API": false, "DISK": false, "PATH_PATTERN": false,
	} {
		if got := EnvName(name); got != want {
			t.Errorf("EnvName(%q) = %v, want %v", name, got, want)
		}
	}
}

// FuzzGlob checks that any pattern is judged without a panic, quickly,
// and that a plain path is judged as File judges it.
func FuzzGlob(f *testing.F) {
	for _, s := range []string{"/p/.en[v]", "/home/u/.ssh/*", "/etc/shado[w]", "[", "/**/*/*[!a-", "~/.netr?", "/proc/*/environ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Glob(s, "/home/u")
		if !strings.ContainsAny(path.Clean(s), "*?[") && got != File(s) {
			t.Fatalf("Glob(%q) = %q, File says %q", s, got, File(s))
		}
		if d := steadyTime(50*time.Millisecond, func() { Glob(s, "/home/u") }); d > 50*time.Millisecond {
			t.Fatalf("Glob(%q) took %v", s, d)
		}
	})
}

func TestBelow(t *testing.T) {
	for _, tt := range []struct {
		root, name string
		want       bool
	}{
		{"/home/u/.config", "hosts.yml", true}, {"/home/u", "credentials", true}, {"/", "environ", true},
		{"/home/u", "*.json", false}, {"/home/u", "*.pem", false}, {"/home/u", "*_history", true}, {"/home/u/src", "hosts.yml", false}, {"/home/u", "*.go", false},
	} {
		if got := Below(tt.root, tt.name, "/home/u") != ""; got != tt.want {
			t.Errorf("Below(%q, %q) = %v, want %v", tt.root, tt.name, got, tt.want)
		}
	}
}
