package code

import (
	"strings"
	"testing"
)

func TestReadGo(t *testing.T) {
	src := "package app\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\tx \"os/exec\"\n\t\"path/filepath\"\n)\n\n" +
		"//go:generate stringer -type=Color\n" +
		"func init() {\n\thome, _ := os.UserHomeDir()\n\tos.RemoveAll(filepath.Join(home, \".cache\"))\n\tx.Command(\"sh\", \"-c\", fmt.Sprintf(\"rm -rf %s/x\", home)).Run()\n\targs := []string{\"-la\", \"/etc\"}\n\tx.Command(\"ls\", args...).Run()\n\tos.WriteFile(filepath.Join(t.TempDir(), \".bashrc\"), nil, 0o644)\n\tx.Command(\"go\", \"build\", \"-o\", dst).Run()\n}\n"
	g := ReadGo(src)
	want := []string{"rm -rf -- ~/.cache", "sh -c 'rm -rf $HOME/x'", "ls -la /etc", "go build -o " + DynamicWord}
	if g.Why != "" || g.Unknown != "" || strings.Join(g.Lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q (why %q, unknown %q), want %q", g.Lines, g.Why, g.Unknown, want)
	}
	if g.Package != "app" || len(g.Generate) != 1 || g.Generate[0].Line != 10 || g.Generate[0].Text != " stringer -type=Color" {
		t.Errorf("package %q, directives %+v", g.Package, g.Generate)
	}
	if g := ReadGo("package p\nimport . \"os/exec\"\n"); !strings.Contains(g.Unknown, "own namespace") {
		t.Errorf("dot import: %+v", g)
	}
	if g := ReadGo("package p\nfunc {"); g.Why == "" {
		t.Errorf("no Why for a parse error: %+v", g)
	}
}

func TestGoGenerateWords(t *testing.T) {
	w, err := GoGenerateWords(` sh -c "rm -rf \"x y\"" $GOFILE`)
	if err != nil || strings.Join(w, "|") != `sh|-c|rm -rf "x y"|$GOFILE` {
		t.Errorf("got %q, %v", w, err)
	}
	for _, bad := range []string{` "open`, ` "a"b`, ` "\q"`} {
		if _, err := GoGenerateWords(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestConfigValues(t *testing.T) {
	keys := map[string]bool{"globalSetup": true, "transform": true, "reporters": true}
	v, err := ConfigValues("// globalSetup: './no.js'\nmodule.exports = {\n  globalSetup: './g.js',\n  transform: { '^.+\\\\.ts$': ['./t.js', { a: 1 }] },\n  reporters: ['default', ['./r.js', {}]],\n};\n", keys)
	if err != nil || strings.Join(v, ",") != "./g.js,./t.js,default,./r.js" {
		t.Errorf("got %q, %v", v, err)
	}
	for _, src := range []string{"module.exports = { globalSetup: path.join(__dirname, 'g.js') }", "const globalSetup = x; module.exports = { globalSetup }", "c.globalSetup = f()", "module.exports = { globalSetup: '"} {
		if _, err := ConfigValues(src, keys); err == nil {
			t.Errorf("%q: no error", src)
		}
	}
}
