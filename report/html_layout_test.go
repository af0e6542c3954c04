package report

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/copycat-go/copycat/fingerprint"
)

// layoutReport is a report of a large tree: figures in the millions, 80
// classes of two copies and, at #60, one of five copies that duplicates
// the most lines, so that the summary links to it.
func layoutReport() (*Report, func(string) ([]byte, error)) {
	var src strings.Builder
	src.WriteString("package p\n\n")
	for i := range 40 {
		fmt.Fprintf(&src, "var value%d = compute(%d, \"some text that makes the line long enough\")\n", i, i)
	}
	text := []byte(src.String())
	rep := &Report{ToolVersion: testVersion}
	for i := range 80 {
		c := fingerprint.Class{ID: fmt.Sprintf("%064x", i), Kind: fingerprint.Exact, Similarity: 1, Tokens: 1234, Lines: 3}
		copies := 2
		if i == 59 {
			copies, c.Lines, c.Kind = 5, 8, fingerprint.Renamed
		}
		for k := range copies {
			f := frag(3+k*8, 1, 2+k*8+c.Lines, 80)
			f.File = fmt.Sprintf("pkg%d/file%d.go", i%7, k)
			c.Fragments = append(c.Fragments, f)
		}
		rep.Classes = append(rep.Classes, c)
	}
	for i := range 7 {
		for k := range 5 {
			rep.Files = append(rep.Files, FileInfo{Name: fmt.Sprintf("pkg%d/file%d.go", i, k), Lines: 215_273})
		}
	}
	rep.Stats = fingerprint.Stats{Files: 5_095, Lines: 1_506_929, Tokens: 9_876_543, Classes: 80, Fragments: 163, DuplicatedLines: 12_345}
	return rep, func(string) ([]byte, error) { return text, nil }
}

// TestHTMLLayoutInChromium opens a class from the summary's link in a
// 1400 px wide window: the figures are grouped by thousands, the class's
// row is not hidden under the list's sticky header, and its four copies
// shown fit in the window.
func TestHTMLLayoutInChromium(t *testing.T) {
	rep, readFile := layoutReport()
	path := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, []byte(htmlFor(t, rep, readFile)), 0o666); err != nil {
		t.Fatal(err)
	}
	ctx, problems := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(fileURL(path)), chromedp.WaitReady(chromedp.CSS("#classes .cls")),
		chromedp.Click(chromedp.CSS(".largest a")), chromedp.WaitVisible(chromedp.CSS("#c-60 + .detail pre")),
		chromedp.Sleep(300*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	type layout struct {
		Stats, Row                              string
		RowTop, HeadBottom, Viewport, PageWidth float64
		Copies                                  []struct{ Left, Right float64 }
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[layout](`(() => {
		const row = document.getElementById('c-60'), head = document.querySelector('#classes .head');
		return {
			Stats: Array.from(document.querySelectorAll('.stats dd')).map(d => d.textContent).join(' '),
			Row: Array.from(row.children).map(c => c.textContent).join(' '),
			RowTop: row.getBoundingClientRect().top,
			HeadBottom: head.getBoundingClientRect().bottom,
			Viewport: document.documentElement.clientWidth,
			PageWidth: document.scrollingElement.scrollWidth,
			Copies: Array.from(document.querySelectorAll('#c-60 + .detail .copy')).map(c => {
				const r = c.getBoundingClientRect();
				return {Left: r.left, Right: r.right};
			}),
		};
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "html-report-layout.png", chromedp.CaptureScreenshot())
	if want := "5,095 1,506,929 80 163 12,345 0.8%"; got.Stats != want {
		t.Errorf("figures %q, want %q", got.Stats, want)
	}
	if want := "60 renamed 5 8 1,234 40 pkg3/file0.go:3"; got.Row != want {
		t.Errorf("row %q, want %q", got.Row, want)
	}
	if got.RowTop < got.HeadBottom-0.5 {
		t.Errorf("the linked class's row (top %.0f px) is under the sticky header (bottom %.0f px)", got.RowTop, got.HeadBottom)
	}
	if len(got.Copies) != 4 {
		t.Fatalf("%d copies shown, want 4", len(got.Copies))
	}
	for i, c := range got.Copies {
		if c.Left < 0 || c.Right > got.Viewport+0.5 {
			t.Errorf("copy %d spans %.0f–%.0f px, outside the %.0f px window", i+1, c.Left, c.Right, got.Viewport)
		}
	}
	if got.PageWidth > got.Viewport+0.5 {
		t.Errorf("the page is %.0f px wide, more than the %.0f px window", got.PageWidth, got.Viewport)
	}
	for _, p := range problems() {
		t.Errorf("page problem: %s", p)
	}
}
