package ignore

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
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

// TestDigestReadsLimit: a .duplignore of 64 MiB (a sparse file, as one a
// pull request may hold) is read no further than its rules are: a byte
// past MaxFileSize, past which none apply. The digest was the whole file,
// read into memory each time go vet asks copycat -V=full.
func TestDigestReadsLimit(t *testing.T) {
	root := t.TempDir()
	name := filepath.Join(root, FileName)
	if err := os.WriteFile(name, []byte("gen/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(name, 64<<20); err != nil {
		t.Fatal(err)
	}
	var n countingWriter
	if err := Digest(&n, root); err != nil {
		t.Fatal(err)
	}
	if max := MaxFileSize + 64; int(n) > max {
		t.Errorf("the digest of a .duplignore of 64 MiB is %d bytes, want at most %d", n, max)
	}
	// Past the limit, the file is still told from a smaller one.
	var small bytes.Buffer
	if err := os.Truncate(name, MaxFileSize); err != nil {
		t.Fatal(err)
	}
	if err := Digest(&small, root); err != nil {
		t.Fatal(err)
	}
	if int(n) == small.Len() {
		t.Error("a .duplignore over the limit and one at it have digests of one length")
	}
}

type countingWriter int

func (c *countingWriter) Write(p []byte) (int, error) {
	*c += countingWriter(len(p))
	return len(p), nil
}

// TestDigestFollowsLinks: a .duplignore that is a symbolic link is in the
// digest as the analyzer reads it, through the link: editing the file it
// leads to changes the digest. It was left out, and go vet served the
// result of the old rules from its cache.
func TestDigestFollowsLinks(t *testing.T) {
	root := t.TempDir()
	rules := filepath.Join(root, "rules.txt")
	if err := os.WriteFile(rules, []byte("nothing.go\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("rules.txt", filepath.Join(root, FileName)); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	digest := func() string {
		t.Helper()
		var b bytes.Buffer
		if err := Digest(&b, root); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	first := digest()
	if err := os.WriteFile(rules, []byte("b.go\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if digest() == first {
		t.Error("the file a linked .duplignore leads to was edited, and the digest stayed as it was")
	}
	if err := os.Remove(rules); err != nil {
		t.Fatal(err)
	}
	if d := digest(); d == first || !strings.Contains(d, "leads to no file") {
		t.Errorf("a linked .duplignore leading to no file: digest %q, want its error", d)
	}
}

// DigestFiles takes the files of each name it is given, and no other:
// go vet's cache sees an edit of a module's project file of flags as it
// sees one of a .duplignore.
func TestDigestFiles(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(root, rel), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	digest := func(names ...string) string {
		t.Helper()
		var b bytes.Buffer
		if err := DigestFiles(&b, root, names...); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	write(FileName, "gen/\n")
	write(".copycat.flags", "-min-tokens 150\n")
	both, one := digest(FileName, ".copycat.flags"), digest(FileName)
	write(".copycat.flags", "-min-tokens 200\n")
	if digest(FileName, ".copycat.flags") == both {
		t.Error("the digest of both names did not change with .copycat.flags")
	}
	if digest(FileName) != one {
		t.Error("the digest of .duplignore files alone changed with .copycat.flags")
	}
	var b bytes.Buffer
	if err := Digest(&b, root); err != nil || b.String() != one {
		t.Errorf("Digest is not DigestFiles of %s alone (%v)", FileName, err)
	}
}
