package project

import (
	"fmt"
	"path/filepath"
	"strings"
)

// rustToolchainFiles are the names rustup looks for in each folder from
// where a proxy (cargo, rustc, …) runs upwards; the first folder holding
// one decides, and in it the legacy rust-toolchain wins over the .toml.
var rustToolchainFiles = []string{"rust-toolchain", "rust-toolchain.toml"}

// RustToolchain is what the toolchain file rustup reads names.
type RustToolchain struct {
	File string
	// Path is a custom toolchain's folder ([toolchain] path), absolute;
	// "" for a channel or a toolchain name the user installed.
	Path string
}

// FindRustToolchain finds the toolchain file rustup reads from dir, up to
// root: found is false when there is none. err names a file that cannot
// be read or does not parse, as rustup refuses it too.
func FindRustToolchain(dir, root string) (tc RustToolchain, found bool, err error) {
	file, err := FindUp(dir, root, rustToolchainFiles...)
	if IsNotExist(err) {
		return RustToolchain{}, false, nil
	}
	if err != nil {
		return RustToolchain{}, false, err
	}
	tc, err = readRustToolchain(file)
	return tc, true, err
}

// readRustToolchain reads a toolchain file: TOML with a [toolchain]
// table, or (the legacy rust-toolchain only) one line naming a toolchain.
func readRustToolchain(file string) (RustToolchain, error) {
	tc := RustToolchain{File: file}
	text, err := readSettingsText(file)
	if err != nil {
		return tc, err
	}
	if line := strings.TrimSpace(text); filepath.Base(file) == "rust-toolchain" && line != "" && !strings.ContainsAny(line, "\n=[") {
		if rustToolchainIsPath(line) {
			tc.Path = filepath.Join(filepath.Dir(file), line)
		}
		return tc, nil
	}
	doc, err := readTOML(file)
	if err != nil {
		return tc, err
	}
	table, ok := doc["toolchain"].(map[string]any)
	if !ok {
		return tc, fmt.Errorf("%s has no [toolchain] table", file)
	}
	for _, key := range []string{"path", "channel"} {
		v, set := table[key]
		if !set {
			continue
		}
		s, ok := v.(string)
		if !ok {
			return tc, fmt.Errorf("%s: toolchain.%s is not a string", file, key)
		}
		if key == "path" || rustToolchainIsPath(s) {
			tc.Path = filepath.Join(filepath.Dir(file), s)
			if filepath.IsAbs(s) {
				tc.Path = filepath.Clean(s)
			}
			return tc, nil
		}
	}
	return tc, nil
}

// rustToolchainIsPath reports a toolchain named by a folder rather than
// by a channel or an installed toolchain's name, which hold no slash.
func rustToolchainIsPath(name string) bool {
	return strings.ContainsAny(name, `/\`) || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "~")
}
