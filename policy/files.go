package policy

import (
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/internal/lazyregexp"
	"github.com/arbitergate/arbiter/project"

	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
)

// redirects judges the files a command's redirections open. An input
// redirection (<, <>, N<, $(<file), exec N<) reads its target just as a
// file operand is read, so it is judged by the same rules; <> both reads
// and writes.
func (j *judgement) redirects(c *shell.Command) {
	for _, r := range c.Redirs {
		t := r.Target
		if strings.HasPrefix(t.Text, "/dev/tcp/") || strings.HasPrefix(t.Text, "/dev/udp/") {
			continue // network: judged with the flows
		}
		if r.Reads() && !j.redirectRead(c, t) {
			continue
		}
		if !r.Writes() {
			continue
		}
		if t.Dynamic {
			j.fireWith(catalog.UDynamicPath, c.String(), "writes to a file whose name is only known at run time")
			continue
		}
		abs := j.res.Resolve(t.Text, c.Dir)
		if c.DirUnknown && !path.IsAbs(t.Text) && !strings.HasPrefix(t.Text, "~") {
			j.fireWith(catalog.UUnknownDirectory, c.String(), "writes to a file relative to a directory the analysis cannot tell")
			continue
		}
		j.write(abs, t.Glob, t.Text, "redirection")
		if persistent(j.res, abs) && c.Program != "" {
			if text, ok := printedText(c); ok {
				j.persistedCode(abs, text)
			}
		}
	}
}

// redirectRead judges the file an input redirection reads. A target built
// at run time is judged by the parts known (/proc/$$/environ,
// ${HOME%/}/.ssh/id_rsa), as readArgs does, and is deferred when those
// parts name no credential: what it reads is only known at run time. It
// reports false once it has fired a rule for a credential or an unknown
// name, so that a <> redirection is not judged twice.
func (j *judgement) redirectRead(c *shell.Command, t shell.Word) bool {
	if kind, abs := j.redirectCredential(c, t); kind != "" {
		j.secretRead(abs, kind)
		return false
	}
	if t.Dynamic && !fdPipe.MatchString(t.Text) {
		// /dev/fd/N is a process substitution's pipe, whose command is
		// judged on its own, or a descriptor opened earlier, judged where
		// it was opened.
		j.fireWith(catalog.UDynamicPath, c.String(), "reads a file whose name is only known at run time")
		return false
	}
	return true
}

// fdPipe is a descriptor's name as a process substitution gives it.
var fdPipe = lazyregexp.New(`^/dev/fd/[0-9]+$`)

// redirectCredential returns the kind of credential an input
// redirection's target is, and its path, or "" when it is none (or
// nothing of it is known).
func (j *judgement) redirectCredential(c *shell.Command, t shell.Word) (kind, abs string) {
	text := t.Text
	if t.Dynamic {
		if text = knownParts(text); text == "" {
			return "", ""
		}
	}
	file, kind := j.credentialFile(j.res.Resolve(text, c.Dir), t.Glob)
	return kind, file
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
	if glob {
		// The shell writes every file the pattern expands to.
		for _, f := range j.globFiles(abs) {
			j.write(f, false, shown, how)
		}
	}
	typed := abs
	abs = j.canonicalCase(abs)
	place := j.res.Classify(abs, glob)
	switch {
	case j.isGuardPath(typed) || j.isGuardPath(abs):
		j.guardTamper(shown, "changes the files of a permission gate that guards this agent")
		return
	case j.isSessionRecord(abs):
		j.guardTamper(shown, sessionTamper)
		return
	case j.isAgentConfig(abs):
		j.fire(catalog.B5AgentConfig, shown)
		return
	case (place == paths.Project || place == paths.Temp) && inGitDir(abs):
		// A repository in a temp folder runs its hooks and config as the
		// project's does, for whoever works in it next.
		j.fire(catalog.B7GitMetadata, shown)
		return
	case persistent(j.res, abs):
		j.fireWith(catalog.B5Persistence, shown, "writes to a file that runs commands automatically later (shell start-up, cron, login, SSH access), so a change persists beyond this session")
		if pythonStartup(abs) && (place == paths.Root || place == paths.SystemRoot || place == paths.System) {
			j.systemWrite(abs, shown) // a site-packages of the system's python is still a system tree
		}
		return
	}
	if kind := secrets.File(abs); kind != "" {
		j.fireWith(catalog.B3SecretWrite, shown, "writes to "+article(kind)+", where credentials are stored")
		return
	}
	switch place {
	case paths.Project, paths.ProjectRoot, paths.Temp, paths.Null:
		j.fireWith(catalog.D2WriteProject, shown, "creates or changes files inside the project or a temp directory")
	case paths.Device:
		j.fireWith(catalog.A1RawDiskWrite, shown, "writes straight to a disk, memory or kernel control file, which can destroy data or crash the machine")
	case paths.Root, paths.SystemRoot, paths.System:
		j.systemWrite(abs, shown)
	case paths.Home, paths.HomeRoot:
		j.fireWith(catalog.H7OutsideProject, shown, "writes in the home directory, outside the project")
	case paths.Unknown:
		j.fireWith(catalog.UDynamicPath, shown, "writes to a path only known at run time")
	default:
		j.fireWith(catalog.H7OutsideProject, shown, "writes outside the project")
	}
}

// systemWrite judges writes to operating system trees. The trees the
// package manager owns are off limits; configuration and the
// administrator's own trees need a person's confirmation.
func (j *judgement) systemWrite(abs, shown string) {
	switch {
	case under(abs, "/etc"), under(abs, "/Library/LaunchDaemons"), under(abs, "/Library/LaunchAgents"):
		j.fire(catalog.B5SystemConfig, shown)
	case under(abs, "/usr/local"), under(abs, "/opt"), under(abs, "/srv"), under(abs, "/var"), under(abs, "/mnt"), under(abs, "/media"), under(abs, "/Applications"), under(abs, "/home"), under(abs, "/Users"), under(abs, "/run"), under(abs, "/Volumes"):
		j.fireWith(catalog.H7OutsideProject, shown, "writes in a system directory, outside the project")
	case under(abs, "/proc"), under(abs, "/sys"):
		j.fireWith(catalog.B5SystemConfig, shown, "changes kernel settings of the running system")
	default:
		j.fire(catalog.A2SystemTreeWrite, shown)
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
			j.fireWith(catalog.B1Delete, shown, "deletes a path only known at run time")
			return
		}
	}
	if c.DirUnknown && !path.IsAbs(w.Text) && !strings.HasPrefix(w.Text, "~") {
		j.fireWith(catalog.B1Delete, shown, "deletes a path relative to a directory the analysis cannot tell")
		return
	}
	abs := j.res.ResolveLink(w.Text, c.Dir) // rm removes a link, not what it points to
	place := j.res.Classify(abs, w.Glob)
	instead := "delete only the specific files inside the project that need to go, or ask the user to do this themselves"
	switch {
	case j.isGuardPath(abs):
		j.guardTamper(shown, "deletes the files of a permission gate that guards this agent")
		return
	case j.isSessionRecord(abs):
		j.guardTamper(shown, sessionTamper)
		return
	case recursive && j.holdsGuard(abs):
		j.guardTamper(shown, "deletes a folder that holds a permission gate's hook file, which switches off the gate that guards this agent")
		return
	case place == paths.Root:
		j.fireInstead(catalog.A2RootDelete, shown, "deletes the filesystem root, destroying the whole system", instead)
		return
	case place == paths.Device:
		j.fireInstead(catalog.A1RawDiskWrite, shown, "deletes a device node", instead)
		return
	case place == paths.SystemRoot || place == paths.System:
		if under(abs, "/usr/local") || under(abs, "/opt") || under(abs, "/srv") || under(abs, "/mnt") || under(abs, "/media") || under(abs, "/var/www") || under(abs, "/var/lib") || under(abs, "/var/cache") {
			j.fireWith(catalog.B1Delete, shown, "deletes files in a system directory, outside the project")
			return
		}
		j.fireInstead(catalog.A2SystemTreeDelete, shown, "deletes files the operating system needs, which can leave the machine unusable", instead)
		return
	case place == paths.HomeRoot:
		j.fireInstead(catalog.A2HomeDelete, shown, "deletes a home directory with all of the user's files", instead)
		return
	case j.scratchDelete(c, w, abs, place, recursive):
		return
	case foundByFind(c, w) && j.findCacheDelete(j.findOf(c), shown):
		return
	case place == paths.Home:
		rel := j.res.HomeRelative(abs)
		if w.Glob {
			rel = j.res.HomeRelative(path.Join(abs, "x"))
		}
		top, _, _ := strings.Cut(rel, "/")
		if (recursive || w.Glob) && precious.Get()[top] && !strings.Contains(strings.TrimPrefix(rel, top), "/") {
			j.fireInstead(catalog.A2HomeDelete, shown, "deletes a whole folder of the user's personal data or credentials", instead)
			return
		}
		j.fireWith(catalog.B1Delete, shown, "deletes files in the home directory, outside the project")
		return
	case place == paths.Unknown:
		j.fireWith(catalog.B1Delete, shown, "deletes a path that cannot be resolved")
		return
	case place == paths.Temp && isTempRoot(abs, w.Glob):
		j.fireWith(catalog.B1Delete, shown, "deletes the whole temp directory, which other programs are using")
		return
	case (place == paths.Temp || place == paths.Null) && c.Origin != "":
		j.fireWith(catalog.B1Delete, shown, "deletes files from inside interpreter code, where a reader of the command does not see a delete")
		return
	case place == paths.Temp || place == paths.Null:
		j.fire(catalog.D2TempCleanup, shown)
		return
	case place == paths.ProjectRoot:
		j.fireWith(catalog.B1Delete, shown, j.projectRootDelete(c, w))
		return
	case place == paths.Project && inGitDir(abs) && !w.Glob && strings.HasSuffix(abs, ".lock"):
		j.fireWith(catalog.B7GitMetadata, shown, "deletes a lock file of git's; if a git command is still running and holds it, two could then write the repository at once and corrupt it")
		return
	case place == paths.Project && inGitDir(abs) || place == paths.Project && path.Base(abs) == ".git":
		j.fireWith(catalog.B7GitMetadata, shown, "deletes the repository's history in .git")
		return
	case place == paths.Project && j.cacheDelete(c, w, abs):
		return
	case place == paths.Project:
		if w.Glob && globAtProjectRoot(j.res, abs) {
			j.fireWith(catalog.B1Delete, shown, "deletes everything at the top of the project")
			return
		}
		j.fireWith(catalog.B1Delete, shown, "deletes files in the project")
		return
	}
	j.fireWith(catalog.B1Delete, shown, "deletes files outside the project")
}

// precious lists top-level folders of a home directory whose loss is a
// disaster: the user's documents and their credentials.
var precious = lazy.New(func() map[string]bool {
	return map[string]bool{
		"Documents": true, "Desktop": true, "Downloads": true, "Pictures": true, "Music": true, "Movies": true, "Videos": true,
		"Library": true, ".ssh": true, ".gnupg": true, ".aws": true, ".config": true, ".local": true, ".kube": true,
		"src": true, "code": true, "projects": true, "workspace": true, "work": true, "go": true, "Dropbox": true, "Photos": true,
	}
})

func globAtProjectRoot(r paths.Resolver, abs string) bool {
	i := strings.IndexAny(abs, "*?[")
	return i >= 0 && path.Dir(abs[:i]+"x") == path.Clean(r.Project)
}

// isTempRoot reports whether a path is a temp directory itself.
func isTempRoot(abs string, glob bool) bool {
	if glob {
		// /tmp/* and /tmp/.* reach every entry of the temp directory:
		// other programs' and other users' files, not this task's.
		// So do /tmp/[a-z]* and /tmp/.[!.]*: a name with no letter of its
		// own outside its bracket expressions picks no one file.
		if dir, base := path.Split(abs); strings.Trim(stripBrackets(base), "*.?") == "" {
			abs = strings.TrimSuffix(dir, "/")
		} else {
			return false
		}
	}
	switch abs {
	case "/tmp", "/var/tmp", "/private/tmp", "/private/var/tmp", "/dev/shm", "/var/folders":
		return true
	}
	return false
}

// stripBrackets removes the bracket expressions ([a-z], [!.]) of a glob.
func stripBrackets(glob string) string {
	var b strings.Builder
	for i := 0; i < len(glob); i++ {
		if glob[i] == '[' {
			if j := strings.IndexByte(glob[i+1:], ']'); j >= 0 {
				i += j + 1
				continue
			}
		}
		b.WriteByte(glob[i])
	}
	return b.String()
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
	return runByTools(abs)
}

// runByTools reports a file, in a project or anywhere, that other tools
// run on their own: an editor's tasks on opening the folder, direnv on
// cd, git hooks kept by husky, cargo's wrappers, CI on the next push,
// npm's and yarn's own configuration of what runs scripts.
func runByTools(abs string) bool {
	base := path.Base(abs)
	switch base {
	case ".envrc", ".npmrc", ".yarnrc.yml", ".yarnrc", ".pre-commit-config.yaml", ".gitlab-ci.yml", ".travis.yml", "Jenkinsfile",
		"lefthook.yml", "lefthook.yaml", ".lefthook.yml", ".lefthook.yaml", "bitbucket-pipelines.yml", "azure-pipelines.yml", ".drone.yml",
		".woodpecker.yml", "mise.toml", ".mise.toml":
		return true
	}
	if strings.HasSuffix(base, ".code-workspace") { // its tasks run when the folder opens
		return true
	}
	for _, dir := range []string{"/.husky/", "/.github/workflows/", "/.devcontainer/", "/.circleci/", "/.githooks/",
		"/.gitea/workflows/", "/.forgejo/workflows/", "/.buildkite/", "/.github/actions/", "/.woodpecker/"} {
		if strings.Contains(abs, dir) {
			return true
		}
	}
	if pythonStartup(abs) || venvActivation(abs) {
		return true
	}
	return strings.HasSuffix(abs, "/.vscode/tasks.json") || strings.HasSuffix(abs, "/.vscode/settings.json") || strings.HasSuffix(abs, "/.vscode/launch.json") ||
		strings.HasSuffix(abs, "/.cargo/config.toml") || strings.HasSuffix(abs, "/.cargo/config")
}

// venvActivation reports a virtual environment's activation scripts and
// its pyvenv.cfg: a person's next `source .venv/bin/activate` runs the
// script, and every start of the environment's interpreter reads the
// configuration, which names the interpreter that runs.
func venvActivation(abs string) bool {
	base, dir := path.Base(abs), path.Base(path.Dir(abs))
	switch {
	case base == "pyvenv.cfg":
		return true
	case dir != "bin" && dir != "Scripts":
		return false
	}
	switch base {
	case "activate", "activate.sh", "activate.bash", "activate.zsh", "activate.fish", "activate.csh", "activate.nu", "activate.ps1", "Activate.ps1", "activate.bat", "activate_this.py":
		return true
	}
	return false
}

// pythonStartup reports a file Python runs on every start of an
// interpreter that has it on its path: a .pth file's import lines, and
// sitecustomize.py or usercustomize.py, in any site-packages (a
// project's virtual environment too, where every later test run and
// script starts it).
func pythonStartup(abs string) bool {
	base := path.Base(abs)
	if !strings.HasSuffix(base, ".pth") && base != "sitecustomize.py" && base != "usercustomize.py" {
		return false
	}
	dir := path.Dir(abs) + "/"
	if strings.Contains(dir, "/site-packages/") || strings.Contains(dir, "/dist-packages/") {
		return true
	}
	// sitecustomize.py is also imported from python's own library folder.
	return !strings.HasSuffix(base, ".pth") && pythonLib.MatchString(path.Dir(abs))
}

// pythonStartupCode is the code python runs from a start-up file: all of
// sitecustomize.py, and the lines of a .pth file that start with import.
func pythonStartupCode(abs, content string) string {
	if !strings.HasSuffix(abs, ".pth") {
		return content
	}
	var code []string
	for line := range strings.Lines(content) {
		if strings.HasPrefix(line, "import ") || strings.HasPrefix(line, "import\t") {
			code = append(code, strings.TrimSuffix(line, "\n"))
		}
	}
	return strings.Join(code, "\n")
}

// pythonLib matches python's own library folder (lib/python3.12).
var pythonLib = lazyregexp.New(`/lib/python[0-9.]*$`)

// persistedCode judges code written into a file that runs later: if the
// code itself would be denied, writing it is denied for the same reason.
func (j *judgement) persistedCode(abs, content string) {
	inner := &judgement{call: j.call, res: j.res, files: j.files, scanned: j.scanned}
	if pythonStartup(abs) {
		content = pythonStartupCode(abs, content)
		delim := "ARBITER_CODE_END"
		for strings.Contains(content, delim) {
			delim += "_"
		}
		content = "python3 - <<'" + delim + "'\n" + content + "\n" + delim + "\n"
	}
	inner.bash(content)
	for _, f := range inner.findings {
		if f.verdict == 3 { // deny
			j.fireInstead(f.id, path.Base(abs), "writes a command into "+path.Base(abs)+" that runs automatically later and "+f.reason, "leave start-up files unchanged unless the user asks for a specific line")
			return
		}
	}
}

// writeArgs judges a command that writes each of the given words as a file.
func (j *judgement) writeArgs(c *shell.Command, words []shell.Word) {
	for _, w := range words {
		if w.Dynamic {
			j.fireWith(catalog.UDynamicPath, w.Text, "writes to a path only known at run time")
			continue
		}
		if c.DirUnknown && !path.IsAbs(w.Text) && !strings.HasPrefix(w.Text, "~") {
			j.fireWith(catalog.UUnknownDirectory, w.Text, "writes relative to a directory the analysis cannot tell")
			continue
		}
		j.write(j.res.Resolve(w.Text, c.Dir), w.Glob, w.Text, c.Program)
	}
}

// readArgs checks a read-only command's file arguments for credentials.
// Listing a credential's folder or testing that it exists is not reading
// it (the deny for a read recommends exactly that test).
func (j *judgement) readArgs(c *shell.Command) {
	if namesOnly(c.Program) {
		return
	}
	for _, w := range c.Args {
		if strings.HasPrefix(w.Text, "-") && !strings.Contains(w.Text, "=") || foundByFind(c, w) {
			continue
		}
		text := w.Text
		if w.Dynamic {
			// /proc/$$/environ, $HOME/.netrc: the parts known say enough.
			if text = knownParts(text); text == "" {
				continue
			}
		}
		if _, v, ok := strings.Cut(text, "="); ok && strings.HasPrefix(text, "-") {
			text = v
		}
		if _, after, ok := strings.Cut(text, ":"); ok && c.Program == "git" {
			text = after // REV:path reads a file from history
		}
		abs := j.res.Resolve(text, c.Dir)
		if j.created[abs] {
			continue
		}
		j.readsCredential(abs, w.Glob)
	}
}

// knownParts renders a word built at run time for a credential test:
// $HOME becomes ~, and any other expansion a placeholder segment, so that
// /proc/$$/environ reads as /proc/x/environ. It returns "" when nothing
// but expansions is known.
func knownParts(text string) string {
	for _, h := range []string{"$HOME", "${HOME}"} {
		if rest, ok := strings.CutPrefix(text, h); ok && (rest == "" || rest[0] == '/') {
			text = "~" + rest
		}
	}
	var b strings.Builder
	known := false
	for i := 0; i < len(text); i++ {
		if text[i] != '$' {
			b.WriteByte(text[i])
			if text[i] != '/' {
				known = true
			}
			continue
		}
		// Skip the expansion: ${…}, $(…), $name or a special parameter.
		switch {
		case i+1 < len(text) && (text[i+1] == '{' || text[i+1] == '('):
			closer := map[byte]byte{'{': '}', '(': ')'}[text[i+1]]
			if e := strings.IndexByte(text[i:], closer); e > 0 {
				i += e
			} else {
				i = len(text)
			}
		default:
			e := i + 1
			for e < len(text) && identByte(text[e]) {
				e++
			}
			if e == i+1 && e < len(text) {
				e++ // $$, $1, $?
			}
			i = e - 1
		}
		b.WriteByte('x')
	}
	if !known {
		return ""
	}
	return b.String()
}

// foundByFind reports the word find -exec hands a command: the analysis
// writes it ROOT/*, which says nothing of find's name tests, so the files
// it stands for are judged with the find command (hiddenReads).
func foundByFind(c *shell.Command, w shell.Word) bool {
	return w.Glob && c.Has("find") && strings.HasSuffix(w.Text, "/*")
}

// usesCredential reports an option whose value is a key or certificate
// the program authenticates with, and does not send: ssh -i KEY,
// curl --key KEY. opt may carry its value after "=".
func usesCredential(program, opt string) bool {
	name, _, _ := strings.Cut(opt, "=")
	switch program {
	case "ssh", "scp", "sftp", "autossh", "mosh", "rsync", "git":
		return name == "-i" || strings.EqualFold(strings.TrimPrefix(name, "-o"), "IdentityFile") || name == "-oIdentityFile"
	case "curl", "wget", "http", "https", "xh", "xhs", "httpie", "openssl":
		switch name {
		case "--cert", "-E", "--key", "--cacert", "--capath", "--proxy-cert", "--proxy-key", "--certificate", "--private-key", "--ca-certificate", "--cert-type", "-key", "-cert", "-CAfile":
			return true
		}
	}
	return false
}

// namesOnly lists programs that print a file's name, type, size or
// permissions, never its content, and tests that only say whether it
// exists.
func namesOnly(s string) bool {
	switch s {
	case "ls", "dir", "vdir", "stat", "test", "[", "[[", "file", "du", "wc", "realpath", "readlink", "basename",
		"dirname", "lsattr", "getfacl", "tree", "exa", "eza", "lsd", "find", "fd", "fdfind", "locate":
		return true
	}
	return false
}

// credentialAt returns what credential a path or pattern names, or "".
// A file that exists is judged by what it holds as well as by its name
// (fileSecret); a pattern by its name and by the files it expands to.
func (j *judgement) credentialAt(abs string, glob bool) string {
	_, kind := j.credentialFile(abs, glob)
	return kind
}

// credentialFile is credentialAt with the file the credential is read
// from: abs itself, or for a pattern the file it expands to that holds
// one, where its links lead.
func (j *judgement) credentialFile(abs string, glob bool) (string, string) {
	if glob {
		// The files it expands to first: a read of one is judged where it lies.
		if file, kind := j.globSecret(abs); kind != "" {
			return file, kind
		}
		if kind := secrets.Glob(abs, j.res.Home); kind != "" {
			return abs, kind
		}
		return "", ""
	}
	if path.Base(abs) == "config" && path.Base(path.Dir(abs)) == ".git" && storesToken(abs) {
		return abs, "git configuration holding a token"
	}
	return abs, j.fileSecret(abs, secrets.File(abs))
}

// readsCredential judges reading a path or pattern that names a
// credential, read where it lies; true when it did.
func (j *judgement) readsCredential(abs string, glob bool) bool {
	file, kind := j.credentialFile(abs, glob)
	if kind == "" {
		return false
	}
	j.secretRead(file, kind)
	return true
}

// gitToken finds a credential git keeps in a repository's configuration:
// a remote URL with a password (https://x-access-token:TOKEN@host, as CI
// checkouts write it) or an extra HTTP header (actions/checkout's
// http.https://github.com/.extraheader = AUTHORIZATION: basic ...).
var gitToken = lazyregexp.New(`(?i)://[^/\s:@]+:[^/\s@]+@|extraheader\s*=`)

// storesToken reports whether the git configuration file at abs holds one.
func storesToken(abs string) bool {
	f, err := project.Read(abs)
	return err == nil && f.Kind == project.Text && gitToken.MatchString(f.Text)
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
	case kind == unreadable:
		j.fireWith(catalog.UUnreadableFile, shown, "arbiter cannot read this file to check it for secrets")
	case kind == "SSH configuration" || kind == "shell history" && place == paths.Project:
		j.fireWith(catalog.B3SecretRead, shown, "reads "+kind+", which can reveal private details")
	case kind == "environment file" || place == paths.Project || place == paths.Temp:
		j.fireWith(catalog.B3SecretRead, shown, "reads "+article(kind)+"; its secrets would be sent to the model provider with the conversation")
	default:
		j.fireInstead(catalog.A6CredentialRead, shown, "reads "+article(kind)+"; its secrets would be copied into the conversation and sent off the machine", "ask the user to run it themselves, or check only whether the file exists (test -f)")
	}
}

// readsSecret reports whether a command reads a credential file.
func (j *judgement) readsSecret(c *shell.Command) bool {
	if namesOnly(c.Program) {
		return false
	}
	for k, w := range c.Args {
		if w.Dynamic || foundByFind(c, w) || k > 0 && usesCredential(c.Program, c.Args[k-1].Text) || usesCredential(c.Program, w.Text) && strings.Contains(w.Text, "=") {
			continue
		}
		text := w.Text
		if _, v, ok := strings.Cut(text, "="); ok && strings.HasPrefix(text, "-") {
			text = v
		}
		text = strings.TrimPrefix(text, "@")
		if j.credentialAt(j.res.Resolve(text, c.Dir), w.Glob) != "" {
			return true
		}
	}
	for _, r := range c.Redirs {
		if kind, _ := j.redirectCredential(c, r.Target); r.Reads() && kind != "" {
			return true
		}
	}
	return false
}

// shownPath renders a path for a reason: home-relative when it can be.
func (j *judgement) shownPath(abs string) string {
	if rel := j.res.HomeRelative(abs); rel != "" {
		return "~/" + rel
	}
	if abs == j.res.Home {
		return "the home directory"
	}
	return abs
}

// fileShown renders a file read to decide for a reason: relative to the
// project when it is in it, else as shownPath does.
func (j *judgement) fileShown(abs string) string {
	if rel, ok := strings.CutPrefix(abs, j.res.Project+"/"); ok && j.res.Project != "" && j.res.Project != "/" {
		return rel
	}
	return j.shownPath(abs)
}
