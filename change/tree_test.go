package change

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/testtool"
)

// A path git lists is written into a Tree only when it stays inside it,
// as git's own checkout asks.
func TestInTree(t *testing.T) {
	for name, want := range map[string]bool{
		"a.go": true, "a/b.go": true, "..a/b..go": true, ".duplignore": true, "a/.x/go.mod": true,
		"../a.go": false, "a/../b.go": false, "a/../../b.go": false, "./a.go": false, "a/./b.go": false,
		"a//b.go": false, "/a.go": false, "a/": false, "": false, "..": false,
	} {
		if got := inTree(name); got != want {
			t.Errorf("inTree(%q) = %v, want %v", name, got, want)
		}
	}
}

// A blob larger than the limit is neither read nor written, in the
// first commit or in a later one, and a file of the tree that becomes
// one is removed; the others are read as before. git keeps such a blob
// compressed: a history holding 400 MB of zeros as x.go, 1.9 MB in
// .git, took copycat history 400 MB of memory (a file of 4 GB, 4 GB),
// and a change deleting a file of 6 MB made -new-from-rev parse it.
func TestBlobsOverLimit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	big := strings.Repeat("// zeros\n", 100_000) // 900 KB
	testtool.WriteFiles(t, ".", map[string]string{"a.go": "package a\n", "big.go": big, "grows.go": "package a\n"})
	testtool.Git(t, "init", "-q", "-b", "main")
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "one")
	testtool.WriteFiles(t, ".", map[string]string{"grows.go": big, "new.go": big, "a.go": "package a // edited\n"})
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "two")
	repo, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	commits, err := repo.FirstParents("HEAD", "", 10)
	if err != nil || len(commits) != 2 {
		t.Fatalf("commits %v, %v", commits, err)
	}
	const limit = 10_000
	out := t.TempDir()
	before := blobBytes.Load()
	tree, err := repo.NewTree(out, commits[0].Hash, limit)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	exists := func(name string) bool { _, err := os.Stat(filepath.Join(out, name)); return err == nil }
	if !exists("a.go") || !exists("grows.go") || exists("big.go") || !slices.Equal(tree.TooLarge, []string{"big.go"}) {
		t.Errorf("first commit: a.go %v, grows.go %v, big.go %v, TooLarge %q; want a.go and grows.go alone, big.go too large",
			exists("a.go"), exists("grows.go"), exists("big.go"), tree.TooLarge)
	}
	if err := tree.Move(commits[1].Hash); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "a.go")); string(b) != "package a // edited\n" || exists("grows.go") || exists("new.go") ||
		!slices.Equal(tree.TooLarge, []string{"big.go", "grows.go", "new.go"}) {
		t.Errorf("second commit: a.go %q, grows.go %v, new.go %v, TooLarge %q; want a.go edited, the others too large",
			b, exists("grows.go"), exists("new.go"), tree.TooLarge)
	}
	blobs, large, err := repo.Blobs(commits[1].Hash, []string{"a.go", "big.go", "none.go"}, limit)
	if err != nil || len(blobs) != 1 || string(blobs["a.go"]) != "package a // edited\n" || len(large) != 1 || large["big.go"] != int64(len(big)) {
		t.Errorf("Blobs: %d blobs, large %v, %v; want a.go alone, big.go of %d bytes", len(blobs), large, err, len(big))
	}
	if read := blobBytes.Load() - before; read >= int64(len(big)) {
		t.Errorf("%d bytes of blobs read; want less than one of the blobs over the limit (%d bytes)", read, len(big))
	}
	if blobs, large, err := repo.Blobs(commits[1].Hash, []string{"big.go"}, 0); err != nil || len(blobs["big.go"]) != len(big) || len(large) != 0 {
		t.Errorf("no limit: %d bytes, large %v, %v; want the blob", len(blobs["big.go"]), large, err)
	}
}
