package code

import (
	"encoding/binary"
	"errors"
	"io"
	"strings"
)

// A query on a SQLite database runs SQL the database itself holds: a view
// is a query stored in the file, a generated column an expression computed
// on every read, a virtual table a module that reads what its arguments
// name. The sqlite3 shell's edit() runs a program and is allowed there,
// so SELECT * FROM v can run anything the file says. SQLiteSchema reads
// that SQL from the file, without SQLite, for SQLiteSchemaReads to judge.

// Bounds on what the schema reader follows: a schema larger than these
// is not read (and so not routine).
const (
	maxSchemaPages = 512
	maxSchemaText  = maxSource
)

var errSchema = errors.New("the database file is not one arbiter can read the schema of")

// SQLiteSchema returns the SQL text of every entry of a SQLite database's
// schema table (tables, views, indexes, triggers), read from the b-tree
// on the file's first page. An empty file holds no schema. An error for
// a file this reader cannot follow: not a database, text not UTF-8,
// pages that loop, a schema beyond the bounds.
func SQLiteSchema(r io.ReaderAt, size int64) ([]string, error) {
	if size == 0 {
		return nil, nil
	}
	head := make([]byte, 100)
	if size < 100 {
		return nil, errSchema
	}
	if _, err := r.ReadAt(head, 0); err != nil {
		return nil, err
	}
	if string(head[:16]) != "SQLite format 3\x00" {
		return nil, errSchema
	}
	pageSize := int64(binary.BigEndian.Uint16(head[16:]))
	if pageSize == 1 {
		pageSize = 65536
	}
	if pageSize < 512 || pageSize&(pageSize-1) != 0 {
		return nil, errSchema
	}
	usable := int(pageSize) - int(head[20])
	if usable < 480 {
		return nil, errSchema
	}
	if enc := binary.BigEndian.Uint32(head[56:]); enc != 0 && enc != 1 {
		return nil, errSchema // UTF-16 text
	}
	s := &schemaReader{r: r, size: size, pageSize: pageSize, usable: usable, seen: map[uint32]bool{}}
	if err := s.tree(1); err != nil {
		return nil, err
	}
	return s.sql, nil
}

type schemaReader struct {
	r        io.ReaderAt
	size     int64
	pageSize int64
	usable   int
	seen     map[uint32]bool
	sql      []string
	text     int
}

// page reads page n (from 1), once: a page seen again is a loop.
func (s *schemaReader) page(n uint32) ([]byte, error) {
	if n == 0 || s.seen[n] || len(s.seen) >= maxSchemaPages {
		return nil, errSchema
	}
	s.seen[n] = true
	off := int64(n-1) * s.pageSize
	if off+s.pageSize > s.size {
		return nil, errSchema
	}
	b := make([]byte, s.pageSize)
	if _, err := s.r.ReadAt(b, off); err != nil {
		return nil, err
	}
	return b, nil
}

// tree reads the table b-tree rooted at page n.
func (s *schemaReader) tree(n uint32) error {
	b, err := s.page(n)
	if err != nil {
		return err
	}
	h := 0
	if n == 1 {
		h = 100
	}
	if h+12 > len(b) {
		return errSchema
	}
	cells := int(binary.BigEndian.Uint16(b[h+3:]))
	switch b[h] {
	case 0x0d: // a leaf
		for k := range cells {
			at := h + 8 + 2*k
			if at+2 > len(b) {
				return errSchema
			}
			if err := s.leafCell(b, int(binary.BigEndian.Uint16(b[at:]))); err != nil {
				return err
			}
		}
		return nil
	case 0x05: // an interior page: each cell's child, then the right-most
		for k := range cells {
			at := h + 12 + 2*k
			if at+2 > len(b) {
				return errSchema
			}
			c := int(binary.BigEndian.Uint16(b[at:]))
			if c+4 > len(b) {
				return errSchema
			}
			if err := s.tree(binary.BigEndian.Uint32(b[c:])); err != nil {
				return err
			}
		}
		return s.tree(binary.BigEndian.Uint32(b[h+8:]))
	}
	return errSchema
}

// leafCell reads one row of the schema table: its payload, with the
// overflow pages a long one continues on, and the record's sql column.
func (s *schemaReader) leafCell(b []byte, c int) error {
	if c <= 0 || c >= len(b) {
		return errSchema
	}
	p, n := sqliteVarint(b[c:])
	if n == 0 || p > maxSchemaText {
		return errSchema
	}
	c += n
	if _, n = sqliteVarint(b[c:]); n == 0 { // the rowid
		return errSchema
	}
	c += n
	total := int(p)
	local := total
	if x := s.usable - 35; total > x {
		m := (s.usable-12)*32/255 - 23
		local = m + (total-m)%(s.usable-4)
		if local > x {
			local = m
		}
	}
	if c+local > len(b) {
		return errSchema
	}
	payload := append([]byte(nil), b[c:c+local]...)
	if local < total {
		if c+local+4 > len(b) {
			return errSchema
		}
		next := binary.BigEndian.Uint32(b[c+local:])
		for len(payload) < total {
			o, err := s.page(next)
			if err != nil {
				return err
			}
			next = binary.BigEndian.Uint32(o)
			take := min(total-len(payload), s.usable-4)
			payload = append(payload, o[4:4+take]...)
		}
	}
	sql, err := schemaSQL(payload)
	if err != nil {
		return err
	}
	if sql != "" {
		s.text += len(sql)
		if s.text > maxSchemaText {
			return errSchema
		}
		s.sql = append(s.sql, sql)
	}
	return nil
}

// schemaSQL returns the fifth column (sql) of a schema table record; ""
// when it is NULL (an index SQLite made itself).
func schemaSQL(rec []byte) (string, error) {
	hsize, n := sqliteVarint(rec)
	if n == 0 || hsize > uint64(len(rec)) || hsize < uint64(n) {
		return "", errSchema
	}
	at, body := n, int(hsize)
	for col := 0; at < int(hsize); col++ {
		t, n := sqliteVarint(rec[at:int(hsize)])
		if n == 0 {
			return "", errSchema
		}
		at += n
		size, ok := serialSize(t)
		if !ok || body+size > len(rec) {
			return "", errSchema
		}
		if col == 4 {
			switch {
			case t == 0:
				return "", nil
			case t >= 13 && t%2 == 1:
				return string(rec[body : body+size]), nil
			}
			return "", errSchema
		}
		body += size
	}
	return "", errSchema
}

// serialSize is the length of a record value of serial type t.
func serialSize(t uint64) (int, bool) {
	switch {
	case t <= 4:
		return int(t), true
	case t == 5:
		return 6, true
	case t == 6 || t == 7:
		return 8, true
	case t == 8 || t == 9:
		return 0, true
	case t >= 12 && t < 1<<40:
		return int((t - 12) / 2), true
	}
	return 0, false
}

// sqliteVarint decodes SQLite's big-endian varint; n is 0 when b ends
// first.
func sqliteVarint(b []byte) (v uint64, n int) {
	for i := 0; i < 9; i++ {
		if i >= len(b) {
			return 0, 0
		}
		if i == 8 {
			return v<<8 | uint64(b[i]), 9
		}
		v = v<<7 | uint64(b[i]&0x7f)
		if b[i] < 0x80 {
			return v, i + 1
		}
	}
	return 0, 0
}

// readOnlyModule reports the virtual-table modules that keep their data in
// the database itself, reading no other file.
func readOnlyModule(name string) bool {
	switch name {
	case "fts3", "fts4", "fts5", "rtree", "rtree_i32":
		return true
	}
	return false
}

// SQLiteSchemaReads judges the SQL a query on the database may run: each
// view's query, each generated column's expression (AS (…) in a table),
// and each virtual table's module must only compute, as code.SQLite
// judges a query. Triggers, defaults, checks and indexes' expressions run
// on writes, which the query was already judged not to make.
func SQLiteSchemaReads(sqls []string) (why string, ok bool) {
	for _, sql := range sqls {
		toks, why := sqlTokens(sql)
		if why != "" {
			return "the database's schema holds " + why, false
		}
		if why, ok := schemaEntry(toks); !ok {
			return why, false
		}
	}
	return "", true
}

// schemaEntry judges one CREATE statement of the schema.
func schemaEntry(toks []sqlTok) (string, bool) {
	words := make([]string, 0, 3)
	for _, t := range toks[:min(len(toks), 3)] {
		words = append(words, strings.ToUpper(t.text))
	}
	kind := ""
	for _, w := range words[min(1, len(words)):] {
		if w == "VIEW" || w == "TABLE" || w == "VIRTUAL" || w == "INDEX" || w == "TRIGGER" {
			kind = w
			break
		}
	}
	if len(words) == 0 || words[0] != "CREATE" || kind == "" {
		return "the database's schema holds SQL arbiter does not read", false
	}
	switch kind {
	case "VIEW":
		for i, t := range toks {
			if t.kind == 'w' && strings.EqualFold(t.text, "AS") {
				if why, ok := query(toks[i+1:]); !ok {
					return "a view of the database " + strings.TrimPrefix(why, "the query "), false
				}
				return "", true
			}
		}
		return "the database's schema holds a view arbiter cannot read", false
	case "VIRTUAL":
		for i, t := range toks {
			if t.kind == 'w' && strings.EqualFold(t.text, "USING") && i+1 < len(toks) {
				if m := strings.ToLower(strings.Trim(toks[i+1].text, "\"`[]")); readOnlyModule(m) {
					return "", true
				}
				return "the database has a virtual table of the module " + clipText(toks[i+1].text) + ", which may read files or run code arbiter does not read", false
			}
		}
		return "the database's schema holds a virtual table arbiter cannot read", false
	case "TABLE":
		for i, t := range toks {
			if t.kind == 'w' && strings.EqualFold(t.text, "AS") && i+1 < len(toks) && toks[i+1].text == "(" {
				end := i + 1 + closing(toks[i+1:])
				if why, ok := query(toks[i+2 : end]); !ok {
					return "a generated column of the database " + strings.TrimPrefix(why, "the query "), false
				}
			} else if t.kind == 'w' && strings.EqualFold(t.text, "AS") && i+1 < len(toks) && strings.EqualFold(toks[i+1].text, "SELECT") {
				return "the database's schema holds a table made from a query arbiter does not read", false
			}
		}
	}
	return "", true
}
