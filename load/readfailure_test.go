package load

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// A file that cannot be read for another reason than the tree changing
// or holding what is no Go file is an error of the run; a file removed
// since it was listed, or a link to nothing, is a warning. Reading
// /proc/self/mem from its start fails with an I/O error, even as root,
// whom no permission stops.
func TestReadFailure(t *testing.T) {
	dir := t.TempDir()
	mem := filepath.Join(dir, "mem.go")
	if err := os.Symlink("/proc/self/mem", mem); err != nil {
		t.Fatal(err)
	}
	_, err := ReadFile(mem, DefaultMaxFileSize)
	if err == nil {
		t.Skip("/proc/self/mem reads here")
	}
	if gen, warning, fatal := ReadFailure(mem, err, false); gen || warning != nil || fatal == nil {
		t.Errorf("an I/O error: generated %v, warning %v, error %v; want an error", gen, warning, fatal)
	}
	gone := filepath.Join(dir, "gone.go")
	_, err = ReadFile(gone, DefaultMaxFileSize)
	if _, warning, fatal := ReadFailure(gone, err, false); warning == nil || fatal != nil {
		t.Errorf("a file removed: warning %v, error %v; want a warning", warning, fatal)
	}
	dangling := filepath.Join(dir, "dangling.go")
	if err := os.Symlink(gone, dangling); err != nil {
		t.Fatal(err)
	}
	_, err = ReadFile(dangling, DefaultMaxFileSize)
	if _, warning, fatal := ReadFailure(dangling, err, false); warning == nil || fatal != nil || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a link to nothing: warning %v, error %v; want a warning", warning, fatal)
	}
}
