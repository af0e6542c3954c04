package load

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ReadFileInto reads what ReadFile reads, into buf's memory when it has
// the room, and refuses what ReadFile refuses.
func TestReadFileInto(t *testing.T) {
	dir := t.TempDir()
	small, large := filepath.Join(dir, "small.go"), filepath.Join(dir, "large.go")
	if err := os.WriteFile(small, []byte("package p\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(large, []byte("package p\n\n"+strings.Repeat("// x\n", 1000)), 0o644); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 0, 100)
	for _, name := range []string{small, large} {
		want, werr := ReadFile(name, 0)
		got, err := ReadFileInto(name, 0, buf)
		if string(got) != string(want) || err != werr {
			t.Errorf("ReadFileInto(%s) = %d bytes, %v; ReadFile gives %d, %v", name, len(got), err, len(want), werr)
		}
		if fits := int64(cap(buf)) > int64(len(want)); fits != (&got[0] == &buf[:1][0]) {
			t.Errorf("ReadFileInto(%s), %d bytes into a buffer of %d: in the buffer's memory %v", name, len(want), cap(buf), !fits)
		}
	}
	if _, err := ReadFileInto(large, 100, buf); err == nil {
		t.Errorf("a file over the limit was read")
	}
}
