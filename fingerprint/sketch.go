package fingerprint

import (
	"encoding/binary"
	"math"
	"math/bits"

	"github.com/bits-and-blooms/bloom/v3"
)

// A sketch is what one worker learns about the window fingerprints it
// sees: which were seen once, which at least twice, and how often each was
// seen. Sketches built over disjoint sets of files merge into the sketch of
// their union, so the work can be split between workers (or machines).
type sketch struct {
	once, twice *bloom.BloomFilter
	counts      *countMin
	buf         [8]byte
	corpus      *WindowCounts // in place of the rest, a corpus's counts (Corpus.Windows)
}

// bloomFalsePositives is the Bloom filters' target false-positive rate. A
// false positive only costs a candidate that blake3 then rejects.
const bloomFalsePositives = 0.01

// newSketch sizes a sketch for n fingerprints in all.
func newSketch(n int) *sketch {
	n = max(n, 64)
	m, k := bloom.EstimateParameters(uint(n), bloomFalsePositives)
	return &sketch{
		once:   bloom.New(m, k),
		twice:  bloom.New(m, k),
		counts: newCountMin(n),
	}
}

func (s *sketch) add(fp uint64) {
	binary.LittleEndian.PutUint64(s.buf[:], fp)
	if s.once.TestAndAdd(s.buf[:]) {
		s.twice.Add(s.buf[:])
	}
	s.counts.add(fp)
}

// alike reports whether s and o are sized alike, as merge needs: their
// Bloom filters of the same bits and hash functions, their Count-Min
// sketches of the same width and depth.
func (s *sketch) alike(o *sketch) bool {
	same := func(f, g *bloom.BloomFilter) bool {
		return f.Cap() == g.Cap() && f.K() == g.K() && f.BitSet().Len() == g.BitSet().Len()
	}
	return same(s.once, o.once) && same(s.twice, o.twice) &&
		s.counts.mask == o.counts.mask && s.counts.depth == o.counts.depth && len(s.counts.counts) == len(o.counts.counts)
}

// merge folds o, sized alike, into s. A fingerprint is seen twice in the
// union if either saw it twice, or both saw it once: twice |= o.twice |
// (once & o.once).
func (s *sketch) merge(o *sketch) {
	both := s.once.BitSet().Intersection(o.once.BitSet())
	s.twice.BitSet().InPlaceUnion(both)
	s.twice.BitSet().InPlaceUnion(o.twice.BitSet())
	s.once.BitSet().InPlaceUnion(o.once.BitSet())
	s.counts.merge(o.counts)
}

// repeated reports whether fp was (probably) seen at least twice and at
// most maxCount times. It never misses a fingerprint seen 2..maxCount
// times whose count the sketch does not over-estimate past maxCount.
// It is safe for concurrent use.
func (s *sketch) repeated(fp uint64, maxCount int) bool {
	if s.corpus != nil {
		return s.corpus.repeated(fp, maxCount)
	}
	var buf [8]byte
	binary.LittleEndian.PutUint64(buf[:], fp)
	if !s.twice.Test(buf[:]) {
		return false
	}
	return maxCount <= 0 || s.counts.estimate(fp) <= uint32(maxCount)
}

// A countMin is a Count-Min sketch of fingerprint counts. Its estimates
// never under-count; with width w and depth d, an estimate exceeds the
// true count by more than e/w·N with probability at most e^-d.
type countMin struct {
	mask   uint64 // width-1; the width is a power of two
	depth  int
	counts []uint32 // depth rows of width counters
}

// countMinDelta is the probability that an estimate is off by more than
// countMinSlack counts.
const (
	countMinDelta = 0.02
	countMinSlack = 4
)

// newCountMin sizes a sketch for n fingerprints: ε = countMinSlack/n, so
// the expected over-count of a row is at most countMinSlack, and width
// ⌈e/ε⌉ (rounded up to a power of two), depth ⌈ln 1/δ⌉.
func newCountMin(n int) *countMin {
	width, depth := countMinShape(n)
	return &countMin{mask: width - 1, depth: depth, counts: make([]uint32, width*uint64(depth))}
}

// countMinShape is the width and depth newCountMin gives a sketch for n
// fingerprints.
func countMinShape(n int) (width uint64, depth int) {
	eps := float64(countMinSlack) / float64(n)
	width = uint64(math.Ceil(math.E / eps))
	width = 1 << bits.Len64(max(width, 64)-1)
	depth = int(math.Ceil(math.Log(1 / countMinDelta)))
	return width, depth
}

// rowSeeds make the rows' hash functions independent.
var rowSeeds = [...]uint64{
	0x9e3779b97f4a7c15, 0xc2b2ae3d27d4eb4f, 0x165667b19e3779f9, 0x27d4eb2f165667c5,
	0x85ebca77c2b2ae63, 0xd6e8feb86659fd93, 0xff51afd7ed558ccd, 0xc4ceb9fe1a85ec53,
}

func (c *countMin) slot(row int, fp uint64) uint64 {
	return uint64(row)*(c.mask+1) + mix(fp^rowSeeds[row%len(rowSeeds)])&c.mask
}

func (c *countMin) add(fp uint64) {
	for r := range c.depth {
		i := c.slot(r, fp)
		if c.counts[i] < math.MaxUint32 {
			c.counts[i]++
		}
	}
}

// remove takes back one add of fp: a count that add saturated stays.
func (c *countMin) remove(fp uint64) {
	for r := range c.depth {
		i := c.slot(r, fp)
		if v := c.counts[i]; v > 0 && v < math.MaxUint32 {
			c.counts[i] = v - 1
		}
	}
}

func (c *countMin) estimate(fp uint64) uint32 {
	est := uint32(math.MaxUint32)
	for r := range c.depth {
		est = min(est, c.counts[c.slot(r, fp)])
	}
	return est
}

// merge adds o's counts to c's: both must have been sized alike.
func (c *countMin) merge(o *countMin) {
	for i, v := range o.counts {
		c.counts[i] = uint32(min(uint64(c.counts[i])+uint64(v), math.MaxUint32))
	}
}

// A SketchSize is the size of a run's window sketch: its Bloom filters'
// bits and hash functions, its Count-Min sketch's width and depth, and the
// number of keys it was given.
type SketchSize struct {
	BloomBits, BloomHashes uint
	CountMinWidth          int
	CountMinDepth          int
	Keys                   int64 // fingerprints added, repeats included
}

// size describes s after keys fingerprints were added.
func (s *sketch) size(keys int64) SketchSize {
	return SketchSize{
		BloomBits: s.once.Cap(), BloomHashes: s.once.K(),
		CountMinWidth: int(s.counts.mask + 1), CountMinDepth: s.counts.depth,
		Keys: keys,
	}
}

// BloomFalsePositiveRate estimates the false-positive rate of a Bloom
// filter of m bits and k hash functions holding n keys: (1−e^(−kn/m))^k.
func BloomFalsePositiveRate(m, k uint, n int64) float64 {
	if m == 0 {
		return 1
	}
	return math.Pow(1-math.Exp(-float64(k)*float64(n)/float64(m)), float64(k))
}

// FalsePositiveRate is the Bloom filters' estimated false-positive rate at
// the number of keys given. Keys seen more than once count once in the
// filter, so this bounds the rate from above.
func (z SketchSize) FalsePositiveRate() float64 {
	return BloomFalsePositiveRate(z.BloomBits, z.BloomHashes, z.Keys)
}

// CountMinError returns the Count-Min sketch's bound: an estimate exceeds
// the true count by more than eps·Keys with probability at most delta,
// where eps = e/width and delta = e^−depth.
func (z SketchSize) CountMinError() (eps, delta float64) {
	if z.CountMinWidth == 0 {
		return 0, 1
	}
	return math.E / float64(z.CountMinWidth), math.Exp(-float64(z.CountMinDepth))
}
