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
