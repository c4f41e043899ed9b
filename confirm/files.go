package confirm

import (
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path"
	"strconv"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/project"
)

// readsFrom lists, per program, the files in the folder a command runs
// in (and at the project's root) that decide what it does: the manifest
// that names what an install fetches and the settings that say from
// where, the build file whose recipes run, the repository's settings that
// say where a push goes. A change to one is a change to the call. Built
// on first use: most hook calls never ask for it.
var readsFrom = lazy.New(func() map[string][]string {
	return map[string][]string{
		"npm":       {"package.json", "package-lock.json", "npm-shrinkwrap.json", ".npmrc"},
		"npx":       {"package.json", "package-lock.json", ".npmrc"},
		"pnpm":      {"package.json", "pnpm-lock.yaml", "pnpm-workspace.yaml", ".npmrc"},
		"yarn":      {"package.json", "yarn.lock", ".yarnrc", ".yarnrc.yml", ".npmrc"},
		"bun":       {"package.json", "bun.lock", "bun.lockb", "bunfig.toml", ".npmrc"},
		"bunx":      {"package.json", "bunfig.toml", ".npmrc"},
		"pip":       {"requirements.txt", "pyproject.toml", "setup.py", "setup.cfg", "pip.conf"},
		"pip3":      {"requirements.txt", "pyproject.toml", "setup.py", "setup.cfg", "pip.conf"},
		"uv":        {"pyproject.toml", "uv.lock", "uv.toml", "requirements.txt"},
		"poetry":    {"pyproject.toml", "poetry.lock", "poetry.toml"},
		"pipenv":    {"Pipfile", "Pipfile.lock"},
		"cargo":     {"Cargo.toml", "Cargo.lock", ".cargo/config.toml", ".cargo/config", "build.rs"},
		"go":        {"go.mod", "go.sum", "go.work"},
		"make":      {"Makefile", "makefile", "GNUmakefile"},
		"just":      {"justfile", "Justfile", ".justfile"},
		"rake":      {"Rakefile", "rakefile", "Rakefile.rb"},
		"bundle":    {"Gemfile", "Gemfile.lock", ".bundle/config"},
		"gem":       {"Gemfile"},
		"composer":  {"composer.json", "composer.lock"},
		"docker":    {"Dockerfile", "compose.yaml", "compose.yml", "docker-compose.yml", "docker-compose.yaml", ".dockerignore"},
		"git":       {".git/config", ".git/HEAD", ".gitmodules"},
		"gh":        {".git/config", ".git/HEAD"},
		"terraform": {"main.tf", ".terraform.lock.hcl"},
		"kubectl":   {"kustomization.yaml"},
		"helm":      {"Chart.yaml", "values.yaml"},
	}
})

// programFiles returns the files readsFrom lists for a program, in the
// command's folder and at the project's root.
func programFiles(program, dir, project string) []string {
	var out []string
	for _, name := range readsFrom.Get()[program] {
		for _, d := range []string{dir, project} {
			if d != "" && path.IsAbs(d) {
				out = append(out, path.Join(d, name))
			}
		}
	}
	return out
}

// maxFile bounds the content read of one file an identity depends on: a
// larger one gives no identity (its digest would cost the hook too
// much), and the call is asked again.
const maxFile = 4 << 20

// FilesSum sums the state of each file: its path, and whether it is
// absent, a folder, something other than a file, or a regular file with
// its content. A file that cannot be read, or is larger than maxFile,
// gives an error naming it.
func FilesSum(files []string) ([16]byte, error) {
	var k keyWriter
	for _, f := range files {
		state, err := fileState(f)
		if err != nil {
			return [16]byte{}, err
		}
		k.add(f, state)
	}
	return k.sum(), nil
}

// fileState describes one file for FilesSum.
func fileState(file string) (string, error) {
	st, err := os.Stat(file)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "absent", nil
	case err != nil:
		return "", fmt.Errorf("%s cannot be read: %w", file, err)
	case st.IsDir():
		return "folder", nil
	case !st.Mode().IsRegular():
		return "special " + st.Mode().Type().String(), nil
	case st.Size() > maxFile:
		return "", fmt.Errorf("%s is larger than the %d MB arbiter reads to compare it (%d bytes)", file, maxFile>>20, st.Size())
	}
	data, size, err := project.ReadBytes(file, maxFile)
	switch {
	case err != nil:
		return "", fmt.Errorf("%s cannot be read: %w", file, err)
	case size > maxFile:
		return "", fmt.Errorf("%s is larger than the %d MB arbiter reads to compare it", file, maxFile>>20)
	}
	sum := arbiter.ContentSum(data)
	return "file " + strconv.Itoa(len(data)) + " " + hex.EncodeToString(sum[:]), nil
}

// WithRead adds to a files' sum the files the policy read to decide the
// call (arbiter.Decision.Read), each with the sum of what it held: the
// modules a script imports, a hook or configuration it loads, which no
// word of the command names.
func WithRead(sum [16]byte, read []arbiter.FileRead) [16]byte {
	if len(read) == 0 {
		return sum
	}
	var k keyWriter
	k.add("files", string(sum[:]))
	for _, r := range read {
		k.add(r.Path, string(r.Sum[:]))
	}
	return k.sum()
}
