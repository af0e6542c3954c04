package ignore

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestDigest(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		t.Helper()
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	digest := func() string {
		t.Helper()
		var b bytes.Buffer
		if err := Digest(&b, root); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	write(".duplignore", "gen/\n")
	write("a/.duplignore", "*.pb.go\n")
	write("a/x.go", "package a\n")
	first := digest()
	if first != digest() {
		t.Fatal("two digests of one tree differ")
	}
	write("a/x.go", "package a // edited\n")
	write("vendor/v/.duplignore", "x\n")
	write("testdata/.duplignore", "x\n")
	write(".git/.duplignore", "x\n")
	if digest() != first {
		t.Error("a Go file or a skipped directory changed the digest")
	}
	write("a/.duplignore", "*.pb.go\nb.go\n")
	if digest() == first {
		t.Error("an edited .duplignore left the digest as it was")
	}
	write("a/.duplignore", "*.pb.go\n")
	if digest() != first {
		t.Error("undoing the edit did not restore the digest")
	}
	write("b/c/.duplignore", "")
	if digest() == first {
		t.Error("a new, empty .duplignore left the digest as it was")
	}
}
