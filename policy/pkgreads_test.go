package policy

import "testing"

// TestPackageReads: read-only names of package managers that do more than
// read. Every attack here was allowed as D1.read-only before: a registry
// lookup (network, class C), a browser opened on a package's page, and uv
// version VALUE, which rewrites pyproject.toml and syncs (installs).
func TestPackageReads(t *testing.T) {
	npmProject := map[string]string{"package.json": "{\"name\": \"app\"}\n"}
	uvProject := map[string]string{"pyproject.toml": "[project]\nname = \"app\"\nversion = \"0.1.0\"\n"}
	runReadCases(t, []readCase{
		{"npm view asks the registry", npmProject, "npm view react versions", dfr, "C1.network-request"},
		{"npm info asks the registry", npmProject, "npm info lodash", dfr, "C1.network-request"},
		{"pnpm view asks the registry", npmProject, "pnpm view react", dfr, "C1.network-request"},
		{"yarn info asks the registry", npmProject, "yarn info react", dfr, "C1.network-request"},
		{"npm docs opens a browser", npmProject, "npm docs react", dfr, "C.open-application"},
		{"npm docs of the package", npmProject, "npm docs", dfr, "C.open-application"},
		{"npm fund of a package", npmProject, "npm --silent fund lodash", dfr, "C.open-application"},
		{"uv version sets and syncs", uvProject, "uv version 2.0.0", ask, "B4.install"},
		{"uv version with a python", uvProject, "uv version 3.0.0 --python 3.12", ask, "B4.install"},
		{"uv version bump", uvProject, "uv version --bump minor", ask, "B4.install"},
		{"npm config get a token", npmProject, "npm config get //registry.npmjs.org/:_authToken", ask, "B3.secret-print"},

		// Twins: what only reads what is on the machine.
		{"npm ls", npmProject, "npm ls --depth 0", allow, "D1.read-only"},
		{"npm fund lists", npmProject, "npm fund", allow, "D1.read-only"},
		{"npm config get registry", npmProject, "npm config get registry", allow, "D1.read-only"},
		{"npm pkg get", npmProject, "npm pkg get name version", allow, "D1.read-only"},
		{"uv version prints", uvProject, "uv version --short", allow, "D1.read-only"},
		{"uv version dry run", uvProject, "uv version --bump minor --dry-run", allow, "D1.read-only"},
		{"uv version frozen writes the project", uvProject, "uv version 2.0.0 --frozen", allow, "D2.write-project"},
		{"cargo tree reads", map[string]string{"Cargo.toml": "[package]\nname = \"app\"\n"}, "cargo tree --depth 1", allow, "D1.read-only"},
		{"cargo search asks the registry", nil, "cargo search serde", dfr, "C1.network-request"},
	})
}
