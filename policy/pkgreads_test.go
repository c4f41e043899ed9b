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

// TestProjectVersionWrites: poetry version RULE rewrites pyproject.toml
// (it was allowed as "prints version"), and uv python pin VERSION writes
// .python-version (it asked as an install): both are writes to the
// project's files, judged as the writes they are.
func TestProjectVersionWrites(t *testing.T) {
	pyProject := map[string]string{"pyproject.toml": "[tool.poetry]\nname = \"app\"\nversion = \"0.1.0\"\n"}
	runReadCases(t, []readCase{
		{"poetry version patch", pyProject, "poetry version patch", allow, "D2.write-project"},
		{"poetry version value", pyProject, "poetry version 2.0.0", allow, "D2.write-project"},
		{"poetry version in another project", nil, "poetry -C /etc version minor", ask, ""},
		{"poetry version dynamic folder", nil, "poetry -C \"$D\" version minor", dfr, ""},
		{"poetry version prints", pyProject, "poetry version --short", allow, "D1.read-only"},
		{"poetry version dry run", pyProject, "poetry version patch --dry-run", allow, "D1.read-only"},

		{"uv python pin", nil, "uv python pin 3.12", allow, "D2.write-project"},
		{"uv python pin rm", nil, "uv python pin --rm", allow, "D2.write-project"},
		{"uv python pin elsewhere", nil, "uv python pin 3.12 --directory /etc", ask, ""},
		{"uv python pin global", nil, "uv python pin --global 3.12", ask, "B4.install"},
		{"uv python pin prints", nil, "uv python pin", allow, "D1.read-only"},
	})
}
