package code

import (
	"slices"
	"testing"
)

func TestRustDocTests(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
		includes   []string
		unread     bool
	}{
		{"plain block", "/// ```\n/// let x = 1;\n/// ```\nfn f() {}\n", []string{"fn main() {\nlet x = 1;\n}\n"}, nil, false},
		{"hidden main", "//! ```\n//! # fn main() {\n//! go();\n//! # }\n//! ```\n", []string{"fn main() {\ngo();\n}\n"}, nil, false},
		{"not run", "/// ```ignore\n/// a();\n/// ```\n/// ```no_run\n/// b();\n/// ```\n/// ```toml\n/// c = 1\n/// ```\n", nil, nil, false},
		{"runs with attributes", "/// ```rust,should_panic,edition2021\n/// a();\n/// ```\n", []string{"fn main() {\na();\n}\n"}, nil, false},
		{"block comment", "/**\n * ~~~\n * a();\n * ~~~\n */\n", []string{"fn main() {\na();\n}\n"}, nil, false},
		{"include", "#![doc = include_str!(\"../README.md\")]\n", nil, []string{"../README.md"}, false},
		{"other attribute", "#[doc = \"x\"]\nfn f() {}\n", nil, nil, true},
		{"code is not docs", "// ```\n// a();\n// ```\nfn f() {}\n", nil, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := RustDocTests(tt.text)
			if !slices.Equal(d.Tests, tt.want) || !slices.Equal(d.Includes, tt.includes) || (d.Unread != "") != tt.unread {
				t.Errorf("got %q %q %q, want %q %q unread=%v", d.Tests, d.Includes, d.Unread, tt.want, tt.includes, tt.unread)
			}
		})
	}
}
