package project

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// StepKind says what one step of a runner's script is.
type StepKind uint8

// Kinds of step.
const (
	// ShellStep is a command line, judged as the shell command it is. A
	// runner that splits it into words itself (pdm's cmd, pipenv) runs no
	// shell, so reading it as shell code is the stricter reading.
	ShellStep StepKind = iota
	// CallStep is a Python callable, "pkg.mod:func" or "pkg.mod:func(args)".
	CallStep
	// OpaqueStep is something arbiter does not read (a PHP callback, a
	// Ruby task); Text says what.
	OpaqueStep
)

// ScriptStep is one thing a runner's script runs.
type ScriptStep struct {
	Kind StepKind
	Text string
	// From names the table entry it comes from ("pre_test", "test").
	From string
	// Args is set for the steps the command's own extra arguments go to.
	Args bool
	// Env lists NAME=VALUE settings the runner makes for the step.
	Env []string
	// Dir is the folder the step runs in (absolute).
	Dir string
}

// Scripts is a runner's table of named scripts, read from File; each
// name maps to the steps running it runs, hooks included, in order.
type Scripts struct {
	File  string
	Names map[string][]ScriptStep
	// Always lists the steps every run runs first, whatever the name
	// (pixi's activation scripts), a name of no entry included.
	Always []ScriptStep
}

// maxRefs bounds how deep scripts that name other scripts are followed.
const maxRefs = 8

// ErrNoTable says that the file exists but holds no table for the runner.
var ErrNoTable = errors.New("no table of scripts")

// FindUp walks up from dir to the nearest folder holding one of names,
// never above root, and returns that file. It returns an error wrapping
// fs.ErrNotExist when there is none within the project.
func FindUp(dir, root string, names ...string) (string, error) {
	dir, root = filepath.Clean(dir), filepath.Clean(root)
	if !within(dir, root) {
		return "", fmt.Errorf("%s is outside the project %s", dir, root)
	}
	for {
		for _, n := range names {
			p := filepath.Join(dir, n)
			_, err := os.Lstat(p)
			if err == nil {
				return p, nil
			}
			if !IsNotExist(err) {
				return "", err
			}
		}
		if dir == root || filepath.Dir(dir) == dir {
			return "", fmt.Errorf("no %s from %s up to %s: %w", strings.Join(names, " or "), dir, root, os.ErrNotExist)
		}
		dir = filepath.Dir(dir)
	}
}

// readTOML reads a TOML file of at most MaxManifest bytes.
func readTOML(path string) (map[string]any, error) {
	data, size, err := readBounded(path, MaxManifest)
	if err != nil {
		return nil, err
	}
	if size > MaxManifest {
		return nil, fmt.Errorf("%s of %d bytes is over the %d read", path, size, MaxManifest)
	}
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s is not valid TOML: %w", path, err)
	}
	return doc, nil
}

// table follows keys down nested TOML tables; nil when one is missing.
func table(doc map[string]any, keys ...string) map[string]any {
	for _, k := range keys {
		next, ok := doc[k].(map[string]any)
		if !ok {
			return nil
		}
		doc = next
	}
	return doc
}

// stringList reads a string or a list of strings, as TOML and YAML decode them.
func stringList(v any, what string) ([]string, error) {
	switch x := v.(type) {
	case string:
		return []string{x}, nil
	case []any:
		out := make([]string, 0, len(x))
		for _, e := range x {
			s, ok := e.(string)
			if !ok {
				return nil, fmt.Errorf("%s holds a %T, not a string", what, e)
			}
			out = append(out, s)
		}
		return out, nil
	}
	return nil, fmt.Errorf("%s is a %T, neither a string nor a list of strings", what, v)
}

// envList reads a table of environment variables as sorted NAME=VALUE.
func envList(v any, what string) ([]string, error) {
	if v == nil {
		return nil, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s is not a table", what)
	}
	out := make([]string, 0, len(m))
	for k, val := range m {
		s, ok := val.(string)
		if !ok {
			return nil, fmt.Errorf("%s.%s is not a string", what, k)
		}
		out = append(out, k+"="+s)
	}
	slices.Sort(out)
	return out, nil
}

// QuoteWords joins words into a shell command line that gives them back.
func QuoteWords(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		if w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == "" {
			out[i] = w
			continue
		}
		out[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	return strings.Join(out, " ")
}
