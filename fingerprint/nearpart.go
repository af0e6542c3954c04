package fingerprint

import "slices"

// Part of a block pasted into another function and edited there is a
// near-miss clone that no pair of units shows when the code around the
// two copies differs: neither the functions nor the blocks that hold
// them are alike as wholes, and the edits leave no run of statements the
// same for exact matching (a loop reading messages, pasted from a server
// into a proxy, each copy logging through its own logger and ending in
// its own dispatch).
//
// partPairs finds such copies from the part keys the two places share:
// near keys that count (see nearCandidates) held by no more than
// PartKeyLimit units, so that the keys of idioms, at many places, chain
// no places that were not copied from each other. The keys two copies
// share lie along a diagonal: a key's token in one copy, less its token
// in the other, stays about the same, drifting by the tokens an edit
// adds or removes. Shared keys in order along both files, each within
// partGap tokens of the last and within partBand tokens of its diagonal,
// inside one outermost unit in each file, form a chain. A chain of
// nearMinShared keys or more that covers enough tokens in both files is
// taken, in each file, to the statements it covers in the innermost
// block that holds most of it, and the two runs of statements are
// aligned as any candidate pair. Pairs inside larger pairs are dropped
// after (see nearPairs): a run inside two near copies of whole functions
// adds nothing.
const (
	partGap  = 64 // most tokens from one key of a chain to the next, in either file
	partBand = 16 // most tokens a chain's diagonal drifts from one key to the next
)

// partKeyBits is the number of a key's leading bits that partPlaces
// tests before it sorts a place with the part keys.
const partKeyBits = 20

// partUnitPlaces is the number of places of one key in one outermost
// unit that chain, the first in the unit (see partHits and
// NearUnitsPlaced).
const partUnitPlaces = 4

// PartKeyLimit is the number of near-miss units past which a near key
// chains no places into a partial near-miss clone (see partPairs).
const PartKeyLimit = 8

// A partHit is a part key at two places, a before b in the order of
// files and tokens: the key's token in each, and the end of the
// outermost unit that holds it there.
type partHit struct {
	fa, fb     int32
	pa, pb     int32
	endA, endB int32
	key        uint32
}

// A partChain is a chain of hits from its first, at (pa0, pb0), to its
// last, at (pa1, pb1), in one pair of files.
type partChain struct {
	fb                 int32
	pa0, pb0, pa1, pb1 int32
	endA, endB         int32                 // the ends of the outermost units the chain lies in
	keys               [nearMinShared]uint32 // its first distinct keys
	n                  int32                 // its distinct keys, up to nearMinShared
	closed             bool
	next               int32 // the next chain of its bucket, +1 (see diagTable)
}

// add counts key among the chain's distinct keys.
func (c *partChain) add(key uint32) {
	if c.n < nearMinShared && !slices.Contains(c.keys[:c.n], key) {
		c.keys[c.n] = key
		c.n++
	}
}

// partPairs returns the near-miss pairs of runs of statements found
// through chains of the part keys (sorted) that the units share, but for
// those inside the two spans of a pair found (sorted).
func (d *detector) partPairs(units []nearUnit, keys partKeySet, found []pair) []pair {
	places, pairs, free := d.partPlacePairsOf(units, keys)
	defer free()
	if len(pairs) == 0 {
		return nil
	}
	// The hits of each first file are made and chained on their own, on
	// all CPUs, and taken to their runs of statements, each pair of runs
	// once. Made for all files at once, the hits were as long again as
	// the pairs and a tenth of the stage.
	var starts []int
	for i := range pairs {
		if i == 0 || places[pairs[i]>>32].file != places[pairs[i-1]>>32].file {
			starts = append(starts, i)
		}
	}
	starts = append(starts, len(pairs))
	counter(&d.work.PartSteps, int64(len(pairs)))
	per := make([][]pair, d.opt.workers())
	scratch := make([]partScratch, d.opt.workers())
	d.parallel(len(starts)-1, func(w, i int) {
		sc := &scratch[w]
		fa := places[pairs[starts[i]]>>32].file
		hits := sc.hitsByFile(places, pairs[starts[i]:starts[i+1]])
		for _, c := range chainHits(d.opt, hits, sc) {
			counter(&d.work.PartSteps, int64(len(d.files[fa].blocks)+len(d.files[c.fb].blocks)))
			if a, b, ok := d.partSpans(fa, c); ok {
				per[w] = append(per[w], pair{a: a, b: b})
			}
		}
	})
	cands := slices.Concat(per...)
	cands = append(cands, d.copiedParts(units, cands)...)
	slices.SortFunc(cands, comparePairs)
	cands = slices.Compact(cands)
	cands = slices.DeleteFunc(cands, d.insideAny(found))
	counter(&d.work.PartDiffs, int64(len(cands)))
	perVerdicts := make([][]verdict, d.opt.workers())
	bufs := make([][]byte, d.opt.workers())
	d.verifier(0) // made before the workers ask for theirs
	d.parallel(len(cands), func(w, i int) {
		c := &cands[i]
		c.sim, bufs[w], perVerdicts[w] = d.knownSimilar(d.verifier(w), c.a, c.b, bufs[w], perVerdicts[w])
	})
	if d.opt.Verdicts != nil {
		d.verdicts = append(d.verdicts, slices.Concat(perVerdicts...)...)
	}
	return slices.DeleteFunc(cands, func(p pair) bool { return p.sim <= 0 })
}

// insideAny returns a test of whether a pair's spans lie inside the two
// spans of one of pairs (sorted), in either order: its alignment would
// find what theirs found, a part of it.
func (d *detector) insideAny(pairs []pair) func(pair) bool {
	type files struct{ a, b int32 }
	type ranges struct{ a0, a1, b0, b1 int32 }
	by := map[files][]ranges{}
	for _, p := range pairs {
		a0, a1 := d.tokens(p.a)
		b0, b1 := d.tokens(p.b)
		by[files{p.a.file, p.b.file}] = append(by[files{p.a.file, p.b.file}], ranges{a0, a1, b0, b1})
		by[files{p.b.file, p.a.file}] = append(by[files{p.b.file, p.a.file}], ranges{b0, b1, a0, a1})
	}
	return func(p pair) bool {
		a0, a1 := d.tokens(p.a)
		b0, b1 := d.tokens(p.b)
		for _, r := range by[files{p.a.file, p.b.file}] {
			if r.a0 <= a0 && a1 <= r.a1 && r.b0 <= b0 && b1 <= r.b1 {
				return true
			}
		}
		return false
	}
}

// knownSimilar is similar for spans a and b, given the verdicts of an
// earlier run (Options.Verdicts): a pair they know is not aligned again,
// and the verdict of a pair the cheap bound lets through is added to
// seen. buf is scratch for the spans' keys.
func (d *detector) knownSimilar(v *verifier, a, b span, buf []byte, seen []verdict) (float64, []byte, []verdict) {
	if d.opt.Verdicts == nil || !d.mayBeSimilar(a, b) {
		return d.similar(v, a, b), buf, seen
	}
	var k verdictKey
	buf = d.unitContent(buf[:0], a)
	k.a = contentKey(buf)
	buf = d.unitContent(buf[:0], b)
	k.b = contentKey(buf)
	sim := d.knownOr(v, k, a, b)
	return sim, buf, append(seen, verdict{k, sim})
}

// eachOutermost calls fn with each of units (those of one file, in its
// order) that lies inside no other, and its index.
func eachOutermost(units []nearUnit, fn func(i int, u nearUnit)) {
	end := int32(-1) // the last outermost unit's end
	for i, u := range units {
		if u.tok0 < end {
			continue // inside the last outermost unit
		}
		end = u.tok0 + u.size
		fn(i, u)
	}
}

// A partPlace is a gram of an outermost unit whose hash may be a part
// key (see partHits): its file, its token, the end of its unit, its
// hash, and whether the hash is a part key of its file only.
type partPlace struct {
	file, pos, end int32
	h              uint32
	own            bool
}

// partHits returns the hits of the pairs of places partPlacePairsOf
// finds, in their order: by the first place's file and token, then the
// second's. partPairs makes each first file's hits as it chains them;
// NearWithin and the tests take them all at once.
func (d *detector) partHits(units []nearUnit, keys partKeySet) []partHit {
	places, pairs, free := d.partPlacePairsOf(units, keys)
	defer free()
	hits := make([]partHit, len(pairs))
	for i, pr := range pairs {
		hits[i] = hitOf(places, pr)
	}
	return hits
}

// partPlacePairsOf returns the places of part keys in the outermost
// units (partPlaces), and the pairs of them that hold the same key, in
// two units, as a<<32 | b (indices in places, a before b), sorted: by
// the first place's file and token, then the second's. free gives back
// the pairs' memory.
//
// Each place is found once, in the order of files and tokens, and named
// after by its index in that order, which sorts as the place does: the
// pairs' files, tokens and units are read from the places, in order,
// where they were found from the grams of all files numbered in order,
// the file of a number by a binary search, and a table of units' ends
// as long as all the grams (the pairs, 215,000 on the standard library,
// each read from two files' grams at random, were a third of the step).
// The places are found and the pairs made on all CPUs: exact detection
// is often over by then, and the step alone kept one CPU of two busy.
func (d *detector) partPlacePairsOf(units []nearUnit, keys partKeySet) ([]partPlace, []uint64, func()) {
	if len(keys.run) == 0 && len(keys.inFile) == 0 {
		return nil, nil, func() {}
	}
	places := d.partPlaces(units, keys)
	// The places as hash<<32 | index, sorted: the places of a hash
	// together, in order of file and token. Made in index order, they
	// need sorting by hash alone.
	sorted, freeSorted := d.keys(len(places))
	sorted = sorted[:len(places)]
	for i, p := range places {
		sorted[i] = uint64(p.h)<<32 | uint64(i)
	}
	d.sortKeysFrom(sorted, 4)
	pairs, freePairs := d.partPlacePairs(places, sorted, keys)
	freeSorted()
	d.sortKeys(pairs)
	return places, pairs, freePairs
}

// hitOf is the hit of a pair of places (a<<32 | b, indices in places).
func hitOf(places []partPlace, pr uint64) partHit {
	a, b := &places[pr>>32], &places[uint32(pr)]
	return partHit{fa: a.file, fb: b.file, pa: a.pos, pb: b.pos, endA: a.end, endB: b.end, key: a.h}
}

// partPlaces returns the grams of the outermost units (in file order,
// each file's together) whose hashes may be part keys, in the order of
// files and tokens. A bit of each part key's leading bits lets through
// about one gram in three of the standard library's; the walk of the
// sorted places through the keys (partPlacePairs) keeps the part keys'
// only. Each file's places are found on their own, on all CPUs.
func (d *detector) partPlaces(units []nearUnit, keys partKeySet) []partPlace {
	var maybe [1 << (partKeyBits - 6)]uint64
	for _, k := range keys.run {
		maybe[k>>(32-partKeyBits+6)] |= 1 << (k >> (32 - partKeyBits) & 63)
	}
	var starts []int // where each file's units start, and the end
	for i := range units {
		if i == 0 || units[i].s.file != units[i-1].s.file {
			starts = append(starts, i)
		}
	}
	starts = append(starts, len(units))
	// Each file's places are counted, then found at their place in one
	// array: grown by appending, each file's array and their
	// concatenation were more garbage than all the places.
	counts := make([]int, len(starts))
	own := make([]fileKeys, len(starts)-1) // each file's own part keys, made by the first pass
	each := func(i int, fn func(g gram, end int32, own bool)) {
		grams := d.files[units[starts[i]].s.file].grams
		keys := &own[i]
		eachOutermost(units[starts[i]:starts[i+1]], func(_ int, u nearUnit) {
			for _, g := range grams[u.g0:u.g1] {
				own := keys.has(g.h)
				if own || maybe[g.h>>(32-partKeyBits+6)]&(1<<(g.h>>(32-partKeyBits)&63)) != 0 {
					fn(g, u.tok0+u.size, own)
				}
			}
		})
	}
	d.parallel(len(starts)-1, func(_, i int) {
		own[i] = keys.ofFile(units[starts[i]].s.file)
		each(i, func(gram, int32, bool) { counts[i+1]++ })
	})
	for i := 1; i < len(counts); i++ {
		counts[i] += counts[i-1]
	}
	places := make([]partPlace, counts[len(counts)-1])
	d.parallel(len(starts)-1, func(_, i int) {
		fi, at := units[starts[i]].s.file, counts[i]
		each(i, func(g gram, end int32, own bool) {
			places[at] = partPlace{file: fi, pos: g.pos, end: end, h: g.h, own: own}
			at++
		})
	})
	return places
}

// partPlacePairs returns the pairs of places (as a<<32 | b, a before b,
// indices in places) that hold the same part key (keys, sorted), from
// sorted, the places as hash<<32 | index sorted, in no order; free gives
// back their memory. Of a key's places in one outermost unit (one file,
// one end; together, in order), the first partUnitPlaces only: a unit
// that repeats a line a thousand times would pair each of its places
// with each of its copy's. The hashes are cut into pieces, each walked
// through the keys on its own, on all CPUs.
func (d *detector) partPlacePairs(places []partPlace, sorted []uint64, keys partKeySet) ([]uint64, func()) {
	const piece = 1 << 13
	var cuts []int // where each piece's places start: a hash's first
	for i := 0; i < len(sorted); i += piece {
		for i > 0 && i < len(sorted) && sorted[i]>>32 == sorted[i-1]>>32 {
			i++
		}
		if i < len(sorted) {
			cuts = append(cuts, i)
		}
	}
	cuts = append(cuts, len(sorted))
	per := make([]keyList, d.opt.workers())
	for w := range per {
		// About half as many pairs as places on the standard library.
		per[w].d, per[w].hint = d, len(places)/(2*len(per))
	}
	runs := make([][]int32, d.opt.workers())
	d.parallel(len(cuts)-1, func(w, c int) {
		runKeys := keys.run
		for i, end := cuts[c], cuts[c+1]; i < end; {
			j := i + 1
			for j < end && sorted[j]>>32 == sorted[i]>>32 {
				j++
			}
			h := uint32(sorted[i] >> 32)
			runKeys = gallop(runKeys, h)
			ofRun := len(runKeys) > 0 && runKeys[0] == h
			if j-i < 2 || !ofRun && !slices.ContainsFunc(sorted[i:j], func(s uint64) bool { return places[uint32(s)].own }) {
				i = j
				continue
			}
			run := runs[w][:0]
			inUnit := 0
			for _, s := range sorted[i:j] {
				p := int32(uint32(s))
				if k := len(run); k > 0 && places[run[k-1]].file == places[p].file && places[run[k-1]].end == places[p].end {
					if inUnit++; inUnit >= partUnitPlaces {
						continue
					}
				} else {
					inUnit = 0
				}
				run = append(run, p)
			}
			runs[w] = run
			if ofRun {
				pairPlaces(places, run, &per[w])
			}
			// A key of some files only pairs the places of each of those.
			for k := 0; !ofRun && k < len(run); {
				file := places[run[k]].file
				l := k + 1
				for l < len(run) && places[run[l]].file == file {
					l++
				}
				if places[run[k]].own {
					pairPlaces(places, run[k:l], &per[w])
				}
				k = l
			}
			i = j
		}
	})
	return concat(d, per)
}

// pairPlaces adds to out the pairs of run's places (as a<<32 | b) that
// lie in two units.
func pairPlaces(places []partPlace, run []int32, out *keyList) {
	for x, a := range run {
		for _, b := range run[x+1:] {
			if places[a].file != places[b].file || places[a].end != places[b].end {
				out.add(uint64(a)<<32 | uint64(b))
			}
		}
	}
}

// partChains joins the hits of one first file, sorted, into chains: a
// hit extends the open chain of its second file whose last hit lies
// before it, within partGap tokens in both files and in the same
// outermost units, and whose diagonal is nearest its own, within
// partBand (the first opened of those nearest); else it opens a chain.
// A chain is closed once the hits have gone partGap tokens past it. Only
// chains of nearMinShared distinct keys or more (as a near-miss
// candidate shares with its twin, and the editor's index looks for),
// long enough in both files to hold a clone at the threshold, are
// returned, in no order. The hits are taken by second file (sorting them
// so, stably), and the open chains of one are found by their diagonals,
// in buckets of partBand (diagTable): a file whose code repeats has many
// at once. sc, if not nil, is the caller's scratch, reused from call to
// call.
func partChains(opt Options, hits []partHit, sc *partScratch) []partChain {
	if sc == nil {
		sc = new(partScratch)
	}
	return chainHits(opt, sc.byFile(hits), sc)
}

// chainHits is partChains on hits sorted by second file already, each
// file's in the order of their first places.
func chainHits(opt Options, hits []partHit, sc *partScratch) []partChain {
	need := int32(float64(opt.MinTokens) * nearMinRatio(opt.Similarity))
	var out []partChain
	keep := func(c *partChain) {
		if c.n >= nearMinShared && c.pa1+gramSize-c.pa0 >= need && c.pb1+gramSize-c.pb0 >= need {
			out = append(out, *c)
		}
	}
	diag := func(pa, pb int32) int32 { return floorDiv(pb-pa, partBand) }
	chains, t := sc.chains[:0], &sc.diags
	t.reset()
	for i, h := range hits {
		if i > 0 && h.fb != hits[i-1].fb {
			for k := range chains {
				if !chains[k].closed {
					keep(&chains[k])
				}
			}
			chains = chains[:0]
			t.reset()
		}
		best, bestDrift := int32(-1), int32(partBand+1)
		dh := diag(h.pa, h.pb)
		for b := dh - 1; b <= dh+1; b++ {
			s := t.find(b)
			if s < 0 {
				continue
			}
			for link := &t.heads[s]; *link != 0; {
				ci := *link - 1
				c := &chains[ci]
				if h.pa-c.pa1 > partGap {
					keep(c)
					c.closed = true
					*link = c.next
					continue
				}
				link = &c.next
				if c.endA != h.endA || c.endB != h.endB || h.pa <= c.pa1 || h.pb <= c.pb1 || h.pb-c.pb1 > partGap {
					continue
				}
				if drift := abs32((h.pb - h.pa) - (c.pb1 - c.pa1)); drift < bestDrift || drift == bestDrift && ci < best {
					best, bestDrift = ci, drift
				}
			}
		}
		if best < 0 {
			chains = append(chains, partChain{fb: h.fb, pa0: h.pa, pb0: h.pb, pa1: h.pa, pb1: h.pb, endA: h.endA, endB: h.endB})
			best = int32(len(chains) - 1)
			t.push(dh, chains, best)
		} else if c := &chains[best]; diag(c.pa1, c.pb1) != dh {
			// The chain moves to the bucket of its new diagonal.
			t.unlink(diag(c.pa1, c.pb1), chains, best)
			t.push(dh, chains, best)
		}
		c := &chains[best]
		c.pa1, c.pb1 = h.pa, h.pb
		c.add(h.key)
	}
	for k := range chains {
		if !chains[k].closed {
			keep(&chains[k])
		}
	}
	sc.chains = chains
	return out
}

// A partScratch is one worker's buffers for partChains.
type partScratch struct {
	keys   []uint64
	hits   []partHit
	chains []partChain
	diags  diagTable
}

// A diagTable finds partChains's open chains of one pair of files by
// the buckets of their diagonals: an open-addressing table of buckets,
// each the first of its chains, the others linked through
// partChain.next. A map of buckets to lists, made and cleared for each
// pair of files, was most of the cost of chaining.
type diagTable struct {
	keys  []int32 // each slot's bucket
	heads []int32 // each slot's first chain, +1; 0 for none
	full  []bool
	used  []int32 // the slots in use, cleared by reset
}

// find returns the slot of bucket b, -1 if it has none.
func (t *diagTable) find(b int32) int {
	if len(t.keys) == 0 {
		return -1
	}
	mask := len(t.keys) - 1
	for s := diagHash(b) & mask; t.full[s]; s = (s + 1) & mask {
		if t.keys[s] == b {
			return s
		}
	}
	return -1
}

// push puts chain ci (of chains) first in bucket b.
func (t *diagTable) push(b int32, chains []partChain, ci int32) {
	s := t.find(b)
	if s < 0 {
		if 2*(len(t.used)+1) > len(t.keys) {
			t.grow()
		}
		mask := len(t.keys) - 1
		for s = diagHash(b) & mask; t.full[s]; s = (s + 1) & mask {
		}
		t.keys[s], t.heads[s], t.full[s] = b, 0, true
		t.used = append(t.used, int32(s))
	}
	chains[ci].next, t.heads[s] = t.heads[s], ci+1
}

// unlink takes chain ci (of chains) out of bucket b, which holds it.
func (t *diagTable) unlink(b int32, chains []partChain, ci int32) {
	link := &t.heads[t.find(b)]
	for *link != ci+1 {
		link = &chains[*link-1].next
	}
	*link = chains[ci].next
}

// grow doubles the table (to 64 slots at first) and places its buckets
// again.
func (t *diagTable) grow() {
	old := *t
	n := max(64, 2*len(old.keys))
	*t = diagTable{keys: make([]int32, n), heads: make([]int32, n), full: make([]bool, n), used: old.used[:0]}
	mask := n - 1
	for _, o := range old.used {
		s := diagHash(old.keys[o]) & mask
		for t.full[s] {
			s = (s + 1) & mask
		}
		t.keys[s], t.heads[s], t.full[s] = old.keys[o], old.heads[o], true
		t.used = append(t.used, int32(s))
	}
}

// reset empties the table, clearing the slots used.
func (t *diagTable) reset() {
	for _, s := range t.used {
		t.full[s] = false
	}
	t.used = t.used[:0]
}

// diagHash spreads a bucket's number over the table's slots.
func diagHash(b int32) int { return int(uint32(b) * 0x9e3779b1 >> 7) }

// floorDiv is x/d rounded down.
func floorDiv(x, d int32) int32 {
	q := x / d
	if x%d != 0 && x < 0 {
		q--
	}
	return q
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// partSpans takes chain c, of first file fa, to the runs of statements
// it covers in each file, if both are large enough to report and apart.
func (d *detector) partSpans(fa int32, c partChain) (a, b span, ok bool) {
	if a, ok = d.runAround(fa, c.pa0, c.pa1+gramSize); !ok {
		return a, b, false
	}
	if b, ok = d.runAround(c.fb, c.pb0, c.pb1+gramSize); !ok || d.overlap(a, b) {
		return a, b, false
	}
	for _, s := range [2]span{a, b} {
		t0, t1 := d.tokens(s)
		if int(t1-t0) < d.opt.MinTokens || d.lines(s) < d.opt.MinLines || d.files[s.file].ignoredIn(t0, t1) {
			return a, b, false
		}
	}
	return a, b, true
}

// runAround returns the statements of file fi that tokens [t0, t1) cover:
// in the innermost block (not a function declaration's own) that holds
// four fifths of them, the statements at least half of whose tokens
// they hold.
func (d *detector) runAround(fi, t0, t1 int32) (span, bool) {
	f := d.files[fi]
	inner := -1
	var innerSize int32
	for bi, b := range f.blocks {
		if b.fn || b.last <= b.first {
			continue
		}
		b0, b1 := f.units[b.first].tok0, f.units[b.last-1].tok1
		if 5*(min(b1, t1)-max(b0, t0)) < 4*(t1-t0) {
			continue
		}
		if inner < 0 || b1-b0 < innerSize {
			inner, innerSize = bi, b1-b0
		}
	}
	if inner < 0 {
		return span{}, false
	}
	b := f.blocks[inner]
	first, last := int32(-1), int32(-1)
	for ui := b.first; ui < b.last; ui++ {
		u := f.units[ui]
		if 2*(min(u.tok1, t1)-max(u.tok0, t0)) >= u.tok1-u.tok0 {
			if first < 0 {
				first = ui
			}
			last = ui
		}
	}
	if first < 0 {
		return span{}, false
	}
	return span{fi, first, last}, true
}

// byFile returns the hits, sorted by first place, sorted by second file,
// each file's in the order they came. It returns sc's buffer, which the
// next call reuses.
func (sc *partScratch) byFile(hits []partHit) []partHit {
	keys := sc.fileOrder(len(hits), func(i int) int32 { return hits[i].fb })
	out := slices.Grow(sc.hits[:0], len(hits))[:len(hits)]
	for i, k := range keys {
		out[i] = hits[uint32(k)]
	}
	sc.hits = out
	return out
}

// hitsByFile is byFile of the hits of pairs (of places, as
// partPlacePairsOf gives them, of one first file), made from the pairs.
func (sc *partScratch) hitsByFile(places []partPlace, pairs []uint64) []partHit {
	keys := sc.fileOrder(len(pairs), func(i int) int32 { return places[uint32(pairs[i])].file })
	out := slices.Grow(sc.hits[:0], len(pairs))[:len(pairs)]
	for i, k := range keys {
		out[i] = hitOf(places, pairs[uint32(k)])
	}
	sc.hits = out
	return out
}

// fileOrder returns n items as file<<32 | index, sorted: as a stable sort
// of the items by their file (fileOf), but of numbers, which cost less.
// It returns sc's buffer, which the next call reuses.
func (sc *partScratch) fileOrder(n int, fileOf func(i int) int32) []uint64 {
	keys := slices.Grow(sc.keys[:0], n)[:n]
	for i := range keys {
		keys[i] = uint64(fileOf(i))<<32 | uint64(i)
	}
	slices.Sort(keys)
	sc.keys = keys
	return keys
}
