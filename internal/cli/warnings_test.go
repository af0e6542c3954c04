package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/hostile"
)

// The engine's caps, when a run reaches them, are warnings like any other.
func TestEngineWarningsPrinted(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x.go"), hostile.NestedBlocks(300), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, _ := run(t, "-min-tokens", "20", "-min-lines", "2", dir)
	if !strings.Contains(stderr, "copycat: warning: ") || !strings.Contains(stderr, "nested more than 16 deep") {
		t.Errorf("stderr %q: want the nesting cap's warning", stderr)
	}
	if _, stderr, _ := run(t, "-q", "-min-tokens", "20", "-min-lines", "2", dir); stderr != "" {
		t.Errorf("-q: stderr %q, want nothing", stderr)
	}
}
