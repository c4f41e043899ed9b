package project

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestParseYAML(t *testing.T) {
	docs, err := ParseYAML([]byte("x-base: &b\n  privileged: true\n  n: 1\nservices:\n  a:\n    <<: *b\n    n: 2\n    list: [a, 'b', \"c\"]\n    text: |\n      line\n---\nk: ~\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 2 {
		t.Fatalf("%d documents", len(docs))
	}
	a := docs[0].(map[string]any)["services"].(map[string]any)["a"].(map[string]any)
	if a["privileged"] != "true" || a["n"] != "2" || len(a["list"].([]any)) != 3 || a["text"] != "line\n" {
		t.Errorf("service a read as %#v", a)
	}
	if k, ok := docs[1].(map[string]any)["k"]; !ok || k != nil {
		t.Errorf("second document read as %#v", docs[1])
	}
}

func TestParseYAMLRejects(t *testing.T) {
	laughs := "a: &a [x, x, x, x, x, x, x, x]\n"
	for i := 'b'; i <= 'z'; i++ {
		laughs += string(i) + ": &" + string(i) + " [" + strings.Repeat("*"+string(i-1)+", ", 8) + "]\n"
	}
	for _, text := range []string{"a: [\n", "a: *nowhere\n", "? [a, b]\n: c\n", "<<: 1\n", strings.Repeat("[", 200) + strings.Repeat("]", 200)} {
		if docs, err := ParseYAML([]byte(text)); err == nil {
			t.Errorf("%.40q parsed as %#v", text, docs)
		}
	}
	start := time.Now()
	ParseYAML([]byte(laughs)) // aliases share their value: read once, not expanded
	if d := time.Since(start); d > time.Second {
		t.Errorf("nested aliases took %v", d)
	}
}

func FuzzYAML(f *testing.F) {
	f.Add([]byte("services:\n  a:\n    image: x\n    volumes: [\"/:/h\"]\n    <<: *b\n"))
	f.Add([]byte("x: &a {p: true}\ny:\n  <<: [*a]\n---\n- !reset null\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		start := time.Now()
		docs, err := ParseYAML(data)
		if err != nil && docs != nil {
			t.Fatal("documents returned with an error")
		}
		if d := time.Since(start); d > 500*time.Millisecond && len(data) < 1<<16 {
			t.Fatalf("took %v on %d bytes", d, len(data))
		}
	})
}

// aliasLevels builds anchors l0 … ln, each a value made by wrap (a format
// taking the previous level's name) from the level before, so that
// resolving ln holds k^n values while the file stays small.
func aliasLevels(n int, first, wrap string) string {
	var b strings.Builder
	b.WriteString("x-l0: &l0 " + first + "\n")
	for i := 1; i <= n; i++ {
		b.WriteString("x-l" + strconv.Itoa(i) + ": &l" + strconv.Itoa(i) + " " + strings.ReplaceAll(wrap, "%", "*l"+strconv.Itoa(i-1)) + "\n")
	}
	return b.String()
}

// TestYAMLAliasesBounded checks that aliases count the values they stand
// for: a small file whose aliases nest is refused, whatever shape the
// nesting takes, since whoever reads the values walks each one.
func TestYAMLAliasesBounded(t *testing.T) {
	tests := []struct{ name, text string }{
		{"lists of aliases", aliasLevels(6, "[x, x, x, x, x, x, x, x, x, x]", "[%, %, %, %, %, %, %, %, %, %]") + "services:\n  web:\n    cap_add: *l6\n"},
		{"mappings of aliases", aliasLevels(20, "{a: x, b: y}", "{a: %, b: %}") + "services:\n  web:\n    labels: *l20\n"},
		{"merge keys", aliasLevels(20, "{a: x, b: y}", "{<<: %, a: %, b: %}") + "services:\n  web:\n    <<: *l20\n"},
		{"one alias many times", aliasLevels(3, "[x, x, x, x, x, x, x, x, x, x]", "[%, %, %, %, %, %, %, %, %, %]") + "tasks: [" + strings.Repeat("*l3, ", 2000) + "]\n"},
	}
	for _, tt := range tests {
		if _, err := ParseYAML([]byte(tt.text)); err == nil || !strings.Contains(err.Error(), "values") {
			t.Errorf("%s (%d bytes): err = %v, want too many values", tt.name, len(tt.text), err)
		}
	}
}

// TestYAMLAliasesTwins checks that anchors used the way compose files and
// CI files use them stay within the bound.
func TestYAMLAliasesTwins(t *testing.T) {
	var services strings.Builder
	services.WriteString("x-common: &common\n  restart: always\n  environment:\n" + strings.Repeat("    - A=1\n", 40) + "  logging: {driver: json-file, options: {max-size: 10m}}\nservices:\n")
	for i := 0; i < 200; i++ {
		services.WriteString("  s" + strconv.Itoa(i) + ":\n    <<: *common\n    image: app\n    labels: *common\n")
	}
	tests := []struct{ name, text string }{
		{"a common block in 200 services", services.String()},
		{"nested anchors a few levels", aliasLevels(3, "[x, x, x, x]", "[%, %, %, %]") + "y: *l3\n"},
		{"steps reused", "x-steps: &steps\n  - run: make\n  - run: make test\njobs:\n" + strings.Repeat("  - steps: *steps\n", 100)},
	}
	for _, tt := range tests {
		if _, err := ParseYAML([]byte(tt.text)); err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}
