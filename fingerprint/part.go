package fingerprint

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"github.com/bits-and-blooms/bloom/v3"
)

// Detection over a part of a corpus. A distributed run (copycat's dist
// module) cannot hold the whole corpus in one process. It sketches the
// windows of all files in parts and merges the sketches, counts the units
// that hold each near key, and then runs detection on parts of the files
// (work units). Given what the whole says (Options.Corpus), a run over a
// part finds exactly the classes that a run over the whole corpus finds
// among the part's files, provided the part holds, with each of its
// files, every file that shares with it
//
//   - a window fingerprint that the corpus's sketch calls a candidate
//     (see Sketch.Candidate), and
//   - a near-miss candidate: a near-miss unit that a unit of the file
//     pairs with (see NearUnits and NearCandidate), or, when
//     MaxOccurrences is 0 or above NearKeyLimit, a shared near key;
//
// and a file whose own code may hold a near-miss clone by its own counts
// (File.NearWithin) is in a part, though it share nothing with another.
// Those counts are the file's alone (see nearscope.go), which every part
// holds whole; the copies of its units that such a clone takes in (see
// copiesPaired) share their windows with them.
//
// The filters that depend on the whole corpus (how often a window is
// repeated; how many units hold a near key, which decides the grams a
// unit counts) answer as they would for the whole, and every other stage
// looks only at the files of a candidate's group.

// A Corpus is what detection over a part of a corpus needs of the whole.
type Corpus struct {
	// Sketch is the corpus's window sketch, in place of the one a run
	// builds over its files; nil: the run builds its own, unless Windows
	// is given.
	Sketch *Sketch
	// Windows, when Sketch is nil, are the corpus's window counts in its
	// place (the editor's, kept up to date at every edit).
	Windows *WindowCounts
	// SharedNearKeys are the near keys that a run over the corpus counts,
	// sorted: those that two or more of its near-miss units hold, and not
	// more than NearKeyLimit (see NearUnits); at least those of the
	// part's files. When MaxOccurrences is 0 or above NearKeyLimit, a
	// part holds every file of each near key two units hold, and the run
	// counts the keys itself: then SharedNearKeys is not used.
	SharedNearKeys []uint32
	// PartKeys are the near keys that chain places into partial
	// near-miss clones (see partPairs), sorted: those that two or more
	// of the corpus's near-miss units hold, and not more than
	// PartKeyLimit; at least those of the part's files. Unused, as
	// SharedNearKeys, when MaxOccurrences is 0 or above NearKeyLimit.
	PartKeys []uint32
}

// A Sketch is the window sketch of a corpus (see Corpus), built
// in parts that merge: by OR for its Bloom filters and element-wise SUM
// for its Count-Min sketch. Every part must be sized alike, for the
// windows of the whole corpus, so that the merged sketch is the one a run
// over the whole corpus builds and answers as it does.
type Sketch struct {
	s       *sketch
	windows int
}

// NewSketch returns an empty sketch sized for a corpus of the given
// windows in all (the sum of its files' Windows).
func NewSketch(windows int) *Sketch {
	return &Sketch{s: newSketch(windows), windows: windows}
}

// Windows returns the number of windows of f: what a corpus's Sketch is
// sized by.
func (f *File) Windows() int { return len(f.windows) }

// Add adds the fingerprints of f's windows.
func (s *Sketch) Add(f *File) {
	for _, w := range f.windows {
		s.s.add(w.fp)
	}
}

// Merge folds o, a sketch of other files sized alike, into s.
func (s *Sketch) Merge(o *Sketch) error {
	if s.windows != o.windows {
		return fmt.Errorf("cannot merge a sketch sized for %d windows into one sized for %d", o.windows, s.windows)
	}
	if !s.s.alike(o.s) {
		// Decoded, a sketch may say it is sized for the windows and hold
		// tables of another size.
		return fmt.Errorf("cannot merge a sketch whose tables are not sized for its %d windows", o.windows)
	}
	s.s.merge(o.s)
	return nil
}

// Candidate reports whether windows of fingerprint fp are candidates: fp
// was (probably) seen at least twice, and not more than maxOccurrences
// times (0: no limit). A run over the sketched corpus compares exactly the
// windows whose fingerprints are candidates.
func (s *Sketch) Candidate(fp uint64, maxOccurrences int) bool {
	return s.s.repeated(fp, maxOccurrences)
}

// CandidateKeys returns the fingerprints of f's windows that are
// candidates in s (see Candidate), sorted and without duplicates: two
// files share a clone class of a run over the corpus only if they share a
// candidate key or a near key (see NearGrams).
func (f *File) CandidateKeys(s *Sketch, maxOccurrences int) []uint64 {
	keys := f.Keys()
	return slices.DeleteFunc(keys, func(fp uint64) bool { return !s.Candidate(fp, maxOccurrences) })
}

// sketchMagic starts an encoded Sketch.
const sketchMagic = "ccsk1"

// MarshalBinary encodes s.
func (s *Sketch) MarshalBinary() ([]byte, error) {
	out := binary.AppendUvarint([]byte(sketchMagic), uint64(s.windows))
	for _, f := range []*bloom.BloomFilter{s.s.once, s.s.twice} {
		b, err := f.MarshalBinary()
		if err != nil {
			return nil, err
		}
		out = binary.AppendUvarint(out, uint64(len(b)))
		out = append(out, b...)
	}
	c := s.s.counts
	out = binary.AppendUvarint(out, c.mask+1)
	out = binary.AppendUvarint(out, uint64(c.depth))
	for _, v := range c.counts {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	return out, nil
}

// errSketch is the error, wrapped, of an encoded sketch that cannot be
// decoded.
var errSketch = errors.New("corrupt sketch")

// maxBloomHashes bounds the hash functions of a decoded Bloom filter:
// sized for any rate of false positives above 10⁻¹⁹, a filter has fewer.
const maxBloomHashes = 64

// bloomFits checks an encoded Bloom filter before it is decoded: its bits
// and hash functions (big-endian), then its bit set's length and words,
// which must be the filter's bits, all of them in b. Decoded as it came, a
// filter of 0 bits divided by zero at its first question, one of 2⁶²
// hash functions asked them all, and a bit set was allocated at the
// length it gave before its words were read (1 GiB for 2³³ bits; at
// 2⁴⁰, out of memory).
func bloomFits(b []byte) error {
	if len(b) < 24 {
		return fmt.Errorf("%w: truncated Bloom filter", errSketch)
	}
	m, k, length := binary.BigEndian.Uint64(b), binary.BigEndian.Uint64(b[8:]), binary.BigEndian.Uint64(b[16:])
	if m == 0 || k == 0 || k > maxBloomHashes || length != m || uint64(len(b)-24)/8 != m/64+min(m%64, 1) || len(b)%8 != 0 {
		return fmt.Errorf("%w: Bloom filter of %d bits and %d hash functions, its bit set of %d bits in %d bytes", errSketch, m, k, length, len(b)-24)
	}
	return nil
}

// UnmarshalBinary decodes a sketch that MarshalBinary encoded.
func (s *Sketch) UnmarshalBinary(b []byte) error {
	if len(b) < len(sketchMagic) || string(b[:len(sketchMagic)]) != sketchMagic {
		return fmt.Errorf("%w: no header", errSketch)
	}
	b = b[len(sketchMagic):]
	next := func() uint64 {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			b = nil
			return 0
		}
		b = b[n:]
		return v
	}
	windows := next()
	sk := &sketch{once: new(bloom.BloomFilter), twice: new(bloom.BloomFilter)}
	for _, f := range []*bloom.BloomFilter{sk.once, sk.twice} {
		n := next()
		if n > uint64(len(b)) {
			return fmt.Errorf("%w: truncated Bloom filter", errSketch)
		}
		if err := bloomFits(b[:n]); err != nil {
			return err
		}
		if err := f.UnmarshalBinary(b[:n]); err != nil {
			return fmt.Errorf("%w: %v", errSketch, err)
		}
		b = b[n:]
	}
	width, depth := next(), next()
	if width == 0 || width&(width-1) != 0 || depth == 0 || uint64(len(b)) != 4*width*depth {
		return fmt.Errorf("%w: Count-Min sketch of width %d and depth %d in %d bytes", errSketch, width, depth, len(b))
	}
	c := &countMin{mask: width - 1, depth: int(depth), counts: make([]uint32, width*depth)}
	for i := range c.counts {
		c.counts[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	sk.counts = c
	s.s, s.windows = sk, int(windows)
	return nil
}

// A NearUnit is a function or block that may be a near-miss clone (see
// near.go): its span of canonical tokens, and its near keys (winnowed
// k-gram hashes), sorted and without duplicates.
type NearUnit struct {
	Tok0, Size int32
	Keys       []uint32
	// Places, from NearUnitsPlaced, are for a unit inside no other (an
	// outermost unit) the tokens of each key in it, by key as Keys, at
	// most partUnitPlaces of each; nil for a unit inside another.
	Places [][]int32
}

// Overlaps reports whether two units of one file share a token: such
// units are never paired.
func (u NearUnit) Overlaps(v NearUnit) bool {
	return u.Tok0 < v.Tok0+v.Size && v.Tok0 < u.Tok0+u.Size
}

// NearUnits returns f's near-miss units under opt, in the order a run
// lists them. A near key counts when two or more units of the corpus
// hold it, and not more than NearKeyLimit unless MaxOccurrences is 0 or
// above it.
func NearUnits(f *File, opt Options) []NearUnit { return nearUnitsOf(f, opt, false) }

// NearUnitsPlaced is NearUnits with the places of the keys of the
// outermost units (NearUnit.Places): two files share a partial
// near-miss clone (see partPairs) only if places of part keys
// (Corpus.PartKeys) in each chain as PartLinked chains them.
func NearUnitsPlaced(f *File, opt Options) []NearUnit { return nearUnitsOf(f, opt, true) }

func nearUnitsOf(f *File, opt Options, placed bool) []NearUnit {
	d := &detector{files: []*File{f}, opt: opt}
	units := d.nearUnits()
	out := make([]NearUnit, len(units))
	for i, u := range units {
		keys := make([]uint32, 0, u.g1-u.g0)
		for _, g := range f.grams[u.g0:u.g1] {
			keys = append(keys, g.h)
		}
		slices.Sort(keys)
		out[i] = NearUnit{Tok0: u.tok0, Size: u.size, Keys: slices.Compact(keys)}
	}
	if placed {
		// An outermost unit's keys' places, as a run takes them (see
		// partHits).
		at := map[uint32][]int32{}
		eachOutermost(units, func(i int, u nearUnit) {
			clear(at)
			for _, g := range f.grams[u.g0:u.g1] {
				if len(at[g.h]) < partUnitPlaces {
					at[g.h] = append(at[g.h], g.pos)
				}
			}
			out[i].Places = make([][]int32, len(out[i].Keys))
			for k, key := range out[i].Keys {
				out[i].Places[k] = at[key]
			}
		})
	}
	return out
}

// NearSizesFit reports whether units of sizes a and b (tokens) that hold a
// counted near key are paired under opt: their sizes allow the
// similarity.
func NearSizesFit(opt Options, a, b int32) bool {
	return sizesFit(nearMinRatio(opt.Similarity), min(a, b), max(a, b))
}

// NearCandidate reports whether two units that are paired by shared
// counted near keys, of kept and otherKept counted near keys each, are
// near-miss candidates: a run over the corpus compares them.
func NearCandidate(shared, kept, otherKept int) bool {
	return nearCandidate(shared, int32(kept), int32(otherKept))
}

// A PartHit is a part key two files share: the key, its token in each,
// A in the file whose name sorts first, and the ends of the outermost
// units around them (PartPlace.End).
type PartHit struct {
	Key              uint32
	A, B, EndA, EndB int32
}

// PartLinked reports whether hits, every place of a part key in one file
// with every place of it in another, chain into a candidate for a
// partial near-miss clone under opt, as a run chains them: if not, the
// two files share none.
func PartLinked(opt Options, hits []PartHit) bool {
	hs := make([]partHit, len(hits))
	for i, h := range hits {
		hs[i] = partHit{fa: 0, fb: 1, pa: h.A, pb: h.B, endA: h.EndA, endB: h.EndB, key: h.Key}
	}
	slices.SortFunc(hs, func(x, y partHit) int { return cmp.Or(cmp.Compare(x.pa, y.pa), cmp.Compare(x.pb, y.pb)) })
	return len(partChains(opt, hs, nil)) > 0
}

// SortClasses puts classes in the order [Run] returns them: by their
// first fragments, the larger first at one place, and gives them IDs no
// two share as Run does. Classes found by runs over disjoint parts of a
// corpus, sorted so together, are in the order of a run over the whole.
func SortClasses(classes []Class) {
	sortClasses(classes)
	uniqueIDs(classes)
}
