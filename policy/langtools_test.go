package policy

import (
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestLanguageToolInfo: bundler's version, rustup's installed toolchains, gem's listings of what is installed, and the
// compilers of other languages asked for their version, are routine. Their
// neighbours stay not allowed: a query of the registry, compiling (ghc
// runs Template Haskell, elixir runs its script), inline code.
func TestLanguageToolInfo(t *testing.T) {
	checkVerdicts(t, []verdictCase{
		{bash("gem contents rake"), arbiter.Allow, "D1.read-only"},
		{bash("gem info rails"), arbiter.Allow, "D1.read-only"},
		{bash("gem info -v 7.1.0 --exact rails"), arbiter.Allow, "D1.read-only"},
		{bash("ghc --version"), arbiter.Allow, ""},
		{bash("ghc --numeric-version"), arbiter.Allow, "D1.read-only"},
		{bash("elixir --version"), arbiter.Allow, ""},
		{bash("swiftc --version"), arbiter.Allow, ""},
		{bash("nim -v"), arbiter.Allow, "D1.read-only"},
		{bash("luac -v"), arbiter.Allow, "D1.read-only"},
		{bash("bundle -v"), arbiter.Allow, "D1.help"},
		{bash("bundle --version"), arbiter.Allow, ""},
		{bash("rustup toolchain list"), arbiter.Allow, "D1.read-only"},
		{bash("rustup -q toolchain list -v"), arbiter.Allow, "D1.read-only"},

		{bash("gem info --remote rails"), arbiter.Defer, "U.unknown-option"},
		{bash("gem search rails"), arbiter.Defer, "C1.network-request"},
		{bash("gem install rails"), arbiter.Ask, "B4.install"},
		{bash("ghc Main.hs"), arbiter.Defer, "U.extra-operand"},
		{bash("ghc -e 'System.Process.callCommand \"id\"'"), arbiter.Defer, "U.unknown-option"},
		{bash("elixir script.exs"), arbiter.Defer, "U.extra-operand"},
		{bash("elixir -e 'System.cmd(\"id\", [])'"), arbiter.Defer, "U.unknown-option"},
		{bash("nim c -r main.nim"), arbiter.Defer, "U.extra-operand"},
		{bash("luac -o /home/dev/.bashrc main.lua"), arbiter.Defer, "U.unknown-option"},
		{bash("bundle -v install"), arbiter.Ask, "B4.install"},
		{bash("bundle"), arbiter.Ask, "B4.install"},
		{bash("bundle list"), arbiter.Defer, "U.extra-operand"}, // evaluates the Gemfile, Ruby
		{bash("rustup toolchain install nightly"), arbiter.Ask, "B4.install"},
		{bash("rustup toolchain uninstall stable"), arbiter.Ask, "B4.install"},
		{bash("rustup show"), arbiter.Defer, "U.unknown-subcommand"}, // may install the toolchain a project names
	})
}
