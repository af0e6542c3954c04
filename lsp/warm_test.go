package lsp

import (
	"path/filepath"
	"regexp"
	"testing"
)

// A server started on a workspace that an earlier server (or the command
// line) indexed with the same index publishes the same diagnostics from
// the stored result: no file is read again and detection does not run.
func TestWarmStart(t *testing.T) {
	dir, _ := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	ixDir := filepath.Join(t.TempDir(), "index")
	want := saying("duplicate of b.go:4-20 (renamed, 105 tokens, 2 copies)")
	statsLine := regexp.MustCompile(`stats: files read \d+, .*\n`)
	var lines []string
	for range 2 {
		e := startEditor(t, runServer("-cache", ixDir))
		e.initialize(dir, nil)
		e.diagnostics(uri(dir, "a.go"), "the clone of b.go", want)
		lines = append(lines, awaitLog(t, e, statsLine, 1)[0])
		e.exit()
	}
	if !regexp.MustCompile(`result reused from the index false`).MatchString(lines[0]) {
		t.Errorf("first start: %s", lines[0])
	}
	// The files were just written: too recent for their status to be
	// trusted, so they are read, but their records and the result are
	// the index's.
	if !regexp.MustCompile(`files reused from the index [1-9]\d*, .*result reused from the index true`).MatchString(lines[1]) {
		t.Errorf("second start did not reuse the result: %s", lines[1])
	}
}
