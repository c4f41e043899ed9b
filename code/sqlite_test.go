package code

import (
	"strings"
	"testing"
	"time"
)

func TestSQLite(t *testing.T) {
	tests := []struct {
		in     string
		script bool
		ok     bool
	}{
		{"SELECT name FROM users LIMIT 5;", false, true},
		{"select count(*), max(id) from users where name like 'a%' -- trailing", false, true},
		{"WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n+1 FROM t WHERE n < 5) SELECT n FROM t", false, true},
		{"SELECT * FROM pragma_table_info('users')", false, true},
		{"SELECT replace(name, 'a', 'b') FROM users; VALUES (1), (2)", false, true},
		{"EXPLAIN QUERY PLAN SELECT * FROM users WHERE id = ?1", false, true},
		{"PRAGMA main.table_info(\"users\")", false, true},
		{"PRAGMA integrity_check", false, true},
		{"PRAGMA cache_size = -2000", false, true},
		{"SELECT 'it''s; DROP TABLE x' AS s, \"we\"\"ird\" FROM [t]", false, true},
		{".tables", false, true},
		{".schema --indent users", false, true},
		{".headers on\n.mode column\n\n# note\nSELECT 1,\n  2;\nSELECT 3", true, true},

		{"DELETE FROM users", false, false},
		{"SELECT 1; ATTACH 'x.db' AS x", false, false},
		{"WITH x AS (SELECT 1) DELETE FROM t", false, false},
		{"WITH x AS (SELECT 1) UPDATE t SET a = 1", false, false},
		{"SELECT load_extension('x')", false, false},
		{"SELECT \"readfile\"('/etc/shadow')", false, false},
		{"SELECT [writefile]('f', 'x')", false, false},
		{"SELECT 'edit'('x')", false, false},
		{"SELECT * FROM fsdir('/')", false, false},
		{"SELECT main.readfile('x')", false, false},
		{"PRAGMA user_version = 3", false, false},
		{"PRAGMA journal_mode(WAL)", false, false},
		{"PRAGMA optimize", false, false},
		{"PRAGMA wal_checkpoint", false, false},
		{"EXPLAIN DELETE FROM t", false, false},
		{"VACUUM INTO '/tmp/x.db'", false, false},
		{"SELECT 1; .shell id", false, false},
		{"SELECT 'unterminated", false, false},
		{"SELECT 1 # x", false, false},
		{".shell rm -rf ~", false, false},
		{".output /tmp/x", false, false},
		{".once x", false, false},
		{".sh id", false, false},
		{".tables\n.shell id", false, false},
		{".import x t", false, false},
		{".read x.sql", false, false},
		{".load x", false, false},
		{"SELECT 1;\n.system id\n", true, false},
		{"SELECT 1\n.tables\n;", true, false},
		{"SELECT 1\ngo\n", true, false},
		{" .shell id\n", true, false},
	}
	for _, tt := range tests {
		why, ok := SQLite(tt.in, tt.script)
		if ok != tt.ok {
			t.Errorf("SQLite(%q, %v) = %v (%s), want %v", tt.in, tt.script, ok, why, tt.ok)
		}
		if !ok && why == "" {
			t.Errorf("SQLite(%q): not read-only but no reason", tt.in)
		}
	}
}

func FuzzSQLite(f *testing.F) {
	for _, s := range []string{"SELECT name FROM users LIMIT 5;", ".tables", "WITH t(n) AS (SELECT 1) SELECT n FROM t", "PRAGMA table_info(x)",
		"SELECT 'a''b', \"c\", [d], `e`, x'00' /* c */ -- d\n", ".headers on\nSELECT 1;\n.mode csv\n", "SELECT 1; DROP TABLE x"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, src string, script bool) {
		start := time.Now()
		why, ok := SQLite(src, script)
		if d := time.Since(start); d > 50*time.Millisecond {
			// Once more, so that a pause of the machine is not taken for the reader's.
			start = time.Now()
			SQLite(src, script)
			if time.Since(start) > 50*time.Millisecond {
				t.Errorf("took %v on %d bytes", d, len(src))
			}
		}
		if ok != (why == "") {
			t.Errorf("%q: read-only %v with reason %q", src, ok, why)
		}
		if ok && !script && !strings.HasPrefix(src, ".") {
			toks, _ := sqlTokens(src)
			for _, tok := range toks {
				if tok.kind == 'w' && changingWords.Get()[strings.ToUpper(tok.text)] && !contains(strings.ToUpper(tok.text), "REPLACE", "PRAGMA") {
					t.Errorf("%q: read-only with %s", src, tok.text)
				}
			}
		}
	})
}

func contains(s string, among ...string) bool {
	for _, a := range among {
		if s == a {
			return true
		}
	}
	return false
}
