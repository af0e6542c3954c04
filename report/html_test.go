package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"

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

// pageData extracts the copies' data block from a page.
func pageData(t *testing.T, page string) []htmlClass {
	t.Helper()
	m := regexp.MustCompile(`(?s)<script type="application/json" id="data">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no data block in the page")
	}
	var data []htmlClass
	if err := json.Unmarshal([]byte(m[1]), &data); err != nil {
		t.Fatalf("data block: %v", err)
	}
	return data
}

func TestHTMLEscapesSource(t *testing.T) {
	rep, readFile := fixture(t, "clones.txtar")
	page := htmlFor(t, rep, readFile)
	if strings.Contains(page, "<script>alert") {
		t.Error("the page holds the literal's script element unescaped")
	}
	if n := strings.Count(page, "<script"); n != 2 {
		t.Errorf("page has %d script elements, want 2 (data and code)", n)
	}
	if strings.Contains(page, "http://") || regexp.MustCompile(`src=|href="http`).MatchString(page) {
		t.Error("page refers to something outside itself")
	}
	// The copies decode to HTML in which the literal is escaped text.
	found := false
	for _, c := range pageData(t, page) {
		for _, cp := range c.Copies {
			if strings.Contains(cp.HTML, "<script") || strings.Contains(cp.HTML, "</script") {
				t.Errorf("%s: highlighted HTML holds a script element", cp.File)
			}
			if strings.Contains(cp.HTML, `&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;`) {
				found = true
			}
		}
	}
	if !found {
		t.Error("the literal is not in the copies as escaped text")
	}
}

func TestHTMLDeterministic(t *testing.T) {
	rep, readFile := fixture(t, "clones.txtar")
	a, b := htmlFor(t, rep, readFile), htmlFor(t, rep, readFile)
	if a != b {
		t.Error("two renderings of one report differ")
	}
}

func TestHTMLUnreadableFile(t *testing.T) {
	rep, _ := fixture(t, "clones.txtar")
	page := htmlFor(t, rep, func(name string) ([]byte, error) { return nil, errors.New("gone") })
	for _, c := range pageData(t, page) {
		for _, cp := range c.Copies {
			if cp.HTML != "" || !strings.Contains(cp.Error, "gone") {
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

func TestRenderCopy(t *testing.T) {
	tests := []struct {
		name string
		src  string
		frag fingerprint.Fragment
		want string
	}{
		{
			name: "tokens",
			src:  "package p\nfunc f() int { return 42 + len(\"<a>\") } // c&d\n",
			frag: frag(2, 1, 2, 38),
			want: `<b>func</b> f() int { <b>return</b> <u>42</u> + len(<s>&#34;&lt;a&gt;&#34;</s>) } <i>// c&amp;d</i>`,
		},
		{
			name: "multi-line comment and raw string",
			src:  "x := `a\nb` /* c\nd */\n",
			frag: frag(1, 1, 3, 5),
			want: "x := <s>`a\nb`</s> <i>/* c\nd */</i>",
		},
		{
			name: "cut inside a comment",
			src:  "x := 1 /* c\nd */\n",
			frag: frag(1, 1, 1, 7),
			want: `x := <u>1</u> <i>/* c</i>`,
		},
		{
			name: "CRLF",
			src:  "a := 1\r\nb := '\\''\r\n",
			frag: frag(1, 1, 2, 7),
			want: "a := <u>1</u>\nb := <s>&#39;\\&#39;&#39;</s>",
		},
		{
			name: "fragment past the end of the file",
			src:  "x()",
			frag: frag(1, 1, 3, 1),
			want: `x()`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var sb strings.Builder
			cutCopy([]byte(tt.src), lineStarts([]byte(tt.src)), tt.frag).render(&sb)
			if got := sb.String(); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func frag(l0, c0, l1, c1 int) fingerprint.Fragment {
	return fingerprint.Fragment{Start: fingerprint.Position{Line: l0, Column: c0}, End: fingerprint.Position{Line: l1, Column: c1}}
}

func TestMarkDiffs(t *testing.T) {
	src := func(s string) *copyText { return cutCopy([]byte(s), lineStarts([]byte(s)), frag(1, 1, 1, 11)) }
	render := func(ct *copyText) string {
		var sb strings.Builder
		ct.render(&sb)
		return sb.String()
	}
	a, b := src("s := x + 1 // one\n"), src("t := x + 2 // two\n")
	markDiffs(a, b)
	if got, want := render(a), `<mark>s</mark> := x + <mark><u>1</u></mark> <i>// one</i>`; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got, want := render(b), `<mark>t</mark> := x + <mark><u>2</u></mark> <i>// two</i>`; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// Copies whose tokens do not line up are left alone.
	c := cutCopy([]byte("s := x\n"), lineStarts([]byte("s := x\n")), frag(1, 1, 1, 7))
	markDiffs(src("s := x + 1\n"), c)
	if got := render(c); strings.Contains(got, "<mark>") {
		t.Errorf("marked a token of copies that do not line up: %s", got)
	}
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
	for _, want := range []string{"<dd>0</dd>", "No clones.", `id="data">[]</script>`} {
		if !strings.Contains(page, want) {
			t.Errorf("empty report lacks %q", want)
		}
	}
}
