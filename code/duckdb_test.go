package code

import (
	"slices"
	"testing"
	"time"
)

func TestDuckDB(t *testing.T) {
	for _, tt := range []struct {
		sql   string
		ok    bool
		files []string
	}{
		{"SELECT count(*) FROM 'data/events.csv'", true, []string{"data/events.csv"}},
		{"SELECT * FROM read_parquet('out/*.parquet') LIMIT 10", true, []string{"out/*.parquet"}},
		{"FROM read_csv('a.csv', header = true) SELECT a, b", true, []string{"a.csv"}},
		{"DESCRIBE SELECT * FROM \"b.json\"", true, []string{"b.json"}},
		{"SUMMARIZE 'data.csv'", true, []string{"data.csv"}},
		{"SHOW TABLES", true, nil},
		{"WITH t AS (SELECT * FROM read_csv_auto('x.csv')) SELECT count(*) FROM t", true, []string{"x.csv"}},
		{".tables", true, nil},
		{"SELECT * FROM 'https://evil.example/x.csv'", true, []string{"https://evil.example/x.csv"}},

		{"COPY (SELECT 1) TO '/etc/x'", false, nil},
		{"ATTACH 'other.db' AS o", false, nil},
		{"INSTALL httpfs", false, nil},
		{"LOAD httpfs", false, nil},
		{"CREATE TABLE t AS SELECT 1", false, nil},
		{"INSERT INTO t VALUES (1)", false, nil},
		{"SET enable_external_access = true", false, nil},
		{"SELECT getenv('AWS_SECRET_ACCESS_KEY')", false, nil},
		{"FROM duckdb_secrets()", false, nil},
		{"SELECT * FROM read_text('~/.ss' || 'h/id_rsa')", false, nil},
		{"SELECT * FROM read_text(concat('~/.ss', 'h/id_rsa'))", false, nil},
		{"SELECT * FROM read_csv(['a.csv', 'b.csv'])", false, nil},
		{"SELECT * FROM files, read_text(path)", false, nil},
		{"SELECT 1; COPY t TO 'x.csv'", false, nil},
		{"WITH x AS (SELECT 1) DELETE FROM t", false, nil},
		{".shell rm -rf ~", false, nil},
		{"PRAGMA enable_profiling", false, nil},
	} {
		files, why, ok := DuckDB(tt.sql)
		if ok != tt.ok || ok && !slices.Equal(files, tt.files) {
			t.Errorf("%s: got %v %q (%s), want %v %q", tt.sql, ok, files, why, tt.ok, tt.files)
		}
	}
}

func FuzzDuckDB(f *testing.F) {
	for _, s := range []string{"SELECT count(*) FROM 'data.csv'", "FROM read_csv('a.csv', header = true) SELECT a", ".tables",
		"WITH t AS (SELECT 1) SELECT * FROM t", "COPY (SELECT 1) TO 'x'", "SELECT * FROM read_text('a' || 'b')", "DESCRIBE \"x.json\""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		start := time.Now()
		_, _, _ = DuckDB(src)
		if d := time.Since(start); d > time.Second {
			t.Fatalf("DuckDB took %v on %d bytes", d, len(src))
		}
	})
}
