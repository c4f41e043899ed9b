package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
)

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
			j.fireWith(catalog.C1NetworkRequest, subj, "connects over SSH without an interactive session")
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

// netcat judges nc, ncat, netcat, socat and telnet.
func (j *judgement) netcat(c *shell.Command) {
	subj := c.String()
	listens, executes := false, false
	for _, a := range c.Args {
		t := strings.ToUpper(a.Text)
		switch {
		case a.Text == "-l" || a.Text == "--listen" || strings.HasPrefix(a.Text, "-l") && !strings.HasPrefix(a.Text, "--") && c.Program != "socat" || strings.Contains(t, "-LISTEN") || strings.HasPrefix(t, "LISTEN"):
			listens = true
		}
		if a.Text == "-e" || a.Text == "-c" || strings.HasPrefix(a.Text, "--sh-exec") || strings.HasPrefix(a.Text, "--exec") || strings.HasPrefix(a.Text, "--lua-exec") || strings.HasPrefix(t, "EXEC:") || strings.HasPrefix(t, "SYSTEM:") || t == "SHELL" || strings.Contains(t, ",PTY") && strings.Contains(t, "EXEC") {
			executes = true
		}
	}
	if executes {
		kind := "reverse shell: it connects out and gives the other end a shell on this machine"
		if listens {
			kind = "bind shell: it opens a port that gives anyone who connects a shell on this machine"
		}
		j.fireWith(catalog.A8RemoteShell, subj, "sets up a "+kind)
		return
	}
	j.fireWith(catalog.C1NetworkRequest, subj, "opens a raw network connection")
}

// remoteCopy judges scp, rsync, sftp and other copies to or from remote hosts.
func (j *judgement) remoteCopy(c *shell.Command) {
	subj := c.String()
	var operands []shell.Word
	skip := map[string]bool{"-e": true, "-i": true, "-P": true, "-p": c.Program == "sftp", "-o": true, "-F": true, "-c": true, "-l": true, "-S": true, "--rsh": true, "--exclude": true, "--include": true, "-J": true}
	for k := 0; k < len(c.Args); k++ {
		a := c.Args[k]
		if strings.HasPrefix(a.Text, "-") {
			if skip[a.Text] {
				k++
			}
			continue
		}
		operands = append(operands, a)
	}
	if len(operands) < 2 {
		if c.Program == "sftp" {
			j.fireInstead(catalog.H8Interactive, subj, "sftp without a batch file is interactive and hangs the agent", "use scp, or sftp -b batchfile")
			return
		}
		j.fireWith(catalog.C1NetworkRequest, subj, "copies files over the network")
		return
	}
	dest := operands[len(operands)-1]
	remote := func(w shell.Word) bool {
		host, _, ok := strings.Cut(w.Text, ":")
		return ok && !strings.Contains(host, "/") && host != "" || strings.HasPrefix(w.Text, "rsync://")
	}
	if !remote(dest) {
		j.writeArgs(c, []shell.Word{dest})
		if !anyRemote(operands[:len(operands)-1], remote) {
			// rsync between local paths is a copy.
			j.fire(catalog.D2Copy, subj)
			return
		}
		j.fireWith(catalog.C1NetworkRequest, subj, "copies files from a remote host")
		return
	}
	for _, src := range operands[:len(operands)-1] {
		abs := j.res.Resolve(src.Text, c.Dir)
		if j.credentialAt(abs, src.Glob) != "" || secrets.File(abs+"/x") != "" || strings.HasSuffix(abs, "/.ssh") || strings.HasSuffix(abs, "/.aws") || strings.HasSuffix(abs, "/.gnupg") {
			j.fireWith(catalog.A6SecretUpload, subj, "copies credentials to a remote host, sending them off the machine")
			return
		}
		if file, kind, _ := j.folderSecret(abs, followsLinks(c)); kind != "" {
			j.fireWith(catalog.A6SecretUpload, subj, "copies a folder to a remote host, and "+j.shownPath(file)+" in it is "+article(kind)+", sending it off the machine")
			return
		}
	}
	j.fireWith(catalog.C5Upload, subj, "copies local files to a remote host")
}

func anyRemote(ws []shell.Word, remote func(shell.Word) bool) bool {
	for _, w := range ws {
		if remote(w) {
			return true
		}
	}
	return false
}
