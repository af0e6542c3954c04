package change

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/testtool"
)

func lr(a, b int) fingerprint.LineRange { return fingerprint.LineRange{Start: a, End: b} }

// A diff with no context (git diff -U0), one with context (diff -u), a
// rename, a new file, a deleted one and a quoted name.
func TestParseDiff(t *testing.T) {
	diff := `diff --git a/a.go b/a.go
index 1111111..2222222 100644
--- a/a.go
+++ b/a.go
@@ -3,0 +4,2 @@ func f() {
+	if x == nil {
+		return
@@ -10,2 +11,0 @@ func g() {
-	a := 1
-	b := 2
@@ -20 +19 @@ func h() {
-	old()
+	new()
diff --git a/old.go b/moved/new.go
similarity index 100%
rename from old.go
rename to moved/new.go
diff --git a/c.go b/c.go
new file mode 100644
--- /dev/null
+++ b/c.go
@@ -0,0 +1,3 @@
+package p
+
+func c() {}
diff --git a/gone.go b/gone.go
deleted file mode 100644
--- a/gone.go
+++ /dev/null
@@ -1,2 +0,0 @@
-package p
-
--- "a/sp ace.go"	2026-12-04 10:00:00
+++ "b/sp ace.go"	2026-12-04 10:00:01
@@ -1,3 +1,4 @@
 package p
-var a = 1
+var a = 2
+var b = 3
 
`
	files, err := ParseDiff(strings.NewReader(diff))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	if want := []string{"a.go", "c.go", "sp ace.go"}; !slices.Equal(names, want) {
		t.Fatalf("files %q, want %q", names, want)
	}
	a := files["a.go"]
	if want := []fingerprint.LineRange{lr(4, 5), lr(19, 19)}; !slices.Equal(a.Added, want) || a.New {
		t.Errorf("a.go added %v (new %v), want %v", a.Added, a.New, want)
	}
	if want := []Removal{{After: 11, Lines: 2}, {After: 18, Lines: 1}}; !slices.Equal(a.Removed, want) {
		t.Errorf("a.go removed %v, want %v", a.Removed, want)
	}
	if !a.Changed(3, 4) || !a.Changed(11, 12) || a.Changed(12, 18) || a.Changed(6, 10) {
		t.Error("a.go: Changed wrong")
	}
	// The old side: lines gone, and where the old lines went.
	if want := []fingerprint.LineRange{lr(10, 11), lr(20, 20)}; !slices.Equal(a.Gone, want) || a.Old != "a.go" {
		t.Errorf("a.go gone %v (old name %q), want %v", a.Gone, a.Old, want)
	}
	if a.GoneIn(1, 9) != 0 || a.GoneIn(11, 20) != 2 {
		t.Errorf("a.go GoneIn(1, 9) = %d, GoneIn(11, 20) = %d, want 0 and 2", a.GoneIn(1, 9), a.GoneIn(11, 20))
	}
	for _, tc := range []struct{ first, last, wantFirst, wantLast int }{
		{1, 3, 1, 3},     // before every hunk
		{4, 9, 6, 11},    // after the two lines added after line 3
		{12, 19, 12, 19}, // after the two lines removed, which the two added made up for
		{15, 20, 15, 19}, // to the rewritten line, where its hunk says
		{21, 30, 21, 30},
	} {
		if f, l := a.NewLines(tc.first, tc.last); f != tc.wantFirst || l != tc.wantLast {
			t.Errorf("a.go NewLines(%d, %d) = %d, %d, want %d, %d", tc.first, tc.last, f, l, tc.wantFirst, tc.wantLast)
		}
	}
	if c := files["c.go"]; !c.New || !slices.Equal(c.Added, []fingerprint.LineRange{lr(1, 3)}) {
		t.Errorf("c.go %+v", c)
	}
	if s := files["sp ace.go"]; !slices.Equal(s.Added, []fingerprint.LineRange{lr(2, 3)}) {
		t.Errorf("sp ace.go %+v", s)
	}
	_, deleted, err := ParseDiffDeleted(strings.NewReader(diff))
	if err != nil || len(deleted) != 1 || deleted[0].Old != "gone.go" || !deleted[0].Deleted ||
		!slices.Equal(deleted[0].Gone, []fingerprint.LineRange{lr(1, 2)}) {
		t.Errorf("deleted: %+v, %v; want gone.go, lines 1-2", deleted, err)
	}
	if _, err := ParseDiff(strings.NewReader("@@ -1 +1 @@\n+x\n")); err == nil {
		t.Error("a hunk before its file was accepted")
	}
	if _, err := ParseDiff(strings.NewReader("--- a/x.go\n+++ b/x.go\n@@ -1 +1,2 @@\n+x\n?y\n")); err == nil {
		t.Error("a bad line inside a hunk was accepted")
	}
}

// TestHunkHeaderBounds: a hunk header whose numbers no file has (past
// MaxInt32, or a line 0 that holds lines) is refused, naming its line;
// before, start+count wrapped to a negative line.
func TestHunkHeaderBounds(t *testing.T) {
	for _, header := range []string{
		"@@ -9223372036854775807,1 +1,1 @@",
		"@@ -1,1 +2147483647,2 @@",
		"@@ -0 +1 @@",
		"@@ -1 +0,1 @@",
	} {
		d := "--- a/x.go\n+++ b/x.go\n" + header + "\n-x\n+y\n"
		if _, err := ParseDiff(strings.NewReader(d)); err == nil || !strings.Contains(err.Error(), "diff line 3: bad hunk header") {
			t.Errorf("%s: err = %v, want a bad hunk header at line 3", header, err)
		}
	}
	for _, header := range []string{"@@ -0,0 +1,2 @@", "@@ -1,2 +0,0 @@", "@@ -2147483646,1 +2147483646,1 @@"} {
		d := "--- a/x.go\n+++ b/x.go\n" + header + "\n"
		if _, err := ParseDiff(strings.NewReader(d)); err != nil {
			t.Errorf("%s: %v", header, err)
		}
	}
}

// A diff with context says what the change did to each line as the same
// diff without context does: which lines it added, removed and rewrote,
// and where each old line went (NewLines, OldEdits). A line of context
// inside a hunk mapped to the whole hunk, and a copy beside an edit, in
// the same hunk, looked edited.
func TestParseDiffContextAsNone(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(7, 8))
	for trial := range 60 {
		old := make([]string, 10+r.IntN(60))
		for i := range old {
			old[i] = fmt.Sprintf("line %d", r.IntN(12))
		}
		var new []string
		for _, l := range old {
			switch r.IntN(8) {
			case 0: // removed
			case 1: // rewritten
				new = append(new, l+" changed")
			case 2: // one added after
				new = append(new, l, fmt.Sprintf("added %d", r.IntN(5)))
			default:
				new = append(new, l)
			}
		}
		a, b := filepath.Join(dir, "a.go"), filepath.Join(dir, "b.go")
		if err := os.WriteFile(a, []byte(strings.Join(old, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(b, []byte(strings.Join(new, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		parse := func(context string) *File {
			out, _ := exec.Command("git", "diff", "--no-index", "--no-color", "-U"+context, a, b).Output()
			files, err := ParseDiff(bytes.NewReader(out))
			if err != nil {
				t.Fatalf("trial %d, -U%s: %v", trial, context, err)
			}
			for _, f := range files {
				return f
			}
			return &File{}
		}
		want := parse("0")
		for _, context := range []string{"1", "3", "10"} {
			got := parse(context)
			if !slices.Equal(got.Added, want.Added) || !slices.Equal(got.Gone, want.Gone) || !slices.Equal(got.Removed, want.Removed) ||
				!slices.Equal(got.OldEdits(), want.OldEdits()) {
				t.Fatalf("trial %d, -U%s: added %v, gone %v, removed %v, old edits %v; -U0: %v, %v, %v, %v", trial, context,
					got.Added, got.Gone, got.Removed, got.OldEdits(), want.Added, want.Gone, want.Removed, want.OldEdits())
			}
			for first := 1; first <= len(old); first++ {
				for last := first; last <= min(len(old), first+12); last++ {
					g1, g2 := got.NewLines(first, last)
					w1, w2 := want.NewLines(first, last)
					if g1 != w1 || g2 != w2 {
						t.Fatalf("trial %d, -U%s: old lines %d-%d went to %d-%d, -U0 says %d-%d", trial, context, first, last, g1, g2, w1, w2)
					}
				}
			}
		}
	}
}

// repeated is n bytes of b, read as they are asked for.
type repeated struct {
	b byte
	n int
}

func (r *repeated) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), r.n)
	for i := range p[:k] {
		p[i] = r.b
	}
	r.n -= k
	return k, nil
}

// A line of a hunk of any length is read as its first byte says, and
// the rest of the diff as before: git's diff of a Go file of one line
// of 70 MB (generated data, which loading then skips as too large)
// failed the run, exit 2, "reading the diff: bufio.Scanner: token too
// long". A file name or hunk header too long to be one is an error
// naming its line.
func TestDiffLongLines(t *testing.T) {
	head := "diff --git a/data.go b/data.go\nnew file mode 100644\nindex 0000000..1234567\n--- /dev/null\n+++ b/data.go\n@@ -0,0 +1,3 @@\n+package p\n+\n+var data = \""
	tail := "\"\r\n--- a/x.go\n+++ b/x.go\n@@ -2,2 +2,3 @@\n-a\n+b\n+c\n-d\n"
	short := head + "x" + tail
	want, _, err := ParseDiffDeleted(strings.NewReader(short))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{maxDiffLine, 70 << 20} {
		long := io.MultiReader(strings.NewReader(head), &repeated{'a', n}, strings.NewReader(tail))
		got, _, err := ParseDiffDeleted(long)
		if err != nil {
			t.Fatalf("a line of %d bytes: %v", n, err)
		}
		for _, name := range []string{"data.go", "x.go"} {
			if !reflect.DeepEqual(got[name].Added, want[name].Added) || !reflect.DeepEqual(got[name].Removed, want[name].Removed) ||
				!reflect.DeepEqual(got[name].Gone, want[name].Gone) || got[name].New != want[name].New {
				t.Errorf("a line of %d bytes: %s %+v; want %+v", n, name, got[name], want[name])
			}
		}
	}
	for _, d := range []string{
		"--- a/" + strings.Repeat("d/", maxDiffLine) + "x.go\n+++ b/x.go\n@@ -1 +1 @@\n-a\n+b\n",
		"--- a/x.go\n+++ b/x.go\n@@ -1 +1 @@ " + strings.Repeat("f", maxDiffLine) + "\n-a\n+b\n",
	} {
		if _, _, err := ParseDiffDeleted(strings.NewReader(d)); err == nil || !strings.HasPrefix(err.Error(), "diff line ") {
			t.Errorf("a header of %d bytes: %v; want an error naming its line", len(d), err)
		}
	}
}

// Text that holds no file header is no diff: an error page where a diff
// was fetched (curl -f left out), a Go file or git diff --stat's output
// named by mistake. It was read as a change of nothing, and the run
// passed every gate. A diff in color (git diff --color) says so. An empty diff, or one of blank lines, is a change of
// nothing, as before; so is one of a mode change alone.
func TestDiffWithoutHeader(t *testing.T) {
	for _, tc := range []struct{ in, err string }{
		{"<html><body>404 Not Found</body></html>\n", `diff line 1: not a unified diff: no file header (diff --git, --- or +++) among its lines, which begin "<html><body>404 Not Found</body></html>"`},
		{"\n\npackage p\n\nfunc F() {}\n", `diff line 3: not a unified diff: no file header (diff --git, --- or +++) among its lines, which begin "package p"`},
		{" a.go | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n", "diff line 1: not a unified diff"},
		// git diff --color (or color.ui=always) piped: said so.
		{"\x1b[1mdiff --git a/x.go b/x.go\x1b[m\n\x1b[1m--- a/x.go\x1b[m\n\x1b[1m+++ b/x.go\x1b[m\n\x1b[36m@@ -1 +1 @@\x1b[m\n\x1b[31m-x\x1b[m\n\x1b[32m+y\x1b[m\n",
			`diff line 1: not a unified diff: no file header (diff --git, --- or +++) among its lines, which begin "\x1b[1mdiff --git a/x.go b/x.go\x1b[m"; its lines hold a terminal's color codes: make it with git diff --no-color`},
		{"", ""},
		{"\n \n\n", ""},
		{"diff --git a/x.go b/x.go\nold mode 100644\nnew mode 100755\n", ""},
	} {
		_, _, err := ParseDiffDeleted(strings.NewReader(tc.in))
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%q: %v, want no error", tc.in, err)
		case tc.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.err)):
			t.Errorf("%q: %v, want %q", tc.in, err, tc.err)
		}
	}
}

// Binary data is no diff: a binary named by mistake whose bytes hold a
// line "+++ " (copycat's own did) was read as a change of nothing, and
// /dev/zero, a line without end, was read for ever (a file of 2 GB of
// zeros: 14 s, then "no file header"). A NUL byte outside a hunk is an
// error at once, what follows it unread; inside a hunk, where diff -a
// puts a binary file's bytes, it is a line's as before.
func TestDiffOfBinaryData(t *testing.T) {
	for _, in := range []string{
		"\x7fELF\x02\x01\x01\x00\x00\n--- a/x.go\n+++ b/x.go\n",
		"\x00\x00\x00\x00",
		"diff --git a/x.go b/x.go\n--- a/x.go\n+++ b/x.go\n@@ -1 +1 @@\n-a\n+b\n\x00\n",
	} {
		wantDiffError(t, in, "not a unified diff: a NUL byte outside a hunk")
	}
	// An endless line of zeros: an error once its first bytes are read.
	zeros := &countingReader{r: zeroReader{}, limit: 1 << 30}
	if _, _, err := ParseDiffDeleted(zeros); err == nil || !strings.HasPrefix(err.Error(), "diff line 1: not a unified diff: a NUL byte") {
		t.Errorf("endless zeros: %v, want a NUL byte on line 1", err)
	}
	if zeros.n > 2*maxDiffLine {
		t.Errorf("endless zeros: %d bytes read before the error, want at most %d", zeros.n, 2*maxDiffLine)
	}
	files, err := ParseDiff(strings.NewReader("--- a/x.go\n+++ b/x.go\n@@ -1 +1 @@\n-a\x00\n+b\x00\n"))
	if err != nil || files["x.go"] == nil || files["x.go"].AddedLines() != 1 {
		t.Errorf("a NUL inside a hunk: %v, %v; want x.go with its added line", files, err)
	}
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// countingReader counts what is read of r, and ends it after limit bytes
// with an error, so that a reader that never stops fails the test.
type countingReader struct {
	r        io.Reader
	n, limit int
}

func (c *countingReader) Read(p []byte) (int, error) {
	if c.n >= c.limit {
		return 0, errors.New("read past the limit")
	}
	n, err := c.r.Read(p[:min(len(p), c.limit-c.n)])
	c.n += n
	return n, err
}

// A diff made without git's a/ and b/ prefixes (git diff --no-prefix or
// with diff.noprefix set, diff -u b/b.go) names its files whole: a/a.go
// was read as a.go and b/b.go as b.go, which no file is, and -diff
// judged a change of nothing. A diff with the prefixes, or one naming
// files that are nowhere, is read as before.
func TestUnprefixed(t *testing.T) {
	root := t.TempDir()
	testtool.WriteFiles(t, root, map[string]string{"a/a.go": "package a\n", "b/b.go": "package b\n", "c.go": "package c\n"})
	parse := func(diff string) (map[string]*File, []*File) {
		t.Helper()
		files, deleted, err := ParseDiffDeleted(strings.NewReader(diff))
		if err != nil {
			t.Fatal(err)
		}
		return Unprefixed(root, files, deleted), deleted
	}
	bare := "diff --git a/a.go a/a.go\nindex 1111111..2222222 100644\n--- a/a.go\n+++ a/a.go\n@@ -1,0 +2 @@\n+x\n" +
		"diff --git b/b.go b/b.go\nnew file mode 100644\n--- /dev/null\n+++ b/b.go\n@@ -0,0 +1 @@\n+x\n" +
		"diff --git a/gone.go a/gone.go\ndeleted file mode 100644\n--- a/gone.go\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n"
	files, deleted := parse(bare)
	if got := names(files); !slices.Equal(got, []string{"a/a.go", "b/b.go"}) || files["a/a.go"].Name != "a/a.go" || files["a/a.go"].Old != "a/a.go" {
		t.Errorf("a diff without prefixes: names %q, a/a.go's old name %q", got, files["a/a.go"].Old)
	}
	if len(deleted) != 1 || deleted[0].Old != "a/gone.go" {
		t.Errorf("a diff without prefixes: deleted %+v, want a/gone.go", deleted)
	}
	// git's own: a/c.go is c.go, which exists.
	files, _ = parse("diff --git a/c.go b/c.go\n--- a/c.go\n+++ b/c.go\n@@ -1,0 +2 @@\n+x\n" +
		"diff --git a/a/a.go b/a/a.go\n--- a/a/a.go\n+++ b/a/a.go\n@@ -1,0 +2 @@\n+x\n")
	if got := names(files); !slices.Equal(got, []string{"a/a.go", "c.go"}) {
		t.Errorf("a diff with git's prefixes: names %q, want a/a.go and c.go", got)
	}
	// git's mnemonic prefixes (diff.mnemonicPrefix): c/ and w/, i/, o/.
	files, deleted = parse("diff --git c/c.go w/c.go\n--- c/c.go\n+++ w/c.go\n@@ -1,0 +2 @@\n+x\n" +
		"diff --git i/a/a.go w/a/a.go\n--- i/a/a.go\n+++ w/a/a.go\n@@ -1,0 +2 @@\n+x\n" +
		"diff --git c/gone.go o/gone.go\ndeleted file mode 100644\n--- c/gone.go\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n")
	if got := names(files); !slices.Equal(got, []string{"a/a.go", "c.go"}) || len(deleted) != 1 || deleted[0].Old != "gone.go" {
		t.Errorf("a diff with mnemonic prefixes: names %q, deleted %+v; want a/a.go and c.go, gone.go", got, deleted)
	}
	// Names that are nowhere, cut or whole: as git's.
	files, _ = parse("--- a/x.go\n+++ b/x.go\n@@ -1,0 +2 @@\n+x\n")
	if got := names(files); !slices.Equal(got, []string{"x.go"}) {
		t.Errorf("a diff of files that are nowhere: names %q, want x.go", got)
	}
}

// TestDiffErrorsShort: a bad line of a diff is quoted by its start, not
// whole: a line of 50,000 bytes inside a hunk made an error of 50 KB.
func TestDiffErrorsShort(t *testing.T) {
	long := strings.Repeat("\x00x", 30_000)
	for _, d := range []string{
		"--- a/x.go\n+++ b/x.go\n@@ -1,2 +1,2 @@\n?" + long + "\n",
		"--- a/x.go\n+++ b/x.go\n@@ -1,2 +1,2 @" + long[:1000] + "\n",
		long + "\n",
	} {
		_, _, err := ParseDiffDeleted(strings.NewReader(d))
		if err == nil || len(err.Error()) > 400 || !strings.HasPrefix(err.Error(), "diff line ") || !strings.Contains(err.Error(), "…") {
			t.Errorf("%.40q: %.300v (%d bytes); want an error naming its line, of at most 400 bytes", d, err, len(fmt.Sprint(err)))
		}
	}
}

// A diff names at most as many files as a commit's tree may hold, each
// file held for its queries: two million cost 2.3 GB (180 MB of
// headers). One named twice counts once; one deleted counts too.
func TestDiffFilesBounded(t *testing.T) {
	defer func(old int) { maxTreeFiles = old }(maxTreeFiles)
	maxTreeFiles = 10
	diff := func(n int, deleted bool) string {
		var b strings.Builder
		for i := range n {
			if deleted && i == n-1 {
				fmt.Fprintf(&b, "--- a/gone.go\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n")
				continue
			}
			fmt.Fprintf(&b, "--- a/f%d.go\n+++ b/f%d.go\n@@ -1 +1 @@\n-x\n+y\n", i, i)
		}
		return b.String()
	}
	if _, _, err := ParseDiffDeleted(strings.NewReader(diff(10, true) + "--- a/f0.go\n+++ b/f0.go\n@@ -5 +5 @@\n-x\n+y\n")); err != nil {
		t.Errorf("10 files, one named twice: %v", err)
	}
	for _, deleted := range []bool{false, true} {
		_, _, err := ParseDiffDeleted(strings.NewReader(diff(11, deleted)))
		if want := "the diff names more than 10 files, the most copycat reads of a change"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("11 files (the last deleted: %v): %v, want %q", deleted, err, want)
		}
	}
}

// A diff holds at most maxDiffHunks hunks as git diff -U0 writes them:
// text that looks like a diff can hold runs of changed lines without end,
// each held for the change's queries (a hunk header, then "+x" and " x"
// by turns: 4.2 GB for 200 MB). A hunk with context counts each of its
// runs, one of no change counts once, and the files' hunks add up.
func TestDiffHunksBounded(t *testing.T) {
	defer func(old int) { maxDiffHunks = old }(maxDiffHunks)
	maxDiffHunks = 10
	u0 := func(files, each int) string {
		var b strings.Builder
		for f := range files {
			fmt.Fprintf(&b, "diff --git a/f%d.go b/f%d.go\n--- a/f%d.go\n+++ b/f%d.go\n", f, f, f, f)
			for h := range each {
				fmt.Fprintf(&b, "@@ -%d +%d @@\n-x\n+y\n", 2*h+1, 2*h+1)
			}
		}
		return b.String()
	}
	// One hunk with context of n runs, each a line rewritten, and n-1
	// hunks of no change.
	context := func(n int) string {
		var b strings.Builder
		fmt.Fprintf(&b, "--- a/x.go\n+++ b/x.go\n@@ -1,%d +1,%d @@\n", 2*n, 2*n)
		for range n {
			b.WriteString("-x\n+y\n z\n")
		}
		return b.String()
	}
	quiet := func(n int) string {
		return "--- a/x.go\n+++ b/x.go\n" + strings.Repeat("@@ -1 +1 @@\n x\n", n)
	}
	for _, tc := range []struct {
		name, diff string
		line       int // of the error; 0: none
	}{
		{"ten hunks", u0(2, 5), 0},
		{"ten runs", context(10), 0},
		{"eleven hunks", u0(1, 11), 34},
		{"eleven hunks in three files", u0(2, 5) + "--- a/g.go\n+++ b/g.go\n@@ -1 +1 @@\n-x\n+y\n", 39},
		{"a file named twice", u0(1, 6) + u0(1, 5), 37},
		{"eleven runs", context(11), 34},
		{"eleven hunks of no change", quiet(11), 23},
	} {
		_, _, err := ParseDiffDeleted(strings.NewReader(tc.diff))
		switch want := fmt.Sprintf("diff line %d: the diff holds more than 10 hunks (runs of changed lines, as git diff -U0 writes them), the most copycat holds of a change", tc.line); {
		case tc.line == 0 && err != nil:
			t.Errorf("%s: %v, want no error", tc.name, err)
		case tc.line != 0 && (err == nil || err.Error() != want):
			t.Errorf("%s: %v, want %q", tc.name, err, want)
		}
	}
}

// TestDiffObjectIDs: an index line's old object is kept only when it is
// an object's ID; git cat-file would read any name of one, a revision's
// file (HEAD:secret.go) or a tree, as the old file.
func TestDiffObjectIDs(t *testing.T) {
	for id, want := range map[string]string{
		"1234567":                "1234567",
		strings.Repeat("ab", 20): strings.Repeat("ab", 20),
		"0000000":                "", // a new file
		"HEAD:secret.go":         "",
		"main^{tree}":            "",
		"12":                     "",
		"ABCDEF0":                "",
	} {
		diff := "diff --git a/x.go b/x.go\nindex " + id + "..89abcde 100644\n--- a/x.go\n+++ b/x.go\n@@ -1 +1 @@\n-a\n+b\n"
		files, err := ParseDiff(strings.NewReader(diff))
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if got := files["x.go"].OldBlob; got != want {
			t.Errorf("index %s..89abcde: old object %q, want %q", id, got, want)
		}
	}
}

// git writes the change of a file its attributes call binary without its
// lines: a Go file's so (a .gitattributes of "*.go -diff" in the tree)
// was read as a change of nothing, and every copy made there passed the
// gates. It is an error naming the line; a binary file that is no Go
// file (an image) is read past as before.
func TestDiffBinaryGoFile(t *testing.T) {
	for _, in := range []string{
		"diff --git a/x.go b/x.go\nindex 1111111..2222222 100644\nBinary files a/x.go and b/x.go differ\n",
		"diff --git a/x.go b/x.go\nnew file mode 100644\nindex 0000000..2222222\nBinary files /dev/null and b/x.go differ\n",
		"diff --git a/x.go b/x.go\ndeleted file mode 100644\nindex 1111111..0000000\nBinary files a/x.go and /dev/null differ\n",
		"diff --git \"a/\\tx.go\" \"b/\\tx.go\"\nindex 1111111..2222222 100644\nBinary files \"a/\\tx.go\" and \"b/\\tx.go\" differ\n",
		"diff --git a/x.go b/x.go\nindex 1111111..2222222 100644\nGIT binary patch\nliteral 5\nMcmZQzWMXCj0000\n\nliteral 0\nHcmV?d00001\n\n",
	} {
		wantDiffError(t, in, "the change of a Go file without its lines (git diff --text writes them)")
	}
	files, err := ParseDiff(strings.NewReader("diff --git a/logo.png b/logo.png\nindex 1111111..2222222 100644\nBinary files a/logo.png and b/logo.png differ\n" +
		"diff --git a/x.go b/x.go\n--- a/x.go\n+++ b/x.go\n@@ -1 +1 @@\n-a\n+b\n"))
	if err != nil || len(files) != 1 || files["x.go"] == nil || files["x.go"].AddedLines() != 1 {
		t.Errorf("an image's binary change: %v, %v; want x.go with its added line", files, err)
	}
}

// wantDiffError checks that the diff in is refused with an error saying
// want.
func wantDiffError(t *testing.T, in, want string) {
	t.Helper()
	if _, _, err := ParseDiffDeleted(strings.NewReader(in)); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%q: %v, want an error saying %q", in, err, want)
	}
}
