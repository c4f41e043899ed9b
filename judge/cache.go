package judge

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// Cache keeps judge answers on disk, so that the same state asked of the
// same model is answered once; the hook is a fresh process per call. Files
// are 0600 in a 0700 directory, and the number of entries is bounded.
//
// An entry holds the question it answers (the state, as sent) and answers
// only that exact question: the file name is a hash, but a hit is a
// comparison of the whole text, so no collision of names can lend one
// call the answers given to another. That is also why the name needs no
// cryptographic hash, whose package costs the hook a millisecond-scale
// share of its start-up. States never hold a secret: such calls are not
// sent to the judge.
type Cache struct {
	Dir        string
	MaxEntries int // 0 means 4096
}

type cacheEntry struct {
	Question string  `json:"question"`
	Model    string  `json:"model"`
	Answers  Answers `json:"answers"`
}

// question is everything the answers depend on: the question wording,
// the backend and its model, and the exact state.
func question(backend string, st State) (string, error) {
	b, err := json.Marshal(st)
	if err != nil {
		return "", err
	}
	return questionsVersion + "\x00" + backend + "\x00" + string(b), nil
}

// nameOf names the entry for a question.
func nameOf(question string) string {
	h := fnv.New128a()
	h.Write([]byte(question))
	return hex.EncodeToString(h.Sum(nil))
}

// Get returns cached answers for a state.
func (c *Cache) Get(backend string, st State) (Answers, string, bool) {
	if c == nil {
		return nil, "", false
	}
	q, err := question(backend, st)
	if err != nil {
		return nil, "", false
	}
	b, err := os.ReadFile(filepath.Join(c.Dir, nameOf(q)+".json"))
	if err != nil {
		return nil, "", false
	}
	var e cacheEntry
	if json.Unmarshal(b, &e) != nil || e.Question != q || e.Answers.Validate() != nil {
		return nil, "", false
	}
	return e.Answers, e.Model, true
}

// Put stores answers for a state and trims the oldest entries past the
// bound.
func (c *Cache) Put(backend string, st State, a Answers, model string) error {
	if c == nil {
		return nil
	}
	q, err := question(backend, st)
	if err != nil {
		return err
	}
	k := nameOf(q)
	if err := os.MkdirAll(c.Dir, 0o700); err != nil {
		return fmt.Errorf("judge cache: %w", err)
	}
	b, err := json.Marshal(cacheEntry{Question: q, Model: model, Answers: a})
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(c.Dir, ".tmp-*")
	if err != nil {
		return fmt.Errorf("judge cache: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return fmt.Errorf("judge cache: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("judge cache: %w", err)
	}
	if err := os.Rename(tmp.Name(), filepath.Join(c.Dir, k+".json")); err != nil {
		return fmt.Errorf("judge cache: %w", err)
	}
	return c.trim()
}

// trim removes the oldest entries once there are more than the bound,
// down to nine tenths of it.
func (c *Cache) trim() error {
	max := c.MaxEntries
	if max <= 0 {
		max = 4096
	}
	entries, err := os.ReadDir(c.Dir)
	if err != nil {
		return fmt.Errorf("judge cache: %w", err)
	}
	if len(entries) <= max {
		return nil
	}
	type file struct {
		name string
		mod  int64
	}
	var files []file
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		files = append(files, file{e.Name(), info.ModTime().UnixNano()})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].mod < files[j].mod })
	for _, f := range files[:len(files)-max*9/10] {
		if err := os.Remove(filepath.Join(c.Dir, f.name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("judge cache: %w", err)
		}
	}
	return nil
}
