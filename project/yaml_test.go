package project

import (
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
