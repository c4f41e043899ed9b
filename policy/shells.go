package policy

import (
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
)

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
	if c.Program != "source" && c.Program != "." {
		j.allexportShell(c.ArgTexts(), false, subj)
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
	abs := j.res.Resolve(script, c.Dir)
	if secrets.File(abs) != "" {
		j.fireWith(catalog.B3SecretRead, subj, "runs a credential file as a script")
		return
	}
	if (c.Program == "source" || c.Program == ".") && !c.DirUnknown && !j.writtenHere(abs) {
		if eff, ok := j.sourcedEffect(script, c.Dir); ok {
			j.fireWith(catalog.D4RunProjectCode, subj, "activates the project's virtual environment "+j.shownPath(path.Dir(eff.Bin))+": its activate script is the one venv, virtualenv and uv generate, which only sets VIRTUAL_ENV, PATH and the prompt")
			return
		}
	}
	j.runFile(c, script, subj)
}

// writtenHere reports whether the command line writes the file at abs (or
// into a folder holding it) before it may read it: what it reads is then
// not what is on disk.
func (j *judgement) writtenHere(abs string) bool {
	for k := range j.written {
		if k == abs || strings.HasSuffix(k, "/") && strings.HasPrefix(abs, k) {
			return true
		}
	}
	return false
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
		j.fireWith(catalog.B3SecretRead, subj, "runs a credential file as a script")
		return
	}
	j.runFile(tr, tr.Stdin.Text, subj)
}
