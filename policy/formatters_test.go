package policy

import "testing"

// A formatter's or linter's fix mode rewrites its operands: each is judged
// as a write to that path. A configuration given inline is not read.
func TestFormatterWrites(t *testing.T) {
	files := map[string]string{"src/a.js": "x\n", "package.json": "{}"}
	runReadCases(t, []readCase{
		{"eslint home", files, "eslint --fix ~/other/project", ask, "H7.outside-project"},
		{"eslint etc", files, "eslint --fix /etc/x", ask, "B5.system-config"},
		{"eslint bashrc", files, "npx eslint --fix ~/.bashrc", ask, "B5.persistence"},
		{"eslint usr", files, "eslint --fix /usr/lib/node_modules/x", deny, "A2.system-tree-write"},
		{"prettier etc", files, "prettier --write /etc/x", ask, "B5.system-config"},
		{"ruff home", files, "ruff check --fix ~/other", ask, "H7.outside-project"},
		{"black home", files, "black ~/x", ask, "H7.outside-project"},
		{"eslint src", files, "eslint --fix src/", allow, ""},
		{"eslint files", files, "eslint src/a.js", allow, ""},
		{"prettier src", files, "prettier --write src/a.js", allow, ""},
		// jest's configuration as a JSON string.
		{"jest inline", files, `jest --config '{"setupFiles":["/opt/x/evil.js"]}'`, dfr, "U.env-redirect"},
		{"vitest inline", files, `jest -c '{"rootDir":"/home/dev/other"}'`, dfr, "U.env-redirect"},
		{"jest config file", map[string]string{"jest.config.js": "module.exports = {}\n"}, "jest --config jest.config.js", allow, ""},
	})
}

// A migration tool's shadow database is reset before use.
func TestShadowDatabase(t *testing.T) {
	files := map[string]string{"prisma/schema.prisma": "datasource db {}\n"}
	runReadCases(t, []readCase{
		{"diff shadow localhost", files, "prisma migrate diff --from-migrations prisma/migrations --to-schema-datamodel prisma/schema.prisma --shadow-database-url postgres://localhost/app", ask, "B1.database-reset"},
		{"diff shadow joined", files, "npx prisma migrate diff --from-migrations=prisma/migrations --to-empty --shadow-database-url=postgresql://127.0.0.1:5432/dev --script", ask, "B1.database-reset"},
		{"diff shadow mysql", files, "prisma migrate diff --to-migrations prisma/migrations --from-empty --exit-code --shadow-database-url 'mysql://root@localhost:3306/app'", ask, "B1.database-reset"},
		{"reset", files, "prisma migrate reset --force", ask, "B1.database-reset"},
		{"push data loss", files, "prisma db push --accept-data-loss", ask, "B1.database-reset"},
		{"diff schemas", files, "prisma migrate diff --from-empty --to-schema-datamodel prisma/schema.prisma --script", allow, ""},
	})
}

// A formatter given no file works on the folder it runs in: `cd ~/other &&
// ruff format` rewrote every Python file there, and was allowed as a
// format of nothing in particular. The folder is judged as what it writes.
func TestFormatterWorkingFolder(t *testing.T) {
	runReadCases(t, []readCase{
		// Attacks: each was allowed.
		{"ruff format elsewhere", nil, "cd ~/other && ruff format", ask, "H7.outside-project"},
		{"ruff check --fix elsewhere", nil, "cd ~/other && ruff check --fix", ask, "H7.outside-project"},
		{"terraform fmt in a system folder", nil, "cd /etc && terraform fmt", ask, "B5.system-config"},
		{"ruff format at home", nil, "cd && ruff format", ask, ""},
		// Twins: in the project, as before.
		{"ruff format here", nil, "ruff format", allow, "D3.format"},
		{"ruff format in a subfolder", nil, "mkdir -p src && cd src && ruff format", allow, "D3.format"},
		{"terraform fmt here", nil, "terraform fmt -check", allow, "D3.format"},
		{"ruff format of a file", nil, "ruff format x.py", allow, "D3.format"},
	})
}
