package setup

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// moduleFile is the hook of a runtime that loads a code module of
// arbiter's own (an OpenCode plugin) instead of running a command from a
// settings file. The module runs the hook's program as a child process,
// with the call on stdin and no shell between, and blocks the call when
// the child is missing, fails or takes too long.
type moduleFile struct {
	// source returns the module's text for the hook's argument vector and
	// whether a deferred call is blocked as one a person must confirm.
	source func(argv []string, deferAsAsk bool) []byte
	// readArgv, where set, reads the argument vector back from a file
	// that has no commandLine line (a JSON file of arbiter's own); nil
	// when it names none.
	readArgv func(data []byte) []string
	// noDefer says the file has no defer mapping: --defer-as is refused.
	noDefer bool
	// mode, when set, is the file's permissions: an executable hook.
	mode fs.FileMode
	// companions are files, by name, written beside the module with fixed
	// contents (an OpenClaw plugin's manifest): the runtime loads the
	// module only with them.
	companions []companion
}

// companion is a file of a module's own beside it.
type companion struct {
	name string
	data []byte
}

// commandLine marks the line of a module that holds the hook's argument
// vector, as JSON: the line install writes and Status reads back.
const commandLine = "const command = "

// deferLine marks the line that says whether a deferred call is blocked.
const deferLine = "const deferAsAsk = "

// HookArgv is the argument vector a module runs for arbiter, given the
// binary's path: arbiter-hook RUNTIME for the hook's own program,
// otherwise arbiter hook RUNTIME.
func HookArgv(binary, runtime string) []string {
	if filepath.Base(binary) == HookProgram {
		return []string{binary, runtime}
	}
	return []string{binary, "hook", runtime}
}

// moduleState reads what a module install wrote: its argument vector and
// defer mapping, and whether the text is exactly what install writes for
// them (a module edited since is not).
func (t Target) moduleState(data []byte) (argv []string, deferAsAsk, pristine bool) {
	if t.module.readArgv != nil {
		if argv = t.module.readArgv(data); len(argv) == 0 {
			return nil, false, false
		}
		return argv, false, bytes.Equal(t.module.source(argv, false), data)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, commandLine); ok && argv == nil {
			if json.Unmarshal([]byte(strings.TrimSuffix(v, ";")), &argv) != nil {
				argv = nil
			}
		}
		if v, ok := strings.CutPrefix(line, deferLine); ok {
			deferAsAsk = strings.TrimSuffix(v, ";") == "true"
		}
	}
	if len(argv) == 0 {
		return nil, false, false
	}
	return argv, deferAsAsk, bytes.Equal(t.module.source(argv, deferAsAsk), data)
}

// moduleInstall writes the module, keeping a file of someone else's that
// was at its path as the backup uninstall restores.
func (t Target) moduleInstall(dry bool) (Result, error) {
	r := Result{Path: t.Path}
	orig, err := read(t.Path)
	if err != nil {
		return r, err
	}
	next := t.module.source(HookArgv(t.Binary, t.Runtime), t.DeferAsAsk)
	if bytes.Equal(orig, next) && t.companionsInPlace() {
		r.Note = "already installed"
		return r, nil
	}
	r.Changed, r.Diff = true, diff(orig, next)
	if dry {
		return r, nil
	}
	if _, _, pristine := t.moduleState(orig); orig != nil && !pristine {
		r.Backup = BackupPath(t.Path)
		if err := writeFile(r.Backup, orig); err != nil {
			return r, err
		}
	}
	if err := t.writeCompanions(); err != nil {
		return r, err
	}
	if err := writeFile(t.Path, next); err != nil {
		return r, err
	}
	if t.module.mode != 0 {
		if err := os.Chmod(t.Path, t.module.mode); err != nil {
			return r, fmt.Errorf("making %s executable: %w", t.Path, err)
		}
	}
	return r, nil
}

// moduleUninstall removes the module install wrote (restoring a file it
// replaced), and refuses to remove one that was edited since.
func (t Target) moduleUninstall(dry bool) (Result, error) {
	r := Result{Path: t.Path}
	cur, err := read(t.Path)
	if err != nil || cur == nil {
		r.Note = "not installed (no module file)"
		return r, err
	}
	if _, _, pristine := t.moduleState(cur); !pristine {
		return r, fmt.Errorf("%s is not the module arbiter install writes (it was edited, or is someone else's); arbiter will not remove it: remove it by hand", t.Path)
	}
	backup, err := read(BackupPath(t.Path))
	if err != nil {
		return r, err
	}
	r.Changed, r.Diff = true, diff(cur, backup)
	if dry {
		return r, nil
	}
	if backup == nil {
		r.Note = "removed the file arbiter created"
		if err := os.Remove(t.Path); err != nil {
			return r, err
		}
		return r, t.removeCompanions()
	}
	if err := writeFile(t.Path, backup); err != nil {
		return r, err
	}
	r.Note = "restored the original"
	if err := os.Remove(BackupPath(t.Path)); err != nil {
		return r, err
	}
	return r, t.removeCompanions()
}

// writeCompanions writes the files that go beside the module, keeping a
// different file that was at one of their paths as its backup.
func (t Target) writeCompanions() error {
	for _, c := range t.module.companions {
		p := filepath.Join(filepath.Dir(t.Path), c.name)
		cur, err := read(p)
		if err != nil {
			return err
		}
		if bytes.Equal(cur, c.data) {
			continue
		}
		if cur != nil {
			if err := writeFile(BackupPath(p), cur); err != nil {
				return err
			}
		}
		if err := writeFile(p, c.data); err != nil {
			return err
		}
	}
	return nil
}

// companionsInPlace reports whether every companion file holds what
// install writes.
func (t Target) companionsInPlace() bool {
	for _, c := range t.module.companions {
		cur, err := read(filepath.Join(filepath.Dir(t.Path), c.name))
		if err != nil || !bytes.Equal(cur, c.data) {
			return false
		}
	}
	return true
}

// removeCompanions takes out the companion files install wrote (putting
// back one it replaced, and leaving one edited since), then the module's
// folder when that leaves it empty: the folder is the plugin's own.
func (t Target) removeCompanions() error {
	if len(t.module.companions) == 0 {
		return nil
	}
	dir := filepath.Dir(t.Path)
	for _, c := range t.module.companions {
		p := filepath.Join(dir, c.name)
		cur, err := read(p)
		if err != nil {
			return err
		}
		if !bytes.Equal(cur, c.data) {
			continue // not install's, or edited since: left as it is
		}
		backup, err := read(BackupPath(p))
		if err != nil {
			return err
		}
		if backup != nil {
			if err := writeFile(p, backup); err != nil {
				return err
			}
			if err := os.Remove(BackupPath(p)); err != nil {
				return err
			}
			continue
		}
		if err := os.Remove(p); err != nil {
			return err
		}
	}
	if entries, err := os.ReadDir(dir); err == nil && len(entries) == 0 {
		return os.Remove(dir)
	}
	return nil
}

// moduleStatus is Status for a module: every event runs its argument
// vector, shown as the shell command that runs the same program.
func (t Target) moduleStatus() (map[string][]string, error) {
	data, err := read(t.Path)
	if err != nil || data == nil {
		return nil, err
	}
	argv, _, _ := t.moduleState(data)
	if argv == nil {
		return nil, fmt.Errorf("%s: no %q line naming the hook's program", t.Path, strings.TrimSpace(commandLine))
	}
	cmd, err := commandOf(argv)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.Path, err)
	}
	events := map[string][]string{}
	for _, ev := range t.Events {
		events[ev] = []string{cmd}
	}
	return events, nil
}

// commandOf is the shell command line that runs argv.
func commandOf(argv []string) (string, error) {
	quoted := make([]string, len(argv))
	for i, a := range argv {
		q, err := syntax.Quote(a, syntax.LangBash)
		if err != nil {
			return "", fmt.Errorf("the hook's program %q cannot be shown as a command: %w", a, err)
		}
		quoted[i] = q
	}
	return strings.Join(quoted, " "), nil
}

// ModuleDeferAsAsk reports whether the installed module blocks a
// deferred call as one a person must confirm.
func (t Target) ModuleDeferAsAsk() bool {
	data, _ := read(t.Path)
	_, deferAsAsk, _ := t.moduleState(data)
	return deferAsAsk
}

// IsModule reports whether the runtime's hook is a module file.
func (t Target) IsModule() bool { return t.module != nil }

// DeferMappable reports whether install --defer-as can choose what the
// runtime's hook makes of a defer (a module with a defer mapping).
func (t Target) DeferMappable() bool { return t.module != nil && !t.module.noDefer }
