package policy

import "testing"

// TestRustToolchainPath: rustup's proxies (cargo, rustc, rustfmt, …) run
// the toolchain a rust-toolchain.toml or rust-toolchain file names; a
// path there is a folder of programs arbiter did not check. Each attack
// here was allowed.
func TestRustToolchainPath(t *testing.T) {
	pkg := func(name, text string) map[string]string {
		return map[string]string{"Cargo.toml": cargoPackage, "src/main.rs": "fn main() {}\n", name: text}
	}
	custom := "[toolchain]\npath = \"/opt/evil\"\n"
	runReadCases(t, []readCase{
		{"cargo build", pkg("rust-toolchain.toml", custom), "cargo build", dfr, "U.runs-a-program"},
		{"cargo fmt", pkg("rust-toolchain.toml", custom), "cargo fmt", dfr, "U.runs-a-program"},
		{"cargo test", pkg("rust-toolchain.toml", custom), "cargo test", dfr, "U.runs-a-program"},
		{"rustfmt", pkg("rust-toolchain.toml", custom), "rustfmt src/main.rs", dfr, "U.runs-a-program"},
		{"rustc", pkg("rust-toolchain.toml", custom), "rustc --version", dfr, "U.runs-a-program"},
		{"legacy file toml", pkg("rust-toolchain", custom), "cargo build", dfr, "U.runs-a-program"},
		{"from a subfolder", pkg("rust-toolchain.toml", custom), "cd src && cargo build", dfr, "U.runs-a-program"},
		{"relative path", pkg("rust-toolchain.toml", "[toolchain]\npath = \"tools/tc\"\n"), "cargo check", dfr, "U.runs-a-program"},
		{"legacy file path", pkg("rust-toolchain", "/opt/evil\n"), "cargo build", dfr, "U.runs-a-program"},
		{"legacy wins over toml", map[string]string{"Cargo.toml": cargoPackage, "src/main.rs": "fn main() {}\n", "rust-toolchain.toml": "[toolchain]\nchannel = \"stable\"\n", "rust-toolchain": custom}, "cargo build", dfr, "U.runs-a-program"},
		{"clippy", pkg("rust-toolchain.toml", custom), "cargo clippy", dfr, "U.runs-a-program"},
		{"cargo by its path", pkg("rust-toolchain.toml", custom), "~/.cargo/bin/cargo build", dfr, ""},
		{"no toolchain table", pkg("rust-toolchain.toml", "channel = \"stable\"\n"), "cargo build", dfr, "U.unreadable-config"},
		{"broken file", pkg("rust-toolchain.toml", "[toolchain\nchannel = 1\n"), "cargo build", dfr, "U.unreadable-config"},
		{"RUSTUP_TOOLCHAIN path", pkg("README.md", ""), "RUSTUP_TOOLCHAIN=/opt/evil cargo build", dfr, ""},
		{"cargo +path", pkg("README.md", ""), "cargo +/opt/evil build", dfr, ""},

		// Twins: a channel, a legacy file of a channel's name, none.
		{"channel", pkg("rust-toolchain.toml", "[toolchain]\nchannel = \"1.79\"\ncomponents = [\"rustfmt\"]\n"), "cargo build", allow, "D5.build"},
		{"legacy channel name", pkg("rust-toolchain", "nightly-2024-05-01\n"), "cargo build", allow, "D5.build"},
		{"channel rustfmt", pkg("rust-toolchain.toml", "[toolchain]\nchannel = \"stable\"\n"), "rustfmt src/main.rs", allow, ""},
		{"nearest file decides", map[string]string{"Cargo.toml": "[workspace]\nmembers = [\"app\"]\n", "rust-toolchain.toml": custom, "app/Cargo.toml": cargoPackage, "app/src/main.rs": "fn main() {}\n", "app/rust-toolchain.toml": "[toolchain]\nchannel = \"stable\"\n"}, "cd app && cargo build", allow, ""},
		{"no file", pkg("README.md", ""), "cargo build", allow, "D5.build"},
	})
}
