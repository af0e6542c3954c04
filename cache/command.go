package cache

import (
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/copycat-go/copycat/internal/nowait"
	"github.com/copycat-go/copycat/internal/words"
	"github.com/copycat-go/copycat/report"
)

// Command runs "copycat cache stats" and "copycat cache clean": args are
// the words after "cache", the flag -cache before or after the
// subcommand. It returns the exit status.
func Command(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("copycat cache", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dir := fs.String("cache", "", "index `directory` (default: copycat in the user cache directory)")
	fs.Usage = func() {} // the flag package calls it on every error too
	usage := func() {
		fmt.Fprintln(stderr, "usage: copycat cache stats|clean [-cache DIR]")
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	var sub string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		sub, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage()
			return 0
		}
		// One line, as the report's flags say theirs, with the flag
		// a slip may stand for: -cahe, did you mean -cache?
		fmt.Fprintf(stderr, "copycat cache: %v\nrun 'copycat cache -h' for usage\n", words.FlagError(fs, err))
		return 2
	}
	rest := fs.Args()
	if sub == "" && len(rest) > 0 {
		sub, rest = rest[0], rest[1:]
	}
	switch {
	case sub == "":
		fmt.Fprintln(stderr, "copycat cache: stats or clean?")
	case sub != "stats" && sub != "clean":
		fmt.Fprintf(stderr, "copycat cache: no command %q: stats or clean%s\n", sub, words.DidYouMean(sub, []string{"stats", "clean"}))
	case len(rest) > 0:
		fmt.Fprintf(stderr, "copycat cache %s: takes no arguments but -cache DIR, not %q\n", sub, rest)
	}
	if sub != "stats" && sub != "clean" || len(rest) > 0 {
		usage()
		return 2
	}
	switch *dir {
	case Off:
		fmt.Fprintf(stderr, "copycat: cache %s: -cache off names no index\n", sub)
		return 2
	case "":
		d, err := DefaultDir()
		if err != nil {
			fmt.Fprintf(stderr, "copycat: %v\n", err)
			return 2
		}
		*dir = d
	}
	var err error
	if sub == "stats" {
		err = Stats(stdout, *dir)
	} else {
		err = clean(stderr, *dir)
	}
	if err != nil {
		fmt.Fprintf(stderr, "copycat: %v\n", err)
		return 2
	}
	return 0
}

// clean removes the index in dir and says what it removed, or that there
// was none.
func clean(w io.Writer, dir string) error {
	path := filepath.Join(dir, FileName)
	info, err := os.Stat(path)
	if os.IsNotExist(err) {
		fmt.Fprintf(w, "copycat: no index at %s\n", dir)
		return nil
	}
	if err != nil {
		return err
	}
	if err := Clean(dir); err != nil {
		return err
	}
	fmt.Fprintf(w, "copycat: removed index %s (%s)\n", path, Size(info.Size()))
	return nil
}

// Clean removes the index in dir, if it is one: a bbolt database, as
// its header says, or an empty file. Any other file of that name is
// another program's, and is left alone with an error.
func Clean(dir string) error {
	path := filepath.Join(dir, FileName)
	ok, err := isIndex(path)
	switch {
	case os.IsNotExist(err):
		return nil
	case err != nil:
		return err
	case !ok:
		return fmt.Errorf("%s is not a copycat index (no bbolt header): not removed", path)
	}
	name, err := foreignIn(path)
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return errInUse(path)
	case name != "":
		return fmt.Errorf("%s is another program's database (it holds a bucket %q that copycat does not write): not removed", path, name)
	}
	return removeUnlocked(path)
}

// removeUnlocked removes the index at path under its lock, the one a
// run that writes it takes, as a run does: removed under a run that
// reads or writes it, the index would lose that run's work without a
// word. The lock is taken on the file itself, not through the store,
// so that a damaged index is removed all the same, and an empty one
// too: a run creating the index holds it empty, locked, before it
// writes its first pages, and the index it made was removed under it.
func removeUnlocked(path string) error {
	f, err := nowait.Open(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	locked, err := f.Stat()
	if err != nil {
		return err
	}
	err = lockExclusive(f, busyTimeout)
	if errors.Is(err, berrors.ErrTimeout) {
		return errInUse(path)
	}
	// A file system without locks (err not nil) has the index removed
	// as before. Another file put in its place since it was opened is
	// not the one whose lock is held.
	switch now, err := os.Stat(path); {
	case os.IsNotExist(err):
		return nil
	case err != nil:
		return err
	case !os.SameFile(locked, now):
		return fmt.Errorf("%s was replaced while it was removed: not removed (run cache clean again)", path)
	}
	err = os.Remove(path)
	if os.IsNotExist(err) {
		return nil
	}
	return err
}

// errInUse is Clean's error for an index a run holds.
func errInUse(path string) error {
	return fmt.Errorf("%s is in use by a copycat run: not removed (run cache clean again once it ends)", path)
}

// foreignIn names a bucket copycat does not write of the database at
// path (see foreignBucket), "" when there is none or the database cannot
// be read (a damaged index is cleaned), or is empty. A run that holds
// it, writing, past busyTimeout is bbolt's ErrTimeout (the clean waited
// 10 s for it, then for its own lock).
func foreignIn(path string) (string, error) {
	if info, err := os.Stat(path); err == nil && info.Size() == 0 {
		return "", nil // no bucket; a run creating it holds it so
	}
	name := ""
	err := guarded(func() error {
		db, err := bolt.Open(path, 0o644, &bolt.Options{ReadOnly: true, Timeout: busyTimeout})
		if err != nil {
			return err
		}
		defer db.Close()
		return db.View(func(tx *bolt.Tx) error {
			if err := checkTrees(tx); err != nil {
				return err // damaged
			}
			if name = foreignBucket(tx); !printable(name) {
				name = "" // copycat's, damaged (see update)
			}
			return nil
		})
	})
	if errors.Is(err, berrors.ErrTimeout) {
		return "", err
	}
	return name, nil
}

// boltMagic is the number bbolt writes in each of a database's two meta
// pages, after the page's 16-byte header.
const boltMagic = 0xED0CDAED

// isIndex reports whether the file at path is a bbolt database (one of
// its first two meta pages holds bbolt's magic number, at any page size
// bbolt uses) or empty, as a run that was stopped while creating it
// leaves it.
func isIndex(path string) (bool, error) {
	f, err := nowait.Open(path) // a named pipe would wait for a writer
	if err != nil {
		return false, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return false, err
	}
	if !info.Mode().IsRegular() {
		return false, nil
	}
	if info.Size() == 0 {
		return true, nil
	}
	head := make([]byte, 64<<10)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF {
		return false, err
	}
	head = head[:n]
	magicAt := func(off int) bool {
		return off+20 <= len(head) && binary.LittleEndian.Uint32(head[off+16:]) == boltMagic
	}
	if magicAt(0) {
		return true, nil
	}
	// The first meta page damaged: the second follows it, one page on.
	for size := 512; size <= 64<<10; size *= 2 {
		if magicAt(size) {
			return true, nil
		}
	}
	return false, nil
}

// Stats prints what the index in dir holds.
func Stats(w io.Writer, dir string) error {
	path := filepath.Join(dir, FileName)
	info, err := os.Stat(path)
	if os.IsNotExist(err) {
		// Not "empty": a -cache that names the wrong folder would read
		// as an index that holds nothing.
		fmt.Fprintf(w, "index %s: none (no run has written one in %s)\n", path, dir)
		return nil
	}
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		// bbolt would open a named pipe and wait for a writer.
		return fmt.Errorf("index %s is not a regular file (%s): not read", path, words.FileKind(info.Mode()))
	}
	var n, size, paths int64
	var oldest, newest uint64
	err = guarded(func() error {
		db, err := bolt.Open(path, 0o644, &bolt.Options{ReadOnly: true, Timeout: lockTimeout})
		if err != nil {
			return err
		}
		defer db.Close()
		return db.View(func(tx *bolt.Tx) error {
			if err := checkTrees(tx); err != nil {
				return err
			}
			if err := checkBucket(tx, statBucket); err != nil {
				return err
			}
			if st := tx.Bucket(statBucket); st != nil {
				paths = int64(st.Stats().KeyN)
			}
			recs, used := tx.Bucket(recordsBucket), tx.Bucket(usedBucket)
			if recs == nil || used == nil {
				return nil
			}
			return recs.ForEach(func(k, v []byte) error {
				n, size = n+1, size+int64(len(k)+len(v))
				if s := used.Get(k); len(s) == 8 {
					t := binary.LittleEndian.Uint64(s)
					if oldest == 0 || t < oldest {
						oldest = t
					}
					newest = max(newest, t)
				}
				return nil
			})
		})
	})
	if err != nil {
		// A damaged index: a run rebuilds it, and says so.
		return fmt.Errorf("index %s cannot be read: %w (a run rebuilds it; copycat cache clean removes it)", path, err)
	}
	fmt.Fprintf(w, "index %s: %s, %s (limit %.0f MB), file %s\n",
		path, report.Count(int(n), "record", "records"), Size(size), mb(DefaultLimit), Size(info.Size()))
	if n > 0 {
		fmt.Fprintf(w, "last used from %s to %s\n", stampString(oldest), stampString(newest))
	}
	fmt.Fprintf(w, "%s known by their status (read again only when it changes)\n", report.Count(int(paths), "path", "paths"))
	return nil
}

func mb(n int64) float64 { return float64(n) / (1 << 20) }

// Size says n bytes in the unit that shows them: "512 bytes", "32.0 KB",
// "5.2 MB" (a small index was "0.0 MB").
func Size(n int64) string {
	switch {
	case n < 1<<10:
		return report.Count(int(n), "byte", "bytes")
	case n < 1<<20:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%.1f MB", mb(n))
}

func stampString(s uint64) string {
	return time.Unix(int64(s), 0).UTC().Format(time.RFC3339)
}
