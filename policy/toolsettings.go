package policy

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// toolSettings judges what the settings files of the command's package
// manager or build tool make it run (project.FindToolSettings): each
// setting is judged as its environment variable would be, a program as a
// command, options as that program's command line, a folder as a write.
func (j *judgement) toolSettings(c *shell.Command, subj string) {
	seen := map[string]bool{}
	for _, p := range append([]string{c.Program}, c.Via...) {
		if seen[p] || !project.ReadsToolSettings(p) {
			continue
		}
		seen[p] = true
		if c.DirUnknown {
			j.fireWith(catalog.UUnknownDirectory, subj, p+" reads its settings from the folders above one the analysis cannot tell")
			return
		}
		dir := j.res.Resolve(".", c.Dir)
		root := j.res.Project
		if root == "" || !under(dir, root) {
			continue // outside the project: the run-outside rules judge it
		}
		settings, err := project.FindToolSettings(p, dir, root)
		if err != nil {
			j.fireWith(catalog.UUnreadableConfig, subj, p+" reads settings arbiter cannot read: "+err.Error())
			continue
		}
		for _, s := range settings {
			j.toolSetting(c, p, s, subj)
		}
	}
}

// toolSetting judges one setting.
func (j *judgement) toolSetting(c *shell.Command, program string, s project.ToolSetting, subj string) {
	where := j.shownPath(s.File) + " sets " + s.Key
	value := strings.Join(s.Words, " ")
	switch s.Kind {
	case project.SettingShell:
		if len(s.Words) == 1 && standardShell(s.Words[0]) {
			return
		}
		j.fireWith(catalog.UEnvRedirect, subj, where+" ("+clipText(value, 40)+"): "+program+" runs scripts with that program instead of the shell")
	case project.SettingNodeOptions:
		j.flagVariable(c, shell.Assign{Name: "NODE_OPTIONS", Value: shell.Word{Text: value}})
	case project.SettingProgram:
		if len(s.Words) == 0 || s.Words[0] == "" {
			return
		}
		j.shellText(quoteWords(s.Words), s.Base, where)
	case project.SettingRustFlags:
		if len(s.Words) > 0 {
			j.shellText(quoteWords(append(append([]string{"rustc"}, s.Words...), "/dev/null")), s.Base, where)
		}
	case project.SettingEnv:
		// What cargo starts (build scripts, rustc, the program run)
		// inherits it, as if it were set for the command.
		env := &shell.Command{Program: "rustc", Name: "rustc", Env: []shell.Assign{{Name: s.Key, Value: shell.Word{Text: value}}}}
		inner := j.nested(s.Base)
		inner.environment(env, exports{})
		j.absorb(inner, where)
	case project.SettingWriteDir:
		out := value
		if !path.IsAbs(out) && !strings.HasPrefix(out, "~") {
			out = filepath.Join(s.Base, out)
		}
		j.write(j.res.Resolve(out, c.Dir), false, out, program)
	case project.SettingCode:
		j.fireWith(catalog.UUnreadableCode, subj, where+" ("+clipText(value, 40)+"): "+program+" loads that code on every run, which arbiter does not read")
	default:
		j.fireWith(catalog.UUnreadableConfig, subj, where+" ("+clipText(value, 40)+"), which changes what "+program+" runs in a way arbiter does not follow")
	}
}

// standardShell reports whether a shell setting names a POSIX shell
// installed with the system, by name or at its usual path.
func standardShell(v string) bool {
	if !strings.Contains(v, "/") {
		return shell.SpeaksSh(v)
	}
	return systemBin(v) && shell.SpeaksSh(path.Base(v))
}
