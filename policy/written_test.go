package policy

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arbitergate/arbiter"
)

// writtenCase is a command run after the agent wrote files in earlier
// calls of the session. Paths start with PROJECT/, HOME/ or TMP/.
type writtenCase struct {
	name string
	// wrote are the files the session's record names, with the content
	// the agent's write left; files are what is on disk (wrote's content
	// unless named here too).
	wrote map[string]string
	files map[string]string
	// links are symbolic links put on disk last (name → target); tool is
	// the tool the record names for wrote ("Write" unless set).
	links map[string]string
	tool  string
	cmd   string
	want  arbiter.Verdict
	rule  string
	// before is the verdict without the record, when checked: an attack
	// the record catches is allowed there.
	before *arbiter.Verdict
}

// expand replaces the placeholders of a case's paths and command.
func expand(s, proj, home, tmp string) string {
	return strings.NewReplacer("PROJECT", proj, "HOME", home, "TMP", tmp).Replace(s)
}

func runWrittenCases(t *testing.T, tests []writtenCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			proj, home, tmp := filepath.Join(root, "proj"), filepath.Join(root, "home"), filepath.Join(root, "tmp")
			record := map[string]arbiter.WrittenFile{}
			tool := tt.tool
			if tool == "" {
				tool = "Write"
			}
			for name, content := range tt.wrote {
				p := expand(name, proj, home, tmp)
				record[p] = arbiter.WrittenFile{Sum: arbiter.ContentSum([]byte(content)), Tool: tool, Time: time.Date(2026, 12, 1, 22, 41, 0, 0, time.UTC)}
				writeFile(t, p, content)
			}
			for name, content := range tt.files {
				writeFile(t, expand(name, proj, home, tmp), content)
			}
			for name, target := range tt.links {
				p := expand(name, proj, home, tmp)
				if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
					t.Fatal(err)
				}
				if err := os.Symlink(expand(target, proj, home, tmp), p); err != nil {
					t.Fatal(err)
				}
			}
			call := projectCall(proj, expand(tt.cmd, proj, home, tmp))
			call.Home = home
			d := Decide(context.Background(), call)
			if tt.before != nil && d.Decision != *tt.before {
				t.Errorf("without the record: %s\n got %s %v: %s\nwant %s", tt.cmd, d.Decision, d.Rules, d.Reason, *tt.before)
			}
			call.Written = func(abs string) (arbiter.WrittenFile, bool) { w, ok := record[abs]; return w, ok }
			call.WrittenUnder = func(dir string) (arbiter.WrittenFile, bool) {
				for p, w := range record {
					if strings.HasPrefix(p, dir+"/") {
						w.Path = p
						return w, true
					}
				}
				return arbiter.WrittenFile{}, false
			}
			d = Decide(context.Background(), call)
			if d.Decision != tt.want || tt.rule != "" && !hasRule(d.Rules, tt.rule) {
				t.Errorf("%s\n got %s %v: %s\nwant %s %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want, tt.rule)
			}
		})
	}
}

// was is a verdict to check without the record.
func was(v arbiter.Verdict) *arbiter.Verdict { return &v }

func writeFile(t *testing.T, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
		t.Fatal(err)
	}
}

const (
	plainPy   = "def main():\n    print('hello')\n"
	harmfulJS = "const cp = require('child_process');\ncp.execSync('rm -rf ~');\n"
	plainJS   = "console.log('setup done');\n"
)

// TestWrittenModules: code the agent wrote as a module, loaded by a command
// whose own words look routine. Each attack was allowed before the record
// was read, except the Python imports, which are read where Python finds
// them with or without it (before: Deny); each twin stays allowed, as the
// agent's own file (D4.run-written-file) when the record names it.
func TestWrittenModules(t *testing.T) {
	runWrittenCases(t, []writtenCase{
		{name: "inline import", wrote: map[string]string{"PROJECT/helper.py": pyRmHome}, cmd: "python3 -c 'import helper'", before: was(arbiter.Deny), want: arbiter.Deny, rule: "A2.home-delete"},
		{name: "inline import twin", wrote: map[string]string{"PROJECT/helper.py": plainPy}, cmd: "python3 -c 'import helper; helper.main()'", before: was(arbiter.Allow), want: arbiter.Allow, rule: "D4.run-written-file"},
		{name: "python -m", wrote: map[string]string{"PROJECT/helper.py": pyRmHome}, cmd: "python3 -m helper", before: was(arbiter.Deny), want: arbiter.Deny, rule: "A2.home-delete"},
		{name: "python -m twin", wrote: map[string]string{"PROJECT/helper.py": plainPy}, cmd: "python3 -m helper", before: was(arbiter.Allow), want: arbiter.Allow, rule: "D4.run-written-file"},
		{name: "script imports it", wrote: map[string]string{"PROJECT/helper.py": pyRmHome}, files: map[string]string{"PROJECT/main.py": "import helper\nhelper.main()\n"}, cmd: "python3 main.py", before: was(arbiter.Deny), want: arbiter.Deny, rule: "A2.home-delete"},
		{name: "script imports it twin", wrote: map[string]string{"PROJECT/helper.py": plainPy}, files: map[string]string{"PROJECT/main.py": "import helper\nhelper.main()\n"}, cmd: "python3 main.py", before: was(arbiter.Allow), want: arbiter.Allow},
		{name: "from import in a package", wrote: map[string]string{"PROJECT/tools/__init__.py": pyRmHome}, files: map[string]string{"PROJECT/main.py": "from tools import main\nmain()\n"}, cmd: "python3 main.py", before: was(arbiter.Deny), want: arbiter.Deny, rule: "A2.home-delete"},
		{name: "temp script imports it", wrote: map[string]string{"TMP/x/helper.py": pyRmHome, "TMP/x/main.py": "import helper\nhelper.main()\n"}, cmd: "python3 TMP/x/main.py", want: arbiter.Deny, rule: "A2.home-delete"},
		{name: "temp script imports it twin", wrote: map[string]string{"TMP/x/helper.py": plainPy, "TMP/x/main.py": "import helper\nhelper.main()\n"}, cmd: "python3 TMP/x/main.py", want: arbiter.Allow, rule: "D4.run-written-file"},
		{name: "test runner requires it", wrote: map[string]string{"PROJECT/setup.js": harmfulJS}, cmd: "mocha -r ./setup.js", before: was(arbiter.Deny), want: arbiter.Deny, rule: "A2.home-delete"},
		{name: "test runner requires it twin", wrote: map[string]string{"PROJECT/setup.js": plainJS}, cmd: "mocha -r ./setup.js", before: was(arbiter.Allow), want: arbiter.Allow},
		{name: "config module", wrote: map[string]string{"PROJECT/jest.config.js": harmfulJS}, cmd: "jest --config jest.config.js", before: was(arbiter.Deny), want: arbiter.Deny, rule: "A2.home-delete"},
		{name: "config module twin", wrote: map[string]string{"PROJECT/jest.config.js": plainJS}, cmd: "jest --config jest.config.js", before: was(arbiter.Allow), want: arbiter.Allow},
		{name: "not the agent's module is read from disk", files: map[string]string{"PROJECT/helper.py": pyRmHome}, cmd: "python3 -m helper", want: arbiter.Deny, rule: "A2.home-delete"},
	})
}

// TestWrittenScripts: scripts the agent wrote, run from outside the
// project, and files that changed after the agent wrote them.
func TestWrittenScripts(t *testing.T) {
	runWrittenCases(t, []writtenCase{
		{name: "home script harmful", wrote: map[string]string{"HOME/bin/x.sh": "rm -rf ~\n"}, cmd: "bash HOME/bin/x.sh", before: was(arbiter.Defer), want: arbiter.Deny, rule: "A2.home-delete"},
		{name: "home script plain", wrote: map[string]string{"HOME/bin/x.sh": "echo hello\n"}, cmd: "bash HOME/bin/x.sh", before: was(arbiter.Defer), want: arbiter.Allow, rule: "D4.run-written-file"},
		{name: "home python plain", wrote: map[string]string{"HOME/bin/x.py": "print('hello')\n"}, cmd: "python3 HOME/bin/x.py", before: was(arbiter.Defer), want: arbiter.Allow, rule: "D4.run-written-file"},
		{name: "home python harmful", wrote: map[string]string{"HOME/bin/x.py": pyRmHome}, cmd: "python3 HOME/bin/x.py", before: was(arbiter.Defer), want: arbiter.Deny, rule: "A2.home-delete"},
		{name: "sourced", wrote: map[string]string{"HOME/env.sh": "echo loaded\n"}, cmd: "source HOME/env.sh && echo done", before: was(arbiter.Defer), want: arbiter.Allow, rule: "D4.run-written-file"},
		{name: "temp script plain", wrote: map[string]string{"TMP/run.sh": "echo hello\n"}, cmd: "sh TMP/run.sh", want: arbiter.Allow, rule: "D4.run-written-file"},
		{name: "temp script changed since", wrote: map[string]string{"TMP/run.sh": "echo hello\n"}, files: map[string]string{"TMP/run.sh": "echo bye\n"}, cmd: "bash TMP/run.sh", before: was(arbiter.Allow), want: arbiter.Defer, rule: "U.changed-since-written"},
		{name: "home script changed since", wrote: map[string]string{"HOME/bin/x.sh": "echo hello\n"}, files: map[string]string{"HOME/bin/x.sh": "echo bye\n"}, cmd: "bash HOME/bin/x.sh", before: was(arbiter.Defer), want: arbiter.Defer, rule: "U.changed-since-written"},
		{name: "project script changed since is the project's", wrote: map[string]string{"PROJECT/run.sh": "echo hello\n"}, files: map[string]string{"PROJECT/run.sh": "echo bye\n"}, cmd: "bash run.sh", want: arbiter.Allow, rule: "D4.run-project-code"},
		{name: "changed module outside the project", wrote: map[string]string{"TMP/x/helper.py": plainPy, "TMP/x/main.py": "import helper\nhelper.main()\n"}, files: map[string]string{"TMP/x/helper.py": pyRmHome + "\n"}, cmd: "python3 TMP/x/main.py", want: arbiter.Defer, rule: "U.changed-since-written"},
		{name: "home script not the agent's", files: map[string]string{"HOME/bin/x.sh": "echo hello\n"}, cmd: "bash HOME/bin/x.sh", want: arbiter.Defer, rule: "C.run-outside-code"},
	})
}

// TestShellWrites: only a write whose whole content the analysis read to
// the byte is reported for the session's record with its sum (others are
// reported by the program that wrote them: TestShellWritesRecorded).
func TestShellWrites(t *testing.T) {
	for _, tt := range []struct {
		cmd  string
		want string // the content reported, "" for none
	}{
		{"cat > /tmp/a.sh <<'EOF'\necho hi\nEOF", "echo hi\n"},
		{"cat <<'EOF' > /tmp/a.sh\necho hi\nEOF", "echo hi\n"},
		{"cat >| /tmp/a.sh <<< 'echo hi'", "echo hi\n"},
		{"cat >> /tmp/a.sh <<'EOF'\necho hi\nEOF", ""},
		{"cat > /tmp/a.sh <<-EOF\n\techo hi\n\tEOF", ""},
		{"cat > /tmp/a.sh <<EOF\necho $HOME\nEOF", ""},
		{"cat > /tmp/a.sh <<'EOF'\necho \"a\\tb\"\nEOF", ""},
		{"echo hi > /tmp/a.sh", ""},
		{"cat x > /tmp/a.sh", ""},
		{"cat > /tmp/a.sh 2>/tmp/b <<'EOF'\necho hi\nEOF", ""},
	} {
		d := Decide(context.Background(), projectCall("/home/dev/proj", tt.cmd))
		d.Wrote = slices.DeleteFunc(d.Wrote, func(w arbiter.FileWrite) bool { return w.By != "" })
		switch {
		case tt.want == "" && len(d.Wrote) > 0:
			t.Errorf("%q reports %v, want nothing", tt.cmd, d.Wrote)
		case tt.want != "" && (len(d.Wrote) != 1 || d.Wrote[0].Path != "/tmp/a.sh" || d.Wrote[0].Sum != arbiter.ContentSum([]byte(tt.want))):
			t.Errorf("%q reports %v, want /tmp/a.sh holding %q", tt.cmd, d.Wrote, tt.want)
		}
	}
}

// TestWrittenImportsWherePythonFinds: a module Python finds outside the
// project (the working directory, PYTHONPATH, a package's folder) is read
// from the session's record when the agent wrote it, as any import is
// found (project.FindPyModule). A plain one does not lift what else
// defers such a command: Python run in a folder outside the project (or
// given PYTHONPATH) loads code found there that no record names.
func TestWrittenImportsWherePythonFinds(t *testing.T) {
	runWrittenCases(t, []writtenCase{
		{name: "working directory", wrote: map[string]string{"TMP/x/helper.py": pyRmHome}, cmd: "cd TMP/x && python3 -c 'import helper'", want: arbiter.Deny, rule: "A2.home-delete"},
		{name: "working directory twin", wrote: map[string]string{"TMP/x/helper.py": plainPy}, cmd: "cd TMP/x && python3 -c 'import helper; helper.main()'", want: arbiter.Defer, rule: "C.run-outside-code"},
		{name: "working directory changed", wrote: map[string]string{"TMP/x/helper.py": plainPy}, files: map[string]string{"TMP/x/helper.py": plainPy + "\n"}, cmd: "cd TMP/x && python3 -c 'import helper'", want: arbiter.Defer, rule: "U.changed-since-written"},
		{name: "PYTHONPATH", wrote: map[string]string{"HOME/lib/helper.py": pyRmHome}, cmd: "PYTHONPATH=HOME/lib python3 -c 'import helper'", want: arbiter.Deny, rule: "A2.home-delete"},
		{name: "PYTHONPATH twin", wrote: map[string]string{"HOME/lib/helper.py": plainPy}, cmd: "PYTHONPATH=HOME/lib python3 -c 'import helper'", want: arbiter.Defer, rule: "U.env-redirect"},
		{name: "python -m outside", wrote: map[string]string{"TMP/x/tool/__main__.py": pyRmHome, "TMP/x/tool/__init__.py": ""}, cmd: "cd TMP/x && python3 -m tool", want: arbiter.Deny, rule: "A2.home-delete"},
		{name: "python -m outside twin", wrote: map[string]string{"TMP/x/tool/__main__.py": plainPy, "TMP/x/tool/__init__.py": ""}, cmd: "cd TMP/x && python3 -m tool", want: arbiter.Defer, rule: "C.run-outside-code"},
		{name: "submodule changed", wrote: map[string]string{"TMP/x/main.py": "from pkg import mod\n", "TMP/x/pkg/__init__.py": "", "TMP/x/pkg/mod.py": plainPy}, files: map[string]string{"TMP/x/pkg/mod.py": pyRmHome}, cmd: "python3 TMP/x/main.py", want: arbiter.Defer, rule: "U.changed-since-written"},
		{name: "relative import", wrote: map[string]string{"TMP/x/main.py": "import pkg\n", "TMP/x/pkg/__init__.py": "from . import mod\n", "TMP/x/pkg/mod.py": pyRmHome}, cmd: "python3 TMP/x/main.py", want: arbiter.Deny, rule: "A2.home-delete"},
		{name: "relative import twin", wrote: map[string]string{"TMP/x/main.py": "import pkg\n", "TMP/x/pkg/__init__.py": "from . import mod\n", "TMP/x/pkg/mod.py": plainPy}, cmd: "python3 TMP/x/main.py", want: arbiter.Allow, rule: "D4.run-written-file"},
		{name: "the same line's write comes first", wrote: map[string]string{"TMP/x/helper.py": plainPy}, cmd: "cd TMP/x && cp /etc/hostname helper.py && python3 -c 'import helper'", want: arbiter.Defer},
		{name: "a project module changed since is the project's", wrote: map[string]string{"PROJECT/helper.py": plainPy}, files: map[string]string{"PROJECT/helper.py": "print('changed')\n"}, cmd: "python3 -c 'import helper'", want: arbiter.Allow, rule: "D4.run-project-code"},
	})
}
