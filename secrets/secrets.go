package secrets

import (
	"path"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazyregexp"
)

// notCredential lists suffixes of files that only show a credential's
// shape: examples, templates, public keys.
var notCredential = []string{".example", ".sample", ".template", ".dist", ".tmpl", ".pub"}

// keyExtensions are the extensions of private keys, certificates with
// keys, keytabs and password vaults.
var keyExtensions = []string{".pem", ".key", ".p12", ".pfx", ".pkcs12", ".jks", ".jceks", ".keystore", ".ppk", ".asc", ".gpg", ".kdbx", ".keytab", ".p8"}

// credentialNames are file names that hold credentials wherever they are.
func credentialNames(s string) string {
	switch s {
	case ".netrc", "_netrc", ".npmrc", ".pypirc", ".pgpass", ".git-credentials", ".vault-token", ".boto", ".s3cfg",
		".terraformrc", "credentials.tfrc.json", ".htpasswd", "credentials", "credentials.json", "credentials.db",
		"access_tokens.db", "application_default_credentials.json", "master.key", "secrets.yml", "secrets.yaml",
		"secrets.json", ".dockercfg", "kubeconfig", "admin.conf", ".my.cnf", ".env.local", "service-account.json",
		".databrickscfg", "rclone.conf", ".credentials.json", "oauth_creds.json", "google_accounts.json", "chap-secrets",
		"pap-secrets", "ipsec.secrets", "wpa_supplicant.conf",
		"wallet.dat", ".sentryclirc", ".mongorc.js", ".mongoshrc.js": // a Bitcoin wallet; Sentry's token; mongo shells' start-up scripts, with their logins
		return "credential file"
	case "keychain-db":
		return "keychain"
	case "logins.json", "key3.db", "key4.db", "signons.sqlite":
		return "browser password store"
	case "cookies.sqlite", "cookies.binarycookies":
		return "browser cookie store"
	case "krb5.keytab", "adbkey":
		return "key file"
	case "authorized_keys":
		return "SSH configuration"
	}
	return ""
}

// systemPasswordFiles are the system's password databases, by any name
// the operating systems give them.
func systemPasswordFiles(s string) string {
	switch s {
	case "/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-", "/etc/master.passwd", "/etc/spwd.db",
		"/etc/security/opasswd", "/etc/security/passwd", "/etc/tcb":
		return "password database"
	case "/etc/sudoers":
		return "credential file"
	}
	return ""
}

// credentialDirs are directories whose files are credentials. A path
// inside one is a credential unless an exception below names it.
var credentialDirs = []string{
	"/.ssh/", "/.aws/", "/.gnupg/", "/.kube/", "/.docker/", "/.azure/", "/.password-store/", "/.config/gcloud/", "/.config/gh/",
	"/.config/op/", "/.config/hub", "/Keychains/", "/.1password/", "/etc/ssl/private/", "/.local/share/keyrings/", "/.local/share/kwalletd/",
	// Cloud and platform command-line tools.
	"/.config/doctl/", "/.config/linode-cli", "/.oci/", "/.bluemix/", "/.aliyun/", "/.config/scw/", "/.config/hcloud/", "/.fly/",
	"/.config/netlify/", "/.netlify/", "/.wrangler/config/", "/.config/.wrangler/", "/.railway/", "/.vercel/", "/.local/share/com.vercel.cli/",
	"/.supabase/", "/.snowflake/", "/.config/rclone/", "/.ngrok2/", "/.config/ngrok/", "/.config/github-copilot/", "/.config/configstore/",
	"/.config/Bitwarden CLI/", "/.config/heroku/", "/.config/exoscale/", "/.config/openstack/", "/.config/stripe/",
	"/etc/NetworkManager/system-connections/", "/var/db/dslocal/nodes/Default/users/", "/etc/tcb/",
	// Keys and stores of other tools: SOPS's age keys, Teleport's keys,
	// Tencent Cloud's and GitLab's command lines.
	"/.config/sops/age/", "/.tsh/", "/.tccli/", "/.config/glab-cli/", "/.config/gitlab/",
	// Crypto wallets' key stores; JFrog's command line's servers and tokens.
	"/.ethereum/keystore/", "/.electrum/wallets/", "/.jfrog/",
	// Electron apps' local storage, where Discord and Slack keep the
	// session token.
	"/.config/discord/Local Storage/", "/.config/Slack/Local Storage/", "/.config/Code/Local Storage/",
}

// browserDirs are the profile folders of browsers; their cookie and login
// databases have generic names ("Cookies", "Login Data").
var browserDirs = []string{"/google-chrome", "/chromium", "/BraveSoftware/", "/microsoft-edge", "/Microsoft Edge/", "/Google/Chrome/", "/vivaldi", "/opera", "/Chromium/", "/Vivaldi/", "/.mozilla/", "/Firefox/", "/Library/Safari/", "/Library/Cookies/",
	// Electron apps keep a browser's cookie store with their session in it.
	"/.config/Slack/", "/Application Support/Slack/", "/.config/discord/", "/Application Support/discord/", "/.config/Code/", "/Application Support/Code/"}

func browserStores(s string) string {
	switch s {
	case "login data", "login data for account", "web data", "local state":
		return "browser password store"
	case "cookies", "extension cookies":
		return "browser cookie store"
	}
	return ""
}

// File returns what kind of credential a path holds, or "" when it does
// not look like one. Example and template files are not credentials.
func File(p string) string {
	clean := path.Clean(p)
	base := path.Base(clean)
	low := strings.ToLower(base)
	for _, suffix := range notCredential {
		if strings.HasSuffix(low, suffix) {
			return ""
		}
	}
	if kind := systemPasswordFiles(clean); kind != "" {
		return kind
	}
	if strings.HasPrefix(clean, "/etc/tcb/") {
		return "password database"
	}
	if processEnviron(clean) {
		return "process environment"
	}
	switch {
	case low == ".env" || low == ".envrc" || strings.HasPrefix(low, ".env.") || strings.HasSuffix(low, ".env") && low != ".env" && !strings.Contains(low, "/"):
		return "environment file"
	case strings.HasPrefix(low, "id_rsa") || strings.HasPrefix(low, "id_dsa") || strings.HasPrefix(low, "id_ecdsa") || strings.HasPrefix(low, "id_ed25519"):
		return "SSH private key"
	}
	// deploy_key, ssh_host_rsa_key, server-key: the conventional names of
	// private keys kept without an extension.
	if !strings.Contains(low, ".") && (strings.HasSuffix(low, "_key") || strings.HasSuffix(low, "-key")) {
		return "key file"
	}
	for _, ext := range keyExtensions {
		if strings.HasSuffix(low, ext) {
			return "key file"
		}
	}
	if strings.HasSuffix(low, ".keychain") || strings.HasSuffix(low, ".keychain-db") || strings.HasSuffix(low, ".kwl") {
		return "keychain"
	}
	if kind := credentialNames(low); kind != "" {
		if low == "wpa_supplicant.conf" && !strings.HasPrefix(clean, "/etc/") {
			return ""
		}
		return kind
	}
	if kind := browserStores(low); kind != "" && anyIn(clean, browserDirs) {
		return kind
	}
	if low == "shadow" || low == "gshadow" || low == "sudoers" {
		return "" // outside /etc, a file of that name is the project's own
	}
	if low == "hosts.yml" && (strings.Contains(clean, "/gh/") || strings.Contains(clean, "/hub")) {
		return "credential file"
	}
	if strings.HasPrefix(low, "service-account") && strings.HasSuffix(low, ".json") {
		return "credential file"
	}
	// Tools name their token files for what they hold: credentials.toml,
	// auth.json, a bare "token" in a tool's hidden folder (auth.py there is
	// a package's code: a virtual environment's pip has one).
	if strings.HasPrefix(low, "credentials.") || hidden(clean) && (strings.HasPrefix(low, "auth.") && !sourceCode(low) || low == "token" || low == "stored_tokens" || low == "access-token" || strings.Contains(clean, "/glab-cli/") && low == "config.yml") {
		return "credential file"
	}
	if strings.HasPrefix(clean, "/var/run/secrets/") || strings.HasPrefix(clean, "/run/secrets/") {
		return "mounted secret" // Kubernetes service-account tokens, Docker secrets
	}
	if strings.HasSuffix(low, ".tfstate") || strings.HasSuffix(low, ".tfstate.backup") {
		return "Terraform state" // it keeps resources' secrets in plain text
	}
	for _, f := range credentialFiles {
		if strings.HasSuffix(clean, f) {
			return "credential file"
		}
	}
	for _, f := range historyFiles {
		if strings.HasSuffix(clean, f) {
			return "shell history"
		}
	}
	if strings.HasSuffix(clean, "/.m2/settings.xml") || strings.HasSuffix(clean, "/.m2/settings-security.xml") || strings.HasSuffix(clean, "/.gradle/gradle.properties") || strings.HasSuffix(clean, "/.mc/config.json") {
		return "credential file"
	}
	// Every credential folder is hidden, or under /etc, a keychain folder
	// or /var/db: a path with none of these skips the list.
	slashed := clean + "/"
	if !strings.Contains(slashed, "/.") && !strings.Contains(slashed, "/etc/") && !strings.Contains(slashed, "/Keychains/") && !strings.Contains(slashed, "/var/db/") {
		return history(low)
	}
	for _, dir := range credentialDirs {
		if strings.Contains(slashed, dir) {
			if dir == "/.ssh/" && (low == "config" || low == "known_hosts" || strings.HasSuffix(low, ".pub")) {
				return ""
			}
			if dir == "/.docker/" && low != "config.json" && !strings.HasSuffix(clean, "/.docker") {
				return ""
			}
			return "credential store"
		}
	}
	return history(low)
}

// credentialFiles end the paths of configuration files that hold tokens
// or passwords although their names do not say so.
var credentialFiles = []string{
	"/.claude.json", // Claude Code's account state, with an API key when one is used
	"/.yarnrc.yml", "/.bundle/config", "/.ivy2/.credentials", "/pip/pip.conf", "/.pip/pip.conf",
	"/.config/hub", "/.nuget/NuGet/NuGet.Config", "/.s3cfg", "/.boto", "/.lftprc", "/.esmtprc", "/.msmtprc",
	"/arbiter/config.toml", "/arbiter/config", // arbiter's own, with the judge's key
	"/.cursor/mcp.json",              // Cursor's MCP servers, with their API keys in env
	"/etc/gitlab-runner/config.toml", // the runner\'s registration tokens
	"/.dbt/profiles.yml", "/.snowsql/config", "/.linode-cli", "/.config/atuin/key",
	"/.ansible/vault_pass", "/.ansible/vault_pass.txt", "/.vault_pass", "/.vault_pass.txt", "/.vault-password", // Ansible vault passwords
	"/.config/solana/id.json",                                                                                                   // a Solana wallet's key pair
	"/.kaggle/kaggle.json", "/.circleci/cli.yml", "/.config/tea/config.yml", "/.config/exercism/user.json", "/.expo/state.json", // API tokens
	"/.config/helm/repositories.yaml",              // chart repositories' passwords
	"/.config/Code/User/globalStorage/state.vscdb", // VS Code's extensions' state, with their tokens
	"/Application Support/Code/User/globalStorage/state.vscdb",
}

// historyFiles end the paths of command histories kept under other names.
var historyFiles = []string{"/.local/share/atuin/history.db"}

// history reports a shell's or a REPL's command history by its name.
func history(low string) string {
	if strings.HasSuffix(low, "_history") || low == ".histfile" {
		return "shell history"
	}
	return ""
}

// processEnviron reports /proc/PID/environ and /proc/PID/task/TID/environ:
// a process's environment, where its tokens are.
func processEnviron(clean string) bool {
	rest, ok := strings.CutPrefix(clean, "/proc/")
	return ok && path.Base(rest) == "environ"
}

// hidden reports whether a path passes through a hidden folder, where
// programs keep their configuration.
func hidden(clean string) bool {
	return strings.Contains(clean, "/.")
}

func anyIn(clean string, dirs []string) bool {
	for _, d := range dirs {
		if strings.Contains(clean+"/", d) {
			return true
		}
	}
	return false
}

// secretEnv matches names that say a secret is held: a word such as KEY,
// TOKEN or CREDS among the name's parts, STRIPE_SK (a secret key), GH_PAT
// (a personal access token), and JWT or BEARER ending the name (JWT_SECRET
// ends in SECRET; JWT_ALGORITHM and BEARER_HEADER name no secret).
var secretEnv = lazyregexp.New(`(?i)(?:^|_)(?:KEY|TOKEN|SECRET|PASS|PASSWD|PASSWORD|PWD|CREDENTIALS?|AUTH|PRIVATE|SESSION|COOKIE|CREDS|SK|PAT)(?:_|$)|API_?KEY|ACCESS_?KEY|(?:PASSWORD|PASSWD|SECRET|TOKEN|APIKEY)$|(?:^|_)(?:JWT|BEARER)$`)

// secretURLEnv matches names of variables that hold a connection string
// or a webhook: the URL itself carries the password or the token.
var secretURLEnv = lazyregexp.New(`(?i)(?:^|_)(?:DATABASE|DB|POSTGRES|POSTGRESQL|PG|MYSQL|MARIADB|MONGO|MONGODB|REDIS|AMQP|RABBITMQ|BROKER|CELERY_BROKER|SQLALCHEMY_DATABASE|ELASTICSEARCH|CLICKHOUSE|NEO4J|SUPABASE_DB)\w*_(?:URL|URI|DSN)$|(?:^|_)(?:DSN|CONNECTION_STRING|CONN_STR|CONNECTIONSTRING)$|WEBHOOK`)

// EnvName reports whether an environment variable's name says it holds a
// secret (OPENAI_API_KEY, DB_PASSWD, GITHUB_TOKEN, DATABASE_URL).
func EnvName(name string) bool {
	switch name {
	case "PWD", "OLDPWD", "KEYTIMEOUT", "GPG_TTY", "SSH_AUTH_SOCK":
		return false
	}
	return secretEnv.MatchString(name) || secretURLEnv.MatchString(name)
}
