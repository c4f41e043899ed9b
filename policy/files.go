package policy

import (
	"path"
	"strings"

	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
)

// redirects judges the files a command's redirections open.
func (j *judgement) redirects(c *shell.Command) {
	for _, r := range c.Redirs {
		t := r.Target
		if strings.HasPrefix(t.Text, "/dev/tcp/") || strings.HasPrefix(t.Text, "/dev/udp/") {
			continue // network: judged with the flows
		}
		switch {
		case r.Writes():
			if t.Dynamic {
				j.defer_("U.dynamic-path", c.String(), "writes to a file whose name is only known at run time")
				continue
			}
			abs := j.res.Resolve(t.Text, c.Dir)
			if c.DirUnknown && !path.IsAbs(t.Text) && !strings.HasPrefix(t.Text, "~") {
				j.defer_("U.unknown-directory", c.String(), "writes to a file relative to a directory the analysis cannot tell")
				continue
			}
			j.write(abs, t.Glob, t.Text, "redirection")
			if persistent(j.res, abs) && c.Program != "" {
				if text, ok := printedText(c); ok {
					j.persistedCode(abs, text)
				}
			}
		case r.Reads():
			if t.Dynamic {
				continue
			}
			abs := j.res.Resolve(t.Text, c.Dir)
			if kind := secrets.File(abs); kind != "" {
				j.secretRead(abs, kind)
			}
		}
	}
}

// printedText returns what echo or printf writes, for content checks.
func printedText(c *shell.Command) (string, bool) {
	if c.Program != "echo" && c.Program != "printf" {
		return "", false
	}
	parts := make([]string, 0, len(c.Args))
	for _, a := range c.Args {
		if strings.HasPrefix(a.Text, "-") && len(parts) == 0 {
			continue
		}
		parts = append(parts, a.Text)
	}
	return strings.Join(parts, " "), true
}

// write judges creating or changing a file.
func (j *judgement) write(abs string, glob bool, shown, how string) {
	if abs == "" {
		return
	}
	place := j.res.Classify(abs, glob)
	switch {
	case j.isGuardPath(abs):
		j.guardTamper(shown, "changes the files of a permission gate that guards this agent")
		return
	case isAgentConfig(abs):
		j.ask("B5.agent-config", shown, "changes the agent's own configuration or instructions, which can widen what it is allowed to do")
		return
	case place == paths.Project && inGitDir(abs):
		j.ask("B7.git-metadata", shown, "writes inside .git, which can corrupt the repository's history")
		return
	case persistent(j.res, abs):
		j.ask("B5.persistence", shown, "writes to a file that runs commands automatically later (shell start-up, cron, login, SSH access), so a change persists beyond this session")
		return
	}
	if kind := secrets.File(abs); kind != "" {
		j.ask("B3.secret-write", shown, "writes to "+article(kind)+", where credentials are stored")
		return
	}
	switch place {
	case paths.Project, paths.ProjectRoot, paths.Temp, paths.Null:
		j.allow("D2.write-project", shown, "creates or changes files inside the project or a temp directory")
	case paths.Device:
		j.deny("A1.raw-disk-write", shown, "writes straight to a disk, memory or kernel control file, which can destroy data or crash the machine", "ask the user to do this themselves")
	case paths.Root, paths.SystemRoot, paths.System:
		j.systemWrite(abs, shown)
	case paths.Home, paths.HomeRoot:
		j.ask("H7.outside-project", shown, "writes in the home directory, outside the project")
	case paths.Unknown:
		j.defer_("U.dynamic-path", shown, "writes to a path only known at run time")
	default:
		j.ask("H7.outside-project", shown, "writes outside the project")
	}
}

// systemWrite judges writes to operating system trees. The trees the
// package manager owns are off limits; configuration and the
// administrator's own trees need a person's confirmation.
func (j *judgement) systemWrite(abs, shown string) {
	switch {
	case under(abs, "/etc"), under(abs, "/Library/LaunchDaemons"), under(abs, "/Library/LaunchAgents"):
		j.ask("B5.system-config", shown, "changes system configuration, which affects every program and user on the machine")
	case under(abs, "/usr/local"), under(abs, "/opt"), under(abs, "/srv"), under(abs, "/var"), under(abs, "/mnt"), under(abs, "/media"), under(abs, "/Applications"), under(abs, "/home"), under(abs, "/Users"), under(abs, "/run"), under(abs, "/Volumes"):
		j.ask("H7.outside-project", shown, "writes in a system directory, outside the project")
	case under(abs, "/proc"), under(abs, "/sys"):
		j.ask("B5.system-config", shown, "changes kernel settings of the running system")
	default:
		j.deny("A2.system-tree-write", shown, "overwrites files in an operating system directory that the package manager owns, which can break the system", "install software with the package manager, or write the file inside the project")
	}
}

// article puts "a" or "an" before a noun phrase.
func article(s string) string {
	if s != "" && strings.ContainsRune("aeiouAEIOU", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

func under(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }

func inGitDir(abs string) bool {
	return strings.Contains(abs+"/", "/.git/")
}

// remove judges deleting a path.
func (j *judgement) remove(c *shell.Command, w shell.Word, recursive bool) {
	shown := w.Text
	if w.Dynamic {
		if strings.HasPrefix(w.Text, "$") && (w.Text == "$HOME" || w.Text == "${HOME}") {
			shown = "~"
		} else {
			j.ask("B1.delete", shown, "deletes a path only known at run time")
			return
		}
	}
	if c.DirUnknown && !path.IsAbs(w.Text) && !strings.HasPrefix(w.Text, "~") {
		j.ask("B1.delete", shown, "deletes a path relative to a directory the analysis cannot tell")
		return
	}
	abs := j.res.Resolve(w.Text, c.Dir)
	place := j.res.Classify(abs, w.Glob)
	instead := "delete only the specific files inside the project that need to go, or ask the user to do this themselves"
	switch {
	case j.isGuardPath(abs):
		j.guardTamper(shown, "deletes the files of a permission gate that guards this agent")
		return
	case place == paths.Root:
		j.deny("A2.root-delete", shown, "deletes the filesystem root, destroying the whole system", instead)
		return
	case place == paths.Device:
		j.deny("A1.raw-disk-write", shown, "deletes a device node", instead)
		return
	case place == paths.SystemRoot || place == paths.System:
		if under(abs, "/usr/local") || under(abs, "/opt") || under(abs, "/srv") || under(abs, "/mnt") || under(abs, "/media") || under(abs, "/var/www") || under(abs, "/var/lib") || under(abs, "/var/cache") {
			j.ask("B1.delete", shown, "deletes files in a system directory, outside the project")
			return
		}
		j.deny("A2.system-tree-delete", shown, "deletes files the operating system needs, which can leave the machine unusable", instead)
		return
	case place == paths.HomeRoot:
		j.deny("A2.home-delete", shown, "deletes a home directory with all of the user's files", instead)
		return
	case place == paths.Home:
		rel := j.res.HomeRelative(abs)
		if w.Glob {
			rel = j.res.HomeRelative(path.Join(abs, "x"))
		}
		top, _, _ := strings.Cut(rel, "/")
		if (recursive || w.Glob) && precious[top] && !strings.Contains(strings.TrimPrefix(rel, top), "/") {
			j.deny("A2.home-delete", shown, "deletes a whole folder of the user's personal data or credentials", instead)
			return
		}
		j.ask("B1.delete", shown, "deletes files in the home directory, outside the project")
		return
	case place == paths.Unknown:
		j.ask("B1.delete", shown, "deletes a path that cannot be resolved")
		return
	case place == paths.Temp && isTempRoot(abs, w.Glob):
		j.ask("B1.delete", shown, "deletes the whole temp directory, which other programs are using")
		return
	case (place == paths.Temp || place == paths.Null) && c.Origin != "":
		j.ask("B1.delete", shown, "deletes files from inside interpreter code, where a reader of the command does not see a delete")
		return
	case place == paths.Temp || place == paths.Null:
		j.allow("D2.temp-cleanup", shown, "deletes scratch files in a temp directory")
		return
	case place == paths.ProjectRoot:
		j.ask("B1.delete", shown, "deletes the whole project directory")
		return
	case place == paths.Project && inGitDir(abs) || place == paths.Project && path.Base(abs) == ".git":
		j.ask("B7.git-metadata", shown, "deletes the repository's history in .git")
		return
	case place == paths.Project:
		if w.Glob && globAtProjectRoot(j.res, abs) {
			j.ask("B1.delete", shown, "deletes everything at the top of the project")
			return
		}
		j.ask("B1.delete", shown, "deletes files in the project")
		return
	}
	j.ask("B1.delete", shown, "deletes files outside the project")
}

// precious lists top-level folders of a home directory whose loss is a
// disaster: the user's documents and their credentials.
var precious = map[string]bool{
	"Documents": true, "Desktop": true, "Downloads": true, "Pictures": true, "Music": true, "Movies": true, "Videos": true,
	"Library": true, ".ssh": true, ".gnupg": true, ".aws": true, ".config": true, ".local": true, ".kube": true,
	"src": true, "code": true, "projects": true, "workspace": true, "work": true, "go": true, "Dropbox": true, "Photos": true,
}

func globAtProjectRoot(r paths.Resolver, abs string) bool {
	i := strings.IndexAny(abs, "*?[")
	return i >= 0 && path.Dir(abs[:i]+"x") == path.Clean(r.Project)
}

// isTempRoot reports whether a path is a temp directory itself.
func isTempRoot(abs string, glob bool) bool {
	if glob {
		return false
	}
	switch abs {
	case "/tmp", "/var/tmp", "/private/tmp", "/private/var/tmp", "/dev/shm", "/var/folders":
		return true
	}
	return false
}

// persistent reports whether a file makes commands run later on its own:
// shell start-up files, cron tables, autostart entries, SSH access.
func persistent(r paths.Resolver, abs string) bool {
	rel := r.HomeRelative(abs)
	base := path.Base(abs)
	switch base {
	case ".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zprofile", ".zshenv", ".zlogin", ".cshrc", ".tcshrc", ".kshrc", ".inputrc", "config.fish", "authorized_keys", "authorized_keys2", "rc.local", ".xinitrc", ".xprofile", ".pam_environment":
		return rel != "" || strings.HasPrefix(abs, "/etc/") || base == "authorized_keys"
	}
	for _, dir := range []string{"/etc/cron", "/var/spool/cron", "/etc/init.d", "/etc/systemd", "/etc/profile", "/etc/bash", "/etc/zsh", "/Library/LaunchAgents", "/Library/LaunchDaemons", "/etc/rc", "/etc/xdg/autostart", "/etc/ld.so.preload", "/etc/environment"} {
		if strings.HasPrefix(abs, dir) {
			return true
		}
	}
	for _, dir := range []string{".config/autostart/", ".config/systemd/user/", "Library/LaunchAgents/", ".config/fish/", ".oh-my-zsh/custom/", ".bashrc.d/"} {
		if strings.HasPrefix(rel+"/", dir) || strings.HasPrefix(rel, dir) {
			return true
		}
	}
	return false
}

// persistedCode judges code written into a file that runs later: if the
// code itself would be denied, writing it is denied for the same reason.
func (j *judgement) persistedCode(abs, content string) {
	inner := &judgement{call: j.call, res: j.res}
	inner.bash(content)
	for _, f := range inner.findings {
		if f.verdict == 3 { // deny
			j.deny(f.id, path.Base(abs), "writes a command into "+path.Base(abs)+" that runs automatically later and "+f.reason, "leave start-up files unchanged unless the user asks for a specific line")
			return
		}
	}
}

// writeArgs judges a command that writes each of the given words as a file.
func (j *judgement) writeArgs(c *shell.Command, words []shell.Word) {
	for _, w := range words {
		if w.Dynamic {
			j.defer_("U.dynamic-path", w.Text, "writes to a path only known at run time")
			continue
		}
		if c.DirUnknown && !path.IsAbs(w.Text) && !strings.HasPrefix(w.Text, "~") {
			j.defer_("U.unknown-directory", w.Text, "writes relative to a directory the analysis cannot tell")
			continue
		}
		j.write(j.res.Resolve(w.Text, c.Dir), w.Glob, w.Text, c.Program)
	}
}

// readArgs checks a read-only command's file arguments for credentials.
func (j *judgement) readArgs(c *shell.Command) {
	for _, w := range c.Args {
		if w.Dynamic || strings.HasPrefix(w.Text, "-") && !strings.Contains(w.Text, "=") {
			continue
		}
		text := w.Text
		if _, v, ok := strings.Cut(text, "="); ok && strings.HasPrefix(text, "-") {
			text = v
		}
		if _, after, ok := strings.Cut(text, ":"); ok && c.Program == "git" {
			text = after // REV:path reads a file from history
		}
		abs := j.res.Resolve(text, c.Dir)
		if w.Glob {
			abs = strings.TrimRight(abs, "*?")
		}
		if kind := secrets.File(abs); kind != "" {
			j.secretRead(abs, kind)
		}
	}
}

// secretRead judges reading a credential. Private keys and credential
// stores outside the project are denied: their content would go into the
// conversation, which the model provider receives. Project secrets such as
// .env files need confirmation.
func (j *judgement) secretRead(abs, kind string) {
	place := j.res.Classify(abs, false)
	shown := abs
	if rel := j.res.HomeRelative(abs); rel != "" {
		shown = "~/" + rel
	}
	switch {
	case kind == "SSH configuration" || kind == "shell history" && place == paths.Project:
		j.ask("B3.secret-read", shown, "reads "+kind+", which can reveal private details")
	case kind == "environment file" || place == paths.Project || place == paths.Temp:
		j.ask("B3.secret-read", shown, "reads "+article(kind)+"; its secrets would be sent to the model provider with the conversation")
	default:
		j.deny("A6.credential-read", shown, "reads "+article(kind)+"; its secrets would be copied into the conversation and sent off the machine", "ask the user to run it themselves, or check only whether the file exists (test -f)")
	}
}

// readsSecret reports whether a command reads a credential file.
func (j *judgement) readsSecret(c *shell.Command) bool {
	for _, w := range c.Args {
		if w.Dynamic {
			continue
		}
		text := w.Text
		if _, v, ok := strings.Cut(text, "="); ok && strings.HasPrefix(text, "-") {
			text = v
		}
		text = strings.TrimPrefix(text, "@")
		if secrets.File(j.res.Resolve(text, c.Dir)) != "" {
			return true
		}
	}
	for _, r := range c.Redirs {
		if r.Reads() && !r.Target.Dynamic && secrets.File(j.res.Resolve(r.Target.Text, c.Dir)) != "" {
			return true
		}
	}
	return false
}
