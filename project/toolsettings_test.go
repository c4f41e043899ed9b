package project

import (
	"path/filepath"
	"testing"
)

func TestFindToolSettings(t *testing.T) {
	root := t.TempDir()
	write(t, root, ".npmrc", "registry=https://registry.npmjs.org/\nSCRIPT_SHELL = \"/tmp/x.sh\"\n; node-options=--require x\n")
	write(t, root, "web/.npmrc", "node-options=--max-old-space-size=4096\ntoken=${NPM_TOKEN}\n")
	write(t, root, "web/.yarnrc.yml", "yarnPath: .yarn/releases/yarn.cjs\nnodeLinker: node-modules\n")
	write(t, root, ".cargo/config.toml", "[alias]\nb = \"build\"\n[build]\nrustc-wrapper = \"sccache\"\nrustflags = \"-C target-cpu=native\"\n[target.x86_64-unknown-linux-gnu]\nlinker = \"clang\"\nrunner = \"qemu-x86_64 -L /usr\"\n[env]\nRUST_LOG = { value = \"debug\" }\n")
	tests := []struct {
		program string
		dir     string
		want    []string // Key for each setting, in order
	}{
		{"npm", "web", []string{"node-options", "script-shell"}},
		{"yarn", "web", []string{"node-options", "yarnPath", "script-shell"}},
		{"cargo", ".", []string{"build.rustc-wrapper", "build.rustflags", "target.x86_64-unknown-linux-gnu.linker", "target.x86_64-unknown-linux-gnu.runner", "RUST_LOG"}},
		{"go", ".", nil},
	}
	for _, tt := range tests {
		got, err := FindToolSettings(tt.program, filepath.Join(root, tt.dir), root)
		if err != nil {
			t.Errorf("%s: %v", tt.program, err)
			continue
		}
		var keys []string
		for _, s := range got {
			keys = append(keys, s.Key)
		}
		if len(keys) != len(tt.want) {
			t.Errorf("%s in %s: keys %q, want %q", tt.program, tt.dir, keys, tt.want)
			continue
		}
		for i := range keys {
			if keys[i] != tt.want[i] {
				t.Errorf("%s in %s: keys %q, want %q", tt.program, tt.dir, keys, tt.want)
				break
			}
		}
	}
	cargo, _ := FindToolSettings("cargo", root, root)
	if runner := cargo[3]; len(runner.Words) != 3 || runner.Words[0] != "qemu-x86_64" || runner.Kind != SettingProgram {
		t.Errorf("runner = %+v, want the program split on white space", runner)
	}
	if linker := cargo[2]; len(linker.Words) != 1 || linker.Words[0] != "clang" {
		t.Errorf("linker = %+v, want one path", linker)
	}
	npm, _ := FindToolSettings("npm", filepath.Join(root, "web"), root)
	if npm[1].Words[0] != "/tmp/x.sh" || npm[1].Kind != SettingShell {
		t.Errorf("script-shell = %+v", npm[1])
	}
}

func FuzzToolSettings(f *testing.F) {
	f.Add("script-shell=/bin/sh\nnode-options=--inspect\n", "yarn-path \"./y.js\"\n--modules-folder x\n", "[build]\nrustflags = [\"-C\", \"x\"]\n[target.a]\nrunner = [\"a\"]\n[env]\nA = \"b\"\n", "preload = [\"./a.ts\"]\n[test]\npreload = \"b\"\n")
	f.Fuzz(func(t *testing.T, npmrc, yarnrc, cargo, bunfig string) {
		dir := t.TempDir()
		for name, text := range map[string]string{".npmrc": npmrc, ".yarnrc": yarnrc, ".cargo/config.toml": cargo, "bunfig.toml": bunfig, ".yarnrc.yml": yarnrc} {
			write(t, dir, name, text)
		}
		for _, program := range []string{"npm", "yarn", "bun", "cargo"} {
			got, err := FindToolSettings(program, dir, dir)
			if err != nil && got != nil {
				t.Fatalf("%s: settings returned with an error", program)
			}
			for _, s := range got {
				if s.File == "" || s.Key == "" {
					t.Fatalf("%s: setting %+v has no file or key", program, s)
				}
			}
		}
	})
}
