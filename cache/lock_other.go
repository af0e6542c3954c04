//go:build !unix

package cache

import (
	"os"
	"time"
)

// lockExclusive takes no lock where bbolt's is not flock: there the
// system refuses to remove a file another process holds open.
func lockExclusive(*os.File, time.Duration) error { return nil }
