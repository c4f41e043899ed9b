package project

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// What a virtual environment adds to Python's module search path. Its
// site module puts VENV/lib/pythonX.Y/site-packages on sys.path, after the
// script's folder, PYTHONPATH and the standard library, and then every
// folder a line of a .pth file there names: that is how an editable
// install (pip install -e ., uv, poetry, hatch, pdm) makes a src/ layout
// or a package elsewhere in the project importable from any folder.

// PyvenvConfig reads pyvenv.cfg: "key = value" lines, keys lower-cased
// (venv, virtualenv and uv write them so; site.py reads them the same way).
func PyvenvConfig(text string) map[string]string {
	out := map[string]string{}
	for line := range strings.Lines(text) {
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		out[strings.ToLower(strings.TrimSpace(k))] = strings.TrimSpace(v)
	}
	return out
}

// VenvVersion is the interpreter's "X.Y" the configuration names
// (version, else version_info: "3.12.3", "3.12.3.final.0"); "" when it
// names none.
func VenvVersion(cfg map[string]string) string {
	for _, k := range []string{"version", "version_info"} {
		parts := strings.Split(cfg[k], ".")
		if len(parts) >= 2 && digits(parts[0]) && digits(parts[1]) {
			return parts[0] + "." + parts[1]
		}
	}
	return ""
}

func digits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// VenvSite returns the site-packages folder of the virtual environment
// dir: lib/pythonX.Y/site-packages for the version its configuration
// names, else the only lib/python3*/site-packages there is; "" when there
// is none (nothing is added to the path). Several, with none named by the
// configuration, is an error: which one Python uses cannot be told.
func VenvSite(dir string, cfg map[string]string) (string, error) {
	found, err := filepath.Glob(filepath.Join(globEscape(dir), "lib", "python3*", "site-packages"))
	if err != nil {
		return "", fmt.Errorf("listing the site-packages of %s: %w", dir, err)
	}
	var dirs []string
	for _, f := range found {
		if IsDir(f) {
			dirs = append(dirs, f)
		}
	}
	if v := VenvVersion(cfg); v != "" {
		// pythonX.Yt is the free-threaded build's folder.
		for _, name := range []string{"python" + v, "python" + v + "t"} {
			want := filepath.Join(dir, "lib", name, "site-packages")
			if slices.Contains(dirs, want) {
				return want, nil
			}
		}
	}
	switch len(dirs) {
	case 0:
		return "", nil
	case 1:
		return dirs[0], nil
	}
	return "", fmt.Errorf("%s has %d site-packages folders and its pyvenv.cfg names no version", dir, len(dirs))
}

// PthPaths returns the folders a .pth file in site adds to sys.path, as
// site.addpackage reads it: a line starting with # is a comment, a blank
// line is skipped, a line starting with "import" followed by a space or
// tab is code site runs at start-up (it adds no path here), and any other
// line, with trailing white space removed, is a path relative to site.
// Whether each exists is for the caller to check.
func PthPaths(text, site string) []string {
	text = strings.TrimPrefix(text, "\ufeff") // site decodes .pth files as utf-8-sig
	var out []string
	for line := range strings.Lines(text) {
		switch {
		case strings.HasPrefix(line, "#"), strings.TrimSpace(line) == "":
			continue
		case strings.HasPrefix(line, "import ") || strings.HasPrefix(line, "import\t"):
			continue
		}
		p := strings.TrimRight(line, " \t\r\n\v\f")
		if !filepath.IsAbs(p) {
			p = filepath.Join(site, p)
		}
		out = append(out, filepath.Clean(p))
	}
	return out
}

// PthRunsCode returns the first line of a .pth file that site.py runs as
// code (a line starting with "import" and a space or tab) and that is not
// one of those setuptools, virtualenv and editable installs write; ""
// when there is none.
func PthRunsCode(text string) string {
	text = strings.TrimPrefix(text, "\ufeff")
	for line := range strings.Lines(text) {
		if !strings.HasPrefix(line, "import ") && !strings.HasPrefix(line, "import\t") {
			continue
		}
		l := strings.TrimRight(line, " \t\r\n")
		if EditableFinder(l) != "" || l == "import _virtualenv" || knownPthLine.Get().MatchString(l) {
			continue
		}
		return l
	}
	return ""
}

// knownPthLine matches setuptools' distutils shim and the line it writes
// for each namespace package (-nspkg.pth), whose only parts that vary are
// the package's names.
var knownPthLine = lazy.New(func() *regexp.Regexp {
	name := `'[A-Za-z_][A-Za-z0-9_.]*'`
	distutils := `import os; var = 'SETUPTOOLS_USE_DISTUTILS'; enabled = os\.environ\.get\(var, '(?:local|stdlib)'\) == 'local'; enabled and __import__\('_distutils_hack'\)\.add_shim\(\);`
	nspkg := `import sys, types, os;has_mfs = sys\.version_info > \(3, 5\);p = os\.path\.join\(sys\._getframe\(1\)\.f_locals\['sitedir'\], \*\(` + name + `(?:, ` + name + `)*,?\)\);` +
		`importlib = has_mfs and __import__\('importlib\.util'\);has_mfs and __import__\('importlib\.machinery'\);` +
		`m = has_mfs and sys\.modules\.setdefault\(` + name + `, importlib\.util\.module_from_spec\(importlib\.machinery\.PathFinder\.find_spec\(` + name + `, \[os\.path\.dirname\(p\)\]\)\)\);` +
		`m = m or sys\.modules\.setdefault\(` + name + `, types\.ModuleType\(` + name + `\)\);mp = \(m or \[\]\) and m\.__dict__\.setdefault\('__path__',\[\]\);\(p not in mp\) and mp\.append\(p\)` +
		`(?:;m and setattr\(sys\.modules\[` + name + `\], ` + name + `, m\))?`
	return regexp.MustCompile(`^(?:` + distutils + `|` + nspkg + `)$`)
})

// EditableFinder returns the module setuptools' editable install finder
// a .pth line installs (import __editable___NAME_finder;
// __editable___NAME_finder.install()), "" for any other line.
func EditableFinder(line string) string {
	m := editableLine.Get().FindStringSubmatch(strings.TrimRight(line, " \t\r\n"))
	if m == nil || m[1] != m[2] {
		return ""
	}
	return m[1]
}

var editableLine = lazy.New(func() *regexp.Regexp {
	return regexp.MustCompile(`^import (__editable___[A-Za-z0-9_]+_finder); ?(__editable___[A-Za-z0-9_]+_finder)\.install\(\)$`)
})

// EditableMapping reads the MAPPING line of an editable install's finder
// (setuptools writes MAPPING: dict[str, str] = {'pkg': '/abs/src/pkg'},
// the repr of a dict): the top-level names it maps to the folder or file
// stem they are loaded from. False when there is no such line or it is
// not a dict of plain string literals.
func EditableMapping(text string) (map[string]string, bool) {
	for line := range strings.Lines(text) {
		rest, ok := strings.CutPrefix(line, "MAPPING")
		if !ok {
			continue
		}
		_, rest, ok = strings.Cut(rest, "=")
		if !ok {
			return nil, false
		}
		return parseStrDict(strings.TrimSpace(rest))
	}
	return nil, false
}

// parseStrDict reads the repr of a dict of str to str.
func parseStrDict(s string) (map[string]string, bool) {
	s, ok := strings.CutPrefix(s, "{")
	if !ok {
		return nil, false
	}
	out := map[string]string{}
	for {
		s = strings.TrimLeft(s, " ")
		if rest, ok := strings.CutPrefix(s, "}"); ok {
			if strings.TrimSpace(rest) != "" {
				return nil, false // more than the dict's repr: an expression
			}
			return out, true
		}
		k, rest, ok := pyStrLiteral(s)
		if !ok {
			return nil, false
		}
		rest, ok = strings.CutPrefix(strings.TrimLeft(rest, " "), ":")
		if !ok {
			return nil, false
		}
		v, rest, ok := pyStrLiteral(strings.TrimLeft(rest, " "))
		if !ok {
			return nil, false
		}
		out[k] = v
		rest = strings.TrimLeft(rest, " ")
		if r, ok := strings.CutPrefix(rest, ","); ok {
			rest = r
		} else if !strings.HasPrefix(rest, "}") {
			return nil, false
		}
		s = rest
	}
}

// pyStrLiteral reads one string literal as repr writes it: quoted with '
// or ", with the escapes repr uses for a path (\\, \', \", \t, \n, \r,
// \xHH, \uHHHH, \UHHHHHHHH). Anything else is not read.
func pyStrLiteral(s string) (string, string, bool) {
	if s == "" || s[0] != '\'' && s[0] != '"' {
		return "", "", false
	}
	q := s[0]
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == q:
			return b.String(), s[i+1:], true
		case c == '\n':
			return "", "", false
		case c != '\\':
			b.WriteByte(c)
			continue
		}
		if i+1 >= len(s) {
			return "", "", false
		}
		i++
		switch e := s[i]; e {
		case '\\', '\'', '"':
			b.WriteByte(e)
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 'x', 'u', 'U':
			n := 2
			if e == 'u' {
				n = 4
			} else if e == 'U' {
				n = 8
			}
			if i+n >= len(s) {
				return "", "", false
			}
			r, err := strconv.ParseUint(s[i+1:i+1+n], 16, 32)
			if err != nil || r > unicode.MaxRune {
				return "", "", false
			}
			b.WriteRune(rune(r))
			i += n
		default:
			return "", "", false
		}
	}
	return "", "", false
}

// InstalledEntryPoints returns the entry points of group in an installed
// distribution's entry_points.txt (an INI file: "[group]", then "name =
// module:attr [extras]" lines), each as its name and the module it
// imports (the object after the colon and the extras dropped), in order.
func InstalledEntryPoints(text, group string) [][2]string {
	var out [][2]string
	in := false
	for line := range strings.Lines(strings.TrimPrefix(text, "\ufeff")) {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";"):
			continue
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			in = strings.TrimSpace(line[1:len(line)-1]) == group
			continue
		case !in:
			continue
		}
		name, value, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		value, _, _ = strings.Cut(value, "[")
		module, _, _ := strings.Cut(value, ":")
		out = append(out, [2]string{strings.TrimSpace(name), strings.TrimSpace(module)})
	}
	return out
}
