package fingerprint

import (
	"fmt"
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

// copiesOf is one file of n copies of one function, each with its own
// name.
func copiesOf(n int) string {
	var b strings.Builder
	b.WriteString("package p\n")
	for i := range n {
		fmt.Fprintf(&b, "\nfunc f%d(xs []int) int {\n", i)
		b.WriteString("\tt := 0\n\tfor _, x := range xs {\n\t\tif x > 0 {\n\t\t\tt += x * 2\n\t\t}\n\t}\n")
		b.WriteString("\tif t > 10 {\n\t\tt = 10\n\t}\n\treturn t + len(xs)\n}\n")
	}
	return b.String()
}

func TestManyCopiesCostLinear(t *testing.T) {
	for _, n := range []int{10, 300} {
		files := indexSources(t, 20, map[string]string{"a.go": copiesOf(n)})
		res := Run(files, Options{MinTokens: 20, MinLines: 2, Near: true, Similarity: 0.85})
		if len(res.Classes) != 1 || len(res.Classes[0].Fragments) != n {
			t.Fatalf("%d copies: got %q, want one class of all copies", n, describe(res.Classes))
		}
		// Each window has n copies; pairwise they would cost n² each.
		windows := int64(len(files[0].windows))
		if n > largeSeed && res.Work.Extensions > 2*windows || res.Work.Dominance > 4*windows {
			t.Errorf("%d copies, %d windows: %d extensions, %d dominance tests; want at most %d and %d",
				n, windows, res.Work.Extensions, res.Work.Dominance, 2*windows, 4*windows)
		}
		if chained := n > largeSeed; chained != (len(res.Warnings) == 1) {
			t.Errorf("%d copies: warnings %q", n, res.Warnings)
		}
	}
}
