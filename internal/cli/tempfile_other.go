//go:build !linux

package cli

import (
	"errors"
	"os"
)

// openUnnamed makes no file of no name here (see tempfile_linux.go).
func openUnnamed(string) (*os.File, bool) { return nil, false }

// linkUnnamed is never called here.
func linkUnnamed(*os.File, string) (string, error) { return "", errors.New("no unnamed files") }
