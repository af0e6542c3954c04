package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
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
