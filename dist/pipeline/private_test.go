package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// The folder a worker keeps what it fetched in is its user's alone: made
// with mode 0700 and used again, but one that others may write to, a
// link, or a file of that name is refused rather than read.
func TestPrivateTemp(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no file modes")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	want := filepath.Join(tmp, fmt.Sprintf("x-%d", os.Getuid()))
	for range 2 { // made, then used again
		dir, err := privateTemp("x")
		if err != nil || dir != want {
			t.Fatalf("privateTemp: %q, %v; want %q", dir, err, want)
		}
		if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o700 {
			t.Fatalf("%s: %v, %v; want mode 0700", dir, fi.Mode(), err)
		}
	}
	other := t.TempDir()
	for name, make := range map[string]func(path string) error{
		"open": func(path string) error { return os.Mkdir(path, 0o777) },
		"link": func(path string) error { return os.Symlink(other, path) },
		"file": func(path string) error { return os.WriteFile(path, nil, 0o600) },
	} {
		path := filepath.Join(tmp, fmt.Sprintf("%s-%d", name, os.Getuid()))
		if err := make(path); err != nil {
			t.Fatal(err)
		}
		os.Chmod(path, 0o777) // Mkdir's mode is cut by the umask
		if dir, err := privateTemp(name); err == nil || !strings.Contains(err.Error(), "not a folder of this user's alone") {
			t.Errorf("%s: privateTemp gave %q, %v; want it refused", name, dir, err)
		}
	}
	if os.Getuid() == 0 {
		// Made by another user (root may give it away).
		path := filepath.Join(tmp, fmt.Sprintf("theirs-%d", os.Getuid()))
		if err := os.Mkdir(path, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(path, 65534, 65534); err != nil {
			t.Skipf("chown: %v", err)
		}
		if _, err := privateTemp("theirs"); err == nil {
			t.Errorf("a folder another user owns was used")
		}
	}
}
