package fingerprint

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Seeds skipped along a diagonal grow, as extendAll has it, into the
// pairs they would have grown into on their own: every seed grown gives
// the same pairs, where the copies' names break the renaming in places
// (a name changed in one statement; a name bound one way in the first
// half and the other way in the second) as well as where their
// statements differ.
func TestSkippedSeedsGrowAlike(t *testing.T) {
	var b strings.Builder
	b.WriteString("package p\n")
	for c, edit := range []func(i int, s string) string{
		func(i int, s string) string { return s },
		func(i int, s string) string { // one name changed in one statement
			if i == 25 {
				return strings.Replace(s, "y", "z", 1)
			}
			return s
		},
		func(i int, s string) string { // x is w in the first half, v in the second
			if i < 20 {
				return strings.ReplaceAll(s, "x", "w")
			}
			return strings.ReplaceAll(s, "x", "v")
		},
		func(i int, s string) string { // a statement that differs, and a name changed past it
			switch {
			case i == 12:
				return "\tx = 2\n"
			case i == 31:
				return strings.Replace(s, "x", "z", 1)
			}
			return s
		},
	} {
		fmt.Fprintf(&b, "\nfunc f%d() {\n", c)
		r := uint32(7)
		for i := range 50 {
			r = r*1664525 + 1013904223
			b.WriteString(edit(i, "\t"+stmtShapes4[uint64(r)*4>>32]))
		}
		b.WriteString("}\n")
	}
	files := indexSources(t, 20, map[string]string{"a.go": b.String()})
	d := &detector{files: files, opt: Options{MinTokens: 20, MinLines: 2, MaxOccurrences: 10}}
	groups := d.seedGroups(d.candidates(d.windowSketch()))
	got := d.extendAll(groups)

	seeds, _ := d.seedPairs(groups)
	var want []pair
	e := newRenaming()
	for _, sp := range seeds {
		if p, ok, _, _ := d.extend(e, sp[0], sp[1]); ok {
			want = append(want, p)
		}
	}
	slices.SortFunc(want, comparePairs)
	want = slices.CompactFunc(want, func(x, y pair) bool { return x.a == y.a && x.b == y.b })
	if len(want) < 6 {
		t.Fatalf("%d pairs from %d seeds: want the copies cut in several pairs", len(want), len(seeds))
	}
	if !slices.Equal(got, want) {
		t.Errorf("extendAll grew %d pairs:\n%v\nwant, every seed grown, %d:\n%v", len(got), got, len(want), want)
	}
}

// stmtShapes4 are the statements of internal/hostile's
// RepeatedStatements.
var stmtShapes4 = [...]string{"x = y + 1\n", "y = z * x\n", "z = f(x, y)\n", "if x > y { x = y }\n"}
