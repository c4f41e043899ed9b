package policy

import "testing"

// A here-document's body is the code its program reads, as written: Bash
// neither brace-expands it nor, under a quoted delimiter, removes its
// backslashes. Read with both, `// {` … `, payload // }` put the payload
// in a comment and `"a\\"` left a string open over it: each was allowed.
func TestHeredocCodeIsReadAsWritten(t *testing.T) {
	const node = "console.log(1 // {\n, require('child_process').execSync('touch /tmp/pwn') // }\n)\n"
	const test = "const add = require('../src/add');\ndescribe('add', () => {\n  it('adds', () => {\n    expect(add(1, 2)).toBe(3);\n  });\n});\n"
	runReadCases(t, []readCase{
		// Attacks: each was allowed.
		{"node, a payload after a comment's brace", nil, "node <<'EOF'\n" + node + "EOF", dfr, "U."},
		{"python, a payload after a comment's brace", nil, "python3 <<'EOF'\nprint(1 # {\n, __import__('os').system('touch /tmp/pwn') # }\n)\nEOF", dfr, "U."},
		{"a script written by a here-document, then run", nil, "cat > t.js <<'EOF'\n" + node + "EOF\nnode t.js", dfr, ""},
		{"a backslash ending a string", nil, "python3 <<'EOF'\nprint(\"a\\\\\"); __import__('os').system('touch /tmp/pwn'); print(\"\")\nEOF", dfr, "U."},
		// Twins: code with braces and backslashes reads as it is.
		{"a dict", nil, "python3 - <<'EOF'\nd = {'a': 1, 'b': 2}\nprint(d, 'x\\ny')\nEOF", allow, "D4.inline-code"},
		{"a test file with nested callbacks", map[string]string{"src/add.js": "module.exports = (a, b) => a + b;\n", "test/add.test.js": test}, "node test/add.test.js", allow, "D4.run-project-code"},
	})
}
