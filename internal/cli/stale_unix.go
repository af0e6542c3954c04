//go:build unix

package cli

import (
	"os"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// LockOwn takes the lock that says f, a temporary file or folder a run
// made, is in use: see RemoveStale. It is dropped when f is closed, or
// the process ends. A file system that has no locks makes none: its
// temporary things are then never taken for a dead run's.
func LockOwn(f *os.File) {
	unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
}

// abandoned reports whether path, a temporary file (or a folder, if
// folder) that process pid made, is a dead run's: its user's, made as
// such (no link), untouched for staleAge, pid no longer running (or
// this process's own, which a process in a container of its own has
// after one killed), and no one holding its lock.
func abandoned(path string, folder bool, pid int) bool {
	fi, err := os.Lstat(path)
	if err != nil || (folder && !fi.IsDir()) || (!folder && !fi.Mode().IsRegular()) || time.Since(fi.ModTime()) < staleAge {
		return false
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); !ok || int(st.Uid) != os.Getuid() {
		return false
	}
	if pid != os.Getpid() && unix.Kill(pid, 0) != unix.ESRCH {
		return false // running (EPERM: another user's), or not known
	}
	f, err := os.OpenFile(path, os.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	if same, err := f.Stat(); err != nil || !os.SameFile(fi, same) {
		return false
	}
	return unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB) == nil
}
