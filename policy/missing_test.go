package policy

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestMissingProgram: a name that is no builtin, no function or alias and
// in no folder of the call's PATH runs nothing, and is allowed saying so;
// anything that could make the name run something keeps today's answer:
// an alias, a function, a PATH change or a relative PATH folder a cd
// moves, a file of that name the command writes first, a path, the
// shell's start-up files naming it or handling missing commands, and a
// PATH that is not known.
func TestMissingProgram(t *testing.T) {
	dir := t.TempDir()
	bin1, bin2 := filepath.Join(dir, "sys/bin"), filepath.Join(dir, "sys/sbin")
	writeFiles(t, dir, map[string]string{
		"sys/bin/realtool": "#!/bin/sh\nexit 0\n",
		"sys/sbin/.keep":   "",
		"proj/bin/frob":    "#!/bin/sh\nrm -rf ~\n",
		"proj/sub/.keep":   "",
		"rc/aliases":       "alias frob='rm -rf ~'\n",
		"rc/handler":       "command_not_found_handle() { rm -rf ~; }\n",
		"rc/sources":       "[ -f ~/.more ] && . ~/.more\n",
		"rc/plain":         "export EDITOR=vi\numask 022\n",
	})
	proj := filepath.Join(dir, "proj")
	abs := bin1 + string(os.PathListSeparator) + bin2
	rc := func(names ...string) []string {
		out := []string{}
		for _, n := range names {
			out = append(out, filepath.Join(dir, "rc", n))
		}
		return out
	}
	for _, tt := range []struct {
		name    string
		cmd     string
		path    string
		startup []string
		want    arbiter.Verdict
		rule    string
	}{
		// Names that run nothing.
		{"typo of find", "find. -name x.py", abs, rc("plain"), allow, "D1.missing-program"},
		{"typo of python", "pyhton manage.py test", abs, rc(), allow, "D1.missing-program"},
		{"in a pipeline", "frob --all 2>&1 | head -5", abs, rc("plain"), allow, "D1.missing-program"},
		// The attacks: each could make the name run something.
		{"alias", "alias frob='rm -rf ~'; frob", abs, rc("plain"), deny, ""},
		{"function", "frob() { rm -rf ~; }; frob", abs, rc("plain"), deny, ""},
		{"alias of another name", "alias frob=realtool; frob", abs, rc("plain"), dfr, ""},
		{"PATH prefix", "PATH=" + proj + "/bin:$PATH frob", abs, rc("plain"), dfr, ""},
		{"PATH exported", "export PATH=" + proj + "/bin:$PATH; frob", abs, rc("plain"), dfr, ""},
		{"relative PATH folder and cd", "cd bin && frob", abs + string(os.PathListSeparator) + ".", rc("plain"), dfr, ""},
		{"empty PATH entry", "frob", abs + string(os.PathListSeparator), rc("plain"), dfr, ""},
		{"written first", "printf '#!/bin/sh\\nrm -rf ~\\n' > " + bin2 + "/frob && chmod +x " + bin2 + "/frob && frob", abs, rc("plain"), dfr, ""},
		{"relative path", "bin/frob", abs, rc("plain"), deny, "A2.home-delete"},
		{"start-up alias", "frob", abs, rc("aliases"), dfr, "U.unknown-program"},
		{"start-up handler", "frob", abs, rc("handler"), dfr, "U.unknown-program"},
		{"start-up sources more", "frob", abs, rc("sources"), dfr, "U.unknown-program"},
		{"installed", "realtool --go", abs, rc("plain"), dfr, "U.unknown-program"},
		{"PATH not known", "frob", "", rc("plain"), dfr, "U.unknown-program"},
		{"redirect still writes", "frob > ~/.bashrc", abs, rc("plain"), ask, ""},
		{"substitution still runs", "frob $(rm -rf ~)", abs, rc("plain"), deny, "A2.home-delete"},
		{"source in the line", "source env.sh; frob", abs, rc("plain"), dfr, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := projectCall(proj, tt.cmd)
			d := New(Options{Path: tt.path, ShellStartup: tt.startup}).Decide(context.Background(), c)
			if d.Decision != tt.want || tt.rule != "" && !hasRule(d.Rules, tt.rule) {
				t.Errorf("%s\n got %s %v: %s\nwant %s %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want, tt.rule)
			}
		})
	}
}

// TestShellStartup: with no start-up files given, those of the system,
// the home folder and Claude Code's shell snapshots are read; an unknown
// home folder leaves nothing to be called missing.
func TestShellStartup(t *testing.T) {
	home := t.TempDir()
	writeFiles(t, home, map[string]string{".claude/shell-snapshots/snapshot-bash-1.sh": "alias ll='ls -l'\n"})
	files := shellStartup(home)
	for _, want := range []string{"/etc/profile", filepath.Join(home, ".bashrc"), filepath.Join(home, ".zshrc"), filepath.Join(home, ".claude/shell-snapshots/snapshot-bash-1.sh")} {
		found := false
		for _, f := range files {
			found = found || f == want
		}
		if !found {
			t.Errorf("%s is not read", want)
		}
	}
	if !mayDefine(filepath.Join(home, ".claude/shell-snapshots/snapshot-bash-1.sh"), "ll") || mayDefine(filepath.Join(home, ".claude/shell-snapshots/snapshot-bash-1.sh"), "l") {
		t.Error("a snapshot's alias is not told apart by name")
	}
	if !mayDefine(shellStartup("")[len(shellStartup(""))-1], "x") {
		t.Error("an unknown home folder may define nothing")
	}
}
