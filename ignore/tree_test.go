package ignore

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkIgnoredEntry measures the check a directory walk makes of each
// entry, on a relative path.
func BenchmarkIgnoredEntry(b *testing.B) {
	dir := b.TempDir()
	b.Chdir(dir)
	if err := os.MkdirAll(filepath.Join("a", "b"), 0o755); err != nil {
		b.Fatal(err)
	}
	t := NewTree(".", nil)
	for b.Loop() {
		t.IgnoredEntry(filepath.Join("a", "b", "x.go"), false)
	}
}
