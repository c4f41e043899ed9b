package confirm

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbitergate/arbiter"
)

func bash(dir, cmd string) arbiter.Call {
	in, _ := json.Marshal(map[string]string{"command": cmd, "description": "why"})
	return arbiter.Call{Tool: "Bash", Input: in, ProjectDir: dir, Cwd: dir, Home: "/home/dev"}
}

// TestSameCall: the same segments written otherwise are the same call;
// another argument, operator, folder, environment or redirection is not.
func TestSameCall(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		a, b string
		same bool
	}{
		{"npm install", "npm  install", true},
		{"npm install", "npm 'install'", true},
		{"git push origin feature", `git push "origin" feature`, true},
		{"npm install", "npm install left-pad", false},
		{"git push origin feature", "git push origin main", false},
		{"rm -rf build", "rm -rf src", false},
		{"npm install && npm test", "npm install || npm test", false},
		{"npm install && npm test", "npm install; npm test", false},
		{"npm install", "npm install &", false},
		{"npm install", "CI=1 npm install", false},
		{"npm install", "npm install > log.txt", false},
		{"npm install", "cd sub && npm install", false},
		{"npm install", "/usr/local/bin/npm install", false},
		{"curl https://a.example/x", "curl https://b.example/x", false},
	} {
		a, errA := Of(nil, bash(dir, tt.a))
		b, errB := Of(nil, bash(dir, tt.b))
		if errA != nil || errB != nil {
			t.Errorf("%q / %q: %v %v", tt.a, tt.b, errA, errB)
			continue
		}
		if (a.Key == b.Key) != tt.same {
			t.Errorf("%q and %q: same %v, want %v", tt.a, tt.b, a.Key == b.Key, tt.same)
		}
	}
	other, _ := Of(nil, bash(filepath.Join(dir, "sub"), "npm install"))
	here, _ := Of(nil, bash(dir, "npm install"))
	if other.Key == here.Key {
		t.Error("the same command in another folder is the same call")
	}
}

// TestNoIdentity: what the analysis cannot read whole is never compared.
func TestNoIdentity(t *testing.T) {
	dir := t.TempDir()
	for _, cmd := range []string{"", "npm install $PKG", "rm -rf build/*", "$(cat cmd)", "eval \"$X\"", "f() { rm -rf x; }; f", "cd \"$D\" && npm install", "npm install 'unterminated"} {
		if _, err := Of(nil, bash(dir, cmd)); err == nil {
			t.Errorf("%q has an identity", cmd)
		}
	}
	if _, err := Of(nil, arbiter.Call{Tool: "Bash", Input: []byte(`{"command":"ls"}`)}); err == nil {
		t.Error("a call with no folder has an identity")
	}
}

// TestFiles: the files a call depends on are its words' files and its
// program's manifests; their state changes with their content, their
// appearing or going away.
func TestFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("package.json", `{"name":"a"}`)
	write("run.sh", "echo hi\n")
	id, err := Of(nil, bash(dir, "npm install && sh run.sh < input.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"package.json", ".npmrc", "run.sh", "input.txt"} {
		found := false
		for _, f := range id.Files {
			found = found || f == filepath.Join(dir, want)
		}
		if !found {
			t.Errorf("files %v lack %s", id.Files, want)
		}
	}
	sum := func() [16]byte {
		s, err := FilesSum(id.Files)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	before := sum()
	if sum() != before {
		t.Fatal("the files' sum is not stable")
	}
	for _, change := range []func(){
		func() { write("package.json", `{"name":"b"}`) },
		func() { write(".npmrc", "registry=https://evil.example/\n") },
		func() { os.Remove(filepath.Join(dir, "run.sh")) },
	} {
		change()
		if after := sum(); after == before {
			t.Error("a change to a file the call depends on left its sum the same")
		} else {
			before = after
		}
	}
	write("big.bin", string(make([]byte, maxFile+1)))
	if _, err := FilesSum([]string{filepath.Join(dir, "big.bin")}); err == nil {
		t.Error("a file larger than the bound was summed")
	}
}

func FuzzIdentity(f *testing.F) {
	for _, s := range []string{"npm install", "git push origin feature && rm -rf build", "a | b; c || d &", "for x in 1 2; do echo $x; done", "cat <<EOF\nhi\nEOF"} {
		f.Add(s)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, cmd string) {
		a, errA := Of(nil, bash(dir, cmd))
		b, errB := Of(nil, bash(dir, cmd))
		if (errA == nil) != (errB == nil) || a.Key != b.Key {
			t.Fatalf("%q: two identities", cmd)
		}
	})
}
