package setup

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Result says what an install or uninstall did (or, dry, would do).
type Result struct {
	Path    string
	Changed bool
	// Backup is where the original was saved, when it was.
	Backup string
	// Diff shows the change line by line.
	Diff string
	// Note explains anything the user should know.
	Note string
}

// BackupPath is where a settings file's original is kept.
func BackupPath(path string) string { return path + ".arbiter-backup" }

// read returns a settings file's bytes; nil and no error when it does not
// exist.
func read(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return b, nil
}

// installed applies the install edit to a document; data nil means the
// file does not exist.
func (t Target) installed(data []byte) ([]byte, error) { return t.installedWith(data, t.Command) }

func (t Target) installedWith(data []byte, command string) ([]byte, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		doc := map[string]any{}
		for k, v := range t.newFile {
			doc[k] = v
		}
		hooks := map[string]any{}
		for _, ev := range t.Events {
			hooks[ev] = []any{t.entry(command)}
		}
		if t.topLevel {
			for ev, v := range hooks {
				doc[ev] = v
			}
		} else {
			doc[t.hooksKey()] = hooks
		}
		text, err := render(doc, "", "  ")
		if err != nil {
			return nil, err
		}
		return []byte(text + "\n"), nil
	}
	present, err := t.present(data)
	if err != nil {
		return nil, err
	}
	for _, ev := range t.Events {
		if present[ev] {
			continue
		}
		if data, err = withEntry(data, t.parse, t.hooksKey(), ev, t.entry(command)); err != nil {
			return nil, err
		}
	}
	return data, nil
}

// present reports, per event, whether an arbiter hook is registered.
func (t Target) present(data []byte) (map[string]bool, error) {
	root, err := t.parse(data)
	if err != nil {
		return nil, err
	}
	if root.kind != '{' {
		return nil, errNotObject
	}
	out := map[string]bool{}
	hooks := t.hooks(root)
	for _, m := range hooksMembers(hooks) {
		for _, el := range m.val.elems {
			if len(arbiterItems(el)) > 0 {
				out[m.key] = true
			}
		}
	}
	return out, nil
}

// hooksKey is the top-level key under which the runtime reads its hooks,
// by event: "hooks", the name of arbiter's own hook where the file holds
// named hooks (Google Antigravity), or "" where the events are the
// document's own keys (Factory Droid).
func (t Target) hooksKey() string {
	if t.topLevel {
		return ""
	}
	if t.container != "" {
		return t.container
	}
	return "hooks"
}

// hooks is the object of the document root that holds the hooks by
// event.
func (t Target) hooks(root *node) *node {
	if t.topLevel {
		return root
	}
	return root.get(t.hooksKey())
}

func hooksMembers(hooks *node) []member {
	if hooks == nil || hooks.kind != '{' {
		return nil
	}
	var out []member
	for _, m := range hooks.members {
		if m.val.kind == '[' {
			out = append(out, m)
		}
	}
	return out
}

// arbiterItems returns the indexes of arbiter's hooks inside a group
// element ({"hooks": [...]}), or [-1] when the element itself is one
// (Cursor's and Copilot's flat entries).
func arbiterItems(el *node) []int {
	if el.kind != '{' {
		return nil
	}
	for _, key := range []string{"command", "bash"} {
		if c := el.get(key); c != nil {
			if s, ok := c.value.(string); ok && IsArbiterCommand(s) {
				return []int{-1}
			}
		}
	}
	var idx []int
	if list := el.get("hooks"); list != nil && list.kind == '[' {
		for i, h := range list.elems {
			if c := h.get("command"); c != nil {
				if s, ok := c.value.(string); ok && IsArbiterCommand(s) {
					idx = append(idx, i)
				}
			}
		}
	}
	return idx
}

// Status reports which of the target's events have an arbiter hook and
// the commands they run.
func (t Target) Status() (events map[string][]string, err error) {
	if t.module != nil {
		return t.moduleStatus()
	}
	if t.yaml != nil {
		return t.yamlStatus()
	}
	data, err := read(t.Path)
	if err != nil || data == nil {
		return nil, err
	}
	return t.statusOf(data)
}

func (t Target) statusOf(data []byte) (events map[string][]string, err error) {
	root, err := t.parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.Path, err)
	}
	events = map[string][]string{}
	for _, m := range hooksMembers(t.hooks(root)) {
		for _, el := range m.val.elems {
			for _, i := range arbiterItems(el) {
				var c *node
				if i < 0 {
					if c = el.get("command"); c == nil {
						c = el.get("bash")
					}
				} else {
					c = el.get("hooks").elems[i].get("command")
				}
				if s, ok := c.value.(string); ok {
					events[m.key] = append(events[m.key], s)
				}
			}
		}
	}
	return events, nil
}

// Install adds arbiter's hook entries. It changes nothing when they are
// all there, never writes over a file it cannot read as JSON (with
// comments, for a runtime that allows them), and keeps
// the original beside the file.
func (t Target) Install(dry bool) (Result, error) {
	if t.module != nil {
		return t.moduleInstall(dry)
	}
	if t.yaml != nil {
		return t.yamlInstall(dry)
	}
	r := Result{Path: t.Path}
	orig, err := read(t.Path)
	if err != nil {
		return r, err
	}
	next, err := t.installed(orig)
	if err != nil {
		return r, fmt.Errorf("%s: %w; fix the file or move it aside, arbiter will not overwrite it", t.Path, err)
	}
	if orig != nil && bytes.Equal(next, orig) {
		r.Note = "already installed"
		return r, nil
	}
	r.Changed = true
	r.Diff = diff(orig, next)
	if dry {
		return r, nil
	}
	if err := t.noteMade(missingDirs(filepath.Dir(t.Path))); err != nil {
		return r, err
	}
	if orig != nil {
		present, _ := t.present(orig)
		if len(present) == 0 {
			// The file as it was before arbiter: what uninstall restores.
			r.Backup = BackupPath(t.Path)
			if err := writeFile(r.Backup, orig); err != nil {
				return r, err
			}
		}
	}
	return r, writeFile(t.Path, next)
}

// Uninstall removes arbiter's hook entries. When the file is exactly what
// install made of the original, the original is restored byte for byte;
// otherwise only arbiter's entries (and containers left empty by their
// removal) are cut out, and the backup is kept.
func (t Target) Uninstall(dry bool) (Result, error) {
	if t.module != nil {
		return t.moduleUninstall(dry)
	}
	if t.yaml != nil {
		return t.yamlUninstall(dry)
	}
	r := Result{Path: t.Path}
	cur, err := read(t.Path)
	if err != nil {
		return r, err
	}
	if cur == nil {
		r.Note = "not installed (no settings file)"
		return r, nil
	}
	backup, err := read(BackupPath(t.Path))
	if err != nil {
		return r, err
	}
	if t.madeByInstall(backup, cur) {
		return t.undoInstall(r, cur, backup, dry)
	}
	next, err := t.removed(cur)
	if err != nil {
		return r, fmt.Errorf("%s: %w; fix the file or remove arbiter's entries by hand", t.Path, err)
	}
	if bytes.Equal(next, cur) {
		r.Note = "not installed"
		return r, nil
	}
	r.Changed = true
	r.Diff = diff(cur, next)
	if backup != nil {
		r.Backup = BackupPath(t.Path)
		r.Note = "the file changed since install, so only arbiter's entries were removed; the original is kept at " + r.Backup
	}
	if dry {
		return r, nil
	}
	return r, writeFile(t.Path, next)
}

// removed cuts every arbiter hook out of a document, one at a time, and
// drops event lists and the hooks object when that leaves them empty.
func (t Target) removed(data []byte) ([]byte, error) {
	for {
		root, err := t.parse(data)
		if err != nil {
			return nil, err
		}
		if root.kind != '{' {
			return nil, errNotObject
		}
		next := cutOne(data, root, t.hooks(root), t.hooksKey())
		if next == nil {
			return data, nil
		}
		data = next
	}
}

// cutOne removes one arbiter hook, or returns nil when there is none.
func cutOne(data []byte, root, hooks *node, key string) []byte {
	for mi, m := range hooksMembers(hooks) {
		for ei, el := range m.val.elems {
			items := arbiterItems(el)
			if len(items) == 0 {
				continue
			}
			list := el.get("hooks")
			if items[0] >= 0 && len(items) < len(list.elems) {
				return removeElem(data, list, items[0])
			}
			if len(m.val.elems) > 1 || !plainInside(data, m.val) {
				return removeElem(data, m.val, ei)
			}
			// The event's list held only arbiter: drop the event, and the
			// hooks object with it when nothing else is left (a comment
			// the person wrote in it keeps it).
			if hooks == root || len(hooks.members) > 1 || !plainInside(data, hooks) {
				return removeMember(data, hooks, memberIndex(hooks, m.key, mi))
			}
			return removeMember(data, root, memberIndex(root, key, 0))
		}
	}
	return nil
}

func memberIndex(obj *node, key string, fallback int) int {
	for i, m := range obj.members {
		if m.key == key {
			return i
		}
	}
	return fallback
}

// writeFile replaces a file atomically, keeping its permissions (0600 for
// a new file), and creates its directory when needed. A symbolic link (a
// settings file kept in a dotfiles repository) is followed, so the link
// stays and its target changes.
func writeFile(path string, data []byte) error {
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	mode := fs.FileMode(0o600)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("creating %s: %w", filepath.Dir(path), err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".arbiter-*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// madeByInstall reports whether cur is exactly what installing arbiter
// into orig produced, with whichever arbiter command the file now names.
func (t Target) madeByInstall(orig, cur []byte) bool {
	events, err := t.statusOf(cur)
	if err != nil {
		return false
	}
	tried := map[string]bool{}
	for _, cmds := range events {
		for _, c := range cmds {
			if tried[c] {
				continue
			}
			tried[c] = true
			if want, err := t.installedWith(orig, c); err == nil && bytes.Equal(want, cur) {
				return true
			}
		}
	}
	return false
}

// undoInstall puts back what was there before install, when the file is
// exactly what install made of it: the backup restored, or a file install
// created removed with the folders it made for it.
func (t Target) undoInstall(r Result, cur, backup []byte, dry bool) (Result, error) {
	r.Changed, r.Diff = true, diff(cur, backup)
	if dry {
		return r, nil
	}
	if backup == nil {
		r.Note = "removed the file arbiter created"
		if err := os.Remove(t.Path); err != nil {
			return r, err
		}
		dirs, err := t.removeMade()
		if len(dirs) > 0 {
			r.Note += " and the directories it created for it, now empty (" + strings.Join(dirs, ", ") + ")"
		}
		return r, err
	}
	if err := writeFile(t.Path, backup); err != nil {
		return r, err
	}
	r.Note = "restored the original"
	return r, os.Remove(BackupPath(t.Path))
}
