package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/change"
	"github.com/copycat-go/copycat/fingerprint"
)

// The Markdown report of a change lists its forgotten twins, new copies
// and grown classes, one line each on the copy the change touched, and
// the share of the added lines in new copies with the gate.
func TestMarkdownChange(t *testing.T) {
	twin := class("t", fingerprint.Near, "a/a_x.go", "b/b.go")
	twin.Lines = 20
	pasted := class("n", fingerprint.Exact, "c/c.go", "a/a.go")
	pasted.Lines = 20
	rep := &Report{
		Classes: []fingerprint.Class{twin, pasted},
		Verdicts: []change.Verdict{
			{Kind: change.ForgottenTwin, Touched: []bool{true, false}, New: []bool{false, false}, Added: []int{1, 0}, Removed: []int{1, 0}},
			{Kind: change.New, Touched: []bool{true, false}, New: []bool{true, false}, Added: []int{6, 0}, Removed: []int{0, 0}},
		},
		Change: &ChangeStats{New: 1, ForgottenTwins: 1, AddedLines: 12, NewDuplicated: 6, MaxNew: 10},
	}
	var buf bytes.Buffer
	if err := Markdown(&buf, rep); err != nil {
		t.Fatal(err)
	}
	want := "### copycat: 1 new copy, 1 forgotten twin, 0 classes grown\n\n" +
		"**Forgotten twins: the change edited one copy and not the other**\n\n" +
		"- `a/a_x.go:10-15` (near 0%, 20 lines): forgotten twin: you changed this copy (1 line added, 1 line removed); b/b.go:20-25 held the same code and was not changed\n\n" +
		"**New copies**\n\n" +
		"- `c/c.go:10-15` (exact, 20 lines): new copy of a/a.go:20-25 (that copy unchanged)\n\n" +
		"New duplicated lines: 6 of the 12 lines the change added (50.0%), **over** `-max-new-duplication 10`.\n"
	if got := buf.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// A forgotten twin in tests, left out, is counted.
	inTests := class("u", fingerprint.Near, "a/a_test.go", "b/b_test.go")
	inTests.Signal.LeftOut = LeftTests
	rep.Left = []fingerprint.Class{inTests}
	buf.Reset()
	if err := Markdown(&buf, rep); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != want+"\nNot listed: 1 class in tests.\n" {
		t.Errorf("with a class left out, got\n%s", got)
	}
}

// A forgotten twin of a class of three or more names every copy the
// change did not edit: the summary named the first alone, and each may
// need the same edit.
func TestMarkdownForgottenTwins(t *testing.T) {
	c := class("t", fingerprint.Near, "a/a.go", "b/b.go", "c/c.go")
	c.Lines = 20
	got := forgottenTwinMarkdown(t, c)
	if want := "; not changed: `b/b.go:20-25`, `c/c.go:30-35`\n"; !strings.Contains(got, want) {
		t.Errorf("got\n%s\nwant it to end an item with %q", got, want)
	}
}

// forgottenTwinMarkdown is the Markdown report of a change that edited
// c's first copy (a line added, a line removed) and none of the others.
func forgottenTwinMarkdown(t *testing.T, c fingerprint.Class) string {
	t.Helper()
	n := len(c.Fragments)
	v := change.Verdict{Kind: change.ForgottenTwin, Touched: make([]bool, n), New: make([]bool, n), Added: make([]int, n), Removed: make([]int, n)}
	v.Touched[0], v.Added[0], v.Removed[0] = true, 1, 1
	rep := &Report{
		Classes:  []fingerprint.Class{c},
		Verdicts: []change.Verdict{v},
		Change:   &ChangeStats{ForgottenTwins: 1, AddedLines: 1, MaxNew: -1},
	}
	var buf bytes.Buffer
	if err := Markdown(&buf, rep); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// A change's item names one copy of a class whose copies differ in
// length: it says both lengths, as the table and the text report's
// reason do. It said the shortest alone, "34 lines" for a copy at
// lines 101-140.
func TestMarkdownChangeLines(t *testing.T) {
	c := class("t", fingerprint.Near, "a/a.go", "b/b.go")
	c.Lines, c.Fragments[0].End.Line = 6, 19
	if got, want := forgottenTwinMarkdown(t, c), "- `a/a.go:10-19` (near 0%, 6–10 lines): "; !strings.Contains(got, want) {
		t.Errorf("got\n%s\nwant an item starting %q", got, want)
	}
}

// Without a change, a table of the first classes, with what was left out;
// names and reasons cannot break the table or the markup.
func TestMarkdownTree(t *testing.T) {
	c := class("c", fingerprint.Exact, "a/we`ird.go", "b/b|c.go")
	c.Signal.Reason = "production | 2 packages"
	c.Lines = 6
	// Copies of other lengths: the cell says both, as the reason does.
	d := class("d", fingerprint.Exact, "p/p.go", "q/q.go")
	d.Lines, d.Fragments[1].End.Line = 6, 28
	left := []fingerprint.Class{class("t", fingerprint.Exact, "a/x_test.go", "b/y_test.go")}
	Rank(left, nil, SortRank)
	rep := &Report{Classes: []fingerprint.Class{c, d}, Left: left}
	rep.Stats.Classes = 2
	var buf bytes.Buffer
	if err := Markdown(&buf, rep); err != nil {
		t.Fatal(err)
	}
	got := buf.String()
	for _, want := range []string{
		"| 1 | exact | 2 | 6 | ``a/we`ird.go:10-15`` | `b/b\\|c.go:20-25` | production \\| 2 packages |\n",
		"| 2 | exact | 2 | 6–9 | `p/p.go:10-15` | `q/q.go:20-28` |",
		"\nNot listed: 1 class in tests.\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
}

// A copy pasted to several places says so on the copy it came from: the
// first of them named, and how many more (it named the first alone, as
// if the change had copied the code once).
// A drifted class's row says which copies drifted and how, as the text
// report says it on each copy: the class's reason, "a copy lacks the
// guard", named none.
func TestMarkdownTreeDrift(t *testing.T) {
	c := lackedByTwo()
	c.Divergent, c.Signal.Reason = true, "drifted: 2 copies lack the guard"
	c.Fragments = append(c.Fragments, c.Fragments[1], c.Fragments[2], c.Fragments[1])
	for i := range c.Fragments {
		c.Fragments[i].File = fmt.Sprintf("p%d/@f.go", i)
	}
	rep := &Report{Classes: []fingerprint.Class{c}}
	var buf bytes.Buffer
	if err := Markdown(&buf, rep); err != nil {
		t.Fatal(err)
	}
	want := "| drifted: 2 copies lack the guard; `p1/@f.go:20-25` lacks the guard of p0/@&#8203;f.go:11-12 (after this copy's line 20); " +
		"`p2/@f.go:30-35` lacks the guard of p0/@&#8203;f.go:11-12 (after this copy's line 20); `p3/@f.go:20-25` lacks the guard of p0/@&#8203;f.go:11-12 (after this copy's line 20); and 2 more |\n"
	if got := buf.String(); !strings.Contains(got, want) {
		t.Errorf("lacks %q:\n%s", want, got)
	}
}

func TestChangeWordsPastedTwice(t *testing.T) {
	for _, tc := range []struct {
		v    change.Verdict
		want string
	}{
		{change.Verdict{Kind: change.New, Touched: []bool{false, true, true}, New: []bool{false, true, true}},
			"the change copied this code to b/b.go:20-25 and 1 more place"},
		{change.Verdict{Kind: change.New, Touched: []bool{false, true, false}, New: []bool{false, true, false}},
			"the change copied this code to b/b.go:20-25"},
		{change.Verdict{Kind: change.Grown, Touched: []bool{false, false, true, true}, New: []bool{false, false, true, true}},
			"the change added copies of this code, at c/c.go:30-35 and 1 more place"},
		{change.Verdict{Kind: change.Grown, Touched: []bool{false, false, true}, New: []bool{false, false, true}},
			"the change added one more copy of this code, at c/c.go:30-35"},
	} {
		c := class("n", fingerprint.Exact, "a/a.go", "b/b.go", "c/c.go", "d/d.go")
		c.Fragments = c.Fragments[:len(tc.v.New)]
		n := len(tc.v.New)
		tc.v.Added, tc.v.Removed = make([]int, n), make([]int, n)
		if got := ChangeWords(c, tc.v, 0); got != tc.want {
			t.Errorf("%s %v: %q, want %q", tc.v.Kind, tc.v.New, got, tc.want)
		}
	}
}

// A new copy names its twin as the change left it: a twin the change
// edited too (a guard added to the original after it was pasted) is said
// so, where it was said unchanged; an untouched twin is named before an
// edited one.
func TestChangeWordsTwinEditedToo(t *testing.T) {
	for _, tc := range []struct {
		v    change.Verdict
		want string
	}{
		{change.Verdict{Kind: change.New, Touched: []bool{true, true}, New: []bool{false, true},
			Added: []int{3, 6}, AddedAt: [][]fingerprint.LineRange{{{Start: 14, End: 16}}, nil}},
			"new copy of a/a.go:10-15 (that copy edited too: lines 14-16 added)"},
		{change.Verdict{Kind: change.New, Touched: []bool{true, true}, New: []bool{false, true},
			Added: []int{1, 6}, Removed: []int{2, 0}},
			"new copy of a/a.go:10-15 (that copy edited too: 1 line added, 2 lines removed)"},
		{change.Verdict{Kind: change.New, Touched: []bool{false, true}, New: []bool{false, true}},
			"new copy of a/a.go:10-15 (that copy unchanged)"},
		{change.Verdict{Kind: change.Grown, Touched: []bool{true, false, true}, New: []bool{false, false, true},
			Added: []int{2, 0, 6}},
			"one more copy of b/b.go:20-25 (that copy unchanged): the class grew to 3 copies"},
		{change.Verdict{Kind: change.Grown, Touched: []bool{true, true, true}, New: []bool{false, false, true},
			Added: []int{2, 1, 6}},
			"one more copy of a/a.go:10-15 (that copy edited too: 2 lines added): the class grew to 3 copies"},
	} {
		n := len(tc.v.New)
		c := class("n", fingerprint.Exact, "a/a.go", "b/b.go", "c/c.go")
		c.Fragments = c.Fragments[:n]
		if tc.v.Added == nil {
			tc.v.Added = make([]int, n)
		}
		if tc.v.Removed == nil {
			tc.v.Removed = make([]int, n)
		}
		if got := ChangeWords(c, tc.v, n-1); got != tc.want {
			t.Errorf("%s %v: %q, want %q", tc.v.Kind, tc.v.Touched, got, tc.want)
		}
	}
}

// A copy pasted into a near class names the copy it is the same as,
// where the class says so, before another the change left as it was: a
// paste of the original that has a guard named the twin that lacks it.
func TestChangeWordsNamesTheCopyPasted(t *testing.T) {
	v := change.Verdict{Kind: change.Grown, Touched: []bool{false, false, true}, New: []bool{false, false, true},
		Added: []int{0, 0, 20}, Removed: make([]int, 3)}
	for _, tc := range []struct {
		name    string
		differs [3][]fingerprint.LineRange // of a/a.go:10-15, b/b.go:20-25, c/c.go:30-35
		want    string
	}{
		{"the same as the first", [3][]fingerprint.LineRange{nil, {{Start: 22, End: 22}}, nil},
			"one more copy of a/a.go:10-15 (that copy unchanged): the class grew to 3 copies"},
		{"the same as the second", [3][]fingerprint.LineRange{nil, {{Start: 22, End: 22}}, {{Start: 32, End: 32}}},
			"one more copy of b/b.go:20-25 (that copy unchanged): the class grew to 3 copies"},
		{"the same as neither", [3][]fingerprint.LineRange{nil, {{Start: 22, End: 22}}, {{Start: 33, End: 33}}},
			"one more copy of a/a.go:10-15 (that copy unchanged): the class grew to 3 copies"},
	} {
		c := class("n", fingerprint.Near, "a/a.go", "b/b.go", "c/c.go")
		for k := range c.Fragments {
			c.Fragments[k].Differs = tc.differs[k]
		}
		if got := ChangeWords(c, v, 2); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// NewCopies counts the copies a change pasted: every one it added, less
// the one the others copy when it added the whole class.
func TestNewCopies(t *testing.T) {
	for _, tc := range []struct {
		isNew []bool
		want  int
	}{
		{[]bool{false, true}, 1},
		{[]bool{false, true, true}, 2},
		{[]bool{true, true}, 1},       // a function written and pasted once
		{[]bool{true, true, true}, 2}, // and pasted twice
		{[]bool{false, false}, 0},     // a forgotten twin or copies grown alike
	} {
		if got := NewCopies(change.Verdict{New: tc.isNew}); got != tc.want {
			t.Errorf("NewCopies(%v) = %d, want %d", tc.isNew, got, tc.want)
		}
	}
}

// With -all the table holds the classes left out too, each row's reason
// ending with its rule as the text report's line does, and the closing
// line counts them as "of these", not as classes apart from the table
// (it said "Not listed: 1 class in tests." under a table listing it,
// with nothing on its row to say so). A report of no class has one
// blank line before that line, not two.
func TestMarkdownAll(t *testing.T) {
	c := class("c", fingerprint.Exact, "a/a.go", "b/b.go")
	c.Signal.Reason = "production, 2 packages, 6 lines"
	inTests := class("t", fingerprint.Exact, "a/x_test.go", "b/y_test.go")
	inTests.Signal.Reason = "tests, 2 packages, 6 lines"
	inTests.Signal.LeftOut = LeftTests
	rep := &Report{Classes: []fingerprint.Class{c, inTests}, All: true}
	rep.Stats.Classes = 2
	var buf bytes.Buffer
	if err := Markdown(&buf, rep); err != nil {
		t.Fatal(err)
	}
	got := buf.String()
	for _, want := range []string{
		"| production, 2 packages, 6 lines |\n",
		"| tests, 2 packages, 6 lines; not listed: tests |\n",
		"\nOf these, not listed by default: 1 class in tests.\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "Not listed") {
		t.Errorf("counts the classes of its table as not listed:\n%s", got)
	}

	rep = &Report{Left: []fingerprint.Class{inTests}}
	buf.Reset()
	if err := Markdown(&buf, rep); err != nil {
		t.Fatal(err)
	}
	want := "### copycat: 0 clone classes, 0 duplicated lines (0.0% of 0 lines)\n\nNot listed: 1 class in tests.\n"
	if got := buf.String(); got != want {
		t.Errorf("no class listed: got\n%q\nwant\n%q", got, want)
	}
}

// The HTML list says a class's lines as the Markdown table does: both
// lengths where its copies differ, as its reason does ("16 to 20 lines"),
// where it showed the shortest alone.
func TestHTMLLinesCell(t *testing.T) {
	d := class("d", fingerprint.Exact, "p/p.go", "q/q.go")
	d.Lines, d.Fragments[1].End.Line = 1200, 2213
	got := string(classRows([]htmlRow{row(0, d, "")}))
	if want := `<span class="num">1,200–2,194</span>`; !strings.Contains(got, want) {
		t.Errorf("row %s\nlacks %s", got, want)
	}
}

// A name said in a change's words is no mention: a file @octocat.go, the
// untouched twin of a copy the change edited, was named in plain text,
// and GitHub notified @octocat of the comment the report was posted as.
func TestMarkdownNoMentions(t *testing.T) {
	for name, said := range map[string]string{"@octocat.go": "@&#8203;octocat.go", "&#64;octocat.go": `&amp;\#64;octocat.go`} {
		c := class("t", fingerprint.Near, "a/a.go", name)
		c.Lines = 20
		got := forgottenTwinMarkdown(t, c)
		if want := "; " + said + ":20-25 held the same code"; strings.Contains(got, "@octocat") || !strings.Contains(got, want) {
			t.Errorf("got\n%s\nwant the name as %q", got, want)
		}
	}
}
