package lsp

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/copycat-go/copycat/internal/hostile"
)

// awaitLog waits until the server has logged n lines matching re, and
// returns them.
func awaitLog(t *testing.T, e *editor, re *regexp.Regexp, n int) []string {
	t.Helper()
	for deadline := time.Now().Add(timeout); ; time.Sleep(time.Millisecond) {
		lines := re.FindAllString(e.stderr.String(), -1)
		if len(lines) >= n {
			return lines
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d log lines match %s, want %d:\n%s", len(lines), re, n, e.stderr.String())
		}
	}
}

// Each indexing of the workspace logs one line of what it counted, as
// -stats prints them: the first and every re-index.
func TestServerLogsStats(t *testing.T) {
	e, dir, _ := workspace(t, nil, "-cache", "off") // counts without an index: see TestWarmStart
	statsLine := regexp.MustCompile(`stats: files read \d+, .*\n`)
	first := awaitLog(t, e, statsLine, 1)[0]
	for _, want := range []string{
		"files read 3, files reused from the index 0, files known unchanged, not read 0, generated files, left out 0, result reused from the index false, tables kept on the heap all, tables spilled to a mapped file 0 bytes, windows ", "bloom filter ", " hash functions, est. false-positive rate ",
		"count-min sketch width ", "candidates ", "confirmed (blake3) ", "exact pairs ", "near-miss candidates verified ", "classes 1\n",
	} {
		if !strings.Contains(first, want) {
			t.Errorf("stats line lacks %q: %s", want, first)
		}
	}
	e.mu.Lock()
	e.settings = map[string]any{"minTokens": 1000}
	e.mu.Unlock()
	e.notify("workspace/didChangeConfiguration", map[string]any{"settings": nil})
	e.diagnostics(uri(dir, "a.go"), "no clone of 1000 tokens", none)
	if again := awaitLog(t, e, statsLine, 2)[1]; !strings.HasSuffix(again, "classes 0\n") {
		t.Errorf("re-index with -min-tokens 1000 logged %s", again)
	}
	e.exit()
}

// The engine's caps, when indexing reaches them, are logged as the
// command line prints them.
func TestServerLogsEngineWarnings(t *testing.T) {
	dir, _ := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	if err := os.WriteFile(filepath.Join(dir, "deep.go"), hostile.NestedBlocks(300), 0o644); err != nil {
		t.Fatal(err)
	}
	e := startEditor(t, runServer())
	e.initialize(dir, map[string]any{"minTokens": 20, "minLines": 2})
	awaitLog(t, e, regexp.MustCompile(`warning: .*nested more than 16 deep.*\n`), 1)
	e.exit()
}
