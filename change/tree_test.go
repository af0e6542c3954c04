package change

import (
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
	moving, err := repo.NewTree(filepath.Join(t.TempDir(), "moving"), commits[0])
	if err != nil {
		t.Fatal(err)
	}
	defer moving.Close()
	for i, c := range commits[1:] {
		before := files(t, moving.Dir)
		if err := moving.Move(c); err != nil {
			t.Fatal(err)
		}
		fresh, err := repo.NewTree(filepath.Join(t.TempDir(), "fresh"), c)
		if err != nil {
			t.Fatal(err)
		}
		after, want := files(t, moving.Dir), files(t, fresh.Dir)
		fresh.Close()
		if !equalContents(after, want) {
			t.Errorf("commit %d: moved tree %v, want %v", i+2, treeNames(after), treeNames(want))
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
