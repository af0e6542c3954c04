package load

import (
	"fmt"
	"path/filepath"
	"testing"
)

// TestStopped checks that a closed Options.Done stops loading: nothing is
// read when it is closed before, and no more files once it is closed
// while they are read.
func TestStopped(t *testing.T) {
	dir := t.TempDir()
	for i := range 20 {
		write(t, dir, fmt.Sprintf("f%02d.go", i), goSource)
	}
	arg := filepath.Join(dir, "...")
	if res := Load([]string{arg}, Options{Workers: 1}); len(res.Files) != 20 {
		t.Fatalf("not stopped: %d files, want 20", len(res.Files))
	}
	closed := make(chan struct{})
	close(closed)
	if res := Load([]string{arg}, Options{Workers: 1, Done: closed}); res.FilesRead != 0 || len(res.Files) != 0 {
		t.Errorf("stopped before: %d files read, want none", res.FilesRead)
	}
	done := make(chan struct{})
	opt := Options{Workers: 1, Done: done, Progress: func(n, _ int) {
		if n == 3 {
			close(done)
		}
	}}
	if res := Load([]string{arg}, opt); res.FilesRead != 3 {
		t.Errorf("stopped after the third file: %d files read, want 3", res.FilesRead)
	}
}

// TestStoppedGoList checks that a closed Options.Done ends the go command
// that resolves a package pattern rather than waiting for it.
func TestStoppedGoList(t *testing.T) {
	closed := make(chan struct{})
	close(closed)
	res := Load([]string{"std"}, Options{Done: closed})
	if len(res.Files) != 0 || len(res.Errors) != 0 {
		t.Errorf("stopped before: %d files, errors %v; want none", len(res.Files), res.Errors)
	}
}
