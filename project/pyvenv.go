package project

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
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
