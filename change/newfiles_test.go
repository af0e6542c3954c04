//go:build unix

package change

import (
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/copycat-go/copycat/fingerprint"
)

// TestNewFilesSwapped: an untracked file that loading read, swapped
// before the change is made for a named pipe or a link to a device, is
// not read; a regular one's lines are counted as detection counts them.
// NewFiles opened the pipe and waited for a writer forever (a run of
// -new-from-rev whose new.go was replaced while detection ran was still
// there minutes later), and read /dev/zero until memory ran out.
func TestNewFilesSwapped(t *testing.T) {
	dir := testRepo(t)
	texts := map[string]string{"n/a.go": "package n\n", "n/b.go": "package n\n\nvar x = 1", "n/c.go": "", "n/d.go": "\n\n"}
	if err := os.Mkdir("n", 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range texts {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo("n/pipe.go", 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	if err := os.Symlink("/dev/null", "n/null.go"); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan map[string]*File, 1)
	go func() {
		files, err := r.NewFiles([]string{"n/a.go", "n/b.go", "n/c.go", "n/d.go", "n/pipe.go", "n/null.go"})
		if err != nil {
			t.Error(err)
		}
		done <- files
	}()
	var got map[string]*File
	select {
	case got = <-done:
	case <-time.After(30 * time.Second):
		// Not a time limit: the old code never returns.
		t.Fatal("NewFiles still reading 30 s later (a named pipe opened, waiting for a writer)")
	}
	for _, name := range []string{"n/pipe.go", "n/null.go"} {
		if got[name] != nil {
			t.Errorf("%s, not a regular file, read as a new file: %+v", name, got[name])
		}
	}
	for name, text := range texts {
		f := got[name]
		if f == nil {
			t.Errorf("%s: not found", name)
			continue
		}
		lines := 0
		for _, a := range f.Added {
			lines += a.End - a.Start + 1
		}
		if want := fingerprint.LineCount([]byte(text)); lines != want || !f.New {
			t.Errorf("%s (%q): %d lines added, new %v; want %d, new", name, strings.TrimSpace(text), lines, f.New, want)
		}
	}
}
