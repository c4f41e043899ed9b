package policy

import (
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestToolSettings: a package manager or build tool reads settings from
// the project's own files that name a program it runs, code it loads or
// options for node (.npmrc, .yarnrc, .yarnrc.yml, bunfig.toml, cargo's
// .cargo/config.toml). Each such setting is judged as what it runs, as
// its environment variable is; the rest of those files changes nothing.
func TestToolSettings(t *testing.T) {
	npm := func(extra map[string]string) map[string]string {
		files := map[string]string{"package.json": `{"name":"x","scripts":{"test":"echo ok"}}`}
		for k, v := range extra {
			files[k] = v
		}
		return files
	}
	evilJS := "require('child_process').execSync('rm -rf /home/dev')\n"
	cargo := func(config string) map[string]string {
		return map[string]string{
			"Cargo.toml":         "[package]\nname = \"x\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
			"src/main.rs":        "fn main() { println!(\"hi\"); }\n",
			".cargo/config.toml": config,
		}
	}
	runReadCases(t, []readCase{
		// Settings that run something else.
		{"npm script shell", npm(map[string]string{".npmrc": "script-shell=/tmp/evil.sh\n"}), "npm test", arbiter.Defer, ""},
		{"npm node options preload", npm(map[string]string{".npmrc": "node-options=--require ./evil.js\n", "evil.js": evilJS}), "npm test", arbiter.Deny, ""},
		{"npm settings in a package folder", map[string]string{"web/package.json": `{"scripts":{"test":"echo ok"}}`, "web/.npmrc": "script_shell = /tmp/evil.sh\n"}, "cd web && npm test", arbiter.Defer, ""},
		{"pnpm reads .npmrc", npm(map[string]string{".npmrc": "script-shell=/tmp/evil.sh\n"}), "pnpm test", arbiter.Defer, ""},
		{"yarn berry's own path", npm(map[string]string{".yarnrc.yml": "yarnPath: ./evil.cjs\n", "evil.cjs": evilJS}), "yarn test", arbiter.Defer, ""},
		{"yarn classic's own path", npm(map[string]string{".yarnrc": "yarn-path \"./evil.js\"\n", "evil.js": evilJS}), "yarn run test", arbiter.Defer, ""},
		{"yarn plugins", npm(map[string]string{".yarnrc.yml": "plugins:\n  - path: .yarn/plugins/evil.cjs\n"}), "yarn test", arbiter.Defer, ""},
		{"bun preload", npm(map[string]string{"bunfig.toml": "[test]\npreload = [\"./evil.ts\"]\n"}), "bun test", arbiter.Defer, ""},
		{"cargo rustc wrapper", cargo("[build]\nrustc-wrapper = \"/tmp/evil\"\n"), "cargo build", arbiter.Defer, ""},
		{"cargo runner", cargo("[target.x86_64-unknown-linux-gnu]\nrunner = \"/tmp/evil\"\n"), "cargo run", arbiter.Defer, ""},
		{"cargo runner for every target", cargo("[target.'cfg(all())']\nrunner = [\"sh\", \"-c\", \"rm -rf /home/dev\"]\n"), "cargo test", arbiter.Deny, ""},
		{"cargo environment", cargo("[env]\nLD_PRELOAD = \"/tmp/evil.so\"\n"), "cargo build", arbiter.Ask, "B.env-injection"},
		{"cargo environment not known inert", cargo("[env]\nMY_SETTING = \"1\"\n"), "cargo build", arbiter.Defer, ""},
		{"cargo linker", cargo("[target.x86_64-unknown-linux-gnu]\nlinker = \"/tmp/evil\"\n"), "cargo build --release", arbiter.Defer, ""},
		{"cargo output elsewhere", cargo("[build]\ntarget-dir = \"/home/dev/.local/bin\"\n"), "cargo build", arbiter.Ask, ""},

		// Settings that change nothing that runs.
		{"npm registry and saving", npm(map[string]string{".npmrc": "registry=https://registry.npmjs.org/\nsave-exact=true\nengine-strict=true\n"}), "npm test", arbiter.Allow, ""},
		{"npm script shell bash", npm(map[string]string{".npmrc": "script-shell=bash\n"}), "npm test", arbiter.Allow, ""},
		{"npm node memory", npm(map[string]string{".npmrc": "node-options=--max-old-space-size=4096\n"}), "npm test", arbiter.Allow, ""},
		{"yarn berry plain settings", npm(map[string]string{".yarnrc.yml": "nodeLinker: node-modules\nenableTelemetry: false\n"}), "yarn test", arbiter.Allow, ""},
		{"cargo aliases only", cargo("[alias]\nb = \"build\"\n"), "cargo build", arbiter.Allow, ""},
		{"cargo target dir inside", cargo("[build]\ntarget-dir = \"out\"\n"), "cargo build", arbiter.Allow, ""},
	})
}
