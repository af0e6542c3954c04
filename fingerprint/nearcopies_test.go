package fingerprint

import (
	"fmt"
	"slices"
	"testing"
)

// copiesSrc is five functions of one shape: f2 renames f1's locals, f3
// renames them inconsistently (a + a for a + b), f4 prints another string
// and f5 differs from f1 only in its name.
var copiesSrc = "package p\n" +
	copyFunc("f1", "x", "y", "b", "sum") +
	copyFunc("f2", "u", "v", "b", "sum") +
	copyFunc("f3", "x", "y", "a", "sum") +
	copyFunc("f4", "x", "y", "b", "total") +
	copyFunc("f5", "x", "y", "b", "sum")

func copyFunc(name, x, y, b, msg string) string {
	return fmt.Sprintf("\nfunc %s(a, b int) int {\n\t%[2]s := a + %[4]s\n\t%[3]s := %[2]s * 2\n\tprintln(%[5]q, %[2]s, %[3]s)\n\treturn %[2]s - %[3]s\n}\n", name, x, y, b, msg)
}

// Copies are units with the same tokens, names consistently renamed and
// the same other values; only under MaxOccurrences 0 (or above
// nearMaxRun) do they pair through their first.
func TestFindCopies(t *testing.T) {
	files := indexSources(t, 10, map[string]string{"a.go": copiesSrc})
	tests := []struct {
		maxOcc int
		want   [][]uint32 // copies of each representative
	}{
		// f2 and f5 are copies of f1; f3 and f4 are not.
		{0, [][]uint32{{1, 4}, nil, nil}},
		{nearMaxRun + 1, [][]uint32{{1, 4}, nil, nil}},
		{10, nil},
	}
	for _, tt := range tests {
		d := &detector{files: files, opt: Options{MinTokens: 10, MinLines: 2, MaxOccurrences: tt.maxOcc, Near: true, Similarity: 0.85}}
		units := d.nearUnits()
		if len(units) != 5 {
			t.Fatalf("%d near-miss units, want the 5 functions", len(units))
		}
		c := d.findCopies(units)
		if !slices.EqualFunc(c.copies, tt.want, slices.Equal) {
			t.Errorf("max occurrences %d: copies %v, want %v", tt.maxOcc, c.copies, tt.want)
		}
		if tt.want != nil && !slices.Equal(c.index, []uint32{0, 2, 3}) {
			t.Errorf("max occurrences %d: representatives %v, want units 0, 2 and 3", tt.maxOcc, c.index)
		}
	}
}

// Pairing through the first copy finds the near-miss classes that
// pairing every unit finds.
func TestCopiesPairLikeEveryUnit(t *testing.T) {
	files := indexSources(t, 10, map[string]string{"a.go": copiesSrc})
	opt := Options{MinTokens: 10, MinLines: 2, MaxOccurrences: 10, Near: true, Similarity: 0.85}
	every := describe(Detect(files, opt))
	opt.MaxOccurrences = 0
	through := describe(Detect(files, opt))
	if !slices.Equal(every, through) {
		t.Errorf("through the first copy: %q\nevery unit: %q", through, every)
	}
	// f3's inconsistent renaming makes it a near-miss clone of all the
	// others.
	if !slices.Equal(every, []string{"near a.go:3-8 a.go:10-15 a.go:17-22 a.go:24-29 a.go:31-36"}) {
		t.Errorf("classes %q: want f3 a near-miss clone of the four others", every)
	}
}

// Two units have the same copy key exactly when one is a copy of the
// other, and a candidate pair of copies is dropped before verification
// when every unit pairs as itself; the classes are those found verifying
// every candidate.
func TestDropCopies(t *testing.T) {
	files := indexSources(t, 10, map[string]string{"a.go": copiesSrc})
	d := &detector{files: files, opt: Options{MinTokens: 10, MinLines: 2, MaxOccurrences: 10, Near: true, Similarity: 0.85}}
	units := d.nearUnits()
	var k keyer
	r := newRenaming()
	var all []uint64
	for x := range units {
		for y := x + 1; y < len(units); y++ {
			all = append(all, uint64(x)<<32|uint64(y))
			same := d.copyKey(&k, units[x].s) == d.copyKey(&k, units[y].s)
			if copies := d.sameCopy(r, units[x].s, units[y].s); same != copies {
				t.Errorf("units %d and %d: same key %v, copies %v", x, y, same, copies)
			}
		}
	}
	cands, _ := d.nearCandidates(units)
	if !slices.Equal(cands, all) {
		t.Fatalf("candidates %x, want every pair of the five functions", cands)
	}
	kept := d.dropCopies(units, slices.Clone(cands))
	// f1, f2 and f5 (units 0, 1, 4) are copies of one another.
	want := slices.DeleteFunc(slices.Clone(all), func(c uint64) bool { return c == 0<<32|1 || c == 0<<32|4 || c == 1<<32|4 })
	if !slices.Equal(kept, want) || d.work.NearCopies != 3 {
		t.Errorf("kept %x (%d copies dropped), want %x", kept, d.work.NearCopies, want)
	}
	verified, _ := d.verify(units, cands)
	dropped, _ := d.verify(units, kept)
	slices.SortFunc(verified, comparePairs)
	slices.SortFunc(dropped, comparePairs)
	if !slices.EqualFunc(verified, dropped, func(a, b pair) bool { return a == b }) || len(verified) == 0 {
		t.Errorf("near-miss pairs verifying every candidate %v, without the copies %v", verified, dropped)
	}
}
