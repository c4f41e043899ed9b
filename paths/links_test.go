package paths

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tree makes a project and a home directory under a temporary directory,
// with the symbolic links given (link → target, link relative to the
// temporary directory, target as written into the link).
func tree(t *testing.T, links map[string]string) (root string, r Resolver) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"proj/src", "home/.ssh", "etc/cron.d", "proj/.git/hooks"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range links {
		if err := os.Symlink(strings.ReplaceAll(target, "ROOT", root), filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	return root, New(root+"/proj", root+"/proj", root+"/home")
}

func TestResolveFollowsLinksOnDisk(t *testing.T) {
	root, r := tree(t, map[string]string{
		"proj/h":       "ROOT/home",     // ln -s ~ h
		"proj/rel":     "../home/.ssh",  // a relative link
		"proj/etc":     "ROOT/etc",      // a link to a system tree
		"proj/chain":   "h",             // a link to a link
		"proj/src/up":  "..",            // a link to its parent
		"proj/loop1":   "loop2",         // a loop never resolves
		"proj/loop2":   "loop1",         //
		"proj/dangle":  "ROOT/etc/none", // a link to nothing yet
		"home/outward": "ROOT/etc",      // a link in the home directory
		"proj/hookdir": ".git/hooks",    // a link into .git
	})
	tests := []struct{ p, want string }{
		{"h/.bashrc", root + "/home/.bashrc"},
		{"./h/../proj/x", root + "/proj/x"}, // .. is taken after the link, as the kernel does
		{"rel/id_rsa", root + "/home/.ssh/id_rsa"},
		{"etc/cron.d/job", root + "/etc/cron.d/job"},
		{"chain/.zshrc", root + "/home/.zshrc"},
		{"src/up/src/up/h/.profile", root + "/home/.profile"},
		{"dangle", root + "/etc/none"},
		{"~/outward/passwd", root + "/etc/passwd"},
		{"hookdir/pre-commit", root + "/proj/.git/hooks/pre-commit"},
		{"missing/dir/file", root + "/proj/missing/dir/file"},
		{"/nonexistent/a/../b", "/nonexistent/b"},
	}
	for _, tt := range tests {
		if got := r.Resolve(tt.p, ""); got != tt.want {
			t.Errorf("Resolve(%q) = %q, want %q", tt.p, got, tt.want)
		}
	}
	if got := r.Resolve("loop1/x", ""); !strings.HasSuffix(got, "/proj/loop1/x") {
		t.Errorf("a link loop resolved to %q, want the path as written", got)
	}
	// rm, mv and ln act on the link itself.
	if got := r.ResolveLink("h", ""); got != root+"/proj/h" {
		t.Errorf("ResolveLink(h) = %q, want the link itself", got)
	}
	if got := r.ResolveLink("h/", ""); got != root+"/home" {
		t.Errorf("ResolveLink(h/) = %q, want the directory it points to", got)
	}
	if got := r.Lexical("h/.bashrc", ""); got != root+"/proj/h/.bashrc" {
		t.Errorf("Lexical = %q", got)
	}
}

func TestResolveClassifiesThroughLinks(t *testing.T) {
	root, r := tree(t, nil)
	if err := os.Symlink("/etc", filepath.Join(root, "proj", "sys")); err != nil {
		t.Fatal(err)
	}
	if got := r.Classify(r.Resolve("sys/passwd", ""), false); got != System {
		t.Errorf("proj/sys/passwd with sys → /etc is %s, want system", got)
	}
	if got := r.Classify(r.Resolve("src/main.go", ""), false); got != Project {
		t.Errorf("src/main.go is %s, want project", got)
	}
}

// A project reached through a link is still the project.
func TestResolveProjectBehindLink(t *testing.T) {
	root, _ := tree(t, map[string]string{"alias": "ROOT/proj"})
	r := New(root+"/alias", root+"/alias", root+"/home")
	if got := r.Resolve("src/x.go", ""); got != root+"/alias/src/x.go" {
		t.Errorf("Resolve = %q, want it under the project as named", got)
	}
	if got := r.Classify(r.Resolve(root+"/proj/src/x.go", ""), false); got != Project {
		t.Errorf("the project's real path is %s, want project", got)
	}
}

func TestResolveLinksTheCommandCreates(t *testing.T) {
	r := New("/work/app", "/work/app", "/home/dev")
	r.AddLink("/work/app/h", "/home/dev")    // ln -s ~ h
	r.AddLink("/work/app/c", "/etc/cron.d")  // ln -sf /etc/cron.d c
	r.AddLink("/work/app/d/x", "../../../x") // relative to the link's directory
	r.AddLink("/work/app/self", "self")      // a loop
	tests := []struct{ p, want string }{
		{"h/.bashrc", "/home/dev/.bashrc"},
		{"c/job", "/etc/cron.d/job"},
		{"./c/", "/etc/cron.d"},
		{"d/x/y", "/x/y"},
		{"self/z", "/work/app/self/z"},
		{"other", "/work/app/other"},
	}
	for _, tt := range tests {
		if got := r.Resolve(tt.p, ""); got != tt.want {
			t.Errorf("Resolve(%q) = %q, want %q", tt.p, got, tt.want)
		}
	}
	if got := r.ResolveLink("h", ""); got != "/work/app/h" {
		t.Errorf("ResolveLink(h) = %q", got)
	}
}

func TestResolveFoldsProtectedNames(t *testing.T) {
	r := New("/Users/Dev/app", "/Users/Dev/app", "/Users/Dev")
	r.FoldCase = true
	tests := []struct{ p, want string }{
		{".Claude/settings.json", "/Users/Dev/app/.claude/settings.json"},
		{".GIT/Hooks/pre-commit", "/Users/Dev/app/.git/hooks/pre-commit"},
		{"~/.SSH/ID_RSA", "/Users/Dev/.ssh/ID_RSA"}, // secrets match file names without case
		{"/users/dev/.BASHRC", "/Users/Dev/.bashrc"},
		{"/users/dev/app/BIN/Arbiter", "/Users/Dev/app/bin/arbiter"},
		{"src/Main.go", "/Users/Dev/app/src/Main.go"},
	}
	for _, tt := range tests {
		if got := r.Resolve(tt.p, ""); got != tt.want {
			t.Errorf("Resolve(%q) = %q, want %q", tt.p, got, tt.want)
		}
	}
	// On a case-sensitive filesystem the names stay as written.
	r.FoldCase = false
	if got := r.Resolve(".Claude/settings.json", ""); got != "/Users/Dev/app/.Claude/settings.json" {
		t.Errorf("without folding: %q", got)
	}
}

func FuzzResolve(f *testing.F) {
	for _, s := range []string{"h/.bashrc", "../../..", "~/x/../../y", "a//b/./c/", "/", "~root/.ssh", strings.Repeat("../", 300)} {
		f.Add(s, "sub")
	}
	r := New("/work/app", "/work/app", "/home/dev")
	r.AddLink("/work/app/l", "l/l")
	f.Fuzz(func(t *testing.T, p, dir string) {
		got := r.Resolve(p, dir)
		if p != "" && !strings.HasPrefix(got, "/") {
			t.Fatalf("Resolve(%q, %q) = %q, not absolute", p, dir, got)
		}
	})
}

// Links the operating system owns are not followed: the kernel's describe
// arbiter's own process, and the rules name system files as written.
func TestResolveLeavesSystemLinks(t *testing.T) {
	r := New("/work/app", "/work/app", "/home/dev")
	for _, p := range []string{"/dev/stdout", "/dev/stderr", "/dev/stdin", "/dev/fd/2", "/proc/self/fd/1", "/etc/localtime", "/etc/resolv.conf", "/bin/sh", "/usr/bin/python3"} {
		if got := r.Resolve(p, ""); got != p {
			t.Errorf("Resolve(%q) = %q, want it as written", p, got)
		}
	}
}
