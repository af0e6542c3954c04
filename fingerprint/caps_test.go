package fingerprint

import (
	"strings"
	"testing"
)

// nestedBlocks is a function of depth nested blocks, each with a
// statement before the next.
func nestedBlocks(depth int) string {
	return "package p\n\nfunc f() {\n" + strings.Repeat("{\nx++\n", depth) + strings.Repeat("}\n", depth) + "}\n"
}

func TestDeepNearUnitsCapped(t *testing.T) {
	const depth = 400
	files := indexSources(t, 20, map[string]string{"a.go": nestedBlocks(depth)})
	res := Run(files, Options{MinTokens: 20, MinLines: 2, Near: true, Similarity: 0.85})
	// Every unit holds the grams of all the units inside it: without the
	// cap the entries grow with the square of the depth.
	grams := int64(len(files[0].grams))
	if res.Work.NearEntries > 32*grams {
		t.Errorf("near entries %d, want at most %d", res.Work.NearEntries, 32*grams)
	}
	if res.Work.DeepUnits == 0 || len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "nested more than") {
		t.Errorf("deep units %d, warnings %q: want the cap counted and reported", res.Work.DeepUnits, res.Warnings)
	}
}

func TestOrdinaryCodeHasNoWarnings(t *testing.T) {
	res := Run(indexSources(t, 20, map[string]string{"a.go": nestedBlocks(5)}), Options{MinTokens: 20, MinLines: 2, Near: true, Similarity: 0.85})
	if len(res.Warnings) != 0 {
		t.Errorf("warnings %q, want none", res.Warnings)
	}
}
