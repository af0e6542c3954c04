package lsp

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// hostileWorkspace writes a workspace of n small packages' files, plus a
// named pipe, a link to /dev/zero and a file over the size limit, all
// named like Go files.
func hostileWorkspace(t *testing.T, n int) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		sub := filepath.Join(dir, fmt.Sprintf("p%03d", i/100))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		src := fmt.Sprintf("package p\n\nfunc f%d(xs []int) (s int) {\n\tfor _, x := range xs {\n\t\ts += x * %d\n\t}\n\treturn s\n}\n", i, i)
		write(t, filepath.Join(sub, fmt.Sprintf("f%d.go", i)), src)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.go"), 0o644); err != nil {
		t.Skipf("cannot make a named pipe: %v", err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.go")); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "big.go"), "package p\n"+strings.Repeat("// padding\n", 200))
	return dir
}

// TestServerHostileWorkspace checks that the editor server applies the
// command line's file limits (the named pipe, the device link and the
// large file are skipped with a warning each, and indexing ends), and
// that it answers a request while a large workspace is indexed: the
// answer comes before the end of indexing's progress.
func TestServerHostileWorkspace(t *testing.T) {
	dir := hostileWorkspace(t, 2000)
	e := startEditor(t, runServer("-max-file-size", "1000"))
	e.initialize(dir, nil)
	e.call("textDocument/codeAction", codeActionParams{TextDocument: textDocumentIdentifier{URI: uri(dir, "p000/f0.go")}})
	e.mu.Lock()
	answered := len(e.received)
	e.mu.Unlock()
	end := e.await("the end of indexing", func(m *message) bool {
		var p struct {
			Value struct{ Kind string } `json:"value"`
		}
		return m.Method == "$/progress" && json.Unmarshal(m.Params, &p) == nil && p.Value.Kind == "end"
	})
	e.mu.Lock()
	at := slices.Index(e.received, end)
	e.mu.Unlock()
	if at < answered {
		t.Errorf("indexing ended (message %d) before the request was answered (message %d)", at, answered)
	}
	log := e.stderr.String()
	for _, want := range []string{
		"fifo.go: not a regular file (named pipe), skipped",
		"zero.go: not a regular file (character device), skipped",
		"big.go: larger than -max-file-size (1000 bytes), skipped",
	} {
		if strings.Count(log, want) != 1 {
			t.Errorf("the log does not say once %q:\n%.2000s", want, log)
		}
	}
	e.exit()
}

// TestMaxFileSizeSetting checks the editor setting beside the flag: it
// changes what is read, and a negative size is refused as the flag is.
func TestMaxFileSizeSetting(t *testing.T) {
	c := config{opt: fingerprint.Options{MinTokens: 100, MinLines: 6, Similarity: 0.85}}
	size := int64(100)
	if err := c.apply(settings{MaxFileSize: &size}); err != nil || c.maxFileSize != 100 {
		t.Errorf("maxFileSize 100: config %d, err %v", c.maxFileSize, err)
	}
	if c.sameDetection(config{opt: c.opt}) {
		t.Error("a new size limit does not re-index")
	}
	size = -1
	if err := c.apply(settings{MaxFileSize: &size}); err == nil || !strings.Contains(err.Error(), "-max-file-size") {
		t.Errorf("maxFileSize -1: err %v, want one naming -max-file-size", err)
	}
}

// TestReadLimits checks the engine's reading of one file: an open buffer
// over the size limit is left out as a file on disk would be, and a named
// pipe on disk is not opened.
func TestReadLimits(t *testing.T) {
	e := newEngine(config{maxFileSize: 20}, log.New(io.Discard, "", 0), nil, nil)
	dir := t.TempDir()
	big := filepath.Join(dir, "big.go")
	e.docs.open(big, pathToURI(big), 1, "package p\n\nvar x = 1234567890\n")
	var skip *load.SkipError
	if src, open, err := e.read(big); src != nil || !open || !errors.As(err, &skip) || !skip.TooLarge {
		t.Errorf("buffer over the limit: %q, open %v, err %v; want a SkipError", src, open, err)
	}
	pipe := filepath.Join(dir, "pipe.go")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("cannot make a named pipe: %v", err)
	}
	if src, open, err := e.read(pipe); src != nil || open || !errors.As(err, &skip) {
		t.Errorf("named pipe: %q, open %v, err %v; want a SkipError", src, open, err)
	}
}

// A workspace larger than the cap on files (the maxFiles setting, else
// DefaultMaxFiles) is indexed up to the cap, in path order, and the
// editor is told so in a message.
func TestMaxFilesSetting(t *testing.T) {
	dir := hostileWorkspace(t, 30)
	e := startEditor(t, runServer())
	e.initialize(dir, map[string]any{"maxFiles": 10})
	m := e.await("the message on the cap", func(m *message) bool { return m.Method == "window/showMessage" })
	var p showMessageParams
	if err := json.Unmarshal(m.Params, &p); err != nil {
		t.Fatal(err)
	}
	if p.Type != 2 || !strings.Contains(p.Message, "Go files; only the first 10, by path, are indexed") {
		t.Errorf("message %+v", p)
	}
	e.exit()
	c := config{}
	if n := -1; c.apply(settings{MaxFiles: &n}) == nil {
		t.Error("maxFiles -1 accepted")
	}
	if c.fileCap() != DefaultMaxFiles {
		t.Errorf("default cap %d", c.fileCap())
	}
}
