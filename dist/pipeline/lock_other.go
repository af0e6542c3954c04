//go:build !(darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd || windows)

package pipeline

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime"
)

// lockFile fails where copycat-dist takes no file lock: there the
// checksum database's state cannot be shared safely, with the go
// command or between runs, and a check that needs it fails naming the
// file (GOSUMDB=off leaves zips unchecked).
func lockFile(f *os.File, exclusive bool) error {
	return &fs.PathError{Op: "lock", Path: f.Name(), Err: fmt.Errorf("copycat-dist takes no file locks on %s: %w", runtime.GOOS, errors.ErrUnsupported)}
}

func unlockFile(*os.File) error { return nil }
