package policy

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// migrationLoad says where a migration tool finds the project code it
// loads before any subcommand, and what that code is.
type migrationLoad struct {
	names []string // configuration files, nearest first
	up    bool     // searched from the working folder up to the root
	code  string   // what the configuration makes the tool load
}

// migrationLoads are the migration tools whose configuration is, or
// names, project code that every subcommand loads: alembic runs env.py
// and imports each revision script, knex requires the knexfile and the
// migration modules, prisma runs prisma.config.ts. None is read (their
// code imports the project's models), so a configuration that exists
// defers naming it; with none the tool stops with an error.
var migrationLoads = lazy.New(func() map[string]migrationLoad {
	return map[string]migrationLoad{
		"alembic": {names: []string{"alembic.ini", "pyproject.toml"}, code: "the env.py and revision scripts it names, Python"},
		"knex":    {names: []string{"knexfile.js", "knexfile.ts", "knexfile.cjs", "knexfile.mjs", "knexfile.cts", "knexfile.mts", "knexfile.coffee", "knexfile.ls"}, up: true, code: "the migrations it names, JavaScript"},
		"prisma":  {names: []string{"prisma.config.ts", "prisma.config.js", "prisma.config.mjs", "prisma.config.cjs", "prisma.config.mts", "prisma.config.cts", ".config/prisma.ts", ".config/prisma.js", ".config/prisma.mjs", ".config/prisma.cjs", ".config/prisma.mts", ".config/prisma.cts"}, code: "what it imports, TypeScript or JavaScript"},
	}
})

// migrationCode defers a migration tool run where its configuration is
// found, naming the file.
func (j *judgement) migrationCode(c *shell.Command, subj string) {
	load, ok := migrationLoads.Get()[c.Program]
	if !ok || hasFlag(c, 0, "--help", "-h", "--version") {
		return
	}
	j.loadsProjectCode(c, subj, projectLoad{
		what: "its configuration",
		writes: func(base string) bool {
			return contains(load.names, base) || contains(load.names, ".config/"+base)
		},
		find: func(dir string) (string, error) { return load.find(c.Program, dir) },
		found: func(f string) string {
			return c.Program + " loads " + f + " and " + load.code + " that arbiter does not read"
		},
	})
}

// find returns the configuration file the tool loads from dir.
func (l migrationLoad) find(program, dir string) (string, error) {
	var f string
	var err error
	if l.up {
		f, err = project.FindToRoot(dir, l.names...)
	} else {
		f, err = project.FindUp(dir, dir, l.names...)
	}
	if err == nil && program == "alembic" && path.Base(f) == "pyproject.toml" && !namesTable(f, "[tool.alembic") {
		return "", fmt.Errorf("%s has no [tool.alembic] table: %w", f, fs.ErrNotExist) // configures nothing
	}
	return f, err
}

// maxConfigScan bounds what is read of a configuration file looked at
// for one table; a larger one is taken to hold it.
const maxConfigScan = 1 << 20

// namesTable reports whether a configuration file holds a table header;
// one that cannot be read whole is taken to hold it.
func namesTable(file, header string) bool {
	f, err := os.Open(file)
	if err != nil {
		return true
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxConfigScan+1))
	return err != nil || len(data) > maxConfigScan || bytes.Contains(data, []byte(header))
}

// djangoSettings defers every django-admin command: before any of them,
// version and help included, Django reads settings.INSTALLED_APPS, which
// imports the settings module named by --settings or DJANGO_SETTINGS_MODULE
// (which the user's shell may export, so its absence from the command line
// proves nothing), and sets up every installed app: project Python that
// arbiter does not read.
func (j *judgement) djangoSettings(c *shell.Command, subj string) {
	j.fireWith(catalog.UUnreadableScript, subj, "django-admin imports the settings module (DJANGO_SETTINGS_MODULE or --settings) and sets up every installed app before any command, its version and help included: project Python that arbiter does not read")
}
