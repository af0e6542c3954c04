package pipeline

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/disjoint"
)

// Stage 3: work units.
//
// Two files share a class of a run over the corpus only if they share a
// candidate key (a window fingerprint the corpus's sketch calls repeated,
// and not more than MaxOccurrences times) or a near-miss candidate: two
// near-miss units that a run over the corpus compares (see
// fingerprint.NearCandidate). A work unit is a connected component of the
// files linked so: every class lies in one, and the engine run over one,
// given the sketch's answers for its files (their candidate keys) and the
// near keys the corpus counts, finds exactly the classes a run over the
// corpus finds among its files (see fingerprint/part.go, and its test).
// The candidate keys are the sketch's answers of stage 2 (sketch.go),
// joined by fingerprint. A file whose own code may hold a near-miss
// clone by the file's own counts of near keys (fingerprint.File.NearWithin)
// is linked to itself. A file that shares nothing with any file, itself
// included, belongs to no unit: it holds no class.
//
// Near-miss candidates are found as the engine finds them, with the
// shuffle in place of its sort: near keys → the units that hold each
// (a key held by more than fingerprint.NearKeyLimit units is common and
// pairs none) → the pairs of units of a key whose sizes fit, counted over
// the keys they share → with each unit's count of counted keys, the
// candidates. When -max-occurrences is 0 or above NearKeyLimit, a key's
// units are not all paired, and every file that holds a key held by two
// units or more is linked instead. Partial near-miss clones (runs of
// statements pasted into unlike functions) are found as the engine finds
// them too: a unit inside no other comes with the places of each of its
// keys in it; a key of few units (a part key, see
// fingerprint.PartKeyLimit) pairs its places, keyed by their two files,
// and two files whose places chain (fingerprint.PartLinked) are linked.
//
// The components are found on one worker, from the lists of files that
// each link joins: its memory grows with the files that share a
// candidate, not with the corpus's code. A unit's size is not bounded by
// construction; it is what the corpus's copies make it. Measured on the
// standard library's encoding, go and image trees, the largest unit holds
// 7 of 368 files; on eight modules of the module cache (1.3 M lines),
// see dist/README.md. What bounds a worker's memory for a unit is
// Engine.UnitHeap (see detectFn), not the unit's files.

func init() {
	register.DoFn5x1[context.Context, string, []byte, func(uint32, NearRef), func([]string), error](&keysFn{})
	register.Emitter2[uint32, NearRef]()
	register.DoFn7x1[context.Context, uint64, func(*string) bool, func(*uint32) bool, func([]string), func(string, uint64), func(string, HeldKey), error](&windowLinksFn{})
	register.Iter1[uint32]()
	register.Emitter2[string, uint64]()
	register.DoFn8x0[context.Context, uint32, func(*NearRef) bool, func(string, uint64), func([]string), func(string, int64), func(string, int64), func(string, fingerprint.PartHit)](&nearKeysFn{})
	register.Emitter1[[]string]()
	register.Emitter2[string, uint64]()
	register.Emitter2[string, fingerprint.PartHit]()
	register.Iter1[fingerprint.PartHit]()
	register.DoFn4x0[context.Context, string, func(*fingerprint.PartHit) bool, func([]string)](&partLinksFn{})
	register.Emitter2[string, int64]()
	register.Emitter2[string, PairHalf]()
	register.Iter1[string]()
	register.Iter1[NearRef]()
	register.Iter1[[]string]()
	register.Iter1[int64]()
	register.Iter1[PairHalf]()
	register.DoFn5x0[context.Context, string, func(*PairHalf) bool, func(*int64) bool, func(string, PairHalf)](&keptFirstFn{})
	register.DoFn5x0[context.Context, string, func(*PairHalf) bool, func(*int64) bool, func([]string)](&keptSecondFn{})
	register.Function3x0[string, int64, func(string, PairHalf)](pairHalves)
	register.DoFn4x0[context.Context, int, func(*[]string) bool, func(string, string)](&componentsFn{})
}

// A NearRef names a near-miss unit of a file (its index among the file's,
// see fingerprint.NearUnits) with its span.
type NearRef struct {
	File       string
	Unit       int32
	Tok0, Size int32
	Pos        []int32 // in a unit inside no other, the key's tokens in it (fingerprint.NearUnit.Places)
}

// id names the unit in the shuffles: its file and index.
func (r NearRef) id() string { return r.File + "\x00" + strconv.Itoa(int(r.Unit)) }

// fileOf returns the file of a unit's id.
func fileOf(id string) string { f, _, _ := strings.Cut(id, "\x00"); return f }

// A PairHalf is one unit of a pair of near-miss units, seen from the
// other: its id, the counted keys the two share and, once known, the
// count of counted keys of the unit the pair is keyed by.
type PairHalf struct {
	Other  string
	Shared int64
	Kept   int64
}

// Units returns the work unit of each file that is in one (file → the
// unit's name: its first file's), the near keys each file holds that the
// corpus counts (file → key), its candidate keys (file → key) and the
// window fingerprints it holds that are boilerplate (file → HeldKey),
// from the sketch's answers (see Sketch): the files of each fingerprint
// seen twice, its Count-Min counters, and the files of boilerplate the
// sketch's shards found (held).
func Units(s beam.Scope, e Engine, recs, seen, counters, held beam.PCollection) (units, shared, candidates, boilerplate beam.PCollection) {
	nearKeys, ownLinks := beam.ParDo2(s, &keysFn{Engine: e}, recs)
	windowLinks, candidates, over := beam.ParDo3(s, &windowLinksFn{Engine: e}, beam.CoGroupByKey(s, seen, counters))
	boilerplate = beam.Flatten(s, held, over)
	shared, keyLinks, kept, pairs, hits := beam.ParDo5(s, &nearKeysFn{Engine: e}, beam.GroupByKey(s, nearKeys))
	kept = stats.SumPerKey(s, kept)
	pairs = stats.SumPerKey(s, pairs)
	firsts := beam.ParDo(s, pairHalves, pairs)
	seconds := beam.ParDo(s, &keptFirstFn{}, beam.CoGroupByKey(s, firsts, kept))
	pairLinks := beam.ParDo(s, &keptSecondFn{}, beam.CoGroupByKey(s, seconds, kept))
	partLinks := beam.ParDo(s, &partLinksFn{Engine: e}, beam.GroupByKey(s, hits))
	links := beam.Flatten(s, windowLinks, keyLinks, pairLinks, partLinks, ownLinks)
	units = beam.ParDo(s, &componentsFn{}, beam.GroupByKey(s, beam.AddFixedKey(s, links)))
	return units, shared, candidates, boilerplate
}

// keysFn emits the near keys of each of a file's near-miss units, with
// their places in a unit inside no other, and the file alone as a link
// when its own code may hold a near-miss clone by the counts of the file
// (fingerprint.File.NearWithin): such a file is in a work unit though it
// share no key with another.
type keysFn struct {
	Engine Engine
}

func (fn *keysFn) ProcessElement(ctx context.Context, name string, rec []byte, near func(uint32, NearRef), own func([]string)) error {
	if !fn.Engine.Near {
		return nil
	}
	defer since(ctx, mKeysUs, time.Now())
	f, err := decode(name, rec)
	if err != nil {
		return err
	}
	opt := fn.Engine.options()
	if f.NearWithin(opt) {
		own([]string{name})
		mNearLinks.Inc(ctx, 1)
	}
	for i, u := range fingerprint.NearUnitsPlaced(f, opt) {
		places := 0
		for j, k := range u.Keys {
			var pos []int32
			if u.Places != nil {
				pos = u.Places[j]
			}
			places += len(pos)
			near(k, NearRef{name, int32(i), u.Tok0, u.Size, pos})
		}
		mNearKeys.Inc(ctx, int64(len(u.Keys)))
		mKeyBytes.Inc(ctx, int64(len(u.Keys)*(4+len(name)+12)+4*places))
	}
	return nil
}

// windowLinksFn takes the files that hold a window fingerprint the
// sketch calls seen twice, and its Count-Min counters when
// -max-occurrences sets a limit. A fingerprint whose estimate (its least
// counter) is within the limit is a candidate, as in a run over the
// corpus: it emits the files that hold it, and the key for each of them.
// One over the limit is boilerplate: it emits each of its files with it
// (held), which are no more than the limit and one (see seenFn), the
// others having been emitted so by its shard's worker.
type windowLinksFn struct {
	Engine Engine
}

func (fn *windowLinksFn) ProcessElement(ctx context.Context, fp uint64, files func(*string) bool, counters func(*uint32) bool, link func([]string), candidate func(string, uint64), held func(string, HeldKey)) error {
	var names []string
	var name string
	for files(&name) {
		names = append(names, name)
	}
	slices.Sort(names)
	names = slices.Compact(names)
	if fn.Engine.limited() {
		est, n := uint32(math.MaxUint32), 0
		var c uint32
		for counters(&c) {
			est, n = min(est, c), n+1
		}
		if n == 0 {
			return fmt.Errorf("window fingerprint %x: no Count-Min counters", fp)
		}
		if est > uint32(fn.Engine.MaxOccurrences) {
			// A file sent on alone holds all the fingerprint's windows,
			// or more than the limit: if it holds one, the fingerprint
			// was seen once (the shard's filters call some such seen
			// twice), and that window is no boilerplate.
			for _, name := range names {
				held(name, HeldKey{FP: fp, Alone: len(names) == 1})
			}
			mOverLimit.Inc(ctx, int64(len(names)))
			return nil
		}
	}
	link(names)
	for _, name := range names {
		candidate(name, fp)
	}
	mLinks.Inc(ctx, 1)
	mCandidates.Inc(ctx, int64(len(names)))
	return nil
}

// nearKeysFn takes the units that hold a near key, and its places. A
// key that two units or more hold, and not more than
// fingerprint.NearKeyLimit (unless Long), counts: it emits the key for
// each file that holds it (shared; with partKey set, a part key), one
// count for each unit (kept), and each pair of the units that a run over
// the corpus pairs by it (pairs); or, Long, the files that hold it
// (links). A key held by more units is common and pairs none. A part key
// emits each pair of its places that a run chains, keyed by their files
// (hits).
type nearKeysFn struct {
	Engine Engine
}

func (fn *nearKeysFn) ProcessElement(ctx context.Context, key uint32, refs func(*NearRef) bool, shared func(string, uint64), links func([]string), kept func(string, int64), pairs func(string, int64), hits func(string, fingerprint.PartHit)) {
	long := fn.Engine.long()
	var units []NearRef
	n := 0
	var r NearRef
	for refs(&r) {
		n++
		// The units of a common key pair none: they are counted, not
		// kept, so that a key that every file holds costs its worker no
		// memory.
		if n <= fingerprint.NearKeyLimit || long {
			units = append(units, r)
		}
	}
	if n > fingerprint.NearKeyLimit && !long {
		mCommon.Inc(ctx, 1)
		return
	}
	if n < 2 {
		return
	}
	var files []string
	for _, u := range units {
		files = append(files, u.File)
	}
	slices.Sort(files)
	files = slices.Compact(files)
	part := n <= fingerprint.PartKeyLimit
	for _, f := range files {
		shared(f, uint64(key)|b2u(part)<<partKey)
	}
	if long {
		links(files)
		mNearLinks.Inc(ctx, 1)
		return
	}
	if part {
		partHits(key, units, hits)
	}
	// As the engine pairs the units of a key: in order of size, then of
	// unit, each with the larger ones its size fits.
	slices.SortFunc(units, func(a, b NearRef) int {
		return cmp.Or(cmp.Compare(a.Size, b.Size), cmp.Compare(a.File, b.File), cmp.Compare(a.Unit, b.Unit))
	})
	opt := fn.Engine.options()
	for x, a := range units {
		kept(a.id(), 1)
		for _, b := range units[x+1:] {
			if a.File == b.File && overlaps(a, b) || !fingerprint.NearSizesFit(opt, a.Size, b.Size) {
				continue
			}
			pairs(pairID(a, b), 1)
		}
	}
}

// partKey is the bit of a shared key (nearKeysFn) that says it is a
// part key.
const partKey = 32

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// partHits emits each pair of a part key's places (in the units that
// hold it, those inside no other) that a run over the corpus chains,
// keyed by their files' names, the first the smaller: places of two
// files, or of one file in two units.
func partHits(key uint32, units []NearRef, hits func(string, fingerprint.PartHit)) {
	type place struct {
		file     string
		pos, end int32
	}
	var ps []place
	for _, u := range units {
		for _, p := range u.Pos {
			ps = append(ps, place{u.File, p, u.Tok0 + u.Size})
		}
	}
	slices.SortFunc(ps, func(a, b place) int { return cmp.Or(cmp.Compare(a.file, b.file), cmp.Compare(a.pos, b.pos)) })
	for x, a := range ps {
		for _, b := range ps[x+1:] {
			if a.file == b.file && a.end == b.end {
				continue
			}
			hits(a.file+"\x00"+b.file, fingerprint.PartHit{Key: key, A: a.pos, B: b.pos, EndA: a.end, EndB: b.end})
		}
	}
}

// partLinksFn links two files (or a file with itself) whose part keys'
// places chain into a candidate for a partial near-miss clone.
type partLinksFn struct {
	Engine Engine
}

func (fn *partLinksFn) ProcessElement(ctx context.Context, files string, hits func(*fingerprint.PartHit) bool, link func([]string)) {
	var hs []fingerprint.PartHit
	var h fingerprint.PartHit
	for hits(&h) {
		hs = append(hs, h)
	}
	if !fingerprint.PartLinked(fn.Engine.options(), hs) {
		return
	}
	a, b, _ := strings.Cut(files, "\x00")
	link(slices.Compact([]string{a, b}))
	mPartLinks.Inc(ctx, 1)
}

// overlaps reports whether two units of one file share a token.
func overlaps(a, b NearRef) bool {
	return fingerprint.NearUnit{Tok0: a.Tok0, Size: a.Size}.Overlaps(fingerprint.NearUnit{Tok0: b.Tok0, Size: b.Size})
}

// pairID names a pair of units, the smaller id first.
func pairID(a, b NearRef) string {
	x, y := a.id(), b.id()
	if y < x {
		x, y = y, x
	}
	return x + "\x01" + y
}

// pairHalves keys a pair, with the keys its units share, by its first
// unit; a pair that shares too few keys to be a candidate is dropped.
func pairHalves(pair string, shared int64, emit func(string, PairHalf)) {
	if !fingerprint.NearCandidate(int(shared), 0, 0) {
		return
	}
	a, b, _ := strings.Cut(pair, "\x01")
	emit(a, PairHalf{Other: b, Shared: shared})
}

// keptFirstFn gives each pair its first unit's count of counted keys, and
// keys it by its second unit.
type keptFirstFn struct{}

func (keptFirstFn) ProcessElement(ctx context.Context, unit string, halves func(*PairHalf) bool, kept func(*int64) bool, emit func(string, PairHalf)) {
	var k int64
	kept(&k)
	var h PairHalf
	for halves(&h) {
		emit(h.Other, PairHalf{Other: unit, Shared: h.Shared, Kept: k})
	}
}

// keptSecondFn links the files of the pairs that are near-miss
// candidates, given their second unit's count of counted keys.
type keptSecondFn struct{}

func (keptSecondFn) ProcessElement(ctx context.Context, unit string, halves func(*PairHalf) bool, kept func(*int64) bool, link func([]string)) {
	var k int64
	kept(&k)
	var h PairHalf
	for halves(&h) {
		if fingerprint.NearCandidate(int(h.Shared), int(h.Kept), int(k)) {
			files := []string{fileOf(h.Other), fileOf(unit)}
			slices.Sort(files)
			link(slices.Compact(files))
			mNearLinks.Inc(ctx, 1)
		}
	}
}

// componentsFn joins the files that share a key into connected
// components, and emits each file's: the name of its first file.
type componentsFn struct{}

func (componentsFn) ProcessElement(ctx context.Context, _ int, links func(*[]string) bool, emit func(string, string)) {
	var sets disjoint.Sets[string]
	var l []string
	for links(&l) {
		first := sets.Find(sets.ID(l[0]))
		for _, name := range l[1:] {
			// The smaller name's root stays the root: a unit's name is
			// its first file's, whatever the links' order.
			if r := sets.Find(sets.ID(name)); r != first {
				if names := sets.Keys(); names[r] < names[first] {
					first = sets.Union(r, first)
				} else {
					sets.Union(first, r)
				}
			}
		}
	}
	size := map[int32]int64{}
	names := sets.Keys()
	for i, name := range names {
		r := sets.Find(int32(i))
		size[r]++
		emit(name, names[r])
	}
	for _, n := range size {
		mUnitFiles.Update(ctx, n)
	}
}
