//go:build unix

package cache

import (
	"errors"
	"os"
	"syscall"
	"time"

	berrors "go.etcd.io/bbolt/errors"
)

// lockExclusive takes the lock a run that writes the index holds
// (bbolt's flock, exclusive) on f, waiting at most timeout for another
// process's, and then returns bbolt's ErrTimeout. The lock is dropped
// when f is closed.
func lockExclusive(f *os.File, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			return err
		}
		if time.Now().After(deadline) {
			return berrors.ErrTimeout
		}
		time.Sleep(10 * time.Millisecond)
	}
}
