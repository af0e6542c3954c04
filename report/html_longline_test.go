package report

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/copycat-go/copycat/fingerprint"
)

func TestSetText(t *testing.T) {
	long := strings.Repeat("x = y; ", 300)   // 2,100 bytes
	wide := strings.Repeat("é", 600) + "end" // 1,203 bytes, a rune astride byte 1,000
	tests := []struct {
		name     string
		text     string
		frag     fingerprint.Fragment
		want     string
		cuts     [][3]int
		startCol int
		endCol   int
	}{
		{"short lines stay whole", "a\n\tb\r\nc", frag(3, 1, 5, 2), "a\n\tb\r\nc", nil, 1, 2},
		{"a long line shows its start", "f(\n\t" + long + "\n)", frag(1, 1, 3, 2),
			"f(\n\t" + long[:999] + "\n)", [][3]int{{2, 0, 1101}}, 1, 2},
		{"a fragment starting far into its line shows from its start", long, frag(7, 701, 7, 1401),
			long[700:1700], [][3]int{{7, 700, 400}}, 1, 701},
		{"a fragment starting near the end of its line", long, frag(1, 1801, 1, 2101),
			long[1100:], [][3]int{{1, 1100, 0}}, 701, 1001},
		{"a fragment ending past the part shown", long, frag(1, 8, 1, 2101),
			long[:1000], [][3]int{{1, 0, 1100}}, 8, 1001},
		{"CRLF kept after a cut line", long + "\r\nb", frag(1, 1, 2, 2),
			long[:1000] + "\r\nb", [][3]int{{1, 0, 1100}}, 1, 2},
		{"a cut never splits a character", wide, frag(1, 1, 1, 1204),
			strings.Repeat("é", 500), [][3]int{{1, 0, 203}}, 1, 1001},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hc := htmlCopy{Start: tt.frag.Start.Line, End: tt.frag.End.Line, StartCol: tt.frag.Start.Column, EndCol: tt.frag.End.Column}
			hc.setText([]byte(tt.text))
			if hc.Text != tt.want {
				t.Errorf("text %q…, want %q… (%d bytes, want %d)", trunc(hc.Text), trunc(tt.want), len(hc.Text), len(tt.want))
			}
			if !reflect.DeepEqual(hc.Cuts, tt.cuts) || hc.StartCol != tt.startCol || hc.EndCol != tt.endCol {
				t.Errorf("cuts %v, columns %d-%d; want %v, %d-%d", hc.Cuts, hc.StartCol, hc.EndCol, tt.cuts, tt.startCol, tt.endCol)
			}
		})
	}
}

func trunc(s string) string { return s[:min(len(s), 40)] }

// longLineReport is a report of 20 classes, each of two copies of part
// of one line of a megabyte, and the file's source.
func longLineReport() (rep *Report, src []byte) {
	var line strings.Builder
	line.WriteString("func f(x, y int) int { ")
	for i := 0; line.Len() < 1<<20; i++ {
		fmt.Fprintf(&line, "x = x*%d + y; ", i%97)
	}
	line.WriteString("return x }")
	rep = &Report{ToolVersion: testVersion, Files: []FileInfo{{Name: "a.go", Lines: 3}, {Name: "b.go", Lines: 3}}}
	for i := range 20 {
		c := fingerprint.Class{ID: fmt.Sprintf("%064x", i), Kind: fingerprint.Renamed, Similarity: 1, Tokens: 100, Lines: 1}
		for _, name := range []string{"a.go", "b.go"} {
			f := frag(3, 24+(i+1)*40_000, 3, 24+(i+1)*40_000+5_000)
			f.File = name
			c.Fragments = append(c.Fragments, f)
		}
		rep.Classes = append(rep.Classes, c)
	}
	return rep, []byte("package p\n\n" + line.String() + "\n")
}

// TestHTMLLongLineBounded checks that a page over copies of one line of a
// megabyte holds MaxLineBytes of it per copy, not the line.
func TestHTMLLongLineBounded(t *testing.T) {
	rep, src := longLineReport()
	page := htmlFor(t, rep, func(string) ([]byte, error) { return src, nil })
	empty := htmlFor(t, rep, func(string) ([]byte, error) { return nil, nil })
	if bound := len(empty) + 2*len(rep.Classes)*(MaxLineBytes+100); len(page) > bound {
		t.Errorf("page of %d bytes, want at most %d (the page without text and %d bytes of each copy's line)",
			len(page), bound, MaxLineBytes)
	}
	lineLen := len(src) - len("package p\n\n\n")
	for i, c := range pageData(t, page) {
		for _, cp := range c.Copies {
			before := 23 + (i+1)*40_000
			if len(cp.Text) != MaxLineBytes || cp.Text != string(src[11+before:11+before+MaxLineBytes]) ||
				!reflect.DeepEqual(cp.Cuts, [][3]int{{3, before, lineLen - before - MaxLineBytes}}) {
				t.Fatalf("class %d: text %q… (%d bytes), cuts %v", i+1, trunc(cp.Text), len(cp.Text), cp.Cuts)
			}
		}
	}
}

// TestHTMLLongLineInChromium opens a class whose line was cut: the page
// says how many bytes it leaves out on either side.
func TestHTMLLongLineInChromium(t *testing.T) {
	rep, src := longLineReport()
	path := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, []byte(htmlFor(t, rep, func(string) ([]byte, error) { return src, nil })), 0o666); err != nil {
		t.Fatal(err)
	}
	ctx, problems := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(fileURL(path)), chromedp.WaitReady(chromedp.CSS("#c-1")),
		chromedp.Click(chromedp.CSS("#c-1")), chromedp.WaitVisible(chromedp.CSS("#c-1 + .detail pre"))); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](
		`Array.from(document.querySelectorAll('#c-1 + .detail pre .cut')).map(c => c.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "html-report-long-line.png", chromedp.CaptureScreenshot())
	after := group(len(src) - len("package p\n\n\n") - 40_023 - MaxLineBytes)
	want := []string{"40,023 bytes … ", " … " + after + " more bytes", "40,023 bytes … ", " … " + after + " more bytes"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("cut marks %q, want %q", got, want)
	}
	for _, p := range problems() {
		t.Errorf("page problem: %s", p)
	}
}
