package code

import (
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// DuckDB reads SQL given to the duckdb shell (an argument or -c), without
// running it, and reports whether all of it only reads: SELECT, VALUES,
// FROM-first and WITH … SELECT queries, DESCRIBE, SHOW, SUMMARIZE and
// EXPLAIN of those, calling only functions known to be pure or that read
// files, and the dot-commands that only print. It returns the files the
// queries read, for the caller to judge: every string or quoted name in a
// table's place (FROM 'data.csv', JOIN "b.parquet") and every string
// given to a file-reading function (read_csv('logs/*.csv')); a URL among
// them is DuckDB reaching the network. Anything else (COPY … TO, ATTACH,
// INSTALL, LOAD, SET, CREATE, INSERT, PRAGMA, a [list], a function not
// known) is not read-only, and why says what.
func DuckDB(input string) (files []string, why string, readOnly bool) {
	if len(input) > maxSource {
		return nil, "the SQL is larger than the 256 KiB arbiter reads", false
	}
	if strings.HasPrefix(input, ".") {
		why, ok := dotCommand(input)
		return nil, why, ok
	}
	toks, why := sqlTokens(input)
	if why != "" {
		return nil, "the SQL holds " + why, false
	}
	depth, start := 0, 0
	for i, t := range toks {
		switch {
		case t.kind == 'q' && strings.HasPrefix(t.text, "["):
			return nil, "a [list], which arbiter does not read", false
		case t.text == "(":
			if depth++; depth > maxSQLDepth {
				return nil, "parentheses nested too deep", false
			}
		case t.text == ")":
			if depth--; depth < 0 {
				return nil, "an unbalanced parenthesis", false
			}
		case t.text == ";" && t.kind == 'p':
			if depth != 0 {
				return nil, "a ; inside parentheses", false
			}
			if why, ok := duckStatement(toks[start:i]); !ok {
				return nil, why, false
			}
			files = append(files, duckFiles(toks[start:i])...)
			start = i + 1
		}
	}
	if depth != 0 {
		return nil, "an unbalanced parenthesis", false
	}
	if why, ok := duckStatement(toks[start:]); !ok {
		return nil, why, false
	}
	return append(files, duckFiles(toks[start:])...), "", true
}

// duckStatement judges one statement.
func duckStatement(toks []sqlTok) (string, bool) {
	if len(toks) == 0 {
		return "", true
	}
	if why, ok := literalFiles(toks); !ok {
		return why, false
	}
	if toks[0].kind != 'w' {
		return "a statement starting with " + clipText(toks[0].text), false
	}
	d := duckDialect()
	switch first := strings.ToUpper(toks[0].text); first {
	case "EXPLAIN":
		rest := toks[1:]
		if len(rest) > 0 && strings.EqualFold(rest[0].text, "ANALYZE") {
			rest = rest[1:]
		}
		if len(rest) == 0 {
			return "EXPLAIN of nothing", false
		}
		return duckStatement(rest)
	case "SELECT", "VALUES", "FROM":
		return queryIn(toks, d)
	case "DESCRIBE", "SHOW", "SUMMARIZE":
		return queryIn(toks[1:], d)
	case "WITH":
		// The common table expressions are read as SQLite's are, then
		// the whole statement by DuckDB's words and functions.
		if why, ok := withQuery(toks[1:]); !ok && !strings.Contains(why, "calls") {
			return why, false
		}
		return queryIn(toks, d)
	default:
		return "a " + first + " statement, which is not a read", false
	}
}

// duckFiles returns what a statement reads as files: a string or quoted
// name right after FROM, JOIN or a comma, and every string given to a
// function that reads files (the innermost parentheses around it are its
// call's: literalFiles allows no others inside one).
func duckFiles(toks []sqlTok) []string {
	var out []string
	var calls []bool // per open parenthesis: a file reader's call
	for i, t := range toks {
		switch {
		case t.text == "(" && t.kind == 'p':
			calls = append(calls, i > 0 && duckFileReaders.Get()[strings.ToLower(toks[i-1].text)])
		case t.text == ")" && t.kind == 'p' && len(calls) > 0:
			calls = calls[:len(calls)-1]
		case t.kind == 's' || t.kind == 'q':
			if i > 0 {
				prev := strings.ToUpper(toks[i-1].text)
				if toks[i-1].kind == 'w' && (prev == "FROM" || prev == "JOIN" || prev == "DESCRIBE" || prev == "SUMMARIZE") || prev == "," {
					out = append(out, unquoteSQL(t.text))
					continue
				}
			}
			if t.kind == 's' && len(calls) > 0 && calls[len(calls)-1] {
				out = append(out, unquoteSQL(t.text))
			}
		}
	}
	return out
}

// literalFiles checks that what a file-reading function is given is
// literal: strings, numbers and named options (header = true), never a
// path computed from parts ('~/.ss' || 'h/x', concat(…)) or taken from a
// column (read_text(path)), which the files judged would not show.
func literalFiles(toks []sqlTok) (string, bool) {
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].kind != 'w' || toks[i+1].text != "(" || !duckFileReaders.Get()[strings.ToLower(toks[i].text)] {
			continue
		}
		for k := i + 2; k < len(toks) && toks[k].text != ")"; k++ {
			named := toks[k].kind == 'w' && (k+1 < len(toks) && toks[k+1].text == "=" || toks[k-1].text == "=")
			switch t := toks[k]; {
			case t.kind == 's' || t.kind == 'n' || named || t.text == "," || t.text == "=":
			default:
				return "a file read by " + strings.ToLower(toks[i].text) + " named by an expression (" + clipText(t.text) + "), not a plain string", false
			}
		}
	}
	return "", true
}

// unquoteSQL takes the quotes off a string or quoted name; a doubled
// quote inside is one.
func unquoteSQL(s string) string {
	if len(s) < 2 {
		return s
	}
	q := s[:1]
	return strings.ReplaceAll(s[1:len(s)-1], q+q, q)
}

// duckDialect is DuckDB's SQL: SQLite's words that change data with
// DuckDB's own (COPY, INSTALL, LOAD, SET, EXPORT, …), and SQLite's pure
// functions with DuckDB's and the file readers, whose files are judged.
// getenv, duckdb_secrets(), read_* of a secret file are not pure: the
// first two print secrets, the last is judged as the file it reads.
func duckDialect() sqlDialect {
	return sqlDialect{duckChanging.Get(), sqlKeywords.Get(), duckPure.Get()}
}

var duckChanging = lazy.New(func() map[string]bool {
	m := setOf("COPY", "INSTALL", "LOAD", "SET", "RESET", "EXPORT", "IMPORT", "CALL", "USE", "CHECKPOINT", "FORCE", "SECRET", "MACRO", "SEQUENCE", "TRUNCATE", "PREPARE", "EXECUTE", "DEALLOCATE", "COMMENT")
	for w := range changingWords.Get() {
		m[w] = true
	}
	return m
})

var duckFileReaders = lazy.New(func() map[string]bool {
	return setOf("read_csv", "read_csv_auto", "read_parquet", "parquet_scan", "read_json", "read_json_auto", "read_ndjson",
		"read_ndjson_auto", "read_json_objects", "read_text", "read_blob", "parquet_metadata", "parquet_schema", "sniff_csv", "glob")
})

var duckPure = lazy.New(func() map[string]bool {
	m := setOf("any_value", "arg_max", "arg_min", "array_agg", "approx_count_distinct", "bool_and", "bool_or", "bit_count",
		"count_star", "median", "mode", "quantile", "quantile_cont", "quantile_disc", "stddev", "stddev_pop", "stddev_samp",
		"variance", "var_pop", "var_samp", "corr", "covar_pop", "histogram", "list", "list_value", "list_contains",
		"list_distinct", "list_sort", "list_aggregate", "list_extract", "array_length", "len", "unnest", "range",
		"regexp_matches", "regexp_replace", "regexp_extract", "regexp_full_match", "string_split", "str_split", "split_part",
		"starts_with", "ends_with", "contains", "prefix", "suffix", "left", "right", "lpad", "rpad", "repeat", "reverse",
		"strip_accents", "md5", "sha256", "hash", "date_trunc", "date_part", "datepart", "date_diff", "datediff",
		"date_add", "epoch", "epoch_ms", "now", "current_date", "today", "strptime", "to_timestamp", "make_date",
		"make_timestamp", "year", "month", "day", "hour", "minute", "second", "dayofweek", "week", "try_cast",
		"greatest", "least", "struct_pack", "struct_extract", "map", "element_at", "columns", "version", "typeof",
		"array_to_string", "string_agg", "list_aggregate", "row", "isnan", "isinf", "bar", "format_bytes", "to_json",
		"json_extract_string", "json_keys", "json_structure", "levenshtein", "jaccard", "damerau_levenshtein")
	for f := range pureSQLFunctions.Get() {
		m[f] = true
	}
	for f := range duckFileReaders.Get() {
		m[f] = true
	}
	return m
})
