package paths

import (
	"os"
	"path"
	"strings"
	"unicode"

	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// protectedNames are the spellings of the names the policy protects or
// classifies by: agent and gate configuration, version control, shell
// start-up files, credential folders, operating system trees. On a
// case-insensitive filesystem .GIT/hooks is .git/hooks, so a path is
// given these spellings before the policy compares names. The folders
// and instruction files of the runtimes arbiter gates come from the
// registry (agentNames); these are the rest.
var protectedNames = []string{
	".git", "hooks", "config", "objects", "refs", "HEAD",
	".windsurf", ".continue", ".aider", ".vscode", ".mcp.json",
	".windsurfrules", "settings.json", "settings.local.json",
	".arbiter", "arbiter", "arbiter-judge", ".nah", "nah", "dcg", ".cc-safety-net", "cc-safety-net", "safety-net", "jev-permission-gate",
	".ssh", ".gnupg", ".aws", ".kube", ".docker", ".azure", ".config", ".local", ".cache", "share", "state", "gh", "gcloud",
	".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zprofile", ".zshenv", ".zlogin", ".cshrc", ".tcshrc", ".kshrc", ".inputrc",
	"config.fish", "fish", "autostart", "systemd", "user", ".oh-my-zsh", "custom", ".bashrc.d", ".xinitrc", ".xprofile", ".pam_environment",
	"authorized_keys", "authorized_keys2", "known_hosts", ".netrc", ".npmrc", ".pypirc", ".pgpass", ".git-credentials", ".env",
	"Library", "LaunchAgents", "LaunchDaemons", "Documents", "Desktop", "Downloads", "Pictures", "Music", "Movies", "Videos",
	"bin", "sbin", "usr", "lib", "etc", "var", "tmp", "opt", "private", "System", "Applications", "Users", "Volumes", "home", "root",
	"cron.d", "crontabs", "init.d", "profile.d", "sudoers", "sudoers.d", "passwd", "shadow",
}

// canonicalNames maps each protected name, lower-cased, to its spelling;
// built once, never changed.
var canonicalNames = lazy.New(func() map[string]string {
	m := make(map[string]string, len(protectedNames))
	for _, n := range append(agentNames(), protectedNames...) {
		m[strings.ToLower(n)] = n
	}
	return m
})

// agentNames are the names of the runtimes' own: the first folder of
// each configuration folder (.claude, .github), and their instruction
// files.
func agentNames() []string {
	var out []string
	for _, a := range agents.All() {
		for _, d := range a.Config {
			first, _, _ := strings.Cut(d, "/")
			out = append(out, first)
		}
		out = append(out, a.Instructions...)
	}
	return out
}

// foldNames gives each component of p that is a protected name in another
// case the protected spelling.
func foldNames(p string) string {
	names := canonicalNames.Get()
	var b []byte // the folded path, built only once a name changes
	start := 0
	for i := 0; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		part := p[start:i]
		if n, ok := names[strings.ToLower(part)]; ok && n != part {
			if b == nil {
				b = append(make([]byte, 0, len(p)), p[:start]...)
			}
			b = append(b, n...)
		} else if b != nil {
			b = append(b, part...)
		}
		if b != nil && i < len(p) {
			b = append(b, '/')
		}
		start = i + 1
	}
	if b == nil {
		return p
	}
	return string(b)
}

// mayFold is a cheap test that folding could matter on a filesystem not
// known to ignore case: some letter is upper case (most protected names
// are lower case), or an agent instruction file is named.
func mayFold(p string) bool {
	for i := 0; i < len(p); i++ {
		if c := p[i]; c >= 'A' && c <= 'Z' || c >= 0x80 {
			return true
		}
	}
	return strings.HasSuffix(p, ".md")
}

// foldsCase reports whether names in p compare without regard to case:
// on a case-insensitive operating system, or when the filesystem holding
// p's deepest existing directory says so (a case-insensitive mount on
// Linux). The probe only reads: it lstats the directory under its name in
// the other case and compares the two files.
func (r Resolver) foldsCase(p string) bool {
	if r.FoldCase {
		return true
	}
	dir := existingDir(p)
	for dir != "/" && dir != "." {
		base := path.Base(dir)
		if swapped := swapCase(base); swapped != base {
			a, errA := os.Lstat(dir)
			b, errB := os.Lstat(path.Join(path.Dir(dir), swapped))
			return errA == nil && errB == nil && os.SameFile(a, b)
		}
		dir = path.Dir(dir)
	}
	return false
}

// existingDir returns the deepest directory of p that exists on disk.
func existingDir(p string) string {
	dir := path.Dir(p)
	for steps := 0; dir != "/" && dir != "." && steps < maxSteps; steps++ {
		if fi, err := os.Lstat(dir); err == nil && fi.IsDir() {
			return dir
		}
		dir = path.Dir(dir)
	}
	return "/"
}

func swapCase(s string) string {
	return strings.Map(func(c rune) rune {
		switch {
		case unicode.IsUpper(c):
			return unicode.ToLower(c)
		case unicode.IsLower(c):
			return unicode.ToUpper(c)
		}
		return c
	}, s)
}
