package policy

import (
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"path"
	"strings"

	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
)

func (j *judgement) builtinOrInfo(c *shell.Command) {
	switch c.Program {
	case "hostname", "date":
		if len(c.Args) > 0 && !strings.HasPrefix(c.Args[0].Text, "+") && !strings.HasPrefix(c.Args[0].Text, "-") {
			j.fireWith(catalog.B5SystemConfig, c.String(), "changes the machine's "+c.Program)
			return
		}
	case "ps":
		// BSD-style options (no dash) with e print every process's
		// environment, where tokens are: ps e, ps auxeww.
		for _, a := range c.Args {
			if !strings.HasPrefix(a.Text, "-") && strings.ContainsRune(a.Text, 'e') && isLetters(a.Text) {
				j.fireWith(catalog.B3SecretPrint, c.String(), "ps "+a.Text+" prints the environment of every process, which often holds tokens and passwords")
				return
			}
		}
	}
	j.fire(catalog.D1ReadOnly, c.String())
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
		j.fireWith(catalog.D1ReadOnly, c.String(), "prints help")
		return
	}
	if len(targets) == 0 {
		j.fireWith(catalog.UBadInput, c.String(), c.Program+" names nothing to remove")
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
	j.fire(catalog.D2Rmdir, c.String())
}

func (j *judgement) disk(c *shell.Command) {
	subj := c.String()
	if securityReadOnly(c) {
		j.allowClosed(catalog.D1ReadOnly, subj, "lists disks, partitions or storage pools without changing them")
		return
	}
	switch c.Program {
	case "mkswap":
		j.formatImage(c, subj)
		return
	case "swapoff":
		j.fireWith(catalog.B5SystemConfig, subj, "turns off swap space, which can leave the machine short of memory")
		return
	case "cfdisk", "parted", "gdisk", "fdisk":
		if len(operands(c)) <= 1 && c.Stdin.Kind == shell.NoInput && c.Program != "parted" || c.Program == "parted" && len(operands(c)) <= 1 && !hasFlag(c, 's', "--script") {
			j.fireInstead(catalog.H8Interactive, subj, c.Program+" without a listing option opens an interactive partition editor and hangs the agent", "list partitions with "+c.Program+" -l or lsblk; ask the user to change partitions themselves")
			return
		}
	case "zfs", "zpool":
		if len(c.Args) > 0 && (c.Args[0].Text == "destroy" || c.Args[0].Text == "labelclear") {
			j.fire(catalog.A1StorageDestroy, subj)
			return
		}
		j.fireWith(catalog.BStorage, subj, "changes storage pools")
		return
	case "lvm":
		if len(c.Args) > 0 && strings.HasSuffix(c.Args[0].Text, "remove") {
			j.fireWith(catalog.A1StorageDestroy, subj, "removes a logical volume with all its data")
			return
		}
	case "shred":
		for _, t := range operands(c, "-n", "-s", "--iterations", "--size") {
			abs := j.res.Resolve(t.Text, c.Dir)
			if place := j.res.Classify(abs, t.Glob); place == paths.Device || place == paths.System || place == paths.SystemRoot || place == paths.HomeRoot || place == paths.Root {
				j.fire(catalog.A1RawDiskWrite, subj)
				return
			}
			j.remove(c, t, false)
		}
		j.fire(catalog.B1Delete, subj)
		return
	case "diskutil":
		if len(c.Args) > 0 && (strings.HasPrefix(strings.ToLower(c.Args[0].Text), "erase") || c.Args[0].Text == "partitionDisk" || c.Args[0].Text == "zeroDisk" || c.Args[0].Text == "randomDisk") {
			j.fireWith(catalog.A1RawDiskWrite, subj, "erases a disk")
			return
		}
		j.fireWith(catalog.BStorage, subj, "changes disks")
		return
	case "badblocks", "hdparm":
		if !hasFlag(c, 'w') && !hasFlag(c, 0, "--security-erase", "--security-erase-enhanced", "--trim-sector-ranges") {
			j.fireWith(catalog.BStorage, subj, "tests or tunes a disk")
			return
		}
	}
	j.rawDisk(c, subj)
}

// formatImage judges mkfs and mkswap: formatting an image file in the
// project or a temp directory is writing that file; a device, or a target
// arbiter cannot tell, is a raw disk write.
func (j *judgement) formatImage(c *shell.Command, subj string) {
	var targets []shell.Word
	for k := 0; k < len(c.Args); k++ {
		a := c.Args[k]
		if a.Dynamic {
			j.rawDisk(c, subj)
			return
		}
		t := a.Text
		if !strings.HasPrefix(t, "-") {
			if strings.HasPrefix(t, "/dev/") || j.res.Classify(j.res.Resolve(t, c.Dir), false) == paths.Device {
				j.rawDisk(c, subj)
				return
			}
		}
		switch {
		case contains([]string{"-t", "-b", "-L", "-N", "-O", "-E", "-m", "-I", "-i", "-T", "-U", "-d", "-n", "-G", "-g", "-J", "-M", "-r", "-e", "-s", "-S", "-p", "-C"}, t) && !(t == "-C" && strings.HasPrefix(c.Program, "mkfs.") && (strings.HasSuffix(c.Program, "fat") || strings.HasSuffix(c.Program, "dos"))):
			k++ // the option's value
		case strings.HasPrefix(t, "-"):
		case isSize(t):
		default:
			targets = append(targets, a)
		}
	}
	if len(targets) == 0 {
		j.rawDisk(c, subj)
		return
	}
	j.writeArgs(c, targets) // an image file: judged as the file it writes
}

// isSize reports whether a word is a block count or a size (100M, 4096).
func isSize(s string) bool {
	s = strings.TrimRight(s, "kKmMgGtTbB")
	return s != "" && strings.Trim(s, "0123456789") == ""
}

func (j *judgement) rawDisk(c *shell.Command, subj string) {
	j.fireWith(catalog.A1RawDiskWrite, subj, "formats, partitions or erases storage, destroying the data on it")
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
			j.fire(catalog.BRawDiskRead, subj)
			return
		}
	}
	j.fireWith(catalog.D1ReadOnly, subj, "copies data to standard output")
}

func (j *judgement) truncate(c *shell.Command) {
	files := operands(c, "-s", "--size", "-r", "--reference")
	for _, f := range files {
		abs := j.res.Resolve(f.Text, c.Dir)
		place := j.res.Classify(abs, f.Glob)
		if place == paths.Project || place == paths.ProjectRoot {
			j.fireWith(catalog.B1Delete, f.Text, "truncates a project file, destroying its contents")
			continue
		}
		j.write(abs, f.Glob, f.Text, "truncate")
	}
	if len(files) == 0 {
		j.fire(catalog.UBadInput, c.String())
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
		j.fireWith(catalog.UBadInput, subj, c.Program+" needs a source and a destination")
		return
	}
	recursive := (c.Program == "cp" || c.Program == "rsync") && (hasFlag(c, 'r', "--recursive") || hasFlag(c, 'R') || hasFlag(c, 'a', "--archive"))
	for _, s := range sources {
		abs := j.res.Resolve(s.Text, c.Dir)
		if place := j.res.Classify(abs, s.Glob); recursive && place != paths.Project && place != paths.ProjectRoot {
			j.unlistedInto(c, dest.Text, "copies a folder from outside the project")
		}
		if c.Program == "mv" {
			abs = j.res.ResolveLink(s.Text, c.Dir) // mv moves a link, not what it points to
		}
		if c.Program == "ln" && j.isGuardPath(abs) {
			j.guardTamper(s.Text, "links to a permission gate's files, so that later writes change them")
		}
		if c.Program == "ln" && !hasFlag(c, 's', "--symbolic") || c.Program == "cp" && hasFlag(c, 'l', "--link") {
			// A hard link is a second name for the file itself: every later
			// write through it changes the original.
			j.write(abs, s.Glob, s.Text, c.Program)
		}
		if c.Program == "mv" {
			if s.Dynamic {
				j.fire(catalog.UDynamicPath, s.Text)
				continue
			}
			place := j.res.Classify(abs, s.Glob)
			if j.isGuardPath(abs) || place == paths.Root || place == paths.SystemRoot || place == paths.System || place == paths.HomeRoot || place == paths.Device {
				j.remove(c, s, true)
			}
		}
		if j.readsSecretPath(abs) {
			j.fire(catalog.B3SecretCopy, s.Text)
		}
	}
	if dest.Dynamic {
		j.fireWith(catalog.UDynamicPath, dest.Text, "writes to a path only known at run time")
		return
	}
	destAbs := j.res.Resolve(dest.Text, c.Dir)
	if c.Program == "ln" {
		destAbs = j.res.ResolveLink(dest.Text, c.Dir) // the link itself, which recordLinks already knows
	}
	before := len(j.findings)
	j.write(destAbs, dest.Glob, dest.Text, c.Program)
	if c.Program == "mv" && len(j.findings) > before && j.findings[len(j.findings)-1].verdict == 0 {
		j.fire(catalog.C3Move, subj)
	}
}

// recordLinks tells the resolver about the links the command creates
// (ln, cp -s, cp -l), before any part of it is judged, so that a later
// write through a new link is judged by where it lands: ln -s ~ h && echo x
// > h/.bashrc writes ~/.bashrc.
func (j *judgement) recordLinks(a *shell.Analysis) {
	for i := range a.Commands {
		c := &a.Commands[i]
		symbolic := false
		switch c.Program {
		case "ln":
			symbolic = hasFlag(c, 's', "--symbolic")
		case "cp":
			symbolic = hasFlag(c, 's', "--symbolic-link")
			if !symbolic && !hasFlag(c, 'l', "--link") {
				continue
			}
		default:
			continue
		}
		j.recordLink(c, symbolic)
	}
}

func (j *judgement) recordLink(c *shell.Command, symbolic bool) {
	ops := operands(c, "-t", "--target-directory", "-S", "--suffix")
	dir := ""
	for k, a := range c.Args {
		if (a.Text == "-t" || a.Text == "--target-directory") && k+1 < len(c.Args) {
			dir = c.Args[k+1].Text
		} else if v, ok := strings.CutPrefix(a.Text, "--target-directory="); ok {
			dir = v
		}
	}
	var sources []shell.Word
	switch {
	case dir != "":
		sources = ops
	case len(ops) == 1:
		sources, dir = ops, "."
	case len(ops) >= 2:
		sources = ops[:len(ops)-1]
		dest := ops[len(ops)-1]
		if dest.Dynamic {
			return
		}
		noDeref := hasFlag(c, 'T', "--no-target-directory") || hasFlag(c, 'n', "--no-dereference")
		if len(sources) > 1 || strings.HasSuffix(dest.Text, "/") || !noDeref && j.res.IsDir(j.res.Resolve(dest.Text, c.Dir)) {
			dir = dest.Text
		} else {
			j.addLink(c, sources[0], dest.Text, symbolic)
			return
		}
	}
	for _, s := range sources {
		j.addLink(c, s, path.Join(dir, path.Base(s.Text)), symbolic)
	}
}

// addLink records one link: a symbolic link's target as the kernel reads
// it (relative to the link's directory), a hard link's as the file itself.
func (j *judgement) addLink(c *shell.Command, src shell.Word, link string, symbolic bool) {
	if src.Dynamic {
		j.fireWith(catalog.UDynamicPath, src.Text, "makes a link to a path only known at run time, so what is written through it cannot be judged")
		return
	}
	if src.Text == "" {
		return
	}
	target := src.Text
	if !symbolic || strings.HasPrefix(target, "~") || hasFlag(c, 'r', "--relative") {
		target = j.res.Resolve(target, c.Dir)
	}
	j.res.AddLink(j.res.ResolveLink(link, c.Dir), target)
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
		j.fireWith(catalog.D1ReadOnly, c.String(), "writes to standard output only")
		return
	}
	j.writeArgs(c, ops)
}

func (j *judgement) permissions(c *shell.Command) {
	subj := c.String()
	ops := operands(c, "--reference", "--from")
	if c.Program == "chattr" || c.Program == "setfacl" || c.Program == "chflags" {
		j.fireWith(catalog.BPermissions, subj, "changes file attributes or access lists")
	}
	if len(ops) < 2 {
		j.fireWith(catalog.UBadInput, subj, c.Program+" without a mode and a file")
		return
	}
	mode, files := ops[0].Text, ops[1:]
	recursive := hasFlag(c, 'R', "--recursive")
	for _, f := range files {
		if f.Dynamic {
			j.fireWith(catalog.BPermissions, f.Text, "changes permissions of a path only known at run time")
			continue
		}
		abs := j.res.Resolve(f.Text, c.Dir)
		place := j.res.Classify(abs, f.Glob)
		switch {
		case j.isGuardPath(abs):
			j.guardTamper(f.Text, "changes the permissions of a permission gate's files")
		case place == paths.Root || place == paths.SystemRoot || place == paths.Device || place == paths.HomeRoot && recursive || place == paths.System && (recursive || c.Program != "chmod" || !plainMode(mode)):
			j.fireWith(catalog.A4Permissions, f.Text, "changes OS-level ownership or permissions, which can lock users out or open the system to others")
		case place == paths.System:
			j.fireWith(catalog.BPermissions, f.Text, "changes permissions of a system file")
		case c.Program != "chmod":
			j.fireWith(catalog.BOwnership, f.Text, "changes who owns files")
		case setuid(mode):
			j.fire(catalog.B12Setuid, f.Text)
		case place == paths.Temp && isTempRoot(abs, f.Glob):
			// chmod 777 /tmp clears the sticky bit that keeps users from
			// deleting or replacing each other's temp files.
			j.fireWith(catalog.BPermissions, f.Text, "changes the permissions of the shared temp directory, which other users and programs rely on")
		case place == paths.Project || place == paths.ProjectRoot || place == paths.Temp:
			j.fire(catalog.D2PermissionsProject, f.Text)
		default:
			j.fireWith(catalog.BPermissions, f.Text, "changes permissions outside the project")
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
			case strings.HasPrefix(t, "-C") && len(t) > 2:
				dir = t[2:] // -C/root, attached
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
			j.fireWith(catalog.D1ReadOnly, subj, "extracts to standard output")
		case extract:
			if dir == "" {
				dir = "."
			}
			j.writeArgs(c, []shell.Word{{Text: dir}})
			j.unlistedInto(c, dir, "extracts an archive")
		case create && file != "" && file != "-":
			if at := strings.IndexByte(file, ':'); at > 0 && !strings.Contains(file[:at], "/") && !hasFlag(c, 0, "--force-local") {
				// GNU tar reads host:file as a remote archive over rsh/ssh.
				j.fireWith(catalog.C5Upload, file, "tar writes the archive to "+file[:at]+" over the network (host:file), sending the files off the machine")
				return
			}
			j.writeArgs(c, []shell.Word{{Text: file}})
			j.readArgs(c)
			if dir != "" {
				// Members are read relative to -C: tar -C ~ . archives the home.
				for _, op := range operands(c, "-f", "--file", "-C", "--directory", "-T", "--files-from", "-X", "--exclude-from") {
					abs := j.res.Resolve(path.Join(dir, op.Text), c.Dir)
					if op.Text != file && secrets.Holds(abs, j.res.Home) != "" {
						j.fireWith(catalog.B3SecretCopy, op.Text, "archives a folder that holds credentials, spreading the secrets to another place")
					}
				}
			}
		default:
			j.fireWith(catalog.D1ReadOnly, subj, "lists or streams an archive")
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
			j.fireWith(catalog.D1ReadOnly, subj, "lists or tests an archive")
			return
		}
		j.writeArgs(c, []shell.Word{{Text: dir}})
		j.unlistedInto(c, dir, "extracts an archive")
	}
}

// unlistedInto defers putting files arbiter has not listed into the
// project's root folder: an archive or a tree from elsewhere may hold
// .git (whose config runs programs on the next git status), agent
// settings, editor tasks or .envrc, none of which the write of the folder
// shows. A subfolder (testdata/, build/) holds none that anything runs.
func (j *judgement) unlistedInto(c *shell.Command, dir, what string) {
	abs := j.res.Resolve(dir, c.Dir)
	if place := j.res.Classify(abs, false); c.DirUnknown || place == paths.ProjectRoot {
		j.fireWith(catalog.UUnlistedFiles, c.String(), what+" into "+j.shownPath(abs)+" without arbiter knowing the names it writes, which may include .git, agent settings or editor tasks")
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
			j.fire(catalog.H7OutsideProject, subj)
			return
		}
	}
	j.fireWith(catalog.D1ReadOnly, subj, "lists files")
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
		j.fireWith(catalog.UBadInput, subj, "ssh names no host")
		return
	}
	if k+1 >= len(c.Args) {
		if hasFlag(c, 'T') || hasFlag(c, 'G') || hasFlag(c, 'O') || hasFlag(c, 'Q') {
			// -T: no terminal, as in ssh -T git@github.com, which checks the
			// key and exits; -G prints configuration; -O controls a master.
			j.fire(catalog.C1NetworkRequest, subj)
			return
		}
		if hasFlag(c, 'N') || hasFlag(c, 'f') || hasFlag(c, 'L') || hasFlag(c, 'R') || hasFlag(c, 'D') {
			j.fireWith(catalog.C1NetworkRequest, subj, "opens an SSH tunnel")
			return
		}
		j.fireInstead(catalog.H8Interactive, subj, "ssh without a command opens an interactive session and hangs the agent", "pass the remote command as an argument: ssh host 'command'")
		return
	}
	j.fire(catalog.C1RemoteCommand, subj)
}

func (j *judgement) echo(c *shell.Command) {
	for _, a := range c.Args {
		if a.Dynamic && mentionsSecretVar(a.Text) {
			j.fire(catalog.B3SecretPrint, c.String())
			return
		}
	}
	if j.indirectExpansion() && anyDynamic(c.Args) {
		j.fireWith(catalog.B3SecretPrint, c.String(), "prints a variable whose name is only chosen when the command runs (${!name}), which can be any secret in the environment")
		return
	}
	j.fireWith(catalog.D1ReadOnly, c.String(), "prints text")
}

func anyDynamic(ws []shell.Word) bool {
	for _, w := range ws {
		if w.Dynamic {
			return true
		}
	}
	return false
}

// indirectExpansion reports whether the command line uses ${!name}, which
// expands the variable whose name is name's value. The shell analysis
// renders it as ${name}, so the command's own text is read.
func (j *judgement) indirectExpansion() bool {
	m, err := j.inputMap()
	if err != nil {
		return false
	}
	cmd := stringField(m, "command")
	for i := 0; ; {
		k := strings.Index(cmd[i:], "${!")
		if k < 0 {
			return false
		}
		i += k + 3
		e := i
		for e < len(cmd) && identByte(cmd[e]) {
			e++
		}
		// ${!prefix*} and ${!prefix@} list names, ${!arr[@]} the keys.
		if e > i && e < len(cmd) && cmd[e] == '}' {
			return true
		}
	}
}

func (j *judgement) environmentDump(c *shell.Command) {
	subj := c.String()
	dump := func() {
		j.fireWith(catalog.B3SecretPrint, subj, "prints every environment variable, which often include tokens and passwords")
	}
	switch c.Program {
	case "printenv":
		for _, a := range c.Args {
			if !strings.HasPrefix(a.Text, "-") && (isSecretName(a.Text)) {
				j.fire(catalog.B3SecretPrint, subj)
				return
			}
		}
		if len(operands(c)) == 0 {
			dump()
			return
		}
	case "env":
		// The analysis unwraps env running a command; env left as the
		// program runs none, and prints the environment whatever its
		// options (-0, -u NAME, -i).
		splits := false
		for _, a := range c.Args {
			splits = splits || a.Text == "-S" || strings.HasPrefix(a.Text, "--split-string") || strings.HasPrefix(a.Text, "-S") && len(a.Text) > 2
		}
		if !helpOnly(c) && !splits {
			dump()
			return
		}
	case "set":
		if len(c.Args) == 0 && len(c.Env) == 0 {
			dump()
			return
		}
	case "export", "declare", "typeset", "readonly", "local":
		flags, names := "", []string{}
		for _, a := range c.Args {
			if strings.HasPrefix(a.Text, "-") && !strings.Contains(a.Text, "=") {
				flags += a.Text[1:]
			} else {
				names = append(names, a.Text)
			}
		}
		if len(names) == 0 && len(c.Env) == 0 && (flags == "" || strings.ContainsAny(flags, "px")) {
			dump()
			return
		}
		if strings.ContainsRune(flags, 'p') {
			for _, n := range names {
				if isSecretName(n) {
					j.fire(catalog.B3SecretPrint, subj)
					return
				}
			}
		}
	}
	j.fireWith(catalog.D1ReadOnly, subj, "reads or sets shell variables")
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
		j.fire(catalog.B12Root, subj)
	default:
		if len(operands(c)) == 0 && !hasFlag(c, 's') && !hasFlag(c, 'i') {
			j.fireWith(catalog.D1ReadOnly, subj, "checks or lists privileges")
			return
		}
		j.fireWith(catalog.B12Root, subj, "runs as root, where a mistake can damage the whole system")
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
			j.fire(catalog.DOwnJobs, subj)
			return
		}
		for _, o := range ops {
			if o.Text == "1" || o.Text == "-1" {
				j.fire(catalog.A3KillAll, subj)
				return
			}
		}
	}
	j.fire(catalog.BKillProcess, subj)
}

func (j *judgement) security(c *shell.Command) {
	subj := c.String()
	if securityReadOnly(c) {
		j.allowClosed(catalog.D1ReadOnly, subj, "reads security settings without changing them")
		return
	}
	j.fire(catalog.A4SecuritySettings, subj)
}

// readForm says which words a security or disk tool may be given when it
// only reads: options alone, options that take a value, and the first
// operand (a subcommand) it must start with, if any.
type readForm struct {
	flags   string   // short options, any cluster of them: "nvx"
	long    []string // long options, with or without =value
	valued  []string // options whose next word is their value
	needs   []string // one of these must be given (the listing action)
	verbs   []string // first operand, when the tool has subcommands
	words   []string // later operands allowed besides devices and names
	anyArgs bool     // later operands are names (chains, zones, devices)
	devices bool     // later operands may be device paths (/dev/sda)
}

// readForms are the read-only command lines of security and disk tools.
// Anything else they are given may change the system.
var readForms = lazy.New(func() map[string]readForm {
	return map[string]readForm{
		"iptables":     {flags: "LSnvxw", long: []string{"--list", "--list-rules", "--numeric", "--verbose", "--exact", "--line-numbers", "--wait"}, valued: []string{"-t", "--table"}, needs: []string{"-L", "--list", "-S", "--list-rules"}, anyArgs: true},
		"ip6tables":    {flags: "LSnvxw", long: []string{"--list", "--list-rules", "--numeric", "--verbose", "--exact", "--line-numbers", "--wait"}, valued: []string{"-t", "--table"}, needs: []string{"-L", "--list", "-S", "--list-rules"}, anyArgs: true},
		"nft":          {flags: "ajnstc", long: []string{"--handle", "--json", "--numeric", "--stateless", "--terse"}, verbs: []string{"list"}, anyArgs: true},
		"ufw":          {verbs: []string{"status", "show", "version", "app"}, words: []string{"verbose", "numbered", "raw", "added", "listening", "builtins", "before-rules", "user-rules", "after-rules", "logging-rules", "list"}},
		"firewall-cmd": {long: []string{"--state", "--permanent", "--zone", "--list-all", "--list-all-zones", "--list-services", "--list-ports", "--list-rich-rules", "--list-interfaces", "--list-sources", "--list-protocols", "--list-forward-ports", "--get-active-zones", "--get-default-zone", "--get-zones", "--get-services", "--get-zone-of-interface", "--get-policies", "--query-service", "--query-port", "--info-zone", "--info-service", "--info-policy", "--get-log-denied", "--query-panic", "--query-masquerade", "--list-all-policies"}, needs: []string{"--state", "--list-all", "--list-all-zones", "--list-services", "--list-ports", "--list-rich-rules", "--list-interfaces", "--list-sources", "--list-protocols", "--list-forward-ports", "--get-active-zones", "--get-default-zone", "--get-zones", "--get-services", "--get-zone-of-interface", "--get-policies", "--query-service", "--query-port", "--info-zone", "--info-service", "--info-policy", "--get-log-denied", "--query-panic", "--query-masquerade", "--list-all-policies"}, valued: []string{"--zone", "--query-service", "--query-port", "--info-zone", "--info-service", "--info-policy", "--get-zone-of-interface"}},
		"pfctl":        {flags: "sv", valued: []string{"-s", "-a"}, needs: []string{"-s"}},
		"csrutil":      {verbs: []string{"status"}},
		"spctl":        {flags: "av", long: []string{"--status", "--assess", "--verbose"}, valued: []string{"-t", "--type"}, needs: []string{"--status", "-a", "--assess"}, anyArgs: true},
		"auditctl":     {flags: "ls", needs: []string{"-l", "-s"}},
		"semanage":     {flags: "nlC", long: []string{"--list", "--noheading", "--locallist"}, needs: []string{"-l", "--list"}, verbs: []string{"boolean", "port", "fcontext", "login", "user", "module", "interface", "node", "permissive", "dontaudit", "ibpkey", "ibendport", "export"}},
		"fdisk":        {flags: "lxus", long: []string{"--list", "--list-details", "--units", "--getsz", "--bytes"}, valued: []string{"-o", "--output", "-b", "--sector-size"}, needs: []string{"-l", "--list", "-x", "--list-details", "-s", "--getsz"}, anyArgs: true},
		"sfdisk":       {flags: "ldJsgVFr", long: []string{"--list", "--dump", "--json", "--show-size", "--show-geometry", "--verify", "--list-free", "--list-types", "--bytes"}, valued: []string{"-o", "--output"}, needs: []string{"-l", "--list", "-d", "--dump", "-J", "--json", "-s", "--show-size", "-g", "--show-geometry", "-V", "--verify", "-F", "--list-free", "-T", "--list-types"}, anyArgs: true},
		"gdisk":        {flags: "l", needs: []string{"-l"}, anyArgs: true},
		"sgdisk":       {flags: "pvOL", long: []string{"--print", "--verify", "--print-mbr", "--list-types", "--info"}, valued: []string{"-i"}, needs: []string{"-p", "--print", "-v", "--verify", "-O", "--print-mbr", "-L", "--list-types", "-i", "--info"}, anyArgs: true},
		"parted":       {flags: "lsmj", long: []string{"--list", "--script", "--machine", "--json"}, words: []string{"print", "p", "free", "unit", "s", "B", "kB", "MB", "GB", "TB", "KiB", "MiB", "GiB", "TiB", "%", "cyl", "chs", "compact", "list", "all", "devices"}, devices: true},
		"mdadm":        {flags: "DEQsbvY", long: []string{"--detail", "--examine", "--query", "--scan", "--brief", "--verbose", "--detail-platform", "--export"}, needs: []string{"-D", "--detail", "-E", "--examine", "-Q", "--query", "--detail-platform"}, anyArgs: true},
		"cryptsetup":   {flags: "v", long: []string{"--verbose", "--debug"}, verbs: []string{"status", "luksDump", "isLuks", "tcryptDump", "bitlkDump", "fvault2Dump"}, anyArgs: true},
		"zpool":        {flags: "vxpHLPgTyel", verbs: []string{"status", "list", "iostat", "get", "history", "events"}, valued: []string{"-o", "-T"}, anyArgs: true},
		"zfs":          {flags: "rHpdt", verbs: []string{"list", "get", "diff"}, valued: []string{"-o", "-t", "-s", "-S", "-d"}, anyArgs: true},
		"lvm":          {verbs: []string{"pvs", "vgs", "lvs", "pvdisplay", "vgdisplay", "lvdisplay", "version", "lvmconfig", "fullreport", "devtypes", "formats", "segtypes"}, flags: "av", valued: []string{"-o", "--options"}, anyArgs: true},
		"diskutil":     {verbs: []string{"list", "info", "activity", "listFilesystems"}, words: []string{"-plist", "-all", "internal", "external", "physical", "virtual"}, anyArgs: true},
		"hdparm":       {flags: "IigtTC", long: []string{"--Istdout"}, needs: []string{"-I", "-i", "-g", "-t", "-T", "-C", "--Istdout"}, anyArgs: true},
		"wipefs":       {flags: "nJpi", long: []string{"--no-act", "--json", "--parsable", "--noheadings"}, valued: []string{"-O", "--output"}, anyArgs: true},
	}
})

// securityReadOnly reports whether a security or disk tool only lists or
// prints: every word it is given is in its read form.
func securityReadOnly(c *shell.Command) bool {
	form, ok := readForms.Get()[c.Program]
	if !ok {
		return false
	}
	needed := len(form.needs) == 0
	verbSeen := len(form.verbs) == 0
	for k := 0; k < len(c.Args); k++ {
		a := c.Args[k]
		t := a.Text
		if a.Dynamic {
			return false
		}
		switch {
		case contains(form.valued, t):
			if k+1 >= len(c.Args) || c.Args[k+1].Dynamic {
				return false
			}
			k++
			needed = needed || contains(form.needs, t)
		case strings.HasPrefix(t, "--"):
			name, _, _ := strings.Cut(t, "=")
			if !contains(form.long, name) && !contains(form.valued, name) && !contains(form.words, t) {
				return false
			}
			needed = needed || contains(form.needs, name)
		case strings.HasPrefix(t, "-") && len(t) > 1 && !contains(form.words, t):
			for _, f := range t[1:] {
				if !strings.ContainsRune(form.flags, f) {
					return false
				}
				needed = needed || contains(form.needs, "-"+string(f))
			}
		case !verbSeen:
			if !contains(form.verbs, t) {
				return false
			}
			verbSeen = true
		case contains(form.words, t) || form.anyArgs && !strings.ContainsAny(t, "=;|&") || form.devices && strings.HasPrefix(t, "/dev/"):
		default:
			return false
		}
	}
	if c.Program == "parted" {
		needed = hasFlag(c, 'l', "--list") || containsWord(c, "print", "p") // without them parted waits for commands
	}
	return needed && verbSeen
}

func containsWord(c *shell.Command, words ...string) bool {
	for _, a := range c.Args {
		if contains(words, a.Text) {
			return true
		}
	}
	return false
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
			j.fireWith(catalog.D1ReadOnly, subj, "reads service state")
			return
		}
		for _, a := range c.Args {
			if strings.Contains(a.Text, "firewall") || strings.Contains(a.Text, "apparmor") || strings.Contains(a.Text, "auditd") || strings.Contains(a.Text, "selinux") || strings.Contains(a.Text, "ufw") {
				if first == "stop" || first == "disable" || first == "mask" || first == "kill" {
					j.fireWith(catalog.A4SecuritySettings, subj, "stops a security service")
					return
				}
			}
		}
		if c.Has("sudo") || hasFlag(c, 0, "--user") || c.Program == "service" {
			j.fireWith(catalog.B5SystemConfig, subj, "changes system services")
			return
		}
		j.fireWith(catalog.B5SystemConfig, subj, "changes services")
	case "crontab":
		if hasFlag(c, 'l') {
			j.fireWith(catalog.D1ReadOnly, subj, "lists scheduled jobs")
			return
		}
		if hasFlag(c, 'r') {
			j.fireWith(catalog.B1Delete, subj, "deletes every scheduled job")
			return
		}
		if hasFlag(c, 'e') {
			j.fireInstead(catalog.H8Interactive, subj, "crontab -e opens an editor and hangs the agent", "write the table to a file and ask the user to install it")
			return
		}
		j.fire(catalog.B5Persistence, subj)
	case "at", "batch":
		if hasFlag(c, 'l') {
			j.fireWith(catalog.D1ReadOnly, subj, "lists scheduled jobs")
			return
		}
		j.fireWith(catalog.B5Persistence, subj, "schedules commands to run later")
	case "mount", "umount", "swapon":
		if len(c.Args) == 0 || first == "" && hasFlag(c, 'l') {
			j.fireWith(catalog.D1ReadOnly, subj, "lists mounts")
			return
		}
		j.fireWith(catalog.B5SystemConfig, subj, "mounts or unmounts file systems")
	case "sysctl":
		if !hasFlag(c, 'w') && !strings.Contains(strings.Join(c.ArgTexts(), " "), "=") {
			j.fireWith(catalog.D1ReadOnly, subj, "reads kernel settings")
			return
		}
		j.fireWith(catalog.B5SystemConfig, subj, "changes kernel settings")
	case "defaults":
		if first == "read" || first == "domains" || first == "find" {
			j.fireWith(catalog.D1ReadOnly, subj, "reads preferences")
			return
		}
		j.fireWith(catalog.B5SystemConfig, subj, "changes system preferences")
	default:
		j.fireWith(catalog.B5SystemConfig, subj, "changes system configuration, users or kernel modules")
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
		if a.Text == "-c" || (shortFlag(a.Text, 'c') || shortFlag(a.Text, 's')) && c.Program != "source" && c.Program != "." {
			// -c: the script is an argument; -s: it is standard input, and
			// the operands are its arguments. The analysis read either.
			j.fire(catalog.DNestedShell, subj)
			return
		}
		if a.Text == "-o" || a.Text == "+o" {
			continue
		}
		if !strings.HasPrefix(a.Text, "-") && !strings.HasPrefix(a.Text, "+") && (k == 0 || c.Args[k-1].Text != "-o" && c.Args[k-1].Text != "+o") {
			script = a.Text
			if a.Dynamic {
				j.fireWith(catalog.UDynamicPath, subj, "runs a script whose path is only known at run time")
				return
			}
			break
		}
	}
	if script == "" && c.Stdin.Kind == shell.File {
		script = c.Stdin.Text
	}
	if script == "" {
		j.fire(catalog.DNestedShell, subj)
		return
	}
	if abs := j.res.Resolve(script, c.Dir); secrets.File(abs) != "" {
		j.fire(catalog.B3SecretRead, subj)
		return
	}
	j.runFile(c, script, subj)
}

// pipedCode judges a shell or interpreter that runs the output of other
// programs.
func (j *judgement) pipedCode(c *shell.Command, from []string, subj string) {
	for _, f := range from {
		if f == "tr" {
			if tr := j.pipedFrom(c, "tr"); tr != nil && lineEndingsOnly(tr) {
				j.cleanedScript(c, tr, subj)
				return
			}
		}
		switch f {
		case "base64", "xxd", "uudecode", "openssl", "gpg", "rev", "gunzip", "zcat", "xz", "unxz", "bunzip2", "bzcat", "tr", "tar", "perl", "python", "python3", "printf":
			j.fire(catalog.A7DecodedExecution, subj)
			return
		case "nc", "ncat", "netcat", "socat", "telnet":
			j.fire(catalog.A8RemoteShell, subj)
			return
		case "curl", "wget", "http", "fetch", "aria2c", "xh":
			j.fire(catalog.B9RunDownloaded, subj)
			return
		}
	}
	j.fireWith(catalog.UDynamicCode, subj, "runs code produced by "+strings.Join(from, ", ")+", which cannot be reviewed in advance")
}

// pipedFrom finds the command named program that feeds c in its pipeline:
// the nearest one before c.
func (j *judgement) pipedFrom(c *shell.Command, program string) *shell.Command {
	if j.shell == nil {
		return nil
	}
	var found *shell.Command
	for i := range j.shell.Commands {
		d := &j.shell.Commands[i]
		if d == c {
			return found
		}
		if d.Program == program {
			found = d
		}
	}
	return nil
}

// lineEndingsOnly reports whether tr only deletes or squeezes carriage
// returns, tabs and spaces: it cleans a script's line endings, and cannot
// turn text into other code the way a translation (rot13) can.
func lineEndingsOnly(tr *shell.Command) bool {
	sets := 0
	deletes := false
	for _, a := range tr.Args {
		switch {
		case a.Dynamic:
			return false
		case a.Text == "-d" || a.Text == "--delete" || a.Text == "-ds" || a.Text == "-sd":
			deletes = true
		case a.Text == "-s" || a.Text == "--squeeze-repeats":
		case strings.HasPrefix(a.Text, "-"):
			return false
		default:
			sets++
			if !contains([]string{`\r`, "\r", `\015`, `\r\n`, `\n\r`}, a.Text) {
				return false
			}
		}
	}
	return deletes && sets == 1
}

// cleanedScript judges a shell that runs a script through tr -d '\r': it
// runs that script, so it is judged like running the file.
func (j *judgement) cleanedScript(c, tr *shell.Command, subj string) {
	if tr.Stdin.Kind != shell.File || tr.Stdin.Text == "" {
		j.fireWith(catalog.UDynamicCode, subj, "runs code produced by a pipeline, which cannot be reviewed in advance")
		return
	}
	if abs := j.res.Resolve(tr.Stdin.Text, tr.Dir); secrets.File(abs) != "" {
		j.fire(catalog.B3SecretRead, subj)
		return
	}
	j.runFile(tr, tr.Stdin.Text, subj)
}

func (j *judgement) wrapperOnly(c *shell.Command) {
	subj := c.String()
	switch c.Program {
	case "eval", "trap", "alias":
		j.fireWith(catalog.DNestedShell, subj, "its commands are judged one by one")
	case "exec":
		if len(c.Args) == 0 {
			j.fire(catalog.DRedirect, subj)
			return
		}
		j.fire(catalog.UUnknownProgram, subj)
	case "command":
		j.fireWith(catalog.D1ReadOnly, subj, "looks a program up")
	case "time":
		j.fireWith(catalog.D1ReadOnly, subj, "times a command")
	default:
		j.fire(catalog.DWrapper, subj)
	}
}

func (j *judgement) decoder(c *shell.Command) {
	subj := c.String()
	if c.Program == "openssl" || c.Program == "gpg" {
		for _, a := range c.Args {
			switch a.Text {
			case "genrsa", "genpkey", "req", "--gen-key", "--generate-key", "--full-generate-key", "--quick-generate-key":
				j.fire(catalog.B2CredentialCreate, subj)
				return
			case "s_client", "s_server":
				j.fireWith(catalog.C1NetworkRequest, subj, "opens a TLS connection")
				return
			case "--export-secret-keys", "--export-secret-subkeys":
				j.fireWith(catalog.A6CredentialRead, subj, "exports private keys")
				return
			}
		}
	}
	j.fireWith(catalog.D1ReadOnly, subj, "encodes or decodes data")
	j.readArgs(c)
}

func (j *judgement) interactiveProgram(c *shell.Command) {
	subj := c.String()
	ops := operands(c)
	switch c.Program {
	case "less", "more", "most", "info":
		// With output to a pipe these print like cat; they only hang on a terminal.
		j.fireWith(catalog.D1ReadOnly, subj, "pages a file")
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
			j.fire(catalog.CDatabase, subj)
			return
		}
	case "gdb", "lldb":
		if debuggerBatch(c) {
			j.debugger(c, subj)
			return
		}
	case "emacs":
		if hasFlag(c, 0, "--batch", "-batch", "--script", "-script") {
			j.fire(catalog.UBatchCode, subj)
			return
		}
	case "bc":
		if c.Stdin.Kind != shell.NoInput || len(ops) > 0 {
			j.fireWith(catalog.D1ReadOnly, subj, "computes")
			return
		}
	case "tmux":
		if !tmuxAttaches(c) {
			j.fire(catalog.UTerminalMultiplexer, subj)
			return
		}
	case "screen":
		if hasFlag(c, 'd') && hasFlag(c, 'm') || hasFlag(c, 'X') || hasFlag(c, 'Q') || hasFlag(c, 0, "-ls", "-list", "--version") {
			j.fire(catalog.UTerminalMultiplexer, subj)
			return
		}
	case "top", "htop":
		if hasFlag(c, 'b') || hasFlag(c, 'n') && c.Program == "top" || hasFlag(c, 'l') {
			j.fireWith(catalog.D1ReadOnly, subj, "prints process statistics once")
			return
		}
	case "ftp", "lftp":
		if hasFlag(c, 'c') || hasFlag(c, 'f') || c.Stdin.Kind != shell.NoInput {
			j.fireWith(catalog.C1NetworkRequest, subj, "transfers files over FTP")
			return
		}
	case "ed":
		if c.Stdin.Kind != shell.NoInput {
			j.writeArgs(c, ops)
			return
		}
	}
	j.fireInstead(catalog.H8Interactive, subj, c.Program+" is interactive and hangs the agent", "use a non-interactive alternative: edit files with the file tools or sed, run queries with -c/-e, print with cat")
}

// tmuxAttaches reports whether a tmux command line puts a session on the
// terminal and waits there: no command (a new session), new-session or
// its alias without -d, attach. A command given after the options is any
// other tmux command (send-keys, capture-pane, kill-session, ls, new -d),
// which returns at once.
func tmuxAttaches(c *shell.Command) bool {
	k := 0
	for k < len(c.Args) && strings.HasPrefix(c.Args[k].Text, "-") {
		switch c.Args[k].Text {
		case "-L", "-S", "-f", "-c", "-T":
			k++
		}
		k++
	}
	if k >= len(c.Args) {
		return !hasFlag(c, 'c') && !hasFlag(c, 'V')
	}
	switch c.Args[k].Text {
	case "new-session", "new":
		rest := c.Args[k+1:]
		for i := 0; i < len(rest); i++ {
			t := rest[i].Text
			if t == "--" || !strings.HasPrefix(t, "-") {
				break // the command the session runs
			}
			if shortFlag(t, 'd') {
				return false
			}
			if len(t) == 2 && strings.ContainsRune("cefnstxyF", rune(t[1])) {
				i++ // the option's value
			}
		}
		return true
	case "attach-session", "attach", "a", "at", "choose-tree", "choose-session", "choose-window", "choose-client":
		return true
	}
	return false
}

// debuggerBatch reports whether gdb or lldb runs commands and exits
// instead of waiting at its prompt.
func debuggerBatch(c *shell.Command) bool {
	if c.Program == "lldb" {
		return hasFlag(c, 'b', "--batch")
	}
	return hasFlag(c, 0, "-batch", "--batch")
}

// debugCommands are debugger commands that inspect the program being
// debugged, which is the project's own: they run it and print its state.
var debugCommands = lazy.New(func() map[string]bool {
	return map[string]bool{
		"bt": true, "backtrace": true, "run": true, "r": true, "start": true, "c": true, "continue": true, "next": true, "n": true, "step": true, "s": true, "finish": true,
		"info": true, "i": true, "p": true, "print": true, "x": true, "list": true, "l": true, "frame": true, "f": true, "up": true, "down": true, "thread": true,
		"b": true, "break": true, "breakpoint": true, "watch": true, "disassemble": true, "disas": true, "where": true, "quit": true, "q": true, "kill": true,
		"target": true, "image": true, "register": true, "memory": true, "set": true, "settings": true, "process": true, "display": true, "ptype": true, "whatis": true,
	}
})

// debugger judges a debugger in batch mode: the commands it is given
// must only inspect, and the program must be the project's.
func (j *judgement) debugger(c *shell.Command, subj string) {
	var program []shell.Word
	for k := 0; k < len(c.Args); k++ {
		a := c.Args[k].Text
		switch {
		case a == "-ex" || a == "--ex" || a == "-o" || a == "--one-line" || a == "-k" || a == "--one-line-on-crash" || a == "-O" || a == "--one-line-before-file":
			if k+1 >= len(c.Args) {
				j.fireWith(catalog.UBadInput, subj, "a debugger option has no command")
				return
			}
			k++
			cmd := strings.Fields(c.Args[k].Text)
			if c.Args[k].Dynamic || len(cmd) == 0 || !debugCommands.Get()[cmd[0]] || cmd[0] == "set" && len(cmd) > 1 && cmd[1] != "pagination" && cmd[1] != "print" && cmd[1] != "confirm" && cmd[1] != "width" && cmd[1] != "height" {
				j.fireWith(catalog.UDebuggerCommand, subj, "runs a debugger command arbiter does not know to be inspection only: "+clipText(c.Args[k].Text, 40))
				return
			}
		case a == "--args" || a == "--":
			program = append(program, c.Args[k+1:]...)
			k = len(c.Args)
		case a == "-batch" || a == "--batch" || a == "-b" || a == "-q" || a == "-quiet" || a == "--quiet" || a == "-nx" || a == "--nx" || a == "-n" || a == "--no-lldbinit" || a == "-x" && c.Program == "lldb":
		case strings.HasPrefix(a, "-"):
			j.fireWith(catalog.UUnknownOption, subj, c.Program+" option "+a+" is not known to arbiter")
			return
		default:
			program = append(program, c.Args[k])
		}
	}
	if len(program) == 0 {
		j.fireWith(catalog.UBadInput, subj, "the debugger names no program")
		return
	}
	if program[0].Dynamic {
		j.fireWith(catalog.UDynamicPath, subj, "debugs a program whose path is only known at run time")
		return
	}
	if !strings.Contains(program[0].Text, "/") {
		// A bare name may be found on the search path, and its arguments
		// are then that program's to interpret.
		j.fireWith(catalog.CRunOutsideCode, subj, "debugs "+program[0].Text+", which may be a program from outside the project")
		return
	}
	if before := len(j.findings); !j.ranWritten(c, program[0].Text, j.res.Resolve(program[0].Text, c.Dir), false, subj) && len(j.findings) == before {
		if place := j.res.Classify(j.res.Resolve(program[0].Text, c.Dir), false); place == paths.Project || place == paths.Temp {
			j.allowClosed(catalog.D4Debug, subj, "runs the project's program under the debugger in batch mode and prints its state")
			return
		}
		j.fireWith(catalog.CRunOutsideCode, subj, "debugs a program from outside the project")
	}
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
			j.fire(catalog.B1DeleteRecords, subj)
			return true
		}
	}
	j.fireWith(catalog.CDatabase, subj, "runs a database query")
	return true
}
