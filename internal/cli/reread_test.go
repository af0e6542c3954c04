package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/par"
	"github.com/copycat-go/copycat/load"
)

// The report reads a file again only as detection read it: a file swapped
// after loading for a FIFO or a link to a device is refused at once
// (reading either would hang or never end), and a file whose lines
// changed is an error that says so.
func TestRereadAsLoaded(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "a.go")
	src := "package p\n\nfunc f() {}\n"
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	c := &Config{}
	read := c.rereader([]*fingerprint.File{{Name: name, Lines: fingerprint.LineCount([]byte(src))}})
	if got, err := read(name); err != nil || string(got) != src {
		t.Fatalf("unchanged file: %q, %v", got, err)
	}
	if err := os.WriteFile(name, []byte("package p\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := read(name); err == nil || !strings.Contains(err.Error(), "changed since it was read: 3 lines, then 1") {
		t.Errorf("a shorter file: %v", err)
	}
	os.Remove(name)
	if err := syscall.Mkfifo(name, 0o644); err != nil {
		t.Skip(err)
	}
	if _, err := read(name); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a FIFO: %v", err)
	}
	os.Remove(name)
	if err := os.Symlink("/dev/zero", name); err != nil {
		t.Fatal(err)
	}
	if _, err := read(name); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a link to /dev/zero: %v", err)
	}
}

// The Facts source of the report reads each file into a reused buffer:
// its Facts are those of the file's bytes, and stay so once the buffer
// holds other files (they copy what they keep), whatever the order and
// however many goroutines ask; a changed file gives none and is noted.
func TestFactsReuseBuffers(t *testing.T) {
	src := filepath.Join(runtime.GOROOT(), "src")
	var names []string
	filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") && len(names) < 3000 {
			if info, err := d.Info(); err == nil && info.Size() <= load.DefaultMaxFileSize {
				names = append(names, p)
			}
		}
		return nil
	})
	if len(names) == 0 {
		t.Skip("no standard library sources")
	}
	var files []*fingerprint.File
	want := make([]fingerprint.Facts, len(names))
	for i, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = fingerprint.ScanFacts(b)
		files = append(files, &fingerprint.File{Name: n, Lines: fingerprint.LineCount(b)})
	}
	changedName := names[len(names)/2]
	files[len(names)/2].Lines++ // as if it had changed since loading
	var changed changedFiles
	var ix *runIndex
	source := ix.facts(files, (&Config{}).rereaderInto(files), &changed)
	got := make([]*fingerprint.Facts, len(names))
	par.For(len(names), 4, func(_, i int) { got[i] = source(names[i]) })
	for i, n := range names {
		switch {
		case n == changedName:
			if got[i] != nil {
				t.Errorf("%s, changed, gave Facts", n)
			}
		case got[i] == nil:
			t.Errorf("%s gave no Facts", n)
		case !reflect.DeepEqual(*got[i], want[i]):
			t.Errorf("%s: Facts differ from ScanFacts of its bytes", n)
		}
	}
	if !reflect.DeepEqual(changed.names, []string{changedName}) {
		t.Errorf("changed files: %v, want %s", changed.names, changedName)
	}
}
