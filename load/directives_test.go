package load

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
)

// classes reads the named files of testdata/src/directive through Source
// and detects the clones among them.
func classes(t *testing.T, names ...string) []fingerprint.Class {
	t.Helper()
	var ix fingerprint.Indexer
	var files []*fingerprint.File
	for _, name := range names {
		path := filepath.Join("..", "testdata", "src", "directive", name)
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := Source(&ix, path, src, 10)
		files = append(files, f)
	}
	return fingerprint.Detect(files, fingerprint.Options{MinTokens: 10, MinLines: 1})
}

// TestSourceDirectives: Source honours the suppression spellings of other
// linters in the files it reads: c.go is left out by a
// //lint:file-ignore, and every copy in d.go by a //nolint or
// //lint:ignore spelling; b.go's copies, whose directive lacks a reason,
// are found.
func TestSourceDirectives(t *testing.T) {
	if got := classes(t, "a.go", "c.go", "d.go"); len(got) != 0 {
		t.Errorf("%d clone classes, want none", len(got))
	}
	if got := classes(t, "a.go", "b.go"); len(got) == 0 {
		t.Error("no clone class in a.go and b.go")
	}
}
