package cache

import (
	"io/fs"
	"syscall"
)

func statusOf(info fs.FileInfo) (status, bool) {
	s, ok := info.Sys().(*syscall.Stat_t)
	if !ok || !info.Mode().IsRegular() {
		return status{}, false
	}
	return status{
		size:  uint64(info.Size()),
		mtime: uint64(s.Mtim.Nano()),
		ctime: uint64(s.Ctim.Nano()),
		ino:   uint64(s.Ino),
		dev:   uint64(s.Dev), // uint32 on some systems
	}, true
}
