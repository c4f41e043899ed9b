package policy

import "testing"

// Shell modes that change how a command line is read: keyword mode makes
// NAME=VALUE words anywhere in a command environment variables, and in
// POSIX mode (sh, bash --posix) an assignment before a special builtin
// such as : stays set for the commands after it.
func TestShellModes(t *testing.T) {
	files := map[string]string{"x.so": "\x7fELF", "t.sh": "ls\n"}
	runReadCases(t, []readCase{
		{"bash -k", files, "bash -k -c 'ls LD_PRELOAD=./x.so'", ask, "B.env-injection"},
		{"set -k", files, "set -k; ls LD_PRELOAD=./x.so", ask, "B.env-injection"},
		{"set -o keyword", files, "set -o keyword; cat PATH=/tmp/evil:/bin f", dfr, "U.env-redirect"},
		{"sh -o keyword", files, "sh -o keyword -c 'git status GIT_DIR=/tmp/r/.git'", dfr, "U.env-redirect"},
		{"set -ek cluster", files, "set -ek\nls BASH_ENV=./t.sh", ask, "B.env-injection"},
		{"set dynamic", files, "set -$OPTS; ls LD_PRELOAD=./x.so", ask, "B.env-injection"},
		{"keyword in eval", files, "eval 'set -k'; ls LD_PRELOAD=./x.so", ask, ""},
		{"no keyword mode", files, "ls LD_PRELOAD=./x.so", allow, ""},
		{"keyword quoted", files, "set -k; echo 'X=1'", allow, ""},
		{"keyword benign", files, "bash -k -c 'ls LANG=C'", allow, ""},
		{"keyword off", files, "set -k; set +k; ls LD_PRELOAD=./x.so", allow, ""},
		// POSIX mode: assignments before : persist.
		{"sh colon", files, "sh -c 'PATH=/tmp/evil:$PATH :; ls'", dfr, "U.env-redirect"},
		{"posix colon", files, "set -o posix; LD_PRELOAD=./x.so : ; ls", ask, "B.env-injection"},
		{"colon preload", files, "LD_PRELOAD=./x.so :; ls", ask, "B.env-injection"},
		{"colon plain", files, "LANG=C :; ls", allow, ""},
		{"echo prefix", files, "LD_PRELOAD=./x.so echo hi", allow, ""},
	})
}
