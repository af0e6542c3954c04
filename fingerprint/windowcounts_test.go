package fingerprint

import (
	"slices"
	"testing"
)

// Window counts decide as a run's sketch over the same windows decides,
// for every fingerprint seen twice or more (the sketch's Bloom filter may
// also pass one seen once, which pairs with nothing); every file taken
// out leaves nothing counted, and put back, the same counts.
func TestWindowCounts(t *testing.T) {
	files := stdFiles(t, 50)
	n := 0
	for _, f := range files {
		n += f.Windows()
	}
	sk := newSketch(n)
	wc := NewWindowCounts(n)
	for _, f := range files {
		for _, w := range f.windows {
			sk.add(w.fp)
		}
		wc.Add(f)
	}
	check := func(when string) {
		t.Helper()
		repeated, differ := 0, 0
		for _, f := range files {
			for _, w := range f.windows {
				for _, most := range []int{0, 2, 10} {
					got := wc.repeated(w.fp, most)
					if got {
						repeated++
					}
					if got != sk.repeated(w.fp, most) && wc.seen[w.fp] >= 2 {
						differ++
					}
				}
			}
		}
		if repeated == 0 || differ > 0 {
			t.Errorf("%s: %d windows repeated, %d decided otherwise than by the sketch", when, repeated, differ)
		}
	}
	check("added")
	for _, f := range files {
		wc.Remove(f)
	}
	if len(wc.seen) != 0 || slices.ContainsFunc(wc.counts.counts, func(c uint32) bool { return c != 0 }) {
		t.Fatalf("every file taken out: %d fingerprints still counted", len(wc.seen))
	}
	for _, f := range files {
		wc.Add(f)
	}
	check("taken out and put back")
}
