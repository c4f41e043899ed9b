package policy

import "testing"

// TestRegistryRunners: uvx, pipx run, pixi exec, pnpm dlx, yarn dlx and
// pnpx run the program of a package they download from a registry, never
// the program of that name on the machine; npx, npm exec, bunx and bun x
// do so when the project has no node_modules/.bin of the name. Each
// attack was allowed as the program its name spells (uvx ls as ls).
func TestRegistryRunners(t *testing.T) {
	pkg := map[string]string{"package.json": "{\"name\": \"app\"}\n"}
	bin := map[string]string{"package.json": "{\"name\": \"app\"}\n", "node_modules/.bin/prettier": "#!/usr/bin/env node\nconsole.log('formatted');\n"}
	runReadCases(t, []readCase{
		{"uvx of a system name", nil, "uvx ls", ask, "B4.install"},
		{"uvx of a linter", nil, "uvx ruff check .", ask, "B4.install"},
		{"pipx run", nil, "pipx run cat README.md", ask, "B4.install"},
		{"pixi exec", nil, "pixi exec pwd", ask, "B4.install"},
		{"pnpm dlx", pkg, "pnpm dlx ls", ask, "B4.install"},
		{"yarn dlx", pkg, "yarn dlx echo hi", ask, "B4.install"},
		{"pnpx", pkg, "pnpx true", ask, "B4.install"},
		{"npx without a local bin", pkg, "npx ls", ask, "B4.install"},
		{"npm exec without a local bin", pkg, "npm exec -- tsc --noEmit", ask, "B4.install"},
		{"bunx without node_modules", nil, "bunx prettier --check src", ask, "B4.install"},
		{"bun x without a local bin", pkg, "bun x ls", ask, "B4.install"},

		// Twins: the project's own bin, and runners that only run what is
		// installed.
		{"npx of the project's bin", bin, "npx prettier --check src", allow, "D4.run-script"},
		{"bunx of the project's bin", bin, "bunx prettier --check src", allow, "D4.run-script"},
		{"pnpm exec runs what is on PATH", pkg, "pnpm exec ls", allow, "D1.read-only"},
		{"yarn exec runs what is on PATH", pkg, "yarn exec ls", allow, "D1.read-only"},
		{"uv run runs the environment's program", nil, "uv run ls", allow, "D1.read-only"},
	})
}
