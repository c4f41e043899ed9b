package project

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runnerReaders are the readers of runners' tables, each with the file
// it reads.
var runnerReaders = []struct {
	file string
	read func(dir, root string) (Scripts, error)
}{
	{"pyproject.toml", HatchScripts},
	{"hatch.toml", HatchScripts},
	{"pyproject.toml", PdmScripts},
	{"pyproject.toml", EntryPoints},
	{"Pipfile", PipenvScripts},
	{"pyproject.toml", RyeScripts},
	{"pixi.toml", PixiTasks},
	{"pyproject.toml", PixiTasks},
	{"justfile", func(dir, _ string) (Scripts, error) { return planOf(ReadJustfile(filepath.Join(dir, "justfile"))) }},
	{"Taskfile.yml", func(dir, _ string) (Scripts, error) { return planOf(ReadTaskfile(filepath.Join(dir, "Taskfile.yml"))) }},
	{"mise.toml", func(dir, root string) (Scripts, error) { return planOf(MiseTasks(dir, root)) }},
	{"composer.json", ComposerScripts},
	{".cargo/config.toml", func(dir, root string) (Scripts, error) {
		a, err := FindCargoAlias(dir, root, "t")
		return Scripts{File: a.File}, err
	}},
}

// planOf plans every task of a table, so that a fuzzed file's
// dependencies are followed too.
func planOf(t TaskTable, err error) (Scripts, error) {
	if err != nil {
		return Scripts{}, err
	}
	out := Scripts{File: t.File, Names: map[string][]ScriptStep{}}
	for name := range t.Tasks {
		steps, err := t.Plan([]string{name})
		if err != nil {
			return Scripts{}, err
		}
		out.Names[name] = steps
	}
	return out, nil
}

func plant(t testing.TB, dir, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// texts renders a script's steps as "From: Text" lines.
func texts(steps []ScriptStep) string {
	var b strings.Builder
	for _, s := range steps {
		b.WriteString(s.From + ": " + s.Text + "\n")
	}
	return b.String()
}

func TestPdmScriptsHooks(t *testing.T) {
	dir := t.TempDir()
	plant(t, dir, "pyproject.toml", `[tool.pdm.scripts]
pre_run = "echo run"
pre_script = "echo script"
pre_test = "echo before"
test = {cmd = ["pytest", "-k", "a b"]}
post_test = "echo after"
all = {composite = ["test -x", "ruff check ."]}
`)
	s, err := PdmScripts(dir, dir)
	if err != nil {
		t.Fatal(err)
	}
	want := "pre_run: echo run\npre_script: echo script\npre_test: echo before\ntest: pytest -k 'a b'\npost_test: echo after\n"
	if got := texts(s.Names["test"]); got != want {
		t.Errorf("test runs\n%s\nwant\n%s", got, want)
	}
	want = "pre_run: echo run\npre_script: echo script\npre_script: echo script\npre_test: echo before\ntest: pytest -k 'a b' -x\npost_test: echo after\nall: ruff check .\n"
	if got := texts(s.Names["all"]); got != want {
		t.Errorf("all runs\n%s\nwant\n%s", got, want)
	}
}

func TestHatchScripts(t *testing.T) {
	dir := t.TempDir()
	plant(t, dir, "pyproject.toml", `[tool.hatch.envs.default.scripts]
cov = "pytest --cov {args}"
all = ["- cov", "ruff check {root}"]
[tool.hatch.envs.lint]
template = "none"
[tool.hatch.envs.lint.scripts]
all = "mypy ."
`)
	s, err := HatchScripts(dir, dir)
	if err != nil {
		t.Fatal(err)
	}
	want := "default:all: pytest --cov {args}\ndefault:all: ruff check " + dir + "\nlint:all: mypy .\n"
	if got := texts(s.Names["all"]); got != want {
		t.Errorf("all runs\n%s\nwant\n%s", got, want)
	}
}

func TestRunnerTablesErrors(t *testing.T) {
	for _, tt := range []struct{ file, content, want string }{
		{"pyproject.toml", "[tool.pdm.scripts]\nx = {cmd = \"a\", env_file = \".env\"}\n", "env_file"},
		{"pyproject.toml", "[tool.pdm.scripts]\nx = 3\n", "neither"},
		{"pyproject.toml", "[tool.hatch.envs.default.scripts]\nx = \"a {matrix:py}\"\n", "matrix"},
		{"pyproject.toml", "[tool.hatch.envs.default.scripts]\nx = \"y\"\ny = \"x\"\n", "deep"},
		{"Pipfile", "[scripts]\nx = {cmd = \"a\"}\n", "call"},
		{"pyproject.toml", "not toml [", "TOML"},
		{".cargo/config.toml", "[alias]\nt = 3\n", "neither"},
		{"composer.json", "{\"scripts\": {\"t\": \"@u\"}}", "not there"},
		{"composer.json", "{\"scripts\": {\"t\": {\"a\": \"b\"}}}", "neither"},
		{".cargo/config.toml", "[alias]\nt = []\n", "empty"},
		{"pyproject.toml", "[tool.rye.scripts]\nx = {cmd = \"a\", env-file = \".env\"}\n", "env-file"},
		{"pyproject.toml", "[tool.rye.scripts]\nx = {chain = [\"x\"]}\n", "deep"},
		{"pixi.toml", "[tasks]\nx = {cmd = \"a\", depends-on = [\"y\"]}\n", "no task"},
		{"pixi.toml", "[tasks]\nx = {cmd = \"a {{ b }}\"}\n", "template"},
		{"pixi.toml", "[tasks]\nx = {cmd = \"a\", foo = 1}\n", "foo"},
		{"pixi.toml", "[activation]\nscripts = 3\n", "neither"},
	} {
		dir := t.TempDir()
		plant(t, dir, tt.file, tt.content)
		var errs []string
		for _, r := range runnerReaders {
			if r.file != tt.file {
				continue
			}
			if _, err := r.read(dir, dir); err != nil {
				errs = append(errs, err.Error())
			}
		}
		if !strings.Contains(strings.Join(errs, "\n"), tt.want) {
			t.Errorf("%s %q: errors %q, want one naming %q", tt.file, tt.content, errs, tt.want)
		}
	}
}

// FuzzRunnerTables: whatever a runner's file holds, its reader returns
// steps or an error, never panics or loops.
func FuzzRunnerTables(f *testing.F) {
	f.Add("[tool.pdm.scripts]\na = {composite = [\"a\"]}\n")
	f.Add("[tool.hatch.envs.default.scripts]\na = [\"b {args:x}\", \"{env:X:y}\"]\n[tool.hatch.envs.x]\ntemplate = \"x\"\n")
	f.Add("[project.scripts]\na = \"m:f\"\n[tool.poetry.scripts]\nb = {callable = \"m:g\"}\n")
	f.Add("[scripts]\nt = \"pytest\"\n")
	f.Add("set shell := [\"bash\", \"-c\"]\nexport A := \"x\"\nb := `date`\n[private]\nt x='1' +y: a (b \"c\") && d\n    @echo {{x}} \\\n    y\n")
	f.Add("version: '3'\nvars:\n  A:\n    sh: date\ntasks:\n  t:\n    deps: [u, {task: v}]\n    cmds: [echo, {cmd: x, defer: y}]\n  u: echo\n")
	f.Add("{\"scripts\": {\"t\": [\"@putenv A=1\", \"@u\", \"@php x.php @additional_args\", \"A\\\\B::c\"], \"u\": \"phpunit\"}, \"scripts-aliases\": {\"t\": [\"tt\"]}}")
	f.Add("[alias]\nt = [\"run\", \"--bin\", \"x\"]\nb = \"build  --release\"\n")
	f.Add("[env]\nA = \"b\"\n[tasks.t]\nrun = [\"a {{arg(name='x')}}\"]\ndepends = [\"t\"]\n")
	dir := f.TempDir() // one folder per worker: each runs its inputs one at a time
	f.Fuzz(func(t *testing.T, content string) {
		for _, r := range runnerReaders {
			plant(t, dir, r.file, content)
			_, _ = r.read(dir, dir)
		}
	})
}

func TestJustfile(t *testing.T) {
	dir := t.TempDir()
	plant(t, dir, "justfile", "v := `git rev-parse HEAD`\n\n# builds\nbuild: gen && check\n    @go build \\\n      ./...\n    -echo {{v}} {{{{x}}\n\ngen:\n    go generate ./...\n\ncheck:\n    go vet ./...\n")
	tt, err := ReadJustfile(filepath.Join(dir, "justfile"))
	if err != nil {
		t.Fatal(err)
	}
	steps, err := tt.Plan([]string{"build"})
	if err != nil {
		t.Fatal(err)
	}
	want := "the assignment v: git rev-parse HEAD\ngen: go generate ./...\nbuild: go build  ./...\nbuild: echo \"$arbiter_template\" {{x}}\ncheck: go vet ./...\n"
	if got := texts(steps); got != want || tt.Default != "build" {
		t.Errorf("build runs\n%s\nwant\n%s(default %q)", got, want, tt.Default)
	}
}

// FuzzComposerPlugin: whatever composer.json and installed.json hold, the
// plugin check returns a name, nothing or an error.
func FuzzComposerPlugin(f *testing.F) {
	f.Add(`{"config": {"vendor-dir": "vendor/"}}`, `{"packages": [{"name": "a/b", "type": "composer-plugin"}]}`)
	f.Add(`{}`, `[{"name": "a/b", "type": "library"}, 3]`)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, composerJSON, installed string) {
		plant(t, dir, "composer.json", composerJSON)
		plant(t, dir, "vendor/composer/installed.json", installed)
		_, _ = ComposerPlugin(filepath.Join(dir, "composer.json"))
	})
}
