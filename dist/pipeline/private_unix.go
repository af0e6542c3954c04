//go:build unix

package pipeline

import (
	"io/fs"
	"os"
	"syscall"
)

// ownedByUser reports whether the file fi describes belongs to the user
// running the program.
func ownedByUser(fi fs.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Getuid()
}
