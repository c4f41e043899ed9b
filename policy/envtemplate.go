package policy

import (
	"os"
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/shell"
)

// envFromTemplate judges cp of the project's template of an environment
// file (.env.example, .env.sample, …) to the file it is the template of
// (.env), where nothing is yet: the copy writes placeholders, not
// credentials, and overwrites nothing. The template must be a regular
// file in the project that the same line does not write and in which the
// secret scan finds no credential; the new file a name in the project
// where lstat finds nothing, on a line that runs nothing else that writes
// (another cp there is judged on its own). It fires
// D2.env-from-template and reports true only then; any other copy to an
// environment file keeps B3.secret-write.
func (j *judgement) envFromTemplate(c *shell.Command, sources []shell.Word, dest shell.Word, destAbs string) bool {
	if c.Program != "cp" || len(sources) != 1 || c.Origin != "" || c.DirUnknown || len(c.Via) > 0 ||
		dest.Dynamic || dest.Glob || sources[0].Dynamic || sources[0].Glob || !plainCopy(c) || !j.lineRunsOnly(c, wordSet(templateCompanions)) {
		return false
	}
	src := j.res.ResolveLink(sources[0].Text, c.Dir)
	if !templateOf(path.Base(src), path.Base(destAbs)) || j.res.Classify(src, false) != paths.Project || j.res.Classify(destAbs, false) != paths.Project {
		return false
	}
	if st, err := os.Lstat(src); err != nil || !st.Mode().IsRegular() {
		return false
	}
	if _, err := os.Lstat(destAbs); !os.IsNotExist(err) {
		return false // the user's environment file, or a link
	}
	if _, f := j.writtenLookup(src); f {
		return false // the line writes the template first (the record of writes holds this cp's own, so only the source is looked up)
	}
	if inGitDir(destAbs) || isAgentConfig(destAbs) || persistent(j.res, destAbs) || j.credentialAt(src, false) != "" {
		return false
	}
	if j.created == nil {
		j.created = map[string]bool{}
	}
	j.created[j.res.Resolve(dest.Text, c.Dir)] = true
	j.fireWith(catalog.D2EnvFromTemplate, dest.Text, "creates "+dest.Text+" from the project's template "+sources[0].Text+", in which arbiter finds no credential; nothing was at "+dest.Text)
	return true
}

// templateOf reports whether the file named tmpl is the template of the
// environment file named env: .env.example of .env, .env.local.sample of
// .env.local.
func templateOf(tmpl, env string) bool {
	low := strings.ToLower(env)
	if low != ".env" && !strings.HasPrefix(low, ".env.") {
		return false
	}
	rest, ok := strings.CutPrefix(strings.ToLower(tmpl), low+".")
	switch {
	case !ok:
		return false
	case rest == "example", rest == "sample", rest == "template", rest == "dist", rest == "tmpl":
		return true
	}
	return false
}

// plainCopy reports a cp whose options only print (-v) or say not to
// overwrite (-n): no recursion, link or attribute option.
func plainCopy(c *shell.Command) bool {
	for _, a := range c.Args {
		t := a.Text
		switch {
		case t == "--":
			return true
		case t == "--verbose" || t == "--no-clobber":
		case strings.HasPrefix(t, "--"):
			return false
		case strings.HasPrefix(t, "-") && len(t) > 1 && strings.Trim(t[1:], "vn") != "":
			return false
		}
	}
	return true
}

// templateCompanions are the programs a line that creates an environment
// file from its template may run: none of them writes a file.
const templateCompanions = "cp cd pwd ls echo true"
