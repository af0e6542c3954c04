//go:build unix

package cache

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// A run that finds the index locked past lockTimeout by another process
// (one stopped with Ctrl-Z while it wrote, or an outside lock) goes on
// without it, says so once, and waits no more than once for the lock and
// briefly at its end, whatever it asks of the index.
func TestLockedIndex(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, Options{}, map[string][]byte{"a.go": src(1)})
	f, err := os.OpenFile(filepath.Join(dir, FileName), os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Skipf("cannot lock the index: %v", err)
	}
	oldLock, oldBusy := lockTimeout, busyTimeout
	lockTimeout, busyTimeout = 300*time.Millisecond, 100*time.Millisecond
	defer func() { lockTimeout, busyTimeout = oldLock, oldBusy }()

	var writeTimeouts []time.Duration
	defer func(open func(string, os.FileMode, *bolt.Options) (*bolt.DB, error)) { openWrite = open }(openWrite)
	openWrite = func(path string, mode os.FileMode, o *bolt.Options) (*bolt.DB, error) {
		writeTimeouts = append(writeTimeouts, o.Timeout)
		return bolt.Open(path, mode, o)
	}

	files, _, x := run(t, dir, Options{}, map[string][]byte{"a.go": src(1), "b.go": src(2)})
	if files["a.go"] == nil || files["b.go"] == nil {
		t.Errorf("files %v: want both indexed without the index", files)
	}
	if w := x.Warnings(); len(w) != 1 || !strings.Contains(w[0].Error(), "is locked by another copycat run") {
		t.Errorf("warnings %v, want one saying the index is locked", w)
	}
	if len(writeTimeouts) != 1 || writeTimeouts[0] != busyTimeout {
		t.Errorf("the commit waited %v for the lock, want once, %v (the run waited its %v already)", writeTimeouts, busyTimeout, lockTimeout)
	}
	if _, ok := x.Result([32]byte{1}); ok || x.db != nil {
		t.Error("a read after the commit opened the index again")
	}
}

// An index that is a named pipe is refused by cache stats and left alone
// by cache clean; neither waits for a writer.
func TestCommandsOnNamedPipe(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, FileName), 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	for name, cmd := range map[string]func() error{
		"stats": func() error { return Stats(io.Discard, dir) },
		"clean": func() error { return Clean(dir) },
	} {
		done := make(chan error, 1)
		go func() { done <- cmd() }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), FileName) {
				t.Errorf("cache %s on a named pipe: %v, want an error naming it", name, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("cache %s on a named pipe still waiting after 10 s", name)
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, FileName)); err != nil {
		t.Errorf("the named pipe is gone: %v", err)
	}
}

// A run creating the index holds the file empty, locked, before it
// writes its first pages: copycat cache clean removed it then, taking no
// lock for an empty file, and the run's records went into a file no path
// named. It now takes the lock whatever the file holds, and leaves the
// file to the run.
func TestCleanLeavesIndexBeingCreated(t *testing.T) {
	defer func(old time.Duration) { busyTimeout = old }(busyTimeout)
	busyTimeout = 50 * time.Millisecond
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Skipf("cannot lock the index: %v", err)
	}
	cleanWhileHeld(t, dir, func() { f.Close() })
}

// A run that opened the index to commit, and waited for its lock while
// copycat cache clean held it and removed the file, wrote its records
// into the file removed: the next run found no index. It now writes
// the index the path names once it holds the lock.
func TestCommitAfterCleanRemovedIt(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	run(t, dir, Options{}, map[string][]byte{"a.go": src(1)})
	defer func(open func(string, os.FileMode, *bolt.Options) (*bolt.DB, error)) { openWrite = open }(openWrite)
	removed := false
	openWrite = func(p string, mode os.FileMode, o *bolt.Options) (*bolt.DB, error) {
		open := o.OpenFile
		if open == nil {
			open = os.OpenFile
		}
		o.OpenFile = func(name string, flag int, mode os.FileMode) (*os.File, error) {
			f, err := open(name, flag, mode)
			if err == nil && !removed {
				removed = true // as a clean does while this run waits
				os.Remove(name)
			}
			return f, err
		}
		return bolt.Open(p, mode, o)
	}
	run(t, dir, Options{}, map[string][]byte{"b.go": src(2)})
	if !removed {
		t.Fatal("the index was not opened to write")
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("no index after the commit: %v", err)
	}
	openWrite = bolt.Open
	_, _, x := run(t, dir, Options{}, map[string][]byte{"b.go": src(2)})
	counts(t, x, 1, 0)
}
