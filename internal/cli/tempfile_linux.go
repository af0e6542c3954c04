package cli

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"

	"golang.org/x/sys/unix"
)

// openUnnamed opens a file of no name in name's folder (O_TMPFILE), with
// the mode a new file gets, for place to give it a name once it is whole:
// until then no path leads to it, so that a folder made read-only, moved
// or removed while the run writes, or the run killed, leaves nothing
// behind. ok is false where the system or the file system does not make
// such files (or /proc, through which it is named, is missing).
func openUnnamed(name string) (f *os.File, ok bool) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		return nil, false
	}
	dir := filepath.Dir(name)
	fd, err := unix.Open(dir, unix.O_TMPFILE|unix.O_WRONLY|unix.O_CLOEXEC, 0o666)
	if err != nil {
		return nil, false // a folder missing or closed: createTemp says which
	}
	return os.NewFile(uintptr(fd), dir), true
}

// linkUnnamed gives f, opened by openUnnamed, a temporary name beside
// name, which it returns.
func linkUnnamed(f *os.File, name string) (string, error) {
	dir, base := filepath.Split(name)
	proc := "/proc/self/fd/" + strconv.Itoa(int(f.Fd()))
	for range 100 {
		tmp := filepath.Join(dir, tempName(base, rand.Uint32()))
		err := unix.Linkat(unix.AT_FDCWD, proc, unix.AT_FDCWD, tmp, unix.AT_SYMLINK_FOLLOW)
		if !errors.Is(err, unix.EEXIST) {
			if err != nil {
				return "", &os.LinkError{Op: "link", Old: proc, New: tmp, Err: err}
			}
			return tmp, nil
		}
	}
	return "", errors.New("no temporary name free")
}
