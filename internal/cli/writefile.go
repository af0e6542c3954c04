package cli

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
)

// WriteFile writes the file name with write, through a temporary file in
// the same directory and a rename: whoever reads name, and a run killed
// during the write or stopped by a full disk, sees the previous file
// whole or the new one whole, never a part. The new file keeps the mode
// of the one it replaces, and a symbolic link is written through. A name
// that is not a regular file (/dev/stdout, a pipe) is written in place.
// Where the system allows (Linux), the temporary file has no name until
// it is whole (see openUnnamed): a folder made read-only, moved or
// removed while the report was written had its temporary file's rename
// fail, the error name that file, and the file stay where the folder
// went. copycat-dist writes its report with it too, on the worker that
// makes it.
func WriteFile(name string, write func(io.Writer) error) error {
	fi, err := os.Stat(name)
	if err == nil && !fi.Mode().IsRegular() {
		return writeInPlace(name, write)
	}
	if real, err := filepath.EvalSymlinks(name); err == nil {
		name = real
	}
	f, unnamed := openUnnamed(name)
	if unnamed {
		LockOwn(f)
	} else if f, err = createTemp(name); err != nil {
		return err
	}
	err = writeAndSync(f, write)
	if err == nil && fi != nil {
		err = f.Chmod(fi.Mode().Perm())
	}
	var tmp string // the temporary file's name, once it has one
	switch {
	case !unnamed:
		tmp = f.Name()
	case err == nil:
		tmp, err = linkUnnamed(f, name)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil && tmp != "" {
		os.Remove(tmp)
	}
	return placeError(name, err)
}

// placeError is err, of WriteFile's putting the file name in place, said
// of name's folder: the temporary file's name, in a rename's or a link's
// error, is copycat's, not the user's.
func placeError(name string, err error) error {
	var le *os.LinkError
	if !errors.As(err, &le) {
		return err
	}
	dir := filepath.Dir(name) + string(filepath.Separator)
	if errors.Is(le.Err, fs.ErrPermission) {
		return fmt.Errorf("cannot put the file in %s (a file is replaced through a new one beside it): %w", dir, le.Err)
	}
	return fmt.Errorf("cannot put the file in %s: %w", dir, le.Err)
}

// createTemp creates a new file beside name, with the mode a new file gets
// (0666 less the umask), which os.CreateTemp does not give.
func createTemp(name string) (*os.File, error) {
	dir, base := filepath.Split(name)
	for range 100 {
		tmp := filepath.Join(dir, tempName(base, rand.Uint32()))
		f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		switch {
		case err == nil:
			LockOwn(f)
			return f, nil
		case !errors.Is(err, fs.ErrExist):
			// The temporary file's name is ours, not the user's: the
			// error names the folder, and why a file is made there.
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			if dir == "" {
				dir = "."
			}
			if errors.Is(err, fs.ErrPermission) {
				return nil, fmt.Errorf("cannot create a file in %s (a file is replaced through a new one beside it): %w", dir, err)
			}
			return nil, fmt.Errorf("cannot create a file in %s: %w", dir, err)
		}
	}
	return nil, fmt.Errorf("cannot create a temporary file beside %s", name)
}

// writeAndSync writes f and syncs it to stable storage.
func writeAndSync(f *os.File, write func(io.Writer) error) error {
	bw := bufio.NewWriter(f)
	err := write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	return err
}

func writeInPlace(name string, write func(io.Writer) error) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// CheckWritable says, before any work, whether WriteFile can write name:
// a folder missing or closed to writing, or a name that is a folder, was
// found once the run's work was done (a history of 500 commits, a
// minute and a half), and the work lost. It tries what WriteFile does, a
// temporary file beside name, and removes it, with those a run killed
// while it wrote left (see RemoveStale). A name that is not a regular
// file (a named pipe, /dev/stdout) is not opened: a pipe waits for its
// reader. copycat-dist checks its -o with it before it builds its
// pipeline.
func CheckWritable(name string) error {
	fi, err := os.Stat(name)
	switch {
	case err == nil && fi.IsDir():
		return fmt.Errorf("%s is a folder", name)
	case err == nil && !fi.Mode().IsRegular():
		return nil
	}
	if real, err := filepath.EvalSymlinks(name); err == nil {
		name = real
	}
	f, err := createTemp(name)
	if err != nil {
		return err
	}
	f.Close()
	os.Remove(f.Name())
	dir, base := filepath.Split(name)
	RemoveStale(cmp.Or(dir, "."), false, func(entry string) (int, bool) { return tempPID(entry, base) })
	return nil
}
