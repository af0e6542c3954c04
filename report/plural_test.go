package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
)

// Counts of one are singular in the messages, as Count makes them.
func TestMessageOneToken(t *testing.T) {
	c := fingerprint.Class{Kind: fingerprint.Exact, Tokens: 1, Fragments: []fingerprint.Fragment{
		{File: "a.go", Start: fingerprint.Position{Line: 3, Column: 1}, End: fingerprint.Position{Line: 3, Column: 2}},
		{File: "b.go", Start: fingerprint.Position{Line: 5, Column: 1}, End: fingerprint.Position{Line: 5, Column: 2}},
	}}
	if got, want := Message(c, 0), "duplicate of b.go:5 (exact, 1 token, 2 copies)"; got != want {
		t.Errorf("Message = %q, want %q", got, want)
	}
}

func TestRunStatsOnes(t *testing.T) {
	s := sampleRun()
	s.ResidentTrims = 1
	s.Bloom.Hashes, s.Bloom.Keys = 1, 1
	var buf bytes.Buffer
	if err := s.Table(&buf); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"dropped from memory 1 time)", "4793 bits, 1 hash function, ", " at 1 key\n"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, buf.String())
		}
	}
}

// The change's line agrees its verb with the lines new copies hold: one
// line "copies" other code (it said "1 of the 8 lines it added copy").
func TestChangeLineOneLineCopies(t *testing.T) {
	for _, tc := range []struct {
		dup  int
		want string
	}{
		{1, "; 1 of the 8 lines it added copies other code (12.5%)"},
		{2, "; 2 of the 8 lines it added copy other code (25.0%)"},
		{0, "; 0 of the 8 lines it added copy other code (0.0%)"},
	} {
		s := ChangeStats{New: 1, AddedLines: 8, NewDuplicated: tc.dup, MaxNew: -1}
		if got := s.Line(); !strings.HasSuffix(got, tc.want) {
			t.Errorf("%d lines in new copies: %q, want it to end %q", tc.dup, got, tc.want)
		}
	}
	// A change that added no line says so, not "0 of the 0 lines it added
	// copy other code (0.0%)".
	s := ChangeStats{ForgottenTwins: 1, MaxNew: 5}
	if got, want := s.Line(), "copycat: the change: 0 new copies, 1 forgotten twin, 0 classes grown; it added no line, within -max-new-duplication 5%"; got != want {
		t.Errorf("a change adding no line: %q, want %q", got, want)
	}
}
