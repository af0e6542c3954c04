package change

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/copycat-go/copycat/internal/testtool"
)

// testRepo makes a repository with a module of Go files, some in a
// testdata folder that the walk of seenFiles does not see, committed
// twice; it returns the folder, made the working directory.
func testRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	files := map[string]string{"go.mod": "module example.com/m\n"}
	for _, name := range []string{"a/a.go", "a/b.go", "b/c.go", "b/d.go", "c/e.go", "c/f.go", "c/testdata/t.go", "c/testdata/u.go", "g/g.go"} {
		files[name] = goFile(name, 0)
	}
	testtool.WriteFiles(t, ".", files)
	testtool.Git(t, "init", "-q", "-b", "main")
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "one")
	testtool.WriteFiles(t, ".", map[string]string{"g/g.go": goFile("g/g.go", 1), "g/h.go": goFile("g/h.go", 0)})
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "two")
	return dir
}

// goFile is a Go file of ten functions; edit changes the body of the
// edit-th.
func goFile(name string, edit int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n", filepath.Base(filepath.Dir(name)))
	for i := range 10 {
		v := "x"
		if i == edit-1 {
			v = "y + 1"
		}
		fmt.Fprintf(&b, "\nfunc f%d(x, y int) int {\n\treturn %s\n}\n", i, v)
	}
	return b.String()
}

// seenFiles is what copycat's walk of the working directory sees: its Go
// files but for those in testdata folders, with their statuses (from
// Stat, as loading has them).
func seenFiles(t *testing.T) []Seen {
	t.Helper()
	var seen []Seen
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (d.Name() == "testdata" || d.Name() == ".git"):
			return filepath.SkipDir
		case !d.IsDir() && strings.HasSuffix(path, ".go"):
			info, err := os.Stat(path)
			if err != nil {
				return err
			}
			seen = append(seen, Seen{Name: path, Stat: StatOf(info), Read: true})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return seen
}

// A diff begun by StartDiff and finished with the walk's statuses is git
// diff's over all Go files, whatever the working tree and the index hold:
// edits staged or not, files deleted with rm or git rm, moved, marked
// with git add -N, changed without a change of size or time, changed in
// folders the walk does not see, and commits since the base.
func TestDiffingIsGitDiff(t *testing.T) {
	testRepo(t)
	r, base, err := OpenAt(".", "HEAD~1")
	if err != nil {
		t.Fatal(err)
	}
	check := func(state string) *Diffing {
		t.Helper()
		seen := seenFiles(t)
		d := r.StartDiff(".", base)
		files, deleted, untracked, err := d.Finish(seen)
		if err != nil {
			t.Fatalf("%s: %v", state, err)
		}
		if d.err != nil {
			t.Errorf("%s: the index was not read: %v", state, d.err)
		}
		wantFiles, wantDeleted, tracked, err := r.diffAll(base)
		if err != nil {
			t.Fatal(err)
		}
		if d.asked == nil {
			t.Errorf("%s: the diff of all files was asked for", state)
		}
		if !reflect.DeepEqual(files, wantFiles) || !reflect.DeepEqual(deleted, wantDeleted) {
			t.Errorf("%s: the diff of the files that differ is not git's:\n got %v %v\nwant %v %v", state, names(files), deleted, names(wantFiles), wantDeleted)
		}
		var wantUntracked []string
		for _, s := range seen {
			if !tracked[filepath.ToSlash(s.Name)] {
				wantUntracked = append(wantUntracked, filepath.ToSlash(s.Name))
			}
		}
		slices.Sort(wantUntracked)
		if !slices.Equal(untracked, wantUntracked) {
			t.Errorf("%s: untracked %q, want %q", state, untracked, wantUntracked)
		}
		return d
	}
	// A change committed, the working tree clean: the diff asked for
	// while the tree was walked is the one.
	if d := check("committed since the base"); d.early == nil || !slices.Equal(d.asked, []string{"g/g.go", "g/h.go"}) {
		t.Errorf("committed since the base: asked for %q early (%v), want g/g.go and g/h.go", d.asked, d.early != nil)
	}
	testtool.WriteFiles(t, ".", map[string]string{"a/a.go": goFile("a/a.go", 2)})
	check("an edit")
	testtool.Git(t, "add", "a/a.go")
	check("an edit staged")
	testtool.WriteFiles(t, ".", map[string]string{"a/a.go": goFile("a/a.go", 3), "c/testdata/t.go": goFile("c/testdata/t.go", 4)})
	check("an edit staged, edited again, and one in testdata")
	if err := os.Remove("b/c.go"); err != nil {
		t.Fatal(err)
	}
	testtool.Git(t, "rm", "-q", "b/d.go")
	check("files deleted, by rm and git rm")
	testtool.Git(t, "mv", "c/e.go", "c/moved.go")
	testtool.WriteFiles(t, ".", map[string]string{"new/n.go": goFile("new/n.go", 0), "new/i.go": goFile("new/i.go", 0)})
	testtool.Git(t, "add", "-N", "new/i.go")
	check("a file moved, one new and one marked to be added")
	// An edit that keeps the size and the modification time: the change
	// time tells it.
	info, err := os.Stat("c/f.go")
	if err != nil {
		t.Fatal(err)
	}
	testtool.WriteFiles(t, ".", map[string]string{"c/f.go": strings.Replace(goFile("c/f.go", 0), "f1(x, y", "f1(y, x", 1)})
	if err := os.Chtimes("c/f.go", info.ModTime(), info.ModTime()); err != nil {
		t.Fatal(err)
	}
	check("an edit of the same size and time")
	if err := os.Chmod("a/b.go", 0o755); err != nil {
		t.Fatal(err)
	}
	check("a mode changed")
	testtool.Git(t, "update-index", "--index-version", "4")
	check("index version 4")
}

func names(files map[string]*File) []string {
	var out []string
	for name := range files {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// A file whose status is the index's is not asked for: its diff would be
// empty. Racy entries are.
func TestDiffingAsksOnlyForChanges(t *testing.T) {
	testRepo(t)
	r, base, err := OpenAt(".", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	// git status refreshes the index's statuses and writes it.
	testtool.Git(t, "status", "--porcelain")
	d := r.StartDiff(".", base)
	<-d.ready
	if d.err != nil {
		t.Fatal(d.err)
	}
	seen := seenFiles(t)
	for _, s := range seen {
		i, ok := d.index.find(filepath.ToSlash(s.Name))
		if !ok {
			t.Fatalf("%s is not in the index", s.Name)
		}
		same, ok := d.same(d.index.entries[i], s.Stat)
		if !ok {
			t.Skip("statuses are not compared on this system")
		}
		if racy := d.index.racy(d.index.entries[i]); same == racy {
			t.Errorf("%s: same %v, racy %v", s.Name, same, racy)
		}
	}
	// One file's status is another's, of another size: it is asked for.
	seen[1].Stat = seen[0].Stat
	files, deleted, untracked, err := d.Finish(seen)
	if len(files) != 0 || len(deleted) != 0 || len(untracked) != 0 || err != nil {
		t.Errorf("no change: %v %v %v %v", names(files), deleted, untracked, err)
	}
	if want := []string{filepath.ToSlash(seen[1].Name)}; !slices.Equal(d.asked, want) {
		t.Errorf("no change but a status: asked for %q, want %q", d.asked, want)
	}
	// An entry written no earlier than the index is racy.
	e := d.index.entries[0]
	ix := &gitIndex{written: time.Unix(int64(e.stat.mtimeSec), int64(e.stat.mtimeNsec))}
	if !ix.racy(e) {
		t.Error("an entry as old as the index is not racy")
	}
	ix.written = ix.written.Add(time.Nanosecond)
	if ix.racy(e) {
		t.Error("an entry older than the index is racy")
	}
}

// An index this reader does not know (split here) leaves the diff to
// git, with the same result.
func TestDiffingSplitIndex(t *testing.T) {
	testRepo(t)
	testtool.Git(t, "update-index", "--split-index")
	testtool.WriteFiles(t, ".", map[string]string{"a/a.go": goFile("a/a.go", 2)})
	r, base, err := OpenAt(".", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	d := r.StartDiff(".", base)
	files, _, _, err := d.Finish(seenFiles(t))
	if err != nil {
		t.Fatal(err)
	}
	if d.err == nil {
		t.Error("a split index was read")
	}
	if got := names(files); !slices.Equal(got, []string{"a/a.go"}) {
		t.Errorf("files %q, want a/a.go", got)
	}
}

// The index's entries are git ls-files's, in versions 2, 3 and 4.
func TestReadIndex(t *testing.T) {
	testRepo(t)
	testtool.Git(t, "update-index", "--skip-worktree", "b/c.go") // extended flags: version 3
	for _, version := range []string{"3", "4", "2"} {
		if version == "2" {
			testtool.Git(t, "update-index", "--no-skip-worktree", "b/c.go")
		}
		testtool.Git(t, "update-index", "--index-version", version)
		ix, err := readIndex(".git/index", 20)
		if err != nil {
			t.Fatalf("version %s: %v", version, err)
		}
		var got []string
		for _, e := range ix.entries {
			got = append(got, fmt.Sprintf("%o %d\t%s", e.stat.mode, e.stage, e.name))
			if e.noWorktree != (e.name == "b/c.go" && version != "2") {
				t.Errorf("version %s: %s skip-worktree %v", version, e.name, e.noWorktree)
			}
		}
		var want []string
		for line := range strings.Lines(testtool.Git(t, "ls-files", "-s")) {
			f := strings.Fields(line)
			want = append(want, f[0]+" "+f[2]+"\t"+f[3])
		}
		if !slices.Equal(got, want) {
			t.Errorf("version %s: entries\n%q\nwant\n%q", version, got, want)
		}
	}
	// A repository of SHA-256 objects: names of 32 bytes.
	sha := t.TempDir()
	testtool.Git(t, "init", "-q", "--object-format=sha256", sha)
	testtool.WriteFiles(t, sha, map[string]string{"a.go": "package a\n", "b/c.go": "package b\n"})
	testtool.Git(t, "-C", sha, "add", "-A")
	testtool.Git(t, "-C", sha, "commit", "-q", "-m", "one")
	r, _, err := OpenAt(sha, "HEAD")
	if r == nil || r.hashLen != 32 {
		t.Fatalf("a SHA-256 repository: %v, %v", r, err)
	}
	ix, err := readIndex(r.index, r.hashLen)
	if err != nil || len(ix.entries) != 2 || ix.entries[0].name != "a.go" || ix.entries[1].name != "b/c.go" {
		t.Errorf("a SHA-256 repository's index: %v, %v", ix, err)
	}
	if _, err := decodeIndex([]byte("DIRC\x00\x00\x00\x05\x00\x00\x00\x00"+strings.Repeat("\x00", 20)), 20); err == nil {
		t.Error("version 5 read")
	}
	if _, err := decodeIndex([]byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x01"+strings.Repeat("\x00", 30)), 20); err == nil {
		t.Error("a truncated entry read")
	}
}

// Version 4's name prefixes are git's offset encoding.
func TestIndexVarint(t *testing.T) {
	for _, c := range []struct {
		b    string
		v    uint64
		read int
	}{
		{"\x00", 0, 1}, {"\x7f", 127, 1}, {"\x80\x00", 128, 2}, {"\xff\x7f", 16511, 2}, {"\x81\x00x", 256, 2},
		{"", 0, 0}, {"\x80", 0, 0}, {strings.Repeat("\xff", 12), 0, 0},
	} {
		if v, n := indexVarint([]byte(c.b)); v != c.v || n != c.read {
			t.Errorf("%q: %d, %d; want %d, %d", c.b, v, n, c.v, c.read)
		}
	}
}

// No index, however damaged, makes the reader panic: it reads it or says
// why not.
func FuzzDecodeIndex(f *testing.F) {
	dir := f.TempDir()
	if _, err := exec.LookPath("git"); err == nil {
		for _, version := range []string{"2", "3", "4"} {
			repo := filepath.Join(dir, version)
			for _, args := range [][]string{
				{"init", "-q", repo},
				{"-C", repo, "update-index", "--index-version", version},
			} {
				if out, err := exec.Command("git", args...).CombinedOutput(); err != nil {
					f.Fatalf("git %v: %v\n%s", args, err, out)
				}
			}
			testtool.WriteFiles(f, repo, map[string]string{"a/a.go": "package a\n", "a/b/c.go": "package b\n", "d.go": "package d\n"})
			if out, err := exec.Command("git", "-C", repo, "add", "-A").CombinedOutput(); err != nil {
				f.Fatalf("git add: %v\n%s", err, out)
			}
			b, err := os.ReadFile(filepath.Join(repo, ".git", "index"))
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
		}
	}
	f.Add([]byte("DIRC\x00\x00\x00\x04\xff\xff\xff\xff" + strings.Repeat("\xff", 80)))
	f.Fuzz(func(t *testing.T, b []byte) {
		ix, err := decodeIndex(b, 20)
		if err == nil && ix == nil {
			t.Error("no index and no error")
		}
	})
}

// git's diff is read with its a/ and b/ prefixes whatever the user's
// git configuration: with diff.noprefix (or diff.mnemonicPrefix) git
// wrote a/a.go as "a/a.go" (or "w/a/a.go"), which ParseDiff read as a.go,
// and -new-from-rev saw no change to any file read, passing every gate.
func TestDiffIgnoresPrefixConfig(t *testing.T) {
	testRepo(t)
	// An edit under a/, which a diff without prefixes names a/a.go.
	testtool.WriteFiles(t, ".", map[string]string{"a/a.go": goFile("a/a.go", 2)})
	r, base, err := OpenAt(".", "HEAD~1")
	if err != nil {
		t.Fatal(err)
	}
	for _, config := range [][]string{{"diff.noprefix", "true"}, {"diff.mnemonicPrefix", "true"}} {
		testtool.Git(t, "config", config[0], config[1])
		files, _, err := r.diff(base, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := names(files); !slices.Equal(got, []string{"a/a.go", "g/g.go", "g/h.go"}) {
			t.Errorf("%s=%s: the diff names %q, want a/a.go, g/g.go and g/h.go", config[0], config[1], got)
		}
		testtool.Git(t, "config", "--unset", config[0])
	}
}

// A .gitattributes file is the tree's, anyone's in a pull request: one
// that says *.go is binary (-diff, binary, diff=… with no such driver)
// made git write "Binary files a/g/h.go and b/g/h.go differ", no hunk,
// and the change read as one that added no line to g/h.go, its new
// copies none. The diff is git's as text whatever the attributes say.
func TestDiffIgnoresBinaryAttributes(t *testing.T) {
	testRepo(t)
	r, base, err := OpenAt(".", "HEAD~1")
	if err != nil {
		t.Fatal(err)
	}
	want, _, err := r.diff(base, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, attrs := range []string{"*.go -diff\n", "*.go binary\n", "g/h.go -text -diff\n"} {
		testtool.WriteFiles(t, ".", map[string]string{".gitattributes": attrs})
		for _, asked := range [][]string{nil, {"g/g.go", "g/h.go"}} {
			files, _, err := r.diff(base, asked, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{"g/g.go", "g/h.go"} {
				if got, w := files[name], want[name]; got == nil || got.AddedLines() != w.AddedLines() {
					var n int
					if got != nil {
						n = got.AddedLines()
					}
					t.Errorf(".gitattributes %q, files %q: %s has %d lines added, want %d", attrs, asked, name, n, w.AddedLines())
				}
			}
		}
	}
}
