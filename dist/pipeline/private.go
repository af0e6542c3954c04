package pipeline

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// privateTemp returns the folder name-UID of the temporary directory,
// made for this user alone (mode 0700), where a worker keeps what it
// fetched for the next bundle: a module's files, a repository's tree.
// They were kept in one folder of a name anyone could make first, and
// on a machine whose temporary directory others share, a folder made by
// another user, holding files of its making, was read as the module's.
// A folder of that name that is a link, is not a folder, or that others
// may write to or another user owns is refused.
func privateTemp(name string) (string, error) {
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("%s-%d", name, os.Getuid()))
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return "", err
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return "", err
	}
	if !fi.IsDir() || fi.Mode().Perm()&0o077 != 0 || !ownedByUser(fi) {
		return "", fmt.Errorf("%s is not a folder of this user's alone (%v): not used", dir, fi.Mode())
	}
	return dir, nil
}
