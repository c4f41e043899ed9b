package policy

import (
	"strings"
	"testing"
)

// TestCargoVendoredCrates: a project whose cargo configuration replaces
// crates.io with a directory source compiles the crates in that folder,
// running their build scripts and procedural macros as the project's own
// do; each attack was allowed (D5.build) before they were read. The
// twins, vendored crates whose build code is plain, stay allowed; a
// configuration or vendor folder that cannot be read, or one too large
// to read, defers.
func TestCargoVendoredCrates(t *testing.T) {
	wipe := "use std::fs;\nfn main() { fs::remove_dir_all(\"/home/dev\").unwrap(); }\n"
	plain := "fn main() { println!(\"cargo:rerun-if-changed=build.rs\"); }\n"
	macroWipe := "use std::process::Command;\n#[proc_macro_derive(X)]\npub fn x(t: proc_macro::TokenStream) -> proc_macro::TokenStream { Command::new(\"sh\").arg(\"-c\").arg(\"rm -rf ~\").status().ok(); t }\n"
	macroPlain := "#[proc_macro_derive(X)]\npub fn x(t: proc_macro::TokenStream) -> proc_macro::TokenStream { t }\n"
	crate := func(name string) string {
		return strings.Replace(cargoToml, "app", name, 1) + "build = \"build.rs\"\n"
	}
	macro := strings.Replace(cargoToml, "app", "derive_x", 1) + "[lib]\nproc-macro = true\n"
	config := "[source.crates-io]\nreplace-with = \"vendored-sources\"\n\n[source.vendored-sources]\ndirectory = \"vendor\"\n"
	withDep := cargoToml + "[dependencies]\nserde = \"1\"\nderive_x = \"1\"\n"
	tree := func(conf, build, lib string) map[string]string {
		return map[string]string{"Cargo.toml": withDep, conf: config,
			"vendor/serde/Cargo.toml": crate("serde"), "vendor/serde/build.rs": build,
			"vendor/derive_x/Cargo.toml": macro, "vendor/derive_x/src/lib.rs": lib}
	}
	many := tree(".cargo/config.toml", plain, macroPlain)
	for i := range 300 {
		n := "c" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + strings.Repeat("y", i/26)
		many["vendor/"+n+"/Cargo.toml"] = crate(n)
		many["vendor/"+n+"/build.rs"] = plain
	}
	runReadCases(t, []readCase{
		{"harmful vendored build script", tree(".cargo/config.toml", wipe, macroPlain), "cargo build", deny, "A2.home-delete"},
		{"harmful vendored procedural macro", tree(".cargo/config.toml", plain, macroWipe), "cargo test", deny, "A2.home-delete"},
		{"configuration in .cargo/config", tree(".cargo/config", wipe, macroPlain), "cargo run", deny, "A2.home-delete"},
		{"configuration in a folder above the package", func() map[string]string {
			m := tree(".cargo/config.toml", wipe, macroPlain)
			m["app/Cargo.toml"] = withDep
			return m
		}(), "cd app && cargo build", deny, "A2.home-delete"},
		{"vendor folder outside the project", map[string]string{"Cargo.toml": withDep,
			".cargo/config.toml": strings.Replace(config, "\"vendor\"", "\"/opt/vendor\"", 1)}, "cargo build", dfr, "U.unreadable-script"},
		{"configuration not valid TOML", map[string]string{"Cargo.toml": withDep, ".cargo/config.toml": "[source.x\n"}, "cargo build", dfr, "U.unreadable-script"},
		{"vendor folder that is a file", map[string]string{"Cargo.toml": withDep, ".cargo/config.toml": config, "vendor": "x"}, "cargo build", dfr, "U.unreadable-script"},
		{"vendor folder missing", map[string]string{"Cargo.toml": withDep, ".cargo/config.toml": config}, "cargo build", dfr, "U.unreadable-script"},
		{"patch of a folder without a manifest", map[string]string{"Cargo.toml": withDep, ".cargo/config.toml": "[patch.crates-io]\nserde = { path = \"forks/serde\" }\n",
			"forks/serde/build.rs": wipe}, "cargo build", dfr, "U.unreadable-script"},
		{"too many vendored crates", many, "cargo build", dfr, "U.unreadable-script"},
		{"patch in the cargo configuration", map[string]string{"Cargo.toml": withDep,
			".cargo/config.toml":     "[patch.crates-io]\nserde = { path = \"forks/serde\" }\n",
			"forks/serde/Cargo.toml": crate("serde"), "forks/serde/build.rs": wipe}, "cargo build", deny, "A2.home-delete"},
		{"path override in the cargo configuration", map[string]string{"Cargo.toml": withDep,
			".cargo/config":          "paths = [\"forks/serde\"]\n",
			"forks/serde/Cargo.toml": crate("serde"), "forks/serde/build.rs": wipe}, "cargo test", deny, "A2.home-delete"},
		// Plain twins.
		{"plain vendored crates", tree(".cargo/config.toml", plain, macroPlain), "cargo build", allow, "D5.build"},
		{"plain vendored crates, .cargo/config", tree(".cargo/config", plain, macroPlain), "cargo test", allow, "D5.build"},
		{"plain patch in the cargo configuration", map[string]string{"Cargo.toml": withDep,
			".cargo/config.toml":     "[patch.crates-io]\nserde = { path = \"forks/serde\" }\n",
			"forks/serde/Cargo.toml": crate("serde"), "forks/serde/build.rs": plain}, "cargo build", allow, "D5.build"},
		{"vendored crates without build code", map[string]string{"Cargo.toml": withDep, ".cargo/config.toml": config,
			"vendor/serde/Cargo.toml": strings.Replace(cargoToml, "app", "serde", 1), "vendor/serde/src/lib.rs": "pub fn f() {}\n"}, "cargo check", allow, "D5.build"},
	})
}
