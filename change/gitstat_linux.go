package change

import (
	"io/fs"
	"syscall"
)

// StatOf returns a file's status as git's index records it: mode, size,
// inode, modification and change times.
func StatOf(info fs.FileInfo) Stat {
	s, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return Stat{}
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
	return Stat{
		ctimeSec: uint32(s.Ctim.Sec), ctimeNsec: uint32(s.Ctim.Nsec),
		mtimeSec: uint32(s.Mtim.Sec), mtimeNsec: uint32(s.Mtim.Nsec),
		ino: uint32(s.Ino), mode: mode, size: uint32(s.Size), ok: true,
	}
}
