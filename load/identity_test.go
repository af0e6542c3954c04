package load

import (
	"os"
	"path/filepath"
	"testing"
)

// Two names of one file have one Identity, two files two.
func TestIdentity(t *testing.T) {
	dir := t.TempDir()
	a, b, c := filepath.Join(dir, "a.go"), filepath.Join(dir, "b.go"), filepath.Join(dir, "c.go")
	for _, p := range []string{a, c} {
		if err := os.WriteFile(p, []byte("package p\n"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Link(a, b); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	id := func(p string) string {
		info, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		s, ok := Identity(info)
		if !ok {
			t.Skip("no file identity on this system")
		}
		return s
	}
	if id(a) != id(b) {
		t.Errorf("a hard link's identity %s differs from its target's %s", id(b), id(a))
	}
	if id(a) == id(c) {
		t.Errorf("two files have one identity %s", id(a))
	}
}
