//go:build unix

package load

import (
	"io/fs"
	"syscall"
)

// A fileID is a file's identity: its device and inode.
type fileID struct{ dev, ino uint64 }

// identityOf returns the identity of the file info describes, as
// os.SameFile compares it.
func identityOf(info fs.FileInfo) (fileID, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}, false
	}
	return fileID{uint64(st.Dev), uint64(st.Ino)}, true
}
