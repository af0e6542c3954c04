package ignore

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestListMatch(t *testing.T) {
	rules := `# generated protobufs
*.pb.go
/tools/
docs/**/*.go
internal/**/gen_*.go
build/
!build/keep.go
\#hash.go
spaced\ name.go
`
	l, errs := Parse(".duplignore", "", []byte(rules))
	if len(errs) != 0 {
		t.Fatalf("errors: %v", errs)
	}
	for _, tc := range []struct {
		path  string
		dir   bool
		match bool
	}{
		{"a.pb.go", false, true},
		{"x/y/a.pb.go", false, true},
		{"a.go", false, false},
		{"tools", true, true},
		{"x/tools", true, false}, // anchored
		{"tools", false, false},  // directories only
		{"docs/a.go", false, true},
		{"docs/x/y/a.go", false, true},
		{"internal/gen_x.go", false, true},
		{"internal/a/b/gen_x.go", false, true},
		{"internal/a/b/x.go", false, false},
		{"build", true, true},
		{"x/build", true, true},
		{"build/keep.go", false, false}, // negated
		{"#hash.go", false, true},
		{"spaced name.go", false, true},
	} {
		decided, ignored := l.match(tc.path, tc.dir)
		if got := decided && ignored; got != tc.match {
			t.Errorf("match(%q, dir=%v) = %v, want %v", tc.path, tc.dir, got, tc.match)
		}
	}
}

func TestParseReportsBadLines(t *testing.T) {
	l, errs := Parse("sub/.duplignore", "sub", []byte("ok.go\n[z-a\n\n/\nfine/\n"))
	if len(errs) != 2 {
		t.Fatalf("got %d errors, want 2: %v", len(errs), errs)
	}
	var le *LineError
	if !errors.As(errs[0], &le) || le.Line != 2 || le.File != "sub/.duplignore" {
		t.Errorf("first error %v, want one for sub/.duplignore line 2", errs[0])
	}
	if !strings.Contains(errs[0].Error(), "sub/.duplignore:2:") {
		t.Errorf("error %q does not name file and line", errs[0])
	}
	if len(l.rules) != 2 {
		t.Errorf("kept %d rules, want the 2 good ones", len(l.rules))
	}
}

// TestParseLongLines: a line longer than a path can be is a bad line,
// named, and the lines after it apply; a file over MaxFileSize is one
// error, and none of its lines apply.
func TestParseLongLines(t *testing.T) {
	data := "a.go\r\n" + strings.Repeat("x", 1<<16) + "\r\nb/\n"
	l, errs := Parse(".duplignore", "", []byte(data))
	var le *LineError
	if len(errs) != 1 || !errors.As(errs[0], &le) || le.Line != 2 || !strings.Contains(errs[0].Error(), "longer than the 4096") {
		t.Errorf("errors %v, want one naming line 2", errs)
	}
	if len(l.rules) != 2 || !l.rules[1].dirOnly {
		t.Errorf("kept %d rules, want a.go and b/", len(l.rules))
	}
	l, errs = Parse(".duplignore", "", []byte(strings.Repeat("a.go\n", MaxFileSize/5+1)))
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "none of its lines apply") || len(l.rules) != 0 {
		t.Errorf("a file over %d bytes: errors %v, %d rules", MaxFileSize, errs, len(l.rules))
	}
}

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestTree(t *testing.T) {
	root := writeFiles(t, map[string]string{
		".duplignore":          "gen/\n*_mock.go\n",
		"a/.duplignore":        "!x_mock.go\nlocal.go\n",
		"a/local.go":           "",
		"a/x_mock.go":          "",
		"b/local.go":           "",
		"b/y_mock.go":          "",
		"gen/z.go":             "",
		"vendor/v.go":          "",
		"testdata/t.go":        "",
		"c/.duplignore":        "!testdata/\n",
		"c/testdata/keep.go":   "",
		".hidden/h.go":         "",
		"_skip/s.go":           "",
		"d/deep/e/.duplignore": "[bad\n",
	})
	tree := NewTree(root, nil)
	for _, tc := range []struct {
		path    string
		ignored bool
	}{
		{"a/local.go", true},
		{"a/x_mock.go", false}, // the deeper file wins
		{"b/local.go", false},
		{"b/y_mock.go", true},
		{"gen/z.go", true},
		{"vendor/v.go", true},
		{"testdata/t.go", true},
		{"c/testdata/keep.go", false},
		{".hidden/h.go", true},
		{"_skip/s.go", true},
		{"d/deep/e/f.go", false},
	} {
		if got := tree.Ignored(filepath.Join(root, tc.path), false); got != tc.ignored {
			t.Errorf("Ignored(%s) = %v, want %v", tc.path, got, tc.ignored)
		}
	}
	errs := tree.Errors()
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), filepath.Join("d", "deep", "e", ".duplignore")+":1:") {
		t.Errorf("errors %v, want one naming d/deep/e/.duplignore:1", errs)
	}
	if tree.Ignored(filepath.Dir(root), true) {
		t.Error("a path outside the root is ignored")
	}
}

// A directory the user names is left out only by a .duplignore line, on
// it or on a directory above it; the directories left out by default
// (vendor, testdata, hidden, underscored) are left out of a walk below
// it, not when it is one or lies in one.
func TestIgnoredNamed(t *testing.T) {
	root := writeFiles(t, map[string]string{
		".duplignore":         "gen/\n",
		"gen/sub/z.go":        "",
		"testdata/ex/a.go":    "",
		"vendor/v/b.go":       "",
		".hidden/h.go":        "",
		"c/.duplignore":       "testdata/\n",
		"c/testdata/x/y.go":   "",
		"d/keep/dropped/k.go": "",
		"d/.duplignore":       "dropped/\n",
	})
	tree := NewTree(root, nil)
	for _, tc := range []struct {
		dir            string
		named, ignored bool
	}{
		{"testdata", false, true},
		{"testdata/ex", false, true},
		{"vendor/v", false, true},
		{".hidden", false, true},
		{"gen", true, true},
		{"gen/sub", true, true},
		{"c/testdata", true, true}, // a line, not the default
		{"c/testdata/x", true, true},
		{"d/keep/dropped", true, true},
		{"d/keep", false, false},
	} {
		p := filepath.Join(root, tc.dir)
		if got := tree.IgnoredNamed(p); got != tc.named {
			t.Errorf("IgnoredNamed(%s) = %v, want %v", tc.dir, got, tc.named)
		}
		if got := tree.Ignored(p, true); got != tc.ignored {
			t.Errorf("Ignored(%s) = %v, want %v", tc.dir, got, tc.ignored)
		}
	}
	if tree.IgnoredNamed(root) || tree.IgnoredNamed(filepath.Dir(root)) {
		t.Error("the root, or a path outside it, is left out")
	}
}
