package report

import (
	"encoding/json"
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/chromedp/chromedp"
)

// The page's Go highlighter (goSource in assets/report.js), run in
// Chromium: what it makes of copies, and its lexer against go/scanner.

// highlighter opens a report in Chromium and returns a function that
// evaluates an expression over goSource, its arguments given as JSON.
func highlighter(t *testing.T) func(result any, expr string, args ...any) {
	rep, readFile := fixture(t, "clones.txtar")
	path := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, []byte(htmlFor(t, rep, readFile)), 0o666); err != nil {
		t.Fatal(err)
	}
	ctx, problems := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(fileURL(path)), chromedp.WaitReady(chromedp.CSS("#classes .cls"))); err != nil {
		t.Fatalf("opening the page: %v", err)
	}
	t.Cleanup(func() {
		for _, p := range problems() {
			t.Errorf("page problem: %s", p)
		}
	})
	return func(result any, expr string, args ...any) {
		t.Helper()
		for i, a := range args {
			b, err := json.Marshal(a)
			if err != nil {
				t.Fatal(err)
			}
			expr = strings.Replace(expr, "$"+string(rune('1'+i)), string(b), 1)
		}
		v, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage](expr))
		if err != nil {
			t.Fatalf("%.200s: %v", expr, err)
		}
		if err := json.Unmarshal(v, result); err != nil {
			t.Fatalf("%.200s: result %s: %v", expr, v, err)
		}
	}
}

// one is a copy as the page gets it, the fragment from byte column a of
// its first line to z of its last.
func one(text string, a, z int) htmlCopy {
	return htmlCopy{Text: text, Start: 1, End: 1 + strings.Count(text, "\n"), StartCol: a, EndCol: z}
}

func TestHighlightInChromium(t *testing.T) {
	eval := highlighter(t)
	tests := []struct {
		name   string
		copies []htmlCopy
		lines  int      // render only the first lines, if not 0
		want   []string // each copy's HTML
	}{{
		name:   "tokens",
		copies: []htmlCopy{one(`func f() int { return 42 + len("<a>") } // c&d`, 1, 40)},
		want:   []string{`<b>func</b> f() int { <b>return</b> <u>42</u> + len(<s>"&lt;a&gt;"</s>) } <i>// c&amp;d</i>`},
	}, {
		name:   "multi-line comment and raw string",
		copies: []htmlCopy{one("x := `a\nb` /* c\nd */", 1, 5)},
		want:   []string{"x := <s>`a\nb`</s> <i>/* c\nd */</i>"},
	}, {
		name:   "unterminated comment, string and rune",
		copies: []htmlCopy{one("\"a\\\"\n'\\'\nx /* c\nd", 1, 2)},
		want:   []string{"<s>\"a\\\"</s>\n<s>'\\'</s>\nx <i>/* c\nd</i>"},
	}, {
		name:   "numbers",
		copies: []htmlCopy{one("0x1p-2 1_000.5e+3i .5 0b1 0o7 07 1..", 1, 40)},
		want:   []string{"<u>0x1p-2</u> <u>1_000.5e+3i</u> <u>.5</u> <u>0b1</u> <u>0o7</u> <u>07</u> <u>1.</u>."},
	}, {
		name:   "CRLF",
		copies: []htmlCopy{one("a := 1\r\nb := '\\''", 1, 10)},
		want:   []string{"a := <u>1</u>\nb := <s>'\\''</s>"},
	}, {
		name:   "a script element in a literal stays text",
		copies: []htmlCopy{one(`s := "</script><script>alert(1)</script>"`, 1, 40)},
		want:   []string{`s := <s>"&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"</s>`},
	}, {
		name:   "renamed: differing names and values marked in both",
		copies: []htmlCopy{one("s := x + 1 // one", 1, 11), one("t := x + 2 // two", 1, 11)},
		want: []string{
			`<mark>s</mark> := x + <mark><u>1</u></mark> <i>// one</i>`,
			`<mark>t</mark> := x + <mark><u>2</u></mark> <i>// two</i>`,
		},
	}, {
		name:   "the first copy marked against every other",
		copies: []htmlCopy{one("f(a, b, c)", 1, 11), one("f(x, b, c)", 1, 11), one("f(a, b, y)", 1, 11)},
		want: []string{
			`f(<mark>a</mark>, b, <mark>c</mark>)`,
			`f(<mark>x</mark>, b, c)`,
			`f(a, b, <mark>y</mark>)`,
		},
	}, {
		name: "near: tokens left out of the longest common subsequence",
		copies: []htmlCopy{
			one("a := f(x)\nb := g(y)\nreturn a+b", 1, 11),
			one("a := f(x)\nc := 1\nb := g(z)\nreturn a+b", 1, 11),
		},
		want: []string{
			"a := f(x)\nb := g(<mark>y</mark>)\n<b>return</b> a+b",
			"a := f(x)\n<mark>c</mark> <mark>:=</mark> <mark><u>1</u></mark>\nb := g(<mark>z</mark>)\n<b>return</b> a+b",
		},
	}, {
		name: "near with as many tokens: an edit is not read as a renaming",
		copies: []htmlCopy{
			one("s = a + b\nt = c", 1, 6),
			one("s = a\nt = c + d", 1, 10),
		},
		want: []string{
			"s = a <mark>+</mark> <mark>b</mark>\nt = c",
			"s = a\nt = c <mark>+</mark> <mark>d</mark>",
		},
	}, {
		name: "names renamed inconsistently are compared as an edit",
		copies: []htmlCopy{
			one("f(x, x, y)", 1, 11),
			one("f(x, y, y)", 1, 11),
		},
		want: []string{
			"f(x, <mark>x</mark>, y)",
			"f(x, <mark>y</mark>, y)", // one of the two longest common subsequences
		},
	}, {
		name: "only tokens inside the fragment are compared; columns count bytes",
		copies: []htmlCopy{
			one("π := a; x := 1 + b; y", 10, 20),
			one("ρ := c; x := 1 + d; z", 10, 20),
		},
		want: []string{
			"π := a; x := <u>1</u> + <mark>b</mark>; y",
			"ρ := c; x := <u>1</u> + <mark>d</mark>; z",
		},
	}, {
		name:   "the first lines, cut inside a comment",
		copies: []htmlCopy{one("a := 1 /* x\ny */ + 2\nb := 3", 1, 7)},
		lines:  1,
		want:   []string{"a := <u>1</u> <i>/* x</i>"},
	}, {
		name:   "the first lines, all of them",
		copies: []htmlCopy{one("a := 1\nb := 2", 1, 7)},
		lines:  2,
		want:   []string{"a := <u>1</u>\nb := <u>2</u>"},
	}, {
		name: "lines cut by copycat say how much they leave out",
		copies: []htmlCopy{{Text: "x := \"abc\nf(y) // z", Start: 7, End: 9, StartCol: 1, EndCol: 8,
			Cuts: [][3]int{{7, 0, 1234567}, {8, 2500, 3}, {12, 1, 1}}}},
		want: []string{`x := <s>"abc</s><span class="cut"> … 1,234,567 more bytes</span>` + "\n" +
			`<span class="cut">2,500 bytes … </span>f(y) <i>// z</i><span class="cut"> … 3 more bytes</span>`},
	}, {
		name:   "a copy that could not be read",
		copies: []htmlCopy{one("f(a)", 1, 5), {Error: "gone"}},
		want:   []string{"f(a)", ""},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			lines := any(nil) // undefined in the page: all lines
			if tt.lines > 0 {
				lines = tt.lines
			}
			eval(&got, `(n => goSource.copies($1).map(c => c ? c.html(n === null ? undefined : n) : ''))($2)`, tt.copies, lines)
			for i := range max(len(got), len(tt.want)) {
				if g, w := elem(got, i), elem(tt.want, i); g != w {
					t.Errorf("copy %d:\ngot  %s\nwant %s", i, g, w)
				}
			}
		})
	}
}

// TestCommonWorkBound checks that the page's diff gives up on copies
// whose longest common subsequence takes more steps than it allows.
func TestCommonWorkBound(t *testing.T) {
	eval := highlighter(t)
	a := strings.Fields(strings.Repeat("x = f ( y ) ; ", 500))
	b := slices.Clone(a)
	for i := 0; i < len(b); i += 50 {
		b[i] = "z"
	}
	for _, tt := range []struct {
		maxD, maxWork int
		found         bool
	}{{2000, 1e7, true}, {2000, 5000, false}, {10, 1e7, false}} {
		var found bool
		eval(&found, `goSource.common($1, $2, $3, $4) !== null`, a, b, tt.maxD, tt.maxWork)
		if found != tt.found {
			t.Errorf("maxD %d, maxWork %d: found %v, want %v", tt.maxD, tt.maxWork, found, tt.found)
		}
	}
}

// TestHighlightLexerMatchesGoScanner lexes files of the standard library
// in the page and with go/scanner: the same tokens, the same spans.
func TestHighlightLexerMatchesGoScanner(t *testing.T) {
	var files []string
	for _, dir := range []string{"go/scanner", "go/parser", "strconv", "unicode/utf8", "math/big", "regexp/syntax", "text/template/parse"} {
		m, err := filepath.Glob(filepath.Join(runtime.GOROOT(), "src", dir, "*.go"))
		if err != nil || len(m) == 0 {
			t.Fatalf("no Go files in %s: %v", dir, err)
		}
		files = append(files, m...)
	}
	eval := highlighter(t)
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !utf8.Valid(src) {
			continue // the page gets valid UTF-8 only
		}
		want := scanTokens(src)
		var got []string
		eval(&got, `goSource.lex($1).map(t => t.o + ':' + t.e + ':' + t.c)`, string(src))
		for i := range max(len(got), len(want)) {
			if g, w := elem(got, i), elem(want, i); g != w {
				t.Errorf("%s: token %d: page %q, go/scanner %q", name, i, g, w)
				break
			}
		}
	}
	t.Logf("%d files", len(files))
}

// elem is s[i], or "" past the end of s.
func elem(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return ""
}

// scanTokens lists src's tokens as goSource.lex does: offset:end:class,
// offsets in UTF-16 units.
func scanTokens(src []byte) []string {
	units := make([]int, len(src)+1) // byte offset → UTF-16 offset
	for i, n := 0, 0; i <= len(src); {
		units[i] = n
		if i == len(src) {
			break
		}
		r, size := utf8.DecodeRune(src[i:])
		for j := 1; j < size; j++ {
			units[i+j] = n
		}
		n += utf16.RuneLen(r)
		i += size
	}
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, scanner.ScanComments)
	var out []string
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok == token.SEMICOLON && lit != ";" {
			continue // inserted by the scanner
		}
		off := file.Offset(pos)
		end := off + len(lit)
		if lit == "" {
			end = off + len(tok.String())
		}
		out = append(out, fmt.Sprintf("%d:%d:%s", units[off], units[end], tokenClass(tok)))
	}
}

// tokenClass is goSource's class of a token.
func tokenClass(tok token.Token) string {
	switch {
	case tok.IsKeyword():
		return "k"
	case tok == token.IDENT:
		return "i"
	case tok == token.STRING || tok == token.CHAR:
		return "s"
	case tok == token.INT || tok == token.FLOAT || tok == token.IMAG:
		return "n"
	case tok == token.COMMENT:
		return "c"
	}
	return ""
}
