package pipeline

import (
	"io/fs"
	"os"

	"golang.org/x/sys/windows"
)

// lockFile locks f for this open handle alone, shared or exclusive,
// waiting for the lock: LockFileEx over every byte, the lock the go
// command takes (cmd/go/internal/lockedfile), so that the two exclude
// each other.
func lockFile(f *os.File, exclusive bool) error {
	var flags uint32
	if exclusive {
		flags = windows.LOCKFILE_EXCLUSIVE_LOCK
	}
	if err := windows.LockFileEx(windows.Handle(f.Fd()), flags, 0, ^uint32(0), ^uint32(0), new(windows.Overlapped)); err != nil {
		return &fs.PathError{Op: "LockFileEx", Path: f.Name(), Err: err}
	}
	return nil
}

func unlockFile(f *os.File) error {
	if err := windows.UnlockFileEx(windows.Handle(f.Fd()), 0, ^uint32(0), ^uint32(0), new(windows.Overlapped)); err != nil {
		return &fs.PathError{Op: "UnlockFileEx", Path: f.Name(), Err: err}
	}
	return nil
}
