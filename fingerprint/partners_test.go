package fingerprint

import (
	"maps"
	"math/rand"
	"testing"
)

// partnersByMaps is partners and the pairs' counts as nameMap made them
// with maps, the reference countPairs and partners are pinned to.
func partnersByMaps(pairs []matchedNames) (count map[[2]uint64]int, ofA, ofB map[uint64]uint64) {
	count = map[[2]uint64]int{}
	for _, p := range pairs {
		count[[2]uint64{p.x, p.y}]++
	}
	partners := func(fromA bool) map[uint64]uint64 {
		best := map[uint64]int{}
		out := map[uint64]uint64{}
		for _, p := range pairs {
			k, w := p.x, p.y
			if !fromA {
				k, w = p.y, p.x
			}
			n := count[[2]uint64{p.x, p.y}]
			if n > best[k] || n == best[k] && w < out[k] {
				best[k], out[k] = n, w
			}
		}
		for k := range out {
			if best[k] < 2 {
				delete(out, k)
			}
		}
		return out
	}
	return count, partners(true), partners(false)
}

// TestPartnersCounted pins partners, read from each pair of names once,
// and the counts broken reads to the maps they were made with, pair by pair, on random pairs of few names (many ties and
// repeats) and of many.
func TestPartnersCounted(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for iter := range 3000 {
		n := rng.Intn(60)
		names := 1 + rng.Intn(1+iter%12)
		pairs := make([]matchedNames, n)
		for i := range pairs {
			pairs[i] = matchedNames{x: uint64(rng.Intn(names)), y: uint64(rng.Intn(names)), ta: int32(i), tb: int32(i)}
		}
		count, ofA, ofB := partnersByMaps(pairs)
		m := &nameMap{pairs: pairs}
		m.countPairs()
		m.ofA, m.ofB = m.partners(true), m.partners(false)
		if !maps.Equal(m.ofA, ofA) || !maps.Equal(m.ofB, ofB) {
			t.Fatalf("pairs %v: partners %v %v, want %v %v", pairs, m.ofA, m.ofB, ofA, ofB)
		}
		for i, p := range pairs {
			if n := int(m.distinct[m.pairOf[i]].n); n != count[[2]uint64{p.x, p.y}] {
				t.Fatalf("pairs %v: count of %d is %d, want %d", pairs, i, n, count[[2]uint64{p.x, p.y}])
			}
		}
	}
}
