package report

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/copycat-go/copycat/change"
	"github.com/copycat-go/copycat/fingerprint"
)

// The HTML report in a real headless Chromium (Debian's chromium, which
// `make chromium` installs). Without it the tests skip under plain
// go test and fail in CI.

const chromiumPath = "/usr/bin/chromium"

// browser starts a headless Chromium and returns a tab's context and the
// problems the page reports: uncaught exceptions, console errors, log
// errors (a Content-Security-Policy refusal among them) and dialogs.
func browser(t *testing.T) (context.Context, func() []string) {
	t.Helper()
	bin := chromiumPath
	if _, err := os.Stat(bin); err != nil {
		if p, err := exec.LookPath("chromium"); err == nil {
			bin = p
		} else if os.Getenv("CI") != "" {
			t.Fatalf("chromium is not installed (make chromium installs it)")
		} else {
			t.Skip("chromium is not installed (make chromium installs it)")
		}
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		// Chromium puts its profile's lock socket in a directory of the
		// temporary directory, which a killed browser leaves behind
		// (org.chromium.Chromium.*): in the test's own.
		chromedp.Env("TMPDIR=" + t.TempDir()),
		chromedp.WindowSize(1400, 1000),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	ctx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancelTab := chromedp.NewContext(ctx)
	t.Cleanup(cancelTab)

	var mu sync.Mutex
	var problems []string
	add := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		problems = append(problems, fmt.Sprintf(format, args...))
	}
	err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			add("exception: %s", ev.ExceptionDetails.Text)
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning {
				add("console.%s: %v", ev.Type, ev.Args)
			}
		case *log.EventEntryAdded:
			if ev.Entry.Level == log.EntryLevelError || ev.Entry.Level == log.EntryLevelWarning {
				add("log %s: %s", ev.Entry.Level, ev.Entry.Text)
			}
		case *page.EventJavascriptDialogOpening:
			add("dialog: %s", ev.Message)
			go chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{})
		}
	})
	if err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return ctx, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), problems...)
	}
}

func fileURL(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		panic(err)
	}
	return "file://" + filepath.ToSlash(abs)
}

func TestHTMLInChromium(t *testing.T) {
	rep, readFile := fixture(t, "clones.txtar")
	divergeLast(rep)
	defer func(n int) { chunkBytes = n }(chunkBytes)
	chunkBytes = 1 // a chunk per class: opening class 2 reads the second
	path := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, []byte(htmlFor(t, rep, readFile)), 0o666); err != nil {
		t.Fatal(err)
	}
	ctx, problems := browser(t)

	const rowsJS = `Array.from(document.querySelectorAll('#classes .cls')).map(r => r.dataset.n + ':' + r.dataset.copies).join(' ')`
	do := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	eval := evaluator(t, ctx)
	do("opening the page", chromedp.Navigate(fileURL(path)), chromedp.WaitReady(chromedp.CSS("#classes .cls")))
	initial := eval(rowsJS)
	// Sorting: a numeric column sorts from the largest first, then flips.
	do("sorting", chromedp.Click(chromedp.CSS(`#classes [data-key="copies"]`)))
	byCopies := eval(rowsJS)
	do("sorting again", chromedp.Click(chromedp.CSS(`#classes [data-key="copies"]`)))
	byCopiesAsc := eval(rowsJS)
	// Opening the class whose literal tries to close the script.
	do("opening a class", chromedp.Click(chromedp.CSS(`#c-1`)), chromedp.WaitVisible(chromedp.CSS(`#classes .detail pre`)))
	opened := eval(`document.querySelector('#c-1').getAttribute('aria-expanded')`) == "true"
	literal := eval(`document.querySelector('#classes .detail pre').textContent`)
	scripts := strings.Fields(eval(`Array.from(document.scripts).map(s => s.type || 'js').join(' ')`))
	// Filtering by file name.
	do("filtering", chromedp.SendKeys(chromedp.CSS(`#filter`), "c/c.go"))
	count := eval(`document.getElementById('count').textContent`)
	do("clearing the filter",
		chromedp.Evaluate[chromedp.Void](`(f => { f.value = ''; f.dispatchEvent(new Event('input')); })(document.getElementById('filter'))`),
		chromedp.Click(chromedp.CSS(`#c-2`)), chromedp.Sleep(100*time.Millisecond))
	// The renamed class shades its differing lines, outlines its renamed
	// names and numbers its lines from the copy's first line.
	renamed := eval(`(d => d.querySelectorAll('.dl').length + ' ' + d.querySelectorAll('mark').length + ' ' +
		Array.from(d.querySelectorAll('.gut')).map(g => g.textContent.split('\n')[0]).join(','))(document.querySelector('#c-2 + .detail'))`)
	// It is divergent too: its second copy shades its extra line, and
	// says so; the first says it lacks it.
	divergent := eval(`(d => d.querySelectorAll('.xl').length + ' ' +
		Array.from(d.querySelectorAll('.copy')).map(c => c.querySelector('.extra') ? 'x' : c.querySelector('.lacks') ? 'l' : '-').join(''))(document.querySelector('#c-2 + .detail'))`)
	lacks := eval(`document.querySelector('#c-2 + .detail .lacks').textContent`)
	screenshot(t, ctx, "html-report.png", chromedp.FullScreenshot(100))
	if got, want := initial, "1:2 2:3"; got != want {
		t.Errorf("initial order %s, want %s", got, want)
	}
	if got, want := byCopies, "2:3 1:2"; got != want {
		t.Errorf("sorted by copies: %s, want %s", got, want)
	}
	if got, want := byCopiesAsc, "1:2 2:3"; got != want {
		t.Errorf("sorted by copies, ascending: %s, want %s", got, want)
	}
	if !opened {
		t.Error("class 1 did not open")
	}
	if !strings.Contains(literal, xss) {
		t.Errorf("the copy does not show the literal as text; got:\n%s", literal)
	}
	if want := []string{"application/json", "application/json", "js"}; !slices.Equal(scripts, want) {
		t.Errorf("page has scripts %v, want %v (a data chunk per class, and the code)", scripts, want)
	}
	if count != "1 of 2 classes" {
		t.Errorf("filter count %q, want %q", count, "1 of 2 classes")
	}
	var shades, marks int
	var firsts string
	if _, err := fmt.Sscan(renamed, &shades, &marks, &firsts); err != nil || shades == 0 || marks == 0 || firsts != "21,21,3" {
		t.Errorf("renamed class: %q shaded ranges, marks and first line numbers; want some of each and 21,21,3", renamed)
	}
	if want := "1 lx-"; divergent != want {
		t.Errorf("divergent class: %q extra shades and notes (x has, l lacks), want %q", divergent, want)
	}
	if want := "lacks line 21 of b/b.go"; lacks != want {
		t.Errorf("the copy that lacks a line says %q, want %q", lacks, want)
	}
	for _, p := range problems() {
		t.Errorf("page problem: %s", p)
	}
}

// evaluator returns a function that evaluates a JavaScript expression in
// the browser's page and returns its string value, failing the test if
// it cannot.
func evaluator(t *testing.T, ctx context.Context) func(js string) string {
	return func(js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return v
	}
}

// The classes no rule lists are in the page behind a switch: hidden at
// first, counted, shown with their rule when the reader asks, and shown
// by a link to one of them. A row is visible when the browser draws it,
// whatever its hidden property says: the rows' display: grid drew those
// marked hidden too, the classes left out among the others.
func TestHTMLLeftOutInChromium(t *testing.T) {
	src := func(string) ([]byte, error) { return []byte(strings.Repeat("x := 1\n", 30)), nil }
	path := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, []byte(htmlFor(t, leftOutReport(false), src)), 0o666); err != nil {
		t.Fatal(err)
	}
	ctx, problems := browser(t)
	eval := evaluator(t, ctx)
	const visible = `Array.from(document.querySelectorAll('#classes .cls')).filter(r => getComputedStyle(r).display !== 'none').map(r => r.dataset.n).join(' ') + ' | ' + document.getElementById('count').textContent`
	if err := chromedp.Do(ctx, chromedp.Navigate(fileURL(path)), chromedp.WaitReady(chromedp.CSS("#classes .cls"))); err != nil {
		t.Fatal(err)
	}
	first := eval(visible)
	label := eval(`document.querySelector('.showleft').textContent`)
	// The switch's box stands at its words: it is not as wide as the
	// filter's field, its box drawn in the middle, far from them.
	width := eval(`String(Math.round(document.getElementById('showleft').getBoundingClientRect().width))`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#showleft`))); err != nil {
		t.Fatal(err)
	}
	shown := eval(visible)
	rule := eval(`document.querySelector('#c-2 .left').textContent`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#showleft`)), chromedp.Navigate(fileURL(path)+"#c-2"), chromedp.Sleep(100*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	linked := eval(visible)
	// The filter by file name hides the rows it leaves out, too.
	filtered := eval(`(() => { const f = document.getElementById('filter'); f.value = 'no such file'; f.dispatchEvent(new Event('input')); return '' })()` + ` + ` + visible)
	if want := " | 0 of 2 classes"; filtered != want {
		t.Errorf("filtered by a name no file has: %q, want %q", filtered, want)
	}
	if want := "1 | 1 class"; first != want {
		t.Errorf("at first: %q, want %q", first, want)
	}
	if want := " show the 1 class not listed: 1 class in tests"; label != want {
		t.Errorf("switch %q, want %q", label, want)
	}
	if n, err := strconv.Atoi(width); err != nil || n > 30 {
		t.Errorf("the switch's box is %s px wide, want at most 30", width)
	}
	if want := "1 2 | 2 of 2 classes"; shown != want {
		t.Errorf("switched on: %q, want %q", shown, want)
	}
	if want := "not listed: tests"; rule != want {
		t.Errorf("the class left out says %q, want %q", rule, want)
	}
	if !strings.HasPrefix(linked, "1 2 |") {
		t.Errorf("a link to a class left out does not show it: %q", linked)
	}
	for _, p := range problems() {
		t.Errorf("page problem: %s", p)
	}
}

// screenshot takes a screenshot with shot and keeps it for a person to
// look at, as name in bench/out (gitignored) at the module root.
func screenshot(t *testing.T, ctx context.Context, name string, shot chromedp.Action[[]byte]) {
	t.Helper()
	png, err := chromedp.Run(ctx, shot)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	dir := filepath.Join("..", "bench", "out")
	if err := os.MkdirAll(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, png, 0o666); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", p)
}

// TestHTMLOpenTime opens a report given in COPYCAT_HTML_REPORT (for
// instance one over the standard library) and logs how long Chromium
// takes to load it and to open its largest class: from the link in the
// summary (the page scrolls to the class), and, on a fresh page, from the
// class's row already in view. It measures and does not judge: see
// docs/performance.md, "What each report format costs", for the figures.
func TestHTMLOpenTime(t *testing.T) {
	path := os.Getenv("COPYCAT_HTML_REPORT")
	if path == "" {
		t.Skip("set COPYCAT_HTML_REPORT to a report to time")
	}
	ctx, problems := browser(t)
	start := time.Now()
	err := chromedp.Do(ctx, chromedp.Navigate(fileURL(path)), chromedp.WaitReady(chromedp.CSS("#classes .cls")))
	wall := time.Since(start)
	if err != nil {
		t.Fatalf("opening %s: %v", path, err)
	}
	type timing struct{ DCL, Load float64 }
	nav, err := chromedp.Run(ctx, chromedp.Evaluate[timing](`(() => {
		const e = performance.getEntriesByType('navigation')[0];
		return {DCL: e.domContentLoadedEventEnd, Load: e.loadEventEnd};
	})()`))
	if err != nil {
		t.Fatalf("timing: %v", err)
	}
	t.Logf("navigate to ready (wall, includes the browser's own overhead): %v", wall.Round(time.Millisecond))
	t.Logf("DOMContentLoaded %.0f ms, load %.0f ms", nav.DCL, nav.Load)
	open, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`new Promise(resolve => {
		const t0 = performance.now();
		document.querySelector('.largest a').click(); // opens the class on hashchange
		(function poll() {
			const pre = document.querySelector('#classes .detail pre');
			if (!pre) return setTimeout(poll, 1);
			pre.getBoundingClientRect(); // forces layout
			resolve(performance.now() - t0);
		})();
	})`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("opening the largest class: %v", err)
	}
	t.Logf("opening the largest class from the summary's link: %.0f ms", open)
	screenshot(t, ctx, "html-report-large.png", chromedp.CaptureScreenshot())
	id, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('.largest a').getAttribute('href')`))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(fileURL(path)), chromedp.WaitReady(chromedp.CSS("#classes .cls")),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('`+id+`').scrollIntoView()`), chromedp.Sleep(300*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	row, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`new Promise(resolve => {
		const t0 = performance.now();
		document.querySelector('`+id+`').click();
		document.querySelector('#classes .detail pre').getBoundingClientRect(); // forces layout
		requestAnimationFrame(() => resolve(performance.now() - t0));
	})`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("opening the largest class from its row: %v", err)
	}
	t.Logf("opening the largest class from its row, in view: %.0f ms", row)
	for _, p := range problems() {
		t.Errorf("page problem: %s", p)
	}
}

// A copy of more than 400 lines shows its first 200 until asked for the
// rest, shaded lines included.
func TestHTMLLongCopyInChromium(t *testing.T) {
	var src strings.Builder
	src.WriteString("package p\n\n")
	for i := range 500 {
		fmt.Fprintf(&src, "var v%d = %d\n", i, i)
	}
	text := src.String()
	frag := func(file string) fingerprint.Fragment {
		return fingerprint.Fragment{File: file, Start: fingerprint.Position{Line: 3, Column: 1}, End: fingerprint.Position{Line: 502, Column: 14}}
	}
	b := frag("b.go")
	b.Differs = []fingerprint.LineRange{{Start: 10, End: 10}, {Start: 300, End: 300}}
	rep := &Report{
		Files:   []FileInfo{{Name: "a.go", Lines: 502}, {Name: "b.go", Lines: 502}},
		Classes: []fingerprint.Class{{ID: "ab", Kind: fingerprint.Renamed, Similarity: 1, Tokens: 2000, Lines: 500, Fragments: []fingerprint.Fragment{frag("a.go"), b}}},
	}
	path := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, []byte(htmlFor(t, rep, func(string) ([]byte, error) { return []byte(text), nil })), 0o666); err != nil {
		t.Fatal(err)
	}
	ctx, problems := browser(t)
	const shown = `Array.from(document.querySelectorAll('#c-1 + .detail .copy')).map(c =>
		c.querySelector('.gut').textContent.split('\n').length + ' ' + c.querySelectorAll('.dl').length + ' ' +
		(c.querySelector('button.lines') ? c.querySelector('button.lines').textContent : '-')).join(' | ')`
	if err := chromedp.Do(ctx, chromedp.Navigate(fileURL(path)), chromedp.WaitReady(chromedp.CSS("#c-1")),
		chromedp.Click(chromedp.CSS("#c-1")), chromedp.WaitVisible(chromedp.CSS("#classes .detail pre"))); err != nil {
		t.Fatal(err)
	}
	before, err := chromedp.Run(ctx, chromedp.Evaluate[string](shown))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#c-1 + .detail .copy:nth-child(2) button.lines"))); err != nil {
		t.Fatal(err)
	}
	after, err := chromedp.Run(ctx, chromedp.Evaluate[string](shown))
	if err != nil {
		t.Fatal(err)
	}
	if want := "200 0 show all 500 lines | 200 1 show all 500 lines"; before != want {
		t.Errorf("opened: %q, want %q (lines shown, shaded ranges, button)", before, want)
	}
	if want := "200 0 show all 500 lines | 500 2 -"; after != want {
		t.Errorf("after showing the second copy's lines: %q, want %q", after, want)
	}
	for _, p := range problems() {
		t.Errorf("page problem: %s", p)
	}
}

// The history page plots its points in inline SVG, with no script and
// nothing from the network: Chromium draws both lines with a point a
// commit, and reports no problem.
func TestHistoryHTMLInChromium(t *testing.T) {
	var points []HistoryPoint
	for i := range 5 {
		points = append(points, HistoryPoint{Commit: strings.Repeat(fmt.Sprint(i), 40), Date: "2026-12-04T10:00:00Z",
			Subject: "<b>commit</b> " + fmt.Sprint(i), Lines: 1000, DuplicatedLines: 10 * i, DuplicatedPct: float64(i), Classes: i})
	}
	var buf bytes.Buffer
	if err := HistoryHTML(&buf, points); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "history.html")
	if err := os.WriteFile(path, buf.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	ctx, problems := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(fileURL(path)), chromedp.WaitReady(chromedp.CSS("#plot"))); err != nil {
		t.Fatal(err)
	}
	eval := evaluator(t, ctx)
	lines := eval(`Array.from(document.querySelectorAll('#plot polyline')).map(p => p.points.numberOfItems).join(' ')`)
	rows := eval(`String(document.querySelectorAll('tbody tr').length)`)
	subject := eval(`document.querySelector('tbody tr td:last-child').textContent`)
	if lines != "5 5" || rows != "5" || subject != "<b>commit</b> 0" {
		t.Errorf("plot lines %q, rows %q, first subject %q", lines, rows, subject)
	}
	for _, p := range problems() {
		t.Errorf("page problem: %s", p)
	}
}

// A copy opened on the page of a change says what the change did to it.
func TestHTMLChangeInChromium(t *testing.T) {
	rep, readFile := fixture(t, "clones.txtar")
	rep.Classes = rep.Classes[:1]
	rep.Classes[0].Fragments = rep.Classes[0].Fragments[:2]
	v := change.Verdict{Kind: change.ForgottenTwin, Touched: []bool{false, true}, New: []bool{false, false},
		Added: []int{0, 1}, Removed: []int{0, 0}}
	rep.Verdicts = []change.Verdict{v}
	rep.Change = &ChangeStats{ForgottenTwins: 1, AddedLines: 1, MaxNew: -1}
	path := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, []byte(htmlFor(t, rep, readFile)), 0o666); err != nil {
		t.Fatal(err)
	}
	ctx, problems := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(fileURL(path)), chromedp.WaitReady(chromedp.CSS("#classes .cls")),
		chromedp.Click(chromedp.CSS(`#c-1`)), chromedp.WaitVisible(chromedp.CSS(`#classes .detail pre`))); err != nil {
		t.Fatal(err)
	}
	got := evaluator(t, ctx)(`Array.from(document.querySelectorAll('#c-1 + .detail .copy')).map(c => (c.querySelector('.change') || {}).textContent).join('|')`)
	if want := ChangeWords(rep.Classes[0], v, 0) + "|" + ChangeWords(rep.Classes[0], v, 1); got != want {
		t.Errorf("the copies say %q, want %q", got, want)
	}
	for _, p := range problems() {
		t.Errorf("page problem: %s", p)
	}
}
