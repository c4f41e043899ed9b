package project

import (
	"path/filepath"
	"testing"
)

func TestPixiTasks(t *testing.T) {
	dir := t.TempDir()
	plant(t, dir, "pixi.toml", `[workspace]
name = "x"
[activation]
scripts = ["env.sh"]
env = { A = "1" }
[tasks]
lint = "ruff check ."
fmt = { cmd = ["ruff", "format", "a b"], cwd = "src" }
test = { cmd = "pytest", depends-on = ["lint", { task = "fmt" }, "lint"] }
all = [{ task = "test" }]
[feature.dev.tasks]
test = "mypy ."
`)
	s, err := PixiTasks(filepath.Join(dir, "sub"), dir)
	if err != nil {
		t.Fatal(err)
	}
	want := "lint: ruff check .\nfmt: ruff format 'a b'\ntest: pytest\ntest: mypy .\n"
	if got := texts(s.Names["test"]); got != want {
		t.Errorf("test runs\n%s\nwant\n%s", got, want)
	}
	if got := texts(s.Names["all"]); got != want {
		t.Errorf("all runs\n%s\nwant\n%s", got, want)
	}
	if got := texts(s.Always); got != "activation script env.sh: . env.sh\n" || s.Always[0].Env[0] != "A=1" {
		t.Errorf("activation %q %v", got, s.Always)
	}
	if d := s.Names["fmt"][0].Dir; d != filepath.Join(dir, "src") {
		t.Errorf("fmt runs in %s", d)
	}
}

// TestPixiManifestSearch: a pyproject.toml without [tool.pixi] is passed
// over for the folder above, as pixi does.
func TestPixiManifestSearch(t *testing.T) {
	dir := t.TempDir()
	plant(t, dir, "pixi.toml", "[tasks]\nt = \"pytest\"\n")
	plant(t, dir, "pkg/pyproject.toml", "[project]\nname = \"x\"\n")
	s, err := PixiTasks(filepath.Join(dir, "pkg"), dir)
	if err != nil || s.File != filepath.Join(dir, "pixi.toml") {
		t.Fatalf("got %s, %v; want the root's pixi.toml", s.File, err)
	}
	if _, err := PixiTasks(filepath.Join(dir, "pkg"), filepath.Join(dir, "pkg")); !IsNotExist(err) {
		t.Errorf("within pkg: %v, want not found", err)
	}
}

// FuzzPixiManifest: whatever pixi.toml and pyproject.toml hold, the
// manifest search and the tasks' reader return steps or an error.
func FuzzPixiManifest(f *testing.F) {
	f.Add("[tasks]\na = {cmd = [\"b\"], depends-on = \"a\"}\n[feature.x.target.linux-64.tasks]\na = [{task = \"a\"}]\n", "[tool.pixi.activation]\nscripts = [\"s\"]\n")
	f.Add("", "[tool.pixi.tasks]\nt = {depends_on = [\"u\"], env = {A = \"b\"}}\nu = \"v\"\n")
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, pixi, pyproject string) {
		plant(t, dir, "pkg/pixi.toml", pixi)
		plant(t, dir, "pkg/sub/pyproject.toml", pyproject)
		_, _ = PixiTasks(filepath.Join(dir, "pkg", "sub"), dir)
	})
}
