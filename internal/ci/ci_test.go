package ci

import (
	"path/filepath"
	"testing"

	"github.com/copycat-go/copycat/internal/fixture"
)

// moduleRoot is the root of copycat's module: the action's own checkout,
// and the hook repository.
func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// writeFixture lays out testdata/name (a txtar archive) in dir.
func writeFixture(t *testing.T, dir, name string) {
	t.Helper()
	if err := fixture.Write(dir, filepath.Join("testdata", name)); err != nil {
		t.Fatal(err)
	}
}
