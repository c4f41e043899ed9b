package policy

import (
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
)

func (j *judgement) archive(c *shell.Command) {
	subj := c.String()
	switch shell.Canonical(c.Program) {
	case "tar":
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
		sevenZip := shell.Canonical(c.Program) == "7z"
		if sevenZip && (c.Arg(0) == "l" || c.Arg(0) == "t") {
			// 7z l lists names and 7z t tests: neither writes a file or
			// prints what the archive holds (as unzip -l).
			j.fireWith(catalog.D1ReadOnly, subj, "lists or tests an archive")
			return
		}
		dir := "."
		for k, a := range c.Args {
			if (a.Text == "-d" || a.Text == "-o") && k+1 < len(c.Args) && c.Program == "unzip" && a.Text == "-d" {
				dir = c.Args[k+1].Text
			}
			if strings.HasPrefix(a.Text, "-o") && sevenZip && len(a.Text) > 2 {
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
