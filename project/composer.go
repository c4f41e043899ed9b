package project

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ComposerScripts reads "scripts" of the nearest composer.json from dir
// up to root (up to MaxManifest bytes), with the names "scripts-aliases"
// gives them. Each entry is a command line or a list of them: @NAME runs
// the script NAME, @php and @composer run those programs, @putenv sets a
// variable for the steps after it, and a PHP callback (Class::method, or
// a class name) is a step arbiter does not read. A command's first word
// found in vendor/bin runs from there, as composer puts that folder
// first on PATH. The command's arguments go to every step, or where
// @additional_args stands. Event scripts (pre-install-cmd and the like)
// run on install and update, which composer's own rules judge; a custom
// script has no pre- or post- hooks.
func ComposerScripts(dir, root string) (Scripts, error) {
	file, err := FindUp(dir, root, "composer.json")
	if err != nil {
		return Scripts{}, err
	}
	data, size, err := readBounded(file, MaxManifest)
	if err != nil {
		return Scripts{}, err
	}
	if size > MaxManifest {
		return Scripts{}, fmt.Errorf("%s of %d bytes is over the %d read", file, size, MaxManifest)
	}
	var doc struct {
		Scripts map[string]any      `json:"scripts"`
		Aliases map[string][]string `json:"scripts-aliases"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return Scripts{}, fmt.Errorf("%s is not valid JSON: %w", file, err)
	}
	r := composerRead{file: file, dir: filepath.Dir(file), raw: map[string][]string{}}
	for name, v := range doc.Scripts {
		items, err := stringList(v, file+" script "+name)
		if err != nil {
			return Scripts{}, err
		}
		r.raw[name] = items
	}
	out := Scripts{File: file, Names: map[string][]ScriptStep{}}
	for name := range r.raw {
		steps, _, err := r.expand(name, nil, 0)
		if err != nil {
			return Scripts{}, err
		}
		out.Names[name] = steps
	}
	for name, aliases := range doc.Aliases {
		steps, ok := out.Names[name]
		if !ok {
			return Scripts{}, fmt.Errorf("%s gives aliases to %s, which is no script", file, name)
		}
		for _, a := range aliases {
			out.Names[a] = steps
		}
	}
	return out, nil
}

type composerRead struct {
	file, dir string
	raw       map[string][]string
}

// expand gives the steps of one script, with the variables @putenv set
// so far; it returns them as they are after the script.
func (r composerRead) expand(name string, env []string, depth int) ([]ScriptStep, []string, error) {
	if depth > maxRefs {
		return nil, nil, fmt.Errorf("%s: scripts name scripts more than %d deep", r.file, maxRefs)
	}
	items, ok := r.raw[name]
	if !ok {
		return nil, nil, fmt.Errorf("%s refers to the script %s, which is not there", r.file, name)
	}
	var out []ScriptStep
	for _, item := range items {
		item = strings.TrimSpace(item)
		word, rest, _ := strings.Cut(item, " ")
		switch {
		case word == "@putenv":
			if !strings.Contains(rest, "=") {
				return nil, nil, fmt.Errorf("%s script %s: @putenv %s sets no value", r.file, name, rest)
			}
			env = append(append([]string(nil), env...), strings.TrimSpace(rest))
		case word == "@php" || word == "@composer":
			out = append(out, r.step(name, word[1:]+" "+rest, env))
		case strings.HasPrefix(word, "@"):
			if strings.TrimSpace(rest) != "" {
				return nil, nil, fmt.Errorf("%s script %s: %s passes arguments to a script, which arbiter does not follow", r.file, name, item)
			}
			steps, after, err := r.expand(word[1:], env, depth+1)
			if err != nil {
				return nil, nil, err
			}
			out, env = append(out, steps...), after
		case rest == "" && (strings.Contains(word, "::") || strings.Contains(word, `\`)):
			out = append(out, ScriptStep{Kind: OpaqueStep, Text: "the PHP callback " + word, From: name, Dir: r.dir})
		default:
			out = append(out, r.step(name, item, env))
		}
	}
	return out, env, nil
}

// step is one command line of a script, run in composer.json's folder.
func (r composerRead) step(name, text string, env []string) ScriptStep {
	word, _, _ := strings.Cut(text, " ")
	if !strings.Contains(word, "/") {
		if _, err := os.Lstat(filepath.Join(r.dir, "vendor", "bin", word)); err == nil {
			text = "vendor/bin/" + text
		}
	}
	return ScriptStep{Kind: ShellStep, Text: strings.ReplaceAll(text, "@additional_args", "{args}"), From: name, Args: true, Env: env, Dir: r.dir}
}

// MaxInstalled bounds the read of composer's record of installed
// packages, which lists every package of vendor/ with its metadata.
const MaxInstalled = 4 << 20

// ComposerPlugin returns the name of a composer plugin installed in the
// vendor folder beside composerJSON ("" when there is none): composer
// loads every installed plugin, PHP that arbiter does not read, before
// any command, run-script included, unless given --no-plugins. It reads
// vendor/composer/installed.json (up to MaxInstalled bytes; no vendor
// folder means no plugins); a composer.json that moves the vendor folder
// (config.vendor-dir) is an error, as that is not where arbiter looks.
func ComposerPlugin(composerJSON string) (string, error) {
	data, _, err := readBounded(composerJSON, MaxManifest)
	if err != nil {
		return "", err
	}
	var cj struct {
		Config struct {
			VendorDir string `json:"vendor-dir"`
		} `json:"config"`
	}
	if err := json.Unmarshal(data, &cj); err != nil {
		return "", fmt.Errorf("%s is not valid JSON: %w", composerJSON, err)
	}
	if v := strings.TrimSuffix(cj.Config.VendorDir, "/"); v != "" && v != "vendor" {
		return "", fmt.Errorf("%s sets vendor-dir %q, whose plugins arbiter does not look for", composerJSON, v)
	}
	installed := filepath.Join(filepath.Dir(composerJSON), "vendor", "composer", "installed.json")
	data, size, err := readBounded(installed, MaxInstalled)
	switch {
	case IsNotExist(err):
		return "", nil
	case err != nil:
		return "", err
	case size > MaxInstalled:
		return "", fmt.Errorf("%s of %d bytes is over the %d read", installed, size, MaxInstalled)
	}
	return installedPlugin(installed, data)
}

// installedPlugin finds a package of type composer-plugin in installed.json:
// {"packages": [...]} since composer 2, a bare list before.
func installedPlugin(file string, data []byte) (string, error) {
	type pkg struct {
		Name string `json:"name"`
		Type string `json:"type"`
	}
	var v2 struct {
		Packages []pkg `json:"packages"`
	}
	var list []pkg
	if err := json.Unmarshal(data, &v2); err != nil {
		if err := json.Unmarshal(data, &list); err != nil {
			return "", fmt.Errorf("%s is not composer's list of installed packages: %w", file, err)
		}
	}
	for _, p := range append(v2.Packages, list...) {
		if p.Type == "composer-plugin" {
			return p.Name, nil
		}
	}
	return "", nil
}
