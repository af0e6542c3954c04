package hostile

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// fsSource is a package file with one function long enough to be a clone
// when it is copied.
func fsSource(name string) string {
	return fmt.Sprintf(`package p

func %s(xs []int) (sum, neg int) {
	for i, x := range xs {
		if x < 0 {
			neg++
			continue
		}
		sum += x * i
	}
	return sum, neg
}
`, name)
}

// An fsCase is a tree that anyone can send in a pull request, and what
// loading it may cost: the files and bytes read are counted, not timed.
type fsCase struct {
	name  string
	build func(t testing.TB, dir string) (args []string)
	warn  string // the one warning, "" for none
	files int    // files read, at most
	bytes int64  // bytes read, at most
	clone int    // clone classes found
}

var fsCases = []fsCase{
	{name: "named pipe walked", build: fsWithPipe("x.go"), warn: "x.go: not a regular file (named pipe), skipped", files: 2, bytes: 1000, clone: 1},
	{name: "named pipe named", build: func(t testing.TB, dir string) []string {
		fsWithPipe("x.go")(t, dir)
		return []string{filepath.Join(dir, "x.go"), filepath.Join(dir, "a.go")}
	}, warn: "x.go: not a regular file (named pipe), skipped", files: 1, bytes: 500},
	{name: "link to /dev/zero", build: fsWithLink("x.go", "/dev/zero"), warn: "x.go: not a regular file (character device), skipped", files: 2, bytes: 1000, clone: 1},
	{name: "link to a named pipe", build: func(t testing.TB, dir string) []string {
		fsWithPipe("pipe")(t, dir)
		return fsWithLink("x.go", filepath.Join(dir, "pipe"))(t, dir)
	}, warn: "x.go: not a regular file (named pipe), skipped", files: 2, bytes: 1000, clone: 1},
	{name: "socket", build: fsWithSocket, warn: "x.go: not a regular file (socket), skipped", files: 2, bytes: 1000, clone: 1},
	{name: "oversize file", build: func(t testing.TB, dir string) []string {
		fsWrite(t, dir, "a.go", fsSource("a"))
		fsWrite(t, dir, "b.go", fsSource("b"))
		big := fsSource("big") + strings.Repeat("// "+strings.Repeat("x", 76)+"\n", (load.DefaultMaxFileSize/80)+1)
		fsWrite(t, dir, "x.go", big)
		return []string{dir + "/..."}
	}, warn: fmt.Sprintf("x.go: larger than -max-file-size (%d bytes), skipped", load.DefaultMaxFileSize), files: 2, bytes: 1000, clone: 1},
	{name: "folder twice", build: func(t testing.TB, dir string) []string {
		fsPair(t, dir)
		t.Chdir(dir)
		if err := os.Symlink(dir, filepath.Join(dir, "..", filepath.Base(dir)+".link")); err != nil {
			t.Fatal(err)
		}
		return []string{".", dir, "./...", "../" + filepath.Base(dir) + ".link/a.go"}
	}, files: 2, bytes: 1000, clone: 1},
}

// TestFileSystem runs each hostile tree through loading and detection:
// the file that must not be read is skipped with one warning naming it,
// and the work stays within the case's budget.
func TestFileSystem(t *testing.T) {
	for _, c := range fsCases {
		t.Run(c.name, func(t *testing.T) {
			res := fsLoad(t, c.tree(t))
			if len(res.Errors) > 0 {
				t.Errorf("errors: %v", res.Errors)
			}
			var warnings []string
			for _, w := range res.Warnings {
				warnings = append(warnings, w.Error())
			}
			if c.warn == "" && len(warnings) > 0 || c.warn != "" && (len(warnings) != 1 || !strings.HasSuffix(warnings[0], c.warn)) {
				t.Errorf("warnings %q, want one ending %q", warnings, c.warn)
			}
			if res.FilesRead > c.files || res.BytesRead > c.bytes {
				t.Errorf("read %d files, %d bytes; budget %d files, %d bytes", res.FilesRead, res.BytesRead, c.files, c.bytes)
			}
			classes := fingerprint.Detect(res.Files, fingerprint.Options{MinTokens: 20, MinLines: 3, MaxOccurrences: 10})
			if len(classes) != c.clone {
				t.Errorf("%d clone classes, want %d", len(classes), c.clone)
			}
		})
	}
}

// BenchmarkFileSystem reports the time of loading each hostile tree.
func BenchmarkFileSystem(b *testing.B) {
	for _, c := range fsCases {
		b.Run(c.name, func(b *testing.B) {
			args := c.tree(b)
			for b.Loop() {
				fsLoad(b, args)
			}
		})
	}
}

// tree builds the case's tree in a new folder and returns the arguments
// that name it.
func (c fsCase) tree(t testing.TB) []string {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return c.build(t, dir)
}

// fsLoad loads args, and fails the test if loading does not come back:
// the trees here made it block on open or read without end.
func fsLoad(t testing.TB, args []string) *load.Result {
	t.Helper()
	done := make(chan *load.Result, 1)
	go func() { done <- load.Load(args, load.Options{Tests: true, MinTokens: 20}) }()
	select {
	case res := <-done:
		return res
	case <-time.After(30 * time.Second):
		t.Fatalf("loading %q did not return", args)
		return nil
	}
}

func fsWrite(t testing.TB, dir, name, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// fsPair writes two files that are copies of each other.
func fsPair(t testing.TB, dir string) {
	fsWrite(t, dir, "a.go", fsSource("a"))
	fsWrite(t, dir, "b.go", fsSource("b"))
}

func fsWithPipe(name string) func(t testing.TB, dir string) []string {
	return func(t testing.TB, dir string) []string {
		fsPair(t, dir)
		if err := syscall.Mkfifo(filepath.Join(dir, name), 0o644); err != nil {
			t.Skipf("cannot make a named pipe: %v", err)
		}
		return []string{dir + "/..."}
	}
}

func fsWithLink(name, target string) func(t testing.TB, dir string) []string {
	return func(t testing.TB, dir string) []string {
		fsPair(t, dir)
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
		return []string{dir}
	}
}

func fsWithSocket(t testing.TB, dir string) []string {
	fsPair(t, dir)
	l, err := net.Listen("unix", filepath.Join(dir, "x.go"))
	if err != nil {
		t.Skipf("cannot make a socket: %v", err)
	}
	t.Cleanup(func() { l.Close() })
	return []string{dir + "/..."}
}
