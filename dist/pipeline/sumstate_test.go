package pipeline

import (
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/sumdb"
	"golang.org/x/mod/sumdb/dirhash"
	"golang.org/x/mod/sumdb/note"
)

// sumRunEnv names the module that a run of the test binary downloads
// (sumRun): a process of its own, as a run of copycat-dist is, which
// knows of the checks before it only what the state on disk holds;
// sumRunEnv+"_DIR" is its -sumdb-dir.
const sumRunEnv = "COPYCAT_DIST_SUMDB_RUN"

// sumRunMain is such a run, called by TestMain: it prints the download's
// error and exits with status 1. mod may be a git repository too.
func sumRunMain(mod string) int {
	ctx := withSumDBDir(context.Background(), os.Getenv(sumRunEnv+"_DIR"))
	if _, err := sourceDir(ctx, mod); err != nil {
		fmt.Print(err)
		return 1
	}
	return 0
}

// sumRun downloads mod in a run of its own (sumRunMain), with the test's
// environment (GOPROXY, GOSUMDB, GOPATH, …) and dir as -sumdb-dir, and
// returns its error.
func sumRun(mod, dir string) error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(self, "-test.run=^$")
	cmd.Env = append(os.Environ(), sumRunEnv+"="+mod, sumRunEnv+"_DIR="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%v: %s", err, out)
	}
	return nil
}

// stateOf returns the files where a run keeps sum.example.com's latest
// tree and its tiles, given -sumdb-dir dir: by default the go command's
// ($GOPATH/pkg/sumdb, $GOMODCACHE/cache/download/sumdb).
func stateOf(dir string) (latest, tiles string) {
	s := sumState{filepath.Join(os.Getenv("GOPATH"), "pkg", "sumdb"), filepath.Join(os.Getenv("GOMODCACHE"), "cache", "download", "sumdb")}
	if dir != "" {
		s = sumState{dir, filepath.Join(dir, "cache")}
	}
	return filepath.Join(s.config, "sum.example.com", "latest"), filepath.Join(s.cache, "sum.example.com", "tile")
}

// stateKept names where the runs of a test keep the database's state:
// the go command's files, or -sumdb-dir.
var stateKept = []string{"the go command's", "-sumdb-dir"}

// newStateTest gives the test an empty module cache and temporary folder
// (isolate) and a database, and returns it with the -sumdb-dir of where,
// one of stateKept ("" for the go command's files), and the files of its
// state (stateOf).
func newStateTest(t *testing.T, where string) (db *testDB, dir, latest, tiles string) {
	isolate(t)
	db = newTestDB(t, "sum.example.com")
	if where == "-sumdb-dir" {
		dir = t.TempDir()
	}
	latest, tiles = stateOf(dir)
	return db, dir, latest, tiles
}

// treeSize returns the size of the tree that db signed in the file latest.
func (db *testDB) treeSize(t *testing.T, latest string) int64 {
	t.Helper()
	b, err := os.ReadFile(latest)
	if err != nil {
		t.Fatalf("the latest tree was not kept: %v", err)
	}
	tree, err := (&sumDB{key: db.key}).tree(b)
	if err != nil {
		t.Fatalf("%s: %v\n%s", latest, err, b)
	}
	return tree.N
}

// vouchFor has db log the zip of each module in mods, path@version, whose
// m.go holds body, and returns the zip of the last.
func (db *testDB) vouchFor(t *testing.T, body string, mods ...string) []byte {
	t.Helper()
	var zipped []byte
	for _, mod := range mods {
		zipped = moduleZip(t, mod, body)
		path, version, _ := strings.Cut(mod, "@")
		gomod, err := dirhash.Hash1([]string{"go.mod"}, func(string) (io.ReadCloser, error) {
			return io.NopCloser(strings.NewReader("module " + path + "\n")), nil
		})
		if err != nil {
			t.Fatal(err)
		}
		db.mu.Lock()
		db.gomods[path+" "+version] = gomod
		db.mu.Unlock()
		db.vouch(t, path, version, writeZip(t, zipped))
	}
	return zipped
}

// TestSumDBForkedRuns: a run keeps the latest tree of the checksum
// database it verified, where the go command keeps it or in -sumdb-dir,
// and the tiles that proved it; a later run, another process, shown a
// log that forks from that tree fails, naming the module and the sizes
// of the two trees: a longer log that holds another hash of a module
// than the first run's, or a shorter one, a security error; and a
// shorter one once the tiles are removed (go clean -modcache removes
// them, not the tree), an error of the check (the database cannot serve
// the tiles of the tree kept), naming its latest tree, without the hint
// for private modules.
// Before, each run trusted the first tree it was shown, and the second
// module was read.
func TestSumDBForkedRuns(t *testing.T) {
	const other = "example.com/n@v1.0.0"
	longer := func(t *testing.T, forked *testDB) []byte {
		forked.vouchFor(t, alteredBody, sumModule)
		return forked.vouchFor(t, goodBody, "example.com/x@v1.0.0", other)
	}
	shorter := func(t *testing.T, forked *testDB) []byte {
		return forked.vouchFor(t, goodBody, other)
	}
	for _, where := range stateKept {
		for _, c := range []struct {
			name       string
			kept, seen int64                                     // the sizes of the two trees
			fork       func(t *testing.T, forked *testDB) []byte // the zip of other
			clean      bool                                      // the tiles kept are removed
		}{
			{"longer", 2, 3, longer, false},
			{"shorter", 2, 1, shorter, false},
			{"shorter, the tiles removed", 2, 1, shorter, true},
		} {
			t.Run(where+"/"+c.name, func(t *testing.T) {
				db, dir, latest, tiles := newStateTest(t, where)
				good := db.vouchFor(t, goodBody, sumModule, "example.com/x@v1.0.0")
				sumProxy(t, good, db)
				if err := sumRun("example.com/x@v1.0.0", dir); err != nil {
					t.Fatal(err)
				}
				if n := db.treeSize(t, latest); n != c.kept {
					t.Fatalf("the first run kept a tree of size %d, want %d", n, c.kept)
				}
				if _, err := os.Stat(tiles); err != nil {
					t.Errorf("no tile was kept: %v", err)
				}
				if c.clean {
					if err := os.RemoveAll(filepath.Dir(tiles)); err != nil {
						t.Fatal(err)
					}
				}
				forked := db.fork(t)
				sumProxy(t, c.fork(t, forked), forked)
				err := sumRun(other, dir)
				says := []string{
					"cannot download " + other + ": verifying module: SECURITY ERROR: the checksum database has shown two different logs: ",
					fmt.Sprintf("sum.example.com's tree of size %d read at ", c.seen),
					fmt.Sprintf(" is inconsistent with its tree of size %d remembered in %s\n", c.kept, latest),
				}
				if c.clean {
					says = []string{
						"cannot download " + other + ": verifying module: ",
						fmt.Sprintf("(sum.example.com's tree of size %d read at %s/latest", c.seen, os.Getenv("GOPROXY")+"/sumdb/sum.example.com"),
						fmt.Sprintf(" checked against its tree of size %d remembered in %s)", c.kept, latest),
					}
				}
				for _, s := range says {
					if err == nil || !strings.Contains(err.Error(), s) {
						t.Errorf("%v\nwant an error saying %q", err, s)
					}
				}
				if err != nil && strings.Contains(err.Error(), "GONOSUMDB") {
					t.Errorf("%v: the hint for private modules", err)
				}
				if n := db.treeSize(t, latest); n != c.kept {
					t.Errorf("after the fork the latest tree is of size %d, want %d", n, c.kept)
				}
				unreadModule(t, other)
			})
		}
	}
}

// TestSumDBGrowingRuns: runs shown one log as it grows pass, each
// keeping the larger tree.
func TestSumDBGrowingRuns(t *testing.T) {
	for _, where := range stateKept {
		t.Run(where, func(t *testing.T) {
			db, dir, latest, _ := newStateTest(t, where)
			for i, mod := range []string{"example.com/a@v1.0.0", "example.com/b@v1.0.0", "example.com/c@v1.0.0"} {
				sumProxy(t, db.vouchFor(t, goodBody, mod), db)
				if err := sumRun(mod, dir); err != nil {
					t.Fatalf("run %d: %v", i+1, err)
				}
				if n := db.treeSize(t, latest); n != int64(i+1) {
					t.Errorf("run %d kept a tree of size %d, want %d", i+1, n, i+1)
				}
			}
		})
	}
}

// TestSumDBConcurrentRuns: runs that check modules at once, as the
// database's log grows, all pass and leave its largest tree: each
// replaces the tree kept under a lock, and only if it still holds the
// tree the run read.
func TestSumDBConcurrentRuns(t *testing.T) {
	db, _, latest, _ := newStateTest(t, stateKept[0])
	const runs = 8
	zips := map[string][]byte{}
	var mods []string
	for i := range runs {
		mod := fmt.Sprintf("example.com/m%d@v1.0.0", i)
		mods = append(mods, mod)
		zips[mod] = moduleZip(t, mod, goodBody)
	}
	goProxy(t, db, zips)
	errs := make(chan error, runs)
	for _, mod := range mods {
		path, version, _ := strings.Cut(mod, "@")
		db.vouch(t, path, version, writeZip(t, zips[mod]))
		go func() { errs <- sumRun(mod, "") }()
	}
	for range runs {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if n := db.treeSize(t, latest); n != runs {
		t.Errorf("the runs kept a tree of size %d, want %d", n, runs)
	}
}

// TestSumDBStateCorrupt: a latest tree that is not one the database's
// key signed, garbage, a note cut short, another key's or a folder, fails
// the check with an error that names the file and says what to do, and
// nothing of the module is read; an empty one is no tree, as for the go
// command, and the check passes.
func TestSumDBStateCorrupt(t *testing.T) {
	_, otherKey, err := note.GenerateKey(rand.Reader, "sum.example.com")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		make func(t *testing.T, latest string, signed []byte) error
		says string // "": the check passes
	}{
		{"garbage", func(t *testing.T, latest string, _ []byte) error {
			return os.WriteFile(latest, []byte("\x00\xff not a tree\n"), 0o666)
		}, "malformed note"},
		{"cut short", func(t *testing.T, latest string, signed []byte) error {
			return os.WriteFile(latest, signed[:len(signed)/2], 0o666)
		}, "malformed note"},
		{"another key's", func(t *testing.T, latest string, _ []byte) error {
			// The database's key changed, its name the same.
			t.Setenv("GOSUMDB", otherKey)
			return nil
		}, "no verifiable signatures"},
		{"a folder", func(t *testing.T, latest string, _ []byte) error {
			if err := os.Remove(latest); err != nil {
				return err
			}
			return os.Mkdir(latest, 0o777)
		}, "is a directory"},
		{"empty", func(t *testing.T, latest string, _ []byte) error {
			return os.WriteFile(latest, nil, 0o666)
		}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			db, _, latest, _ := newStateTest(t, stateKept[0])
			sumProxy(t, db.vouchFor(t, goodBody, "example.com/x@v1.0.0"), db)
			if _, err := moduleDir(context.Background(), "example.com/x@v1.0.0"); err != nil {
				t.Fatal(err)
			}
			signed, err := os.ReadFile(latest)
			if err != nil {
				t.Fatal(err)
			}
			if err := c.make(t, latest, signed); err != nil {
				t.Fatal(err)
			}
			sumProxy(t, db.vouchFor(t, goodBody, sumModule), db)
			_, err = moduleDir(context.Background(), sumModule)
			if c.says == "" {
				if err != nil {
					t.Error(err)
				}
				return
			}
			for _, s := range []string{"cannot download " + sumModule + ": verifying module: ", latest, c.says} {
				if err == nil || !strings.Contains(err.Error(), s) {
					t.Errorf("%v, want an error saying %q", err, s)
				}
			}
			if err != nil && strings.Contains(err.Error(), "GONOSUMDB") {
				t.Errorf("%v: the hint for private modules, for a state that cannot be read", err)
			}
			unread(t)
		})
	}
}

// TestSumDBSharedWithGo: the go command and copycat-dist keep one latest
// tree of a database, in the go command's files: a run of copycat-dist
// starts from the tree the go command verified and keeps a larger one,
// from which the go command starts in turn, and it fails when the
// database then shows it a fork of the tree copycat-dist verified.
func TestSumDBSharedWithGo(t *testing.T) {
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	db, _, latest, _ := newStateTest(t, stateKept[0])
	zips := map[string][]byte{}
	serve := func(db *testDB, body string, mods ...string) {
		for _, mod := range mods {
			zips[mod] = db.vouchFor(t, body, mod)
		}
		goProxy(t, db, zips)
	}
	download := func(mod string) error {
		cmd := exec.Command(gocmd, "mod", "download", "-json", mod)
		cmd.Dir = t.TempDir()
		cmd.Env = append(os.Environ(), "GOENV=off", "GOFLAGS=", "GOTOOLCHAIN=local", "GO111MODULE=on", "GONOSUMCHECK=", "GOINSECURE=")
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("%v: %s", err, out)
		}
		return nil
	}
	serve(db, goodBody, "example.com/a@v1.0.0")
	if err := download("example.com/a@v1.0.0"); err != nil {
		t.Fatalf("the go command: %v", err)
	}
	if n := db.treeSize(t, latest); n != 1 {
		t.Fatalf("the go command kept a tree of size %d, want 1", n)
	}
	serve(db, goodBody, "example.com/b@v1.0.0")
	if err := sumRun("example.com/b@v1.0.0", ""); err != nil {
		t.Fatal(err)
	}
	if n := db.treeSize(t, latest); n != 2 {
		t.Fatalf("copycat-dist kept a tree of size %d, want 2", n)
	}
	forked := db.fork(t)
	t.Setenv("GOSUMDB", forked.key+" "+forked.srv.URL) // as the go command reads it: no proxy
	serve(forked, alteredBody, "example.com/a@v1.0.0")
	serve(forked, goodBody, "example.com/b@v1.0.0", "example.com/c@v1.0.0")
	if err := download("example.com/c@v1.0.0"); err == nil || !strings.Contains(err.Error(), "SECURITY ERROR") {
		t.Errorf("the go command shown a fork of the tree copycat-dist kept: %v, want a security error", err)
	}
}

// TestReplaceLocked: the latest tree is replaced only if its file holds
// what the writer read, or nothing (as the go command has it), and under
// an exclusive lock, which a reader's lock holds off.
func TestReplaceLocked(t *testing.T) {
	name := filepath.Join(t.TempDir(), "sum.example.com", "latest")
	holds := func(want string) {
		t.Helper()
		if b, err := os.ReadFile(name); string(b) != want {
			t.Fatalf("the file holds %q (%v), want %q", b, err, want)
		}
	}
	if err := replaceLocked(name, nil, []byte("tree 1")); err != nil {
		t.Fatal(err)
	}
	holds("tree 1")
	if err := replaceLocked(name, []byte("tree 0"), []byte("tree 2")); err != sumdb.ErrWriteConflict {
		t.Errorf("replacing a tree the writer did not read: %v, want %v", err, sumdb.ErrWriteConflict)
	}
	holds("tree 1")
	if err := replaceLocked(name, []byte("tree 1"), []byte("tree 10")); err != nil {
		t.Fatal(err)
	}
	holds("tree 10")
	if err := os.WriteFile(name, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	if err := replaceLocked(name, []byte("tree 10"), []byte("tree 11")); err != nil {
		t.Fatal(err)
	}
	holds("tree 11")
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := lockFile(f, false); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- replaceLocked(name, []byte("tree 11"), []byte("tree 12")) }()
	select {
	case err := <-done:
		t.Fatalf("replaced under a reader's lock (%v)", err)
	case <-time.After(100 * time.Millisecond):
	}
	holds("tree 11")
	if err := unlockFile(f); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	holds("tree 12")
}
