package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoGoFiles checks that a folder argument that yields no Go file
// fails the run with a message naming it, and points to DIR/... when its
// subfolders hold the code (a module whose code is all in subpackages).
func TestNoGoFiles(t *testing.T) {
	dir := unpack(t, "module.txtar")
	if err := os.Mkdir(filepath.Join(dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ arg, want string }{
		{".", "copycat: .: no Go files (its subfolders have some: use ./...)\n"},
		{dir, "copycat: " + dir + ": no Go files (its subfolders have some: use " + dir + "/...)\n"},
		{"empty", "copycat: empty: no Go files\n"},
		{"./empty/...", "copycat: ./empty/...: no Go files\n"},
	}
	for _, tt := range tests {
		_, stderr, code := run(t, "-q", tt.arg)
		if code != ExitError || stderr != tt.want {
			t.Errorf("copycat %s: exit %d, stderr %q; want exit %d, %q", tt.arg, code, stderr, ExitError, tt.want)
		}
	}
}

// TestSameFolderTwice checks that one folder given under two spellings is
// read once: a file read twice would be reported as its own copy.
func TestSameFolderTwice(t *testing.T) {
	dir := unpack(t, "module.txtar")
	once, _, _ := run(t, append(small, "./stats")...)
	twice, _, _ := run(t, append(small, "./stats", filepath.Join(dir, "stats"), "stats/../stats/...")...)
	if once != twice {
		t.Errorf("one folder named three ways gave\n%s\nnot, as when named once,\n%s", twice, once)
	}
}

// TestMaxFileSizeFlag checks that -max-file-size skips larger files with
// a warning naming them, and that the rest of the run goes on.
func TestMaxFileSizeFlag(t *testing.T) {
	unpack(t, "module.txtar")
	stdout, stderr, code := run(t, append(small, "-max-file-size", "280", "./stats")...)
	if !strings.Contains(stderr, "copycat: warning: stats/stats.go: larger than -max-file-size (280 bytes), skipped\n") {
		t.Errorf("stderr lacks the warning for stats/stats.go:\n%s", stderr)
	}
	if code != ExitClean || !strings.Contains(stdout, "in 1 file)") {
		t.Errorf("exit %d, stdout:\n%s\nwant exit 0 and copy.go read alone", code, stdout)
	}
	if _, stderr, code := run(t, "-max-file-size", "-1", "./stats"); code != ExitError || !strings.Contains(stderr, "-max-file-size") {
		t.Errorf("-max-file-size -1: exit %d, stderr %q", code, stderr)
	}
}
