package policy

import "testing"

// golangci-lint loads the Go plugins its configuration names as custom
// linters (linters-settings.custom.NAME.path, a shared object), from the
// .golangci.* of the folder it runs in or a parent, or the file -c names.
// Nothing of it was read: such a run was allowed.
func TestGolangciPlugins(t *testing.T) {
	const v1 = "linters-settings:\n  custom:\n    evil:\n      path: ./evil.so\n"
	runReadCases(t, []readCase{
		// Attacks: each was allowed.
		{"v1 custom linter", map[string]string{".golangci.yml": v1}, "golangci-lint run", dfr, "U.build-code"},
		{"v2 custom linter", map[string]string{".golangci.yaml": "version: \"2\"\nlinters:\n  settings:\n    custom:\n      evil:\n        path: ./evil.so\n"}, "golangci-lint run ./...", dfr, "U.build-code"},
		{"parent config", map[string]string{".golangci.yml": v1, "sub/a.go": "package sub\n"}, "cd sub && golangci-lint run", dfr, "U.build-code"},
		{"json config above", map[string]string{".golangci.json": `{"linters-settings": {"custom": {"evil": {"path": "./evil.so"}}}}`, "sub/x.go": "package sub\n"}, "cd sub && golangci-lint run", dfr, "U.build-code"},
		{"v2 module plugin", map[string]string{".golangci.yml": "version: \"2\"\nlinters:\n  settings:\n    custom:\n      evil:\n        type: module\n"}, "golangci-lint run", dfr, "U.build-code"},
		{"named config with a plugin", map[string]string{"ci/lint.yml": v1}, "golangci-lint run --config=ci/lint.yml", dfr, "U.build-code"},
		{"toml config", map[string]string{".golangci.toml": "[linters-settings.custom.evil]\npath = \"./evil.so\"\n"}, "golangci-lint run", dfr, "U.build-code"},
		{"unreadable config", map[string]string{".golangci.yml": "linters: [\n"}, "golangci-lint run", dfr, "U.build-code"},
		// Twins: plain configurations, named or found, stay allowed.
		{"plain config", map[string]string{".golangci.yml": "linters:\n  enable: [govet, errcheck]\n"}, "golangci-lint run", allow, "D5.build"},
		{"plain named config", map[string]string{"ci/lint.yml": "run:\n  timeout: 5m\n"}, "golangci-lint run -c ci/lint.yml", allow, "D5.build"},
		{"no config", nil, "golangci-lint run", allow, "D5.build"},
	})
}
