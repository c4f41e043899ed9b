package policy

import (
	"path"
	"strings"

	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
)

type rule func(*judgement, *shell.Command)

// ruleFor returns the rule for a program, or nil when the lists decide.
func ruleFor(program string) rule {
	switch program {
	case "rm", "unlink", "srm":
		return (*judgement).rm
	case "rmdir":
		return (*judgement).rmdir
	case "shred", "wipefs", "fdisk", "sfdisk", "gdisk", "sgdisk", "cfdisk", "parted", "blkdiscard", "pvremove", "vgremove", "lvremove", "pvcreate", "vgcreate", "lvcreate", "mdadm", "cryptsetup", "badblocks", "hdparm", "zpool", "zfs", "lvm", "diskutil", "newfs", "mkswap", "swapoff":
		return (*judgement).disk
	case "dd":
		return (*judgement).dd
	case "truncate":
		return (*judgement).truncate
	case "cp", "mv", "ln", "install", "rsync":
		return (*judgement).copy
	case "tee", "touch", "mkdir", "mkfifo", "mknod", "patch", "objcopy", "strip":
		return (*judgement).creates
	case "chmod", "chown", "chgrp", "chattr", "setfacl", "chflags":
		return (*judgement).permissions
	case "sed", "gsed":
		return (*judgement).sed
	case "tar", "gtar", "bsdtar", "unzip", "7z", "unrar":
		return (*judgement).archive
	case "find":
		return (*judgement).find
	case "git":
		return (*judgement).git
	case "curl", "wget", "http", "https", "xh", "xhs", "httpie", "aria2c", "fetch":
		return (*judgement).httpClient
	case "nc", "ncat", "netcat", "socat", "telnet":
		return (*judgement).netcat
	case "scp", "sftp":
		return (*judgement).remoteCopy
	case "ssh", "mosh":
		return (*judgement).ssh
	case "echo", "printf":
		return (*judgement).echo
	case "printenv", "env", "export", "set", "declare", "typeset", "local", "readonly":
		return (*judgement).environmentDump
	case "sudo", "doas", "su", "pkexec", "runuser", "sudoedit", "visudo":
		return (*judgement).root
	case "kill", "pkill", "killall", "xkill", "skill":
		return (*judgement).kill
	case "shutdown", "reboot", "halt", "poweroff", "init", "telinit":
		return denyWith("A4.shutdown", "shuts down or restarts the machine", "ask the user to do this themselves")
	case "iptables", "ip6tables", "nft", "ufw", "firewall-cmd", "pfctl", "setenforce", "csrutil", "spctl", "tccutil", "aa-disable", "aa-complain", "apparmor_parser", "auditctl", "setsebool", "semanage":
		return (*judgement).security
	case "systemctl", "service", "launchctl", "update-rc.d", "chkconfig", "sysctl", "crontab", "at", "batch", "useradd", "userdel", "usermod", "groupadd", "groupdel", "passwd", "chpasswd", "chsh", "visudo-edit", "hostnamectl", "timedatectl", "modprobe", "insmod", "rmmod", "kextload", "kextunload", "mount", "umount", "swapon", "update-alternatives", "defaults", "pmset", "systemsetup", "networksetup", "scutil", "dscl", "ldconfig", "setcap", "loginctl":
		return (*judgement).systemConfig
	case "bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "fish", "csh", "tcsh", "yash", "posh", "rbash", "source", ".":
		return (*judgement).shellRun
	case "eval", "exec", "trap", "xargs", "parallel", "watch", "timeout", "nohup", "nice", "time", "command", "builtin", "alias":
		return (*judgement).wrapperOnly
	case "npm", "yarn", "pnpm", "bun", "pip", "pip3", "pipx", "uv", "poetry", "pdm", "conda", "mamba", "gem", "bundle", "cargo", "go", "composer", "dotnet", "mvn", "gradle", "gradlew", "make", "gmake", "cmake", "brew", "port", "apt", "apt-get", "aptitude", "dpkg", "yum", "dnf", "rpm", "zypper", "pacman", "apk", "snap", "flatpak", "nix-env", "nix", "choco", "winget", "scoop", "opam", "cabal", "stack", "rustup", "deno", "easy_install", "R", "hatch", "rye", "pixi", "swift", "mix", "rebar3", "lein", "sbt", "bazel", "bazelisk", "nvm", "fnm", "volta", "asdf", "sdk":
		return (*judgement).packages
	case "docker", "podman", "docker-compose", "nerdctl":
		return (*judgement).docker
	case "kubectl", "helm", "terraform", "tofu", "pulumi", "aws", "gcloud", "gsutil", "az", "doctl", "wrangler", "vercel", "netlify", "fly", "flyctl", "railway", "heroku", "firebase", "supabase", "ansible", "ansible-playbook", "eksctl", "oc", "k9s":
		return (*judgement).cloud
	case "gh", "glab", "hub":
		return (*judgement).forge
	case "sqlite3", "psql", "mysql", "mariadb", "mongo", "mongosh", "redis-cli", "cqlsh", "dropdb", "createdb", "dropuser":
		return (*judgement).databaseClient
	case "rails", "rake", "alembic", "prisma", "knex", "sequelize", "sequelize-cli", "typeorm", "flyway", "liquibase", "django-admin", "drizzle-kit", "diesel", "goose", "dbmate", "atlas", "sqlx":
		return (*judgement).migrationTool
	case "vim", "vi", "nvim", "nano", "emacs", "pico", "joe", "micro", "ed", "ex", "view", "top", "htop", "btop", "atop", "iftop", "iotop", "nethack", "tmux", "screen", "irb", "pry", "ghci", "ftp", "lftp", "bc", "python-repl", "ipython", "jshell", "erl", "iex", "clojure", "lein-repl", "gdb", "lldb", "mc", "ranger", "nnn", "vifm", "watch-interactive", "fzf", "dialog", "whiptail", "crontab-e", "less", "more", "most", "info":
		return (*judgement).interactiveProgram
	case "mail", "mailx", "sendmail", "mutt", "msmtp":
		return askWith("B10.send-message", "sends email to other people")
	case "nah", "arbiter", "dcg", "cc-safety-net":
		return (*judgement).gateCommand
	case "base64", "xxd", "uudecode", "openssl", "gpg":
		return (*judgement).decoder
	case "ps", "pgrep", "lsof", "netstat", "ss", "who", "w", "last", "uptime", "free", "vmstat", "iostat", "df", "du", "nproc", "lscpu", "lsblk", "uname", "hostname", "id", "whoami", "groups", "arch", "date", "tty", "locale", "getconf", "ulimit", "umask", "jobs", "wait", "sleep", "true", "false", ":", "test", "[", "[[", "exit", "return", "break", "continue", "shift", "cd", "pushd", "popd", "dirs", "pwd", "read", "let", "unset", "shopt", "hash", "type", "which", "whereis", "history", "getopts", "disown", "fg", "bg", "caller", "complete", "compgen", "help", "logout", "times", "ulimit-n", "bind", "enable", "mapfile", "readarray", "suspend", "wait4":
		return (*judgement).builtinOrInfo
	}
	return nil
}

func denyWith(id, reason, instead string) rule {
	return func(j *judgement, c *shell.Command) { j.deny(id, c.String(), reason, instead) }
}

func askWith(id, reason string) rule {
	return func(j *judgement, c *shell.Command) { j.ask(id, c.String(), reason) }
}

func (j *judgement) builtinOrInfo(c *shell.Command) {
	switch c.Program {
	case "hostname", "date":
		if len(c.Args) > 0 && !strings.HasPrefix(c.Args[0].Text, "+") && !strings.HasPrefix(c.Args[0].Text, "-") {
			j.ask("B5.system-config", c.String(), "changes the machine's "+c.Program)
			return
		}
	}
	j.allow("D1.read-only", c.String(), "reads or prints without changing anything")
	j.readArgs(c)
}

// operands returns the non-option words of a command; "--" ends options.
func operands(c *shell.Command, valued ...string) []shell.Word {
	var out []shell.Word
	done := false
	for k := 0; k < len(c.Args); k++ {
		a := c.Args[k]
		if !done && a.Text == "--" {
			done = true
			continue
		}
		if !done && strings.HasPrefix(a.Text, "-") && len(a.Text) > 1 {
			if contains(valued, a.Text) {
				k++
			}
			continue
		}
		out = append(out, a)
	}
	return out
}

func hasFlag(c *shell.Command, short byte, long ...string) bool {
	for _, a := range c.Args {
		if a.Text == "--" {
			return false
		}
		if short != 0 && shortFlag(a.Text, short) {
			return true
		}
		for _, l := range long {
			if gitOpt(a.Text, l) {
				return true
			}
		}
	}
	return false
}

func (j *judgement) rm(c *shell.Command) {
	targets := operands(c)
	if hasFlag(c, 0, "--help", "--version") {
		j.allow("D1.read-only", c.String(), "prints help")
		return
	}
	if len(targets) == 0 {
		j.defer_("U.bad-input", c.String(), c.Program+" names nothing to remove")
		return
	}
	recursive := hasFlag(c, 'r', "--recursive") || hasFlag(c, 'R')
	for _, t := range targets {
		j.remove(c, t, recursive)
	}
}

func (j *judgement) rmdir(c *shell.Command) {
	for _, t := range operands(c) {
		abs := j.res.Resolve(t.Text, c.Dir)
		if j.isGuardPath(abs) {
			j.guardTamper(t.Text, "removes a permission gate's folder")
			return
		}
	}
	j.allow("D2.rmdir", c.String(), "removes only empty directories")
}

func (j *judgement) disk(c *shell.Command) {
	subj := c.String()
	switch c.Program {
	case "zfs", "zpool":
		if len(c.Args) > 0 && (c.Args[0].Text == "destroy" || c.Args[0].Text == "labelclear") {
			j.deny("A1.storage-destroy", subj, "destroys a storage pool or dataset with all its data", "ask the user to do this themselves")
			return
		}
		j.ask("A1.storage", subj, "changes storage pools")
		return
	case "lvm":
		if len(c.Args) > 0 && strings.HasSuffix(c.Args[0].Text, "remove") {
			j.deny("A1.storage-destroy", subj, "removes a logical volume with all its data", "ask the user to do this themselves")
			return
		}
	case "shred":
		for _, t := range operands(c, "-n", "-s", "--iterations", "--size") {
			abs := j.res.Resolve(t.Text, c.Dir)
			if place := j.res.Classify(abs, t.Glob); place == paths.Device || place == paths.System || place == paths.SystemRoot || place == paths.HomeRoot || place == paths.Root {
				j.deny("A1.raw-disk-write", subj, "overwrites a disk or system file beyond recovery", "ask the user to do this themselves")
				return
			}
			j.remove(c, t, false)
		}
		j.ask("B1.delete", subj, "destroys files beyond recovery")
		return
	case "diskutil":
		if len(c.Args) > 0 && (strings.HasPrefix(strings.ToLower(c.Args[0].Text), "erase") || c.Args[0].Text == "partitionDisk" || c.Args[0].Text == "zeroDisk" || c.Args[0].Text == "randomDisk") {
			j.deny("A1.raw-disk-write", subj, "erases a disk", "ask the user to do this themselves")
			return
		}
		j.ask("A1.storage", subj, "changes disks")
		return
	case "badblocks", "hdparm":
		if !hasFlag(c, 'w') && !hasFlag(c, 0, "--security-erase", "--security-erase-enhanced", "--trim-sector-ranges") {
			j.ask("A1.storage", subj, "tests or tunes a disk")
			return
		}
	}
	j.rawDisk(c, subj)
}

func (j *judgement) rawDisk(c *shell.Command, subj string) {
	j.deny("A1.raw-disk-write", subj, "formats, partitions or erases storage, destroying the data on it", "ask the user to do this themselves")
}

func (j *judgement) dd(c *shell.Command) {
	subj := c.String()
	for _, a := range c.Args {
		if v, ok := strings.CutPrefix(a.Text, "of="); ok {
			j.write(j.res.Resolve(v, c.Dir), a.Glob, v, "dd")
			return
		}
	}
	for _, a := range c.Args {
		if v, ok := strings.CutPrefix(a.Text, "if="); ok && paths.IsDevice(v) {
			j.ask("A1.raw-disk-read", subj, "reads a raw disk, which can expose every file on it")
			return
		}
	}
	j.allow("D1.read-only", subj, "copies data to standard output")
}

func (j *judgement) truncate(c *shell.Command) {
	files := operands(c, "-s", "--size", "-r", "--reference")
	for _, f := range files {
		abs := j.res.Resolve(f.Text, c.Dir)
		place := j.res.Classify(abs, f.Glob)
		if place == paths.Project || place == paths.ProjectRoot {
			j.ask("B1.delete", f.Text, "truncates a project file, destroying its contents")
			continue
		}
		j.write(abs, f.Glob, f.Text, "truncate")
	}
	if len(files) == 0 {
		j.defer_("U.bad-input", c.String(), "truncate names no file")
	}
}

// copy judges cp, mv, ln, install and local rsync: sources are read (or,
// for mv, removed) and the destination written.
func (j *judgement) copy(c *shell.Command) {
	subj := c.String()
	if c.Program == "rsync" {
		for _, a := range c.Args {
			if strings.Contains(a.Text, ":") && !strings.HasPrefix(a.Text, "-") && !strings.HasPrefix(a.Text, "/") || strings.HasPrefix(a.Text, "rsync://") {
				j.remoteCopy(c)
				return
			}
		}
	}
	ops := operands(c, "-t", "--target-directory", "-S", "--suffix", "-m", "--mode", "-o", "--owner", "-g", "--group", "-e", "--exclude", "--include", "--filter", "-f")
	target := ""
	for k, a := range c.Args {
		if (a.Text == "-t" || a.Text == "--target-directory") && k+1 < len(c.Args) {
			target = c.Args[k+1].Text
		} else if v, ok := strings.CutPrefix(a.Text, "--target-directory="); ok {
			target = v
		}
	}
	var sources []shell.Word
	var dest shell.Word
	switch {
	case target != "":
		sources, dest = ops, shell.Word{Text: target}
	case len(ops) >= 2:
		sources, dest = ops[:len(ops)-1], ops[len(ops)-1]
	case len(ops) == 1 && c.Program == "ln":
		sources, dest = ops, shell.Word{Text: path.Base(ops[0].Text)}
	default:
		j.defer_("U.bad-input", subj, c.Program+" needs a source and a destination")
		return
	}
	for _, s := range sources {
		abs := j.res.Resolve(s.Text, c.Dir)
		if c.Program == "ln" && j.isGuardPath(abs) {
			j.guardTamper(s.Text, "links to a permission gate's files, so that later writes change them")
		}
		if c.Program == "mv" {
			if s.Dynamic {
				j.defer_("U.dynamic-path", s.Text, "moves a path only known at run time")
				continue
			}
			place := j.res.Classify(abs, s.Glob)
			if j.isGuardPath(abs) || place == paths.Root || place == paths.SystemRoot || place == paths.System || place == paths.HomeRoot || place == paths.Device {
				j.remove(c, s, true)
			}
		}
		if j.readsSecretPath(abs) {
			j.ask("B3.secret-copy", s.Text, "copies a credential file, spreading the secret to another place")
		}
	}
	if dest.Dynamic {
		j.defer_("U.dynamic-path", dest.Text, "writes to a path only known at run time")
		return
	}
	destAbs := j.res.Resolve(dest.Text, c.Dir)
	before := len(j.findings)
	j.write(destAbs, dest.Glob, dest.Text, c.Program)
	if c.Program == "mv" && len(j.findings) > before && j.findings[len(j.findings)-1].verdict == 0 {
		j.defer_("C3.move", subj, "moves or renames files, which can overwrite an existing file")
	}
}

func (j *judgement) readsSecretPath(abs string) bool {
	c := shell.Command{Args: []shell.Word{{Text: abs}}}
	return j.readsSecret(&c)
}

// creates judges tee, touch, mkdir and other commands whose operands are
// files they create or change.
func (j *judgement) creates(c *shell.Command) {
	ops := operands(c, "-m", "--mode", "-p", "-i", "-o", "-d", "-r", "-t", "--reference", "-F", "-K", "-R", "-N", "-B", "-O")
	switch c.Program {
	case "patch":
		if len(ops) > 0 {
			ops = ops[:1]
		}
	case "objcopy", "strip":
		for k, a := range c.Args {
			if a.Text == "-o" && k+1 < len(c.Args) {
				ops = append(ops, c.Args[k+1])
			}
		}
	}
	if len(ops) == 0 {
		j.allow("D1.read-only", c.String(), "writes to standard output only")
		return
	}
	j.writeArgs(c, ops)
}

func (j *judgement) permissions(c *shell.Command) {
	subj := c.String()
	ops := operands(c, "--reference", "--from")
	if c.Program == "chattr" || c.Program == "setfacl" || c.Program == "chflags" {
		j.ask("A4.permissions", subj, "changes file attributes or access lists")
	}
	if len(ops) < 2 {
		j.defer_("U.bad-input", subj, c.Program+" without a mode and a file")
		return
	}
	mode, files := ops[0].Text, ops[1:]
	recursive := hasFlag(c, 'R', "--recursive")
	for _, f := range files {
		if f.Dynamic {
			j.ask("A4.permissions", f.Text, "changes permissions of a path only known at run time")
			continue
		}
		abs := j.res.Resolve(f.Text, c.Dir)
		place := j.res.Classify(abs, f.Glob)
		switch {
		case j.isGuardPath(abs):
			j.guardTamper(f.Text, "changes the permissions of a permission gate's files")
		case place == paths.Root || place == paths.SystemRoot || place == paths.Device || place == paths.HomeRoot && recursive || place == paths.System && (recursive || c.Program != "chmod" || !plainMode(mode)):
			j.deny("A4.permissions", f.Text, "changes OS-level ownership or permissions, which can lock users out or open the system to others", "change permissions only on files inside the project")
		case place == paths.System:
			j.ask("A4.permissions", f.Text, "changes permissions of a system file")
		case c.Program != "chmod":
			j.ask("A4.ownership", f.Text, "changes who owns files")
		case setuid(mode):
			j.ask("B12.setuid", f.Text, "makes a program run with its owner's privileges")
		case place == paths.Project || place == paths.ProjectRoot || place == paths.Temp:
			j.allow("D2.permissions-project", f.Text, "changes permissions of files in the project")
		default:
			j.ask("A4.permissions", f.Text, "changes permissions outside the project")
		}
	}
}

// plainMode reports whether a chmod mode only adds read or execute bits.
func plainMode(mode string) bool {
	return mode == "+x" || mode == "a+x" || mode == "u+x" || mode == "+r" || mode == "a+r" || mode == "644" || mode == "755" || mode == "0644" || mode == "0755"
}

func setuid(mode string) bool {
	if strings.Contains(mode, "s") {
		return true
	}
	return len(mode) == 4 && mode[0] >= '1' && mode[0] <= '7' && strings.Trim(mode, "01234567") == "" && mode[0] != '0' && (mode[0]&6) != 0
}

func (j *judgement) sed(c *shell.Command) {
	inPlace := false
	for _, a := range c.Args {
		if a.Text == "--" {
			break
		}
		if strings.HasPrefix(a.Text, "--in-place") || shortFlag(a.Text, 'i') && !strings.HasPrefix(a.Text, "--") {
			inPlace = true
		}
	}
	if !inPlace {
		j.allow("D1.read-only", c.String(), "prints edited text without changing files")
		j.readArgs(c)
		return
	}
	ops := operands(c, "-e", "-f", "--expression", "--file", "-l", "--line-length")
	scripted := false
	for _, a := range c.Args {
		if a.Text == "-e" || a.Text == "-f" || strings.HasPrefix(a.Text, "--expression") || strings.HasPrefix(a.Text, "--file") {
			scripted = true
		}
	}
	if !scripted && len(ops) > 0 {
		ops = ops[1:]
	}
	if hasFlag(c, 'n', "--quiet", "--silent") {
		j.ask("B1.delete", c.String(), "sed -n -i keeps only the lines it prints and deletes the rest of each file")
		return
	}
	j.writeArgs(c, ops)
}

func (j *judgement) archive(c *shell.Command) {
	subj := c.String()
	switch c.Program {
	case "tar", "gtar", "bsdtar":
		extract, create := false, false
		var file, dir string
		for k, a := range c.Args {
			t := a.Text
			next := ""
			if k+1 < len(c.Args) {
				next = c.Args[k+1].Text
			}
			switch {
			case t == "-C" || t == "--directory":
				dir = next
			case strings.HasPrefix(t, "--directory="):
				dir = t[len("--directory="):]
			case t == "-f" || t == "--file":
				file = next
			case strings.HasPrefix(t, "--file="):
				file = t[len("--file="):]
			case t == "--extract" || t == "--get":
				extract = true
			case t == "--create" || t == "--append" || t == "--update":
				create = true
			case k == 0 && !strings.HasPrefix(t, "-") || strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--"):
				if strings.ContainsRune(t, 'x') {
					extract = true
				}
				if strings.ContainsAny(t, "cru") {
					create = true
				}
				if strings.HasSuffix(t, "f") && !strings.HasPrefix(t, "--") {
					file = next
				}
			}
		}
		switch {
		case extract && strings.ContainsRune(strings.Join(c.ArgTexts(), " "), 'O') && dir == "":
			j.allow("D1.read-only", subj, "extracts to standard output")
		case extract:
			if dir == "" {
				dir = "."
			}
			j.writeArgs(c, []shell.Word{{Text: dir}})
		case create && file != "" && file != "-":
			j.writeArgs(c, []shell.Word{{Text: file}})
			j.readArgs(c)
		default:
			j.allow("D1.read-only", subj, "lists or streams an archive")
			j.readArgs(c)
		}
	default:
		dir := "."
		for k, a := range c.Args {
			if (a.Text == "-d" || a.Text == "-o") && k+1 < len(c.Args) && c.Program == "unzip" && a.Text == "-d" {
				dir = c.Args[k+1].Text
			}
			if strings.HasPrefix(a.Text, "-o") && c.Program == "7z" && len(a.Text) > 2 {
				dir = a.Text[2:]
			}
		}
		if c.Program == "unzip" && (hasFlag(c, 'l') || hasFlag(c, 'p') || hasFlag(c, 't') || hasFlag(c, 'v')) {
			j.allow("D1.read-only", subj, "lists or tests an archive")
			return
		}
		j.writeArgs(c, []shell.Word{{Text: dir}})
	}
}

func (j *judgement) find(c *shell.Command) {
	subj := c.String()
	var roots []shell.Word
	for _, a := range c.Args {
		if strings.HasPrefix(a.Text, "-") || a.Text == "(" || a.Text == "!" {
			break
		}
		roots = append(roots, a)
	}
	if len(roots) == 0 {
		roots = []shell.Word{{Text: "."}}
	}
	for _, a := range c.Args {
		switch a.Text {
		case "-delete":
			for _, r := range roots {
				w := r
				w.Text = strings.TrimSuffix(r.Text, "/") + "/*"
				w.Glob = true
				if r.Text == "/" {
					w.Text = "/*"
				}
				j.remove(c, w, true)
			}
			return
		case "-fprint", "-fprintf", "-fls", "-fprint0":
			j.ask("H7.outside-project", subj, "find writes its output to a file")
			return
		}
	}
	j.allow("D1.read-only", subj, "lists files")
}

func (j *judgement) ssh(c *shell.Command) {
	subj := c.String()
	valued := "BbcDEeFIiJLlmOopQRSWw"
	k := 0
	for k < len(c.Args) {
		t := c.Args[k].Text
		if !strings.HasPrefix(t, "-") || len(t) < 2 {
			break
		}
		if len(t) == 2 && strings.ContainsRune(valued, rune(t[1])) {
			k += 2
		} else {
			k++
		}
	}
	if k >= len(c.Args) {
		j.defer_("U.bad-input", subj, "ssh names no host")
		return
	}
	if k+1 >= len(c.Args) {
		if hasFlag(c, 'N') || hasFlag(c, 'f') || hasFlag(c, 'L') || hasFlag(c, 'R') || hasFlag(c, 'D') {
			j.defer_("C1.network-request", subj, "opens an SSH tunnel")
			return
		}
		j.deny("H8.interactive", subj, "ssh without a command opens an interactive session and hangs the agent", "pass the remote command as an argument: ssh host 'command'")
		return
	}
	j.defer_("C1.remote-command", subj, "runs a command on a remote machine")
}

func (j *judgement) echo(c *shell.Command) {
	for _, a := range c.Args {
		if a.Dynamic && mentionsSecretVar(a.Text) {
			j.ask("B3.secret-print", c.String(), "prints a secret from the environment, which would be sent to the model provider with the conversation")
			return
		}
	}
	j.allow("D1.read-only", c.String(), "prints text")
}

func (j *judgement) environmentDump(c *shell.Command) {
	subj := c.String()
	switch c.Program {
	case "printenv":
		for _, a := range c.Args {
			if !strings.HasPrefix(a.Text, "-") && (isSecretName(a.Text)) {
				j.ask("B3.secret-print", subj, "prints a secret from the environment, which would be sent to the model provider with the conversation")
				return
			}
		}
		if len(operands(c)) == 0 {
			j.ask("B3.secret-print", subj, "prints every environment variable, which often include tokens and passwords")
			return
		}
	case "env", "set", "export", "declare", "typeset", "readonly":
		if len(c.Args) == 0 && len(c.Env) == 0 || len(c.Args) == 1 && (c.Args[0].Text == "-p" || c.Args[0].Text == "-x") {
			j.ask("B3.secret-print", subj, "prints every environment variable, which often include tokens and passwords")
			return
		}
	}
	j.allow("D1.read-only", subj, "reads or sets shell variables")
}

func isSecretName(s string) bool {
	for _, c := range s {
		if !(c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return s != "" && secrets.EnvName(s)
}

func (j *judgement) root(c *shell.Command) {
	subj := c.String()
	switch c.Program {
	case "visudo", "sudoedit":
		j.ask("B12.root", subj, "edits files as root")
	default:
		if len(operands(c)) == 0 && !hasFlag(c, 's') && !hasFlag(c, 'i') {
			j.allow("D1.read-only", subj, "checks or lists privileges")
			return
		}
		j.ask("B12.root", subj, "runs as root, where a mistake can damage the whole system")
	}
}

func (j *judgement) kill(c *shell.Command) {
	subj := c.String()
	ops := operands(c, "-s", "-n", "-u", "-U", "-g", "-G", "-t", "-P", "--signal")
	if c.Program == "kill" && len(ops) > 0 {
		allJobs := true
		for _, o := range ops {
			if !strings.HasPrefix(o.Text, "%") && !(o.Text == "$!") {
				allJobs = false
			}
		}
		if allJobs {
			j.allow("D.own-jobs", subj, "stops the shell's own background jobs")
			return
		}
		for _, o := range ops {
			if o.Text == "1" || o.Text == "-1" {
				j.deny("A3.kill-all", subj, "signals init or every process, which brings the system down", "stop only the specific process the task started")
				return
			}
		}
	}
	j.ask("B.kill-process", subj, "stops running processes, which may belong to the user or the system")
}

func (j *judgement) security(c *shell.Command) {
	subj := c.String()
	read := false
	for _, a := range c.Args {
		switch a.Text {
		case "-L", "--list", "-S", "--list-rules", "status", "list", "list-all", "--state", "-l", "-s", "getenforce", "--status", "show", "-nL":
			read = true
		}
	}
	if read && len(c.Args) <= 3 {
		j.allow("D1.read-only", subj, "reads security settings")
		return
	}
	j.deny("A4.security-settings", subj, "changes the system's security settings (firewall, mandatory access control or platform protection)", "ask the user to change security settings themselves")
}

func (j *judgement) systemConfig(c *shell.Command) {
	subj := c.String()
	first := ""
	if ops := operands(c); len(ops) > 0 {
		first = ops[0].Text
	}
	switch c.Program {
	case "systemctl", "service", "launchctl", "loginctl":
		switch first {
		case "status", "list-units", "list-unit-files", "is-active", "is-enabled", "show", "cat", "list", "print", "list-timers", "--version", "":
			j.allow("D1.read-only", subj, "reads service state")
			return
		}
		for _, a := range c.Args {
			if strings.Contains(a.Text, "firewall") || strings.Contains(a.Text, "apparmor") || strings.Contains(a.Text, "auditd") || strings.Contains(a.Text, "selinux") || strings.Contains(a.Text, "ufw") {
				if first == "stop" || first == "disable" || first == "mask" || first == "kill" {
					j.deny("A4.security-settings", subj, "stops a security service", "ask the user to change security settings themselves")
					return
				}
			}
		}
		if c.Has("sudo") || hasFlag(c, 0, "--user") || c.Program == "service" {
			j.ask("B5.system-config", subj, "changes system services")
			return
		}
		j.ask("B5.system-config", subj, "changes services")
	case "crontab":
		if hasFlag(c, 'l') {
			j.allow("D1.read-only", subj, "lists scheduled jobs")
			return
		}
		if hasFlag(c, 'r') {
			j.ask("B1.delete", subj, "deletes every scheduled job")
			return
		}
		if hasFlag(c, 'e') {
			j.deny("H8.interactive", subj, "crontab -e opens an editor and hangs the agent", "write the table to a file and ask the user to install it")
			return
		}
		j.ask("B5.persistence", subj, "schedules commands that keep running after this session")
	case "at", "batch":
		if hasFlag(c, 'l') {
			j.allow("D1.read-only", subj, "lists scheduled jobs")
			return
		}
		j.ask("B5.persistence", subj, "schedules commands to run later")
	case "mount", "umount", "swapon":
		if len(c.Args) == 0 || first == "" && hasFlag(c, 'l') {
			j.allow("D1.read-only", subj, "lists mounts")
			return
		}
		j.ask("B5.system-config", subj, "mounts or unmounts file systems")
	case "sysctl":
		if !hasFlag(c, 'w') && !strings.Contains(strings.Join(c.ArgTexts(), " "), "=") {
			j.allow("D1.read-only", subj, "reads kernel settings")
			return
		}
		j.ask("B5.system-config", subj, "changes kernel settings")
	case "defaults":
		if first == "read" || first == "domains" || first == "find" {
			j.allow("D1.read-only", subj, "reads preferences")
			return
		}
		j.ask("B5.system-config", subj, "changes system preferences")
	default:
		j.ask("B5.system-config", subj, "changes system configuration, users or kernel modules")
	}
}

// shellRun judges running a shell: with -c its script is judged on its own
// (the analysis records the inner commands); a script file is judged like
// any program file; a script piped in from a download is downloaded code.
func (j *judgement) shellRun(c *shell.Command) {
	subj := c.String()
	for _, a := range c.Args {
		if len(a.From) > 0 {
			j.pipedCode(c, a.From, subj)
			return
		}
	}
	if c.Stdin.Kind == shell.Pipe && len(c.Stdin.From) > 0 && !c.Stdin.Known {
		j.pipedCode(c, c.Stdin.From, subj)
		return
	}
	script := ""
	for k, a := range c.Args {
		if a.Text == "-c" || shortFlag(a.Text, 'c') && c.Program != "source" && c.Program != "." {
			j.allow("D.nested-shell", subj, "runs a nested shell whose commands are judged one by one")
			return
		}
		if a.Text == "-o" || a.Text == "+o" {
			continue
		}
		if !strings.HasPrefix(a.Text, "-") && !strings.HasPrefix(a.Text, "+") && (k == 0 || c.Args[k-1].Text != "-o" && c.Args[k-1].Text != "+o") {
			script = a.Text
			if a.Dynamic {
				j.defer_("U.dynamic-path", subj, "runs a script whose path is only known at run time")
				return
			}
			break
		}
	}
	if script == "" && c.Stdin.Kind == shell.File {
		script = c.Stdin.Text
	}
	if script == "" {
		j.allow("D.nested-shell", subj, "runs a nested shell whose commands are judged one by one")
		return
	}
	if abs := j.res.Resolve(script, c.Dir); secrets.File(abs) != "" {
		j.ask("B3.secret-read", subj, "runs a credential file as a script")
		return
	}
	j.runFile(c, script, subj)
}

// pipedCode judges a shell or interpreter that runs the output of other
// programs.
func (j *judgement) pipedCode(c *shell.Command, from []string, subj string) {
	for _, f := range from {
		switch f {
		case "base64", "xxd", "uudecode", "openssl", "gpg", "rev", "gunzip", "zcat", "xz", "unxz", "bunzip2", "bzcat", "tr", "tar", "perl", "python", "python3", "printf":
			j.deny("A7.decoded-execution", subj, "runs code that is decoded or unpacked on the fly, so nobody can review what runs", "write the code out in plain text so it can be reviewed")
			return
		case "nc", "ncat", "netcat", "socat", "telnet":
			j.deny("A8.remote-shell", subj, "runs commands that arrive over a raw network connection, giving the other end control of this machine", "do not open remote access to this machine")
			return
		case "curl", "wget", "http", "fetch", "aria2c", "xh":
			j.ask("B9.run-downloaded", subj, "runs code downloaded from the network without review: whoever controls that URL controls this machine")
			return
		}
	}
	j.defer_("U.dynamic-code", subj, "runs code produced by "+strings.Join(from, ", ")+", which cannot be reviewed in advance")
}

func (j *judgement) wrapperOnly(c *shell.Command) {
	subj := c.String()
	switch c.Program {
	case "eval", "trap", "alias":
		j.allow("D.nested-shell", subj, "its commands are judged one by one")
	case "exec":
		if len(c.Args) == 0 {
			j.allow("D.redirect", subj, "changes the shell's file descriptors")
			return
		}
		j.defer_("U.unknown-program", subj, "exec replaces the shell")
	case "command":
		j.allow("D1.read-only", subj, "looks a program up")
	case "time":
		j.allow("D1.read-only", subj, "times a command")
	default:
		j.allow("D.wrapper", subj, "a wrapper with nothing to run")
	}
}

func (j *judgement) decoder(c *shell.Command) {
	subj := c.String()
	if c.Program == "openssl" || c.Program == "gpg" {
		for _, a := range c.Args {
			switch a.Text {
			case "genrsa", "genpkey", "req", "--gen-key", "--generate-key", "--full-generate-key", "--quick-generate-key":
				j.ask("B2.credential-create", subj, "creates a new key or certificate")
				return
			case "s_client", "s_server":
				j.defer_("C1.network-request", subj, "opens a TLS connection")
				return
			case "--export-secret-keys", "--export-secret-subkeys":
				j.deny("A6.credential-read", subj, "exports private keys", "ask the user to do this themselves")
				return
			}
		}
	}
	j.allow("D1.read-only", subj, "encodes or decodes data")
	j.readArgs(c)
}

func (j *judgement) interactiveProgram(c *shell.Command) {
	subj := c.String()
	ops := operands(c)
	switch c.Program {
	case "less", "more", "most", "info":
		// With output to a pipe these print like cat; they only hang on a terminal.
		j.allow("D1.read-only", subj, "pages a file")
		j.readArgs(c)
		return
	case "vim", "vi", "nvim", "ex", "view":
		if hasFlag(c, 0, "-es", "-Es", "--headless", "-e") || hasFlag(c, 's') || hasFlag(c, 'e') {
			j.writeArgs(c, ops)
			return
		}
	case "psql", "mysql", "mariadb", "sqlite3", "mongo", "mongosh", "redis-cli", "cqlsh":
		if j.databaseBatch(c, ops) {
			return
		}
		if len(ops) > 0 || len(c.Args) > 0 {
			j.defer_("C.database", subj, "opens a database client; without a query it waits for input, so pass the query with -c or -e")
			return
		}
	case "gdb", "lldb":
		if hasFlag(c, 0, "-batch", "--batch", "-ex") {
			j.allow("D4.debug", subj, "runs the debugger in batch mode")
			return
		}
	case "bc":
		if c.Stdin.Kind != shell.NoInput || len(ops) > 0 {
			j.allow("D1.read-only", subj, "computes")
			return
		}
	case "tmux", "screen":
		if len(ops) > 0 && (ops[0].Text == "ls" || ops[0].Text == "list-sessions" || ops[0].Text == "capture-pane" || ops[0].Text == "send-keys" || ops[0].Text == "new-session" && hasFlag(c, 'd') || ops[0].Text == "kill-session") || hasFlag(c, 'd') && hasFlag(c, 'm') || hasFlag(c, 0, "-ls", "-list") {
			j.defer_("U.terminal-multiplexer", subj, "controls terminal sessions")
			return
		}
	case "top", "htop":
		if hasFlag(c, 'b') || hasFlag(c, 'n') && c.Program == "top" || hasFlag(c, 'l') {
			j.allow("D1.read-only", subj, "prints process statistics once")
			return
		}
	case "ftp", "lftp":
		if hasFlag(c, 'c') || hasFlag(c, 'f') || c.Stdin.Kind != shell.NoInput {
			j.defer_("C1.network-request", subj, "transfers files over FTP")
			return
		}
	case "ed":
		if c.Stdin.Kind != shell.NoInput {
			j.writeArgs(c, ops)
			return
		}
	}
	j.deny("H8.interactive", subj, c.Program+" is interactive and hangs the agent", "use a non-interactive alternative: edit files with the file tools or sed, run queries with -c/-e, print with cat")
}

// databaseBatch judges a database client given a query; true when judged.
func (j *judgement) databaseBatch(c *shell.Command, ops []shell.Word) bool {
	subj := c.String()
	query := ""
	for k, a := range c.Args {
		switch a.Text {
		case "-c", "--command", "-e", "--execute", "--eval", "-f", "--file", "-cmd":
			if k+1 < len(c.Args) {
				query = c.Args[k+1].Text
			}
		}
		if v, ok := strings.CutPrefix(a.Text, "--command="); ok {
			query = v
		}
	}
	switch {
	case query == "" && c.Stdin.Kind != shell.NoInput:
		query = c.Stdin.Text
	case query == "" && c.Program == "sqlite3" && len(ops) >= 2:
		query = ops[len(ops)-1].Text
	case query == "" && c.Program == "redis-cli" && len(ops) >= 1:
		query = strings.Join(c.ArgTexts(), " ")
	}
	if query == "" {
		return false
	}
	up := strings.ToUpper(query)
	for _, word := range []string{"DROP ", "TRUNCATE ", "DELETE ", "ALTER ", "UPDATE ", "FLUSHALL", "FLUSHDB", "DROPDATABASE", "DROP(", ".DROP(", "DELETEMANY", "REMOVE("} {
		if strings.Contains(up, word) {
			j.ask("B1.delete-records", subj, "changes or deletes database records")
			return true
		}
	}
	j.defer_("C.database", subj, "runs a database query")
	return true
}

// interpreter judges python, node and the other interpreters: code given
// inline is judged through what the analysis found in it; a script file like
// any program file.
func (j *judgement) interpreter(c *shell.Command, lang string) {
	subj := c.String()
	for k, a := range c.Args {
		t := a.Text
		if len(a.From) > 0 {
			j.pipedCode(c, a.From, subj)
			return
		}
		if lang == "python" && t == "-m" && k+1 < len(c.Args) {
			j.pythonModule(c, c.Args[k+1].Text, c.Args[k+2:])
			return
		}
		if strings.HasPrefix(t, "-") {
			if t == "--version" || t == "-V" || t == "--help" || t == "-h" || t == "-v" && lang != "python" {
				j.allow("D1.read-only", subj, "prints the interpreter's version")
				return
			}
			if isCodeOption(lang, t) {
				j.allow("D4.inline-code", subj, "runs inline code, whose file, network and process effects are judged separately")
				if lang == "perl" || lang == "ruby" {
					j.inPlace(c)
				}
				return
			}
			continue
		}
		if k > 0 && (c.Args[k-1].Text == "-W" || c.Args[k-1].Text == "-X" || c.Args[k-1].Text == "-r" && lang == "javascript" || c.Args[k-1].Text == "-i" && lang == "perl" || c.Args[k-1].Text == "-I" || c.Args[k-1].Text == "-M") {
			continue
		}
		if lang == "javascript" && (t == "eval" || t == "run" || t == "test") && (c.Program == "deno" || c.Program == "bun") {
			continue
		}
		if a.Dynamic {
			j.defer_("U.dynamic-path", subj, "runs a script whose path is only known at run time")
			return
		}
		j.runFile(c, t, subj)
		return
	}
	if c.Stdin.Kind == shell.Pipe && !c.Stdin.Known && len(c.Stdin.From) > 0 {
		j.pipedCode(c, c.Stdin.From, subj)
		return
	}
	if c.Stdin.Kind != shell.NoInput {
		j.allow("D4.inline-code", subj, "runs inline code, whose file, network and process effects are judged separately")
	}
}

// inPlace judges perl -i and ruby -i, which rewrite their file operands.
func (j *judgement) inPlace(c *shell.Command) {
	inplace := false
	for _, a := range c.Args {
		if strings.HasPrefix(a.Text, "-") && !strings.HasPrefix(a.Text, "--") && strings.ContainsRune(a.Text, 'i') {
			inplace = true
		}
	}
	if !inplace {
		return
	}
	var files []shell.Word
	skip := false
	for _, a := range c.Args {
		if skip {
			skip = false
			continue
		}
		if strings.HasPrefix(a.Text, "-") {
			if strings.HasSuffix(a.Text, "e") || strings.HasSuffix(a.Text, "E") {
				skip = true // the code follows
			}
			continue
		}
		files = append(files, a)
	}
	j.writeArgs(c, files)
}

func isCodeOption(lang, t string) bool {
	switch lang {
	case "python":
		return t == "-c" || strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") && strings.HasSuffix(strings.SplitN(t, "'", 2)[0], "c") || strings.Contains(t, "c") && len(t) > 2 && !strings.HasPrefix(t, "--") && isLetters(t[1:strings.IndexByte(t, 'c')])
	case "javascript":
		return t == "-e" || t == "--eval" || t == "-p" || t == "--print"
	case "perl":
		return strings.ContainsAny(t, "eE") && !strings.HasPrefix(t, "--")
	case "powershell":
		return strings.HasPrefix(strings.ToLower(t), "-c")
	}
	return t == "-e" || t == "-r" || t == "--eval"
}

func isLetters(s string) bool {
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

func (j *judgement) pythonModule(c *shell.Command, module string, rest []shell.Word) {
	subj := c.String()
	switch module {
	case "pip", "pip3", "ensurepip", "pipx", "uv", "poetry", "conda":
		sub := shell.Command{Program: module, Name: module, Args: rest, Via: c.Via, Dir: c.Dir}
		j.packages(&sub)
	case "http.server", "SimpleHTTPServer", "smtpd", "ftplib", "pydoc":
		j.defer_("C.server", subj, "starts a network server, which keeps running")
	case "twine":
		j.ask("B10.publish", subj, "publishes a package")
	default:
		j.allow("D4.run-module", subj, "runs a Python module such as the project's tests or tools")
	}
}
