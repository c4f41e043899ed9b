package policy

import "testing"

const cargoPackage = "[package]\nname = \"app\"\nversion = \"0.1.0\"\n"

// TestCargoAliases: cargo expands an [alias] of its configuration before
// it runs a subcommand; the attacks here were allowed as D5.build.
func TestCargoAliases(t *testing.T) {
	pkg := func(config, text string) map[string]string {
		return map[string]string{"Cargo.toml": cargoPackage, "src/main.rs": "fn main() {}\n", config: text}
	}
	runReadCases(t, []readCase{
		{"t is publish", pkg(".cargo/config.toml", "[alias]\nt = \"publish --allow-dirty\"\n"), "cargo t", ask, "B10.publish"},
		{"b is a list install", pkg(".cargo/config.toml", "[alias]\nb = [\"install\", \"--path\", \".\"]\n"), "cargo b --release", ask, "B4.install"},
		{"c runs another manifest", pkg(".cargo/config", "[alias]\nc = \"run --manifest-path /tmp/evil/Cargo.toml\"\n"), "cargo c", dfr, "C.run-outside-code"},
		{"r from a subfolder's parent", pkg(".cargo/config.toml", "[alias]\nr = \"login\"\n"), "cd src && cargo r", ask, "B10.publish"},
		{"alias of an alias", pkg(".cargo/config.toml", "[alias]\nt = \"ship\"\nship = \"publish\"\n"), "cargo t", ask, "B10.publish"},
		{"config written first", pkg("README.md", ""), "mkdir -p .cargo && printf '[alias]\\nt = \"publish\"\\n' > .cargo/config.toml && cargo t", ask, "U.unreadable-script"},
		{"alias loop", pkg(".cargo/config.toml", "[alias]\nt = \"t\"\n"), "cargo t", dfr, ""},
		{"broken config", pkg(".cargo/config.toml", "[alias\nt = 1\n"), "cargo t", dfr, "U.unreadable-script"},
		{"lists merged", map[string]string{"Cargo.toml": cargoPackage, ".cargo/config.toml": "[alias]\nt = [\"test\"]\n", "src/.cargo/config.toml": "[alias]\nt = [\"--workspace\"]\n"}, "cd src && cargo t", dfr, "U.unreadable-script"},
		{"include", pkg(".cargo/config.toml", "include = \"other.toml\"\n"), "cargo t", dfr, "U.unreadable-script"},

		// Twins: plain aliases, names cargo keeps for itself, and no alias.
		{"t is test", pkg(".cargo/config.toml", "[alias]\nt = \"test --workspace\"\n"), "cargo t", allow, "D4.run-script"},
		{"b is a build list", pkg(".cargo/config.toml", "[alias]\nb = [\"build\", \"--release\"]\n"), "cargo b", allow, "D4.run-script"},
		{"c is clippy", pkg(".cargo/config", "[alias]\nc = \"clippy --all-targets\"\n"), "cargo c", allow, "D4.run-script"},
		{"builtin shadows alias", pkg(".cargo/config.toml", "[alias]\ntest = \"publish\"\nbuild = \"install --path .\"\n"), "cargo test", allow, "D5.build"},
		{"no alias of the name", pkg(".cargo/config.toml", "[alias]\nship = \"publish\"\n"), "cargo t", allow, "D5.build"},
		{"no config", pkg("README.md", ""), "cargo r", allow, "D5.build"},
	})
}
