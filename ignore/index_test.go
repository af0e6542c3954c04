package ignore

import (
	"fmt"
	"go/build"
	"io/fs"
	"math/rand/v2"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// linearMatch is List.match as it was before lists were indexed, the
// reference the index must answer as: every rule, from the last up, until
// one matches.
func linearMatch(l *List, rel string, isDir bool) (decided, ignored bool) {
	if l.Dir != "" {
		if len(rel) <= len(l.Dir) || rel[len(l.Dir)] != '/' || !strings.HasPrefix(rel, l.Dir) {
			return false, false
		}
		rel = rel[len(l.Dir)+1:]
	}
	name := rel[strings.LastIndexByte(rel, '/')+1:]
	for i := len(l.rules) - 1; i >= 0; i-- {
		r := &l.rules[i]
		if r.dirOnly && !isDir {
			continue
		}
		text := name
		if r.inPath {
			text = rel
		}
		if r.pat.match(text) {
			return true, !r.negate
		}
	}
	return false, false
}

// parseIndexed parses text as a .duplignore file of dir and indexes its
// rules however few they are.
func parseIndexed(t *testing.T, dir, text string) *List {
	t.Helper()
	l, _ := Parse(FileName, dir, []byte(text))
	if len(l.rules) > 0 {
		l.ix = newIndex(l.rules)
	}
	return l
}

// sameAnswers fails t unless the indexed list l answers for every path,
// as a file and as a directory, as linearMatch does.
func sameAnswers(t *testing.T, what string, l *List, paths []string) {
	t.Helper()
	if l.ix == nil {
		t.Fatalf("%s: not indexed", what)
	}
	for _, p := range paths {
		for _, isDir := range []bool{false, true} {
			d, ig := l.match(p, isDir)
			wd, wig := linearMatch(l, p, isDir)
			if d != wd || ig != wig {
				t.Fatalf("%s: match(%q, dir %v) = %v, %v; without the index %v, %v", what, p, isDir, d, ig, wd, wig)
			}
		}
	}
}

// grammar is the pieces random patterns and paths are made of: literals
// that share heads, tails and inner runs, and the wildcards.
var (
	literals  = []string{"a", "b", "c", "ab", "abc", "go", ".go", "_test", "x", "pb", "gen", "1", "12", "123", "aaa", "-", " ", "é"}
	wildcards = []string{"*", "?", "[a-c]", "[!a]", "[[:digit:]]", `\*`, `\?`, `\a`, `\[`, "**"}
)

// genPattern makes a pattern of one to four segments from the grammar:
// runs of literals and wildcards, "**" segments, a leading, middle or
// trailing '/', and '!'.
func genPattern(rng *rand.Rand) string {
	var segs []string
	for range 1 + rng.IntN(rng.IntN(4)+1) {
		if rng.IntN(8) == 0 {
			segs = append(segs, "**")
			continue
		}
		var b strings.Builder
		for range 1 + rng.IntN(4) {
			if rng.IntN(3) == 0 {
				b.WriteString(wildcards[rng.IntN(len(wildcards))])
			} else {
				b.WriteString(literals[rng.IntN(len(literals))])
			}
		}
		segs = append(segs, b.String())
	}
	p := strings.Join(segs, "/")
	if rng.IntN(4) == 0 {
		p = "/" + p
	}
	if rng.IntN(5) == 0 {
		p += "/"
	}
	if rng.IntN(4) == 0 {
		p = "!" + p
	}
	return p
}

// genPath makes a path of one to five elements of literals.
func genPath(rng *rand.Rand) string {
	var segs []string
	for range 1 + rng.IntN(5) {
		var b strings.Builder
		for range 1 + rng.IntN(4) {
			b.WriteString(literals[rng.IntN(len(literals))])
		}
		segs = append(segs, b.String())
	}
	return strings.Join(segs, "/")
}

// The index answers as testing every rule does, over random pattern sets
// from the grammar, of a few to a few thousand rules, the rules repeated
// and negated so that many match one path and the last must win; in the
// root's list and in a subdirectory's.
func TestIndexAnswersAsLinear(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := range 300 {
		n := 1 + rng.IntN(40)
		if round%10 == 0 {
			n = 500 + rng.IntN(3000)
		}
		var lines []string
		for range n {
			if len(lines) > 0 && rng.IntN(8) == 0 {
				lines = append(lines, lines[rng.IntN(len(lines))]) // the same rule again, later
				continue
			}
			lines = append(lines, genPattern(rng))
		}
		var paths []string
		for range 300 {
			paths = append(paths, genPath(rng))
		}
		dir := ""
		if round%3 == 0 {
			dir = "sub/dir"
			for i, p := range paths {
				paths[i] = dir + "/" + p
			}
		}
		l := parseIndexed(t, dir, strings.Join(lines, "\n"))
		sameAnswers(t, fmt.Sprintf("round %d, %q", round, lines), l, paths)
	}
}

// The generated trees of the git comparison (gitdiff_test.go), their lines
// drawn from their own paths, each file's lines many times over so that
// it is indexed.
func TestIndexAnswersAsLinearOnGenTrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for round := range 300 {
		g := newGenTree(rng, "g")
		var lines []string
		for range 5 + rng.IntN(100) {
			lines = append(lines, genLine(rng, g.paths))
		}
		l := parseIndexed(t, "", strings.Join(lines, "\n"))
		sameAnswers(t, fmt.Sprintf("round %d, %q", round, lines), l, g.paths)
	}
}

// goSrc lists the files and directories under GOROOT/src, slash-separated,
// and which are directories; the test is skipped without it.
func goSrc(t testing.TB) ([]string, map[string]bool) {
	t.Helper()
	root := filepath.Join(build.Default.GOROOT, "src")
	dirs := map[string]bool{}
	var paths []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if rel == "." {
			return nil
		}
		rel = filepath.ToSlash(rel)
		paths = append(paths, rel)
		dirs[rel] = d.IsDir()
		return nil
	})
	if err != nil || len(paths) < 1000 {
		t.Skipf("no GOROOT/src to read (%v)", err)
	}
	return paths, dirs
}

// srcPattern makes a pattern from the names of GOROOT/src: a name as it
// is, its extension or head with '*', a name with a byte made '?' or a
// class, a path anchored or under "**/", a directory with a trailing '/'.
func srcPattern(rng *rand.Rand, paths []string) string {
	p := paths[rng.IntN(len(paths))]
	name := path.Base(p)
	var line string
	switch rng.IntN(10) {
	case 0:
		line = name
	case 1:
		line = "*" + path.Ext(name)
	case 2:
		line = name[:rng.IntN(len(name))+1] + "*"
	case 3:
		i := rng.IntN(len(name))
		line = name[:i] + "?" + name[i+1:]
	case 4:
		i := rng.IntN(len(name))
		line = name[:i] + "[a-m]" + name[i+1:]
	case 5:
		line = "/" + p
	case 6:
		line = "**/" + name
	case 7:
		line = path.Dir(p) + "/*"
	case 8:
		line = path.Dir(p) + "/**/" + name[:rng.IntN(len(name))+1] + "*"
	default:
		i := rng.IntN(len(name))
		line = "*" + name[i:]
	}
	line = escapeGlobKeep(line)
	if rng.IntN(6) == 0 {
		line += "/"
	}
	if rng.IntN(5) == 0 {
		line = "!" + line
	}
	return line
}

// escapeGlobKeep escapes the bytes of a name a pattern would read as
// special, other than the wildcards srcPattern put there: GOROOT/src has
// no names holding them.
func escapeGlobKeep(s string) string {
	if strings.HasPrefix(s, "#") || strings.HasPrefix(s, "!") {
		return `\` + s
	}
	return s
}

// The index answers as testing every rule does over the files of
// GOROOT/src, for rules drawn from its names, and a Tree of such lists in
// a few directories answers a walk of it as those lists matched without
// the index do.
func TestIndexAnswersAsLinearOnGoSrc(t *testing.T) {
	paths, dirs := goSrc(t)
	rng := rand.New(rand.NewPCG(7, 8))
	rounds := 6
	if testing.Short() {
		rounds = 2
	}
	for round := range rounds {
		var lines []string
		for range []int{5, 100, 2000, 20000, 300, 5000}[round] {
			lines = append(lines, srcPattern(rng, paths))
		}
		l := parseIndexed(t, "", strings.Join(lines, "\n"))
		sameAnswers(t, fmt.Sprintf("round %d (%d lines)", round, len(lines)), l, paths)
	}

	// A Tree: lists at the root and in some directories.
	files := map[string]string{}
	var holders []string
	for _, p := range paths {
		if dirs[p] && rng.IntN(20) == 0 {
			holders = append(holders, p)
		}
	}
	lists := map[string]*List{}
	for _, dir := range append([]string{""}, holders...) {
		below := paths
		if dir != "" {
			below = nil
			for _, p := range paths {
				if strings.HasPrefix(p, dir+"/") {
					below = append(below, p[len(dir)+1:])
				}
			}
			if len(below) == 0 {
				continue
			}
		}
		var lines []string
		for range 40 + rng.IntN(400) {
			lines = append(lines, srcPattern(rng, below))
		}
		files[dir] = strings.Join(lines, "\n")
		lists[dir], _ = Parse(FileName, dir, []byte(files[dir]))
	}
	tree := memTree(files)
	asked := 0
	// The walk over a sorted list: a directory's entries follow it, and
	// those below a directory left out are skipped.
	slices.Sort(paths)
	var out []string // directories left out, above the paths still to come
	for _, p := range paths {
		for len(out) > 0 && !strings.HasPrefix(p, out[len(out)-1]+"/") {
			out = out[:len(out)-1]
		}
		if len(out) > 0 {
			continue
		}
		got := tree.IgnoredEntry(filepath.Join(tree.Root(), filepath.FromSlash(p)), dirs[p])
		want := linearDecide(lists, p, dirs[p])
		asked++
		if got != want {
			t.Fatalf("IgnoredEntry(%s) = %v, without the index %v", p, got, want)
		}
		if got && dirs[p] {
			out = append(out, p)
		}
	}
	if errs := tree.Errors(); len(errs) > 0 {
		t.Fatal(errs[0])
	}
	t.Logf("%d paths asked, %d lists", asked, len(lists))
}

// linearDecide is Tree.decide with each list matched without its index:
// the deepest list above rel that decides, else the default.
func linearDecide(lists map[string]*List, rel string, isDir bool) bool {
	for dir := rel; dir != ""; {
		dir = dir[:max(strings.LastIndexByte(dir, '/'), 0)]
		if l := lists[dir]; l != nil {
			if decided, ignored := linearMatch(l, rel, isDir); decided {
				return ignored
			}
		}
	}
	return isDir && skippedDir(rel[strings.LastIndexByte(rel, '/')+1:])
}

// Deciding about a path with an indexed list allocates nothing either,
// for lines of every kind of key.
func TestIndexedMatchDoesNotAllocate(t *testing.T) {
	var b strings.Builder
	for n := range 200 {
		fmt.Fprintf(&b, "g%d.go\n/d/g%d.go\ng%d_*\n*.x%d\nf*%d*x.go\n!*[a-c]\n", n, n, n, n, n+100)
	}
	l, _ := Parse(FileName, "", []byte(b.String()))
	if l.ix == nil {
		t.Fatal("not indexed")
	}
	for _, p := range []string{"d/g7.go", "d/g7_x", "a/b.x12", "d/f1234x.go", "internal/x/y.go", deepMiss} {
		if n := testing.AllocsPerRun(100, func() { l.match(p, false) }); n != 0 {
			t.Errorf("match(%s) allocates %v times", p, n)
		}
	}
}

// FuzzIndex reads any bytes as a .duplignore file, indexes its rules
// however few, and asks them about any path: the index answers as
// testing every rule does.
func FuzzIndex(f *testing.F) {
	for _, line := range fixedLines {
		f.Add([]byte(line+"\n!"+line+"/\n*"+line), "a/b.go")
	}
	f.Add([]byte("f*12*x.go\nf*123*x.go\n!f*1234*x.go\n"), "d/f12345x.go")
	f.Add([]byte("a**/b\n**/a/**\n!a/**/b/\n"), "a/x/b")
	f.Fuzz(func(t *testing.T, data []byte, p string) {
		l, _ := Parse("f", "", data)
		if len(l.rules) == 0 || p == "" {
			return
		}
		l.ix = newIndex(l.rules)
		sameAnswers(t, "fuzz", l, []string{p})
	})
}
