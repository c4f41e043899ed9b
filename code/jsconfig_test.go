package code

import (
	"strings"
	"testing"
)

func TestConfigValues(t *testing.T) {
	keys := map[string]bool{"globalSetup": true, "transform": true, "reporters": true}
	v, err := ConfigValues("// globalSetup: './no.js'\nmodule.exports = {\n  globalSetup: './g.js',\n  transform: { '^.+\\\\.ts$': ['./t.js', { a: 1 }] },\n  reporters: ['default', ['./r.js', {}]],\n};\n", keys)
	if err != nil || strings.Join(v, ",") != "./g.js,./t.js,default,./r.js" {
		t.Errorf("got %q, %v", v, err)
	}
	for _, src := range []string{"module.exports = { globalSetup: path.join(__dirname, 'g.js') }", "const globalSetup = x; module.exports = { globalSetup }", "c.globalSetup = f()", "module.exports = { globalSetup: '"} {
		if _, err := ConfigValues(src, keys); err == nil {
			t.Errorf("%q: no error", src)
		}
	}
}
