package code

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestSQLiteSchema: the schema is read from databases the sqlite3 shell
// made (one page, and a schema on many pages with a view longer than a
// page), and what a query on each would run is judged.
func TestSQLiteSchema(t *testing.T) {
	tests := []struct {
		file    string
		entries int
		reads   bool
		why     string
	}{
		{"edit-view.db", 2, false, "edit"},
		{"zip-vtab.db", 1, false, "zipfile"},
		{"big-edit.db", 151, false, "edit"},
		{"plain.db", 9, true, ""},
		{"big-plain.db", 152, true, ""},
	}
	for _, tt := range tests {
		b, err := os.ReadFile("testdata/sqlite/" + tt.file)
		if err != nil {
			t.Fatal(err)
		}
		sqls, err := SQLiteSchema(bytes.NewReader(b), int64(len(b)))
		if err != nil || len(sqls) < tt.entries {
			t.Errorf("%s: %d entries, error %v; want at least %d", tt.file, len(sqls), err, tt.entries)
			continue
		}
		why, ok := SQLiteSchemaReads(sqls)
		if ok != tt.reads || !strings.Contains(why, tt.why) {
			t.Errorf("%s: reads %v (%s), want %v mentioning %q", tt.file, ok, why, tt.reads, tt.why)
		}
	}
}

// TestSQLiteSchemaUnread: a file that is not a database this reader
// follows is an error; an empty one holds nothing.
func TestSQLiteSchemaUnread(t *testing.T) {
	good, err := os.ReadFile("testdata/sqlite/edit-view.db")
	if err != nil {
		t.Fatal(err)
	}
	utf16 := bytes.Clone(good)
	utf16[59] = 2
	loop := bytes.Clone(good)
	loop[100] = 0x05 // page 1 an interior page whose right-most child is page 1
	copy(loop[108:], []byte{0, 0, 0, 1})
	for name, b := range map[string][]byte{"text": []byte("CREATE VIEW v AS SELECT edit('x','id');"), "short": good[:50],
		"truncated": good[:2000], "utf16": utf16, "loop": loop} {
		if _, err := SQLiteSchema(bytes.NewReader(b), int64(len(b))); err == nil {
			t.Errorf("%s: read without error", name)
		}
	}
	if sqls, err := SQLiteSchema(bytes.NewReader(nil), 0); err != nil || sqls != nil {
		t.Errorf("empty: %q %v", sqls, err)
	}
}

// TestSQLiteSchemaEntries: which stored SQL runs on a read.
func TestSQLiteSchemaEntries(t *testing.T) {
	tests := []struct {
		sql   string
		reads bool
	}{
		{"CREATE VIEW v AS SELECT edit(a, 'sh') FROM t", false},
		{"CREATE VIEW v(x) AS SELECT * FROM fsdir('/root')", false},
		{"CREATE TABLE t(a, b AS (load_extension('x')))", false},
		{"CREATE TABLE t(a, b TEXT GENERATED ALWAYS AS (sha3(a)) STORED)", false},
		{"CREATE VIRTUAL TABLE z USING zipfile('/etc/x.zip')", false},
		{"CREATE TABLE t(a AS SELECT 1)", false},
		{"DROP TABLE t", false},
		{"CREATE VIEW v AS SELECT upper(a), count(*) FROM t GROUP BY a", true},
		{"CREATE TABLE t(a VARCHAR(10), b DECIMAL(10,2), c AS (a || 'x'), CHECK(length(a) < 9), FOREIGN KEY(a) REFERENCES u(id))", true},
		{"CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT edit('x', 'sh'); END", true},
		{"CREATE INDEX i ON t(lower(a))", true},
		{"CREATE VIRTUAL TABLE d USING fts5(body)", true},
	}
	for _, tt := range tests {
		if why, ok := SQLiteSchemaReads([]string{tt.sql}); ok != tt.reads {
			t.Errorf("%q: reads %v (%s), want %v", tt.sql, ok, why, tt.reads)
		}
	}
}

// FuzzSQLiteSchema: the schema reader on any bytes returns within its
// bounds and never panics.
func FuzzSQLiteSchema(f *testing.F) {
	for _, name := range []string{"edit-view.db", "zip-vtab.db"} {
		b, err := os.ReadFile("testdata/sqlite/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		sqls, err := SQLiteSchema(bytes.NewReader(b), int64(len(b)))
		if err == nil {
			SQLiteSchemaReads(sqls)
		}
	})
}
