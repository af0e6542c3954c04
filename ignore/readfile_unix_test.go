//go:build unix

package ignore

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A .duplignore that is not a regular file (a named pipe, which would
// block the run until something wrote to it; a link to /dev/zero, which
// would never end) is an error naming it, not read; a large one is read
// no further than a byte past the limit.
func TestReadFileRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	pipe := filepath.Join(dir, "pipe", FileName)
	zero := filepath.Join(dir, "zero", FileName)
	big := filepath.Join(dir, "big", FileName)
	for _, p := range []string{pipe, zero, big} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	if err := os.WriteFile(big, bytes.Repeat([]byte("a.go\n"), 3*MaxFileSize/5), 0o644); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]string{pipe: "not a regular file (named pipe), not read", zero: "not a regular file (character device), not read"} {
		done := make(chan error, 1)
		go func() { _, err := ReadFile(p); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), p) {
				t.Errorf("ReadFile(%s): %v, want an error naming it: %q", p, err, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("ReadFile(%s) still reading after 10 s", p)
		}
	}
	if data, err := ReadFile(big); err != nil || len(data) != MaxFileSize+1 {
		t.Errorf("ReadFile of %d bytes: %d bytes, %v; want %d", 3*MaxFileSize, len(data), err, MaxFileSize+1)
	}
	tree := NewTree(filepath.Join(dir, "pipe"), nil)
	tree.Ignored(filepath.Join(dir, "pipe", "a.go"), false)
	if errs := tree.Errors(); len(errs) != 1 || !strings.Contains(errs[0].Error(), "named pipe") {
		t.Errorf("a tree over a named pipe: errors %v", errs)
	}
}

// A .duplignore that is a symbolic link leading to no file (git keeps
// links: a pull request can make one) is an error naming it and its
// target, as a Go file's is; it was read as no file, its rules left out
// without a word. No .duplignore at all is still none.
func TestReadFileBrokenLink(t *testing.T) {
	dir := t.TempDir()
	for _, sub := range []string{"broken", "none"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(dir, "broken", FileName)
	if err := os.Symlink("rules.txt", link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	if _, err := ReadFile(link); err == nil || !strings.Contains(err.Error(), link+`: a symbolic link to "rules.txt" that leads to no file`) {
		t.Errorf("ReadFile of a broken link: %v", err)
	}
	tree := NewTree(dir, nil)
	tree.Ignored(filepath.Join(dir, "broken", "a.go"), false)
	tree.Ignored(filepath.Join(dir, "none", "a.go"), false)
	if errs := tree.Errors(); len(errs) != 1 || !strings.Contains(errs[0].Error(), "leads to no file") {
		t.Errorf("a tree over a broken link and no .duplignore: errors %v, want one naming the link", errs)
	}
}
