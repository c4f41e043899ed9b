package policy

import (
	"errors"
	"io/fs"
	"os"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/code"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/shell"
)

// duckdbFlags are the duckdb shell's options that only choose how it
// prints or make it safer; duckdbValued take a value, inert but -c, -s
// and -cmd, whose value is SQL it runs. Any other (-init and -f run a
// file, -unsigned loads unsigned extensions, -unredacted prints secrets,
// -ui serves a web page) is not read.
var (
	duckdbFlags = lazy.New(func() map[string]bool {
		return setOfWords("ascii", "bail", "batch", "box", "column", "csv", "echo", "header", "noheader", "help", "html", "json",
			"line", "list", "markdown", "nofollow", "quote", "readonly", "safe", "table", "version", "no-stdin")
	})
	duckdbValued = lazy.New(func() map[string]bool {
		return setOfWords("separator", "nullvalue", "newline", "cmd", "c", "s")
	})
)

// duckdbRead allows duckdb reading a database file of the project (or
// none) with SQL given on the command line that code.DuckDB finds only
// reads; each file the queries read is judged as read, and an address
// among them is DuckDB fetching it over the network. False, with nothing
// fired, for anything else: the database client's rule then decides.
func (j *judgement) duckdbRead(c *shell.Command) bool {
	db, inputs, runs, ok := duckdbWords(c)
	if !ok || !runs {
		return false // no SQL that ends it: the shell reads standard input or waits for a person
	}
	where := "an in-memory database"
	if db != nil {
		if where, ok = j.duckdbFile(c, *db); !ok || j.duckdbStoresSQL(j.res.Resolve(db.Text, c.Dir)) {
			return false
		}
	}
	var files []string
	for _, in := range inputs {
		read, _, ok := code.DuckDB(in)
		if !ok {
			return false
		}
		files = append(files, read...)
	}
	subj := c.String()
	for _, f := range files {
		if remoteFile(f) {
			j.fireWith(catalog.C1NetworkRequest, subj, "duckdb reads "+clipText(f, 60)+" over the network")
			return true
		}
	}
	j.fireWith(catalog.D1ReadOnly, subj, "only reads "+where+" and the files its queries name: every statement is a query that prints without changing anything")
	for _, f := range files {
		sub := shell.Command{Program: c.Program, Args: []shell.Word{{Text: f, Glob: strings.ContainsAny(f, "*?[")}}, Dir: c.Dir, DirUnknown: c.DirUnknown, Via: c.Via}
		j.readArgs(&sub)
	}
	return true
}

// duckdbStoresSQL reports whether a database file may hold SQL that a
// query on it runs: a view or a macro is SQL stored in the file (a view
// can read_text a key or read_csv a URL), in a format arbiter does not
// read. Only a file that is not there yet, or empty, holds none.
func (j *judgement) duckdbStoresSQL(abs string) bool {
	if abs == "" || strings.HasSuffix(abs, ":memory:") {
		return false
	}
	fi, err := os.Stat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return j.writtenHere(abs) // written first: not known to be empty
	case err != nil:
		return true
	}
	return !fi.Mode().IsRegular() || fi.Size() > 0 || j.writtenHere(abs)
}

// remoteFile reports a file DuckDB fetches from another machine: a URL
// or a storage address (s3://, hf://, gcs://, az://, md:).
func remoteFile(f string) bool {
	scheme, _, ok := strings.Cut(f, ":")
	return ok && scheme != "" && !strings.ContainsAny(scheme, "/.") && len(scheme) > 1
}

// duckdbWords splits a duckdb command line into its database operand and
// the SQL it runs; runs is set when some SQL ends the session (-c, -s or
// an operand after the database) so that standard input is never read.
func duckdbWords(c *shell.Command) (db *shell.Word, inputs []string, runs, ok bool) {
	for k := 0; k < len(c.Args); k++ {
		a := c.Args[k]
		if a.Dynamic || a.Glob {
			return nil, nil, false, false
		}
		if !strings.HasPrefix(a.Text, "-") {
			if db == nil {
				db = &c.Args[k]
			} else {
				inputs, runs = append(inputs, a.Text), true
			}
			continue
		}
		name := strings.TrimPrefix(strings.TrimPrefix(a.Text, "-"), "-")
		switch {
		case duckdbFlags.Get()[name]:
		case duckdbValued.Get()[name] && k+1 < len(c.Args) && !c.Args[k+1].Dynamic:
			k++
			switch name {
			case "c", "s":
				inputs, runs = append(inputs, c.Args[k].Text), true
			case "cmd":
				inputs = append(inputs, c.Args[k].Text)
			}
		default:
			return nil, nil, false, false
		}
	}
	return db, inputs, runs, true
}

// duckdbFile checks the database operand: a file of the project or a
// temporary one, named literally, not an address (md:, s3://) and not a
// credential store.
func (j *judgement) duckdbFile(c *shell.Command, db shell.Word) (where string, ok bool) {
	if strings.Contains(db.Text, ":") && db.Text != ":memory:" {
		return "", false
	}
	return j.databaseFile(c, db)
}
