package project

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// CargoAlias is what an [alias] entry of cargo's configuration runs.
type CargoAlias struct {
	File  string   // the configuration file that defines it
	Words []string // the subcommand and arguments it expands to
}

// FindCargoAlias looks name up in [alias] of cargo's configuration files
// from dir up to root, nearest first, as cargo does: in each folder
// .cargo/config, which cargo prefers when both exist, else
// .cargo/config.toml (each up to MaxManifest bytes). A string value is
// split on white space; a list is taken word by word. Cargo merges a
// list with the lists of the same key in farther files, so a list with
// another definition farther up is an error, as is an `include` of more
// configuration. Files above the project and $CARGO_HOME/config.toml
// are not read: they are the user's, outside what the policy sees. It
// returns an error wrapping fs.ErrNotExist when no file defines name.
func FindCargoAlias(dir, root, name string) (CargoAlias, error) {
	dir, root = filepath.Clean(dir), filepath.Clean(root)
	if !within(dir, root) {
		return CargoAlias{}, fmt.Errorf("%s is outside the project %s", dir, root)
	}
	var found []CargoAlias
	list := false
	for {
		a, isList, err := folderAlias(dir, name)
		switch {
		case err == nil:
			found = append(found, a)
			list = list || isList
		case !IsNotExist(err):
			return CargoAlias{}, err
		}
		if dir == root || filepath.Dir(dir) == dir {
			break
		}
		dir = filepath.Dir(dir)
	}
	switch {
	case len(found) == 0:
		return CargoAlias{}, fmt.Errorf("no cargo alias %s up to %s: %w", name, root, os.ErrNotExist)
	case list && len(found) > 1:
		return CargoAlias{}, fmt.Errorf("the cargo alias %s is defined in %s and %s, which cargo merges", name, found[0].File, found[1].File)
	}
	return found[0], nil
}

// folderAlias reads name's alias from one folder's .cargo configuration.
func folderAlias(dir, name string) (CargoAlias, bool, error) {
	file, err := FindUp(filepath.Join(dir, ".cargo"), filepath.Join(dir, ".cargo"), "config", "config.toml")
	if err != nil {
		return CargoAlias{}, false, err
	}
	doc, err := readTOML(file)
	if err != nil {
		return CargoAlias{}, false, err
	}
	if _, ok := doc["include"]; ok {
		return CargoAlias{}, false, fmt.Errorf("%s includes more configuration, which arbiter does not follow", file)
	}
	v, ok := table(doc, "alias")[name]
	if !ok {
		return CargoAlias{}, false, fmt.Errorf("%s has no alias %s: %w", file, name, os.ErrNotExist)
	}
	if s, ok := v.(string); ok {
		return cargoWords(file, name, strings.Fields(s), false)
	}
	words, err := stringList(v, file+" alias."+name)
	if err != nil {
		return CargoAlias{}, false, err
	}
	return cargoWords(file, name, words, true)
}

func cargoWords(file, name string, words []string, list bool) (CargoAlias, bool, error) {
	if len(words) == 0 {
		return CargoAlias{}, list, fmt.Errorf("%s alias.%s is empty", file, name)
	}
	return CargoAlias{File: file, Words: words}, list, nil
}
