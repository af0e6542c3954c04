package fingerprint

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPartChainsAsByMap pins partChains, whose open chains are found
// through a table of their diagonals' buckets and whose buffers are
// reused, to the chaining it replaced, through a map of buckets to
// lists made and cleared for each pair of files: the same chains (in
// any order: partPairs sorts what they give), on the hits of go/*'s files
// and of two functions that repeat a line, and on hits made at random,
// close together and on few diagonals, so that chains meet, move from
// bucket to bucket and close.
func TestPartChainsAsByMap(t *testing.T) {
	var groups [][]partHit
	files := partHitFiles(t)
	d := &detector{files: files, opt: Options{MinTokens: 50, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85, Workers: 2}}
	reps := d.findCopies(d.nearUnits()).reps
	_, keys := d.nearCandidates(reps)
	hits := d.partHits(reps, keys)
	for i := 0; i < len(hits); {
		j := i + 1
		for j < len(hits) && hits[j].fa == hits[i].fa {
			j++
		}
		groups = append(groups, hits[i:j])
		i = j
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 300 {
		var g []partHit
		for range 1 + r.IntN(400) {
			pa := r.Int32N(3000)
			g = append(g, partHit{fb: 1 + r.Int32N(3), pa: pa, pb: pa + r.Int32N(120) - 60 + 40*r.Int32N(3),
				endA: 1000 * (1 + pa/1000), endB: 2000 * r.Int32N(2), key: r.Uint32N(40)})
		}
		slices.SortFunc(g, func(x, y partHit) int {
			return cmp.Or(cmp.Compare(x.pa, y.pa), cmp.Compare(x.fb, y.fb), cmp.Compare(x.pb, y.pb))
		})
		groups = append(groups, g)
	}
	var sc partScratch
	opt := Options{MinTokens: 20, Similarity: 0.85}
	chained := 0
	for i, g := range groups {
		want := normalChains(partChainsByMap(opt, g))
		got := normalChains(partChains(opt, g, &sc))
		if !slices.Equal(got, want) {
			t.Fatalf("group %d of %d hits: %d chains, want %d", i, len(g), len(got), len(want))
		}
		chained += len(got)
	}
	if chained < 1000 {
		t.Errorf("%d chains in all: the test shows little", chained)
	}
}

// normalChains sorts chains, their links cleared, for a comparison.
func normalChains(cs []partChain) []partChain {
	for i := range cs {
		cs[i].next = 0
	}
	slices.SortFunc(cs, func(x, y partChain) int {
		return cmp.Or(cmp.Compare(x.fb, y.fb), cmp.Compare(x.pa0, y.pa0), cmp.Compare(x.pb0, y.pb0), cmp.Compare(x.pa1, y.pa1), cmp.Compare(x.pb1, y.pb1))
	})
	return cs
}

func partChainsByMap(opt Options, hits []partHit) []partChain {
	need := int32(float64(opt.MinTokens) * nearMinRatio(opt.Similarity))
	var out []partChain
	keep := func(c *partChain) {
		if c.n >= nearMinShared && c.pa1+gramSize-c.pa0 >= need && c.pb1+gramSize-c.pb0 >= need {
			out = append(out, *c)
		}
	}
	hits = byFileCopied(hits)
	diag := func(pa, pb int32) int32 { return floorDiv(pb-pa, partBand) }
	var chains []partChain
	buckets := map[int32][]int32{} // open chains, by diagonal
	for i, h := range hits {
		if i > 0 && h.fb != hits[i-1].fb {
			for _, c := range chains {
				if !c.closed {
					keep(&c)
				}
			}
			chains = chains[:0]
			clear(buckets)
		}
		best, bestDrift := int32(-1), int32(partBand+1)
		dh := diag(h.pa, h.pb)
		for b := dh - 1; b <= dh+1; b++ {
			open := buckets[b][:0]
			for _, ci := range buckets[b] {
				c := &chains[ci]
				if h.pa-c.pa1 > partGap {
					keep(c)
					c.closed = true
					continue
				}
				open = append(open, ci)
				if c.endA != h.endA || c.endB != h.endB || h.pa <= c.pa1 || h.pb <= c.pb1 || h.pb-c.pb1 > partGap {
					continue
				}
				if drift := abs32((h.pb - h.pa) - (c.pb1 - c.pa1)); drift < bestDrift || drift == bestDrift && ci < best {
					best, bestDrift = ci, drift
				}
			}
			if len(open) == 0 {
				delete(buckets, b)
			} else {
				buckets[b] = open
			}
		}
		if best < 0 {
			chains = append(chains, partChain{fb: h.fb, pa0: h.pa, pb0: h.pb, pa1: h.pa, pb1: h.pb, endA: h.endA, endB: h.endB})
			best = int32(len(chains) - 1)
			buckets[dh] = append(buckets[dh], best)
		} else if c := &chains[best]; diag(c.pa1, c.pb1) != dh {
			// The chain moves to the bucket of its new diagonal.
			old := diag(c.pa1, c.pb1)
			buckets[old] = slices.DeleteFunc(buckets[old], func(ci int32) bool { return ci == best })
			buckets[dh] = append(buckets[dh], best)
		}
		c := &chains[best]
		c.pa1, c.pb1 = h.pa, h.pb
		c.add(h.key)
	}
	for _, c := range chains {
		if !c.closed {
			keep(&c)
		}
	}
	return out
}

func byFileCopied(hits []partHit) []partHit {
	keys := make([]uint64, len(hits))
	for i, h := range hits {
		keys[i] = uint64(h.fb)<<32 | uint64(i)
	}
	slices.Sort(keys)
	out := make([]partHit, len(hits))
	for i, k := range keys {
		out[i] = hits[uint32(k)]
	}
	return out
}
