package report

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
)

// modulePaths reads a file's path from the outermost go.mod above it (a
// module nested in another is a part of the outer one), else from the
// nearest .git, and keeps names that are not files, or lie in neither,
// as they are.
func TestModulePaths(t *testing.T) {
	top := t.TempDir()
	for name, body := range map[string]string{
		"tests/proj/go.mod":                 "module m\n",
		"tests/proj/a/x.go":                 "package a\n",
		"tests/proj/examples/go.mod":        "module m/examples\n",
		"tests/proj/examples/hello/main.go": "package main\n",
		"demo/repo/.git/HEAD":               "ref: refs/heads/main\n",
		"demo/repo/test/e2e/x.go":           "package e2e\n",
		"example/loose/y.go":                "package loose\n",
	} {
		p := filepath.Join(top, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m := newModulePaths()
	for _, tt := range []struct{ name, want string }{
		{filepath.Join(top, "tests/proj/a/x.go"), "a/x.go"},
		{filepath.Join(top, "tests/proj/examples/hello/main.go"), "examples/hello/main.go"},
		{filepath.Join(top, "demo/repo/test/e2e/x.go"), "test/e2e/x.go"},
		{filepath.Join(top, "example/loose/y.go"), filepath.Join(top, "example/loose/y.go")},
		{"not/a/file.go", "not/a/file.go"},
	} {
		if got := m.of(tt.name); got != tt.want {
			t.Errorf("of(%s) = %s, want %s", tt.name, got, tt.want)
		}
	}
	t.Chdir(filepath.Join(top, "tests"))
	if got := newModulePaths().of("proj/a/x.go"); got != "a/x.go" {
		t.Errorf("of(proj/a/x.go) in the folder above the module = %s, want a/x.go", got)
	}
	var none *modulePaths
	if got := none.of("tests/a.go"); got != "tests/a.go" {
		t.Errorf("a nil modulePaths gave %s for tests/a.go", got)
	}
}

// modulePaths.abs, which asks for the working directory once, is
// filepath.Abs.
func TestModulePathsAbs(t *testing.T) {
	t.Chdir(t.TempDir())
	m := newModulePaths()
	for _, name := range []string{"a.go", "./a/../b/c.go", "../x/y.go", "", ".", "/abs/p.go", "/abs/../q//r.go", "a//b/./c.go"} {
		want, werr := filepath.Abs(name)
		got, err := m.abs(name)
		if got != want || (err == nil) != (werr == nil) {
			t.Errorf("abs(%q) = %q, %v; filepath.Abs gives %q, %v", name, got, err, want, werr)
		}
	}
}

// A Ranking that categorised a run's classes ranks them without a look
// at any file or folder again, and ranks them as Rank does.
func TestRankingLooksOnce(t *testing.T) {
	top := t.TempDir()
	var files []string
	for _, name := range []string{"go.mod", "a/x.go", "a/y.go", "b/x.go", "tests/e2e/z.go", "obj/arm64/a.go", "obj/mips/a.go"} {
		p := filepath.Join(top, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("package p\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if filepath.Ext(name) == ".go" {
			files = append(files, p)
		}
	}
	classes := []fingerprint.Class{
		class("ab", fingerprint.Exact, files[0], files[2]),
		class("xy", fingerprint.Near, files[0], files[1], files[3]),
		class("arch", fingerprint.Renamed, files[4], files[5]),
	}
	var stats atomic.Int64 // categorise looks on all CPUs
	statFile = func(name string) (fs.FileInfo, error) {
		stats.Add(1)
		return os.Stat(name)
	}
	defer func() { statFile = os.Stat }()
	r := NewRanking()
	got := slices.Clone(classes)
	r.Categorise(got, nil)
	categorised := stats.Load()
	if categorised == 0 {
		t.Fatal("categorising looked at no file")
	}
	r.Rank(got, nil, SortRank)
	if n := stats.Load(); n != categorised {
		t.Errorf("ranking looked %d more times at files and folders", n-categorised)
	}
	want := slices.Clone(classes)
	Rank(want, nil, SortRank)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("a Ranking ranked\n%+v\nRank ranked\n%+v", got, want)
	}
}
