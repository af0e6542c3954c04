package cache

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// src is a Go file whose body differs by n.
func src(n int) []byte {
	return fmt.Appendf(nil, "package p\n\nfunc F%d(a, b int) int {\n\tif a > b {\n\t\treturn a - b + %d\n\t}\n\treturn b - a\n}\n", n, n)
}

// run loads the named sources through an index opened in dir, commits
// it, and returns the files, the warnings of the sources and the index.
func run(t *testing.T, dir string, opt Options, srcs map[string][]byte) (map[string]*fingerprint.File, []error, *Index) {
	t.Helper()
	if opt.MinTokens == 0 {
		opt.MinTokens = 10
	}
	x, err := Open(dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]*fingerprint.File{}
	var warnings []error
	for name, b := range srcs {
		f, w := x.File(name, nil, b, func() (*fingerprint.File, []error) {
			var ix fingerprint.Indexer
			return load.Source(&ix, name, b, opt.MinTokens)
		})
		files[name], warnings = f, append(warnings, w...)
	}
	x.Commit()
	return files, warnings, x
}

func counts(t *testing.T, x *Index, hits, misses int) {
	t.Helper()
	if h, m := x.Counts(); h != hits || m != misses {
		t.Errorf("%d hits and %d misses, want %d and %d", h, m, hits, misses)
	}
}

func noWarnings(t *testing.T, x *Index) {
	t.Helper()
	if w := x.Warnings(); len(w) > 0 {
		t.Errorf("warnings: %v", w)
	}
}

func TestHitsAfterCommit(t *testing.T) {
	dir := t.TempDir()
	srcs := map[string][]byte{"a.go": src(1), "b.go": src(2)}
	_, _, x := run(t, dir, Options{}, srcs)
	counts(t, x, 0, 2)
	noWarnings(t, x)
	files, _, x := run(t, dir, Options{}, map[string][]byte{"a.go": src(1), "c.go": src(2), "d.go": src(3)})
	counts(t, x, 2, 1)
	noWarnings(t, x)
	if f := files["c.go"]; f == nil || f.Name != "c.go" {
		t.Errorf("the record of b.go's bytes read as c.go gave %+v", f)
	}
	// Another window size is another key.
	_, _, x = run(t, dir, Options{MinTokens: 20}, srcs)
	counts(t, x, 0, 2)
}

func TestFilesWithWarningsAreNotRecorded(t *testing.T) {
	dir := t.TempDir()
	srcs := map[string][]byte{
		"broken.go":    []byte("package p\nfunc {\n"),
		"directive.go": append(src(1), "\n//copycat:ignore\nfunc G() {}\n"...),
	}
	for range 2 {
		_, warnings, x := run(t, dir, Options{}, srcs)
		counts(t, x, 0, 2)
		if len(warnings) != 2 {
			t.Errorf("warnings %v, want one for each file", warnings)
		}
	}
}

func TestCorruptRecord(t *testing.T) {
	dir := t.TempDir()
	srcs := map[string][]byte{"a.go": src(1), "b.go": src(2)}
	want, _, _ := run(t, dir, Options{}, srcs)
	damage(t, dir, recordsBucket, func(k, v []byte) {
		v[len(v)/2] ^= 1
	})
	got, _, x := run(t, dir, Options{}, srcs)
	counts(t, x, 0, 2)
	if w := x.Warnings(); len(w) != 1 || !strings.Contains(w[0].Error(), "2 corrupt records") {
		t.Errorf("warnings %v, want one counting 2 corrupt records", w)
	}
	for name := range srcs {
		if got[name].Tokens != want[name].Tokens {
			t.Errorf("%s: indexed again differently", name)
		}
	}
	_, _, x = run(t, dir, Options{}, srcs)
	counts(t, x, 2, 0) // rebuilt
	noWarnings(t, x)
}

// damage changes every value of bucket in place through fn, in the index
// in dir.
func damage(t *testing.T, dir string, bucket []byte, fn func(k, v []byte)) {
	t.Helper()
	inDB(t, dir, func(tx *bolt.Tx) error {
		b := tx.Bucket(bucket)
		var keys, vals [][]byte
		b.ForEach(func(k, v []byte) error {
			keys, vals = append(keys, k), append(vals, append([]byte(nil), v...))
			return nil
		})
		for i := range keys {
			fn(keys[i], vals[i])
			if err := b.Put(keys[i], vals[i]); err != nil {
				return err
			}
		}
		return nil
	})
}

// inDB runs fn in a write transaction on the index in dir.
func inDB(t *testing.T, dir string, fn func(tx *bolt.Tx) error) {
	t.Helper()
	db, err := bolt.Open(filepath.Join(dir, FileName), 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(fn); err != nil {
		t.Fatal(err)
	}
}

// spoilIndex rewrites the index in dir as spoil makes it.
func spoilIndex(t *testing.T, dir string, spoil func([]byte) []byte) {
	t.Helper()
	path := filepath.Join(dir, FileName)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, spoil(b), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestCorruptDatabase(t *testing.T) {
	srcs := map[string][]byte{"a.go": src(1), "b.go": src(2)}
	for name, spoil := range map[string]func(b []byte) []byte{
		"truncated":     func(b []byte) []byte { return b[:8192] }, // the two meta pages
		"zeroed header": func(b []byte) []byte { clear(b[:8192]); return b },
		"garbage":       func(b []byte) []byte { return []byte("not a database") },
		"flipped bytes": func(b []byte) []byte {
			for i := 0; i < len(b); i += 97 {
				b[i] ^= 0xa5
			}
			return b
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			want, _, _ := run(t, dir, Options{}, srcs)
			spoilIndex(t, dir, spoil)
			got, _, x := run(t, dir, Options{}, srcs)
			if w := x.Warnings(); len(w) != 1 {
				t.Errorf("warnings %v, want one", w)
			}
			for name := range srcs {
				if got[name] == nil || got[name].Tokens != want[name].Tokens {
					t.Errorf("%s: %+v, want %+v", name, got[name], want[name])
				}
			}
			_, _, x = run(t, dir, Options{}, srcs)
			counts(t, x, 2, 0) // rebuilt
			noWarnings(t, x)
		})
	}
}

// copycat cache stats on a damaged index says it cannot be read, or
// gives its figures; it never crashes (a bus error on a file cut short,
// a panic of the store on a page of zeros).
func TestStatsOnDamagedIndex(t *testing.T) {
	srcs := map[string][]byte{}
	for i := range 200 {
		srcs[fmt.Sprintf("f%d.go", i)] = src(i)
	}
	for name, spoil := range map[string]func(b []byte) []byte{
		"meta pages only": func(b []byte) []byte { return b[:8192] },
		"cut in half":     func(b []byte) []byte { return b[:len(b)/2] },
		"zeroed page":     func(b []byte) []byte { clear(b[len(b)/2 : len(b)/2+4096]); return b },
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			run(t, dir, Options{}, srcs)
			spoilIndex(t, dir, spoil)
			var out strings.Builder
			if err := Stats(&out, dir); err != nil && !strings.Contains(err.Error(), "cannot be read") {
				t.Errorf("stats: %v", err)
			}
		})
	}
}

func TestEvictsLeastRecentlyUsed(t *testing.T) {
	dir := t.TempDir()
	now := time.Unix(1e9, 0)
	clock := func() time.Time { return now }
	// Each record is about 300 bytes: a limit of 2000 holds six of them.
	opt := Options{Limit: 2000, Now: clock}
	for i := range 10 {
		now = now.Add(2 * restampAfter)
		run(t, dir, opt, map[string][]byte{"a.go": src(0), "b.go": src(i + 1)})
	}
	// src(0) was used at every run, src(1) at the first only.
	_, _, x := run(t, dir, Options{Now: clock}, map[string][]byte{"a.go": src(0), "b.go": src(1), "c.go": src(10)})
	counts(t, x, 2, 1)
	if n, stats := storedRecords(t, dir); n >= 11 {
		t.Errorf("stats %q: want fewer than the 11 records written", stats)
	}
}

func TestTwoRunsAtOnce(t *testing.T) {
	dir := t.TempDir()
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			srcs := map[string][]byte{"a.go": src(0), "b.go": src(i + 1)}
			files, _, x := run(t, dir, Options{}, srcs)
			noWarnings(t, x)
			if len(files) != 2 || files["a.go"] == nil || files["b.go"] == nil {
				t.Errorf("run %d: files %v", i, files)
			}
		})
	}
	wg.Wait()
	_, _, x := run(t, dir, Options{}, map[string][]byte{"a.go": src(0), "b.go": src(1), "c.go": src(4)})
	counts(t, x, 3, 0)
}

func TestStatsAndClean(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, Options{}, map[string][]byte{"a.go": src(1)})
	var out, errs strings.Builder
	if code := Command([]string{"stats", "-cache", dir}, &out, &errs); code != 0 || !strings.Contains(out.String(), ": 1 record,") {
		t.Errorf("stats: exit %d, %q %q", code, out.String(), errs.String())
	}
	if code := Command([]string{"clean", "-cache", dir}, &out, &errs); code != 0 {
		t.Errorf("clean: exit %d, %q", code, errs.String())
	}
	if _, err := os.Stat(filepath.Join(dir, FileName)); !os.IsNotExist(err) {
		t.Errorf("after clean: %v", err)
	}
	// No index, whether the folder is there or not (a -cache naming the
	// wrong one), is none, not an empty index.
	for _, d := range []string{dir, filepath.Join(dir, "nonexistent")} {
		out.Reset()
		want := "index " + filepath.Join(d, FileName) + ": none (no run has written one in " + d + ")\n"
		if code := Command([]string{"stats", "-cache", d}, &out, &errs); code != 0 || out.String() != want {
			t.Errorf("stats without an index: exit %d, %q; want 0 and %q", code, out.String(), want)
		}
	}
	// A wrong command says which word was wrong before the usage.
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"frobnicate"}, `copycat cache: no command "frobnicate": stats or clean`},
		{[]string{"stat"}, `copycat cache: no command "stat": stats or clean (did you mean stats?)`},
		{[]string{"claen", "-cache", dir}, `copycat cache: no command "claen": stats or clean (did you mean clean?)`},
		{nil, "copycat cache: stats or clean?"},
		{[]string{"-cache", dir}, "copycat cache: stats or clean?"},
		{[]string{"stats", "extra"}, `copycat cache stats: takes no arguments but -cache DIR, not ["extra"]`},
	} {
		errs.Reset()
		if code := Command(tc.args, &out, &errs); code != 2 || !strings.HasPrefix(errs.String(), tc.want+"\nusage: copycat cache stats|clean") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q, then the usage", tc.args, code, errs.String(), tc.want)
		}
	}
}

// A flag the command does not take is one line, with the flag it may be
// a slip for, as the report's flags say theirs: not the flag package's
// bare "flag provided but not defined: -cahe" and the whole usage. -h
// prints the usage and succeeds.
func TestCommandFlagErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"stats", "-cahe", "d"}, "copycat cache: flag provided but not defined: -cahe (did you mean -cache?)\nrun 'copycat cache -h' for usage\n"},
		{[]string{"clean", "-x"}, "copycat cache: flag provided but not defined: -x\nrun 'copycat cache -h' for usage\n"},
		{[]string{"stats", "-cache"}, "copycat cache: flag needs an argument: -cache\nrun 'copycat cache -h' for usage\n"},
	} {
		var out, errs strings.Builder
		if code := Command(tc.args, &out, &errs); code != 2 || out.Len() > 0 || errs.String() != tc.want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", tc.args, code, out.String(), errs.String(), tc.want)
		}
	}
	var out, errs strings.Builder
	if code := Command([]string{"stats", "-h"}, &out, &errs); code != 0 || !strings.HasPrefix(errs.String(), "usage: copycat cache stats|clean") || !strings.Contains(errs.String(), "-cache") {
		t.Errorf("stats -h: exit %d, stderr %q; want 0 and the usage", code, errs.String())
	}
}

// The time spent hashing files is counted, for -stats.
func TestHashTime(t *testing.T) {
	_, _, x := run(t, t.TempDir(), Options{}, map[string][]byte{"a.go": src(1), "b.go": src(2)})
	if x.HashTime() <= 0 {
		t.Errorf("hash time %v after hashing two files", x.HashTime())
	}
}

// A -cache value names the index directory: itself, the default for "",
// none for "off".
func TestDirOf(t *testing.T) {
	def, err := DefaultDir()
	if err != nil {
		t.Skip(err)
	}
	for flag, want := range map[string]string{"": def, Off: "", "/tmp/ix": "/tmp/ix"} {
		if got := DirOf(flag); got != want {
			t.Errorf("DirOf(%q) = %q, want %q", flag, got, want)
		}
	}
}

// TestFactsAddedToRecords checks that a file indexed without its Facts
// (fingerprint.Indexer.NoFacts) is recorded without them, and that Facts
// added for it later in the run (AddFacts, as a report that shows the
// file finds them) come with its record from the next commit on, unless
// the bytes they were found from are not those it was indexed from; that
// a damaged facts record is left out with a warning; and that evicting
// records drops them.
func TestFactsAddedToRecords(t *testing.T) {
	dir := t.TempDir()
	src := func(n int) []byte {
		return fmt.Appendf(nil, "package p\n\n// F%d is a function.\nfunc F%d() int {\n\tx := %d\n\treturn x\n}\n", n, n, n)
	}
	srcs := map[string][]byte{"a.go": src(1), "b.go": src(2)}
	index := func(opt Options) (*Index, map[string]*fingerprint.File) {
		opt.MinTokens = 10
		x, err := Open(dir, opt)
		if err != nil {
			t.Fatal(err)
		}
		files := map[string]*fingerprint.File{}
		for name, b := range srcs {
			files[name], _ = x.File(name, nil, b, func() (*fingerprint.File, []error) {
				ix := fingerprint.Indexer{NoFacts: true}
				return load.Source(&ix, name, b, 10)
			})
		}
		return x, files
	}
	x, files := index(Options{})
	for name, f := range files {
		if !f.FactsLeft() || f.FactsOf().Funcs != nil {
			t.Fatalf("%s: indexed with its Facts", name)
		}
	}
	x.Commit()
	noWarnings(t, x)
	x, files = index(Options{})
	counts(t, x, 2, 0)
	for name, f := range files {
		if fs := f.FactsOf(); fs.Funcs != nil || fs.Comments != nil {
			t.Errorf("%s: recorded with Facts %+v before any were added", name, fs)
		}
	}
	for name, b := range map[string][]byte{"a.go": srcs["a.go"], "b.go": src(3)} { // b.go changed since
		fs := fingerprint.ScanFacts(b)
		if got, want := x.AddFacts(files[name], b, &fs), name == "a.go"; got != want {
			t.Errorf("AddFacts(%s) = %v, want %v (false: changed since)", name, got, want)
		}
	}
	x.Commit()
	noWarnings(t, x)
	x, files = index(Options{})
	noWarnings(t, x)
	if fs := files["a.go"].FactsOf(); len(fs.Funcs) != 1 || fs.Funcs[0].Name != "F1" {
		t.Errorf("a.go's record has Facts %+v, want its function F1", fs)
	}
	if fs := files["b.go"].FactsOf(); fs.Funcs != nil {
		t.Errorf("b.go's record has Facts %+v found from other bytes", fs)
	}
	x.Commit()
	// A damaged facts record: the file comes without Facts, and one
	// warning says so.
	damage(t, dir, factsBucket, func(k, v []byte) { v[len(v)-5] ^= 1 })
	x, files = index(Options{})
	if fs := files["a.go"].FactsOf(); fs.Funcs != nil || len(x.Warnings()) != 1 {
		t.Errorf("a damaged facts record: Facts %+v, warnings %v; want none and one", fs, x.Warnings())
	}
	fs := fingerprint.ScanFacts(srcs["a.go"])
	x.AddFacts(files["a.go"], srcs["a.go"], &fs)
	x.Commit()
	// Evicting records drops the facts records.
	// A limit of 600 bytes makes room for c.go's new record (about 300
	// bytes) and not for the three.
	srcs["c.go"] = src(5)
	x, _ = index(Options{Limit: 600})
	x.Commit()
	inDB(t, dir, func(tx *bolt.Tx) error {
		if tx.Bucket(factsBucket) != nil {
			t.Error("facts records kept after an eviction")
		}
		return nil
	})
}

// Files with the same bytes share one record, made once: copies do not
// use up the room the limit leaves for the other files' records (at
// 100 M lines of twenty-one copies of one tree, the commit filled it with
// the first copies' records, most of them the same ones again).
func TestCopiesOneRecord(t *testing.T) {
	dir := t.TempDir()
	srcs := map[string][]byte{}
	for i := range 20 {
		srcs[fmt.Sprintf("a%02d.go", i)] = src(0) // copies of one file
	}
	for i := range 10 {
		srcs[fmt.Sprintf("b%02d.go", i)] = src(i + 1)
	}
	// Each record is about 300 bytes: three quarters of 2000 hold four,
	// the copies' one and three of the others.
	run(t, dir, Options{Limit: 2000}, srcs)
	if n, stats := storedRecords(t, dir); n < 2 {
		t.Fatalf("stats %q: want the copies' record and others", stats)
	}
}

// A run over more than the index holds records only what eviction would
// leave, the first files by name, and a later run finds those.
func TestRecordsNoMoreThanTheLimit(t *testing.T) {
	dir := t.TempDir()
	srcs := map[string][]byte{}
	for i := range 20 {
		srcs[fmt.Sprintf("f%02d.go", i)] = src(i)
	}
	// Each record is about 300 bytes: three quarters of 2000 hold four.
	opt := Options{Limit: 2000}
	run(t, dir, opt, srcs)
	n, stats := storedRecords(t, dir)
	if n < 1 || n > 6 {
		t.Fatalf("stats %q: want 1 to 6 of the 20 records", stats)
	}
	first := map[string][]byte{}
	for i := range n {
		name := fmt.Sprintf("f%02d.go", i)
		first[name] = srcs[name]
	}
	_, _, x := run(t, dir, opt, first)
	counts(t, x, n, 0)
	noWarnings(t, x)
}

// storedRecords returns the number of records in the index in dir, as
// copycat cache stats prints it, and what it prints.
func storedRecords(t *testing.T, dir string) (int, string) {
	t.Helper()
	var buf strings.Builder
	if err := Stats(&buf, dir); err != nil {
		t.Fatal(err)
	}
	stats := buf.String()
	var n int
	if _, err := fmt.Sscanf(stats[strings.Index(stats, ": ")+2:], "%d records", &n); err != nil {
		t.Fatalf("stats %q: %v", stats, err)
	}
	return n, stats
}

// An index that cannot be written (a full disk, a file that may not be
// written) is a write error, not a damaged index: nothing is deleted,
// the warning says what failed, and the next run reuses what was there.
func TestWriteErrorKeepsIndex(t *testing.T) {
	dir := t.TempDir()
	srcs := map[string][]byte{"a.go": src(1), "b.go": src(2)}
	run(t, dir, Options{}, srcs)
	path := filepath.Join(dir, FileName)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	openWrite = func(path string, _ os.FileMode, _ *bolt.Options) (*bolt.DB, error) {
		return nil, &fs.PathError{Op: "write", Path: path, Err: syscall.ENOSPC}
	}
	_, _, x := run(t, dir, Options{}, map[string][]byte{"a.go": src(1), "c.go": src(3)})
	openWrite = bolt.Open
	if w := x.Warnings(); len(w) != 1 || !strings.Contains(w[0].Error(), "not written") || strings.Contains(w[0].Error(), "corrupt") {
		t.Errorf("warnings %v, want one saying the index was not written", w)
	}
	if after, err := os.ReadFile(path); err != nil || !bytes.Equal(after, before) {
		t.Fatalf("the index changed after a failed write (%v)", err)
	}
	_, _, x = run(t, dir, Options{}, srcs)
	counts(t, x, 2, 0)
	noWarnings(t, x)
}

// Only copycat's own index is cleaned or replaced: another program's
// file in its place (an SQLite database) is refused by clean and, when a
// run finds it unreadable, kept aside, never deleted.
func TestForeignIndexFile(t *testing.T) {
	sqlite := append([]byte("SQLite format 3\x00"), make([]byte, 4096)...)
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	if err := os.WriteFile(path, sqlite, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errs strings.Builder
	if code := Command([]string{"clean", "-cache", dir}, &out, &errs); code != 2 || !strings.Contains(errs.String(), "not a copycat index") {
		t.Errorf("clean of another program's file: exit %d, %q %q", code, out.String(), errs.String())
	}
	if b, err := os.ReadFile(path); err != nil || !bytes.Equal(b, sqlite) {
		t.Fatalf("clean changed another program's file (%v)", err)
	}
	_, _, x := run(t, dir, Options{}, map[string][]byte{"a.go": src(1)})
	if w := x.Warnings(); len(w) != 1 || !strings.Contains(w[0].Error(), "kept as index.db.damaged") {
		t.Errorf("warnings %v, want one saying the file was kept", w)
	}
	if b, err := os.ReadFile(path + ".damaged"); err != nil || !bytes.Equal(b, sqlite) {
		t.Errorf("another program's file was not kept aside (%v)", err)
	}
	// The new index is copycat's: clean removes it.
	if code := Command([]string{"clean", "-cache", dir}, &out, &errs); code != 0 {
		t.Errorf("clean of the new index: exit %d, %q", code, errs.String())
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("after clean: %v", err)
	}
}

// An index file that is a symbolic link to no file, or to an empty one,
// is not written through, with a warning naming it: whoever filled the
// index directory (a cache restored in CI, a folder of the tree) chose
// where a 16 MB index was written. One to another program's file is
// kept aside, as that file is; one to a copycat index is used.
func TestIndexLinkNotWrittenThrough(t *testing.T) {
	elsewhere := t.TempDir()
	for _, tc := range []struct {
		name   string
		target string
		make   func(path string)
	}{
		{"to no file", filepath.Join(elsewhere, "created.db"), func(string) {}},
		{"to an empty file", filepath.Join(elsewhere, "empty.txt"), func(p string) { os.WriteFile(p, nil, 0o644) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.make(tc.target)
			dir := t.TempDir()
			path := filepath.Join(dir, FileName)
			if err := os.Symlink(tc.target, path); err != nil {
				t.Skipf("no symbolic links: %v", err)
			}
			_, _, x := run(t, dir, Options{}, map[string][]byte{"a.go": src(1)})
			want := "index " + path + " not written: write " + path + ": a symbolic link to " + tc.target + ", which holds no copycat index"
			if w := x.Warnings(); len(w) != 1 || !strings.Contains(w[0].Error(), want) {
				t.Errorf("warnings %v; want one: %q", w, want)
			}
			if info, err := os.Stat(tc.target); err == nil && info.Size() > 0 {
				t.Errorf("the index was written through the link: %s holds %d bytes", tc.target, info.Size())
			}
			if info, err := os.Lstat(path); err != nil || info.Mode()&fs.ModeSymlink == 0 {
				t.Errorf("the link is gone: %v", err)
			}
		})
	}
	// A link to an index of copycat's, where a user put it: used.
	real := t.TempDir()
	run(t, real, Options{}, map[string][]byte{"a.go": src(1)})
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(real, FileName), filepath.Join(dir, FileName)); err != nil {
		t.Skipf("no symbolic links: %v", err)
	}
	_, _, x := run(t, dir, Options{}, map[string][]byte{"a.go": src(1), "b.go": src(2)})
	noWarnings(t, x)
	counts(t, x, 1, 1)
	// b.go's record went into the index the link leads to.
	_, _, x = run(t, real, Options{}, map[string][]byte{"b.go": src(2)})
	noWarnings(t, x)
	counts(t, x, 1, 0)
}

// addBucket adds a bucket of one key named name to the bbolt database at
// path, making it if there is none.
func addBucket(t *testing.T, path, name string) {
	t.Helper()
	db, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucket([]byte(name))
		if err != nil {
			return err
		}
		return b.Put([]byte("k"), []byte("v"))
	})
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
}

// A bbolt database of another program named index.db in the -cache
// folder is not written into: copycat's buckets were added to it (and
// its records evicted to make up for the other data's size). A warning
// names it, and nothing of it changes; the run goes on without an index.
func TestForeignDatabaseNotWritten(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	addBucket(t, path, "sessions")
	before, _ := os.ReadFile(path)
	for range 2 {
		_, _, x := run(t, dir, Options{}, map[string][]byte{"a.go": src(1)})
		want := "index " + path + ` not written: write ` + path + `: it holds a bucket "sessions" that copycat does not write: another program's database, left as it is`
		if w := x.Warnings(); len(w) != 1 || w[0].Error() != want {
			t.Errorf("warnings %v; want one: %q", w, want)
		}
		counts(t, x, 0, 1)
	}
	if after, err := os.ReadFile(path); err != nil || !bytes.Equal(after, before) {
		t.Errorf("the other program's database changed (%v)", err)
	}
	// copycat cache clean leaves it too, saying why.
	want := path + ` is another program's database (it holds a bucket "sessions" that copycat does not write): not removed`
	if err := Clean(dir); err == nil || err.Error() != want {
		t.Errorf("Clean: %v; want %q", err, want)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("cleaned: %v", err)
	}
}

// A bucket whose name is no text is copycat's own, damaged (a byte of
// "records" flipped), not another program's: the index is rebuilt, and
// cache clean removes it. It was left as another program's database,
// and every run warned and read no index.
func TestDamagedBucketName(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	run(t, dir, Options{}, map[string][]byte{"a.go": src(1)})
	addBucket(t, path, "rec\x8cords{\x00\x00")
	_, _, x := run(t, dir, Options{}, map[string][]byte{"a.go": src(2)})
	if w := x.Warnings(); len(w) != 1 || !strings.Contains(w[0].Error(), "is corrupt, rebuilt") {
		t.Errorf("warnings %v; want one, that the index was rebuilt", w)
	}
	_, _, x = run(t, dir, Options{}, map[string][]byte{"a.go": src(2)})
	noWarnings(t, x)
	counts(t, x, 1, 0)
	if name, err := foreignIn(path); name != "" || err != nil {
		t.Errorf("the rebuilt index holds %q (%v)", name, err)
	}
	if err := Clean(dir); err != nil {
		t.Errorf("Clean: %v", err)
	}
}

// Sizes are said in the unit that shows them: an index of 32 KB was
// "0.0 MB".
func TestSize(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{{1, "1 byte"}, {512, "512 bytes"}, {32 << 10, "32.0 KB"}, {5<<20 + 200<<10, "5.2 MB"}} {
		if got := Size(tc.n); got != tc.want {
			t.Errorf("Size(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

// copycat cache clean leaves an index a run is reading or writing, saying
// so: removed under the run, it lost that run's work without a word.
func TestCleanWaitsForRuns(t *testing.T) {
	defer func(old time.Duration) { busyTimeout = old }(busyTimeout)
	busyTimeout = 50 * time.Millisecond
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	run(t, dir, Options{}, map[string][]byte{"a.go": src(1)})
	// A run reading it holds its lock, shared, until it commits.
	db, err := bolt.Open(path, 0o644, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	cleanWhileHeld(t, dir, func() { db.Close() })
}

// cleanWhileHeld checks that Clean leaves the index in dir, which a run
// holds, saying so, and removes it once release has ended the run.
func cleanWhileHeld(t *testing.T, dir string, release func()) {
	t.Helper()
	path := filepath.Join(dir, FileName)
	want := path + " is in use by a copycat run: not removed (run cache clean again once it ends)"
	if err := Clean(dir); err == nil || err.Error() != want {
		t.Errorf("clean under a run: %v, want %q", err, want)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("the index of a run was removed: %v", err)
	}
	release()
	if err := Clean(dir); err != nil {
		t.Errorf("clean once the run ended: %v", err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("after clean: %v", err)
	}
}

// A sound index passes checkTrees, whatever its buckets hold: records,
// stamps, facts and status entries, each a tree of its own pages.
func TestCheckTreesSound(t *testing.T) {
	ixDir, dir := t.TempDir(), t.TempDir()
	srcs := map[string][]byte{}
	for i := range 300 {
		srcs[fmt.Sprintf("f%03d.go", i)] = src(i)
	}
	writeSrc(t, dir, srcs)
	_, x := loadTree(t, ixDir, dir, later)
	noWarnings(t, x)
	db, err := bolt.Open(filepath.Join(ixDir, FileName), 0o644, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.View(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{recordsBucket, usedBucket, statBucket} {
			if tx.Bucket(b) == nil || tx.Bucket(b).RootPage() == 0 {
				t.Errorf("bucket %s: none, or inline", b)
			}
		}
		if err := checkTrees(tx); err != nil {
			return err
		}
		if err := checkBucket(tx, statBucket); err != nil {
			return err
		}
		// Every page of every tree walked, as bbolt counts them.
		st := tx.Cursor().Bucket().Stats()
		want := st.BranchPageN + st.BranchOverflowN + st.LeafPageN + st.LeafOverflowN
		if n, err := walkTrees(tx, uint64(tx.Cursor().Bucket().RootPage()), true); err != nil || n != want {
			t.Errorf("%d pages walked, %v; want %d", n, err, want)
		}
		return nil
	})
	if err != nil {
		t.Error(err)
	}
}
