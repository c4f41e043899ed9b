package policy

import "testing"

// TestDuckDBStoredSQL: a query on a DuckDB database file runs the views
// and macros the file stores (a view can read_text a key or read_csv a
// URL), which arbiter does not read: only an empty or new file, or none,
// keeps the query routine.
func TestDuckDBStoredSQL(t *testing.T) {
	db := map[string]string{"analytics.duckdb": "DUCK\x00\x00\x00\x00 stored views and macros"}
	runReadCases(t, []readCase{
		{"view of the file", db, `duckdb analytics.duckdb "SELECT * FROM v"`, dfr, "C.database"},
		{"json output", db, `duckdb -json analytics.duckdb "SELECT * FROM secrets_view"`, dfr, "C.database"},
		{"a table that may be a view", db, `duckdb -csv analytics.duckdb "SELECT name FROM users LIMIT 5"`, dfr, "C.database"},

		{"empty file", map[string]string{"analytics.duckdb": ""}, `duckdb analytics.duckdb "SELECT 1"`, allow, "D1.read-only"},
		{"new file", nil, `duckdb new.duckdb "SELECT 42"`, allow, "D1.read-only"},
		{"no file", map[string]string{"data/events.csv": "a,b\n1,2\n"}, `duckdb -c "SELECT count(*) FROM 'data/events.csv'"`, allow, "D1.read-only"},
	})
}
