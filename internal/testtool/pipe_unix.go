//go:build unix

package testtool

import (
	"os"
	"syscall"
)

// UnblockPipe reports whether a process waits to read the named pipe at
// path (a writer opens it without waiting only then), and lets it go.
func UnblockPipe(path string) bool {
	f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return false
	}
	f.Close()
	return true
}
