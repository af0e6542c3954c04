package fingerprint

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/hostile"
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
		if res.Work.LCSWords != 0 {
			t.Errorf("%d copies: %d LCS words; copies of the same tokens align without one", n, res.Work.LCSWords)
		}
		warned := slices.ContainsFunc(res.Warnings, func(w string) bool { return strings.Contains(w, "not pairwise") })
		if chained := n > largeSeed; chained != warned {
			t.Errorf("%d copies: warnings %q", n, res.Warnings)
		}
	}
}

func TestGramsOfManyUnitsKept(t *testing.T) {
	const n = 150 // more than nearMaxRun near copies
	files := indexSources(t, 100, map[string]string{"a.go": string(hostile.NearIdentical(n))})
	res := Run(files, Options{MinTokens: 100, MinLines: 6, Near: true, Similarity: 0.85})
	largest := 0
	for _, c := range res.Classes {
		if c.Kind == Near {
			largest = max(largest, len(c.Fragments))
		}
	}
	if largest < n-5 {
		t.Errorf("largest near class %d, want about %d: %q", largest, n, describe(res.Classes))
	}
	if res.Work.SharedGrams == 0 || !slices.ContainsFunc(res.Warnings, func(w string) bool { return strings.Contains(w, "near-miss grams") }) {
		t.Errorf("shared grams %d, warnings %q: want the cap counted and reported", res.Work.SharedGrams, res.Warnings)
	}
	// Pairing every two units of such a gram would cost n² pairs.
	if res.Work.NearPairs > 4*nearReps*res.Work.NearEntries {
		t.Errorf("near pairs %d for %d entries", res.Work.NearPairs, res.Work.NearEntries)
	}
}

func TestPairsInOneFunctionTestedLocally(t *testing.T) {
	files := indexSources(t, 100, map[string]string{"a.go": string(hostile.ClonePairs(150000))})
	res := Run(files, Options{MinTokens: 100, MinLines: 6, MaxOccurrences: 10})
	// Every kept pair is in the one function: tested against all of them,
	// the pairs would cost the square of their number.
	if res.Work.Extensions < 100 || res.Work.Dominance > 4*res.Work.Extensions {
		t.Errorf("%d extensions, %d dominance tests: want many pairs, each tested against a few", res.Work.Extensions, res.Work.Dominance)
	}
}

func TestLongCopiesGrowOnce(t *testing.T) {
	// Two copies of one long function, one statement apart: every window
	// of a copy is a seed, and each would grow into the same pair.
	body := string(hostile.RepeatedStatements(3000))
	i := strings.Index(body, "func f() {")
	copied := strings.Replace(body[i:], "func f()", "func g()", 1)
	copied = strings.Replace(copied, "x = y + 1\n", "x = 2\n", 1)
	files := indexSources(t, 100, map[string]string{"a.go": body + "\n" + copied})
	res := Run(files, Options{MinTokens: 100, MinLines: 6, MaxOccurrences: 10})
	if len(res.Classes) == 0 || res.Work.Extensions > 20 {
		t.Errorf("%d classes, %d extensions for %d windows: want the seeds along each copy grown once", len(res.Classes), res.Work.Extensions, len(files[0].windows))
	}
}

// twoLongCopies is a file of two copies of one function of n statements,
// the second with every every-th statement (from the first) changed.
func twoLongCopies(n, every int) string {
	body := string(hostile.RepeatedStatements(n))
	i := strings.Index(body, "func f() {")
	lines := strings.Split(body[i:], "\n")
	for j := 1; j < len(lines)-2; j += every {
		lines[j] = "x = 2"
	}
	return body + "\n" + strings.Replace(strings.Join(lines, "\n"), "func f()", "func g()", 1)
}

func TestLargeNearCopiesAlignWithoutLCS(t *testing.T) {
	opt := Options{MinTokens: 100, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85}
	res := Run(indexSources(t, 100, map[string]string{"a.go": twoLongCopies(5000, 2500)}), opt)
	if len(res.Classes) != 1 || res.Classes[0].Kind != Near || res.Work.LCSWords > 1<<20 || len(res.Warnings) != 0 {
		t.Errorf("got %q, %d LCS words, warnings %q: want one near class, no LCS of the two copies", describe(res.Classes), res.Work.LCSWords, res.Warnings)
	}
	// Edited all along, the copies are too far apart to align at that size.
	res = Run(indexSources(t, 100, map[string]string{"a.go": twoLongCopies(5000, 12)}), opt)
	if res.Work.LargeUnverified == 0 || !slices.ContainsFunc(res.Warnings, func(w string) bool { return strings.Contains(w, "not compared further") }) {
		t.Errorf("warnings %q: want the edit cap counted and reported", res.Warnings)
	}
}

// A cap reached once is said in the singular: "1 near-miss candidate …
// was", not "1 near-miss candidates … were".
func TestCapWarningsCount(t *testing.T) {
	one := (&Work{DeepUnits: 1, LargeSeeds: 1, SharedGrams: 1, LargeUnverified: 1}).warnings()
	two := (&Work{DeepUnits: 2, LargeSeeds: 2, SharedGrams: 2, LargeUnverified: 2}).warnings()
	for i, want := range []string{"1 block nested", "1 window repeated", "1 near-miss gram shared", "1 near-miss candidate of"} {
		if !strings.HasPrefix(one[i], want) || strings.Contains(one[i], " were ") {
			t.Errorf("one: %q, want it to start %q and say was", one[i], want)
		}
	}
	for i, want := range []string{"2 blocks nested", "2 windows repeated", "2 near-miss grams shared", "2 near-miss candidates of"} {
		if !strings.HasPrefix(two[i], want) || strings.Contains(two[i], " was ") {
			t.Errorf("two: %q, want it to start %q and say were", two[i], want)
		}
	}
}
