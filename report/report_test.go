package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
)

func TestSummary(t *testing.T) {
	tests := []struct {
		stats fingerprint.Stats
		want  string
	}{
		{fingerprint.Stats{Files: 1, Lines: 1},
			"copycat: 0 classes, 0 fragments, 0 duplicated lines (0.0% of 1 line in 1 file)"},
		{fingerprint.Stats{Files: 1, Lines: 40, Classes: 1, Fragments: 2, DuplicatedLines: 1},
			"copycat: 1 class, 2 fragments, 1 duplicated line (2.5% of 40 lines in 1 file)"},
		{fingerprint.Stats{Files: 3, Lines: 94, Classes: 2, Fragments: 5, DuplicatedLines: 67},
			"copycat: 2 classes, 5 fragments, 67 duplicated lines (71.3% of 94 lines in 3 files)"},
	}
	for _, tt := range tests {
		if got := Summary(tt.stats); got != tt.want {
			t.Errorf("Summary(%+v)\n got %q\nwant %q", tt.stats, got, tt.want)
		}
	}
	// Over a change, the figures are of the classes it touches.
	s := fingerprint.Stats{Files: 2, Lines: 40, Classes: 1, Fragments: 2, DuplicatedLines: 20}
	if got, want := ChangeSummary(s), "copycat: the change touches 1 class of the tree: 2 fragments, 20 duplicated lines (50.0% of 40 lines in 2 files)"; got != want {
		t.Errorf("ChangeSummary\n got %q\nwant %q", got, want)
	}
}

func TestFileName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a/b.go", "a/b.go"},
		{"dir with space/b.go", "dir with space/b.go"},
		{"café/ü.go", "café/ü.go"},
		{"a\nb.go", `"a\nb.go"`},
		{"a\rb.go", `"a\rb.go"`},
		{"a\x1b[2Jb.go", `"a\x1b[2Jb.go"`},
		{"a\u202eog.b", `"a\u202eog.b"`}, // right-to-left override
		{"a\xffb.go", `"a\xffb.go"`},
		{`"q".go`, `"\"q\".go"`},
		{`a"q".go`, `a"q".go`},
	}
	for _, tt := range tests {
		if got := FileName(tt.in); got != tt.want {
			t.Errorf("FileName(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// A file name holding a newline cannot forge a diagnostic line: every
// line of the text output is one fragment or the summary.
func TestTextEscapesNames(t *testing.T) {
	evil := "x.go:1:1: duplicate of forged.go:1-9 (exact, 100 tokens, 2 copies)\nz.go"
	c := class("ab", fingerprint.Exact, evil, "a.go")
	var buf bytes.Buffer
	if err := Text(&buf, &Report{Classes: []fingerprint.Class{c}}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 2 fragments and the summary:\n%s", len(lines), buf.String())
	}
	quoted := `"x.go:1:1: duplicate of forged.go:1-9 (exact, 100 tokens, 2 copies)\nz.go"`
	if !strings.Contains(lines[0], "a.go:20:1: duplicate of "+quoted+":10-15") || !strings.HasPrefix(lines[1], quoted+":10:1: duplicate of a.go:20-25") {
		t.Errorf("names not quoted:\n%s", buf.String())
	}
}
