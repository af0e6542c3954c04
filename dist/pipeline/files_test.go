package pipeline

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// byIdentity keys every source of one path alike, even when two machines
// listed it and gave it two identities, so that the file is read once;
// two names of one file on one machine meet under its identity; a path
// the system gave no identity is keyed by itself.
func TestByIdentity(t *testing.T) {
	keys := func(path string, ss ...source) []string {
		var vs []string
		for _, s := range ss {
			vs = append(vs, s.String())
		}
		var out []string
		byIdentity(path, func(v *string) bool {
			if len(vs) == 0 {
				return false
			}
			*v, vs = vs[0], vs[1:]
			return true
		}, func(k, v string) {
			if parseSource(v).Path == "" {
				t.Errorf("%s: a source without its path: %q", path, v)
			}
			out = append(out, k)
		})
		return slices.Compact(out)
	}
	twoHosts := keys("/src/a.go",
		source{Name: "/src/a.go", Path: "/src/a.go", ID: "host2\x001:7"},
		source{Name: "/src/a.go", Path: "/src/a.go", ID: "host1\x001:7"})
	if len(twoHosts) != 1 {
		t.Errorf("one path listed on two machines has keys %q, want one", twoHosts)
	}
	link := keys("/src/b.go", source{Name: "/src/b.go", Path: "/src/b.go", ID: "host1\x001:9"})
	target := keys("/src/c.go", source{Name: "/src/c.go", Path: "/src/c.go", ID: "host1\x001:9"})
	if !slices.Equal(link, target) {
		t.Errorf("a hard link's key %q, its target's %q", link, target)
	}
	none := keys("/src/d.go", source{Name: "/src/d.go", Path: "/src/d.go"})
	if other := keys("/src/e.go", source{Name: "/src/e.go", Path: "/src/e.go"}); slices.Equal(none, other) {
		t.Errorf("two files without identities share the key %q", none)
	}
}

// A source survives its encoding, whatever its fields hold.
func TestSourceString(t *testing.T) {
	for _, s := range []source{
		{},
		{Name: "/src/a.go", Path: "/src/a.go"},
		{Arg: "golang.org/x/net@v0.61.0", Name: "golang.org/x/net@v0.61.0/http2/frame.go", Path: "/mod/x/frame.go", ID: "h\x0012:34"},
	} {
		if got := parseSource(s.String()); got != s {
			t.Errorf("%+v came back as %+v", s, got)
		}
	}
}

// withoutCredentials leaves out what a URL holds before its host, and
// nothing of the other arguments.
func TestWithoutCredentials(t *testing.T) {
	cases := []struct{ arg, want string }{
		{"https://x-access-token:TOKEN@github.com/o/r.git#v1", "https://github.com/o/r.git#v1"},
		{"https://TOKEN@github.com/o/r.git", "https://github.com/o/r.git"},
		{"https://a:b@c@host#rev", "https://host#rev"},
		{"ssh://git@host/r.git", "ssh://host/r.git"},
		{"https://host/o/r@2.git#main", "https://host/o/r@2.git#main"},
		{"git@github.com:o/r.git", "git@github.com:o/r.git"},
		{"golang.org/x/tools@v0.52.0", "golang.org/x/tools@v0.52.0"},
		{"/src/repo", "/src/repo"},
	}
	for _, c := range cases {
		if got := withoutCredentials(c.arg); got != c.want {
			t.Errorf("withoutCredentials(%q) = %q, want %q", c.arg, got, c.want)
		}
	}
}

// TestNamedAsCopycat: a tree given twice, by two names of one folder
// (through a link, or absolute and relative), is read once, its files
// named as copycat names them: the name through no link, then the
// relative one, whatever the order of the arguments. The old code kept
// the first name in byte order, aa/… (the link) or /tmp/…/zz/…, where
// copycat says zz/…: the reports differed.
func TestNamedAsCopycat(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "zz"), os.DirFS("../testdata/small")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("zz", filepath.Join(dir, "aa")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	t.Chdir(dir)
	for _, dirs := range [][]string{{"zz", "aa"}, {"aa", "zz"}, {filepath.Join(dir, "zz"), "zz"}, {"zz", filepath.Join(dir, "zz")}} {
		c := DefaultConfig()
		c.Dirs = dirs
		want := oneMachine(t, c)
		if !bytes.Contains(want, []byte(`"file": "zz/`)) {
			t.Fatalf("%v: copycat names no file zz/…: the test shows nothing\n%s", dirs, want)
		}
		sameAsCopycat(t, c, want)
	}
}

// TestFileArgument: a Go file given as an argument is read as copycat
// reads it, alone, and with a tree beside it: the old code made it
// x.go/..., which load refused, "x.go is a file, not a folder (name it
// alone: x.go)", though it was named alone.
func TestFileArgument(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../testdata/small")); err != nil {
		t.Fatal(err)
	}
	for _, dirs := range [][]string{
		{filepath.Join(dir, "shop", "order.go")},
		{filepath.Join(dir, "shop", "order.go"), filepath.Join(dir, "store")},
	} {
		c := DefaultConfig()
		c.Dirs = dirs
		want := oneMachine(t, c)
		if bytes.Contains(want, []byte(`"files": 0,`)) {
			t.Fatalf("%v: copycat read no file: the test shows nothing\n%s", dirs, want)
		}
		sameAsCopycat(t, c, want)
	}
}
