//go:build !unix

package cli

import "os"

// LockOwn does nothing where locks are not known.
func LockOwn(*os.File) {}

// abandoned is false where locks are not known: no temporary thing is
// proved a dead run's.
func abandoned(string, bool, int) bool { return false }
