package project

import (
	"bufio"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// A package manager or build tool reads settings from files in the
// project (and the folders above it) on every run. A few of them name a
// program it runs, code it loads, options for node or rustc, variables for
// what it starts, or a folder it writes: those are what the tool's
// environment variable of the same name would be (script-shell in .npmrc
// is npm_config_script_shell). FindToolSettings lists them; the rest of
// those files changes nothing that runs.

// SettingKind is what a setting's value is.
type SettingKind uint8

const (
	SettingProgram     SettingKind = iota // a program with arguments the tool runs
	SettingShell                          // the shell the tool runs scripts with
	SettingNodeOptions                    // options for every node process (NODE_OPTIONS)
	SettingRustFlags                      // options for rustc (RUSTFLAGS)
	SettingEnv                            // a variable for what the tool runs: Key is its name
	SettingWriteDir                       // a folder the tool writes its output to
	SettingCode                           // a file of code the tool loads (yarnPath, plugins, preload)
	SettingOther                          // something else that runs or loads, not followed
)

// ToolSetting is one such setting.
type ToolSetting struct {
	File  string // the file that sets it
	Key   string // as the file names it (target.x86_64-unknown-linux-gnu.runner)
	Kind  SettingKind
	Words []string // the value: a program and its arguments, options, or one path or value
	// Base is the folder a relative path in the value is taken from.
	Base string
}

// settingsFile is one kind of settings file and the programs that read it.
type settingsFile struct {
	names    []string // in a folder; the first that exists is read (cargo prefers .cargo/config)
	programs []string
	read     func(path string) ([]ToolSetting, error)
}

var settingsFiles = lazy.New(func() []settingsFile {
	npm := []string{"npm", "npx", "pnpm", "pnpx", "yarn", "bun", "bunx"}
	return []settingsFile{
		{[]string{".npmrc"}, npm, readNpmrc},
		{[]string{"pnpm-workspace.yaml"}, []string{"pnpm", "pnpx"}, readPnpmWorkspace},
		{[]string{".yarnrc"}, []string{"yarn"}, readYarnrc},
		{[]string{".yarnrc.yml", ".yarnrc.yaml"}, []string{"yarn"}, readYarnrcYAML},
		{[]string{"bunfig.toml"}, []string{"bun", "bunx"}, readBunfig},
		{[]string{".cargo/config", ".cargo/config.toml"}, []string{"cargo"}, readCargoSettings},
	}
})

// ReadsToolSettings reports whether program reads any of these files.
func ReadsToolSettings(program string) bool {
	for _, f := range settingsFiles.Get() {
		if slices.Contains(f.programs, program) {
			return true
		}
	}
	return false
}

// FindToolSettings returns the settings that matter of the files program
// reads, in every folder from dir up to root, nearest first. Files above
// root are the user's own, outside what the policy sees.
func FindToolSettings(program, dir, root string) ([]ToolSetting, error) {
	dir, root = filepath.Clean(dir), filepath.Clean(root)
	if !within(dir, root) {
		return nil, fmt.Errorf("%s is outside the project %s", dir, root)
	}
	var out []ToolSetting
	for {
		for _, f := range settingsFiles.Get() {
			if !slices.Contains(f.programs, program) {
				continue
			}
			file, err := firstIn(dir, f.names)
			if IsNotExist(err) {
				continue
			}
			if err != nil {
				return nil, err
			}
			got, err := f.read(file)
			if err != nil {
				return nil, err
			}
			out = append(out, got...)
		}
		if dir == root || filepath.Dir(dir) == dir {
			return out, nil
		}
		dir = filepath.Dir(dir)
	}
}

// firstIn returns the first of names that exists in dir.
func firstIn(dir string, names []string) (string, error) {
	return FindUp(dir, dir, names...)
}

// npmrcKeys are the .npmrc settings that run or load something, under
// the names npm gives them (lower case, - for _).
var npmrcKeys = lazy.New(func() map[string]SettingKind {
	return map[string]SettingKind{
		"script-shell": SettingShell, "shell": SettingShell,
		"node-options":  SettingNodeOptions,
		"onload-script": SettingCode, "init-module": SettingCode, "pnpmfile": SettingCode, "global-pnpmfile": SettingCode,
		"git": SettingProgram, "editor": SettingProgram, "browser": SettingProgram, "viewer": SettingProgram, "node-gyp": SettingProgram,
		// Another settings file, a node version downloaded and run, an
		// install before each run.
		"userconfig": SettingOther, "globalconfig": SettingOther, "use-node-version": SettingOther, "verify-deps-before-run": SettingOther,
	}
})

// readNpmrc reads an ini-style .npmrc: key=value lines, ; and # comments.
func readNpmrc(path string) ([]ToolSetting, error) {
	text, err := readSettingsText(path)
	if err != nil {
		return nil, err
	}
	var out []ToolSetting
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, MaxManifest)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == ';' || line[0] == '#' || line[0] == '[' {
			continue
		}
		k, v, _ := strings.Cut(line, "=")
		key := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(k), "[]"))), "_", "-")
		kind, ok := npmrcKeys.Get()[key]
		if !ok {
			continue
		}
		v = strings.Trim(strings.TrimSpace(v), `"'`)
		if key == "verify-deps-before-run" && (v == "false" || v == "warn" || v == "error") {
			continue
		}
		if strings.Contains(v, "${") {
			kind = SettingOther // a variable's value, only known when npm runs
		}
		out = append(out, ToolSetting{File: path, Key: key, Kind: kind, Words: []string{v}, Base: filepath.Dir(path)})
	}
	return out, sc.Err()
}

// readYarnrc reads yarn 1's .yarnrc: "key value" lines, and "--flag
// value" lines that yarn adds to its command line.
func readYarnrc(path string) ([]ToolSetting, error) {
	text, err := readSettingsText(path)
	if err != nil {
		return nil, err
	}
	var out []ToolSetting
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		key, value, _ := strings.Cut(line, " ")
		value = strings.Trim(strings.TrimSpace(value), `"`)
		switch {
		case key == "yarn-path":
			out = append(out, ToolSetting{File: path, Key: key, Kind: SettingCode, Words: []string{value}, Base: filepath.Dir(path)})
		case key == "script-shell":
			out = append(out, ToolSetting{File: path, Key: key, Kind: SettingShell, Words: []string{value}, Base: filepath.Dir(path)})
		case strings.HasPrefix(key, "--"):
			out = append(out, ToolSetting{File: path, Key: key, Kind: SettingOther, Words: []string{value}, Base: filepath.Dir(path)})
		}
	}
	return out, nil
}

// readYarnrcYAML reads yarn 2+'s .yarnrc.yml: yarnPath runs a file of the
// project as yarn itself, and plugins load on every command.
func readYarnrcYAML(path string) ([]ToolSetting, error) {
	docs, err := ReadYAML(path)
	if err != nil {
		return nil, err
	}
	var out []ToolSetting
	for _, d := range docs {
		m, _ := d.(map[string]any)
		for _, key := range []string{"yarnPath", "plugins"} {
			if v, ok := m[key]; ok && v != nil {
				out = append(out, ToolSetting{File: path, Key: key, Kind: SettingCode, Words: []string{fmt.Sprint(v)}, Base: filepath.Dir(path)})
			}
		}
	}
	return out, nil
}

// readBunfig reads bunfig.toml: a preload or plugins list at any level
// loads code on every run.
func readBunfig(path string) ([]ToolSetting, error) {
	doc, err := readTOML(path)
	if err != nil {
		return nil, err
	}
	var out []ToolSetting
	var walk func(prefix string, m map[string]any)
	walk = func(prefix string, m map[string]any) {
		for _, k := range sortedKeys(m) {
			switch v := m[k].(type) {
			case map[string]any:
				walk(prefix+k+".", v)
			default:
				if k == "preload" || k == "plugins" {
					out = append(out, ToolSetting{File: path, Key: prefix + k, Kind: SettingCode, Words: []string{fmt.Sprint(v)}, Base: filepath.Dir(path)})
				}
			}
		}
	}
	walk("", doc)
	return out, nil
}

// cargoPrograms are the settings under [build], [target.*] and [host]
// that name a program cargo runs, and the option lists it hands rustc.
var cargoPrograms = lazy.New(func() map[string]SettingKind {
	return map[string]SettingKind{
		"rustc": SettingProgram, "rustc-wrapper": SettingProgram, "rustc-workspace-wrapper": SettingProgram, "rustdoc": SettingProgram,
		"runner": SettingProgram, "linker": SettingProgram, "ar": SettingProgram,
		"rustflags": SettingRustFlags, "rustdocflags": SettingRustFlags,
		"target-dir": SettingWriteDir,
	}
})

// readCargoSettings reads .cargo/config(.toml). A relative path in it is
// taken from the folder holding .cargo.
func readCargoSettings(path string) ([]ToolSetting, error) {
	doc, err := readTOML(path)
	if err != nil {
		return nil, err
	}
	base := filepath.Dir(filepath.Dir(path))
	var out []ToolSetting
	add := func(key string, kind SettingKind, v any) error {
		var words []string
		switch x := v.(type) {
		case string:
			words = []string{x}
			if kind == SettingRustFlags || kind == SettingProgram && !strings.HasSuffix(key, "linker") && !strings.HasSuffix(key, ".ar") {
				words = strings.Fields(x) // cargo splits these strings on white space
			}
		default:
			words, err = stringList(v, path+" "+key)
			if err != nil {
				return err
			}
		}
		out = append(out, ToolSetting{File: path, Key: key, Kind: kind, Words: words, Base: base})
		return nil
	}
	if _, ok := doc["include"]; ok {
		out = append(out, ToolSetting{File: path, Key: "include", Kind: SettingOther, Base: base})
	}
	sections := map[string]map[string]any{"build": table(doc, "build"), "host": table(doc, "host"), "doc": table(doc, "doc")}
	for name, t := range table(doc, "target") {
		m, ok := t.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s: target.%s is not a table", path, name)
		}
		sections["target."+name] = m
	}
	for _, name := range sortedKeys(sections) {
		for _, k := range sortedKeys(sections[name]) {
			v := sections[name][k]
			key := name + "." + k
			kind, ok := cargoPrograms.Get()[k]
			switch {
			case name == "doc" && k == "browser":
				kind, ok = SettingProgram, true
			case name == "build" && (k == "runner" || k == "linker" || k == "ar"):
				ok = false // not build settings
			case strings.HasPrefix(name, "target.") || name == "host":
				if _, isTable := v.(map[string]any); isTable {
					// A build script's output given in its place (links
					// overrides), or host.TRIPLE: not followed.
					kind, ok = SettingOther, true
				}
			}
			if !ok {
				continue
			}
			if err := add(key, kind, v); err != nil {
				return nil, err
			}
		}
	}
	for _, name := range sortedKeys(table(doc, "env")) {
		v := table(doc, "env")[name]
		if t, ok := v.(map[string]any); ok {
			v = t["value"]
		}
		s, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("%s: env.%s is not a string", path, name)
		}
		out = append(out, ToolSetting{File: path, Key: name, Kind: SettingEnv, Words: []string{s}, Base: base})
	}
	for _, k := range []string{"credential-provider", "global-credential-providers"} {
		if v, ok := table(doc, "registry")[k]; ok {
			out = append(out, ToolSetting{File: path, Key: "registry." + k, Kind: SettingOther, Words: []string{fmt.Sprint(v)}, Base: base})
		}
	}
	return out, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// readSettingsText reads a settings file of at most MaxManifest bytes.
func readSettingsText(path string) (string, error) {
	data, size, err := readBounded(path, MaxManifest)
	if err != nil {
		return "", err
	}
	if size > MaxManifest {
		return "", fmt.Errorf("%s of %d bytes is over the %d read", path, size, MaxManifest)
	}
	return string(data), nil
}
