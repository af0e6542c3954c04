package change

import (
	"fmt"
	"io/fs"
	"maps"
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

// bombTree makes, with git mktree, a tree of levels levels of eight
// folders over eight files x0.go … x7.go of one blob (8^(levels+1)
// files, a few hundred bytes of objects), and a commit of it whose
// parent is HEAD; it returns the commit.
func bombTree(t *testing.T, levels int) string {
	t.Helper()
	blob := strings.TrimSpace(gitIn(t, "package p\n", "hash-object", "-w", "--stdin"))
	var list strings.Builder
	for i := range 8 {
		fmt.Fprintf(&list, "100644 blob %s\tx%d.go\n", blob, i)
	}
	tree := strings.TrimSpace(gitIn(t, list.String(), "mktree"))
	for range levels {
		list.Reset()
		for i := range 8 {
			fmt.Fprintf(&list, "040000 tree %s\td%d\n", tree, i)
		}
		tree = strings.TrimSpace(gitIn(t, list.String(), "mktree"))
	}
	return strings.TrimSpace(testtool.Git(t, "commit-tree", tree, "-p", "HEAD", "-m", "bomb"))
}

// A commit whose tree names more files than a Tree writes, or more
// bytes, is an error naming it, in NewTree and in Move; what is written
// stops at the limit, and git's listing is not read whole. Before, each
// was written: 262,144 files named by 280 KB of .git took copycat
// history 75 s (8^8 files, 16.7 million, would exhaust most disks'
// inodes).
func TestTreeBomb(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	testtool.WriteFiles(t, ".", map[string]string{"a.go": "package a\n"})
	testtool.Git(t, "init", "-q", "-b", "main")
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "one")
	base := strings.TrimSpace(testtool.Git(t, "rev-parse", "HEAD"))
	bomb := bombTree(t, 3) // 4,096 files
	repo, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer func(n int, b int64) { maxTreeFiles, maxTreeBytes = n, b }(maxTreeFiles, maxTreeBytes)
	maxTreeFiles = 100
	count := func(dir string) int {
		n := 0
		filepath.WalkDir(dir, func(_ string, e fs.DirEntry, _ error) error {
			if e != nil && !e.IsDir() {
				n++
			}
			return nil
		})
		return n
	}
	want := fmt.Sprintf("commit %.12s: the files copycat reads in its tree (Go files, go.mod, .duplignore) come to more than 100 files, the most it writes of a commit; not written", bomb)
	out := t.TempDir()
	if _, err := repo.NewTree(out, bomb, 0); err == nil || err.Error() != want {
		t.Errorf("NewTree of the bomb: %v; want %q", err, want)
	}
	if n := count(out); n > 100 {
		t.Errorf("NewTree of the bomb wrote %d files; want at most the limit, 100", n)
	}
	out = t.TempDir()
	tree, err := repo.NewTree(out, base, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	if err := tree.Move(bomb); err == nil || err.Error() != want {
		t.Errorf("Move to the bomb: %v; want %q", err, want)
	}
	if n := count(out); n > 100 {
		t.Errorf("Move to the bomb wrote %d files; want at most the limit, 100", n)
	}
	// Bytes: 4,096 files of 10 bytes under a limit of 1,000 bytes.
	maxTreeFiles, maxTreeBytes = 1<<20, 1000
	wantBytes := fmt.Sprintf("commit %.12s: the files copycat reads in its tree (Go files, go.mod, .duplignore) come to more than 1000 bytes, the most it writes of a commit; not written", bomb)
	out = t.TempDir()
	if _, err := repo.NewTree(out, bomb, 0); err == nil || err.Error() != wantBytes {
		t.Errorf("NewTree of the bomb, bytes: %v; want %q", err, wantBytes)
	}
	if n := count(out); n > 100 {
		t.Errorf("NewTree of the bomb wrote %d files of 10 bytes; want at most 100", n)
	}
	// Under the limits, as before.
	maxTreeFiles, maxTreeBytes = 1<<20, 4<<30
	out = t.TempDir()
	tree2, err := repo.NewTree(out, bomb, 0)
	if err != nil {
		t.Fatal(err)
	}
	tree2.Close()
	if n := count(out); n != 4096 {
		t.Errorf("NewTree of 4,096 files under the limits wrote %d", n)
	}
}

// gitIn runs git in the working directory with stdin as its input.
func gitIn(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %s: %v", strings.Join(args, " "), err)
	}
	return string(out)
}

// A Tree moved from commit to commit holds each commit's files as one
// written anew for it does, and a file a commit moved is renamed, not
// written again (a commit moving thousands of files spent most of its
// time in the kernel making them anew): moves into new folders, two
// files of one content moved, a move beside a copy of the same content,
// a move onto a name where a folder stood, a link, and a move back.
func TestTreeMovesRenamed(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	src := func(pkg, fn string) string { return "package " + pkg + "\n\nfunc " + fn + "() {}\n" }
	commit := func(msg string) {
		testtool.Git(t, "add", "-A")
		testtool.Git(t, "commit", "-q", "--allow-empty", "-m", msg)
	}
	testtool.WriteFiles(t, ".", map[string]string{
		"go.mod": "module example.com/m\n", "a/a.go": src("a", "A"), "a/b.go": src("a", "B"),
		"a/same1.go": src("a", "Same"), "a/same2.go": src("a", "Same"), "k/x.go/y.go": src("y", "Y"),
	})
	testtool.Git(t, "init", "-q", "-b", "main")
	commit("one")
	mv := func(from, to string) {
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		testtool.Git(t, "mv", from, to)
	}
	var commits []string
	head := func() string { return strings.TrimSpace(testtool.Git(t, "rev-parse", "HEAD")) }
	commits = append(commits, head())
	// Moves: a into deep/er, one of the two alike, and b beside a copy.
	mv("a/a.go", "deep/er/a.go")
	mv("a/same1.go", "s/same1.go")
	mv("a/b.go", "b/b.go")
	testtool.WriteFiles(t, ".", map[string]string{"c/b.go": src("a", "B")})
	commit("two")
	commits = append(commits, head())
	// A file moved onto the name of a folder that goes, and a link.
	testtool.Git(t, "rm", "-q", "-r", "k")
	mv("c/b.go", "k/x.go")
	if err := os.Symlink("../b/b.go", "s/link.go"); err != nil {
		t.Fatal(err)
	}
	commit("three")
	commits = append(commits, head())
	// Every move taken back.
	mv("deep/er/a.go", "a/a.go")
	mv("s/same1.go", "a/same1.go")
	mv("b/b.go", "a/b.go")
	commit("four")
	commits = append(commits, head())

	repo, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	moving, err := repo.NewTree(filepath.Join(t.TempDir(), "moving"), commits[0], 0)
	if err != nil {
		t.Fatal(err)
	}
	defer moving.Close()
	for i, c := range commits[1:] {
		before := files(t, moving.Dir)
		if err := moving.Move(c); err != nil {
			t.Fatal(err)
		}
		fresh, err := repo.NewTree(filepath.Join(t.TempDir(), "fresh"), c, 0)
		if err != nil {
			t.Fatal(err)
		}
		after, want := files(t, moving.Dir), files(t, fresh.Dir)
		fresh.Close()
		if !equalContents(after, want) {
			t.Errorf("commit %d: moved tree %v, want %v", i+2, treeNames(after), treeNames(want))
		}
		// What the tree counts against its limits is what it holds.
		var sum int64
		for _, f := range after {
			sum += int64(len(f.text))
		}
		if got := slices.Sorted(maps.Keys(moving.written)); !slices.Equal(got, treeNames(after)) || moving.bytes != sum {
			t.Errorf("commit %d: the tree counts %v, %d bytes; holds %v, %d bytes", i+2, got, moving.bytes, treeNames(after), sum)
		}
		// Each file the commit moved is the file that was there: renamed.
		for _, mv := range strings.Split(strings.TrimSpace(testtool.Git(t, "diff", "--name-status", "-M100%", commits[i], c)), "\n") {
			f := strings.Split(mv, "\t")
			if !strings.HasPrefix(f[0], "R") || !wanted(f[2]) {
				continue
			}
			if !os.SameFile(before[f[1]].info, after[f[2]].info) {
				t.Errorf("commit %d: %s moved to %s was written anew, not renamed", i+2, f[1], f[2])
			}
		}
	}
}

type treeFile struct {
	text string
	info fs.FileInfo
}

// files reads the regular files under dir, by slash path.
func files(t *testing.T, dir string) map[string]treeFile {
	t.Helper()
	out := map[string]treeFile{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		text, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		info, err := os.Lstat(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = treeFile{string(text), info}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func equalContents(a, b map[string]treeFile) bool {
	if len(a) != len(b) {
		return false
	}
	for name, f := range a {
		if g, ok := b[name]; !ok || g.text != f.text {
			return false
		}
	}
	return true
}

func treeNames(m map[string]treeFile) []string {
	return slices.Sorted(maps.Keys(m))
}

// A commit's subject is read no longer than maxSubject columns: a message
// of any size is a few bytes in .git (one of 100 MB of a letter, 100 KB),
// and copycat history read each whole and wrote it in its report (372 MB
// of memory and a CSV line of 100 MB for that one). Others are as git
// gives them.
func TestLongSubjectCut(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	testtool.WriteFiles(t, ".", map[string]string{"a.go": "package a\n", "msg": strings.Repeat("a", 1<<20) + "\n\nbody\n"})
	testtool.Git(t, "init", "-q", "-b", "main")
	testtool.Git(t, "add", "a.go")
	testtool.Git(t, "commit", "-q", "-m", "fix:  two  spaces, é and a tab\there")
	testtool.Git(t, "commit", "-q", "--allow-empty", "-F", "msg")
	testtool.Git(t, "commit", "-q", "--allow-empty", "-m", strings.Repeat("b", maxSubject))
	repo, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	commits, err := repo.FirstParents("HEAD", "", 10)
	if err != nil || len(commits) != 3 {
		t.Fatalf("commits %d, %v", len(commits), err)
	}
	want := []string{"fix:  two  spaces, é and a tab\there", strings.Repeat("a", maxSubject-2) + "..", strings.Repeat("b", maxSubject)}
	for i, c := range commits {
		if c.Subject != want[i] {
			t.Errorf("commit %d: subject of %d bytes %.80q, want %.80q", i, len(c.Subject), c.Subject, want[i])
		}
	}
}
