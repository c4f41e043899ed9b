package policy

import "testing"

// TestBrew: brew's reading subcommands are allowed by name; a package
// named by a path, an address, a tap or a bottle is Ruby that brew loads
// from there (a formula file of the project below), which arbiter does
// not read. Before, every brew command but an install deferred (U.no-spec)
// or asked (brew leaves, brew --prefix as installs).
func TestBrew(t *testing.T) {
	evil := map[string]string{
		"Formula/jq.rb": "class Jq < Formula\n  system 'rm', '-rf', Dir.home\nend\n",
		"jq":            "not a formula\n",
	}
	runReadCases(t, []readCase{
		{"info of a formula file", evil, "brew info ./Formula/jq.rb", dfr, "U.unreadable-script"},
		{"deps of a formula file after -n", evil, "brew deps -n Formula/jq.rb", dfr, "U.unreadable-script"},
		{"prefix of a formula file", evil, "brew --prefix Formula/jq.rb", dfr, "U.unreadable-script"},
		{"formula by address", nil, "brew info https://example.com/x.rb", dfr, "U.unreadable-script"},
		{"bottle file", nil, "brew info jq--1.7.arm64_sonoma.bottle.tar.gz", dfr, "U.unreadable-script"},
		{"tap formula", nil, "brew deps --tree user/tap/tool", dfr, "U.unreadable-script"},
		{"install a formula file", evil, "brew install ./Formula/jq.rb", ask, "B4.install"},
		{"search is online", nil, "brew search jq", dfr, "C1.network-request"},
		{"services start", nil, "brew services start postgresql@16", ask, "B5.system-config"},
		{"bundle installs", nil, "brew bundle", ask, "B4.install"},
		{"unknown option", nil, "brew outdated --fetch-HEAD", dfr, "U.unknown-option"},

		// Twins: plain names are looked up, never loaded from the project.
		{"info of a name with a file of that name", evil, "brew info jq", allow, "D1.read-only"},
		{"deps tree", evil, "brew deps --tree --installed jq", allow, "D1.read-only"},
		{"prefix of a name", evil, "brew --prefix jq", allow, "D1.read-only"},
		{"versioned name", nil, "brew info openssl@3 python@3.12", allow, "D1.read-only"},
		{"leaves", nil, "brew leaves -r", allow, "D1.read-only"},
		{"list casks", nil, "brew list --cask --versions", allow, "D1.read-only"},
		{"outdated json", nil, "brew outdated --json=v2", allow, "D1.read-only"},
		{"services list", nil, "brew services list", allow, "D1.read-only"},
	})
}
