package lsp

import (
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
)

// A divergent class is a warning in the editor, whatever the configured
// severity below it; other classes keep the configured one.
func TestDivergentSeverity(t *testing.T) {
	frag := func(file string, line int) fingerprint.Fragment {
		return fingerprint.Fragment{File: file, Start: fingerprint.Position{Line: line, Column: 1}, End: fingerprint.Position{Line: line + 5, Column: 2}}
	}
	plain := &fingerprint.Class{ID: "p", Kind: fingerprint.Renamed, Fragments: []fingerprint.Fragment{frag("/w/a.go", 1), frag("/w/b.go", 1)}}
	div := &fingerprint.Class{ID: "d", Kind: fingerprint.Near, Divergent: true, Fragments: []fingerprint.Fragment{frag("/w/a.go", 20), frag("/w/b.go", 20)}}
	div.Fragments[0].Extra = []fingerprint.LineRange{{Start: 22, End: 22}}
	text := func(string) []byte { return []byte(strings.Repeat("x\n", 40)) }
	for _, tc := range []struct {
		configured int
		want       []int
	}{
		{severityInformation, []int{severityInformation, severityWarning}},
		{severityHint, []int{severityHint, severityWarning}},
		{severityError, []int{severityError, severityError}},
	} {
		ds := fileDiagnostics("/w/a.go", []*fingerprint.Class{plain, div}, tc.configured, []string{"/w"}, text)
		var got []int
		for _, d := range ds {
			got = append(got, d.Severity)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("configured %d: severities %v, want %v", tc.configured, got, tc.want)
		}
		if msg := ds[1].Message; !strings.HasSuffix(msg, "drifted); the other copy lacks this one's line 22") {
			t.Errorf("divergent message %q", msg)
		}
	}
}

// The copy that drifted from its twin gets a warning on the line where it
// lacks the twin's step, naming the twin, whatever the configured
// severity; its twin gets none.
func TestDriftDiagnostics(t *testing.T) {
	frag := func(file string, line int) fingerprint.Fragment {
		return fingerprint.Fragment{File: file, Start: fingerprint.Position{Line: line, Column: 1}, End: fingerprint.Position{Line: line + 5, Column: 2}}
	}
	c := &fingerprint.Class{ID: "d", Kind: fingerprint.Near, Divergent: true, Fragments: []fingerprint.Fragment{frag("/w/a.go", 20), frag("/w/b.go", 20)}}
	c.Fragments[0].Drift = []fingerprint.Drift{{Kind: fingerprint.DriftLacks, Step: fingerprint.StepGuard,
		Lines: fingerprint.LineRange{Start: 21, End: 21}, Twin: 1, TwinLines: fingerprint.LineRange{Start: 22, End: 24}}}
	text := func(string) []byte { return []byte(strings.Repeat("xyz\n", 40)) }
	ds := fileDiagnostics("/w/a.go", []*fingerprint.Class{c}, severityHint, []string{"/w"}, text)
	if len(ds) != 2 {
		t.Fatalf("got %d diagnostics, want the class's and the drift's: %+v", len(ds), ds)
	}
	d := ds[1]
	if d.Severity != severityWarning || d.Range.Start.Line != 20 || d.Range.End.Line != 20 || d.Range.End.Character != 3 ||
		d.Message != "lacks the guard of b.go:22-24 (after this copy's line 21)" || d.Code != "drift" {
		t.Errorf("drift diagnostic %+v", d)
	}
	if len(d.RelatedInformation) != 1 || d.RelatedInformation[0].Location.URI != pathToURI("/w/b.go") || d.RelatedInformation[0].Location.Range.Start.Line != 21 {
		t.Errorf("drift related information %+v", d.RelatedInformation)
	}
	// The twin's lines 22-24 are whole: the range ends where line 25
	// begins (it ended where line 24 begins, leaving out the last line).
	if r := d.RelatedInformation[0].Location.Range; r.Start != (position{21, 0}) || r.End != (position{24, 0}) {
		t.Errorf("the twin's range %+v, want lines 22-24 whole (21:0 to 24:0)", r)
	}
	if twin := fileDiagnostics("/w/b.go", []*fingerprint.Class{c}, severityHint, []string{"/w"}, text); len(twin) != 1 {
		t.Errorf("the twin got %d diagnostics, want the class's alone", len(twin))
	}
	// An editor set to errors gets the drift as an error too.
	if ds := fileDiagnostics("/w/a.go", []*fingerprint.Class{c}, severityError, []string{"/w"}, text); len(ds) != 2 || ds[1].Severity != severityError {
		t.Errorf("with severity error: %+v", ds)
	}
}

// A copy that lacks a weak step of its twin (an error wrap), which does
// not make its class drifted, gets the drift diagnostic at the class's
// severity, the configured one, as the copy's own: it was a warning, in a
// class the command line does not call drifted (found by the roads trial
// on afero's util.go).
func TestWeakDriftSeverity(t *testing.T) {
	frag := func(file string, line int) fingerprint.Fragment {
		return fingerprint.Fragment{File: file, Start: fingerprint.Position{Line: line, Column: 1}, End: fingerprint.Position{Line: line + 5, Column: 2}}
	}
	c := &fingerprint.Class{ID: "w", Kind: fingerprint.Near, Fragments: []fingerprint.Fragment{frag("/w/a.go", 20), frag("/w/b.go", 20)}}
	c.Fragments[0].Drift = []fingerprint.Drift{{Kind: fingerprint.DriftLacks, Step: fingerprint.StepWrap,
		Lines: fingerprint.LineRange{Start: 21, End: 21}, Twin: 1, TwinLines: fingerprint.LineRange{Start: 22, End: 22}}}
	text := func(string) []byte { return []byte(strings.Repeat("xyz\n", 40)) }
	for _, configured := range []int{severityHint, severityInformation, severityError} {
		ds := fileDiagnostics("/w/a.go", []*fingerprint.Class{c}, configured, []string{"/w"}, text)
		if len(ds) != 2 || ds[1].Code != "drift" {
			t.Fatalf("configured %d: %+v, want the class's diagnostic and the drift's", configured, ds)
		}
		if got := []int{ds[0].Severity, ds[1].Severity}; !slices.Equal(got, []int{configured, configured}) {
			t.Errorf("configured %d: severities %v, want both %d", configured, got, configured)
		}
	}
}

// A step the odd one out of a family lacks of every other copy is one
// warning on the copy, with each twin as related information.
func TestDriftDiagnosticsOddOneOut(t *testing.T) {
	frag := func(file string) fingerprint.Fragment {
		return fingerprint.Fragment{File: file, Start: fingerprint.Position{Line: 20, Column: 1}, End: fingerprint.Position{Line: 25, Column: 2}}
	}
	c := &fingerprint.Class{ID: "d", Kind: fingerprint.Near, Divergent: true, Fragments: []fingerprint.Fragment{frag("/w/a.go"), frag("/w/b.go"), frag("/w/c.go")}}
	lacks := func(twin int) fingerprint.Drift {
		return fingerprint.Drift{Kind: fingerprint.DriftLacks, Step: fingerprint.StepGuard, Consensus: true,
			Lines: fingerprint.LineRange{Start: 21, End: 21}, Twin: twin, TwinLines: fingerprint.LineRange{Start: 22, End: 24}}
	}
	c.Fragments[0].Drift = []fingerprint.Drift{lacks(1), lacks(2)}
	text := func(string) []byte { return []byte(strings.Repeat("xyz\n", 40)) }
	ds := fileDiagnostics("/w/a.go", []*fingerprint.Class{c}, severityHint, []string{"/w"}, text)
	if len(ds) != 2 {
		t.Fatalf("got %d diagnostics, want the class's and one for the drift: %+v", len(ds), ds)
	}
	d := ds[1]
	if d.Message != "lacks the guard of b.go:22-24 (after this copy's line 21), which every other copy has" {
		t.Errorf("drift message %q", d.Message)
	}
	var twins []string
	for _, r := range d.RelatedInformation {
		twins = append(twins, r.Location.URI)
	}
	if want := []string{pathToURI("/w/b.go"), pathToURI("/w/c.go")}; !slices.Equal(twins, want) {
		t.Errorf("related information %v, want %v", twins, want)
	}
}
