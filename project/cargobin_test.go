package project

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestRustTargetBinary(t *testing.T) {
	tests := []struct {
		in         string
		root, name string
		ok         bool
	}{
		{"/w/app/target/debug/app", "/w/app", "app", true},
		{"/w/app/target/release/srv.exe", "/w/app", "srv", true},
		{"/w/app/target/x86_64-unknown-linux-musl/release/app", "/w/app", "app", true},
		{"/w/app/target/debug/deps/app-1f2e", "", "", false},
		{"/w/app/target/debug/examples/demo", "", "", false},
		{"/w/app/target/debug/build/app-1f2e/out/x", "", "", false},
		{"/w/app/bin/app", "", "", false},
		{"/target/debug/app", "", "", false},
		{"/w/app/target/debug/.fingerprint", "", "", false},
	}
	for _, tt := range tests {
		root, name, ok := RustTargetBinary(tt.in)
		if root != tt.root || name != tt.name || ok != tt.ok {
			t.Errorf("RustTargetBinary(%q) = %q, %q, %v; want %q, %q, %v", tt.in, root, name, ok, tt.root, tt.name, tt.ok)
		}
	}
}

func TestFindCargoBinary(t *testing.T) {
	const pkg = "[package]\nname = \"app\"\nversion = \"0.1.0\"\n"
	tests := []struct {
		name  string
		files map[string]string
		pkg   string
		bin   string
		want  []string // roots, relative; nil for not found
		fails bool
	}{
		{"main.rs", map[string]string{"Cargo.toml": pkg, "src/main.rs": ""}, "", "app", []string{"src/main.rs"}, false},
		{"main.rs and lib", map[string]string{"Cargo.toml": pkg, "src/main.rs": "", "src/lib.rs": ""}, "", "app", []string{"src/main.rs", "src/lib.rs"}, false},
		{"src/bin", map[string]string{"Cargo.toml": pkg, "src/main.rs": "", "src/bin/cli.rs": ""}, "", "cli", []string{"src/bin/cli.rs"}, false},
		{"src/bin folder", map[string]string{"Cargo.toml": pkg, "src/bin/cli/main.rs": ""}, "", "cli", []string{"src/bin/cli/main.rs"}, false},
		{"[[bin]] path", map[string]string{"Cargo.toml": pkg + "[[bin]]\nname = \"srv\"\npath = \"tools/srv.rs\"\n", "tools/srv.rs": ""}, "", "srv", []string{"tools/srv.rs"}, false},
		{"autobins off", map[string]string{"Cargo.toml": strings.Replace(pkg, "version", "autobins = false\nversion", 1), "src/bin/cli.rs": ""}, "", "cli", nil, false},
		{"no such bin", map[string]string{"Cargo.toml": pkg, "src/main.rs": ""}, "", "other", nil, false},
		{"path dependency library", map[string]string{"Cargo.toml": pkg + "[dependencies]\nutil = { path = \"util\" }\n", "src/main.rs": "", "util/Cargo.toml": "[package]\nname = \"util\"\n", "util/src/lib.rs": ""}, "", "app", []string{"src/main.rs", "util/src/lib.rs"}, false},
		{"workspace member", map[string]string{"Cargo.toml": "[workspace]\nmembers = [\"crates/*\"]\n[workspace.dependencies]\ncore = { path = \"crates/core\" }\n", "crates/cli/Cargo.toml": "[package]\nname = \"cli\"\n[dependencies]\ncore.workspace = true\n", "crates/cli/src/main.rs": "", "crates/core/Cargo.toml": "[package]\nname = \"core\"\n", "crates/core/src/lib.rs": ""}, "", "cli", []string{"crates/cli/src/main.rs", "crates/core/src/lib.rs"}, false},
		{"package default", map[string]string{"Cargo.toml": "[workspace]\nmembers = [\"a\", \"b\"]\n", "a/Cargo.toml": "[package]\nname = \"a\"\n", "a/src/main.rs": "", "b/Cargo.toml": "[package]\nname = \"b\"\ndefault-run = \"tool\"\n", "b/src/bin/tool.rs": ""}, "b", "", []string{"b/src/bin/tool.rs"}, false},
		{"package's bin", map[string]string{"Cargo.toml": "[workspace]\nmembers = [\"a\", \"b\"]\n", "a/Cargo.toml": "[package]\nname = \"a\"\n", "a/src/bin/x.rs": "", "b/Cargo.toml": "[package]\nname = \"b\"\n", "b/src/bin/x.rs": ""}, "b", "x", []string{"b/src/bin/x.rs"}, false},
		{"own package's default", map[string]string{"Cargo.toml": pkg, "src/main.rs": ""}, "", "", []string{"src/main.rs"}, false},
		{"own package's default-run", map[string]string{"Cargo.toml": pkg + "default-run = \"cli\"\n", "src/main.rs": "", "src/bin/cli.rs": ""}, "", "", []string{"src/bin/cli.rs"}, false},
		{"virtual manifest has no default", map[string]string{"Cargo.toml": "[workspace]\nmembers = [\"a\"]\n", "a/Cargo.toml": pkg, "a/src/main.rs": ""}, "", "", nil, false},
		{"dependency outside", map[string]string{"Cargo.toml": pkg + "[dependencies]\nx = { path = \"../../x\" }\n", "src/main.rs": ""}, "", "app", nil, true},
		{"bad toml", map[string]string{"Cargo.toml": "[package\n", "src/main.rs": ""}, "", "app", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range tt.files {
				p := filepath.Join(dir, name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			b, err := FindCargoBinary(filepath.Join(dir, "Cargo.toml"), dir, tt.pkg, tt.bin)
			switch {
			case tt.fails:
				if err == nil || IsNotExist(err) {
					t.Errorf("got %v, %v; want an error", b, err)
				}
			case tt.want == nil:
				if !IsNotExist(err) {
					t.Errorf("got %v, %v; want not found", b, err)
				}
			default:
				var got []string
				for _, r := range b.Roots {
					rel, _ := filepath.Rel(dir, r)
					got = append(got, rel)
				}
				if err != nil || !slices.Equal(got, tt.want) {
					t.Errorf("got %v, %v; want %v", got, err, tt.want)
				}
			}
		})
	}
}

// FuzzCargoBinary: any manifest and name give roots within the project
// or an error, never a panic.
func FuzzCargoBinary(f *testing.F) {
	f.Add("[package]\nname = \"app\"\n[[bin]]\nname = \"x\"\npath = \"a.rs\"\n[dependencies]\nu = { path = \"u\" }\n", "", "x", "/w/p/target/debug/x")
	f.Add("[workspace]\nmembers = [\"*\"]\n", "app", "", "/w/p/target/t/release/app")
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, manifest, pkg, name, target string) {
		RustTargetBinary(target)
		if err := os.WriteFile(filepath.Join(dir, "Cargo.toml"), []byte(manifest), 0o644); err != nil {
			t.Fatal(err)
		}
		b, err := FindCargoBinary(filepath.Join(dir, "Cargo.toml"), dir, pkg, name)
		if err == nil && len(b.Roots) == 0 {
			t.Errorf("found %q with no roots", name)
		}
	})
}
