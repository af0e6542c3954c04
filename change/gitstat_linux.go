package change

import (
	"io/fs"
	"syscall"
)

// sameStatus reports whether info, a file's status, is the one e records
// (git's comparison, in the index's 32 bits): if so, the file holds e's
// object unless e is racy. ok is false where the status cannot be told.
func sameStatus(e indexEntry, info fs.FileInfo) (same, ok bool) {
	s, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return false, false
	}
	mode := uint32(0o100644)
	switch {
	case info.Mode()&fs.ModeSymlink != 0:
		mode = 0o120000
	case !info.Mode().IsRegular():
		mode = 0
	case info.Mode()&0o111 != 0:
		mode = 0o100755
	}
	return e.mode == mode && e.size == uint32(s.Size) && e.ino == uint32(s.Ino) &&
		e.mtimeSec == uint32(s.Mtim.Sec) && e.mtimeNsec == uint32(s.Mtim.Nsec) &&
		e.ctimeSec == uint32(s.Ctim.Sec) && e.ctimeNsec == uint32(s.Ctim.Nsec), true
}
