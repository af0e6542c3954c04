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

// TestNestedSeedsDominated: the seeds extendAll skips inside a pair grown
// in other blocks (nestedSeeds) would have grown into pairs that
// undominated drops: the exact stage's pairs, dominance and tables
// applied, are those of every seed grown, over copies of functions of
// nested statements (renamed, a literal changed, a statement added deep
// inside, in one file and in two) and the standard library's files. And
// the seeds of such copies are not grown one a level: each level's
// window holds every level below it, and growing each took time of the
// square of the depth.
func TestNestedSeedsDominated(t *testing.T) {
	nested := func(name string, depth int, edit func(i int, s string) string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "\nfunc %s(a, b int) int {\n", name)
		for i := range depth {
			b.WriteString(edit(i, fmt.Sprintf("if a > %d {\n\ta += %d\n\tb -= a\n", i, i)))
		}
		b.WriteString(strings.Repeat("}\n", depth) + "return a\n}\n")
		return b.String()
	}
	same := func(i int, s string) string { return s }
	const depth = 200
	srcs := map[string]string{
		"a.go": "package p\n" + nested("f", depth, same) +
			nested("g", depth, func(i int, s string) string { return strings.ReplaceAll(s, "b", "c") }) +
			nested("h", depth, func(i int, s string) string {
				if i == depth/2 {
					return strings.Replace(s, "+=", "-=", 1)
				}
				return s
			}),
		"b.go": "package p\n" + nested("k", depth, func(i int, s string) string {
			if i == depth-20 {
				return s + "\tprintln(a)\n"
			}
			return s
		}) + nested("m", depth, func(i int, s string) string {
			if i == depth/3 {
				return strings.Replace(s, "> ", ">= ", 1)
			}
			return s
		}),
	}
	files := append(indexSources(t, 20, srcs), stdFiles(t, 20)...)
	d := &detector{files: files, opt: Options{MinTokens: 20, MinLines: 2, MaxOccurrences: 10, Workers: 1}}
	groups := d.seedGroups(d.candidates(d.windowSketch()))
	got := d.notTables(d.undominated(d.extendAll(groups), true))

	seeds, _ := d.seedPairs(groups)
	var all []pair
	e := newRenaming()
	for _, sp := range seeds {
		if p, ok, _, _ := d.extend(e, sp[0], sp[1]); ok {
			all = append(all, p)
		}
	}
	slices.SortFunc(all, comparePairs)
	all = slices.CompactFunc(all, func(x, y pair) bool { return x.a == y.a && x.b == y.b })
	want := d.notTables(d.undominated(all, true))
	if !slices.Equal(got, want) {
		t.Errorf("extendAll's pairs, undominated: %d; every seed grown, undominated: %d", len(got), len(want))
	}
	if len(want) < 10 {
		t.Fatalf("%d pairs: want several between the nested copies", len(want))
	}
	// The nested copies alone: a seed a level and a pair of functions,
	// each grown were it not skipped; the pairs the renaming or a
	// statement breaks, above the break.
	n := &detector{files: indexSources(t, 20, srcs), opt: d.opt}
	nseeds, _ := n.seedPairs(n.seedGroups(n.candidates(n.windowSketch())))
	n.extendAll(n.seedGroups(n.candidates(n.windowSketch())))
	t.Logf("nested copies: %d seeds, %d grown", len(nseeds), n.work.Extensions)
	if n.work.Extensions > int64(len(nseeds)/4) {
		t.Errorf("%d of %d seeds grown: want those inside the nested copies' pairs skipped", n.work.Extensions, len(nseeds))
	}
	t.Logf("%d seeds, %d grown, %d pairs", len(seeds), d.work.Extensions, len(want))
}
