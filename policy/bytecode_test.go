package policy

import (
	"encoding/binary"
	"testing"
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
