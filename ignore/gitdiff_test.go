package ignore

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestAgreesWithGit generates trees of files and directories with ignore
// files at several levels, and compares Tree.Ignored with git check-ignore
// on every path: the same lines go into .duplignore for copycat and
// .gitignore for git. The seed is fixed, so the cases are the same at
// every run.
func TestAgreesWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	const trees = 120
	rng := rand.New(rand.NewPCG(2026, 11))
	repo := t.TempDir()
	gitEnv(t, repo, "init", "-q", ".")
	var gen []*genTree
	var paths []string
	for i := range trees {
		g := newGenTree(rng, fmt.Sprintf("t%03d", i))
		g.write(t, repo)
		gen = append(gen, g)
		for _, p := range g.paths {
			paths = append(paths, g.name+"/"+p)
		}
	}
	verdicts := gitCheckIgnore(t, repo, paths)
	cases, refused, mismatches := 0, 0, 0
	for _, g := range gen {
		tree := NewTree(filepath.Join(repo, g.name), nil)
		for _, p := range g.paths {
			cases++
			want := verdicts[g.name+"/"+p]
			got := tree.Ignored(filepath.Join(repo, g.name, filepath.FromSlash(p)), g.dirs[p])
			if got == (want != "" && !strings.HasPrefix(want, "!")) {
				continue
			}
			if mismatches++; mismatches <= 20 {
				t.Errorf("%s: copycat ignored=%v, git matched %q (dir=%v)\n%s", path.Join(g.name, p), got, want, g.dirs[p], g.describe())
			}
		}
		refused += len(tree.Errors())
	}
	t.Logf("%d paths in %d trees compared with git check-ignore; %d mismatches; %d lines refused", cases, trees, mismatches, refused)
	if cases < 5000 {
		t.Errorf("only %d cases compared", cases)
	}
}

// gitEnv runs git in dir, away from the user's and the system's settings.
func gitEnv(t *testing.T, dir string, args ...string) *exec.Cmd {
	t.Helper()
	home := t.TempDir()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_CONFIG_GLOBAL="+os.DevNull, "LC_ALL=C")
	if args[0] == "init" {
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return cmd
}

// gitCheckIgnore asks git, in one call, which pattern decides about each
// path; a path that no pattern matches maps to "".
func gitCheckIgnore(t *testing.T, repo string, paths []string) map[string]string {
	t.Helper()
	cmd := gitEnv(t, repo, "check-ignore", "--stdin", "-z", "-v", "-n", "--no-index")
	cmd.Stdin = strings.NewReader(strings.Join(paths, "\x00") + "\x00")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil && stderr.Len() > 0 {
		t.Fatalf("git check-ignore: %v\n%s", err, stderr.Bytes())
	}
	fields := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if len(fields) != 4*len(paths) {
		t.Fatalf("git check-ignore gave %d fields for %d paths", len(fields), len(paths))
	}
	verdicts := map[string]string{}
	for i := 0; i < len(fields); i += 4 {
		verdicts[fields[i+3]] = fields[i+2]
	}
	return verdicts
}

// A genTree is a generated tree: files, the directories that hold them,
// and ignore files in some of those directories.
type genTree struct {
	name   string
	paths  []string          // files and directories, slash-separated
	dirs   map[string]bool   // which paths are directories
	ignore map[string]string // ignore file text by directory ("" for the root)
}

// names are the file and directory names of generated trees: plain ones,
// and ones with the bytes that patterns treat specially.
var names = []string{
	"a", "b", "ab", "ba", "a.go", "b.go", "a1.go", "x_test.go", "x.pb.go", "gen", "keep.go",
	"sub", "Ab", "B1", "9", "z-y", "k b", "#c", "!d", "[e]", "f*", "g?", "h\\i", "é", "ü.go",
	"t ", "q]", "m:n",
}

// newGenTree makes a tree of a few directories and many files: git needs
// only the directories on disk, which are the slow part.
func newGenTree(rng *rand.Rand, name string) *genTree {
	g := &genTree{name: name, dirs: map[string]bool{}, ignore: map[string]string{}}
	parents := []string{""}
	for range 2 + rng.IntN(6) {
		dir := path.Join(parents[rng.IntN(len(parents))], names[rng.IntN(len(names))])
		if _, ok := g.dirs[dir]; !ok {
			g.dirs[dir] = true
			parents = append(parents, dir)
		}
	}
	for range 30 + rng.IntN(40) {
		file := path.Join(parents[rng.IntN(len(parents))], names[rng.IntN(len(names))])
		if _, ok := g.dirs[file]; !ok {
			g.dirs[file] = false
		}
	}
	for p := range g.dirs {
		g.paths = append(g.paths, p)
	}
	slices.Sort(g.paths)
	holders := []string{""}
	for _, p := range g.paths {
		if g.dirs[p] && rng.IntN(4) == 0 {
			holders = append(holders, p)
		}
	}
	for _, dir := range holders {
		var lines []string
		for range 1 + rng.IntN(6) {
			lines = append(lines, genLine(rng, g.paths))
		}
		// Some files with CRLF line ends, some with a byte order mark, as
		// editors write them.
		eol := "\n"
		if rng.IntN(6) == 0 {
			eol = "\r\n"
		}
		text := strings.Join(lines, eol) + eol
		if rng.IntN(10) == 0 {
			text = "\xef\xbb\xbf" + text
		}
		g.ignore[dir] = text
	}
	return g
}

// write makes the tree's directories and ignore files under repo. Files
// need not exist: git takes a path it cannot stat for a file.
func (g *genTree) write(t *testing.T, repo string) {
	t.Helper()
	for _, p := range g.paths {
		if g.dirs[p] {
			if err := os.MkdirAll(filepath.Join(repo, g.name, filepath.FromSlash(p)), 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	for dir, text := range g.ignore {
		for _, file := range []string{FileName, ".gitignore"} {
			full := filepath.Join(repo, g.name, filepath.FromSlash(dir), file)
			if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func (g *genTree) describe() string {
	var b strings.Builder
	dirs := make([]string, 0, len(g.ignore))
	for d := range g.ignore {
		dirs = append(dirs, d)
	}
	slices.Sort(dirs)
	for _, d := range dirs {
		fmt.Fprintf(&b, "  %s/%s: %q\n", g.name, path.Join(d, FileName), g.ignore[d])
	}
	return b.String()
}

// fixedLines are lines worth trying as they are: comments, blanks, lines
// git ignores or never matches, and the "**" forms.
var fixedLines = []string{
	"", "# comment", "#c", `\#c`, `\!d`, "!", "/", "   ", "*", "**", "/**", "**/", "!**/", "**/*.go",
	"*.go", "!*.go", "*/", "!*/", "/*", "a/**", "**/a", "a/**/b", "**/sub/**", "[a", `a\`, "a//b",
	"[[:nope:]]", `t\ `, "t ", `h\\i`, "f\\*", "g\\?", `\[e]`, "[[]e]", "q]", "[!]]*", "[]q]*",
	"foo**/bar", "a**", "**a", "sub/**\\/a", "a.go   ", "*[!.]go", "[--/]*", "*[[:space:]]*", "a.go\r",
	"**/**/a", "a/**/**", "sub/**/**/b.go",
}

// classes are bracket expressions the generator puts in patterns.
var classes = []string{
	"[ab]", "[!ab]", "[^a]", "[a-c]", "[A-Z]", "[[:digit:]]", "[[:upper:]]", "[[:lower:]]",
	"[[:alpha:]]", "[[:alnum:]]", "[[:punct:]]", "[[:space:]]", "[[:xdigit:]]", "[[:graph:]]",
	"[]a]", "[!]]", "[a-]", `[\]]`, "[[:]", "[z-a]", "[a-c-e]", `[\a-c]`, "[[:digit:]-z]",
}

// genLine makes one ignore file line, most often from the tree's own paths
// so that it matches something.
func genLine(rng *rand.Rand, paths []string) string {
	if rng.IntN(6) == 0 {
		return fixedLines[rng.IntN(len(fixedLines))]
	}
	segs := strings.Split(paths[rng.IntN(len(paths))], "/")
	from := rng.IntN(len(segs))
	segs = segs[from:min(len(segs), from+1+rng.IntN(3))]
	for i, s := range segs {
		segs[i] = genSegment(rng, s)
	}
	line := strings.Join(segs, "/")
	switch rng.IntN(8) {
	case 0:
		line = "**/" + line
	case 1:
		line += "/**"
	case 2:
		line = "/" + line
	}
	if rng.IntN(5) == 0 {
		line += "/"
	}
	if rng.IntN(4) == 0 {
		line = "!" + line
	} else if line[0] == '!' || line[0] == '#' {
		line = `\` + line
	}
	if rng.IntN(10) == 0 {
		line += "  "
	}
	return line
}

// genSegment turns a name into a pattern segment that may match it, and
// others: the name escaped, a byte replaced by a wildcard or a class, a
// part replaced by '*', or a "**" segment.
func genSegment(rng *rand.Rand, name string) string {
	switch rng.IntN(10) {
	case 0:
		return "*"
	case 1:
		return "**"
	case 2:
		return classes[rng.IntN(len(classes))] + "*"
	}
	var b strings.Builder
	star := false
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch r := rng.IntN(12); {
		case r == 0:
			b.WriteByte('?')
		case r == 1 && !star:
			b.WriteString("**"[:1+rng.IntN(2)])
			star = true
		case r == 2 && c < 0x80 && c != '/':
			fmt.Fprintf(&b, "[x%s]", escapeGlob(string(c)))
		case r == 3:
			b.WriteString(classes[rng.IntN(len(classes))])
		case r == 4 && c < 0x80 && c != '/':
			b.WriteString(`\` + string(c))
		default:
			b.WriteString(escapeGlob(string(c)))
		}
	}
	s := b.String()
	if strings.HasSuffix(s, " ") {
		s = s[:len(s)-1] + `\ `
	}
	return s
}

// escapeGlob escapes the bytes that a pattern reads specially.
func escapeGlob(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(`*?[]\`, s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
