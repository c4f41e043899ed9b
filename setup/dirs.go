package setup

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// missingDirs lists the directories, dir and above, that do not exist
// yet: those writing a file in dir creates, deepest first.
func missingDirs(dir string) []string {
	var out []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil || !errors.Is(err, fs.ErrNotExist) {
			return out
		}
		out = append(out, d)
		if filepath.Dir(d) == d {
			return out
		}
	}
}

// madeDirs is the record of the directories install created, by the
// settings file it created them for. It is kept apart from the
// settings (in arbiter's cache), so a directory arbiter made stays empty
// when arbiter's file leaves it; a lost record only means a directory
// stays.
type madeDirs map[string][]string

func readMade(record string) madeDirs {
	m := madeDirs{}
	if b, err := os.ReadFile(record); err == nil {
		_ = json.Unmarshal(b, &m) // an unreadable record removes nothing
	}
	return m
}

func (m madeDirs) write(record string) error {
	if len(m) == 0 {
		if err := os.Remove(record); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("removing %s: %w", record, err)
		}
		return nil
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return writeFile(record, append(b, '\n'))
}

// noteMade adds the directories install is about to create for the
// target's file to the record.
func (t Target) noteMade(dirs []string) error {
	if t.Record == "" || len(dirs) == 0 {
		return nil
	}
	m := readMade(t.Record)
	for _, d := range dirs {
		if !slices.Contains(m[t.Path], d) {
			m[t.Path] = append(m[t.Path], d)
		}
	}
	return m.write(t.Record)
}

// removeMade removes, deepest first, the directories install created for
// the target's file that are empty now, and returns them. A directory
// that holds anything stays, and so does one arbiter did not create.
func (t Target) removeMade() ([]string, error) {
	if t.Record == "" {
		return nil, nil
	}
	m := readMade(t.Record)
	dirs := m[t.Path]
	if len(dirs) == 0 {
		return nil, nil
	}
	slices.SortFunc(dirs, func(a, b string) int { return len(b) - len(a) })
	var removed []string
	for _, d := range dirs {
		entries, err := os.ReadDir(d)
		if err != nil || len(entries) > 0 {
			continue
		}
		if err := os.Remove(d); err == nil {
			removed = append(removed, d)
		}
	}
	delete(m, t.Path)
	return removed, m.write(t.Record)
}
