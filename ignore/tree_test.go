package ignore

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
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

// The .duplignore files of a tree may hold MaxTotalSize bytes between
// them (their rules take some 70 times their size): a file past that is
// an error naming it, and none of its lines apply; forgetting a file (an
// editor's unsaved buffer changed) gives its bytes back.
func TestTotalSizeOfDuplignores(t *testing.T) {
	files := map[string][]byte{}
	per := MaxFileSize - 100
	n := MaxTotalSize/per + 2
	for i := range n {
		files[filepath.Join("/r", fmt.Sprintf("d%02d", i), FileName)] = bytes.Repeat([]byte("x.go\n"), per/5)
	}
	tree := NewTree("/r", func(name string) ([]byte, error) {
		if b, ok := files[name]; ok {
			return b, nil
		}
		return nil, fs.ErrNotExist
	})
	ignored := 0
	for i := range n {
		if tree.Ignored(filepath.Join("/r", fmt.Sprintf("d%02d", i), "x.go"), false) {
			ignored++
		}
	}
	errs := tree.Errors()
	if ignored != MaxTotalSize/per || len(errs) != n-ignored || !strings.Contains(fmt.Sprint(errs), "none of its lines apply") {
		t.Errorf("%d of %d files applied, errors %v; want %d, and an error for each other", ignored, n, errs, MaxTotalSize/per)
	}
	tree.Forget(filepath.Join("/r", "d00", "x.go"))
	tree.Forget(filepath.Join("/r", "d01", "x.go"))
	if !tree.Ignored(filepath.Join("/r", "d00", "x.go"), false) {
		t.Error("a file forgotten and read again does not apply: its bytes were counted twice")
	}
}

// NamedBy names the line IgnoredNamed decides by: the last that matches
// in the deepest file that has one, in a file long enough to be indexed
// too; a '!' line that keeps the directory names none.
func TestNamedBy(t *testing.T) {
	var long strings.Builder
	for i := range indexMin + 8 {
		fmt.Fprintf(&long, "other%d/\n", i)
	}
	for _, tc := range []struct {
		root, sub string // the .duplignore files at the root and in sub/
		path      string
		file      string
		line      int
	}{
		{"gen/\n", "", "sub/gen", ".duplignore", 1},
		{"gen/\n# again\ngen\n", "", "gen", ".duplignore", 3},
		{"gen/\n", "!gen/\n", "sub/gen", "", 0},
		{"gen/\n", "!gen/\n\ngen/\n", "sub/gen", "sub/.duplignore", 3},
		{long.String() + "gen/\n" + long.String(), "", "sub/gen", ".duplignore", indexMin + 9},
		{"sub/\n", "", "sub/gen", ".duplignore", 1},
		{"x/\n", "", "sub/gen", "", 0},
	} {
		dir := t.TempDir()
		files := map[string]string{".duplignore": tc.root, "sub/.duplignore": tc.sub}
		for name, text := range files {
			p := filepath.Join(dir, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		tree := NewTree(dir, nil)
		p := filepath.Join(dir, tc.path)
		file, line, ok := tree.NamedBy(p)
		if ok != tree.IgnoredNamed(p) {
			t.Errorf("%q, %q: NamedBy says %v, IgnoredNamed %v", tc.root, tc.sub, ok, !ok)
		}
		want := ""
		if tc.file != "" {
			want = filepath.Join(dir, tc.file)
		}
		if file != want || line != tc.line || ok != (tc.file != "") {
			t.Errorf("%q, %q: NamedBy(%s) = %q, %d, %v; want %q, %d", tc.root, tc.sub, tc.path, file, line, ok, want, tc.line)
		}
	}
}
