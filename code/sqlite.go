package code

import (
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// SQLite reads what the sqlite3 command-line shell is given, without
// running it, and reports whether all of it only reads: SELECT, VALUES and
// WITH … SELECT queries calling only functions known to be pure, PRAGMA
// reads, EXPLAIN of those, and the dot-commands that only print. Anything
// else (a statement that writes, ATTACH, an extension, a dot-command that
// opens, writes or runs something, text the reader does not understand)
// is not read-only, and why says what. An argument starting with "." is
// one dot-command line, as the shell reads it; a script (standard input)
// is read line by line, the way the shell tells dot-commands from SQL.
func SQLite(input string, script bool) (why string, readOnly bool) {
	if len(input) > maxSource {
		return "the SQL is larger than the 256 KiB arbiter reads", false
	}
	if !script {
		if strings.HasPrefix(input, ".") {
			return dotCommand(input)
		}
		return readOnlySQL(input)
	}
	return sqliteScript(input)
}

// sqliteScript reads a script as the shell does: a line starting with "."
// or "#" is a dot-command or a comment only when no SQL statement is
// pending; other lines gather into statements that end with ";". A
// dot-command line inside a pending statement is not read, whichever way
// the shell's version takes it.
func sqliteScript(text string) (string, bool) {
	var pending strings.Builder
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\r\n")
		if pending.Len() == 0 {
			switch {
			case strings.TrimSpace(line) == "":
				continue
			case strings.HasPrefix(line, "#"):
				continue
			case strings.HasPrefix(line, "."):
				if why, ok := dotCommand(line); !ok {
					return why, false
				}
				continue
			}
		} else if strings.HasPrefix(line, ".") || strings.HasPrefix(line, "#") {
			return "a line starting with " + line[:1] + " inside an unfinished SQL statement", false
		}
		if t := strings.ToLower(strings.TrimSpace(line)); t == "/" || t == "go" {
			return "a line ending a statement with " + t + ", which arbiter does not read", false
		}
		pending.WriteString(line)
		pending.WriteByte('\n')
		if sqlComplete(pending.String()) {
			if why, ok := readOnlySQL(pending.String()); !ok {
				return why, false
			}
			pending.Reset()
		}
	}
	if pending.Len() > 0 {
		return readOnlySQL(pending.String())
	}
	return "", true
}

// sqlComplete reports whether SQL text ends a statement: its last token,
// outside strings and comments, is ";".
func sqlComplete(s string) bool {
	toks, why := sqlTokens(s)
	return why == "" && len(toks) > 0 && toks[len(toks)-1].text == ";"
}

// printingDots are the dot-commands that only print (or set how the shell
// prints), named in full: the shell also takes any prefix of a name, and
// an abbreviation may mean another command in another version.
var printingDots = lazy.New(func() map[string]bool {
	return map[string]bool{
		"tables": true, "schema": true, "indexes": true, "indices": true, "headers": true, "header": true,
		"mode": true, "databases": true, "fullschema": true, "show": true, "width": true, "nullvalue": true,
		"separator": true, "print": true, "dump": true, "help": true, "version": true, "timer": true, "echo": true,
	}
})

// dotCommand judges one dot-command line.
func dotCommand(line string) (string, bool) {
	if strings.ContainsAny(line, "\n\r") {
		return "a dot-command argument spanning lines", false
	}
	name, _, _ := strings.Cut(strings.TrimPrefix(line, "."), " ")
	name, _, _ = strings.Cut(name, "\t")
	if !printingDots.Get()[name] {
		return "the dot-command ." + clipText(name) + " is not one arbiter knows only prints (.output, .once, .shell, .system, .import, .read, .load, .open and the like write, run or open files)", false
	}
	return "", true
}

// sqlTok is one SQL token: a word (a keyword or a bare identifier), a
// quoted identifier, a string, a number, a blob, a parameter or
// punctuation.
type sqlTok struct {
	kind byte // 'w', 'q', 's', 'n', 'b', 'v', 'p'
	text string
}

// sqlTokens splits SQL into tokens; why is set when some text is not SQL
// (an unterminated string or comment, a character SQL does not use).
func sqlTokens(s string) ([]sqlTok, string) {
	var out []sqlTok
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case c == '-' && i+1 < len(s) && s[i+1] == '-':
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return out, ""
			}
			i += j
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				return out, "an unterminated comment"
			}
			i += j + 4
		case c == '\'' || c == '"' || c == '`':
			j, ok := quoteEnd(s, i, c, c)
			if !ok {
				return out, "an unterminated quote"
			}
			kind := byte('q')
			if c == '\'' {
				kind = 's'
			}
			out = append(out, sqlTok{kind, s[i:j]})
			i = j
		case c == '[':
			j := strings.IndexByte(s[i:], ']')
			if j < 0 {
				return out, "an unterminated [identifier]"
			}
			out = append(out, sqlTok{'q', s[i : i+j+1]})
			i += j + 1
		case (c == 'x' || c == 'X') && i+1 < len(s) && s[i+1] == '\'':
			j, ok := quoteEnd(s, i+1, '\'', '\'')
			if !ok {
				return out, "an unterminated blob"
			}
			out = append(out, sqlTok{'b', s[i:j]})
			i = j
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
			j := i + 1
			for j < len(s) && (sqlWordByte(s[j]) || s[j] == '.' || (s[j] == '+' || s[j] == '-') && (s[j-1] == 'e' || s[j-1] == 'E')) {
				j++
			}
			out = append(out, sqlTok{'n', s[i:j]})
			i = j
		case sqlWordByte(c) && !(c >= '0' && c <= '9'):
			j := i + 1
			for j < len(s) && (sqlWordByte(s[j]) || s[j] == '$') {
				j++
			}
			out = append(out, sqlTok{'w', s[i:j]})
			i = j
		case c == '?' || c == ':' || c == '@' || c == '$':
			j := i + 1
			for j < len(s) && sqlWordByte(s[j]) {
				j++
			}
			out = append(out, sqlTok{'v', s[i:j]})
			i = j
		default:
			op := sqlOperator(s[i:])
			if op == "" {
				return out, "the character " + quoteByte(c) + ", which SQL does not use"
			}
			out = append(out, sqlTok{'p', op})
			i += len(op)
		}
	}
	return out, ""
}

// quoteEnd returns the index after the quote that closes the one at i;
// a doubled quote is an escaped one.
func quoteEnd(s string, i int, open, close byte) (int, bool) {
	for j := i + 1; j < len(s); j++ {
		if s[j] != close {
			continue
		}
		if j+1 < len(s) && s[j+1] == close && open == close {
			j++
			continue
		}
		return j + 1, true
	}
	return 0, false
}

func sqlWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

var sqlOperators = []string{"->>", "->", "||", "<=", ">=", "==", "!=", "<>", "<<", ">>", ";", "(", ")", ",", ".", "+", "-", "*", "/", "%", "<", ">", "=", "&", "|", "~"}

func sqlOperator(s string) string {
	for _, op := range sqlOperators {
		if strings.HasPrefix(s, op) {
			return op
		}
	}
	return ""
}

func quoteByte(c byte) string {
	if c < 0x20 || c >= 0x7f {
		return "0x" + string("0123456789abcdef"[c>>4]) + string("0123456789abcdef"[c&15])
	}
	return "'" + string(c) + "'"
}

func clipText(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// maxSQLDepth bounds parentheses, which keeps the reading linear.
const maxSQLDepth = 64

// readOnlySQL judges SQL text: every statement must only read.
func readOnlySQL(s string) (string, bool) {
	toks, why := sqlTokens(s)
	if why != "" {
		return "the SQL holds " + why, false
	}
	depth := 0
	start := 0
	for i, t := range toks {
		switch {
		case t.text == "(":
			depth++
			if depth > maxSQLDepth {
				return "parentheses nested too deep", false
			}
		case t.text == ")":
			depth--
			if depth < 0 {
				return "an unbalanced parenthesis", false
			}
		case t.text == ";" && t.kind == 'p':
			if depth != 0 {
				return "a ; inside parentheses", false
			}
			if why, ok := readStatement(toks[start:i]); !ok {
				return why, false
			}
			start = i + 1
		}
	}
	if depth != 0 {
		return "an unbalanced parenthesis", false
	}
	return readStatement(toks[start:])
}

// readStatement judges one statement.
func readStatement(toks []sqlTok) (string, bool) {
	if len(toks) == 0 {
		return "", true
	}
	first := strings.ToUpper(toks[0].text)
	if toks[0].kind != 'w' {
		return "a statement starting with " + clipText(toks[0].text), false
	}
	switch first {
	case "EXPLAIN":
		rest := toks[1:]
		if len(rest) >= 2 && strings.EqualFold(rest[0].text, "QUERY") && strings.EqualFold(rest[1].text, "PLAN") {
			rest = rest[2:]
		}
		if len(rest) == 0 {
			return "EXPLAIN of nothing", false
		}
		return readStatement(rest)
	case "PRAGMA":
		return pragma(toks[1:])
	case "SELECT", "VALUES":
		return query(toks)
	case "WITH":
		return withQuery(toks[1:])
	}
	return "a " + first + " statement, which is not a read", false
}

// withQuery reads the common table expressions after WITH, then the query
// they serve, which must be a SELECT or VALUES: WITH … DELETE changes data.
func withQuery(toks []sqlTok) (string, bool) {
	if len(toks) > 0 && strings.EqualFold(toks[0].text, "RECURSIVE") {
		toks = toks[1:]
	}
	for {
		if len(toks) == 0 || toks[0].kind != 'w' && toks[0].kind != 'q' {
			return "a WITH clause arbiter cannot read", false
		}
		toks = toks[1:]
		if len(toks) > 0 && toks[0].text == "(" {
			end := closing(toks)
			for _, t := range toks[1:end] {
				if t.kind != 'w' && t.kind != 'q' && t.text != "," {
					return "a WITH clause's column list arbiter cannot read", false
				}
			}
			toks = toks[end+1:]
		}
		if len(toks) == 0 || !strings.EqualFold(toks[0].text, "AS") {
			return "a WITH clause arbiter cannot read", false
		}
		toks = toks[1:]
		for len(toks) > 0 && (strings.EqualFold(toks[0].text, "NOT") || strings.EqualFold(toks[0].text, "MATERIALIZED")) {
			toks = toks[1:]
		}
		if len(toks) == 0 || toks[0].text != "(" {
			return "a WITH clause arbiter cannot read", false
		}
		end := closing(toks)
		if why, ok := query(toks[1:end]); !ok {
			return why, false
		}
		toks = toks[end+1:]
		if len(toks) > 0 && toks[0].text == "," {
			toks = toks[1:]
			continue
		}
		break
	}
	if len(toks) == 0 || toks[0].kind != 'w' || !strings.EqualFold(toks[0].text, "SELECT") && !strings.EqualFold(toks[0].text, "VALUES") {
		return "a WITH clause serving a statement other than SELECT, which may change data", false
	}
	return query(toks)
}

// closing returns the index of the ")" matching toks[0], a "(" (the
// caller has checked that parentheses balance); len-1 when there is none.
func closing(toks []sqlTok) int {
	depth := 0
	for i, t := range toks {
		switch t.text {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return len(toks) - 1
}

// sqlDialect is what a query may hold in one database's SQL: the words
// that change data or reach elsewhere, the keywords a "(" may follow, and
// the functions known to be pure.
type sqlDialect struct {
	changing, keywords, pure map[string]bool
}

// sqliteDialect is SQLite's.
func sqliteDialect() sqlDialect {
	return sqlDialect{changingWords.Get(), sqlKeywords.Get(), pureSQLFunctions.Get()}
}

// query judges the tokens of a query in SQLite's SQL.
func query(toks []sqlTok) (string, bool) { return queryIn(toks, sqliteDialect()) }

// queryIn judges the tokens of a query: no word that changes data, and no
// call of a function not known to be pure (readfile, writefile, edit,
// load_extension and the like are not).
func queryIn(toks []sqlTok, d sqlDialect) (string, bool) {
	for i, t := range toks {
		call := i+1 < len(toks) && toks[i+1].text == "("
		if t.kind == 's' && call {
			return "the query calls a function named by a string, which arbiter does not read", false
		}
		if t.kind != 'w' && t.kind != 'q' {
			continue
		}
		up := strings.ToUpper(t.text)
		if t.kind == 'w' && d.changing[up] && !(call && up == "REPLACE") {
			return "the query uses " + up + ", which changes the database", false
		}
		if !call || t.kind == 'w' && d.keywords[up] && up != "REPLACE" {
			continue
		}
		name := strings.ToLower(strings.Trim(t.text, "\"`[]"))
		if i > 0 && toks[i-1].text == "." {
			return "the query calls " + clipText(name) + " through a schema name, which arbiter does not read", false
		}
		if !d.pure[name] {
			return "the query calls " + clipText(name) + ", which arbiter does not know to be a pure function", false
		}
	}
	return "", true
}

// pragma judges PRAGMA [schema.]name [= value | (value)].
func pragma(toks []sqlTok) (string, bool) {
	if len(toks) >= 2 && toks[1].text == "." {
		toks = toks[2:]
	}
	if len(toks) == 0 || toks[0].kind != 'w' {
		return "a PRAGMA arbiter cannot read", false
	}
	name := strings.ToLower(toks[0].text)
	rest := toks[1:]
	switch {
	case len(rest) == 0:
		if readPragmas.Get()[name] || argPragmas.Get()[name] {
			return "", true
		}
	case rest[0].text == "(" && pragmaValue(rest[1:]) == len(rest)-2 && rest[len(rest)-1].text == ")":
		if argPragmas.Get()[name] || sessionPragmas.Get()[name] {
			return "", true
		}
	case rest[0].text == "=" && pragmaValue(rest[1:]) == len(rest)-1:
		if sessionPragmas.Get()[name] {
			return "", true
		}
	default:
		return "a PRAGMA arbiter cannot read", false
	}
	return "PRAGMA " + clipText(name) + " in this form is not one arbiter knows only reads", false
}

// pragmaValue returns how many tokens a PRAGMA's value takes: a word, a
// string, or a number with its sign; 0 when it is none of these.
func pragmaValue(toks []sqlTok) int {
	n := 0
	if len(toks) > 0 && (toks[0].text == "-" || toks[0].text == "+") {
		n = 1
	}
	if len(toks) > n && (toks[n].kind == 'w' || toks[n].kind == 's' || toks[n].kind == 'n' || toks[n].kind == 'q') {
		return n + 1
	}
	return 0
}

// changingWords are the keywords of statements and clauses that change a
// database or reach another file. A query that contains one is not read.
var changingWords = lazy.New(func() map[string]bool {
	return setOf("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER", "ATTACH", "DETACH", "VACUUM", "REINDEX", "ANALYZE", "PRAGMA", "INTO", "RETURNING", "UPSERT", "BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "TRANSACTION")
})

// sqlKeywords are SQLite's keywords: one followed by "(" is syntax (IN
// (…), CAST(…), OVER (…)), not a function call.
var sqlKeywords = lazy.New(func() map[string]bool {
	return setOf("ABORT", "ACTION", "ADD", "AFTER", "ALL", "ALTER", "ALWAYS", "ANALYZE", "AND", "AS", "ASC", "ATTACH", "AUTOINCREMENT",
		"BEFORE", "BEGIN", "BETWEEN", "BY", "CASCADE", "CASE", "CAST", "CHECK", "COLLATE", "COLUMN", "COMMIT", "CONFLICT", "CONSTRAINT",
		"CREATE", "CROSS", "CURRENT", "CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP", "DATABASE", "DEFAULT", "DEFERRABLE", "DEFERRED",
		"DELETE", "DESC", "DETACH", "DISTINCT", "DO", "DROP", "EACH", "ELSE", "END", "ESCAPE", "EXCEPT", "EXCLUDE", "EXCLUSIVE", "EXISTS",
		"EXPLAIN", "FAIL", "FILTER", "FIRST", "FOLLOWING", "FOR", "FOREIGN", "FROM", "FULL", "GENERATED", "GLOB", "GROUP", "GROUPS", "HAVING",
		"IF", "IGNORE", "IMMEDIATE", "IN", "INDEX", "INDEXED", "INITIALLY", "INNER", "INSERT", "INSTEAD", "INTERSECT", "INTO", "IS", "ISNULL",
		"JOIN", "KEY", "LAST", "LEFT", "LIKE", "LIMIT", "MATCH", "MATERIALIZED", "NATURAL", "NO", "NOT", "NOTHING", "NOTNULL", "NULL", "NULLS",
		"OF", "OFFSET", "ON", "OR", "ORDER", "OTHERS", "OUTER", "OVER", "PARTITION", "PLAN", "PRAGMA", "PRECEDING", "PRIMARY", "QUERY", "RAISE",
		"RANGE", "RECURSIVE", "REFERENCES", "REGEXP", "REINDEX", "RELEASE", "RENAME", "REPLACE", "RESTRICT", "RETURNING", "RIGHT", "ROLLBACK",
		"ROW", "ROWS", "SAVEPOINT", "SELECT", "SET", "TABLE", "TEMP", "TEMPORARY", "THEN", "TIES", "TO", "TRANSACTION", "TRIGGER", "UNBOUNDED",
		"UNION", "UNIQUE", "UPDATE", "USING", "VACUUM", "VALUES", "VIEW", "VIRTUAL", "WHEN", "WHERE", "WINDOW", "WITH", "WITHOUT")
})

// pureSQLFunctions are SQLite's built-in functions that compute from their
// arguments or read the database, never a file, a program or an
// extension (not readfile, writefile, edit, fsdir, load_extension), and
// the table-valued functions of the read-only pragmas and JSON.
var pureSQLFunctions = lazy.New(func() map[string]bool {
	return setOf("abs", "avg", "ceil", "ceiling", "char", "coalesce", "concat", "concat_ws", "count", "cume_dist", "date", "datetime",
		"dense_rank", "exp", "first_value", "floor", "format", "glob", "group_concat", "hex", "ifnull", "iif", "instr", "json",
		"json_array", "json_array_length", "json_each", "json_extract", "json_group_array", "json_group_object", "json_insert",
		"json_object", "json_patch", "json_quote", "json_remove", "json_replace", "json_set", "json_tree", "json_type", "json_valid",
		"julianday", "lag", "last_value", "lead", "length", "like", "likelihood", "likely", "ln", "log", "log10", "log2", "lower",
		"ltrim", "max", "min", "mod", "nth_value", "ntile", "nullif", "octet_length", "percent_rank", "pi", "pow", "power", "printf",
		"quote", "random", "randomblob", "rank", "replace", "round", "row_number", "rtrim", "sign", "sqrt", "strftime", "string_agg",
		"substr", "substring", "sum", "timediff", "time", "total", "trim", "typeof", "unhex", "unicode", "unixepoch", "unlikely",
		"upper", "zeroblob", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "degrees", "radians", "trunc",
		"sqlite_version", "changes", "generate_series", "total_changes", "last_insert_rowid",
		"pragma_table_info", "pragma_table_xinfo", "pragma_index_list", "pragma_index_info", "pragma_index_xinfo",
		"pragma_foreign_key_list", "pragma_database_list", "pragma_table_list", "pragma_function_list", "pragma_pragma_list",
		"pragma_collation_list", "pragma_module_list", "pragma_compile_options")
})

// readPragmas read a setting or the schema when given no value.
var readPragmas = lazy.New(func() map[string]bool {
	return setOf("application_id", "auto_vacuum", "automatic_index", "busy_timeout", "cache_size", "cache_spill", "cell_size_check",
		"collation_list", "compile_options", "data_version", "database_list", "defer_foreign_keys", "encoding", "foreign_key_check",
		"foreign_keys", "freelist_count", "function_list", "integrity_check", "journal_mode", "journal_size_limit", "legacy_alter_table",
		"locking_mode", "max_page_count", "mmap_size", "module_list", "page_count", "page_size", "pragma_list", "query_only",
		"quick_check", "recursive_triggers", "reverse_unordered_selects", "schema_version", "secure_delete", "synchronous",
		"table_list", "temp_store", "threads", "trusted_schema", "user_version", "wal_autocheckpoint")
})

// argPragmas query the schema or check the database with an argument
// (PRAGMA table_info(users)); their argument is never a value set.
var argPragmas = lazy.New(func() map[string]bool {
	return setOf("table_info", "table_xinfo", "index_info", "index_xinfo", "index_list", "foreign_key_list", "foreign_key_check",
		"integrity_check", "quick_check", "table_list")
})

// sessionPragmas set what only this connection does (its cache, where it
// keeps temporary tables, how long it waits for a lock): nothing is
// written to the database file, and the setting ends with the command.
var sessionPragmas = lazy.New(func() map[string]bool {
	return setOf("cache_size", "temp_store", "busy_timeout", "query_only", "threads", "foreign_keys")
})

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
