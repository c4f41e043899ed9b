package policy

import (
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestGolangciPlugins: golangci-lint opens the custom linters its
// configuration names (Go plugins, module plugins), code arbiter does not
// read; the rest of its configuration only picks linters and settings.
func TestGolangciPlugins(t *testing.T) {
	tree := func(name, config string) map[string]string {
		return map[string]string{"go.mod": "module example.com/app\n\ngo 1.22\n", "main.go": "package main\n\nfunc main() {}\n", name: config}
	}
	runReadCases(t, []readCase{
		{"a plugin, version 1", tree(".golangci.yml", "linters-settings:\n  custom:\n    evil:\n      path: /tmp/evil.so\n"), "golangci-lint run ./...", arbiter.Defer, "U.unreadable-code"},
		{"a plugin, version 2", tree(".golangci.yaml", "version: \"2\"\nlinters:\n  settings:\n    custom:\n      evil:\n        type: module\n"), "golangci-lint run", arbiter.Defer, "U.unreadable-code"},
		{"a plugin in TOML", tree(".golangci.toml", "[linters-settings.custom.evil]\npath = \"/tmp/evil.so\"\n"), "golangci-lint run ./...", arbiter.Defer, "U.unreadable-code"},
		{"a plugin in JSON, above", map[string]string{"go.mod": "module example.com/app\n\ngo 1.22\n", "sub/x.go": "package sub\n", ".golangci.json": `{"linters-settings": {"custom": {"evil": {"path": "/tmp/evil.so"}}}}`}, "cd sub && golangci-lint run", arbiter.Defer, "U.unreadable-code"},
		{"an unreadable file naming custom linters", tree(".golangci.yml", "linters-settings: [custom\n"), "golangci-lint run", arbiter.Defer, ""},

		{"plain settings", tree(".golangci.yml", "linters:\n  enable:\n    - errcheck\n    - govet\nlinters-settings:\n  govet:\n    enable-all: true\n"), "golangci-lint run ./...", arbiter.Allow, "D5.build"},
		{"no configuration", tree("README.md", "x\n"), "golangci-lint run ./...", arbiter.Allow, "D5.build"},
	})
}
