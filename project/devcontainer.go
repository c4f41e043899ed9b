package project

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/tailscale/hujson"
)

// MaxDevcontainer bounds the dev container configuration arbiter reads.
const MaxDevcontainer = 256 << 10

// devcontainerFiles are where the devcontainer CLI looks for a workspace's
// configuration when it is given none, in its order.
var devcontainerFiles = []string{".devcontainer/devcontainer.json", ".devcontainer.json"}

// FindDevcontainer returns the configuration the devcontainer CLI uses
// for the workspace folder ws; an error wrapping fs.ErrNotExist when there
// is none (the CLI then starts nothing).
func FindDevcontainer(ws string) (string, error) {
	for _, name := range devcontainerFiles {
		p := filepath.Join(ws, name)
		_, err := os.Stat(p)
		if err == nil {
			return p, nil
		}
		if !IsNotExist(err) {
			return "", err
		}
	}
	return "", fmt.Errorf("no dev container configuration in %s: %w", ws, fs.ErrNotExist)
}

// ReadDevcontainer reads a dev container configuration (devcontainer.json)
// within MaxDevcontainer.
func ReadDevcontainer(file string) (map[string]any, error) {
	data, size, err := readBounded(file, MaxDevcontainer)
	if err != nil {
		return nil, err
	}
	if size > MaxDevcontainer {
		return nil, fmt.Errorf("%s is %d bytes, over the %d read", file, size, MaxDevcontainer)
	}
	doc, err := ParseDevcontainer(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return doc, nil
}

// ParseDevcontainer reads a configuration as the CLI does: JSON with
// comments and trailing commas, one object. Numbers stay json.Number.
func ParseDevcontainer(data []byte) (map[string]any, error) {
	plain, err := hujson.Standardize(append([]byte(nil), data...))
	if err != nil {
		return nil, fmt.Errorf("not valid JSON with comments: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(plain))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("not a JSON object: %w", err)
	}
	if doc == nil {
		return nil, errors.New("not a JSON object")
	}
	return doc, nil
}
