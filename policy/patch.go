package policy

import (
	"path"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
	"github.com/arbitergate/arbiter/spec"
)

// A patch names the files it changes in its headers. git apply and GNU
// patch are judged by reading the patch and judging each file it names as
// a write (or a delete), as if the command had named them: a patch that
// touches .git/hooks, the agent's settings or a file outside the project
// gets the answer writing that file gets.

// patchApply is how one command applies a patch.
type patchApply struct {
	source  *shell.Word // the patch file; nil for standard input
	strip   int         // -pN
	guess   bool        // no -p: GNU patch picks among the name's readings
	dir     string      // -d / --directory, "" for none
	reverse bool
	dryRun  bool
	rejects bool // writes NAME.rej beside a file whose hunks fail
	backups bool // may write NAME.orig beside each file
}

// patchProgram judges GNU patch by the patch it reads.
func (j *judgement) patchProgram(c *shell.Command) {
	subj := c.String()
	res := spec.Lookup("patch").Parse(c.ArgTexts())
	if res.Problem != nil {
		j.notUnderstood(c, res.Problem)
		return
	}
	p := patchApply{guess: true, backups: true, rejects: true}
	ops := 0
	var original []shell.Word
	for _, v := range res.Values {
		switch v.Option {
		case "-p":
			n, err := strconv.Atoi(v.Text)
			if err != nil || n < 0 {
				j.fireWith(catalog.UUnknownOption, subj, "patch -p takes a count, not "+strconv.Quote(v.Text))
				return
			}
			p.strip, p.guess = n, false
		case "-i":
			w := c.Args[v.Arg]
			if w.Text != v.Text {
				w = shell.Word{Text: v.Text, Dynamic: w.Dynamic}
			}
			p.source = &w
		case "-d":
			p.dir = v.Text
		case "":
			ops++
			if ops == 1 {
				original = append(original, c.Args[v.Arg])
			}
			if ops == 2 && p.source == nil {
				w := c.Args[v.Arg]
				p.source = &w
			}
		}
	}
	p.reverse = res.Has("-R")
	p.dryRun = res.Has("--dry-run")
	if len(original) > 0 && !p.dryRun {
		// patch ORIGINAL [PATCH] applies every hunk to ORIGINAL; the
		// headers' names are judged as well.
		j.writeArgs(c, original)
	}
	j.applyPatch(c, p, subj)
}

// gitApplyRead judges git apply by the patch it reads; false when the
// words say something this reading does not follow.
func (j *judgement) gitApplyRead(c *shell.Command, rest []shell.Word, subj string) bool {
	p := patchApply{strip: 1}
	var sources []shell.Word
	apply := false
	for _, a := range rest {
		t := a.Text
		switch {
		case strings.HasPrefix(t, "-p") && len(t) > 2:
			n, err := strconv.Atoi(t[2:])
			if err != nil || n < 0 {
				return false
			}
			p.strip = n
		case t == "-R" || t == "--reverse":
			p.reverse = true
		case t == "--reject":
			p.rejects = true
		case t == "--check" || t == "--stat" || t == "--numstat" || t == "--summary":
			p.dryRun = true
		case t == "--apply":
			apply = true
		case gitApplyInert.Get()[t] || strings.HasPrefix(t, "--whitespace=") || strings.HasPrefix(t, "--exclude=") || strings.HasPrefix(t, "--include=") || strings.HasPrefix(t, "-C") && len(t) > 2:
		case strings.HasPrefix(t, "-"):
			return false // -p N apart, --build-fake-ancestor, --directory and the like
		default:
			sources = append(sources, a)
		}
	}
	p.dryRun = p.dryRun && !apply
	if len(sources) == 0 {
		j.applyPatch(c, p, subj)
	}
	for k := range sources {
		p.source = &sources[k]
		j.applyPatch(c, p, subj)
	}
	return true
}

// gitApplyInert are git apply's flags that change how hunks match or what
// is printed, not which files are written.
var gitApplyInert = lazy.New(func() map[string]bool {
	out := map[string]bool{}
	for _, f := range strings.Fields("--index --cached --intent-to-add -N -3 --3way --ours --theirs --union --unidiff-zero --no-add " +
		"--allow-binary-replacement --binary --ignore-space-change --ignore-whitespace --inaccurate-eof -v --verbose -q --quiet " +
		"--recount --allow-empty -z --allow-overlap") {
		out[f] = true
	}
	return out
})

// applyPatch reads the patch and judges each file it names.
func (j *judgement) applyPatch(c *shell.Command, p patchApply, subj string) {
	text, ok := j.patchText(c, p.source, subj)
	if !ok {
		return
	}
	targets, err := project.ParsePatch(text)
	if err != nil {
		j.fireWith(catalog.UUnlistedFiles, subj, "applies a patch whose files arbiter cannot all name: "+err.Error())
		return
	}
	if p.dryRun {
		j.fireWith(catalog.D1ReadOnly, subj, "checks a patch without applying it")
		return
	}
	j.fireWith(catalog.D2WriteProject, subj, "applies a patch to the files its headers name, each judged as a write")
	for _, t := range targets {
		del, create := t.Delete, t.Create
		if p.reverse {
			del, create = create, del
		}
		for _, name := range patchNames(t, p) {
			shown := name
			if p.dir != "" {
				name = path.Join(p.dir, name)
			}
			abs := j.res.Resolve(name, c.Dir)
			if del {
				j.remove(c, shell.Word{Text: abs}, false)
				continue
			}
			j.write(abs, false, shown, c.Program)
			if p.rejects {
				j.write(abs+".rej", false, shown+".rej", c.Program)
			}
			if p.backups {
				j.write(abs+".orig", false, shown+".orig", c.Program)
			}
		}
	}
}

// patchNames gives the names a tool may take a target's header name for:
// the name less -p components (one fewer for git's rename lines); with no
// -p, GNU patch reads a git diff as -p1 and others by the base name, so
// each of the whole name, -p1 and the base name is judged.
func patchNames(t project.PatchTarget, p patchApply) []string {
	strip := p.strip
	if !t.Prefixed && strip > 0 {
		strip--
	}
	counts := []int{strip}
	if p.guess {
		counts = []int{0, 1}
	}
	var out []string
	for _, n := range counts {
		if s, ok := project.StripPatchName(t.Name, n); ok {
			out = append(out, s)
		}
	}
	if p.guess && path.Base(t.Name) != "" {
		out = append(out, path.Base(t.Name))
	}
	return out
}

// patchText returns the patch a command reads: the file named (as the
// command line leaves it), or standard input when it is a file, a
// here-document or literal text. ok is false, with the reason recorded,
// when it cannot be known.
func (j *judgement) patchText(c *shell.Command, source *shell.Word, subj string) (string, bool) {
	name := ""
	switch {
	case source != nil:
		if source.Dynamic {
			j.fireWith(catalog.UDynamicPath, subj, "applies a patch whose path is only known at run time")
			return "", false
		}
		name = source.Text
	case c.Stdin.Kind == shell.File && c.Stdin.Text != "":
		name = c.Stdin.Text
	case c.Stdin.Kind != shell.NoInput && c.Stdin.Kind != shell.File && c.Stdin.Known:
		return c.Stdin.Text, true
	default:
		j.fireWith(catalog.UUnlistedFiles, subj, "applies a patch from input arbiter cannot read, so the files it changes are not known")
		return "", false
	}
	if c.DirUnknown && !strings.HasPrefix(name, "/") {
		j.fireWith(catalog.UUnknownDirectory, subj, "reads a patch relative to a directory the analysis cannot tell")
		return "", false
	}
	abs := j.res.Resolve(name, c.Dir)
	if kind := secrets.File(abs); kind != "" {
		j.fireWith(catalog.B3SecretRead, subj, "reads "+article(kind)+" as a patch, and the tool prints lines it does not understand")
		return "", false
	}
	f, err := j.read(abs)
	if err != nil || f.Kind != project.Text {
		j.fireWith(catalog.UUnlistedFiles, subj, "applies a patch arbiter cannot read ("+name+"), so the files it changes are not known")
		return "", false
	}
	return f.Text, true
}
