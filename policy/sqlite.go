package policy

import (
	"errors"
	"io/fs"
	"os"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/code"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
)

// sqliteFlags are the sqlite3 shell's options that only choose how it
// prints or that make it safer; sqliteValued take a value, inert but
// -cmd, whose value is a command it runs first. Any other option (-init
// FILE, -A archive mode, -deserialize, -vfs) is not read.
var (
	sqliteFlags = lazy.New(func() map[string]bool {
		return setOfWords("header", "noheader", "column", "csv", "json", "line", "list", "markdown", "box", "table", "html",
			"quote", "tabs", "ascii", "readonly", "batch", "bail", "echo", "safe", "nofollow", "version", "help")
	})
	sqliteValued = lazy.New(func() map[string]bool {
		return setOfWords("separator", "nullvalue", "newline", "cmd")
	})
)

func setOfWords(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// sqliteRead allows sqlite3 reading a database file of the project: every
// command it is given (its arguments, -cmd, or a script on standard input)
// is a query, a PRAGMA read or a dot-command that only prints, read by
// code.SQLite. False, with nothing fired, for anything else: the database
// client's rule then decides as it always has.
func (j *judgement) sqliteRead(c *shell.Command) bool {
	db, inputs, ok := sqliteWords(c)
	if !ok || db == nil {
		return false
	}
	where, ok := j.sqliteFile(c, *db)
	if !ok || db.Text != ":memory:" && !j.sqliteSchemaReads(j.res.Resolve(db.Text, c.Dir)) {
		return false
	}
	script := ""
	if len(inputs) == 0 || onlyCmd(c) {
		text, ok := j.sqliteStdin(c)
		if !ok {
			return false
		}
		script = text
	}
	for _, in := range inputs {
		if _, ok := code.SQLite(in, false); !ok {
			return false
		}
	}
	if script != "" {
		if _, ok := code.SQLite(script, true); !ok {
			return false
		}
	}
	j.fireWith(catalog.D1ReadOnly, c.String(), "only reads "+where+": its queries, PRAGMA reads and dot-commands print without changing anything")
	return true
}

// sqliteSchemaReads reports whether the SQL a query on the database file
// runs from its schema (views, generated columns, virtual tables; the
// shell's edit() runs a program from a view) only reads. A file not there
// yet holds none; a journal or write-ahead log beside it may hold a newer
// schema, and a file the command line writes first is not on disk: neither
// is read.
func (j *judgement) sqliteSchemaReads(abs string) bool {
	if j.writtenHere(abs) || j.writtenHere(abs+"-journal") || j.writtenHere(abs+"-wal") {
		return false // what the command line puts there first is not on disk to read
	}
	for _, side := range []string{"-journal", "-wal"} {
		if fi, err := os.Stat(abs + side); err == nil && fi.Size() > 0 || err != nil && !errors.Is(err, fs.ErrNotExist) {
			return false
		}
	}
	f, err := os.Open(abs)
	if errors.Is(err, fs.ErrNotExist) {
		j.noteRead(abs, project.File{}, err)
		return true
	}
	if err != nil {
		return false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	sqls, err := code.SQLiteSchema(f, fi.Size())
	if err != nil {
		return false
	}
	j.noteRead(abs, project.File{Kind: project.Text, Text: strings.Join(sqls, "\x00")}, nil)
	_, ok := code.SQLiteSchemaReads(sqls)
	return ok
}

// sqliteWords splits a sqlite3 command line into its database operand and
// the commands it runs (later operands, -cmd values); ok is false for a
// word arbiter does not know or cannot see.
func sqliteWords(c *shell.Command) (db *shell.Word, inputs []string, ok bool) {
	for k := 0; k < len(c.Args); k++ {
		a := c.Args[k]
		if a.Dynamic || a.Glob {
			return nil, nil, false
		}
		if !strings.HasPrefix(a.Text, "-") {
			if db == nil {
				db = &c.Args[k]
			} else {
				inputs = append(inputs, a.Text)
			}
			continue
		}
		name := strings.TrimPrefix(strings.TrimPrefix(a.Text, "-"), "-")
		switch {
		case sqliteFlags.Get()[name]:
		case sqliteValued.Get()[name] && k+1 < len(c.Args) && !c.Args[k+1].Dynamic:
			k++
			if name == "cmd" {
				inputs = append(inputs, c.Args[k].Text)
			}
		default:
			return nil, nil, false
		}
	}
	return db, inputs, true
}

// onlyCmd reports whether a sqlite3 command's only commands come from
// -cmd: the shell then goes on to read standard input.
func onlyCmd(c *shell.Command) bool {
	seen := 0
	for k := 0; k < len(c.Args); k++ {
		t := c.Args[k].Text
		if strings.HasPrefix(t, "-") {
			name := strings.TrimLeft(t, "-")
			if sqliteValued.Get()[name] {
				k++
			}
			continue
		}
		seen++
	}
	return seen <= 1
}

// sqliteFile checks the database operand: a file of the project (or a
// temporary one), named literally, not a URI that may choose another VFS
// or file, not a credential store. where names it for the reason.
func (j *judgement) sqliteFile(c *shell.Command, db shell.Word) (where string, ok bool) {
	if strings.HasPrefix(strings.ToLower(db.Text), "file:") {
		return "", false
	}
	return j.databaseFile(c, db)
}

// databaseFile checks a database operand named literally (each program's
// own addresses are refused by its caller): in memory, or a file of the
// project or a temporary one, not a credential store.
func (j *judgement) databaseFile(c *shell.Command, db shell.Word) (where string, ok bool) {
	if db.Text == ":memory:" {
		return "an in-memory database", true
	}
	if db.Text == "" {
		return "", false
	}
	abs := j.res.Resolve(db.Text, c.Dir)
	if secrets.File(abs) != "" || c.DirUnknown && !strings.HasPrefix(db.Text, "/") {
		return "", false
	}
	switch j.res.Classify(abs, false) {
	case paths.Project, paths.Temp:
		return "the database file " + db.Text, true
	}
	return "", false
}

// sqliteStdin returns the script sqlite3 reads on standard input: a
// here-document or string, literal text piped in, or a file of the
// project read from disk (up to project.MaxScript). ok is false when there
// is none (the shell would wait for a person) or it cannot be read.
func (j *judgement) sqliteStdin(c *shell.Command) (string, bool) {
	switch {
	case c.Stdin.Kind == shell.NoInput:
		return "", false
	case c.Stdin.Kind == shell.File:
		if c.Stdin.Text == "" || c.DirUnknown && !strings.HasPrefix(c.Stdin.Text, "/") {
			return "", false
		}
		abs := j.res.Resolve(c.Stdin.Text, c.Dir)
		if secrets.File(abs) != "" {
			return "", false
		}
		f, err := j.read(abs)
		if err != nil || f.Kind != project.Text {
			return "", false
		}
		return f.Text, true
	case c.Stdin.Known:
		return c.Stdin.Text, true
	}
	return "", false
}
