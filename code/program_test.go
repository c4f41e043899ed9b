package code

import (
	"strings"
	"testing"
	"time"
)

func TestReadProgram(t *testing.T) {
	tests := []struct {
		name, lang, src string
		want            string // effects as KIND:arg|arg; "" for none
		unknown         bool
	}{
		{"c system", "c", "#include <stdlib.h>\nint main(){system(\"rm -rf ~\");}", "shell:rm -rf ~", false},
		{"c comment and string", "c", "/* system(\"rm\") */ // popen(\"x\")\nint main(){puts(\"system(\\\"rm\\\")\");}", "", false},
		{"c escapes", "c", "int main(){system(\"rm -rf \\x7e\");}", "shell:rm -rf ~", false},
		{"c adjacent literals", "c", "int main(){system(\"rm \" \"-rf /\");}", "shell:rm -rf /", false},
		{"c spliced", "c", "int main(){sys\\\ntem(\"id\");}", "shell:id", false},
		{"c execlp", "c", "int main(){execlp(\"curl\",\"curl\",\"-d\",\"@x\",\"h\",NULL);}", "exec:curl|-d|@x|h", false},
		{"c execl runtime", "c", "int main(int c,char**v){execl(\"/bin/sh\",\"sh\",v[1],NULL);}", "", true},
		{"c fopen write", "c", "int main(){fopen(\"/etc/hosts\",\"a\");}", "write:/etc/hosts", false},
		{"c open read", "c", "int main(){open(\"data\", O_RDONLY|O_CLOEXEC);}", "read:data", false},
		{"c open write", "c", "int main(){open(\"/etc/x\", O_WRONLY|O_CREAT, 0644);}", "write:/etc/x", false},
		{"c paste", "c", "#define C(a,b) a##b\nint main(){C(sys,tem)(\"id\");}", "", true},
		{"c alias", "c", "#define S system\nint main(){S(\"id\");}", "", true},
		{"c trigraph", "c", "int main(){ puts(\"??/\"); }", "", true},
		{"c member is no call", "c", "int main(){ s.system(\"x\"); p->remove(\"y\"); }", "", false},
		{"c include", "c", "#include \"a.h\"\n#include <b.h>\nint main(){}", "", false},
		{"c++ raw string", "c++", "int main(){ auto s = R\"x(system(\"rm\"))x\"; std::remove(v.begin(), v.end(), 0); }", "", false},
		{"c++ ofstream", "c++", "int main(){ std::ofstream out(\"/etc/x\"); }", "write:/etc/x", false},
		{"c++ digit separator", "c++", "int main(){ int n = 1'000'000; system(\"id\"); }", "shell:id", false},
		{"rust command", "rust", "use std::process::Command;\nfn main(){ Command::new(\"ls\").args(&[\"-l\", \"/\"]).status().unwrap(); }", "exec:ls|-l|/", false},
		{"rust split builder", "rust", "fn main(){ let mut c = std::process::Command::new(\"rm\"); c.arg(\"-rf\"); c.status(); }", "exec:rm", true},
		{"rust lifetimes and chars", "rust", "fn f<'a>(x: &'a str) -> char { let _ = r#\"Command::new(\"x\")\"#; '\\'' }", "", false},
		{"rust nested comment", "rust", "/* a /* b */ std::fs::remove_file(\"x\") */ fn main(){}", "", false},
		{"rust extern", "rust", "extern \"C\" { fn system(c: *const u8) -> i32; }\nfn main(){}", "", true},
		{"rust use as", "rust", "use std::process::Command as C;\nfn main(){ C::new(\"id\").status(); }", "", true},
		{"rust fs write", "rust", "fn main(){ std::fs::write(\"/etc/x\", \"y\").unwrap(); }", "write:/etc/x", false},
		{"rust mod", "rust", "mod a;\nmod b { mod c; }\nfn main(){}", "", false},
		{"java exec array", "java", "class A { void m() throws Exception { Runtime.getRuntime().exec(new String[]{\"sh\", \"-c\", \"id\"}); } }", "exec:sh|-c|id", false},
		{"java unicode", "java", "class A { void m() throws Exception { Runtime.getRuntime().\\u0065xec(\"id\"); } }", "exec:id", false},
		{"java escaped backslash", "java", "class A { String s = \"\\\\u0065\"; }", "", false},
		{"java comment newline escape", "java", "class A { // \\u000a void m() throws Exception { Runtime.getRuntime().exec(\"id\"); }\n }", "exec:id", false},
		{"java builder later", "java", "class A { void m() throws Exception { ProcessBuilder p = new ProcessBuilder(\"ls\"); p.command(\"rm\", \"-rf\", \"/\"); p.start(); } }", "exec:ls", true},
		{"java text block", "java", "class A { String s = \"\"\"\n  Runtime.getRuntime().exec(\"x\")\n  \"\"\"; }", "", false},
		{"java file delete", "java", "class A { void m() { new java.io.File(\"/etc/x\").delete(); } }", "delete:/etc/x", false},
		{"go exec", "go", "package main\nimport \"os/exec\"\nfunc main(){ exec.Command(\"ls\", \"-l\").Run() }", "exec:ls|-l", false},
		{"go alias", "go", "package main\nimport e \"os/exec\"\nfunc main(){ e.CommandContext(nil, \"id\").Run() }", "exec:id", false},
		{"go reference", "go", "package main\nimport \"os\"\nfunc main(){ f := os.RemoveAll; f(\"/\") }", "", true},
		{"go dot import", "go", "package main\nimport . \"os/exec\"\nfunc main(){ Command(\"id\").Run() }", "", true},
		{"go string", "go", "package main\nimport \"fmt\"\nfunc main(){ fmt.Println(\"exec.Command(\\\"rm\\\")\") }", "", false},
		{"go syscall", "go", "package main\nimport \"syscall\"\nfunc main(){ syscall.Exec(\"/bin/sh\", nil, nil) }", "", true},
		{"go signal constant", "go", "package main\nimport (\"os/signal\"; \"syscall\"; \"os\")\nfunc main(){ c := make(chan os.Signal, 1); signal.Notify(c, syscall.SIGTERM) }", "", false},
		{"go openfile read", "go", "package main\nimport \"os\"\nfunc main(){ os.OpenFile(\"x\", os.O_RDONLY, 0) }", "read:x", false},
	}
	names := map[EffectKind]string{Shell: "shell", Exec: "exec", Delete: "delete", DeleteTree: "tree", Write: "write", Read: "read", Move: "move", Network: "network", Server: "server", EnvDump: "envdump", Env: "env"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := ReadProgram(tt.lang, tt.src)
			var got []string
			for _, e := range p.Effects {
				got = append(got, names[e.Kind]+":"+strings.Join(e.Args, "|"))
			}
			if strings.Join(got, " ") != tt.want || (p.Unknown != "") != tt.unknown {
				t.Errorf("%s\n got %q unknown %q\nwant %q unknown %v", tt.src, got, p.Unknown, tt.want, tt.unknown)
			}
		})
	}
}

// fuzzProgram checks what every program reader promises: no panic,
// bounded time, and each effect with the arguments its kind needs.
func fuzzProgram(f *testing.F, lang string, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	need := map[EffectKind]int{Shell: 1, Exec: 1, Delete: 1, DeleteTree: 1, Write: 1, Read: 1, Move: 2, Env: 1}
	f.Fuzz(func(t *testing.T, src string) {
		start := time.Now()
		p := ReadProgram(lang, src)
		if d := time.Since(start); d > 50*time.Millisecond {
			if start = time.Now(); ReadProgram(lang, src).Lang != "" && time.Since(start) > 50*time.Millisecond {
				t.Errorf("took %v on %d bytes", d, len(src))
			}
		}
		for _, e := range p.Effects {
			if len(e.Args) < need[e.Kind] {
				t.Errorf("%q: effect %+v lacks arguments", src, e)
			}
		}
	})
}

func FuzzCProgram(f *testing.F) {
	fuzzProgram(f, "c", "#include <stdlib.h>\nint main(){system(\"rm -rf ~\");}", "int main(){execl(\"/bin/sh\",\"sh\",\"-c\",\"x\",(char*)0);}", "#define X(a) a##b\n", "char c = '\\x41'; L\"w\" u8\"s\"")
}

func FuzzCPPProgram(f *testing.F) {
	fuzzProgram(f, "c++", "auto s = R\"d(x)\")d\"; std::ofstream o(\"f\");", "int n = 0x1'0; std::filesystem::remove_all(\"/\");", "template<class T> T f(T x){return x;}")
}

func FuzzRustProgram(f *testing.F) {
	fuzzProgram(f, "rust", "fn main(){ std::process::Command::new(\"sh\").arg(\"-c\").status(); }", "fn f<'a>(x:&'a str){ let c = b'x'; let s = br#\"a\"#; }", "/* /* */ */ mod a; include!(\"x.rs\");")
}

func FuzzJavaProgram(f *testing.F) {
	fuzzProgram(f, "java", "class A { void m() { Runtime.getRuntime().exec(new String[]{\"a\"}); } }", "class B { String s = \"\"\"\n x \"\"\"; char c = '\\u0041'; }", "new ProcessBuilder(List.of(\"a\", \"b\")).start();")
}

func FuzzGoProgram(f *testing.F) {
	fuzzProgram(f, "go", "package main\nimport \"os/exec\"\nfunc main(){ exec.Command(\"ls\").Run() }", "package main\nimport \"os\"\nfunc main(){ os.WriteFile(\"x\", nil, 0o644) }")
}
