package setup

import (
	"bytes"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazyregexp"
	"github.com/arbitergate/arbiter/project"
)

// yamlHooks is a runtime whose hook entries are items of the lists under
// a top-level hooks mapping of a YAML file, one list per event (Hermes
// Agent's config.yaml). arbiter edits the file as text, line by line, so
// that every other line, comments and blank lines included, stays as the
// person wrote it, and checks each edit by parsing the result: an edit
// that would change anything but arbiter's own entry is refused.
type yamlHooks struct {
	// item returns the lines of arbiter's list item for a command, with
	// no indentation, the first starting with "- ".
	item func(command string) []string
}

// yamlKey matches a block mapping's key line: its indentation, the key,
// and what follows the colon.
var yamlKey = lazyregexp.New(`^( *)([A-Za-z_][A-Za-z0-9_]*)\s*:(?:\s+(.*))?$`)

// yamlLines splits a document into lines without their newlines; the
// last element is "" when the document ends with one.
func yamlLines(data []byte) []string { return strings.Split(string(data), "\n") }

// yamlValue is what follows a key's colon, without a trailing comment.
func yamlValue(rest string) string {
	rest = strings.TrimSpace(rest)
	if i := strings.Index(rest, " #"); i >= 0 {
		rest = strings.TrimSpace(rest[:i])
	}
	if strings.HasPrefix(rest, "#") {
		return ""
	}
	return rest
}

// yamlEmpty is a value that holds nothing: arbiter can write a block
// under its key.
func yamlEmpty(v string) bool { return v == "" || v == "{}" || v == "[]" || v == "~" || v == "null" }

// significant reports whether a line holds YAML content (not blank, not
// only a comment).
func significant(line string) bool {
	t := strings.TrimSpace(line)
	return t != "" && !strings.HasPrefix(t, "#")
}

func indentOf(line string) int { return len(line) - len(strings.TrimLeft(line, " ")) }

// findKey returns the line of key among the keys of the block mapping
// that runs from line from (exclusive) while lines are indented deeper
// than parent, at the indentation of its first key; -1 when it is not
// there. It also returns that indentation, or -1 for a block with no
// keys.
func findKey(lines []string, from, parent int, key string) (at, indent int) {
	indent = -1
	for i := from + 1; i < len(lines); i++ {
		if !significant(lines[i]) {
			continue
		}
		in := indentOf(lines[i])
		if in <= parent {
			break
		}
		if indent < 0 {
			indent = in
		}
		if m := yamlKey.FindStringSubmatch(lines[i]); m != nil && len(m[1]) == indent && m[2] == key {
			return i, indent
		}
	}
	return -1, indent
}

// insertEntry adds arbiter's item for command to the list of event under
// hooks, writing whatever part of hooks: EVENT: is not there yet.
func (y *yamlHooks) insertEntry(data []byte, event, command string) ([]byte, error) {
	lines := yamlLines(data)
	if len(data) > 0 && !bytes.HasSuffix(data, []byte("\n")) {
		lines = append(lines, "")
	}
	if len(data) == 0 {
		lines = []string{""}
	}
	item := y.item(command)
	block := func(indent int, ls []string) []string {
		out := make([]string, len(ls))
		for i, l := range ls {
			out[i] = strings.Repeat(" ", indent) + l
		}
		return out
	}
	hooksAt := -1
	for i, l := range lines {
		if m := yamlKey.FindStringSubmatch(l); m != nil && m[1] == "" && m[2] == "hooks" {
			hooksAt = i
			break
		}
	}
	if hooksAt < 0 {
		// No hooks key: a block of its own at the end.
		add := append([]string{"hooks:", "  " + event + ":"}, block(4, item)...)
		return joinLines(lines[:len(lines)-1], add, lines[len(lines)-1:]), nil
	}
	m := yamlKey.FindStringSubmatch(lines[hooksAt])
	if v := yamlValue(m[3]); v != "" {
		if !yamlEmpty(v) {
			return nil, fmt.Errorf("its hooks key holds %q on one line, which arbiter does not rewrite", v)
		}
		lines[hooksAt] = "hooks:" + trailingComment(m[3])
	}
	evAt, indent := findKey(lines, hooksAt, 0, event)
	if indent < 0 {
		indent = 2
	}
	if evAt < 0 {
		add := append([]string{strings.Repeat(" ", indent) + event + ":"}, block(indent+2, item)...)
		return joinLines(lines[:hooksAt+1], add, lines[hooksAt+1:]), nil
	}
	em := yamlKey.FindStringSubmatch(lines[evAt])
	if v := yamlValue(em[3]); v != "" {
		if !yamlEmpty(v) {
			return nil, fmt.Errorf("its hooks.%s key holds %q on one line, which arbiter does not rewrite", event, v)
		}
		lines[evAt] = em[1] + event + ":" + trailingComment(em[3])
	}
	// The list's items: at the first item's indentation, which may be the
	// key's own.
	itemIndent := indent + 2
	for i := evAt + 1; i < len(lines); i++ {
		if !significant(lines[i]) {
			continue
		}
		if in := indentOf(lines[i]); strings.HasPrefix(strings.TrimSpace(lines[i]), "- ") && in >= indent {
			itemIndent = in
		}
		break
	}
	// First in the list: Hermes runs the hooks of an event in order.
	return joinLines(lines[:evAt+1], block(itemIndent, item), lines[evAt+1:]), nil
}

// trailingComment is the comment after a value, with its space, or "".
func trailingComment(rest string) string {
	rest = strings.TrimSpace(rest)
	if strings.HasPrefix(rest, "#") {
		return " " + rest
	}
	if i := strings.Index(rest, " #"); i >= 0 {
		return " " + strings.TrimSpace(rest[i:])
	}
	return ""
}

func joinLines(parts ...[]string) []byte {
	var all []string
	for _, p := range parts {
		all = append(all, p...)
	}
	return []byte(strings.Join(all, "\n"))
}

// removeEntry cuts arbiter's item for command out of a document: the
// exact lines insertEntry writes, at any indentation. It returns nil when
// they are not there.
func (y *yamlHooks) removeEntry(data []byte, command string) []byte {
	lines := yamlLines(data)
	item := y.item(command)
	for i := range lines {
		if !strings.HasSuffix(lines[i], item[0]) {
			continue
		}
		pad := lines[i][:len(lines[i])-len(item[0])]
		if strings.Trim(pad, " ") != "" || i+len(item) > len(lines) {
			continue
		}
		match := true
		for k, l := range item {
			if lines[i+k] != pad+l {
				match = false
				break
			}
		}
		if match {
			return joinLines(lines[:i], lines[i+len(item):])
		}
	}
	return nil
}

// yamlCommands returns the commands of the items of each list under
// hooks, by event; an error when the file is not YAML arbiter can read,
// or its hooks are not a mapping of lists.
func yamlCommands(data []byte) (map[string][]string, error) {
	doc, err := yamlDoc(data)
	if err != nil {
		return nil, err
	}
	hooks, _ := doc["hooks"].(map[string]any)
	if h, ok := doc["hooks"]; ok && h != nil && hooks == nil {
		return nil, fmt.Errorf("its hooks key is not a mapping")
	}
	out := map[string][]string{}
	for ev, v := range hooks {
		list, _ := v.([]any)
		for _, x := range list {
			if m, ok := x.(map[string]any); ok {
				if c, ok := m["command"].(string); ok {
					out[ev] = append(out[ev], strings.TrimSpace(c))
				}
			}
		}
	}
	return out, nil
}

// yamlDoc reads the one document of a YAML file as plain values; an
// empty file is an empty mapping.
func yamlDoc(data []byte) (map[string]any, error) {
	docs, err := project.ParseYAML(data)
	if err != nil {
		return nil, err
	}
	switch len(docs) {
	case 0:
		return map[string]any{}, nil
	case 1:
	default:
		return nil, fmt.Errorf("it holds %d YAML documents", len(docs))
	}
	if docs[0] == nil {
		return map[string]any{}, nil
	}
	doc, ok := docs[0].(map[string]any)
	if !ok {
		return nil, fmt.Errorf("its top level is not a mapping")
	}
	return doc, nil
}

// sameBut reports whether after is before with only the hooks of event
// changed by arbiter's item for command: added (add) or taken out.
func sameBut(before, after []byte, event, command string, add bool) bool {
	b, err1 := yamlDoc(before)
	a, err2 := yamlDoc(after)
	if err1 != nil || err2 != nil {
		return false
	}
	with, without := a, b
	if !add {
		with, without = b, a
	}
	list, _ := hooksOf(with)[event].([]any)
	kept := []any{}
	found := false
	for _, x := range list {
		if m, ok := x.(map[string]any); ok && !found && m["command"] == command {
			found = true
			continue
		}
		kept = append(kept, x)
	}
	if !found {
		return false
	}
	// Compare with the entry out, an emptied list and hooks mapping read
	// as absent on both sides.
	strip := func(doc map[string]any, list []any, replace bool) map[string]any {
		out := map[string]any{}
		for k, v := range doc {
			out[k] = v
		}
		h := map[string]any{}
		for k, v := range hooksOf(doc) {
			h[k] = v
		}
		if replace {
			h[event] = list
		}
		if l, ok := h[event].([]any); ok && len(l) == 0 || h[event] == nil {
			delete(h, event)
		}
		if len(h) == 0 {
			delete(out, "hooks")
		} else {
			out["hooks"] = h
		}
		return out
	}
	return reflect.DeepEqual(strip(with, kept, true), strip(without, nil, false))
}

func hooksOf(doc map[string]any) map[string]any {
	h, _ := doc["hooks"].(map[string]any)
	return h
}

// yamlInstalled is the document with arbiter's item for command in the
// list of each event, checked to change nothing else.
func (t Target) yamlInstalled(data []byte, command string) ([]byte, error) {
	cmds, err := yamlCommands(data)
	if err != nil {
		return nil, err
	}
	out := data
	for _, ev := range t.Events {
		if containsString(cmds[ev], command) {
			continue
		}
		next, err := t.yaml.insertEntry(out, ev, command)
		if err != nil {
			return nil, err
		}
		if !sameBut(out, next, ev, command, true) {
			return nil, fmt.Errorf("arbiter could not add its %s entry without changing the file's other content; add it by hand:\n%s", ev, strings.Join(t.yaml.item(command), "\n"))
		}
		// An entry uninstall could not cut out again is not written: the
		// file's shape is one arbiter does not know well enough.
		if back := t.yaml.removeEntry(next, command); back == nil || !sameBut(next, back, ev, command, false) {
			return nil, fmt.Errorf("arbiter could not add its %s entry in a way it could remove again; add it by hand:\n%s", ev, strings.Join(t.yaml.item(command), "\n"))
		}
		out = next
	}
	return out, nil
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// yamlStatus is Status for a YAML file: the arbiter commands of each
// event.
func (t Target) yamlStatus() (map[string][]string, error) {
	data, err := read(t.Path)
	if err != nil || data == nil {
		return nil, err
	}
	cmds, err := yamlCommands(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.Path, err)
	}
	events := map[string][]string{}
	for ev, list := range cmds {
		for _, c := range list {
			if IsArbiterCommand(c) {
				events[ev] = append(events[ev], c)
			}
		}
	}
	return events, nil
}

// yamlInstall adds arbiter's entries, keeping the file as it was before
// arbiter beside it, for uninstall.
func (t Target) yamlInstall(dry bool) (Result, error) {
	r := Result{Path: t.Path}
	orig, err := read(t.Path)
	if err != nil {
		return r, err
	}
	next, err := t.yamlInstalled(orig, t.Command)
	if err != nil {
		return r, fmt.Errorf("%s: %w; fix the file or move it aside, arbiter will not overwrite it", t.Path, err)
	}
	if orig != nil && bytes.Equal(next, orig) {
		r.Note = "already installed"
		return r, nil
	}
	r.Changed, r.Diff = true, diff(orig, next)
	if dry {
		return r, nil
	}
	if err := t.noteMade(missingDirs(filepath.Dir(t.Path))); err != nil {
		return r, err
	}
	if orig != nil {
		if present, _ := t.yamlStatus(); len(present) == 0 {
			r.Backup = BackupPath(t.Path)
			if err := writeFile(r.Backup, orig); err != nil {
				return r, err
			}
		}
	}
	return r, writeFile(t.Path, next)
}

// yamlUninstall restores the original when the file is exactly what
// install made of it; otherwise it cuts arbiter's items out, and refuses
// when one of them was edited since.
func (t Target) yamlUninstall(dry bool) (Result, error) {
	r := Result{Path: t.Path}
	cur, err := read(t.Path)
	if err != nil || cur == nil {
		r.Note = "not installed (no settings file)"
		return r, err
	}
	events, err := t.yamlStatus()
	if err != nil {
		return r, err
	}
	backup, err := read(BackupPath(t.Path))
	if err != nil {
		return r, err
	}
	for _, cmds := range events {
		for _, c := range cmds {
			if want, err := t.yamlInstalled(backup, c); err == nil && bytes.Equal(want, cur) {
				return t.undoInstall(r, cur, backup, dry)
			}
		}
	}
	next := cur
	for ev, cmds := range events {
		for _, c := range cmds {
			cut := t.yaml.removeEntry(next, c)
			if cut == nil || !sameBut(next, cut, ev, c, false) {
				return r, fmt.Errorf("%s: arbiter's %s entry (%s) was edited since install; remove it by hand", t.Path, ev, c)
			}
			next = cut
		}
	}
	if bytes.Equal(next, cur) {
		r.Note = "not installed"
		return r, nil
	}
	r.Changed, r.Diff = true, diff(cur, next)
	if backup != nil {
		r.Backup = BackupPath(t.Path)
		r.Note = "the file changed since install, so only arbiter's entries were removed; the original is kept at " + r.Backup
	}
	if dry {
		return r, nil
	}
	return r, writeFile(t.Path, next)
}
