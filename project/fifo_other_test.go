//go:build !unix

package project

import "errors"

func mkfifo(string) error { return errors.New("unsupported") }
