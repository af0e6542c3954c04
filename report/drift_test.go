package report

import (
	"bytes"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
)

// TestDriftWords checks the words for each kind of drift, in the text
// report (which go vet, SARIF and the editor share) and the JSON, against
// golden files, and that drifted classes rank first.
func TestDriftWords(t *testing.T) {
	rep, readFile := fixture(t, "drift.txtar", fingerprint.Options{MinTokens: 50, MinLines: 6, Near: true, Similarity: 0.8})
	Rank(rep.Classes, ReadFacts(readFile), SortRank)
	DriftPairFirst(rep.Classes) // as the command line does
	var text, js bytes.Buffer
	if err := Text(&text, rep); err != nil {
		t.Fatal(err)
	}
	if err := JSON(&js, rep); err != nil {
		t.Fatal(err)
	}
	golden(t, "drift.txt", text.Bytes())
	golden(t, "drift.json", js.Bytes())
	seenOther := false
	for _, c := range rep.Classes {
		if !c.Divergent {
			seenOther = true
		} else if seenOther {
			t.Errorf("drifted class %s ranks below one that did not drift", c.Fragments[0].File)
		}
	}
}

// TestDriftSaidOnce: a step lacked of several twins at one place is said
// once, of the first; steps at other places, or lacked of every other copy
// against not, are said each.
func TestDriftSaidOnce(t *testing.T) {
	lacks := func(twin, at int, consensus bool) fingerprint.Drift {
		return fingerprint.Drift{Kind: fingerprint.DriftLacks, Step: fingerprint.StepDefer, Lines: fingerprint.LineRange{Start: at, End: at},
			Twin: twin, TwinLines: fingerprint.LineRange{Start: 5, End: 5}, Consensus: consensus}
	}
	c := fingerprint.Class{Fragments: []fingerprint.Fragment{
		{File: "a.go", Drift: []fingerprint.Drift{lacks(1, 4, false), lacks(2, 4, false), lacks(2, 9, false)}},
		{File: "b.go"}, {File: "d.go"},
	}}
	got := DriftSaid(c, 0)
	want := []string{"lacks the defer of b.go:5 (after this copy's line 4)", "lacks the defer of d.go:5 (after this copy's line 9)"}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("DriftSaid = %q, want %q", got, want)
	}
}
