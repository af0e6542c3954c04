//go:build unix

package cache

import (
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// loopPage makes the branch page at the root of a bucket of the index in
// dir name itself as each of its children; path names the bucket, from
// the top (records, or stat then a bucket inside it; none: the root
// bucket, of the buckets).
func loopPage(t *testing.T, dir string, path ...[]byte) {
	t.Helper()
	file := filepath.Join(dir, FileName)
	db, err := bolt.Open(file, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	var root uint64
	db.View(func(tx *bolt.Tx) error {
		b := tx.Cursor().Bucket()
		for _, name := range path {
			b = b.Bucket(name)
		}
		root = uint64(b.RootPage())
		return nil
	})
	ps := int64(db.Info().PageSize)
	db.Close()
	f, err := os.OpenFile(file, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	page := make([]byte, ps)
	if _, err := f.ReadAt(page, int64(root)*ps); err != nil {
		t.Fatal(err)
	}
	if flags := binary.LittleEndian.Uint16(page[8:]); flags != branchFlag {
		t.Fatalf("the root of %q is no branch page (flags %#x)", path, flags)
	}
	for i := range int(binary.LittleEndian.Uint16(page[10:])) {
		binary.LittleEndian.PutUint64(page[pageHeader+i*elementSize+8:], root)
	}
	if _, err := f.WriteAt(page, int64(root)*ps); err != nil {
		t.Fatal(err)
	}
	// Damaged at rest, as a later process meets it: one that committed
	// to the file knows it sound until its status or transaction
	// changes, and a write within the clock's tick keeps its times.
	forgetChecked()
}

// forgetChecked forgets which index files this process found sound.
func forgetChecked() {
	checked.mu.Lock()
	clear(checked.state)
	checked.mu.Unlock()
}

// TestTreesWalkedOnce: a process walks an index's trees once, then not
// again while the file holds what it found or committed; another
// process's commit, or a write to the file, has them walked again.
// Every transaction walked every page: copycat history, three
// transactions a commit over an index that grows by each commit's
// result, took time that grew with the square of the commits.
func TestTreesWalkedOnce(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, FileName)
	srcs := map[string][]byte{}
	for i := range 300 {
		srcs[fmt.Sprintf("f%d.go", i)] = src(i)
	}
	run(t, dir, Options{}, srcs)
	if _, ok := statusOf(statOf(t, file)); !ok {
		t.Skip("no file status on this system: every transaction walks the trees")
	}
	forgetChecked()
	pagesWalked.Store(0)
	run(t, dir, Options{}, srcs) // walked at its open, not at its commit
	whole := pagesWalked.Load()
	if whole == 0 {
		t.Fatal("a new process did not walk the index")
	}
	pagesWalked.Store(0)
	for i := range 20 {
		srcs[fmt.Sprintf("new%d.go", i)] = src(1000 + i)
		_, _, x := run(t, dir, Options{}, srcs)
		noWarnings(t, x)
	}
	if n := pagesWalked.Load(); n != 0 {
		t.Errorf("20 runs of one process walked %d pages (%.1f times the index), want none", n, float64(n)/float64(whole))
	}
	// Another process commits: its pages are walked again.
	db, err := bolt.Open(file, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error { return tx.Bucket(usedBucket).Put([]byte("other"), make([]byte, 8)) })
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	run(t, dir, Options{}, srcs)
	if pagesWalked.Load() == 0 {
		t.Error("another process's commit: the index not walked again")
	}
	// A write keeping the transaction: walked again.
	pagesWalked.Store(0)
	f, err := os.OpenFile(file, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	last := make([]byte, 1) // written as it is: the bytes are sound
	at := statOf(t, file).Size() - 1
	if _, err := f.ReadAt(last, at); err != nil {
		t.Fatal(err)
	}
	f.WriteAt(last, at)
	f.Close()
	old := time.Now().Add(-time.Hour)
	os.Chtimes(file, old, old) // out of the clock's tick
	run(t, dir, Options{}, srcs)
	if pagesWalked.Load() == 0 {
		t.Error("a write to the file: the index not walked again")
	}
}

func statOf(t *testing.T, name string) os.FileInfo {
	t.Helper()
	info, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	return info
}

// An index whose branch page names itself as a child (damaged, or made
// so: a cache restored in CI is whoever wrote it) sent every lookup down
// for ever: each run, and copycat cache stats, ended in "fatal error:
// stack overflow", which no recover catches. The index is now rebuilt,
// as a damaged one is, with a warning, and stats says it cannot be read;
// a bucket inside the status entries' (copycat writes none) is walked
// before stats counts its keys or eviction deletes it.
func TestLoopedPages(t *testing.T) {
	if os.Getenv("COPYCAT_LOOPED_PAGES") != "" {
		loopedPages(t, os.Getenv("COPYCAT_LOOPED_PAGES"))
		return
	}
	for _, kind := range []string{"records", "nested"} {
		// In a process of its own: a stack overflow ends the process.
		cmd := exec.Command(os.Args[0], "-test.run=^TestLoopedPages$", "-test.v")
		cmd.Env = append(os.Environ(), "COPYCAT_LOOPED_PAGES="+kind)
		out, err := cmd.CombinedOutput()
		if err != nil {
			i := strings.Index(string(out), "fatal error")
			t.Errorf("%s: %v\n%.600s", kind, err, out[max(i, 0):])
		}
	}
}

func loopedPages(t *testing.T, kind string) {
	// A cursor in a loop grows its stack until memory runs out: at 4 GiB
	// of address space here, not the machine's.
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: 4 << 30, Max: 4 << 30}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	srcs := map[string][]byte{}
	for i := range 300 {
		srcs[fmt.Sprintf("f%d.go", i)] = src(i)
	}
	opt := Options{Limit: 1 << 20} // a map of 2 MiB to write
	run(t, dir, opt, srcs)
	if kind == "records" {
		loopPage(t, dir, recordsBucket)
	} else {
		// A bucket inside the status entries', of keys enough for a
		// branch page, and a limit that evicts.
		db, err := bolt.Open(filepath.Join(dir, FileName), 0o644, nil)
		if err != nil {
			t.Fatal(err)
		}
		err = db.Update(func(tx *bolt.Tx) error {
			st, err := tx.CreateBucketIfNotExists(statBucket)
			if err != nil {
				return err
			}
			in, err := st.CreateBucket([]byte("inside"))
			if err != nil {
				return err
			}
			for i := range 2000 {
				if err := in.Put(fmt.Appendf(nil, "key %d", i), make([]byte, 100)); err != nil {
					return err
				}
			}
			return nil
		})
		db.Close()
		if err != nil {
			t.Fatal(err)
		}
		loopPage(t, dir, statBucket, []byte("inside"))
		opt.Limit = 1000
	}
	var out strings.Builder
	if err := Stats(&out, dir); err == nil || !strings.Contains(err.Error(), "cannot be read") || !strings.Contains(err.Error(), "twice") {
		t.Errorf("stats: %v; want that it cannot be read, a page in a tree twice", err)
	}
	srcs["new.go"] = src(1000)
	_, _, x := run(t, dir, opt, srcs)
	if w := fmt.Sprint(x.Warnings()); !strings.Contains(w, "twice") {
		t.Errorf("warnings %s; want the index rebuilt, a page in a tree twice", w)
	}
	// Rebuilt: the next run reads it.
	opt.Limit = 1 << 20
	_, _, x = run(t, dir, opt, srcs)
	noWarnings(t, x)
	if h, _ := x.Counts(); h == 0 {
		t.Error("no record found in the rebuilt index")
	}
	// copycat cache clean removes a damaged index, the root's pages
	// looping (a bucket of many buckets, as another program's may be).
	clear(srcs)
	run(t, dir, opt, srcs)
	db, err := bolt.Open(filepath.Join(dir, FileName), 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for i := range 500 {
			if _, err := tx.CreateBucket(fmt.Appendf(nil, "bucket of a long name to fill pages %d", i)); err != nil {
				return err
			}
		}
		return nil
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	loopPage(t, dir)
	if err := Clean(dir); err != nil {
		t.Errorf("clean: %v", err)
	}
}
