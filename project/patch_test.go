package project

import (
	"errors"
	"slices"
	"testing"
)

func TestParsePatch(t *testing.T) {
	tests := []struct {
		name, text string
		want       []PatchTarget
	}{
		{"unified", "--- a/src/x.py\t2024-01-01 10:00:00\n+++ b/src/x.py\t2024-01-01 10:01:00\n@@ -1 +1 @@\n-a\n+b\n",
			[]PatchTarget{{Name: "a/src/x.py", Prefixed: true}, {Name: "b/src/x.py", Prefixed: true}}},
		{"git modify", "diff --git a/x.go b/x.go\nindex 1111111..2222222 100644\n--- a/x.go\n+++ b/x.go\n@@ -1 +1 @@\n-a\n+b\n",
			[]PatchTarget{{Name: "a/x.go", Prefixed: true}, {Name: "b/x.go", Prefixed: true}, {Name: "a/x.go", Prefixed: true}, {Name: "b/x.go", Prefixed: true}}},
		{"git new file", "diff --git a/n.txt b/n.txt\nnew file mode 100644\nindex 0000000..e69de29\n--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1 @@\n+x\n",
			[]PatchTarget{{Name: "a/n.txt", Prefixed: true}, {Name: "b/n.txt", Prefixed: true, Create: true}, {Name: "b/n.txt", Prefixed: true, Create: true}}},
		{"git delete", "diff --git a/old.txt b/old.txt\ndeleted file mode 100644\n--- a/old.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n",
			[]PatchTarget{{Name: "a/old.txt", Prefixed: true, Delete: true}, {Name: "b/old.txt", Prefixed: true}, {Name: "a/old.txt", Prefixed: true, Delete: true}}},
		{"git rename", "diff --git a/p/old.py b/p/new.py\nsimilarity index 100%\nrename from p/old.py\nrename to p/new.py\n",
			[]PatchTarget{{Name: "a/p/old.py", Prefixed: true}, {Name: "b/p/new.py", Prefixed: true}, {Name: "p/old.py", Delete: true}, {Name: "p/new.py", Create: true}}},
		{"hunk lines that look like headers", "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n--- y\n+++ z\n",
			[]PatchTarget{{Name: "a/x", Prefixed: true}, {Name: "b/x", Prefixed: true}, {Name: "y", Prefixed: true}, {Name: "z", Prefixed: true}}},
		{"indented", "  --- a/x\n  +++ b/x\n", []PatchTarget{{Name: "a/x", Prefixed: true}, {Name: "b/x", Prefixed: true}}},
		{"X-quoted", "X--- a/x\nX+++ b/x\n", []PatchTarget{{Name: "a/x", Prefixed: true}, {Name: "b/x", Prefixed: true}}},
		{"+++ first", "+++ b/x\n--- a/x\n", []PatchTarget{{Name: "a/x", Prefixed: true}, {Name: "b/x", Prefixed: true}}},
		{"lone +++", "+++ b/x\n@@ -0,0 +1 @@\n", []PatchTarget{{Name: "b/x", Prefixed: true}, {Name: "b/x", Prefixed: true}}},
		{"RFC 934 and # before ---", "- --- a/x\n+++ b/x\n# --- y\n", []PatchTarget{{Name: "a/x", Prefixed: true}, {Name: "b/x", Prefixed: true}, {Name: "y", Prefixed: true}, {Name: "y", Prefixed: true}}},
		{"Index: without a space", "Index:z\n--- a/x\n+++ b/x\n", []PatchTarget{{Name: "a/x", Prefixed: true}, {Name: "b/x", Prefixed: true}, {Name: "z", Prefixed: true}}},
		{"index line", "Index: lib/a.c\n===\n--- lib/a.c.orig\n+++ lib/a.c\n@@ -1 +1 @@\n-a\n+b\n",
			[]PatchTarget{{Name: "lib/a.c.orig", Prefixed: true}, {Name: "lib/a.c", Prefixed: true}, {Name: "lib/a.c", Prefixed: true}}},
	}
	for _, tt := range tests {
		got, err := ParsePatch(tt.text)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("%s: got %+v, %v\nwant %+v", tt.name, got, err, tt.want)
		}
	}
}

func TestParsePatchUnread(t *testing.T) {
	for _, text := range []string{
		"",
		"just some text\n",
		"1a\n!rm -rf ~\n.\n", // an ed script
		"--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n3c\n", // an ed command after a diff
		"5c5\n< a\n---\n> b\n",                        // a normal diff
		"*** a/x\n--- b/x\n***************\n",         // a context diff
		"diff --git a/l b/l\nnew file mode 120000\n--- /dev/null\n+++ b/l\n@@ -0,0 +1 @@\n+/home/dev/.bashrc\n",
		"diff --git a/m b/m\nindex 1..2 160000\n",
		"diff --git a/x b/y\ncopy from x\ncopy to y\n",
		"diff --git \"a/\\303\\251\" \"b/\\303\\251\"\n",
		"--- \"a/x y\"\n+++ \"b/x y\"\n",
		"--- a/x y\n+++ b/x y\n",
		"--- a/.git/hooks/h\v/../../x\n+++ b/x\n", // GNU patch ends the name at the vertical tab
		"--- a/x\n+++ b/.envrc\f/../x\n",
		"diff --git a/h\vx b/h\vx\n",
		"diff --git a/x b/y\nrename from x\nrename to .envrc\f/../y\n",
		"  5a\n  !rm -rf ~\n", // an indented ed script
	} {
		if _, err := ParsePatch(text); !errors.Is(err, ErrPatchUnread) {
			t.Errorf("%q: err = %v, want ErrPatchUnread", text, err)
		}
	}
}

func TestStripPatchName(t *testing.T) {
	tests := []struct {
		name string
		n    int
		want string
		ok   bool
	}{
		{"a/src/x.py", 1, "src/x.py", true},
		{"a/src/x.py", 0, "a/src/x.py", true},
		{"a/src/x.py", 3, "", false},
		{"/abs/path", 1, "abs/path", true},
		{"/abs/path", 0, "/abs/path", true},
		{"a//b/c", 2, "c", true},
		{"a/../../.bashrc", 1, "../../.bashrc", true},
		{"a/", 1, "", false},
	}
	for _, tt := range tests {
		got, ok := StripPatchName(tt.name, tt.n)
		if got != tt.want || ok != tt.ok {
			t.Errorf("StripPatchName(%q, %d) = %q, %v; want %q, %v", tt.name, tt.n, got, ok, tt.want, tt.ok)
		}
	}
}

func FuzzParsePatch(f *testing.F) {
	f.Add("diff --git a/x b/x\nindex 1..2 100644\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n")
	f.Add("--- x\t2024\n+++ y\n")
	f.Add("diff --git a/p b/q\nrename from p\nrename to q\n")
	f.Fuzz(func(t *testing.T, text string) {
		got, err := ParsePatch(text)
		if err != nil && got != nil {
			t.Fatal("targets returned with an error")
		}
		if err == nil && len(got) == 0 {
			t.Fatal("no targets and no error")
		}
		for _, g := range got {
			if g.Name == "" || g.Name == "/dev/null" {
				t.Fatalf("target %+v", g)
			}
		}
	})
}
