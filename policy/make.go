package policy

import (
	"errors"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// makeWorkShare is how many bytes of a Makefile's expansion count as one
// byte of reading (maxReadWork).
const makeWorkShare = 32

// makeRun judges make: the goals' names, then the recipe lines the
// Makefile runs for them (and their prerequisites), read without running
// make and judged as shell commands in make's directory.
func (j *judgement) makeRun(c *shell.Command, subj string) {
	if f := j.writesFirst(func(name string) bool {
		return name == "Makefile" || name == "makefile" || name == "GNUmakefile" || strings.HasSuffix(name, ".mk")
	}); f != "" {
		j.fireWith(catalog.UUnreadableMakefile, subj, "the command line writes "+j.shownPath(f)+", which make reads, so the recipes that run are not the ones arbiter can read on disk")
		return
	}
	dir := j.res.Resolve(".", c.Dir)
	file := ""
	var goals []string
	vars := map[string]string{}
	dry := false
	builtins := true // make -r: no built-in rules
	for k := 0; k < len(c.Args); k++ {
		a := c.Args[k]
		t := a.Text
		next := func() string {
			if k+1 < len(c.Args) {
				k++
				return c.Args[k].Text
			}
			return ""
		}
		switch {
		case a.Dynamic && makeJobs(c.Args, k):
			// -j$(nproc): a count of jobs, known to be a number.
		case a.Dynamic:
			j.fireWith(catalog.UDynamicPath, subj, "make is given an argument only known at run time")
			return
		case t == "-C" || t == "--directory":
			dir = j.res.Resolve(next(), dir)
		case strings.HasPrefix(t, "--directory="):
			dir = j.res.Resolve(t[len("--directory="):], dir)
		case strings.HasPrefix(t, "-C"):
			dir = j.res.Resolve(t[2:], dir)
		case t == "-f" || t == "--file" || t == "--makefile":
			file = next()
		case strings.HasPrefix(t, "--file=") || strings.HasPrefix(t, "--makefile="):
			_, file, _ = strings.Cut(t, "=")
		case strings.HasPrefix(t, "-f") && !strings.HasPrefix(t, "--"):
			file = t[2:]
		case t == "-E" || t == "--eval" || strings.HasPrefix(t, "--eval="):
			j.fireWith(catalog.UMakefileNotPlain, subj, "make --eval runs make code given on the command line")
			return
		case t == "-n" || t == "--dry-run" || t == "--just-print" || t == "--recon" || t == "-q" || t == "--question" || t == "-p" || t == "--print-data-base":
			dry = true
		case t == "-r" || t == "--no-builtin-rules":
			builtins = false
		case t == "-j" || t == "-l" || t == "--jobs" || t == "--load-average":
			if k+1 < len(c.Args) && strings.Trim(c.Args[k+1].Text, "0123456789.") == "" {
				k++
			}
		case t == "-o" || t == "-W" || t == "-I" || t == "--old-file" || t == "--what-if" || t == "--include-dir" || t == "--assume-old" || t == "--assume-new" || t == "--new-file":
			next()
		case strings.HasPrefix(t, "-"):
		case strings.Contains(t, "="):
			name, value, _ := strings.Cut(t, "=")
			name = strings.TrimSuffix(strings.TrimSuffix(name, ":"), ":")
			switch name {
			case "SHELL", ".SHELLFLAGS", "MAKEFLAGS", "MFLAGS", "MAKEFILES", "MAKE", ".RECIPEPREFIX", "MAKEOVERRIDES", "GNUMAKEFLAGS":
				// These change how every recipe runs, or add options
				// and makefiles: make --eval through MAKEFLAGS.
				j.fireWith(catalog.UEnvRedirect, t, "sets make's "+name+" on the command line, which changes how every recipe runs or what make reads")
				return
			}
			vars[name] = value
		default:
			goals = append(goals, t)
		}
	}
	if file == "-" || strings.HasPrefix(file, "/dev/fd/") || strings.HasPrefix(file, "/proc/") {
		// make -f - and -f <(…): the makefile is a stream arbiter cannot read.
		j.fireWith(catalog.UDynamicCode, subj, "make reads its makefile from "+file+", which arbiter cannot read before it runs")
		return
	}
	for _, g := range goals {
		j.scriptName(g, nil, subj)
	}
	var path string
	var err error
	if file != "" {
		path = j.res.Resolve(file, dir)
	} else {
		path, err = project.FindMakefile(dir)
	}
	var m *project.Makefile
	if err == nil {
		m, err = project.ReadMakefile(path, dir)
	}
	switch {
	case project.IsNotExist(err):
		if builtins && len(goals) > 0 && !j.makeBuiltins(project.CommandLineBuiltins(vars), dir, subj) {
			return
		}
		j.fireWith(catalog.D5Build, subj, "there is no Makefile, so make runs nothing but its built-in rules")
		return
	case errors.Is(err, project.ErrNotPlain):
		j.fireWith(catalog.UMakefileNotPlain, subj, "arbiter cannot tell what the Makefile runs without running make ("+err.Error()+")")
		return
	case err != nil:
		j.fireWith(catalog.UUnreadableMakefile, subj, "arbiter cannot read the Makefile ("+err.Error()+")")
		return
	}
	for _, inc := range m.Included {
		if j.writtenHere(inc) {
			j.fireWith(catalog.UUnreadableMakefile, subj, "the command line writes "+j.shownPath(inc)+", which the Makefile includes, so the recipes that run are not the ones arbiter can read on disk")
			return
		}
	}
	cmds, err := m.ShellCommands()
	if err != nil {
		j.fireWith(catalog.UMakefileNotPlain, subj, "arbiter cannot tell what the Makefile runs without running make ("+err.Error()+")")
		return
	}
	for _, cmd := range cmds {
		j.shellText(cmd, dir, subj+" ($(shell "+clipText(cmd, 80)+"))")
	}
	if len(goals) == 0 {
		def, err := m.DefaultGoals()
		if err != nil {
			j.fireWith(catalog.UMakefileNotPlain, subj, "arbiter cannot tell what the Makefile runs without running make ("+err.Error()+")")
			return
		}
		for _, g := range def {
			j.scriptName(g, nil, subj)
		}
	}
	sched, err := m.Plan(goals, vars)
	if err == nil && sched.Builtin && builtins {
		var vals []project.BuiltinValue
		if vals, err = m.BuiltinValues(); err == nil && !j.makeBuiltins(vals, dir, subj) {
			return
		}
	}
	if err != nil {
		j.fireWith(catalog.UMakefileNotPlain, subj, "arbiter cannot tell what the Makefile runs without running make ("+err.Error()+")")
		return
	}
	// A byte of expansion costs a fraction of a byte judged: a Makefile
	// at its own bound is as much as the decision reads.
	if j.tooMuchFile(path, m.Work()/makeWorkShare, subj) {
		return
	}
	for _, st := range sched.Steps {
		if dry && !st.Always {
			continue
		}
		j.shellText(st.Line, dir, subj+" (target "+st.Target+": "+clipText(st.Line, 80)+")")
	}
	j.fireWith(catalog.D5Build, subj, "runs the Makefile's recipes, each judged as the command it is")
}

// makeJobs reports a word of make's job or load limit (-j N, -jN,
// --jobs=N, -l N) whose value is a number known only at run time, such as
// $(nproc): it cannot name a file, a target or an option.
func makeJobs(args []shell.Word, k int) bool {
	a := args[k]
	if a.Value != shell.NumberValue || a.Split {
		return false
	}
	for _, p := range []string{"-j", "-l", "--jobs=", "--load-average=", "--max-load="} {
		if strings.HasPrefix(a.Text, p) && !strings.Contains(a.Text[:len(p)], "$") {
			return true
		}
	}
	if k == 0 {
		return false
	}
	switch args[k-1].Text {
	case "-j", "--jobs", "-l", "--load-average", "--max-load":
		return !strings.HasPrefix(a.Text, "-")
	}
	return false
}
