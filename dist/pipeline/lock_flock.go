//go:build darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd

package pipeline

import (
	"io/fs"
	"os"
	"syscall"
)

// lockFile locks f for this open file alone, shared or exclusive,
// waiting for the lock: flock(2), the lock the go command takes on the
// same systems (cmd/go/internal/lockedfile), so that the two exclude
// each other.
func lockFile(f *os.File, exclusive bool) error {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	return flock(f, how)
}

func unlockFile(f *os.File) error { return flock(f, syscall.LOCK_UN) }

func flock(f *os.File, how int) error {
	for {
		err := syscall.Flock(int(f.Fd()), how)
		if err == nil {
			return nil
		}
		if err != syscall.EINTR {
			return &fs.PathError{Op: "flock", Path: f.Name(), Err: err}
		}
	}
}
