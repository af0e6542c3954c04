package cache

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"syscall"
	"unicode"
	"unicode/utf8"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// Commit closes the read-only view and writes, in one atomic transaction,
// the records of the files indexed anew (made now for those indexed
// without their Facts) and the renewed stamps of those
// read, then evicts the least recently used records if the index is over
// its limit. When another run holds the write lock past the timeout,
// nothing is written: a later run will. A database found corrupt is
// replaced by a new one.
func (x *Index) Commit() {
	if x.db != nil {
		x.db.Close()
		x.db = nil
	}
	x.encodePending()
	if len(x.puts) == 0 && len(x.touched) == 0 && len(x.stats) == 0 && len(x.facts) == 0 && !x.broken.Load() {
		return
	}
	if x.broken.Load() {
		x.removeBroken()
	}
	err := x.write()
	if err != nil && !errors.Is(err, berrors.ErrTimeout) && !ioFailure(err) {
		x.markBroken(err)
		x.removeBroken()
		err = x.write()
	}
	switch {
	case err == nil:
	case errors.Is(err, berrors.ErrTimeout):
		x.markBusy()
	case ioFailure(err):
		// The disk is full, or the file may not be written: what it
		// holds is still good, and the next run reads it.
		x.warn(fmt.Errorf("index %s not written: %w", x.path, err))
	default:
		x.warn(err)
	}
	x.puts, x.touched, x.stats, x.facts = nil, nil, nil, nil
}

// removeBroken moves the damaged database out of the way so that a new
// one is written: it is removed if it is copycat's (see isIndex), and
// else kept beside as index.db.damaged (replacing an earlier one): a file
// of another program that stands in its place is never deleted.
func (x *Index) removeBroken() {
	if ok, err := isIndex(x.path); err == nil && !ok {
		if os.Rename(x.path, x.path+".damaged") == nil {
			x.mu.Lock()
			if x.brokenAt >= 0 && x.brokenAt < len(x.warnings) {
				x.warnings[x.brokenAt] = fmt.Errorf("%w (it had no bbolt header: kept as %s.damaged)", x.warnings[x.brokenAt], FileName)
			}
			x.mu.Unlock()
			return
		}
	}
	os.Remove(x.path)
}

// ioFailure reports whether err is the system's refusal to read or write
// (a full disk, a file or a folder that may not be written, a quota), not
// a sign that the database is damaged: then nothing is deleted.
func ioFailure(err error) bool {
	var errno syscall.Errno
	var pathErr *fs.PathError
	return errors.As(err, &errno) || errors.As(err, &pathErr)
}

// warn keeps a warning for the report.
func (x *Index) warn(err error) {
	x.mu.Lock()
	x.warnings = append(x.warnings, err)
	x.mu.Unlock()
}

// openWrite opens the database for writing; tests replace it to fail as
// a full disk does.
var openWrite = bolt.Open

func (x *Index) write() error {
	if err := x.checkLink(); err != nil {
		return err
	}
	return x.guard(func() error {
		db, err := x.openLocked()
		if err != nil {
			return err
		}
		err = db.Update(x.update)
		if err == nil {
			markCommitted(db)
		}
		if cerr := db.Close(); err == nil {
			err = cerr
		}
		return err
	})
}

// openLocked opens the database to write, under its lock, as the file
// its path names once the lock is held: a copycat cache clean that held
// the lock while this run waited for it removes the file this run had
// opened, and the run wrote its records into a file no path named any
// more, lost. It opens the new file then, a few times at most.
func (x *Index) openLocked() (*bolt.DB, error) {
	for try := 0; ; try++ {
		// A map as large as the records may grow to: bbolt copies
		// every dirty node out of the map each time it has to remap.
		timeout := lockTimeout
		if x.busy.Load() {
			timeout = busyTimeout // waited for once already
		}
		var file *os.File
		db, err := openWrite(x.path, 0o644, &bolt.Options{Timeout: timeout, InitialMmapSize: int(2 * x.opt.Limit),
			OpenFile: func(name string, flag int, mode os.FileMode) (*os.File, error) {
				f, err := os.OpenFile(name, flag, mode)
				file = f
				return f, err
			}})
		if err != nil || file == nil || try == 3 || stillAt(file, x.path) {
			return db, err
		}
		db.Close()
	}
}

// stillAt reports whether path names the file f, open.
func stillAt(f *os.File, path string) bool {
	opened, err := f.Stat()
	if err != nil {
		return true // not known: as before
	}
	now, err := os.Stat(path)
	return err == nil && os.SameFile(opened, now)
}

// checkLink refuses to write through an index file that is a symbolic
// link unless it leads to a copycat index: one leading to no file, or to
// an empty one, had the index written there, wherever that was, as
// whoever filled the index directory chose (a cache restored in CI, a
// folder of the tree).
func (x *Index) checkLink() error {
	info, err := os.Lstat(x.path)
	if err != nil || info.Mode()&fs.ModeSymlink == 0 {
		return nil
	}
	target, _ := os.Readlink(x.path)
	if st, err := os.Stat(x.path); err == nil && st.Size() > 0 {
		if ok, err := isIndex(x.path); err == nil && ok {
			return nil
		}
	}
	return &fs.PathError{Op: "write", Path: x.path, Err: fmt.Errorf("a symbolic link to %s, which holds no copycat index: an index is written only into a file of its own or an index", target)}
}

func (x *Index) update(tx *bolt.Tx) error {
	if err := checkTrees(tx); err != nil {
		return err
	}
	if name := foreignBucket(tx); name != "" && !printable(name) {
		// A name of bytes no program names a bucket with: copycat's
		// own, damaged (a flipped byte of "records"), rebuilt as a
		// damaged index is, not left as another program's.
		return fmt.Errorf("a bucket named %q: damaged", name)
	} else if name != "" {
		// Refused as the disk refuses a write: nothing of it is
		// removed or rebuilt, as a damaged index would be.
		return &fs.PathError{Op: "write", Path: x.path, Err: fmt.Errorf("it holds a bucket %q that copycat does not write: another program's database, left as it is", name)}
	}
	recs, err := tx.CreateBucketIfNotExists(recordsBucket)
	if err != nil {
		return err
	}
	used, err := tx.CreateBucketIfNotExists(usedBucket)
	if err != nil {
		return err
	}
	var stamp [8]byte
	binary.LittleEndian.PutUint64(stamp[:], uint64(x.opt.Now().Unix()))
	slices.SortFunc(x.puts, func(a, b put) int { return cmp.Compare(string(a.key[:]), string(b.key[:])) })
	for _, p := range x.puts {
		if err := recs.Put(p.key[:], p.val); err != nil {
			return err
		}
		if err := used.Put(p.key[:], stamp[:]); err != nil {
			return err
		}
	}
	for _, k := range x.touched {
		if err := used.Put(k[:], stamp[:]); err != nil {
			return err
		}
	}
	if len(x.facts) > 0 {
		fb, err := tx.CreateBucketIfNotExists(factsBucket)
		if err != nil {
			return err
		}
		slices.SortFunc(x.facts, func(a, b put) int { return cmp.Compare(string(a.key[:]), string(b.key[:])) })
		for _, p := range x.facts {
			if err := fb.Put(p.key[:], p.val); err != nil {
				return err
			}
		}
	}
	if len(x.stats) > 0 {
		st, err := tx.CreateBucketIfNotExists(statBucket)
		if err != nil {
			return err
		}
		slices.SortFunc(x.stats, func(a, b put) int { return cmp.Compare(a.path, b.path) })
		for _, p := range x.stats {
			if err := st.Put(x.statKey(p.path), p.val); err != nil {
				return err
			}
		}
	}
	return x.evict(tx, recs, used)
}

// foreignBucket names a bucket of the database that copycat does not
// write, "" when every one is copycat's: a bbolt file of another program
// named index.db in the -cache folder had copycat's buckets written into
// it, and copycat's records evicted to make up for the size of its data.
func foreignBucket(tx *bolt.Tx) string {
	found := ""
	tx.ForEach(func(name []byte, _ *bolt.Bucket) error {
		switch string(name) {
		case string(recordsBucket), string(usedBucket), string(factsBucket), string(statBucket):
			return nil
		}
		found = string(name)
		return errForeign
	})
	return found
}

var errForeign = errors.New("a bucket copycat does not write")

// printable reports whether a bucket's name is text: valid UTF-8 of
// printable characters.
func printable(name string) bool {
	if !utf8.ValidString(name) {
		return false
	}
	for _, r := range name {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// evict deletes the least recently used records until they take no more
// than three quarters of the limit, when they and the shortcuts (the
// status entries and the facts records) take more than the limit. The
// shortcuts go first, whole: the next runs rebuild them. Status entries
// are kept by path, and the paths of a tree copied into a new folder for
// each run (copycat history's, a CI job's) are never seen again: while
// only the records counted, an index of few records grew without end.
func (x *Index) evict(tx *bolt.Tx, recs, used *bolt.Bucket) error {
	type entry struct {
		key   []byte
		stamp uint64
		size  int64
	}
	if recs.Tx().Size() <= x.opt.Limit {
		return nil // the records cannot be larger than the file
	}
	var all []entry
	var total int64
	c := recs.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		e := entry{key: k, size: int64(len(k) + len(v))}
		if s := used.Get(k); len(s) == 8 {
			e.stamp = binary.LittleEndian.Uint64(s)
		}
		all = append(all, e)
		total += e.size
	}
	shortcuts := bucketBytes(tx, statBucket) + bucketBytes(tx, factsBucket)
	if total+shortcuts <= x.opt.Limit {
		return nil
	}
	for _, b := range [][]byte{statBucket, factsBucket} {
		if tx.Bucket(b) != nil {
			if err := checkBucket(tx, b); err != nil {
				return err
			}
			if err := tx.DeleteBucket(b); err != nil {
				return err
			}
		}
	}
	slices.SortStableFunc(all, func(a, b entry) int { return cmp.Compare(a.stamp, b.stamp) })
	for _, e := range all {
		if total <= x.opt.Limit*3/4 {
			break
		}
		k := slices.Clone(e.key)
		if err := recs.Delete(k); err != nil {
			return err
		}
		if err := used.Delete(k); err != nil {
			return err
		}
		total -= e.size
	}
	return nil
}

// bucketBytes is the bytes of the keys and values of a bucket of tx.
func bucketBytes(tx *bolt.Tx, name []byte) int64 {
	b := tx.Bucket(name)
	if b == nil {
		return 0
	}
	var n int64
	c := b.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		n += int64(len(k) + len(v))
	}
	return n
}
