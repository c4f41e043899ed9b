package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"

	"github.com/arbitergate/arbiter/internal/lazyregexp"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// databaseClient judges psql, mysql, sqlite3, mongosh, redis-cli and the
// like: the query they are given is read for what destroys data (B1);
// other queries defer; without a query they would wait for a person.
func (j *judgement) databaseClient(c *shell.Command) {
	subj := c.String()
	switch c.Program {
	case "dropdb", "dropuser":
		j.fire(catalog.B1DatabaseDrop, subj)
		return
	case "createdb":
		j.productionDatabase(c, subj)
		j.fireWith(catalog.D5Build, subj, "creates an empty database")
		return
	}
	if versionOnly(c) {
		j.fireWith(catalog.D1ReadOnly, subj, "prints the client's version or help")
		return
	}
	if c.Program == "sqlite3" && j.sqliteRead(c) || c.Program == "duckdb" && j.duckdbRead(c) {
		return
	}
	query, known, ok := j.databaseQuery(c)
	switch {
	case !ok && len(c.Args) == 0:
		j.fireInstead(catalog.H8Interactive, subj, c.Program+" is interactive and hangs the agent", "pass the query with -c or -e, or a file with -f")
		return
	case !ok:
		j.fire(catalog.CDatabase, subj)
		return
	}
	if !known {
		j.fireWith(catalog.CDatabase, subj, "runs database commands arbiter cannot read in advance")
		return
	}
	j.productionDatabase(c, subj)
	if c.Program == "redis-cli" && redisStatusOnly(query) {
		j.fireWith(catalog.D1ReadOnly, subj, "asks the Redis server whether it answers, or for its key count or state, reading no stored value")
		return
	}
	j.judgeQuery(query, c.Program == "redis-cli", subj)
}

// redisStatusOnly reports whether a redis-cli command is PING, DBSIZE or
// INFO (with an optional section name): they read no stored value.
func redisStatusOnly(query string) bool {
	f := strings.Fields(query)
	switch {
	case len(f) == 1 && (strings.EqualFold(f[0], "PING") || strings.EqualFold(f[0], "DBSIZE")):
		return true
	case len(f) <= 2 && len(f) >= 1 && strings.EqualFold(f[0], "INFO"):
		return len(f) == 1 || isWord(f[1])
	}
	return false
}

// isWord reports whether s is letters only (an INFO section name).
func isWord(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return s != ""
}

// versionOnly reports whether a client's one word is --version or
// --help: it prints and exits without connecting or reading a query.
func versionOnly(c *shell.Command) bool {
	return len(c.Args) == 1 && (c.Args[0].Text == "--version" || c.Args[0].Text == "--help") && c.Stdin.Kind == shell.NoInput
}

// databaseQuery finds the query a client runs: an option's value, a file
// it reads (read from disk, bounded), standard input, or sqlite3's and
// redis-cli's operands. ok is false when there is none; known is false
// when there is one that cannot be read.
func (j *judgement) databaseQuery(c *shell.Command) (query string, known, ok bool) {
	var parts []string
	readFile := func(name string) bool {
		f, err := j.read(j.res.Resolve(name, c.Dir))
		switch {
		case project.IsNotExist(err):
			return true // the client fails; nothing runs
		case err != nil || f.Kind != project.Text:
			return false
		}
		parts = append(parts, f.Text)
		return true
	}
	known = true
	for k, a := range c.Args {
		next := ""
		if k+1 < len(c.Args) {
			next = c.Args[k+1].Text
		}
		t := a.Text
		switch {
		case t == "-c" || t == "--command" || t == "-e" || t == "--execute" || t == "--eval" || t == "-cmd" || t == "--query":
			parts, ok = append(parts, next), true
			known = known && !(k+1 < len(c.Args) && c.Args[k+1].Dynamic)
		case strings.HasPrefix(t, "--command=") || strings.HasPrefix(t, "--execute=") || strings.HasPrefix(t, "--eval="):
			_, v, _ := strings.Cut(t, "=")
			parts, ok = append(parts, v), true
		case t == "-f" || t == "--file":
			ok = true
			known = known && readFile(next)
		case strings.HasPrefix(t, "--file="):
			ok = true
			known = known && readFile(t[len("--file="):])
		}
	}
	if !ok && c.Stdin.Kind != shell.NoInput {
		ok = true
		switch {
		case c.Stdin.Kind == shell.File:
			known = readFile(c.Stdin.Text)
		case c.Stdin.Known:
			parts = append(parts, c.Stdin.Text)
		default:
			known = false
		}
	}
	if !ok {
		ops := operands(c, "-h", "--host", "-p", "--port", "-U", "--username", "-u", "--user", "-d", "--dbname", "-D", "--database", "-n", "-a", "-P", "--password", "-S", "--socket", "-cmd", "-separator", "-nullvalue", "--tls", "--cacert")
		switch {
		case c.Program == "sqlite3" && len(ops) >= 2:
			parts, ok = append(parts, strings.Join(operandTexts(ops[1:]), " ")), true
		case c.Program == "redis-cli" && len(ops) >= 1:
			parts, ok = append(parts, strings.Join(operandTexts(ops), " ")), true
		}
	}
	return strings.Join(parts, ";\n"), known, ok
}

func operandTexts(ws []shell.Word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Text
	}
	return out
}

// judgeQuery judges a query by what its statements do.
func (j *judgement) judgeQuery(query string, redis bool, subj string) {
	if what := destroysData(query, redis); what != "" {
		j.fireWith(catalog.B1DeleteRecords, subj, what+", deleting data that may not be recoverable")
		return
	}
	j.fireWith(catalog.CDatabase, subj, "runs a database query")
}

var (
	reSQLNoise    = lazyregexp.New(`(?s)--[^\n]*|/\*.*?\*/|'(?:[^']|'')*'|"(?:[^"\\]|\\.)*"`)
	reTrivialTrue = lazyregexp.New(`(?i)\bWHERE\s+(?:\(\s*)*(?:TRUE|1|NOT\s+(?:FALSE|0)|(\w+|'')\s*=\s*(\w+|'')|\S+\s+IS\s+NOT\s+NULL|\S+\s+IS\s+NULL\s+OR\s+\S+\s+IS\s+NOT\s+NULL)\s*(?:\)\s*)*(?:;|$|\bOR\b)`)
	reMongoDrop   = lazyregexp.New(`(?i)\.(?:dropDatabase|drop|dropIndexes|dropUser|dropAllUsers)\s*\(|\.(?:deleteMany|remove)\s*\(\s*\{\s*\}|\.(?:deleteMany|deleteOne|remove|findOneAndDelete|findAndModify)\s*\(`)
)

// destroysData reports, in words, what in a query deletes data: DROP,
// TRUNCATE, DELETE (all of a table's rows when it has no real WHERE),
// ALTER … DROP, UPDATE without WHERE, Mongo's drop and delete calls and
// Redis's FLUSHALL, FLUSHDB and DEL. "" when none does.
func destroysData(query string, redis bool) string {
	if redis {
		for _, f := range strings.Fields(strings.ToUpper(query)) {
			switch f {
			case "FLUSHALL", "FLUSHDB":
				return "empties the Redis database with " + f
			case "DEL", "UNLINK", "GETDEL", "EXPIRE":
				return "deletes Redis keys"
			}
		}
		return ""
	}
	if reMongoDrop.MatchString(query) {
		return "drops or deletes MongoDB data"
	}
	// Literals and comments are data, not statements.
	text := reSQLNoise.ReplaceAllStringFunc(query, func(m string) string {
		if strings.HasPrefix(m, "'") || strings.HasPrefix(m, `"`) {
			return "''"
		}
		return " "
	})
	for _, stmt := range strings.Split(text, ";") {
		words := strings.Fields(strings.ToUpper(stmt))
		for len(words) > 0 && (words[0] == "BEGIN" || words[0] == "(" || strings.HasPrefix(words[0], "WITH")) {
			words = words[1:]
		}
		if len(words) == 0 {
			continue
		}
		s := " " + strings.Join(words, " ") + " "
		switch words[0] {
		case "DROP":
			return "drops database objects (" + strings.Join(words[:min(3, len(words))], " ") + ")"
		case "TRUNCATE":
			return "truncates tables"
		case "DELETE":
			if !strings.Contains(s, " WHERE ") || trivialTrue(stmt) {
				return "deletes every row of a table"
			}
			return "deletes records"
		case "UPDATE":
			if !strings.Contains(s, " WHERE ") || trivialTrue(stmt) {
				return "overwrites every row of a table"
			}
		case "ALTER":
			if strings.Contains(s, " DROP ") {
				return "drops columns or constraints"
			}
		}
		if strings.Contains(s, " DELETE FROM ") || strings.Contains(s, " DROP TABLE ") || strings.Contains(s, " TRUNCATE ") {
			return "deletes records"
		}
	}
	return ""
}

// trivialTrue reports a WHERE clause that holds for every row: TRUE, 1,
// NOT FALSE, a comparison of a thing with itself (1=1, id = id), or a
// column that is null or not. id = 1 is not one.
func trivialTrue(stmt string) bool {
	for _, m := range reTrivialTrue.FindAllStringSubmatch(stmt, -1) {
		if m[1] == "" && m[2] == "" || strings.EqualFold(m[1], m[2]) {
			return true
		}
	}
	return false
}

// sqlToolFields are the input fields in which tools that run SQL take it.
var sqlToolFields = []string{"sql", "query", "statement", "statements", "command"}

// IsSQLTool reports whether a tool name is an MCP tool that runs SQL
// (mcp__postgres__query, mcp__supabase__execute_sql, …).
func IsSQLTool(name string) bool {
	if !strings.HasPrefix(name, "mcp__") {
		return false
	}
	last := strings.ToLower(name[strings.LastIndex(name, "__")+2:])
	switch last {
	case "query", "execute_sql", "run_sql", "sql", "execute", "execute_query", "run_query", "exec_sql", "query_sql", "read_query", "write_query":
		return true
	}
	return false
}

// sqlTool judges an MCP tool call that runs SQL by reading its SQL the way
// a database client's query is read; true when the input carries SQL.
func (j *judgement) sqlTool(name string, input map[string]any) bool {
	for _, f := range sqlToolFields {
		if q, ok := input[f].(string); ok && q != "" {
			j.judgeQuery(q, false, name)
			return true
		}
	}
	return false
}

// Modes of database and migration tools.
type dbModeKind uint8

const (
	dbRoutine dbModeKind = iota // generates, validates, formats or reports
	dbApply                     // applies migrations or writes data
	dbDestroy                   // drops, resets, recreates or accepts data loss
)

type dbMode struct {
	words string   // the subcommand words, space-separated ("migrate reset")
	flags []string // when set, the mode needs one of these options
	kind  dbModeKind
}

// migrationModes lists each migration tool's modes, most specific first.
// Subcommands not listed defer: only what is listed is known.
var migrationModes = lazy.New(func() map[string][]dbMode {
	return map[string][]dbMode{
		"rails": {
			{words: "db:drop", kind: dbDestroy}, {words: "db:reset", kind: dbDestroy}, {words: "db:schema:load", kind: dbDestroy}, {words: "db:structure:load", kind: dbDestroy},
			{words: "db:purge", kind: dbDestroy}, {words: "db:truncate_all", kind: dbDestroy}, {words: "db:migrate:reset", kind: dbDestroy}, {words: "db:test:purge", kind: dbDestroy},
			{words: "db:migrate:status", kind: dbRoutine}, {words: "db:version", kind: dbRoutine}, {words: "db:schema:dump", kind: dbRoutine}, {words: "db:abort_if_pending_migrations", kind: dbRoutine},
			{words: "db:migrate", kind: dbApply}, {words: "db:rollback", kind: dbApply}, {words: "db:seed", kind: dbApply}, {words: "db:setup", kind: dbApply}, {words: "db:prepare", kind: dbApply}, {words: "db:create", kind: dbApply}, {words: "db:fixtures:load", kind: dbApply},
		},
		"alembic": {
			{words: "downgrade base", kind: dbDestroy},
			{words: "upgrade", kind: dbApply}, {words: "downgrade", kind: dbApply}, {words: "stamp", kind: dbApply},
			{words: "revision", kind: dbRoutine}, {words: "current", kind: dbRoutine}, {words: "history", kind: dbRoutine}, {words: "heads", kind: dbRoutine}, {words: "branches", kind: dbRoutine}, {words: "show", kind: dbRoutine}, {words: "check", kind: dbRoutine}, {words: "init", kind: dbRoutine}, {words: "merge", kind: dbRoutine},
		},
		"prisma": {
			{words: "migrate reset", kind: dbDestroy}, {words: "db push", flags: []string{"--accept-data-loss", "--force-reset"}, kind: dbDestroy}, {words: "migrate dev", flags: []string{"--force"}, kind: dbDestroy},
			// The shadow database is reset before the migrations are applied
			// to it: one named by hand loses what it holds.
			{words: "migrate diff", flags: []string{"--shadow-database-url"}, kind: dbDestroy},
			{words: "migrate status", kind: dbRoutine}, {words: "migrate diff", kind: dbRoutine}, {words: "generate", kind: dbRoutine}, {words: "validate", kind: dbRoutine}, {words: "format", kind: dbRoutine}, {words: "version", kind: dbRoutine}, {words: "init", kind: dbRoutine}, {words: "db pull", kind: dbRoutine},
			{words: "migrate dev", kind: dbApply}, {words: "migrate deploy", kind: dbApply}, {words: "migrate resolve", kind: dbApply}, {words: "db push", kind: dbApply}, {words: "db seed", kind: dbApply}, {words: "db execute", kind: dbApply},
		},
		"knex": {
			{words: "migrate:rollback", flags: []string{"--all"}, kind: dbDestroy},
			{words: "migrate:make", kind: dbRoutine}, {words: "seed:make", kind: dbRoutine}, {words: "migrate:status", kind: dbRoutine}, {words: "migrate:list", kind: dbRoutine}, {words: "migrate:currentVersion", kind: dbRoutine}, {words: "init", kind: dbRoutine},
			{words: "migrate:latest", kind: dbApply}, {words: "migrate:up", kind: dbApply}, {words: "migrate:down", kind: dbApply}, {words: "migrate:rollback", kind: dbApply}, {words: "seed:run", kind: dbApply}, {words: "migrate:unlock", kind: dbApply},
		},
		"sequelize": {
			{words: "db:drop", kind: dbDestroy}, {words: "db:migrate:undo:all", kind: dbDestroy}, {words: "db:seed:undo:all", kind: dbDestroy},
			{words: "migration:generate", kind: dbRoutine}, {words: "migration:create", kind: dbRoutine}, {words: "model:generate", kind: dbRoutine}, {words: "model:create", kind: dbRoutine}, {words: "seed:generate", kind: dbRoutine}, {words: "seed:create", kind: dbRoutine}, {words: "init", kind: dbRoutine}, {words: "db:migrate:status", kind: dbRoutine},
			{words: "db:migrate", kind: dbApply}, {words: "db:migrate:undo", kind: dbApply}, {words: "db:seed", kind: dbApply}, {words: "db:seed:all", kind: dbApply}, {words: "db:seed:undo", kind: dbApply}, {words: "db:create", kind: dbApply},
		},
		"typeorm": {
			{words: "schema:drop", kind: dbDestroy}, {words: "schema:sync", kind: dbDestroy},
			{words: "migration:generate", kind: dbRoutine}, {words: "migration:create", kind: dbRoutine}, {words: "migration:show", kind: dbRoutine}, {words: "schema:log", kind: dbRoutine}, {words: "entity:create", kind: dbRoutine}, {words: "subscriber:create", kind: dbRoutine}, {words: "init", kind: dbRoutine}, {words: "version", kind: dbRoutine},
			{words: "migration:run", kind: dbApply}, {words: "migration:revert", kind: dbApply}, {words: "query", kind: dbApply},
		},
		"flyway": {
			{words: "clean", kind: dbDestroy},
			{words: "info", kind: dbRoutine}, {words: "validate", kind: dbRoutine},
			{words: "migrate", kind: dbApply}, {words: "repair", kind: dbApply}, {words: "baseline", kind: dbApply}, {words: "undo", kind: dbApply},
		},
		"liquibase": {
			{words: "dropAll", kind: dbDestroy}, {words: "drop-all", kind: dbDestroy},
			{words: "status", kind: dbRoutine}, {words: "validate", kind: dbRoutine}, {words: "history", kind: dbRoutine}, {words: "diff", kind: dbRoutine}, {words: "update-sql", kind: dbRoutine}, {words: "updateSQL", kind: dbRoutine}, {words: "generate-changelog", kind: dbRoutine}, {words: "generateChangeLog", kind: dbRoutine},
			{words: "update", kind: dbApply}, {words: "rollback", kind: dbApply}, {words: "rollback-count", kind: dbApply}, {words: "rollbackCount", kind: dbApply}, {words: "tag", kind: dbApply}, {words: "changelog-sync", kind: dbApply},
		},
		"django": {
			{words: "flush", kind: dbDestroy}, {words: "reset_db", kind: dbDestroy}, {words: "migrate", flags: []string{"zero"}, kind: dbDestroy},
			{words: "makemigrations", kind: dbRoutine}, {words: "showmigrations", kind: dbRoutine}, {words: "sqlmigrate", kind: dbRoutine}, {words: "sqlflush", kind: dbRoutine}, {words: "check", kind: dbRoutine}, {words: "test", kind: dbRoutine}, {words: "diffsettings", kind: dbRoutine}, {words: "inspectdb", kind: dbRoutine}, {words: "startapp", kind: dbRoutine}, {words: "startproject", kind: dbRoutine}, {words: "compilemessages", kind: dbRoutine}, {words: "makemessages", kind: dbRoutine}, {words: "collectstatic", kind: dbRoutine}, {words: "version", kind: dbRoutine}, {words: "help", kind: dbRoutine}, {words: "runserver", kind: dbRoutine},
			{words: "migrate", kind: dbApply}, {words: "loaddata", kind: dbApply}, {words: "createsuperuser", kind: dbApply}, {words: "squashmigrations", kind: dbRoutine}, {words: "dumpdata", kind: dbApply}, {words: "dbshell", kind: dbApply}, {words: "createcachetable", kind: dbApply},
		},
		"drizzle-kit": {
			{words: "drop", kind: dbDestroy}, {words: "push", flags: []string{"--force"}, kind: dbDestroy},
			{words: "generate", kind: dbRoutine}, {words: "check", kind: dbRoutine}, {words: "up", kind: dbRoutine}, {words: "introspect", kind: dbRoutine}, {words: "pull", kind: dbRoutine},
			{words: "push", kind: dbApply}, {words: "migrate", kind: dbApply},
		},
		"diesel": {
			{words: "database reset", kind: dbDestroy}, {words: "database drop", kind: dbDestroy},
			{words: "migration generate", kind: dbRoutine}, {words: "migration list", kind: dbRoutine}, {words: "migration pending", kind: dbRoutine}, {words: "print-schema", kind: dbRoutine},
			{words: "migration run", kind: dbApply}, {words: "migration revert", kind: dbApply}, {words: "migration redo", kind: dbApply}, {words: "database setup", kind: dbApply}, {words: "setup", kind: dbApply},
		},
		"goose": {
			{words: "reset", kind: dbDestroy},
			{words: "status", kind: dbRoutine}, {words: "version", kind: dbRoutine}, {words: "create", kind: dbRoutine}, {words: "validate", kind: dbRoutine}, {words: "fix", kind: dbRoutine},
			{words: "up", kind: dbApply}, {words: "up-by-one", kind: dbApply}, {words: "up-to", kind: dbApply}, {words: "down", kind: dbApply}, {words: "down-to", kind: dbApply}, {words: "redo", kind: dbApply},
		},
		"dbmate": {
			{words: "drop", kind: dbDestroy},
			{words: "new", kind: dbRoutine}, {words: "status", kind: dbRoutine}, {words: "dump", kind: dbRoutine},
			{words: "up", kind: dbApply}, {words: "migrate", kind: dbApply}, {words: "rollback", kind: dbApply}, {words: "down", kind: dbApply}, {words: "create", kind: dbApply},
		},
		"atlas": {
			{words: "schema clean", kind: dbDestroy},
			{words: "schema inspect", kind: dbRoutine}, {words: "schema diff", kind: dbRoutine}, {words: "schema fmt", kind: dbRoutine}, {words: "migrate lint", kind: dbRoutine}, {words: "migrate status", kind: dbRoutine}, {words: "migrate diff", kind: dbRoutine}, {words: "migrate validate", kind: dbRoutine}, {words: "migrate new", kind: dbRoutine}, {words: "migrate hash", kind: dbRoutine}, {words: "version", kind: dbRoutine},
			{words: "schema apply", kind: dbApply}, {words: "migrate apply", kind: dbApply}, {words: "migrate down", kind: dbApply},
		},
		"sqlx": {
			{words: "database drop", kind: dbDestroy}, {words: "database reset", kind: dbDestroy},
			{words: "migrate add", kind: dbRoutine}, {words: "migrate info", kind: dbRoutine}, {words: "prepare", kind: dbRoutine},
			{words: "migrate run", kind: dbApply}, {words: "migrate revert", kind: dbApply}, {words: "database create", kind: dbApply}, {words: "database setup", kind: dbApply},
		},
	}
})

// migrationTool judges a database migration tool by its mode.
func (j *judgement) migrationTool(c *shell.Command) {
	subj := c.String()
	tool := c.Program
	switch tool {
	case "django-admin":
		tool = "django"
		j.djangoSettings(c, subj)
	case "sequelize-cli":
		tool = "sequelize"
	case "rake":
		tool = "rails"
		j.rakeTasks(c, subj)
	case "rails":
		j.railsApp(c, subj)
	}
	j.migrationCode(c, subj)
	ops := operands(c, "-e", "--env", "--environment", "-c", "--config", "--schema", "--knexfile", "--url", "--settings", "-x", "--name", "-n", "--database-url", "--migrations-path", "--dir", "-d", "--database", "-m", "--message")
	j.databaseMode(c, tool, ops, subj)
}

// djangoManage judges python manage.py COMMAND, the project's own entry
// point whose built-in commands include flushing the database.
func (j *judgement) djangoManage(c *shell.Command, args []shell.Word, subj string) {
	var ops []shell.Word
	for _, a := range args {
		if !strings.HasPrefix(a.Text, "-") {
			ops = append(ops, a)
		}
	}
	if len(ops) == 0 {
		return
	}
	for _, m := range migrationModes.Get()["django"] {
		if m.words == ops[0].Text {
			j.databaseMode(c, "django", ops, subj)
			return
		}
	}
}

func (j *judgement) databaseMode(c *shell.Command, tool string, ops []shell.Word, subj string) {
	if hasFlag(c, 0, "--help", "--version") || len(ops) > 0 && ops[0].Text == "help" {
		j.fireWith(catalog.D1ReadOnly, subj, "prints help")
		return
	}
	words := strings.Join(operandTexts(ops), " ")
	if tool == "rails" && (len(ops) == 0 || !strings.HasPrefix(ops[0].Text, "db:")) {
		// Other rails and rake tasks: tests, generators, servers.
		if len(ops) > 0 && j.scriptName(ops[0].Text, ops[1:], subj) {
			return
		}
		j.productionDatabase(c, subj)
		j.fireWith(catalog.D5Build, subj, "runs a "+c.Program+" task that does not touch the database")
		return
	}
	for _, m := range migrationModes.Get()[tool] {
		if !(words == m.words || strings.HasPrefix(words, m.words+" ")) {
			continue
		}
		if len(m.flags) > 0 && !anyWord(c, m.flags) {
			continue
		}
		switch m.kind {
		case dbDestroy:
			j.fire(catalog.B1DatabaseReset, subj)
		case dbApply:
			if !j.productionDatabase(c, subj) {
				j.fire(catalog.CDatabaseMigrate, subj)
			}
		default:
			if !j.productionDatabase(c, subj) {
				j.fireWith(catalog.D5Build, subj, "generates, checks or reports on the database schema without changing data")
			}
		}
		return
	}
	j.fireWith(catalog.UUnknownSubcommand, subj, "arbiter has no rule for "+c.Program+" "+words)
}

func anyWord(c *shell.Command, words []string) bool {
	for _, a := range c.Args {
		for _, w := range words {
			if a.Text == w || strings.HasPrefix(a.Text, w+"=") {
				return true
			}
		}
	}
	return false
}

var reProduction = lazyregexp.New(`(?i)_PRODUCTION_|\b(?:RAILS|RACK|NODE|APP|FLASK|MIX|DJANGO|ASPNETCORE|DOTNET|ENV|STAGE|ENVIRONMENT|DEPLOY)_?(?:ENV|ENVIRONMENT|STAGE|SETTINGS_MODULE)?\s*=\s*["']?[\w.]*\bprod(?:uction)?\b|--(?:env|environment|stage|settings)[= ]["']?[\w.]*\bprod(?:uction)?\b|-e\s+prod(?:uction)?\b|://[^\s/]*\bprod(?:uction)?\b[^\s/]*|\b(?:-h|--host)[= ]?\S*\bprod(?:uction)?\b`)

// productionDatabase defers a database command that points at
// production: an environment variable, an option or a URL that names it.
// True when it does.
func (j *judgement) productionDatabase(c *shell.Command, subj string) bool {
	text := c.String()
	if m, err := j.inputMap(); err == nil {
		text += "\n" + stringField(m, "command")
	}
	if !reProduction.MatchString(text) {
		return false
	}
	j.fire(catalog.CProductionDatabase, subj)
	return true
}

// databaseBatch judges a database client given a query; true when judged.
func (j *judgement) databaseBatch(c *shell.Command, ops []shell.Word) bool {
	subj := c.String()
	query := ""
	for k, a := range c.Args {
		switch a.Text {
		case "-c", "--command", "-e", "--execute", "--eval", "-f", "--file", "-cmd":
			if k+1 < len(c.Args) {
				query = c.Args[k+1].Text
			}
		}
		if v, ok := strings.CutPrefix(a.Text, "--command="); ok {
			query = v
		}
	}
	switch {
	case query == "" && c.Stdin.Kind != shell.NoInput:
		query = c.Stdin.Text
	case query == "" && c.Program == "sqlite3" && len(ops) >= 2:
		query = ops[len(ops)-1].Text
	case query == "" && c.Program == "redis-cli" && len(ops) >= 1:
		query = strings.Join(c.ArgTexts(), " ")
	}
	if query == "" {
		return false
	}
	up := strings.ToUpper(query)
	for _, word := range []string{"DROP ", "TRUNCATE ", "DELETE ", "ALTER ", "UPDATE ", "FLUSHALL", "FLUSHDB", "DROPDATABASE", "DROP(", ".DROP(", "DELETEMANY", "REMOVE("} {
		if strings.Contains(up, word) {
			j.fire(catalog.B1DeleteRecords, subj)
			return true
		}
	}
	j.fireWith(catalog.CDatabase, subj, "runs a database query")
	return true
}
