package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"golang.org/x/mod/sumdb"
)

// What the go command keeps on disk of a checksum database, copycat-dist
// keeps in the same files, read and written as the go command reads and
// writes them, so that the two share what they have seen:
//
//   - the latest signed tree verified, $GOPATH/pkg/sumdb/<name>/latest
//     (of the first folder of $GOPATH, or ~/go): each check starts from
//     it, and a tree the database shows that is not consistent with it
//     fails the check, so a database that shows two runs, or a run and
//     the go command, two logs (a fork) is caught;
//   - the tiles and lookup records that proved trees, a cache read
//     before the database is asked, under
//     $GOMODCACHE/cache/download/sumdb/<name>/ (which go clean -modcache
//     removes).
//
// -sumdb-dir DIR keeps them in DIR/<name>/latest and DIR/cache/<name>/
// instead. Sharing them is safe: both read and write them through
// golang.org/x/mod/sumdb's client, so that they mean the same to both;
// the latest tree is read under a shared lock and replaced under an
// exclusive one, in place, only if the file still holds what the writer
// read before, as the go command does (its lockedfile: flock(2), or
// LockFileEx on Windows), so that a go command and copycat-dist, or two
// runs, that move it at once merge their trees (the client's
// compare-and-swap) rather than write over each other's; and what
// either reads there the client checks, a tree against the database's
// key and a tile or a record against a tree, so that neither can make
// the other accept what the database did not sign. A cache file is
// written beside its name and renamed into place, so that no reader sees
// half of one. An empty latest is no tree, as for the go command (its
// writer makes the file before it locks it); one that holds anything but
// a tree the database's key signed fails the check, naming the file.

// A sumState names where the checksum databases' state is kept: the
// folder of their latest trees (config/<name>/latest) and that of their
// tiles and records (cache/<name>/…).
type sumState struct{ config, cache string }

// sumStateOf returns the state kept in dir (-sumdb-dir), or where the go
// command keeps it when dir is "".
func sumStateOf(dir string) (sumState, error) {
	if dir != "" {
		return sumState{config: dir, cache: filepath.Join(dir, "cache")}, nil
	}
	gopath, cache := goPath(), modCache()
	if gopath == "" || cache == "" {
		return sumState{}, errors.New("cannot name the folder of the checksum database's latest tree: neither GOPATH nor a home folder is set (set -sumdb-dir)")
	}
	s := sumState{config: filepath.Join(gopath, "pkg", "sumdb"), cache: filepath.Join(cache, "cache", "download", "sumdb")}
	for _, dir := range []string{s.config, s.cache} {
		if !filepath.IsAbs(dir) {
			// As the go command, which refuses a relative GOPATH or
			// GOMODCACHE: the state would move with the working folder.
			return sumState{}, fmt.Errorf("the checksum database's state would be kept in %s, not an absolute path (set GOPATH and GOMODCACHE, or -sumdb-dir)", dir)
		}
	}
	return s, nil
}

// sumDirKey is the context's key of -sumdb-dir, which the DoFns that
// fetch modules give to the checks (withSumDBDir).
type sumDirKey struct{}

func withSumDBDir(ctx context.Context, dir string) context.Context {
	return context.WithValue(ctx, sumDirKey{}, dir)
}

func sumDBDirOf(ctx context.Context) string {
	dir, _ := ctx.Value(sumDirKey{}).(string)
	return dir
}

// maxStateBytes bounds what a file of the state is read up to: a signed
// tree is a few hundred bytes, a tile 8 KiB, a lookup record less.
const maxStateBytes = 1 << 20

// stateFile returns the path of file (<name>/latest, <name>/tile/…),
// slash-separated, in the folder dir; an error for one that leads out.
func stateFile(dir, file string) (string, error) {
	local := filepath.FromSlash(file)
	if !filepath.IsLocal(local) {
		return "", fmt.Errorf("%q is not a file of the checksum database's state", file)
	}
	return filepath.Join(dir, local), nil
}

// readLocked reads the file name under a shared lock, as the go command
// reads its state.
func readLocked(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := lockFile(f, false); err != nil {
		return nil, err
	}
	defer unlockFile(f)
	return readAtMost(f, maxStateBytes, name)
}

// replaceLocked replaces the contents of the file name by new, under an
// exclusive lock and in place, if it holds old or nothing: the go
// command's compare-and-swap of the latest tree (sumdb.ErrWriteConflict
// if it holds another).
func replaceLocked(name string, old, new []byte) (err error) {
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		return err
	}
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o666)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	if err := lockFile(f, true); err != nil {
		return err
	}
	defer func() {
		if uerr := unlockFile(f); err == nil {
			err = uerr
		}
	}()
	data, err := readAtMost(f, maxStateBytes, name)
	if err != nil {
		return err
	}
	if len(data) > 0 && !bytes.Equal(data, old) {
		return sumdb.ErrWriteConflict
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if err := f.Truncate(0); err != nil {
		return err
	}
	_, err = f.Write(new)
	return err
}

// writeReplacing writes data as the file name: written beside it, then
// renamed into place, so that no reader sees half of it.
func writeReplacing(name string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".tmp*")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
