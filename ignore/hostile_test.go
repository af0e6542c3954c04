package ignore

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/hostile"
)

// deepTree is a Tree over a chain of depth directories, "/r/d/d/…/d",
// each holding x.go, and a .duplignore file in every fourth (a rule that
// matches none of them), read from memory.
func deepTree(depth int) (*Tree, []string) {
	files := map[string][]byte{}
	var dirs []string
	for i, dir := 0, "/r"; i < depth; i++ {
		dir += "/d"
		dirs = append(dirs, dir)
		if i%4 == 0 {
			files[dir+"/"+FileName] = []byte("y.go\n/e/\n")
		}
	}
	return NewTree("/r", func(name string) ([]byte, error) {
		if b, ok := files[name]; ok {
			return b, nil
		}
		return nil, fs.ErrNotExist
	}), dirs
}

// A chain of n nested directories, then 2n, each holding a Go file (a
// path of 4,000 bytes is 2,000 directories deep): a walk asks of each
// directory and file whether it is left out (IgnoredEntry), the editor
// server and go vet of each file (Ignored). The directories looked up
// may grow about linearly, at most 2.6 times: each question looked up
// every directory above its path (4 times for a walk), and Ignored asked
// that of each directory above the file (8 times).
func TestDeepTreeHostile(t *testing.T) {
	const n = 300
	for _, c := range []struct {
		name string
		ask  func(tree *Tree, dirs []string) int
	}{
		{"walk", func(tree *Tree, dirs []string) (left int) {
			for _, dir := range dirs {
				if tree.IgnoredEntry(dir, true) {
					left++
				}
				if tree.IgnoredEntry(dir+"/x.go", false) {
					left++
				}
			}
			return left
		}},
		{"editor", func(tree *Tree, dirs []string) (left int) {
			for _, dir := range dirs {
				if tree.Ignored(dir+"/x.go", false) {
					left++
				}
			}
			return left
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var work [2]int
			for k, depth := range []int{n, 2 * n} {
				tree, dirs := deepTree(depth)
				if left := c.ask(tree, dirs); left != 0 {
					t.Fatalf("depth %d: %d paths left out, want none", depth, left)
				}
				if errs := tree.Errors(); len(errs) > 0 {
					t.Fatal(errs)
				}
				work[k] = tree.Work()
			}
			hostile.Linear(t, "directories looked up", work[0], work[1])
		})
	}
}

// oldTree answers as the Tree did before it kept chains of lists: each
// question walks up from the path's directory, reading the .duplignore
// files it meets, and Ignored asks it of every directory above the path.
type oldTree struct {
	t     *Tree // for its root, rel and reading, and its walk over a path's folders (leftOut), which the change left as it was
	lists map[string]*List
}

func (o *oldTree) list(dir string) *List {
	if l, ok := o.lists[dir]; ok {
		return l
	}
	data, err := o.t.readFile(path.Join(o.t.root, dir, FileName))
	var l *List
	if err == nil {
		l, _ = Parse(FileName, dir, data)
	}
	o.lists[dir] = l
	return l
}

func (o *oldTree) ruled(rel string, isDir bool) (decided, ignored bool) {
	for dir := rel; dir != ""; {
		dir = dir[:max(strings.LastIndexByte(dir, '/'), 0)]
		if l := o.list(dir); l != nil {
			if decided, ignored := l.match(rel, isDir); decided {
				return true, ignored
			}
		}
	}
	return false, false
}

func (o *oldTree) decide(rel string, isDir bool) bool {
	if decided, ignored := o.ruled(rel, isDir); decided {
		return ignored
	}
	return isDir && skippedDir(rel[strings.LastIndexByte(rel, '/')+1:])
}

// The Tree answers every question as it did when each walked up from
// its path (oldTree), over random trees of random .duplignore files,
// some of them changed and forgotten on the way; and, asked in the order
// of a walk or by Ignored, reads the same files in the same order.
func TestChainsAnswerAsBefore(t *testing.T) {
	names := []string{"a", "b", "vendor", "_x", ".h", "testdata"}
	rules := []string{"x.go", "*.go", "!y.go", "a/", "/b", "**/a/x.go", "b/**", "!a/", "vendor", "!vendor/",
		"a/*.go", "!/a", "_x/", "!testdata/", "**/b/", "!**/x.go", "a/**/y.go", ".h/", "/x.go", "!*"}
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 400 {
		var dirs []string
		var walk func(dir string, depth int)
		walk = func(dir string, depth int) {
			dirs = append(dirs, dir)
			if depth == 0 {
				return
			}
			for _, n := range names {
				if r.IntN(3) == 0 {
					walk(dir+"/"+n, depth-1)
				}
			}
		}
		walk("/r", 1+r.IntN(5))
		files := map[string][]byte{}
		write := func() {
			for _, dir := range dirs {
				name := dir + "/" + FileName
				delete(files, name)
				if r.IntN(3) == 0 {
					var b strings.Builder
					for range 1 + r.IntN(4) {
						b.WriteString(rules[r.IntN(len(rules))] + "\n")
					}
					files[name] = []byte(b.String())
				}
			}
		}
		write()
		var newReads, oldReads []string
		reader := func(log *[]string) func(string) ([]byte, error) {
			return func(name string) ([]byte, error) {
				*log = append(*log, name)
				if b, ok := files[name]; ok {
					return b, nil
				}
				return nil, fs.ErrNotExist
			}
		}
		tree := NewTree("/r", reader(&newReads))
		old := &oldTree{t: NewTree("/r", reader(&oldReads)), lists: map[string]*List{}}
		var paths []string
		for _, dir := range dirs[1:] {
			paths = append(paths, dir)
		}
		for _, dir := range dirs {
			paths = append(paths, dir+"/x.go", dir+"/y.go")
		}
		sameReads := true
		switch round % 3 {
		case 0: // as a walk: top-down, each entry once
			slices.SortFunc(paths, func(a, b string) int { return strings.Compare(a, b) })
			for _, p := range paths {
				isDir := !strings.HasSuffix(p, ".go")
				if got, want := tree.IgnoredEntry(p, isDir), old.decide(p[len("/r/"):], isDir); got != want {
					t.Fatalf("round %d: IgnoredEntry(%s) = %v, want %v; files %q", round, p, got, want, files)
				}
			}
		case 1: // as the editor: Ignored in any order, a file changed on the way
			r.Shuffle(len(paths), func(i, j int) { paths[i], paths[j] = paths[j], paths[i] })
			for i, p := range paths {
				if i == len(paths)/2 {
					write()
					for _, dir := range dirs {
						tree.Forget(dir + "/" + FileName)
					}
					old.lists = map[string]*List{}
					newReads, oldReads = nil, nil
				}
				isDir := !strings.HasSuffix(p, ".go")
				if got, want := tree.Ignored(p, isDir), old.t.leftOut(p, isDir, old.decide); got != want {
					t.Fatalf("round %d: Ignored(%s) = %v, want %v; files %q", round, p, got, want, files)
				}
			}
		case 2: // every question, in any order
			sameReads = false
			r.Shuffle(len(paths), func(i, j int) { paths[i], paths[j] = paths[j], paths[i] })
			for _, p := range paths {
				isDir := !strings.HasSuffix(p, ".go")
				rel := p[len("/r/"):]
				var got, want bool
				switch r.IntN(3) {
				case 0:
					got, want = tree.IgnoredEntry(p, isDir), old.decide(rel, isDir)
				case 1:
					got, want = tree.Ignored(p, isDir), old.t.leftOut(p, isDir, old.decide)
				case 2:
					if !isDir {
						continue
					}
					got = tree.IgnoredNamed(p)
					want = old.t.leftOut(p, true, func(rel string, isDir bool) bool {
						decided, ignored := old.ruled(rel, isDir)
						return decided && ignored
					})
				}
				if got != want {
					t.Fatalf("round %d: %s = %v, want %v; files %q", round, p, got, want, files)
				}
			}
		}
		if sameReads && !slices.Equal(newReads, oldReads) {
			t.Fatalf("round %d: read %q, want %q", round, newReads, oldReads)
		}
	}
}

// manyPatterns is a tree of files files in folders of 100 ("dK/fN.go"),
// and a .duplignore at its root of 8 lines a file, made by line: one
// that leaves out every eighth file and keeps the others (most lines
// name no file of the tree).
func manyPatterns(files int, line func(n int) string) (*Tree, []string) {
	var b strings.Builder
	for n := range 8 * files {
		b.WriteString(line(n) + "\n")
	}
	var paths []string
	for n := range files {
		if n%100 == 0 {
			paths = append(paths, fmt.Sprintf("d%d", n/100))
		}
		paths = append(paths, fmt.Sprintf("d%d/f%d.go", n/100, n))
	}
	return memTree(map[string]string{"": b.String()}), paths
}

// A .duplignore of 40,000 lines over 5,000 files, then of 80,000 over
// 10,000 (lines of names, of paths, of a literal head or tail, for
// directories, negated, and a few with no literal head or tail): a path
// is tested against the lines that can match it, so the work grows
// about linearly, not 4 times as when each path was tested against every
// line.
func TestManyPatternsHostile(t *testing.T) {
	always := []string{"*[!0-9a-z]x.go", "?zz*", "[a-c]*q", "**/zz/**", "*.[ch]", "!*_[[:upper:]]*"}
	for _, c := range []struct {
		name string
		line func(n int) string
	}{
		{"literal", func(n int) string {
			if n%64 == 0 {
				return fmt.Sprintf("f%d.go", n/8)
			}
			return fmt.Sprintf("g%d.go", n)
		}},
		{"mixed", func(n int) string {
			switch n % 8 {
			case 0:
				return fmt.Sprintf("f%d.go", n)
			case 1:
				return fmt.Sprintf("/d%d/g%d.go", n/800, n)
			case 2:
				return fmt.Sprintf("g%d_*", n)
			case 3:
				return fmt.Sprintf("*.x%d", n)
			case 4:
				return fmt.Sprintf("d%d/g?%d.go", n/800, n)
			case 5:
				return fmt.Sprintf("e%d/", n)
			case 6:
				return fmt.Sprintf("!f%d.go", n-5) // a file no line leaves out

			}
			if n/8 < len(always) {
				return always[n/8]
			}
			return fmt.Sprintf("g[0-9]%d", n)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			const files = 5000
			var work [2]int
			for k, n := range []int{files, 2 * files} {
				tree, paths := manyPatterns(n, c.line)
				left := 0
				for _, p := range paths {
					if tree.IgnoredEntry(filepath.Join(tree.Root(), filepath.FromSlash(p)), !strings.HasSuffix(p, ".go")) {
						left++
					}
				}
				if errs := tree.Errors(); len(errs) > 0 {
					t.Fatal(errs)
				}
				if want := n / 8; left != want {
					t.Fatalf("%d files: %d paths left out, want %d", n, left, want)
				}
				work[k] = tree.tested
			}
			hostile.Linear(t, "keys looked up and lines tested", work[0], work[1])
		})
	}
}
