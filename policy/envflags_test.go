package policy

import (
	"slices"
	"strings"
	"testing"
)

// evilScript is a planted script that deletes the home directory.
const evilScript = "#!/bin/sh\nrm -rf ~\n"

// A variable that carries a program's own options is judged as if its
// words were on that program's command line: GOFLAGS=-toolexec=x go build
// reads as go build -toolexec=x.
func TestFlagVariables(t *testing.T) {
	evil := map[string]string{"evil.sh": evilScript, "evil.js": "require('child_process').execSync('rm -rf ~')\n", "go.mod": "module x\n", "package.json": `{"scripts":{"test":"node t.js"}}`, "t.js": "console.log(1)\n"}
	makefile := map[string]string{"Makefile": "all:\n\techo hi\n", "evil.mk": "all:\n\trm -rf ~\n", "evil.sh": evilScript}
	runReadCases(t, []readCase{
		// go: GOFLAGS holds go build's flags.
		{"goflags toolexec", evil, "GOFLAGS=-toolexec=./evil.sh go build", deny, "A2.home-delete"},
		{"goflags exported", evil, "export GOFLAGS=-toolexec=./evil.sh; go build ./...", deny, "A2.home-delete"},
		{"goflags env", evil, "env GOFLAGS='-exec=./evil.sh' go test ./...", deny, "A2.home-delete"},
		{"goflags quoted", evil, `GOFLAGS="-mod=mod '-toolexec=./evil.sh'" go vet ./...`, deny, "A2.home-delete"},
		{"goflags outside", evil, "GOFLAGS=-toolexec=/opt/x/run go build", dfr, ""},
		{"goflags unknown", evil, "GOFLAGS=-whatever go build", dfr, "U.unknown-option"},
		{"goflags non-flag", evil, "GOFLAGS=./evil.sh go build", dfr, "U.env-redirect"},
		{"goflags unterminated", evil, `GOFLAGS="'-mod=mod" go build`, dfr, "U.env-redirect"},
		{"goflags dynamic", evil, `GOFLAGS="$X" go build`, dfr, "U.env-redirect"},
		{"goflags mod", evil, "GOFLAGS=-mod=mod go build", allow, ""},
		{"goflags several", evil, "GOFLAGS='-mod=mod -modcacherw -trimpath' go test ./...", allow, ""},
		{"goflags exported benign", evil, "export GOFLAGS=-mod=vendor; go build ./...", allow, ""},
		// make: MAKEFLAGS (and MFLAGS, GNUMAKEFLAGS) hold make's options and variables.
		{"makeflags file", makefile, "MAKEFLAGS='-f evil.mk' make", deny, "A2.home-delete"},
		{"makeflags shell", makefile, "MAKEFLAGS='SHELL=./evil.sh' make", dfr, "U.env-redirect"},
		{"makeflags exported", makefile, "export MAKEFLAGS='--file=evil.mk'; make all", deny, "A2.home-delete"},
		{"mflags", makefile, "MFLAGS='-f evil.mk' make all", deny, "A2.home-delete"},
		{"gnumakeflags", makefile, "env GNUMAKEFLAGS='-f evil.mk' make", deny, "A2.home-delete"},
		{"makeflags eval", makefile, "MAKEFLAGS='--eval=x' make", dfr, ""},
		{"makeflags jobs", makefile, "MAKEFLAGS=-j4 make", allow, ""},
		{"makeflags letters", makefile, "MAKEFLAGS=ks make all", allow, ""},
		{"mflags jobs", makefile, "MFLAGS='-j4 -s' make", allow, ""},
		// node: NODE_OPTIONS holds node's options, for every node process.
		{"node require", evil, "NODE_OPTIONS='--require ./evil.js' npm test", deny, "A2.home-delete"},
		{"node require short", evil, "NODE_OPTIONS='-r ./evil.js' node t.js", deny, "A2.home-delete"},
		{"node -r", evil, "node -r ./evil.js t.js", deny, "A2.home-delete"},
		{"node -r plain", evil, "node -r ./t.js t.js", allow, ""},
		{"node require plain", evil, "NODE_OPTIONS='--require ./t.js' npm test", allow, ""},
		{"node exported", evil, "export NODE_OPTIONS=\"--require=./evil.js\"; npx jest", deny, "A2.home-delete"},
		{"node import", evil, "NODE_OPTIONS='--import=/opt/x/hook.mjs' npm test", dfr, ""},
		{"node unterminated", evil, `NODE_OPTIONS='"--require' node t.js`, dfr, "U.env-redirect"},
		{"node heap", evil, "NODE_OPTIONS=--max-old-space-size=4096 npm test", allow, ""},
		{"node heap exported", evil, "export NODE_OPTIONS='--max-old-space-size=8192 --enable-source-maps'; node t.js", allow, ""},
		// java: the JVM's option variables, and the build tools' own.
		{"java agent", evil, "JAVA_TOOL_OPTIONS=-javaagent:./agent.jar mvn test", dfr, "U.unknown-option"},
		{"jdk options", evil, "JDK_JAVA_OPTIONS='-Xmx1g -javaagent:/opt/a.jar' java -jar app.jar", dfr, "U.unknown-option"},
		{"maven opts", evil, "MAVEN_OPTS='-javaagent:./x.jar' mvn test", dfr, "U.unknown-option"},
		{"gradle opts quoted", evil, `GRADLE_OPTS="'-Dx=1 -javaagent:x.jar'" gradle test`, dfr, "U.env-redirect"},
		{"java heap", evil, "JAVA_TOOL_OPTIONS=-Xmx2g mvn test", allow, ""},
		{"maven heap", evil, "MAVEN_OPTS='-Xmx1g -Dfile.encoding=UTF-8' mvn test", allow, ""},
		// python: PYTHONWARNINGS is python -W, whose category can name a module to import.
		{"pythonwarnings module", map[string]string{"t.py": "print(1)\n"}, "PYTHONWARNINGS=error::evil.Warning python3 t.py", dfr, "U.unknown-option"},
		{"python -W module", map[string]string{"t.py": "print(1)\n"}, "python3 -W ignore::evil.Warning t.py", dfr, "U.unknown-option"},
		{"pythonwarnings exported", map[string]string{"t.py": "print(1)\n"}, "export PYTHONWARNINGS='default,ignore::x.y.Z'; python3 t.py", dfr, "U.unknown-option"},
		{"pythonwarnings plain", map[string]string{"t.py": "print(1)\n"}, "PYTHONWARNINGS=ignore::DeprecationWarning python3 t.py", allow, ""},
		{"python -W plain", map[string]string{"t.py": "print(1)\n"}, "python3 -W error t.py", allow, ""},
		// Compiler flags, read by builds.
		{"cflags plugin", makefile, "CFLAGS=-fplugin=./x.so make", dfr, "U.unknown-option"},
		{"ldflags linker", makefile, "LDFLAGS='-Wl,--wrap=x,-plugin=./x.so' make", dfr, ""},
		{"rustflags linker", evil, `RUSTFLAGS="-C linker=./evil.sh" cargo build`, dfr, ""},
		{"cflags plain", makefile, "CFLAGS='-O2 -Wall' make", allow, ""},
		{"rustflags plain", evil, "RUSTFLAGS='-D warnings' cargo build", allow, ""},
		// Variables naming a program a build runs.
		{"cargo runner", evil, "CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER=./evil.sh cargo test", deny, "A2.home-delete"},
		{"rustc wrapper", evil, "RUSTC_WRAPPER=./evil.sh cargo build", deny, "A2.home-delete"},
		{"cargo wrapper", evil, "CARGO_BUILD_RUSTC_WRAPPER=./evil.sh cargo build", deny, "A2.home-delete"},
	})
}

func TestSplitFlagWords(t *testing.T) {
	tests := []struct {
		split func(string) ([]string, error)
		in    string
		want  []string
		bad   bool
	}{
		{goQuoted, `-a -b=c  '-d e' "-f"`, []string{"-a", "-b=c", "-d e", "-f"}, false},
		{goQuoted, `'-a`, nil, true},
		{makeWords, `ks -j4 X=a\ b`, []string{"-ks", "-j4", "X=a b"}, false},
		{makeWords, `X=1 -j4`, []string{"X=1", "-j4"}, false},
		{nodeWords, `--require "./a b.js" "--x=\"y\""`, []string{"--require", "./a b.js", `--x="y"`}, false},
		{nodeWords, `"--x`, nil, true},
		{javaWords, "-Xmx1g\t-Dx=y", []string{"-Xmx1g", "-Dx=y"}, false},
		{javaWords, `-Dx="a b"`, nil, true},
		{pythonWarnings, "default, ignore::x.Y,", []string{"-W", "default", "-W", "ignore::x.Y"}, false},
	}
	for _, tt := range tests {
		got, err := tt.split(tt.in)
		if (err != nil) != tt.bad || !tt.bad && !slices.Equal(got, tt.want) {
			t.Errorf("split %q = %q, %v; want %q (error %v)", tt.in, got, err, tt.want, tt.bad)
		}
	}
}

func FuzzSplitFlagWords(f *testing.F) {
	for _, s := range []string{`-a '-b c' "d"`, `ks X=a\ b`, `--r "x\"y"`, "a,b::c.D", `'`, `"`, `\`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, split := range []func(string) ([]string, error){goQuoted, makeWords, nodeWords, javaWords, pythonWarnings} {
			words, err := split(s)
			if err == nil && len(words) > len(s)+1 {
				t.Fatalf("%q split into %d words", s, len(words))
			}
		}
		if mod := warningModule(s); mod != "" && !strings.Contains(s, mod+".") {
			t.Fatalf("warningModule(%q) = %q, which the filter does not name", s, mod)
		}
	})
}
