package policy

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

// golangciFiles are the configurations golangci-lint looks for, in each
// folder from the one it runs in up; golangciConfig the options naming
// the one it reads instead.
var (
	golangciFiles = lazy.New(func() []string {
		return []string{".golangci.yml", ".golangci.yaml", ".golangci.toml", ".golangci.json"}
	})
	golangciConfig = lazy.New(func() []string { return []string{"-c", "--config"} })
)

// golangciPlugins defers golangci-lint when its configuration names
// custom linters, Go plugins (shared objects) it loads, which arbiter
// cannot read.
func (j *judgement) golangciPlugins(c *shell.Command, subj string) {
	if shell.Canonical(c.Program) != "golangci-lint" || c.DirUnknown {
		return
	}
	dir := j.res.Resolve(".", c.Dir)
	var files []string
	for k, a := range c.Args {
		name, value, eq := strings.Cut(a.Text, "=")
		if !slices.Contains(golangciConfig.Get(), name) {
			continue
		}
		if !eq && k+1 < len(c.Args) {
			value = c.Args[k+1].Text
		}
		files = []string{j.res.Resolve(value, dir)}
	}
	// Without one named, every folder up is read, which is never less.
	for d := dir; files == nil; d = filepath.Dir(d) {
		for _, f := range golangciFiles.Get() {
			if p := filepath.Join(d, f); fileExistsAt(p) {
				files = append(files, p)
			}
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	for _, p := range files {
		text, ok := j.readBuildFile(p, "golangci-lint's configuration", subj)
		if !ok {
			continue
		}
		var v any
		var err error
		if filepath.Ext(p) == ".json" {
			err = json.Unmarshal([]byte(text), &v)
		} else {
			v, err = decodeConfig(p, []byte(text))
		}
		if err != nil {
			j.fireWith(catalog.UBuildCode, subj, "arbiter cannot read "+j.shownPath(p)+" ("+err.Error()+"), so it cannot tell which plugins golangci-lint loads")
			continue
		}
		if customLinters(v) {
			j.fireWith(catalog.UBuildCode, subj, "golangci-lint loads the custom linters "+j.shownPath(p)+" names, Go plugins arbiter cannot read")
		}
	}
}

// customLinters reports whether a configuration sets custom linters
// (linters-settings.custom, or linters.settings.custom in version 2).
func customLinters(v any) bool {
	m, _ := v.(map[string]any)
	if s, ok := m["linters-settings"].(map[string]any); ok && s["custom"] != nil {
		return true
	}
	l, _ := m["linters"].(map[string]any)
	s, _ := l["settings"].(map[string]any)
	return s["custom"] != nil
}
