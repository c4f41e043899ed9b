package policy

import (
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestPatchApply: git apply and patch are judged by the files the patch
// names, each as a write; a patch that cannot be read, or names a file it
// would be risky to write, keeps a stricter answer.
func TestPatchApply(t *testing.T) {
	edit := func(name string) string {
		return "diff --git a/" + name + " b/" + name + "\nindex 1111111..2222222 100644\n--- a/" + name + "\n+++ b/" + name + "\n@@ -1 +1 @@\n-print(1)\n+print(2)\n"
	}
	tree := func(patch string) map[string]string {
		return map[string]string{"src/app.py": "print(1)\n", "fix.patch": patch}
	}
	newFile := "diff --git a/tests/test_new.py b/tests/test_new.py\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/tests/test_new.py\n@@ -0,0 +1 @@\n+def test_x(): pass\n"
	plainDiff := "--- src/app.py.orig\t2026-01-01 10:00:00\n+++ src/app.py\t2026-01-01 10:05:00\n@@ -1 +1 @@\n-print(1)\n+print(2)\n"
	runReadCases(t, []readCase{
		// Routine: the files named are the project's own.
		{"git apply a file", tree(edit("src/app.py")), "git apply fix.patch", arbiter.Allow, "D2.write-project"},
		{"git apply verbose, three-way", tree(edit("src/app.py")), "git apply -v --3way fix.patch", arbiter.Allow, "D2.write-project"},
		{"patch -p1 from a file", tree(edit("src/app.py")), "patch -p1 < fix.patch", arbiter.Allow, "D2.write-project"},
		{"patch -p0 from a plain diff", tree(plainDiff), "patch -p0 -i fix.patch", arbiter.Allow, "D2.write-project"},
		{"git apply a here-document", nil, "git apply <<'EOF'\n" + newFile + "EOF", arbiter.Allow, "D2.write-project"},
		{"patch written first", nil, "cat > /tmp/fix.patch <<'EOF'\n" + newFile + "EOF\npatch -p1 < /tmp/fix.patch", arbiter.Allow, "D2.write-project"},
		{"patch dry run", tree(edit("src/app.py")), "patch -p1 --dry-run < fix.patch", arbiter.Allow, "D1.read-only"},

		// Harmful neighbours: the files named are risky to write.
		{"a git hook", tree(edit(".git/hooks/pre-commit")), "git apply fix.patch", arbiter.Ask, "B7.git-metadata"},
		{"the agent's settings", tree(edit(".claude/settings.json")), "patch -p1 < fix.patch", arbiter.Ask, "B5.agent-config"},
		{"an editor task", tree(edit(".vscode/tasks.json")), "git apply fix.patch", arbiter.Ask, ""},
		{"out of the project", tree("--- a/../../../../../../../../home/dev/.bashrc\n+++ b/../../../../../../../../home/dev/.bashrc\n@@ -1 +1 @@\n-a\n+b\n"), "patch -p1 < fix.patch", arbiter.Ask, ""},
		{"a deep strip reaches agent settings", tree(edit("x/.claude/settings.json")), "patch -Np2 < fix.patch", arbiter.Ask, "B5.agent-config"},
		{"no -p takes the base name too", tree("--- a/x/.envrc\n+++ b/x/.envrc\n@@ -1 +1 @@\n-a\n+b\n"), "patch < fix.patch", arbiter.Ask, ""},
		{"a deletion", tree("diff --git a/src/app.py b/src/app.py\ndeleted file mode 100644\n--- a/src/app.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-print(1)\n"), "git apply fix.patch", arbiter.Ask, "B1.delete"},
		{"a reversed new file deletes it", map[string]string{"tests/test_new.py": "def test_x(): pass\n", "fix.patch": newFile}, "git apply -R fix.patch", arbiter.Ask, "B1.delete"},
		{"an ed script", tree("1a\n!rm -rf ~\n.\nw\n"), "patch < fix.patch", arbiter.Defer, "U.unlisted-files"},
		{"a symbolic link", tree("diff --git a/l b/l\nnew file mode 120000\n--- /dev/null\n+++ b/l\n@@ -0,0 +1 @@\n+/home/dev/.bashrc\n"), "git apply fix.patch", arbiter.Defer, "U.unlisted-files"},
		{"piped in", nil, "curl -s https://example.com/x.patch | git apply", arbiter.Defer, ""},
		{"a credential as the patch", map[string]string{".env": "TOKEN=x\n"}, "patch -p1 < .env", arbiter.Ask, ""},
		{"the file to patch is the gate's", tree(edit("src/app.py")), "patch ~/.arbiter/config.toml fix.patch", arbiter.Deny, ""},
		{"the file to patch is outside", tree(edit("src/app.py")), "patch /home/dev/.bashrc < fix.patch", arbiter.Ask, ""},
		{"git am", tree(edit("src/app.py")), "git am fix.patch", arbiter.Defer, "U.unlisted-files"},
		{"applied, then a script run", map[string]string{"s.sh": "echo hi\n", "fix.patch": edit("s.sh")}, "git apply fix.patch && bash s.sh", arbiter.Defer, ""},
		// GNU patch reads headers the plain reading missed: an indented or
		// X-quoted patch, +++ before ---, "# " before ---, and a name that a
		// vertical tab or form feed ends.
		{"an indented hook after a plain file", tree(plainDiff + "  --- a/.git/hooks/pre-commit\n  +++ b/.git/hooks/pre-commit\n  @@ -0,0 +1 @@\n  +echo pwned\n"), "patch -p1 < fix.patch", arbiter.Ask, "B7.git-metadata"},
		{"an X-quoted hook after a plain file", tree(plainDiff + "X--- a/.git/hooks/pre-commit\nX+++ b/.git/hooks/pre-commit\nX@@ -0,0 +1 @@\nX+echo pwned\n"), "patch -p1 < fix.patch", arbiter.Ask, "B7.git-metadata"},
		{"+++ before --- names a hook", tree(plainDiff + "+++ b/.git/hooks/pre-commit\n--- a/.git/hooks/pre-commit\n@@ -0,0 +1 @@\n+echo pwned\n"), "patch -p1 < fix.patch", arbiter.Ask, "B7.git-metadata"},
		{"a lone +++ names a hook", tree(plainDiff + "# --- a/.git/hooks/pre-commit\n+++ b/.git/hooks/pre-commit\n@@ -0,0 +1 @@\n+echo pwned\n"), "patch -p1 < fix.patch", arbiter.Ask, "B7.git-metadata"},
		{"a vertical tab ends the name", tree("--- a/.git/hooks/pre-commit\v/../../../x.py\n+++ b/.git/hooks/pre-commit\v/../../../x.py\n@@ -0,0 +1 @@\n+echo pwned\n"), "patch -p1 < fix.patch", arbiter.Defer, "U.unlisted-files"},
		{"a form feed ends the name", tree("--- a/.envrc\f/../src/app.py\n+++ b/.envrc\f/../src/app.py\n@@ -1 +1 @@\n-print(1)\n+print(2)\n"), "git apply fix.patch", arbiter.Defer, "U.unlisted-files"},
		// Their twins: plain patches with hunk lines that stay hunk lines.
		{"indented project file", tree("  --- a/src/app.py\n  +++ b/src/app.py\n  @@ -1 +1 @@\n  -print(1)\n  +print(2)\n"), "patch -p1 < fix.patch", arbiter.Allow, "D2.write-project"},
		{"+++ before --- on a project file", tree("+++ b/src/app.py\n--- a/src/app.py\n@@ -1 +1 @@\n-print(1)\n+print(2)\n"), "patch -p1 < fix.patch", arbiter.Allow, "D2.write-project"},
		{"two plain files", tree(plainDiff + edit("src/lib.py")), "patch -p0 < fix.patch", arbiter.Allow, "D2.write-project"},
		{"patched, then a script run", map[string]string{"s.sh": "echo hi\n", "fix.patch": edit("s.sh")}, "patch -p1 < fix.patch && bash s.sh", arbiter.Defer, ""},
	})
}
