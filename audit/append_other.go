//go:build !unix

package audit

import (
	"errors"
	"os"
	"path/filepath"
)

// appendLine appends a line to the log, creating it (and its folder)
// when missing and rotating it past maxBytes; anything but a regular
// file is refused.
func appendLine(path string, line []byte) error {
	st, err := os.Stat(path)
	switch {
	case err == nil && !st.Mode().IsRegular():
		return errors.New("not a regular file; nothing written")
	case err == nil && st.Size() > maxBytes:
		rotate(path)
	case errors.Is(err, os.ErrNotExist):
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return err
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(line); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
