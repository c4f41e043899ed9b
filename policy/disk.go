package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/shell"
)

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
		if c.Arg(0) == "apfs" && apfsDestroys(c.Arg(1)) {
			j.fireWith(catalog.A1RawDiskWrite, subj, "erases or deletes an APFS container or volume with all its data")
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
		// The gate's own files are tampering wherever they are (write).
		if (place == paths.Project || place == paths.ProjectRoot) && !j.isGuardPath(abs) {
			j.fireWith(catalog.B1Delete, f.Text, "truncates a project file, destroying its contents")
			continue
		}
		j.write(abs, f.Glob, f.Text, "truncate")
	}
	if len(files) == 0 {
		j.fireWith(catalog.UBadInput, c.String(), "truncate names no file")
	}
}

// apfsDestroys reports the diskutil apfs verbs that destroy a container
// or volume and its data (a snapshot's deletion only asks, as other disk
// changes do).
func apfsDestroys(verb string) bool {
	switch strings.ToLower(verb) {
	case "deletecontainer", "deletevolume", "deletevolumegroup", "erasevolume":
		return true
	}
	return false
}
