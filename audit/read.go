package audit

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
)

// MaxLine bounds a line: a decision is far smaller, an export request
// of the Collector's file exporter a batch of them.
const MaxLine = 64 << 20

// Read returns the decisions of a log and of the files its rotation
// kept, oldest first, and how many lines were not records. A missing
// rotated file is no error; a missing log is.
func Read(path string) ([]Record, int, error) {
	files := Files(path)
	slices.Reverse(files)
	var out []Record
	bad, found := 0, false
	for _, f := range files {
		file, err := os.Open(f)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return out, bad, fmt.Errorf("reading the decision log: %w", err)
		}
		found = true
		recs, b, err := ReadFrom(file)
		file.Close()
		if err != nil {
			return out, bad, fmt.Errorf("reading the decision log %s: %w", f, err)
		}
		out, bad = append(out, recs...), bad+b
	}
	if !found {
		return nil, 0, fmt.Errorf("reading the decision log: %w", &os.PathError{Op: "open", Path: path, Err: os.ErrNotExist})
	}
	return out, bad, nil
}

// ReadFrom reads the decisions of one log file, or of a file the
// Collector's file exporter wrote.
func ReadFrom(r io.Reader) ([]Record, int, error) {
	var out []Record
	bad := 0
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxLine) // a line of the Collector's file exporter holds a whole batch
	for sc.Scan() {
		recs, err := DecodeAll(sc.Bytes())
		if err != nil {
			bad++
		}
		out = append(out, recs...)
	}
	return out, bad, sc.Err()
}
