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
