package fingerprint

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestSketchSeenTwice(t *testing.T) {
	s := newSketch(1000)
	for _, fp := range []uint64{1, 2, 2, 3, 3, 3} {
		s.add(fp)
	}
	for fp, want := range map[uint64]bool{1: false, 2: true, 3: true, 4: false} {
		if got := s.repeated(fp, 0); got != want {
			t.Errorf("repeated(%d) = %v, want %v", fp, got, want)
		}
	}
	if s.repeated(3, 2) {
		t.Errorf("repeated(3, max 2): 3 was seen 3 times")
	}
}

// Merging sketches built over parts of the input gives what one sketch over
// all of it gives: seen once in two parts is seen twice.
func TestSketchMerge(t *testing.T) {
	a, b := newSketch(1000), newSketch(1000)
	a.add(10)
	b.add(10)
	a.add(20)
	b.add(30)
	b.add(30)
	a.merge(b)
	for fp, want := range map[uint64]bool{10: true, 20: false, 30: true} {
		if got := a.repeated(fp, 0); got != want {
			t.Errorf("after merge, repeated(%d) = %v, want %v", fp, got, want)
		}
	}
	if got := a.counts.estimate(10); got != 2 {
		t.Errorf("merged count of 10 = %d, want 2", got)
	}
}

func TestCountMinNeverUnderCounts(t *testing.T) {
	const n = 20000
	c := newCountMin(n)
	r := rand.New(rand.NewPCG(3, 4))
	truth := map[uint64]uint32{}
	for range n {
		fp := r.Uint64N(n / 4)
		truth[fp]++
		c.add(fp)
	}
	over := 0
	for fp, want := range truth {
		got := c.estimate(fp)
		if got < want {
			t.Fatalf("estimate(%d) = %d < true count %d", fp, got, want)
		}
		if got > want+countMinSlack*3 {
			over++
		}
	}
	if over > len(truth)/100 {
		t.Errorf("%d of %d estimates over-count by more than %d", over, len(truth), countMinSlack*3)
	}
}

func TestCountMinSizing(t *testing.T) {
	c := newCountMin(1 << 20)
	if c.depth != 4 {
		t.Errorf("depth %d, want ⌈ln(1/0.02)⌉ = 4", c.depth)
	}
	if w := c.mask + 1; w&(w-1) != 0 || w < (1<<20)*2718/4000 {
		t.Errorf("width %d is not a power of two ≥ e·n/%d", w, countMinSlack)
	}
}

func TestSortKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, workers := range []int{1, 2, 3, 5} {
		for _, n := range []int{0, 10, radixMin + 1, 1 << 16, 1<<17 + 3} {
			xs := make([]uint64, n)
			for i := range xs {
				switch i % 3 {
				case 0:
					xs[i] = r.Uint64N(1000)
				case 1:
					xs[i] = r.Uint64() // every byte
				default:
					xs[i] = r.Uint64N(1<<20) << 32 // packed keys: low bytes all zero
				}
			}
			want := slices.Clone(xs)
			slices.Sort(want)
			d := &detector{opt: Options{Workers: workers}}
			d.sortKeys(xs)
			if !slices.Equal(xs, want) {
				t.Fatalf("workers %d, n %d: not sorted", workers, n)
			}
		}
	}
}

// Keys made in the order of their low half (an index under a hash, as
// the near-miss entries are) sort by their high half alone.
func TestSortKeysFrom(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, workers := range []int{1, 2, 3} {
		for _, n := range []int{0, 5, radixMin - 1, radixMin + 7, 1<<16 + 3, 200000} {
			xs := make([]uint64, n)
			for i := range xs {
				xs[i] = uint64(r.Uint32N(1<<uint(8+i%20)))<<32 | uint64(i/3) // low halves in order, repeated
			}
			want := slices.Clone(xs)
			slices.Sort(want)
			d := &detector{opt: Options{Workers: workers}}
			d.sortKeysFrom(xs, 4)
			if !slices.Equal(xs, want) {
				t.Fatalf("workers %d, n %d: not sorted", workers, n)
			}
		}
	}
}

// Keys whose high bits are all the same are dealt into buckets by the
// highest bits that differ, which may lie below byte first, or nowhere.
func TestSortKeysNarrow(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, workers := range []int{2, 3} {
		for _, c := range []struct {
			name  string
			first int
			key   func(i int) uint64
		}{
			{"one high value", 4, func(i int) uint64 { return 7<<32 | uint64(i/5) }},
			{"four high values", 4, func(i int) uint64 { return r.Uint64N(4)<<32 | uint64(i/5) }},
			{"every key equal", 0, func(int) uint64 { return 42 }},
			{"small keys", 0, func(int) uint64 { return r.Uint64N(300) }},
			{"unit pairs", 0, func(int) uint64 { return r.Uint64N(3000)<<32 | r.Uint64N(3000) }},
		} {
			xs := make([]uint64, 1<<17+11)
			for i := range xs {
				xs[i] = c.key(i)
			}
			want := slices.Clone(xs)
			slices.Sort(want)
			d := &detector{opt: Options{Workers: workers}}
			d.sortKeysFrom(xs, c.first)
			if !slices.Equal(xs, want) {
				t.Fatalf("workers %d, %s: not sorted", workers, c.name)
			}
		}
	}
}
