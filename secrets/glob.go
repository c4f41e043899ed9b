package secrets

import (
	"path"
	"slices"
	"strings"

	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// knownPaths are where credentials live, relative to the home directory
// ("~/…") or absolute: what a pattern or a directory is tested against.
// The first path a pattern matches gives the kind of credential, so the
// order is kept: other programs' credentials, the runtimes' (from the
// registry), then the rest.
var knownPaths = lazy.New(func() []string {
	out := slices.Clone(credentialsBefore)
	for _, a := range agents.All() {
		for _, c := range a.Credentials {
			out = append(out, "~/"+c)
		}
	}
	return append(out, credentialsAfter...)
})

// credentialsBefore and credentialsAfter are the credentials of programs
// other than the runtimes, listed before and after those.
var credentialsBefore = []string{
	"~/.ssh/id_rsa", "~/.ssh/id_ed25519", "~/.ssh/id_ecdsa", "~/.ssh/id_dsa", "~/.aws/credentials", "~/.aws/config",
	"~/.netrc", "~/.npmrc", "~/.pypirc", "~/.git-credentials", "~/.docker/config.json", "~/.kube/config", "~/.config/gh/hosts.yml",
	"~/.qwen/oauth_creds.json",
}

var credentialsAfter = []string{
	"~/.local/share/opencode/auth.json", "~/.cache/huggingface/token", "~/.huggingface/token",
	"~/.config/gcloud/credentials.db", "~/.config/gcloud/application_default_credentials.json", "~/.azure/msal_token_cache.json",
	"~/.config/doctl/config.yaml", "~/.gnupg/private-keys-v1.d", "~/.password-store", "~/.pgpass", "~/.my.cnf", "~/.vault-token",
	"~/.terraform.d/credentials.tfrc.json", "~/.cargo/credentials.toml", "~/.gem/credentials", "~/.config/rclone/rclone.conf",
	"~/.databrickscfg", "~/.oci/config", "~/.android/adbkey", "~/.fly/config.yml", "~/.mozilla/firefox/profile/logins.json",
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
// directory, for the patterns that reach into it. As in the shell, a
// pattern matches a name that starts with a dot only with a dot of its
// own; and a bare "*" in an ordinary folder is not taken to mean a key
// file that might be there, only one in a credential folder (~/.ssh/*).
func Glob(pattern, home string) string {
	clean := path.Clean(pattern)
	if !strings.ContainsAny(clean, "*?[") {
		return File(clean)
	}
	lit := clean[:strings.IndexAny(clean, "*?[")]
	for _, known := range knownPaths.Get() {
		// Every match, of the path or of a folder above it, starts with
		// the pattern's literal part: most patterns (src/*.go) end here.
		if !startsWith(known, home, lit) {
			continue
		}
		p := expandHome(known, home)
		if shellMatch(clean, p) {
			if kind := File(p); kind != "" {
				return kind
			}
		}
		// A pattern for a directory of credentials: ~/.a?s, /etc/ss*/private.
		for d := path.Dir(p); d != "/" && d != "." && d != home; d = path.Dir(d) {
			if shellMatch(clean, d) {
				if kind := File(d); kind != "" {
					return kind
				}
			}
		}
	}
	// What the pattern starts with may itself be a credential's name:
	// .env? and .env* begin with .env.
	if i := strings.IndexAny(clean, "*?["); i > 0 && clean[i-1] != '/' && File(path.Dir(clean[:i])) == "" {
		if kind := File(clean[:i]); kind != "" {
			return kind
		}
	}
	dir, base := path.Split(clean)
	if strings.ContainsAny(dir, "*?[") {
		if kind := inAnyHome(clean); kind != "" {
			return kind
		}
	}
	if File(strings.TrimSuffix(dir, "/")) == "" && (len(literal(base)) < 2 || extensionOnly(base)) {
		return ""
	}
	if ext, ok := strings.CutPrefix(base, "*"); ok && strings.HasPrefix(ext, ".") && !strings.ContainsAny(ext, "*?[") {
		return File(dir + "x" + ext) // *.pem, *.env: the extension says it
	}
	for _, name := range knownNames {
		if shellMatch(base, name) {
			if kind := File(dir + name); kind != "" {
				return kind
			}
		}
	}
	return ""
}

// inAnyHome returns the kind of credential a pattern with wildcard
// folders can reach in any home, not only the user's: /home/*/.ssh/id_rsa
// and /srv/u/.[a]ws/credentials end the way a credential's place in a
// home does.
func inAnyHome(pattern string) string {
	pc := strings.Split(pattern, "/")
	for _, known := range knownPaths.Get() {
		rel, ok := strings.CutPrefix(known, "~/")
		if !ok {
			continue
		}
		rc := strings.Split(rel, "/")
		for n := len(rc); n >= 1; n-- {
			tail := strings.Join(pc[len(pc)-min(n, len(pc)):], "/")
			// A tail of bare wildcards (*/*) says nothing about credentials.
			if n > len(pc) || len(literal(strings.ReplaceAll(tail, "/", ""))) < 2 || !shellMatch(tail, strings.Join(rc[:n], "/")) {
				continue
			}
			if kind := File(path.Join("/home/user", strings.Join(rc[:n], "/"))); kind != "" {
				return kind
			}
		}
	}
	return ""
}

// shellMatch matches a pattern against a path component by component,
// with the shell's rule for leading dots.
func shellMatch(pattern, p string) bool {
	pc, nc := strings.Split(pattern, "/"), strings.Split(p, "/")
	if len(pc) != len(nc) {
		return false
	}
	for i := range pc {
		if strings.HasPrefix(nc[i], ".") && !strings.HasPrefix(pc[i], ".") {
			return false
		}
		if ok, err := path.Match(pc[i], nc[i]); !ok || err != nil {
			return false
		}
	}
	return true
}

// extensionOnly reports a pattern that only names an extension no
// credential is known by: *.json matches credentials.json, but it is
// what every listing of JSON files looks like. *.pem and *.env stay.
func extensionOnly(base string) bool {
	ext, ok := strings.CutPrefix(base, "*")
	return ok && strings.HasPrefix(ext, ".") && !strings.ContainsAny(ext, "*?[") && File("x"+ext) == ""
}

// literal is a pattern without its wildcard characters.
func literal(pattern string) string {
	return strings.Map(func(r rune) rune {
		if r == '*' || r == '?' || r == '[' || r == ']' {
			return -1
		}
		return r
	}, pattern)
}

// Holds returns the kind of a credential kept somewhere under dir, or ""
// when arbiter knows of none: copying or archiving dir takes it along.
func Holds(dir, home string) string {
	clean := path.Clean(dir)
	for _, known := range knownPaths.Get() {
		if clean != "/" && !startsWith(known, home, clean+"/") {
			continue
		}
		if kind := File(expandHome(known, home)); kind != "" {
			return kind
		}
	}
	return ""
}

// startsWith reports whether a known path, with ~ expanded to home,
// starts with prefix, without building the expanded path.
func startsWith(known, home, prefix string) bool {
	rest, ok := strings.CutPrefix(known, "~")
	if !ok {
		return strings.HasPrefix(known, prefix)
	}
	if home == "" {
		home = "/home/user"
	}
	if len(prefix) <= len(home) {
		return strings.HasPrefix(home, prefix)
	}
	return strings.HasPrefix(prefix, home) && strings.HasPrefix(rest, prefix[len(home):])
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

// Below returns the kind of a known credential under root whose file
// name matches a find -name pattern, or "": find ~/.config -name
// hosts.yml reaches ~/.config/gh/hosts.yml.
func Below(root, name, home string) string {
	clean := path.Clean(root)
	for _, known := range knownPaths.Get() {
		p := expandHome(known, home)
		if clean != "/" && !strings.HasPrefix(p, clean+"/") {
			continue
		}
		if ok, _ := path.Match(name, path.Base(p)); ok && !extensionOnly(name) {
			if kind := File(p); kind != "" {
				return kind
			}
		}
	}
	return ""
}
