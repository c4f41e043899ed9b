package policy

import (
	"os"
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestSQLiteSchemaRuns: a query on a project database runs the SQL its
// schema holds (the shell's edit() runs a program from a view, a zipfile
// table reads the archive it names): only a schema that reads keeps the
// query routine.
func TestSQLiteSchemaRuns(t *testing.T) {
	fixture := func(name string) map[string]string {
		b, err := os.ReadFile("../code/testdata/sqlite/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return map[string]string{"data/app.db": string(b)}
	}
	plain := fixture("plain.db")
	withWAL := fixture("plain.db")
	withWAL["data/app.db-wal"] = "not empty"
	runReadCases(t, []readCase{
		{"view runs edit", fixture("edit-view.db"), `sqlite3 data/app.db "SELECT * FROM v"`, arbiter.Defer, "C.database"},
		{"zipfile table", fixture("zip-vtab.db"), `sqlite3 -json data/app.db "SELECT name FROM z"`, arbiter.Defer, "C.database"},
		{"view past many pages", fixture("big-edit.db"), `sqlite3 data/app.db "SELECT e FROM late"`, arbiter.Defer, "C.database"},
		{"write-ahead log beside", withWAL, `sqlite3 data/app.db "SELECT * FROM names"`, arbiter.Defer, "C.database"},
		{"written first", map[string]string{"data/app.db": "", "evil.db": string(fixture("edit-view.db")["data/app.db"])}, `cp evil.db data/app.db && sqlite3 data/app.db "SELECT * FROM v"`, arbiter.Defer, ""},
		{"not a database", map[string]string{"data/app.db": "CREATE VIEW v AS SELECT 1"}, `sqlite3 data/app.db "SELECT 1"`, arbiter.Defer, "C.database"},

		{"plain schema", plain, `sqlite3 data/app.db "SELECT * FROM names"`, arbiter.Allow, "D1.read-only"},
		{"plain schema dot-command", plain, `sqlite3 -header data/app.db .tables "SELECT count(*) FROM users"`, arbiter.Allow, "D1.read-only"},
		{"many pages", fixture("big-plain.db"), `sqlite3 data/app.db "SELECT e FROM late"`, arbiter.Allow, "D1.read-only"},
		{"in memory", nil, `sqlite3 :memory: "SELECT 1"`, arbiter.Allow, "D1.read-only"},
	})
}
