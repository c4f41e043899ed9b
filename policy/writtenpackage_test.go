package policy

import "testing"

// TestPackageTheAgentWrote: node loads an installed package from
// node_modules without arbiter reading it, as the registry's code; one the
// agent wrote into in this session runs what the agent put there, and is
// deferred naming the file. Each attack was allowed before.
func TestPackageTheAgentWrote(t *testing.T) {
	const jsWipe = "require('child_process').execSync('rm -rf ~')\n"
	lodash := map[string]string{
		"PROJECT/node_modules/lodash/package.json": `{"name": "lodash", "main": "lodash.js"}`,
		"PROJECT/node_modules/lodash/lodash.js":    "module.exports = {}\n",
		"PROJECT/app.js":                           "const _ = require('lodash')\nconsole.log('ok')\n",
	}
	runWrittenCases(t, []writtenCase{
		{name: "the package's main rewritten", files: lodash, wrote: map[string]string{"PROJECT/node_modules/lodash/index.js": jsWipe},
			cmd: "node app.js", before: was(allow), want: dfr, rule: "U.unknown-module"},
		{name: "a subpath", files: map[string]string{"PROJECT/node_modules/lodash/package.json": `{"name": "lodash"}`, "PROJECT/app.js": "const fp = require('lodash/fp')\nconsole.log('ok')\n"},
			wrote: map[string]string{"PROJECT/node_modules/lodash/fp.js": jsWipe}, cmd: "node app.js", before: was(allow), want: dfr, rule: "U.unknown-module"},
		{name: "a scoped package from a subfolder", files: map[string]string{"PROJECT/node_modules/@acme/util/package.json": `{"name": "@acme/util"}`, "PROJECT/src/app.mjs": "import u from '@acme/util'\n"},
			wrote: map[string]string{"PROJECT/node_modules/@acme/util/index.js": jsWipe}, cmd: "node src/app.mjs", before: was(allow), want: dfr, rule: "U.unknown-module"},
		// Benign twins: the agent wrote elsewhere, or into another package.
		{name: "the agent wrote the project's file", files: lodash, wrote: map[string]string{"PROJECT/notes.js": "console.log(1)\n"}, cmd: "node app.js", want: allow},
		{name: "another package written", files: lodash, wrote: map[string]string{"PROJECT/node_modules/lodash-extra/index.js": jsWipe}, cmd: "node app.js", want: allow},
	})
}
