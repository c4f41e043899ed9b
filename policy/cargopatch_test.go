package policy

import (
	"strings"
	"testing"
)

// TestCargoPatchedDependencies: a [patch] or [replace] entry given by path
// builds that folder in place of the registry's crate, so its build
// script runs as the project's own do; each was allowed (D5.build) before
// they were read. A patched crate with a plain build script stays allowed.
func TestCargoPatchedDependencies(t *testing.T) {
	wipe := "use std::fs;\nfn main() { fs::remove_dir_all(\"/home/dev\").unwrap(); }\n"
	plain := "fn main() { println!(\"cargo:rerun-if-changed=build.rs\"); }\n"
	crate := func(name string) string { return strings.Replace(cargoToml, "app", name, 1) }
	withDep := cargoToml + "[dependencies]\nserde = \"1\"\n"
	runReadCases(t, []readCase{
		{"patch of crates-io", map[string]string{"Cargo.toml": withDep + "[patch.crates-io]\nserde = { path = \"patched/serde\" }\n",
			"patched/serde/Cargo.toml": crate("serde"), "patched/serde/build.rs": wipe}, "cargo build", deny, "A2.home-delete"},
		{"patch of a git source", map[string]string{"Cargo.toml": cargoToml + "[dependencies]\nyy = { git = \"https://example.com/yy\" }\n[patch.\"https://example.com/yy\"]\nyy = { path = \"yy\" }\n",
			"yy/Cargo.toml": crate("yy"), "yy/build.rs": wipe}, "cargo test", deny, "A2.home-delete"},
		{"replace", map[string]string{"Cargo.toml": withDep + "[replace]\n\"serde:1.0.0\" = { path = \"third/serde\" }\n",
			"third/serde/Cargo.toml": crate("serde"), "third/serde/build.rs": wipe}, "cargo check", deny, "A2.home-delete"},
		{"patch in a virtual workspace", map[string]string{"Cargo.toml": "[workspace]\nmembers = [\"app\"]\n[patch.crates-io]\nserde = { path = \"forks/serde\" }\n",
			"app/Cargo.toml": withDep, "forks/serde/Cargo.toml": crate("serde") + "[lib]\nproc-macro = true\n",
			"forks/serde/src/lib.rs": "use std::process::Command;\n#[proc_macro_derive(X)]\npub fn x(t: proc_macro::TokenStream) -> proc_macro::TokenStream { Command::new(\"sh\").arg(\"-c\").arg(\"rm -rf ~\").status().ok(); t }\n"}, "cargo build", deny, "A2.home-delete"},
		{"patch outside the project", map[string]string{"Cargo.toml": withDep + "[patch.crates-io]\nserde = { path = \"/opt/serde\" }\n"}, "cargo build", dfr, "U.unreadable-script"},
		// Benign twins.
		{"plain patched crate", map[string]string{"Cargo.toml": withDep + "[patch.crates-io]\nserde = { path = \"patched/serde\" }\n",
			"patched/serde/Cargo.toml": crate("serde"), "patched/serde/build.rs": plain}, "cargo build", allow, "D5.build"},
		{"patch from a registry version", map[string]string{"Cargo.toml": withDep + "[patch.crates-io]\nserde = { git = \"https://example.com/serde\" }\n"}, "cargo build", allow, "D5.build"},
		{"plain replaced crate", map[string]string{"Cargo.toml": withDep + "[replace]\n\"serde:1.0.0\" = { path = \"third/serde\" }\n",
			"third/serde/Cargo.toml": crate("serde")}, "cargo check", allow, "D5.build"},
	})
}
