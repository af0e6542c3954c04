package ignore

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// memTree is a Tree over .duplignore files held in memory, keyed by the
// slash-separated directory that holds them ("" for the root).
func memTree(files map[string]string) *Tree {
	root := filepath.Join(string(filepath.Separator), "mem")
	return NewTree(root, func(name string) ([]byte, error) {
		rel, err := filepath.Rel(root, filepath.Dir(name))
		if err != nil {
			return nil, err
		}
		rel = filepath.ToSlash(rel)
		if rel == "." {
			rel = ""
		}
		text, ok := files[rel]
		if !ok {
			return nil, fs.ErrNotExist
		}
		return []byte(text), nil
	})
}

// gitCase is a rule set, a path (a trailing '/' marks a directory) and
// whether the rules leave the path out.
type gitCase struct {
	rules string
	path  string
	want  bool
}

// TestGitSemantics holds cases where git's reading of a pattern is easy to
// get wrong. The verdicts are git's: checkWithGit asks it.
func TestGitSemantics(t *testing.T) {
	cases := []gitCase{
		{"[!a]*.go", "b.go", true},
		{"[!a]*.go", "a.go", false},
		{"[^a]*.go", "a.go", false},
		{"[^a]*.go", "c.go", true},
		{"gen/**\n!gen/keep.go", "gen/keep.go", false},
		{"gen/**\n!gen/keep.go", "gen/other.go", true},
		{"gen/**\n!gen/keep.go", "gen/sub/keep.go", true},
		{"gen/**", "gen/", false},
		{"gen/**", "gen/a/b.go", true},
		{"x[[:digit:]].go", "x7.go", true},
		{"x[[:digit:]].go", "xa.go", false},
		{"[[:upper:]][[:lower:]]*", "Ab", true},
		{"[[:upper:]][[:lower:]]*", "aB", false},
		{"[[:alpha:][:digit:]]", "9", true},
		{"[[:space:]]x", " x", true},
		{"[[:punct:]]x", "#x", true},
		{"[[:xdigit:]]x", "Fx", true},
		{"[[:xdigit:]]x", "gx", false},
		{"[]a]", "]", true},
		{"[!]a]", "]", false},
		{"[a-]", "-", true},
		{"[\\]]", "]", true},
		{"\\#hash", "#hash", true},
		{"\\!bang", "!bang", true},
		{"space\\ ", "space ", true},
		{"space\\ ", "space", false},
		{"a\\*b", "a*b", true},
		{"a\\*b", "axb", false},
		{"/top.go", "top.go", true},
		{"/top.go", "d/top.go", false},
		{"d/x.go", "d/x.go", true},
		{"d/x.go", "e/d/x.go", false},
		{"x.go", "e/d/x.go", true},
		{"dir/", "dir", false},
		{"dir/", "dir/", true},
		{"dir/", "a/dir/", true},
		{"dir/", "dir/f.go", true},
		{"**/foo", "foo", true},
		{"**/foo", "a/b/foo", true},
		{"**/a/b", "x/a/b", true},
		{"a/**", "a/", false},
		{"a/**", "a/x/y", true},
		{"/**", "x", true},
		{"a/**/b", "a/b", true},
		{"a/**/b", "a/x/y/b", true},
		{"a/**/b", "a/xb", false},
		{"a/*/b", "a/x/y/b", false},
		{"a/*", "a/x/y", true}, // through its excluded parent a/x
		{"a/?", "a/é", false},  // '?' matches one byte, as in git
		{"a/??", "a/é", true},
		{"a**b", "axb", true},
		{"a**b/c", "a/x/b/c", false},
		{"foo**/bar", "foobar", true}, // git strips the literal prefix before wildmatch
		{"a/**\\/b", "a/b", false},
		{"*.go\n!/keep.go", "keep.go", false},
		{"*.go\n!/keep.go", "d/keep.go", true},
		{"!*.go\n*.go", "x.go", true},
		{"a[!x]b", "a/b", false},
		{"a.go\r", "a.go", true},    // the CR of a CRLF line end
		{"a.go\r\r", "a.go", false}, // only one CR is a line end
		{"a?b", "a/b", false},
	}
	checkWithGit(t, cases)
	for _, tc := range cases {
		tree := memTree(map[string]string{"": tc.rules})
		path, isDir := strings.CutSuffix(tc.path, "/")
		got := tree.Ignored(filepath.Join(tree.Root(), filepath.FromSlash(path)), isDir)
		if got != tc.want {
			t.Errorf("rules %q: Ignored(%s) = %v, want %v", tc.rules, tc.path, got, tc.want)
		}
		if errs := tree.Errors(); len(errs) > 0 {
			t.Errorf("rules %q: errors %v", tc.rules, errs)
		}
	}
}

// checkWithGit asks git check-ignore about every case, each in a
// directory of its own with the rules as its .gitignore.
func checkWithGit(t *testing.T, cases []gitCase) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Log("git is not installed: the verdicts are not checked with git")
		return
	}
	repo := t.TempDir()
	gitEnv(t, repo, "init", "-q", ".")
	var paths []string
	for i, tc := range cases {
		dir := filepath.Join(repo, fmt.Sprintf("c%02d", i))
		p, isDir := strings.CutSuffix(tc.path, "/")
		mk := filepath.Dir(filepath.Join(dir, p))
		if isDir {
			mk = filepath.Join(dir, p)
		}
		if err := os.MkdirAll(mk, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte(tc.rules+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, fmt.Sprintf("c%02d/%s", i, p))
	}
	verdicts := gitCheckIgnore(t, repo, paths)
	for i, tc := range cases {
		v := verdicts[paths[i]]
		if got := v != "" && !strings.HasPrefix(v, "!"); got != tc.want {
			t.Errorf("rules %q, path %s: git says %v (%q), the case says %v", tc.rules, tc.path, got, v, tc.want)
		}
	}
}

// A line is quoted as it stands in the file: its backslashes as they
// are (%q wrote "inventory/\\" of inventory/\), and escaped only where
// it holds a quote or a byte that does not print.
func TestQuoteLine(t *testing.T) {
	for line, want := range map[string]string{
		`inventory/\`: `"inventory/\"`,
		`a\#b`:        `"a\#b"`,
		"x.go\t# gen": `"x.go\t# gen"`,
		"a\x00b":      `"a\x00b"`,
		`say "x"`:     `"say \"x\""`,
	} {
		if got := quoteLine(line); got != want {
			t.Errorf("quoteLine(%q) = %s, want %s", line, got, want)
		}
	}
}

// TestRefusedPatterns: a pattern that git reads in a way copycat does not
// follow (or that can never match) is an error naming file and line.
func TestRefusedPatterns(t *testing.T) {
	for _, tc := range []struct {
		line, msg string
	}{
		// The fix said too: most such lines mean a comment, which goes
		// on a line of its own.
		{"!testdata/      # read testdata/ after all", "is not a comment: only a line that starts with '#' is; git reads the whole line as one pattern (put the comment on a line of its own, or write \\# for a literal '#')"},
		{"x.go\t# generated", "put the comment on a line of its own"},
		{"[a", "unterminated"},
		{"[[:digit:]", "unterminated"},
		{"[[:nope:]]", "unknown character class"},
		{"a\\", "backslash"},
		{"a//b", "empty path segment"},
		{"a/", ""},
		{"//a", "empty path segment"},
		{"[é]", "non-ASCII"},
		{"!", "empty pattern"},
		{"a\x00b", "NUL"},
	} {
		_, errs := Parse("d/.duplignore", "d", []byte("ok.go\n"+tc.line+"\n"))
		if tc.msg == "" {
			if len(errs) != 0 {
				t.Errorf("%q: errors %v, want none", tc.line, errs)
			}
			continue
		}
		var le *LineError
		if len(errs) != 1 || !errors.As(errs[0], &le) || le.Line != 2 || !strings.Contains(errs[0].Error(), tc.msg) {
			t.Errorf("%q: errors %v, want one for d/.duplignore line 2 mentioning %q", tc.line, errs, tc.msg)
			continue
		}
		if !strings.HasPrefix(errs[0].Error(), "d/.duplignore:2: ") {
			t.Errorf("%q: error %q does not start with file and line", tc.line, errs[0])
		}
		if want := "cannot parse .duplignore line " + quoteLine(tc.line) + ": "; !strings.Contains(errs[0].Error(), want) {
			t.Errorf("%q: error %q does not quote the whole line (%s)", tc.line, errs[0], want)
		}
	}
	// The whole pattern, not the class alone: "[" said nothing of which
	// line's "[" it was.
	_, errs := Parse("d/.duplignore", "d", []byte("legacy/[   \n!gen/[[:nope:]]/\n"))
	want := []string{
		`d/.duplignore:1: cannot parse .duplignore line "legacy/[": unterminated character class, which git never matches`,
		`d/.duplignore:2: cannot parse .duplignore line "!gen/[[:nope:]]/": unknown character class [:nope:]`,
	}
	if len(errs) != len(want) {
		t.Fatalf("errors %v, want %q", errs, want)
	}
	for i, err := range errs {
		if err.Error() != want[i] {
			t.Errorf("error %q, want %q", err, want[i])
		}
	}
}

// TestEscapedHashIsNoComment: "\#" keeps a '#' after a blank literal, so a
// file whose name holds " #" can still be listed.
func TestEscapedHashIsNoComment(t *testing.T) {
	tree := memTree(map[string]string{"": "a \\#b\n"})
	if !tree.Ignored(filepath.Join(tree.Root(), "a #b"), false) {
		t.Error(`"a \#b" does not match "a #b"`)
	}
	if errs := tree.Errors(); len(errs) != 0 {
		t.Errorf("errors %v", errs)
	}
}

func TestByteOrderMark(t *testing.T) {
	l, errs := Parse(".duplignore", "", []byte("\xef\xbb\xbfa.go\n"))
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	if decided, ignored := l.match("a.go", false); !decided || !ignored {
		t.Error("the first line after a byte order mark does not match")
	}
}

func TestNestedFiles(t *testing.T) {
	tree := memTree(map[string]string{
		"":     "*.go\n!keep/\n",
		"keep": "!*.go\nsub/x.go\n/y.go\n",
	})
	for _, tc := range []struct {
		path string
		want bool
	}{
		{"a.go", true},
		{"keep/a.go", false},
		{"keep/sub/x.go", true},
		{"keep/y.go", true},
		{"keep/d/y.go", false},
		{"keep/d/sub/x.go", false},
	} {
		if got := tree.Ignored(filepath.Join(tree.Root(), filepath.FromSlash(tc.path)), false); got != tc.want {
			t.Errorf("Ignored(%s) = %v, want %v", tc.path, got, tc.want)
		}
	}
}

// TestREADMEExample parses the .duplignore example of the README and of
// docs/usage.md: every line must be usable, and it must do what its
// comments say.
func TestREADMEExample(t *testing.T) {
	for _, name := range []string{"README.md", filepath.Join("docs", "usage.md")} {
		doc, err := os.ReadFile(filepath.Join("..", name))
		if err != nil {
			t.Fatal(err)
		}
		_, section, _ := strings.Cut(string(doc), "\n## Suppressing findings\n")
		_, block, _ := strings.Cut(section, "\n```\n")
		block, _, _ = strings.Cut(block, "\n```\n")
		if !strings.Contains(block, "testdata") {
			t.Fatalf("no .duplignore example in %s's section on suppressing findings:\n%s", name, block)
		}
		tree := memTree(map[string]string{"": block + "\n"})
		for _, tc := range []struct {
			path         string
			dir, ignored bool
		}{
			{"x/a.pb.go", false, true},
			{"legacy", true, true},
			{"testdata", true, false},
			{"x/testdata/t.go", false, false},
		} {
			if got := tree.Ignored(filepath.Join(tree.Root(), filepath.FromSlash(tc.path)), tc.dir); got != tc.ignored {
				t.Errorf("%s example: Ignored(%s) = %v, want %v", name, tc.path, got, tc.ignored)
			}
		}
		if errs := tree.Errors(); len(errs) > 0 {
			t.Errorf("%s example: %v", name, errs)
		}
	}
}
