package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"html"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/change"
	"github.com/copycat-go/copycat/fingerprint"
)

const xss = `</script><script>alert(1)</script>`

func htmlFor(t *testing.T, rep *Report, readFile func(string) ([]byte, error)) string {
	t.Helper()
	var buf bytes.Buffer
	if err := HTML(&buf, rep, HTMLOptions{ReadFile: readFile}); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// dataBlock matches one chunk of the copies' data in a page.
var dataBlock = regexp.MustCompile(`(?s)<script type="application/json" class="data" data-first="(\d+)">(.*?)</script>`)

// pageData extracts the copies from a page's data chunks, checking that
// the chunks hold consecutive classes.
func pageData(t *testing.T, page string) []htmlClass {
	t.Helper()
	ms := dataBlock.FindAllStringSubmatch(page, -1)
	if ms == nil {
		t.Fatal("no data block in the page")
	}
	var data []htmlClass
	for _, m := range ms {
		if first, _ := strconv.Atoi(m[1]); first != len(data) {
			t.Fatalf("a chunk starts at class %d, after %d classes", first, len(data))
		}
		var chunk []htmlClass
		if err := json.Unmarshal([]byte(m[2]), &chunk); err != nil {
			t.Fatalf("data block: %v", err)
		}
		data = append(data, chunk...)
	}
	return data
}

func TestHTMLEscapesSource(t *testing.T) {
	rep, readFile := fixture(t, "clones.txtar")
	page := htmlFor(t, rep, readFile)
	// Each script element (the data chunks and the code) ends once: the
	// literal's "</script>" does not end a data block.
	if n, want := strings.Count(page, "</script"), len(dataBlock.FindAllString(page, -1))+1; n != want {
		t.Errorf("page has %d script end tags, want %d (data chunks and code)", n, want)
	}
	if strings.Contains(page, "<!--") {
		t.Error("page holds <!--, which changes how a script element ends")
	}
	if strings.Contains(page, "http://") || regexp.MustCompile(`src=|href="http`).MatchString(page) {
		t.Error("page refers to something outside itself")
	}
	// The copies decode to their source text, the literal in it.
	found := false
	for _, c := range pageData(t, page) {
		for _, cp := range c.Copies {
			if strings.Contains(cp.Text, xss) {
				found = true
			}
		}
	}
	if !found {
		t.Error("the literal is not in the copies' text")
	}
}

func TestHTMLDeterministic(t *testing.T) {
	rep, readFile := fixture(t, "clones.txtar")
	a, b := htmlFor(t, rep, readFile), htmlFor(t, rep, readFile)
	if a != b {
		t.Error("two renderings of one report differ")
	}
}

// divergeLast makes the last class of rep divergent: its second copy has
// its first line, which the first copy lacks.
func divergeLast(rep *Report) {
	c := &rep.Classes[len(rep.Classes)-1]
	c.Divergent = true
	f := &c.Fragments[1]
	f.Extra = []fingerprint.LineRange{{Start: f.Start.Line, End: f.Start.Line}}
	c.Fragments[0].Lacks = true
}

// A divergent class's page data says which copy has which extra lines and
// which copy lacks them.
func TestHTMLDivergent(t *testing.T) {
	rep, readFile := fixture(t, "clones.txtar")
	divergeLast(rep)
	data := pageData(t, htmlFor(t, rep, readFile))
	c, f := data[len(data)-1], rep.Classes[len(rep.Classes)-1].Fragments
	if want := [][2]int{{f[1].Start.Line, f[1].Start.Line}}; !reflect.DeepEqual(c.Copies[1].Extra, want) || c.Copies[1].Lacks {
		t.Errorf("second copy: extra %v, lacks %v; want %v, false", c.Copies[1].Extra, c.Copies[1].Lacks, want)
	}
	if !c.Copies[0].Lacks || c.Copies[0].Extra != nil {
		t.Errorf("first copy: extra %v, lacks %v; want none, true", c.Copies[0].Extra, c.Copies[0].Lacks)
	}
	for _, cp := range data[0].Copies {
		if cp.Lacks || cp.Extra != nil {
			t.Errorf("a class that does not diverge: extra %v, lacks %v", cp.Extra, cp.Lacks)
		}
	}
}

func TestHTMLUnreadableFile(t *testing.T) {
	rep, _ := fixture(t, "clones.txtar")
	page := htmlFor(t, rep, func(name string) ([]byte, error) { return nil, errors.New("gone") })
	for _, c := range pageData(t, page) {
		for _, cp := range c.Copies {
			if cp.Text != "" || !strings.Contains(cp.Error, "gone") {
				t.Errorf("%s: want the read error, got %+v", cp.File, cp)
			}
		}
	}
}

func TestHTMLSummary(t *testing.T) {
	rep, readFile := fixture(t, "clones.txtar")
	page := htmlFor(t, rep, readFile)
	for _, want := range []string{
		"<dd>2</dd>",               // files and classes
		`<td>a</td>`, `<td>b</td>`, // per-package rows
		`data-kind="exact"`, `data-kind="renamed"`,
		`<option value="near">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

func TestCutCopy(t *testing.T) {
	tests := []struct {
		name string
		src  string
		frag fingerprint.Fragment
		want string
	}{
		{"whole lines", "package p\nfunc f() {\n\tx()\n}\nvar y\n", frag(2, 6, 4, 2), "func f() {\n\tx()\n}"},
		{"last line of the file", "a\nb", frag(2, 1, 2, 2), "b"},
		{"CRLF", "a := 1\r\nb := 2\r\nc\r\n", frag(1, 1, 2, 7), "a := 1\r\nb := 2"},
		{"past the end of the file", "x()", frag(1, 1, 3, 1), "x()"},
		{"file shorter than the fragment", "x()\n", frag(3, 1, 4, 1), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(tt.src)
			if got := string(cutCopy(src, lineStarts(src), tt.frag)); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func frag(l0, c0, l1, c1 int) fingerprint.Fragment {
	return fingerprint.Fragment{Start: fingerprint.Position{Line: l0, Column: c0}, End: fingerprint.Position{Line: l1, Column: c1}}
}

func TestHTMLEscapesNames(t *testing.T) {
	evil := `x"><script>alert(2)</script>'&.go`
	rep := &Report{
		Files: []FileInfo{{Name: evil, Lines: 20}, {Name: "ok.go", Lines: 20}},
		Classes: []fingerprint.Class{{ID: "ab", Kind: fingerprint.Exact, Similarity: 1, Tokens: 50, Lines: 3,
			Fragments: []fingerprint.Fragment{frag(1, 1, 3, 2), frag(5, 1, 7, 2)}}},
	}
	rep.Classes[0].Fragments[0].File = evil
	rep.Classes[0].Fragments[1].File = "ok.go"
	src := []byte("a\nb\nc\nd\ne\nf\ng\n")
	page := htmlFor(t, rep, func(string) ([]byte, error) { return src, nil })
	if strings.Contains(page, "<script>alert(2)") || strings.Count(page, "<script") != 2 {
		t.Error("a file name's markup reached the page")
	}
	for _, want := range []string{
		`data-first="x&#34;&gt;&lt;script&gt;alert(2)&lt;/script&gt;&#39;&amp;.go:1"`,
		`<span class="where">x&#34;&gt;&lt;script&gt;alert(2)&lt;/script&gt;&#39;&amp;.go:1</span>`,
		`<td>x&#34;&gt;&lt;script&gt;alert(2)&lt;</td>`, // its directory
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	if got := pageData(t, page)[0].Copies[0].File; got != evil {
		t.Errorf("data block file %q, want %q", got, evil)
	}
}

func TestHTMLEmpty(t *testing.T) {
	page := htmlFor(t, &Report{}, nil)
	for _, want := range []string{"<dd>0</dd>", "No clones.", `class="data" data-first="0">[]</script>`} {
		if !strings.Contains(page, want) {
			t.Errorf("empty report lacks %q", want)
		}
	}
}

func TestHTMLChunks(t *testing.T) {
	rep, readFile := fixture(t, "clones.txtar")
	whole := pageData(t, htmlFor(t, rep, readFile))
	defer func(n int) { chunkBytes = n }(chunkBytes)
	chunkBytes = 1 // a chunk per class
	page := htmlFor(t, rep, readFile)
	if n := len(dataBlock.FindAllString(page, -1)); n != len(rep.Classes) {
		t.Errorf("%d chunks, want one per class (%d)", n, len(rep.Classes))
	}
	if got := pageData(t, page); !reflect.DeepEqual(got, whole) {
		t.Errorf("the chunks hold other copies than one block:\n%+v\n%+v", got, whole)
	}
}

func TestGroup(t *testing.T) {
	for n, want := range map[int]string{
		0: "0", 7: "7", 999: "999", 1000: "1,000", 12345: "12,345", 1506929: "1,506,929",
		-1000: "-1,000", -999: "-999", 100000000: "100,000,000",
	} {
		if got := group(n); got != want {
			t.Errorf("group(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestHTMLFigures checks that the page's figures are grouped by
// thousands where people read them, and plain where the script does.
func TestHTMLFigures(t *testing.T) {
	rep, readFile := layoutReport()
	page := htmlFor(t, rep, readFile)
	for _, want := range []string{
		"<dd>1,506,929</dd>", "<dd>12,345</dd>", // summary
		`<td class="num">5</td><td class="num">1,076,365</td>`, // a directory's files and lines
		`5 copies of 8 lines`, `<span id="count">80 classes</span>`,
		`data-tokens="1234"`, `<span class="num">1,234</span>`, // a row
		"written by copycat " + testVersion, // the footer
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	rep.Classes = rep.Classes[:1]
	rep.Classes[0].Lines = 1
	for k := range rep.Classes[0].Fragments {
		f := &rep.Classes[0].Fragments[k]
		f.End.Line = f.Start.Line
	}
	page = htmlFor(t, rep, readFile)
	for _, want := range []string{`2 copies of 1 line <span`, `<span id="count">1 class</span>`} {
		if !strings.Contains(page, want) {
			t.Errorf("page of one class lacks %s", want)
		}
	}
	// Copies of different lengths: the shortest and the longest, as the
	// text report says them (it said the shortest alone: "2 copies of 1
	// line" of a class whose other copy has 3).
	rep.Classes[0].Fragments[1].End.Line += 2
	page = htmlFor(t, rep, readFile)
	if want := `2 copies of 1 to 3 lines <span`; !strings.Contains(page, want) {
		t.Errorf("page of copies of two lengths lacks %s", want)
	}
}

// With a change the page says what it did, as the text, Markdown, JSON
// and SARIF reports do: the change's line under the title, each class's
// verdict beside its reason, and each copy's words over its text. The
// page said nothing of it, a list of classes the reader could not tell
// from a whole tree's.
// A page of a change counts, per directory, the duplicated lines of the
// tree's classes, as its header does: a class of the base revision (a
// forgotten twin whose class broke, a copy removed) comes in the list but
// not in the figures. The table counted its copies too, 114 lines in a
// directory where the header said 99 in all.
func TestHTMLPackagesOfTheTree(t *testing.T) {
	rep, _ := fixture(t, "clones.txtar")
	if len(rep.Classes) < 2 {
		t.Fatalf("the fixture has %d classes, want 2", len(rep.Classes))
	}
	tree := *rep
	tree.Classes = rep.Classes[:1]
	want := packages(&tree)
	n := len(rep.Classes[1].Fragments)
	rep.Classes = rep.Classes[:2]
	rep.Verdicts = []change.Verdict{
		{Kind: change.New, Touched: []bool{false, true}, New: []bool{false, true}, Added: []int{0, 1}, Removed: []int{0, 0}},
		{Kind: change.ForgottenTwin, Broken: true, Touched: make([]bool, n), New: make([]bool, n), Added: make([]int, n), Removed: make([]int, n)},
	}
	if got := packages(rep); !reflect.DeepEqual(got, want) {
		t.Errorf("per directory %+v, want the tree's classes' %+v", got, want)
	}
}

func TestHTMLChange(t *testing.T) {
	rep, readFile := fixture(t, "clones.txtar")
	rep.Classes = rep.Classes[:1]
	rep.Classes[0].Fragments = rep.Classes[0].Fragments[:2]
	rep.Verdicts = []change.Verdict{{Kind: change.ForgottenTwin, Touched: []bool{false, true}, New: []bool{false, false},
		Added: []int{0, 1}, Removed: []int{0, 0}}}
	rep.Change = &ChangeStats{ForgottenTwins: 1, AddedLines: 1, MaxNew: -1}
	page := htmlFor(t, rep, readFile)
	c := rep.Classes[0]
	for _, want := range []string{
		`<p class="change">the change: 0 new copies, 1 forgotten twin, 0 classes grown; 0 of the 1 line it added copy other code (0.0%)</p>`,
		html.EscapeString("; "+ChangeWords(c, rep.Verdicts[0], 1)) + `</span>`,
		// The figures are of the tree's classes the change touches, as
		// the text report's last line says; the list also holds the
		// base revision's (the header said 2 "clone classes" over a
		// list of 3).
		`<dt>classes of the tree</dt>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	data := pageData(t, page)
	for j, cp := range data[0].Copies {
		if want := ChangeWords(c, rep.Verdicts[0], j); want == "" || cp.Change != want {
			t.Errorf("copy %d: change %q, want %q", j, cp.Change, want)
		}
	}
	// Without a change, none of it.
	rep.Verdicts, rep.Change = nil, nil
	page = htmlFor(t, rep, readFile)
	if strings.Contains(page, `class="change"`) || pageData(t, page)[0].Copies[1].Change != "" {
		t.Error("a page without a change says one")
	}
	if !strings.Contains(page, `<dt>clone classes</dt>`) {
		t.Error("a page without a change does not count its clone classes")
	}
}
