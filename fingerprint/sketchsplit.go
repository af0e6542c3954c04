package fingerprint

import (
	"iter"

	"github.com/bits-and-blooms/bloom/v3"
)

// A corpus's window sketch, split. A Sketch is sized for the windows of
// the whole corpus (about 20 bytes a window, most of it the Count-Min
// sketch's counters), and a run that cannot hold it on one machine (the
// Beam pipeline of copycat's dist module, past a few billion lines)
// splits it: its Bloom filters by fingerprint range, a SeenFilter for
// each range, and its Count-Min sketch's counters into ranges of the
// counters (see CountMinShape). Each part answers for the fingerprints
// it holds, and the answers are those the whole Sketch gives for every
// fingerprint that can seed a class:
//
//   - a fingerprint's Count-Min counters are the whole sketch's, counter
//     for counter: the same width, depth and hash functions
//     (CountMinShape.Counter), and every window of the corpus counted;
//   - a SeenFilter over the windows of a range says of every fingerprint
//     of the range seen twice or more that it was seen twice, as the
//     whole sketch's filters do. Its false positives (fingerprints seen
//     once that it calls seen twice) are not the whole sketch's, but
//     they change no class: such a fingerprint's one window is a group of
//     one, which confirms nothing, and it links no two files.
//
// A run over a part of the corpus is then given the answers for its
// files' windows (CandidateWindows) in place of the Sketch.

// A SeenFilter is a Sketch's Bloom filters over the windows of one range
// of fingerprints: it says which were (probably) seen twice. One sized
// for all of a corpus's windows and given all of them is the Sketch's
// filters, bit for bit, as built in one piece.
type SeenFilter struct {
	s *sketch // without counts of its own
}

// NewSeenFilter returns an empty filter sized, as a Sketch's are, for the
// given windows.
func NewSeenFilter(windows int) *SeenFilter {
	m, k := bloomSize(windows)
	return &SeenFilter{&sketch{once: bloom.New(m, k), twice: bloom.New(m, k), counts: noCounts()}}
}

// bloomSize is the bits and hash functions of newSketch's filters.
func bloomSize(windows int) (m, k uint) {
	return bloom.EstimateParameters(uint(max(windows, 64)), bloomFalsePositives)
}

// SeenFilterBytes is the size of NewSeenFilter(windows)'s two filters.
func SeenFilterBytes(windows int) int64 {
	m, _ := bloomSize(windows)
	return filterBytes(m)
}

// filterBytes is the size of two Bloom filters of m bits.
func filterBytes(m uint) int64 { return 2 * int64((m+63)/64*8) }

// Add adds one window of fingerprint fp.
func (f *SeenFilter) Add(fp uint64) { f.s.add(fp) }

// Twice reports whether fp was (probably) added twice or more: it never
// misses one that was.
func (f *SeenFilter) Twice(fp uint64) bool { return f.s.repeated(fp, 0) }

// Bytes is the size of the filter's two Bloom filters.
func (f *SeenFilter) Bytes() int64 { return filterBytes(f.s.once.Cap()) }

// noCounts is a Count-Min sketch of one counter that says 0 of every
// fingerprint it is not given: in a sketch whose counts are elsewhere,
// or none, it never puts a fingerprint over a limit.
func noCounts() *countMin { return &countMin{depth: 1, counts: make([]uint32, 1)} }

// A CountMinShape is the shape of the Count-Min sketch of a Sketch sized
// for a corpus's windows, without its counters: which counters each
// fingerprint counts in. Counter i of the whole sketch is the number of
// the corpus's windows (at most 2³²−1) whose fingerprint fp has
// Counter(r, fp) = i for some row r; a fingerprint's estimate is the
// least of its Depth counters, as the whole Sketch estimates it.
type CountMinShape struct {
	c countMin // no counts
}

// NewCountMinShape returns the shape of NewSketch(windows)'s Count-Min
// sketch.
func NewCountMinShape(windows int) CountMinShape {
	width, depth := countMinShape(max(windows, 64))
	return CountMinShape{countMin{mask: width - 1, depth: depth}}
}

// Counters is the number of counters: width times depth.
func (s CountMinShape) Counters() uint64 { return (s.c.mask + 1) * uint64(s.c.depth) }

// Depth is the number of rows, each with its own hash function.
func (s CountMinShape) Depth() int { return s.c.depth }

// Counter returns the counter of row that fp counts in, in [0, Counters()).
func (s CountMinShape) Counter(row int, fp uint64) uint64 { return s.c.slot(row, fp) }

// Bytes is the size of the counters.
func (s CountMinShape) Bytes() int64 { return 4 * int64(s.Counters()) }

// WindowFingerprints yields the fingerprint of each of f's windows, in
// the file's order, repeats included: what a Sketch adds of f.
func (f *File) WindowFingerprints() iter.Seq[uint64] {
	return func(yield func(uint64) bool) {
		for _, w := range f.windows {
			if !yield(w.fp) {
				return
			}
		}
	}
}

// CandidateWindows returns window counts that call candidates (see
// Sketch.Candidate) exactly the fingerprints given, at any limit on
// occurrences, and no other: the answers a corpus's sketch gave for the
// windows of a part's files, each seen twice or more in the corpus and
// not more than the run's MaxOccurrences times. Given as Corpus.Windows,
// they make a run over the part compare the windows a run given the
// sketch compares. (The run's Result then counts no boilerplate
// windows: the answers do not say which fingerprints were over the
// limit.)
func CandidateWindows(fps []uint64) *WindowCounts {
	c := &WindowCounts{seen: make(map[uint64]int32, len(fps)), counts: noCounts(), windows: len(fps)}
	for _, fp := range fps {
		c.seen[fp] = 2
	}
	return c
}
