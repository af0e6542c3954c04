package fingerprint

import (
	"cmp"
	"reflect"
	"slices"
	"testing"
)

// undominatedNaive is undominated without its index: every pair kept so
// far is tested, the largest first.
func (d *detector) undominatedNaive(pairs []pair) []pair {
	size := func(p pair) int32 { t0, t1 := d.tokens(p.a); return t1 - t0 }
	bySize := slices.Clone(pairs)
	slices.SortStableFunc(bySize, func(x, y pair) int { return cmp.Compare(size(y), size(x)) })
	var kept []pair
	for _, p := range bySize {
		if !slices.ContainsFunc(kept, func(q pair) bool { return d.place(q).dominates(d.place(p)) }) {
			kept = append(kept, p)
		}
	}
	slices.SortFunc(kept, comparePairs)
	return kept
}

// undominated, with its index and its keys looked up once, keeps what
// testing every pair against every larger one keeps, for exact pairs
// (whose spans have the same size) and near-miss pairs.
func TestUndominatedMatchesNaive(t *testing.T) {
	files := stdFiles(t, 30)
	d := &detector{files: files, opt: Options{MinTokens: 30, MinLines: 3, MaxOccurrences: 10, Near: true, Similarity: 0.8}}
	slices.SortFunc(d.files, func(a, b *File) int { return cmp.Compare(a.Name, b.Name) })
	exact := d.extendAll(d.seedGroups(d.candidates(d.windowSketch())))
	units := d.nearUnits() // every unit pairs as itself under MaxOccurrences 10
	near, _ := d.verify(units, d.nearCandidates(units))
	for _, tc := range []struct {
		name     string
		pairs    []pair
		sameSize bool
	}{{"exact", exact, true}, {"near", near, false}} {
		pairs := slices.Clone(tc.pairs)
		slices.SortFunc(pairs, comparePairs)
		got, want := d.undominated(slices.Clone(pairs), tc.sameSize), d.undominatedNaive(pairs)
		if len(want) == len(pairs) {
			t.Errorf("%s: no pair of %d is dominated: the test proves nothing", tc.name, len(pairs))
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: undominated keeps %d of %d pairs, testing every pair %d", tc.name, len(got), len(pairs), len(want))
		}
	}
}
