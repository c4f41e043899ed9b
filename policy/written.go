package policy

import (
	"os"
	"path"
	"slices"
	"strings"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/code"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// What the session's record (arbiter.Call.Written) and the disk say of a
// file a command runs or loads.
type agentState uint8

const (
	notAgents agentState = iota // not in the record, gone, or not readable text
	agentsOwn                   // holds what the agent's write left
	changed                     // the agent wrote it, but it holds something else now
)

// agentRead is one file looked up in the record and read.
type agentRead struct {
	state agentState
	wf    arbiter.WrittenFile
	text  string
}

// agentFile looks abs up in the session's record and, when the agent
// wrote it, reads it (within project.MaxScript) and compares its content sum (arbiter.ContentSum)
// with the one the write left. A file is read once per decision.
func (j *judgement) agentFile(abs string) agentRead {
	if j.call.Written == nil || abs == "" {
		return agentRead{}
	}
	if j.agentReads == nil {
		j.agentReads = &map[string]agentRead{}
	}
	if r, ok := (*j.agentReads)[abs]; ok {
		return r
	}
	var r agentRead
	if wf, ok := j.call.Written(abs); ok {
		f, err := project.Read(abs)
		switch {
		case err != nil || f.Kind != project.Text:
			// Gone, or beyond what arbiter reads: judged as any file is.
		case arbiter.ContentSum([]byte(f.Text)) == wf.Sum:
			r = agentRead{state: agentsOwn, wf: wf, text: f.Text}
		case wf.Tool == "Bash":
			// A shell write's sum is of what the analysis read, which a
			// later command of the same line may have added to: a
			// difference says nothing of who changed the file.
		default:
			r = agentRead{state: changed, wf: wf}
		}
	}
	(*j.agentReads)[abs] = r
	return r
}

// when says when and with what the agent wrote a file, for a reason.
func (r agentRead) when() string {
	return "with " + r.wf.Tool + " at " + r.wf.Time.UTC().Format("15:04:05 UTC")
}

// runAgentFile judges running a file the agent wrote earlier in this
// session by what it holds, wherever it is; true when it did. A file
// outside the project that changed since the agent wrote it is not known
// to be the agent's: something arbiter did not see wrote there. (One in
// the project is the project's code, whoever changed it, and is read as
// such.)
func (j *judgement) runAgentFile(c *shell.Command, file, abs string, place paths.Place, subj string) bool {
	r := j.agentFile(abs)
	switch {
	case r.state == agentsOwn:
		if j.judgeContent(c, file, r.text, subj, abs) {
			j.fireWith(catalog.D4RunWrittenFile, subj, "runs "+file+", which the agent wrote in this session ("+r.when()+"), judged by what it contains")
		}
		return true
	case r.state == changed && place != paths.Project && place != paths.ProjectRoot:
		j.fireWith(catalog.UChangedSinceWritten, subj, "the agent wrote "+file+" in this session ("+r.when()+"), but it holds something else now, written by something arbiter did not see, so what runs is not known to be the agent's")
		return true
	}
	return false
}

// loadAgentFile judges a file a program loads as code (a test runner's
// --require, a config module) when the agent wrote it in this session:
// by its content, in the language its extension names; true when it did.
func (j *judgement) loadAgentFile(c *shell.Command, part, abs string) bool {
	r := j.agentFile(abs)
	subj := c.String() + " → " + part
	switch r.state {
	case changed:
		j.fireWith(catalog.UChangedSinceWritten, subj, c.Program+" loads "+part+", which the agent wrote in this session ("+r.when()+") but which holds something else now, so what it loads is not known to be the agent's")
		return true
	case agentsOwn:
	default:
		return false
	}
	program, lang := codeOfExtension(path.Ext(abs))
	dir := j.res.Resolve(".", c.Dir)
	switch {
	case program == "sh":
		j.shellText(r.text, dir, subj)
	case program != "":
		j.scriptCode(program, lang, r.text, dir, subj, abs)
	default:
		return false // not code arbiter reads: judged as any loaded file
	}
	j.fireWith(catalog.D4RunWrittenFile, subj, c.Program+" loads "+part+", which the agent wrote in this session ("+r.when()+"), judged by what it contains")
	return true
}

// codeOfExtension names the program and language of a code file.
func codeOfExtension(ext string) (program, lang string) {
	switch ext {
	case ".py":
		return "python3", "python"
	case ".js", ".cjs", ".mjs":
		return "node", "javascript"
	case ".sh", ".bash":
		return "sh", ""
	}
	return "", ""
}

// agentModule finds the file of a top-level Python module the agent wrote
// in this session, beside the script being read or in the directory the
// code runs in; abs is "" when there is none.
func (j *judgement) agentModule(c *shell.Command, top string) (string, agentRead) {
	if j.call.Written == nil || top == "" || strings.ContainsAny(top, "/\\.") {
		return "", agentRead{}
	}
	var dirs []string
	if j.codeDir != "" {
		dirs = append(dirs, j.codeDir)
	}
	if !c.DirUnknown {
		dirs = append(dirs, j.res.Resolve(".", c.Dir))
	}
	for _, d := range dirs {
		for _, f := range []string{path.Join(d, top+".py"), path.Join(d, top, "__init__.py")} {
			// Most imports are of installed modules: an lstat spares the
			// record a lookup for each.
			if _, err := os.Lstat(f); err != nil {
				continue
			}
			if r := j.agentFile(f); r.state != notAgents {
				return f, r
			}
		}
	}
	return "", agentRead{}
}

// agentModules judges the modules Python code imports or calls that the
// agent wrote in this session: importing one runs its code.
func (j *judgement) agentModules(c *shell.Command, r code.Report) {
	if j.call.Written == nil {
		return
	}
	for i, top := range append(append([]string{}, r.Imports...), r.Project...) {
		if !slices.Contains(r.Imports[:min(i, len(r.Imports))], top) {
			j.agentModuleCode(c, top, c.String()+" → module "+top)
		}
	}
}

// agentModuleCode judges one module the agent wrote; true when there was
// one.
func (j *judgement) agentModuleCode(c *shell.Command, top, subj string) bool {
	abs, r := j.agentModule(c, top)
	switch r.state {
	case agentsOwn:
		j.scriptCode("python3", "python", r.text, j.res.Resolve(".", c.Dir), subj, abs)
		j.fireWith(catalog.D4RunWrittenFile, subj, "runs the module "+abs+", which the agent wrote in this session ("+r.when()+"), judged by what it contains")
		return true
	case changed:
		if place := j.res.Classify(abs, false); place != paths.Project && place != paths.ProjectRoot {
			j.fireWith(catalog.UChangedSinceWritten, subj, "runs the module "+abs+", which the agent wrote in this session ("+r.when()+") but which holds something else now, so what runs is not known to be the agent's")
			return true
		}
	}
	return false
}

// shellWrites lists the files the command writes whose whole content the
// analysis read: cat > FILE (or >|) fed by a here-document or here-string,
// in a command with no $, backquote or backslash anywhere (the analysis
// resolves expansions and escapes as best it can, which is not always to
// the byte bash writes), for the session's record. A file written
// otherwise (echo, printf, >>, a program's output) is not listed: what it
// will hold is not known to the byte.
func (j *judgement) shellWrites() []arbiter.FileWrite {
	m, err := j.inputMap()
	if j.shell == nil || err != nil || strings.ContainsAny(stringField(m, "command"), "$`\\") {
		return nil
	}
	var out []arbiter.FileWrite
	for i := range j.shell.Commands {
		c := &j.shell.Commands[i]
		if c.Program != "cat" || len(c.Args) > 0 || !c.Stdin.Known || (c.Stdin.Kind != shell.HereDoc && c.Stdin.Kind != shell.HereStr) || c.DirUnknown {
			continue
		}
		var target *shell.Word
		plain := true
		for _, r := range c.Redirs {
			switch {
			case r.Op == "<<-":
				plain = false // leading tabs are stripped
			case (r.Op == ">" || r.Op == ">|") && (r.Fd == "" || r.Fd == "1") && target == nil:
				target = &r.Target
			case r.Writes():
				plain = false
			}
		}
		if !plain || target == nil || target.Dynamic || target.Glob {
			continue
		}
		if abs := j.res.Resolve(target.Text, c.Dir); strings.HasPrefix(abs, "/") {
			out = append(out, arbiter.FileWrite{Path: abs, Sum: arbiter.ContentSum([]byte(c.Stdin.Text))})
		}
	}
	return out
}
