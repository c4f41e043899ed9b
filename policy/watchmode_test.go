package policy

import "testing"

// A watch mode keeps the runner going and re-runs the tests (or the
// script, or the generator) whenever a file changes. The files it runs
// then are written after this call was decided: a test file the agent
// writes a minute later runs without being read. Each watch option
// defers; the same run without it is judged as before.
func TestWatchModes(t *testing.T) {
	const plainJS = "test('adds', function () { expect(1 + 2).toBe(3); });\n"
	const plainNode = "console.log('hello');\n"
	pkg := map[string]string{"package.json": "{\"name\": \"x\"}\n", "src/a.test.js": plainJS, "main.js": plainNode, "test/a.test.js": plainJS}
	runReadCases(t, []readCase{
		// Attacks: each was allowed, and re-runs what is written later.
		{"jest --watch", pkg, "jest --watch", dfr, "U.watch-mode"},
		{"jest --watchAll", pkg, "jest --watchAll", dfr, "U.watch-mode"},
		{"vitest --watch", pkg, "vitest --watch", dfr, "U.watch-mode"},
		{"vitest run --watch", pkg, "vitest run --watch", dfr, "U.watch-mode"},
		{"jest --watch=true", pkg, "jest --watch=true", dfr, "U.watch-mode"},
		{"mocha -w", pkg, "mocha -w", dfr, "U.watch-mode"},
		{"node --watch script", pkg, "node --watch main.js", dfr, "U.watch-mode"},
		{"node --test --watch", pkg, "node --test --watch test", dfr, "U.watch-mode"},
		{"bun test --watch", pkg, "bun test --watch", dfr, "U.watch-mode"},
		// Twins: the same runs, once.
		{"jest once", pkg, "jest", allow, "D5.build"},
		{"jest --watch=false", pkg, "jest --watch=false", allow, "D5.build"},
		{"vitest run once", pkg, "vitest run", allow, "D5.build"},
		{"vitest --watch=false", pkg, "vitest --watch=false", allow, "D5.build"},
		{"mocha once", pkg, "mocha", allow, "D5.build"},
		{"node script once", pkg, "node main.js", allow, "D4.run-project-code"},
		{"node --test once", pkg, "node --test test", allow, "D4.run-tests"},
	})
}

// A runner's configuration can turn its watch mode on as the command line
// does: mocha reads every option from .mocharc or package.json, vitest's
// test.watch starts watching when it is run without run.
func TestWatchModeFromConfig(t *testing.T) {
	const plainJS = "test('adds', function () { expect(1 + 2).toBe(3); });\n"
	const plainMocha = "const assert = require('assert');\nassert.ok(true);\n"
	runReadCases(t, []readCase{
		// Attacks: each was allowed.
		{"mocharc yaml", map[string]string{".mocharc.yml": "watch: true\n", "test/a.js": plainMocha}, "mocha", dfr, "U.watch-mode"},
		{"mocharc json", map[string]string{".mocharc.json": "{\"watch\": true}\n", "test/a.js": plainMocha}, "mocha", dfr, "U.watch-mode"},
		{"package.json mocha", map[string]string{"package.json": "{\"name\": \"x\", \"mocha\": {\"watch\": true}}\n", "test/a.js": plainMocha}, "mocha", dfr, "U.watch-mode"},
		{"vitest config", map[string]string{"vitest.config.js": "export default { test: { watch: true } };\n", "src/a.test.js": plainJS}, "vitest", dfr, "U.watch-mode"},
		{"a parent's mocharc", map[string]string{".mocharc.yml": "watch: true\n", "pkg/test/a.js": plainMocha}, "cd pkg && mocha", dfr, "U.watch-mode"},
		// Twins: configurations that do not watch, and runs that say once.
		{"mocharc without watch", map[string]string{".mocharc.yml": "watch-files: ['lib/**']\n", "test/a.js": plainMocha}, "mocha", allow, "D5.build"},
		{"vitest run", map[string]string{"vitest.config.js": "export default { test: { watch: true } };\n", "src/a.test.js": plainJS}, "vitest run", allow, "D5.build"},
		{"vitest --run", map[string]string{"vitest.config.js": "export default { test: { watch: true } };\n", "src/a.test.js": plainJS}, "vitest --run", allow, "D5.build"},
		{"mocha --watch=false", map[string]string{".mocharc.yml": "watch: true\n", "test/a.js": plainMocha}, "mocha --watch=false", allow, "D5.build"},
	})
}
