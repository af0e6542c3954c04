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

// The near keys a corpus's counts share are those that 2 to NearKeyLimit
// units of its files hold, whichever files were added and taken out
// before.
func TestCorpusCountsShareNearKeys(t *testing.T) {
	files := stdFiles(t, 50)
	opt := Options{MinTokens: 50, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85}
	fresh := func(files []*File) []uint32 {
		units := map[uint32]int{}
		for _, f := range files {
			for _, u := range NearUnits(f, opt) {
				for _, k := range u.Keys {
					units[k]++
				}
			}
		}
		var keys []uint32
		for k, n := range units {
			if n >= 2 && n <= NearKeyLimit {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		return keys
	}
	c := NewCorpusCounts(opt, 0)
	for _, f := range files {
		c.Add(f)
	}
	all := c.Corpus().SharedNearKeys
	if want := fresh(files); len(want) == 0 || !slices.Equal(all, want) {
		t.Fatalf("all files: %d keys shared, want %d", len(all), len(want))
	}
	half := files[:len(files)/2]
	for _, f := range half {
		c.Remove(f)
	}
	if got, want := c.Corpus().SharedNearKeys, fresh(files[len(files)/2:]); !slices.Equal(got, want) {
		t.Errorf("half taken out: %d keys shared, want %d", len(got), len(want))
	}
	for _, f := range half {
		c.Add(f)
	}
	if got := c.Corpus().SharedNearKeys; !slices.Equal(got, all) {
		t.Errorf("put back: %d keys shared, want %d", len(got), len(all))
	}
	if NewCorpusCounts(Options{Near: true}, 0) != nil {
		t.Errorf("counts made for runs without a limit")
	}
}
