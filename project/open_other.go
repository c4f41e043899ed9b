//go:build !unix

package project

import (
	"fmt"
	"io"
	"os"
)

// readOpen reads at most limit+1 bytes of the regular file path; size is
// the file's size as the open file tells it.
func readOpen(path string, limit int64) ([]byte, int64, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer fh.Close()
	// The file may have been replaced since the caller's look.
	info, err := fh.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return nil, 0, fmt.Errorf("%s: %w", path, ErrNotRegular)
	}
	data, err := io.ReadAll(io.LimitReader(fh, limit+1))
	if err != nil {
		return nil, 0, fmt.Errorf("reading %s: %w", path, err)
	}
	return data, info.Size(), nil
}
