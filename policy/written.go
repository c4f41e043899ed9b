package policy

import (
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/catalog"
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
// wrote it, reads it (within project.MaxScript) and compares its content
// sum (arbiter.ContentSum) with the one the write left. A file is read
// once per decision.
func (j *judgement) agentFile(abs string) agentRead {
	if j.call.Written == nil || abs == "" {
		return agentRead{}
	}
	cache := j.cache()
	if cache.agent == nil {
		cache.agent = map[string]agentRead{}
	}
	if r, ok := cache.agent[abs]; ok {
		return r
	}
	var r agentRead
	if wf, ok := j.call.Written(abs); ok && !wf.Unknown {
		f, err := j.read(abs)
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
	cache.agent[abs] = r
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
		if j.judgeContent(c, file, r.text, subj) {
			j.fireWith(catalog.D4RunWrittenFile, subj, "runs "+file+", which the agent wrote in this session ("+r.when()+"), judged by what it contains")
		}
		return true
	case r.state == changed && !inProject(place):
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
	case lang == "python":
		// Its imports are looked up where Python looks first for a file
		// it runs or code run in a folder: the file's folder, then the
		// working one (the program may add others, which arbiter does
		// not know).
		j.scriptCode(program, lang, r.text, dir, subj, &pyLoad{dirs: []string{path.Dir(abs), dir}}, "")
	case program != "":
		j.scriptCode(program, lang, r.text, dir, subj, nil, abs)
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

// pythonSource returns the text of a Python file a command imports or
// loads (found where Python finds it, inside the project or not), and the
// record's entry when it is the agent's. What the same command line writes
// there comes first, as sourceText reads it; then a file the agent wrote
// in this session, wherever it is; then the disk. A file outside the
// project that changed since the agent wrote it is not read: something
// arbiter did not see wrote there (U.changed-since-written).
func (j *judgement) pythonSource(c *shell.Command, file, subj string) (string, agentRead, bool) {
	if _, here := j.writtenLookup(file); !here {
		switch r := j.agentFile(file); {
		case r.state == agentsOwn:
			return r.text, r, true
		case r.state == changed && !inProject(j.res.Classify(file, false)):
			j.fireWith(catalog.UChangedSinceWritten, subj, "loads "+j.fileShown(file)+", which the agent wrote in this session ("+r.when()+") but which holds something else now, so what runs is not known to be the agent's")
			return "", r, false
		}
	}
	text, ok := j.sourceText(c, file, subj)
	return text, agentRead{}, ok
}

// inProject reports a place of the project's own files.
func inProject(p paths.Place) bool { return p == paths.Project || p == paths.ProjectRoot }

// shellWrites lists the files the command writes, for the session's
// record: those whose whole content the analysis read with its sum
// (knownWrites), every other write the analysis knows of (writtenFiles)
// with the program that writes it and the file it copies.
func (j *judgement) shellWrites() []arbiter.FileWrite {
	out := j.knownWrites()
	seen := map[string]bool{}
	for _, w := range out {
		seen[w.Path] = true
	}
	for _, k := range slices.Sorted(maps.Keys(j.written)) {
		f := j.written[k]
		file := path.Clean(k)
		if seen[file] || !path.IsAbs(file) || !recorded(file, f) {
			continue
		}
		by := f.producer
		if by == "" {
			by = "sh"
		}
		from := f.from
		if from == "" && f.build != nil && len(f.build.sources) > 0 {
			from = f.build.sources[0].path
		}
		w := arbiter.FileWrite{Path: file, By: by, From: from, Tree: strings.HasSuffix(k, "/")}
		if !w.Tree {
			w.Build = j.buildRecord(f)
		}
		out = append(out, w)
	}
	return out
}

// recorded reports a write of unknown content worth keeping in the
// session's record. Devices are not files; touch leaves what a file
// holds; go build writes a program whose build information names the
// module and files it was built from, which are checked when it runs
// (binaries.go); git's writes are the repository's tracked files.
func recorded(file string, f writtenFile) bool {
	if strings.HasPrefix(file, "/dev/") || strings.HasPrefix(file, "/proc/") {
		return false
	}
	switch f.producer {
	case "touch", "go", "git":
		return false
	}
	return true
}

// knownWrites lists the files the command writes whose whole content the
// analysis read: cat > FILE (or >|) fed by a here-document or here-string,
// in a command with no $, backquote or backslash anywhere (the analysis
// resolves expansions and escapes as best it can, which is not always to
// the byte bash writes). A file written otherwise (echo, printf, >>, a
// program's output) is not listed: what it will hold is not known to the
// byte.
func (j *judgement) knownWrites() []arbiter.FileWrite {
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

// shellWroteProgram judges running a compiled program that a shell
// command of this session wrote with content arbiter did not know (a
// copy, a download, an archive unpacked, a compile): it is not the
// project's build output, whatever folder it is in, so it is not allowed
// as one; true when it did. A build since may not have replaced it: cargo
// leaves a program it thinks current alone.
func (j *judgement) shellWroteProgram(abs, subj string) bool {
	if j.call.Written == nil {
		return false
	}
	wf, ok := j.call.Written(abs)
	if !ok || !wf.Unknown {
		return false
	}
	how := "by " + wf.By
	switch {
	case wf.Tree:
		how += ", which filled " + j.fileShown(wf.Path) + " with files it did not list"
	case wf.From != "":
		how += " from " + j.fileShown(wf.From)
	}
	when := "in this session (" + how + " at " + wf.Time.UTC().Format("15:04:05 UTC") + ")"
	if wf.By == "curl" || wf.By == "wget" {
		j.fireWith(catalog.B9RunDownloaded, subj, "runs "+j.fileShown(abs)+", downloaded "+when+", without review: whoever controls that URL controls this machine")
		return true
	}
	if wf.Build != nil {
		j.earlierCompile(abs, wf, when, subj)
		return true
	}
	j.fireWith(catalog.UUntracedProgram, subj, j.fileShown(abs)+" was written "+when+", not by the project's build, so arbiter cannot tell what it runs")
	return true
}
