package fingerprint

import (
	"bytes"
	"cmp"
	"encoding/hex"
	"go/token"
	"slices"

	"github.com/zeebo/blake3"
)

// Near-miss clones are copies edited after the paste. Their units are
// function declarations and the statement lists of blocks (a function's
// body counts as the function). Two units are near-miss clones when
//
//	similarity = 2·M / (|a| + |b|) ≥ Options.Similarity
//
// where |a| and |b| are their canonical token counts and M is the number
// of tokens matched by a longest common subsequence of the two canonical
// token streams, less the matched names that break a consistent renaming
// and the matched values of tables that differ (see inTable).
//
// Candidates come from winnowed k-grams (see winnow.go) shared by the two
// units: a gram must be in at least two and at most nearMaxRun units
// (more, if MaxOccurrences allows more copies; see pairWithFirst), and
// the units must share at least nearMinShared such grams and at least
// nearBagRatio of the smaller unit's. (Sorting the unit-gram pairs counts
// the grams exactly and costs less than sketching them: measured on the
// standard library, a Bloom and Count-Min pass over the grams took four
// times as long as the sort it would have saved.)
// Verification is Myers' diff bounded by the largest edit distance the
// threshold allows.
//
// A unit nested inside nearMaxDepth others (counting only units large
// enough to be candidates) is not a candidate itself.
const (
	nearMaxRun    = 64
	nearMinShared = 3
	nearBagRatio  = 0.6
	nearMaxDepth  = 16
	nearReps      = 8
)

// Two candidates of more than nearLargePair tokens in all are aligned
// without an LCS first (whose cost is the product of their sizes), and
// given up past nearMaxEdits insertions and deletions: the alignment
// costs the square of the edits, and the trace it keeps as much memory.
const (
	nearLargePair = 1 << 15
	nearMaxEdits  = 2048
)

// A nearUnit is a candidate fragment: a span and its grams.
type nearUnit struct {
	s      span
	tok0   int32 // its first canonical token; the last is tok0+size-1
	size   int32 // canonical tokens
	g0, g1 int32 // files[s.file].grams[g0:g1]
	kept   int32 // grams that survived the frequency filter
	inFile int32 // grams that count in its file only: 2 to nearMaxRun units of it hold them, more of the run (see fileScope)
	local  int32 // its index among its file's units
}

// overlaps reports whether units u and v share a token: the overlap of
// their spans, without a look into their files (candidate pairing asks
// it of every pair of units that share a gram).
func (u *nearUnit) overlaps(v *nearUnit) bool {
	return u.s.file == v.s.file && u.tok0 < v.tok0+v.size && v.tok0 < u.tok0+u.size
}

// nearPairs finds the near-miss pairs among the files. Copies of a unit
// look for candidates through their representative (see findCopies).
func (d *detector) nearPairs() []pair {
	units := d.nearUnits()
	c := d.findCopies(units)
	cands, partKeys := d.nearCandidates(c.reps)
	if c.copies == nil {
		// Every unit paired as itself, its copies too.
		cands = d.dropCopies(c.reps, cands)
	}
	var pairs []pair
	var found []uint64
	verified := len(cands)
	if c.copies == nil {
		pairs, found, verified = d.verifyOuterFirst(c.reps, cands)
	} else {
		pairs, found = d.verify(c.reps, cands)
	}
	more := d.copyCandidates(c, units, found)
	d.work.NearDiffs = int64(verified + len(more))
	morePairs, _ := d.verify(units, more)
	pairs = append(pairs, morePairs...)
	pairs = append(pairs, d.partPairs(c.reps, partKeys, pairs)...)
	slices.SortFunc(pairs, comparePairs)
	return d.undominated(pairs, false)
}

// verify compares the candidate pairs of units (as x<<32|y) and returns
// the near-miss pairs among them, and those candidates. Given the
// verdicts of an earlier run (Options.Verdicts), it aligns only the
// candidates they lack, and keeps this run's verdicts for Result.
func (d *detector) verify(units []nearUnit, cands []uint64) ([]pair, []uint64) {
	known := d.opt.Verdicts
	var keys []unitKey
	var costly []bool
	if known != nil {
		// A candidate the cheap bound rejects costs less to check again
		// than to look up: verdicts are kept, and keys made, only for the
		// others.
		costly = make([]bool, len(cands))
		d.parallel(len(cands), func(_, i int) {
			costly[i] = d.mayBeSimilar(units[cands[i]>>32].s, units[uint32(cands[i])].s)
		})
		keys = d.unitKeys(units, cands, costly)
	}
	per := make([][]pair, d.opt.workers())
	perKeys := make([][]uint64, d.opt.workers())
	seen := make([][]verdict, d.opt.workers())
	d.verifier(0) // made before the workers ask for theirs
	d.parallel(len(cands), func(w, i int) {
		v := d.verifier(w)
		x, y := cands[i]>>32, uint32(cands[i])
		a, b := units[x].s, units[y].s
		var sim float64
		if keys == nil || !costly[i] {
			sim = d.similar(v, a, b)
		} else {
			k := verdictKey{keys[x], keys[y]}
			sim = d.knownOr(v, k, a, b)
			seen[w] = append(seen[w], verdict{k, sim})
		}
		if sim > 0 {
			per[w] = append(per[w], pair{a: a, b: b, sim: sim})
			perKeys[w] = append(perKeys[w], cands[i])
		}
	})
	if known != nil {
		d.verdicts = append(d.verdicts, slices.Concat(seen...)...)
	}
	return slices.Concat(per...), slices.Concat(perKeys...)
}

// verifyOuterFirst is verify that aligns the candidates of two units
// each inside another unit last, and not those that lie inside the two
// units of a pair found, one in each: the larger pair stands for them
// (undominated drops them, the larger taken first): a function's blocks
// with its twin's, which the counts of a file (nearscope.go) make
// candidates too (on the standard library, 1,800 of 26,600 candidates
// were such). It returns the pairs found, their candidates, and how many
// candidates it aligned.
func (d *detector) verifyOuterFirst(units []nearUnit, cands []uint64) ([]pair, []uint64, int) {
	outer := outermostOf(units)
	var first, inner []uint64
	for _, c := range cands {
		if x, y := uint32(c>>32), uint32(c); outer[x] != x && outer[y] != y {
			inner = append(inner, c)
		} else {
			first = append(first, c)
		}
	}
	pairs, found := d.verify(units, first)
	if len(inner) == 0 {
		return pairs, found, len(first)
	}
	in := make(map[uint64]bool, len(found))
	for _, k := range found {
		in[k] = true
	}
	inner = slices.DeleteFunc(inner, func(c uint64) bool {
		return in[uint64(outer[c>>32])<<32|uint64(outer[uint32(c)])]
	})
	more, moreFound := d.verify(units, inner)
	return append(pairs, more...), append(found, moreFound...), len(first) + len(inner)
}

// knownOr is the similarity of spans a and b the verdicts of an earlier
// run (Options.Verdicts) give under k, or, when they give none, the
// alignment's.
func (d *detector) knownOr(v *verifier, k verdictKey, a, b span) float64 {
	sim, ok := d.opt.Verdicts.m[k]
	switch {
	case !ok:
		sim = d.similar(v, a, b)
	case sim == giveUp:
		counter(&d.work.LargeUnverified, 1)
	}
	return sim
}

// nearUnits lists the functions and blocks large enough to be reported,
// except those nested more than nearMaxDepth deep in others: each unit
// brings all the grams of its tokens, so a chain of nested units would
// bring them again at every level, quadratic in the depth.
func (d *detector) nearUnits() []nearUnit {
	// Each file's units on their own, on all CPUs, kept in file order.
	per := make([][]nearUnit, len(d.files))
	deep := make([]int64, len(d.files))
	d.parallel(len(d.files), func(_, fi int) {
		per[fi], deep[fi] = d.fileNearUnits(int32(fi))
	})
	units := slices.Concat(per...)
	for _, n := range deep {
		d.work.DeepUnits += n
	}
	d.work.NearUnits = int64(len(units))
	return units
}

// fileNearUnits lists the near-miss units of file fi (see nearUnits) and
// counts those left out for their depth.
func (d *detector) fileNearUnits(fi int32) (units []nearUnit, deep int64) {
	if m := d.memo(fi); m != nil {
		units = make([]nearUnit, len(m.units))
		for i, u := range m.units {
			u.s.file = fi
			units[i] = u
		}
		return units, m.deep
	}
	f := d.files[fi]
	var open []int32 // token ends of the units around the current block
	// Blocks come in the walk's order: a block before those inside it.
	for _, b := range f.blocks {
		if b.body {
			continue
		}
		s := span{fi, b.first, b.last - 1}
		t0, t1 := d.tokens(s)
		if int(t1-t0) < d.opt.MinTokens || d.lines(s) < d.opt.MinLines || f.ignoredIn(t0, t1) {
			continue
		}
		for len(open) > 0 && open[len(open)-1] <= t0 {
			open = open[:len(open)-1]
		}
		if len(open) >= nearMaxDepth {
			deep++
			continue
		}
		open = append(open, t1)
		g0, _ := slices.BinarySearchFunc(f.grams, t0, func(g gram, t int32) int { return cmp.Compare(g.pos, t) })
		g1, _ := slices.BinarySearchFunc(f.grams, t1-gramSize+1, func(g gram, t int32) int { return cmp.Compare(g.pos, t) })
		units = append(units, nearUnit{s: s, tok0: t0, size: t1 - t0, g0: int32(g0), g1: int32(max(g0, g1)), local: int32(len(units))})
	}
	if d.focus != nil {
		f.near.Store(&nearMemo{minTokens: d.opt.MinTokens, minLines: d.opt.MinLines, units: units, deep: deep})
	}
	return units, deep
}

// nearCandidates returns the pairs of units (as a<<32|b) that share
// enough grams to be worth a diff, and the part keys (see partPairs).
func (d *detector) nearCandidates(units []nearUnit) (_ []uint64, _ partKeySet) {
	// entries are gram<<32 | unit, sorted: the units of each gram together.
	// Filled on all CPUs, a chunk of units each at its place (the order
	// is sorted away after).
	const unitChunk = 1 << 12
	n := 0
	var starts []int
	for ui, u := range units {
		if ui%unitChunk == 0 {
			starts = append(starts, n)
		}
		n += int(u.g1 - u.g0)
	}
	d.work.NearEntries = int64(n)
	entries, freeEntries := d.keys(n)
	entries = entries[:n]
	d.parallel(len(starts), func(_, c int) {
		i := starts[c]
		for ui := c * unitChunk; ui < min((c+1)*unitChunk, len(units)); ui++ {
			u := units[ui]
			for _, g := range d.files[u.s.file].grams[u.g0:u.g1] {
				entries[i] = uint64(g.h)<<32 | uint64(ui)
				i++
			}
		}
	})
	// Made in unit order, the entries need sorting by gram alone.
	d.sortKeysFrom(entries, 4)
	entries = slices.Compact(entries)
	// A gram counts for a unit if it is shared, and not so common that it
	// says nothing (boilerplate such as "if err != nil { return err }"):
	// shared by more than nearMaxRun units, it is boilerplate unless
	// MaxOccurrences allows more copies than that.
	// Over a part of a corpus, the corpus says which grams count (see
	// Corpus.SharedNearKeys); a gram's units outside the part count for
	// its units inside, and pair with none of them. When more than
	// nearMaxRun units may pair, the part holds all the units of its
	// grams, and their copies stand for them (see findCopies): the run
	// counts them itself.
	long := d.opt.MaxOccurrences <= 0 || d.opt.MaxOccurrences > nearMaxRun
	corpus := d.opt.Corpus != nil && !long
	var shared, part []uint32 // the corpus's counted grams and part keys from the current one on
	if corpus {
		shared, part = d.opt.Corpus.SharedNearKeys, d.opt.Corpus.PartKeys
	}
	var runs [][2]int32
	var partKeys []uint32
	var inFile fileScope
	if !long {
		inFile.outer = outermostOf(units)
	}
	for i := 0; i < len(entries); {
		j := i + 1
		for j < len(entries) && entryGram(entries[j]) == entryGram(entries[i]) {
			j++
		}
		counts := j-i >= 2 && (j-i <= nearMaxRun || long)
		isPart := j-i >= 2 && j-i <= PartKeyLimit
		if corpus {
			// The grams come in order: the searches go on from the last.
			shared = gallop(shared, entryGram(entries[i]))
			counts = len(shared) > 0 && shared[0] == entryGram(entries[i])
			part = gallop(part, entryGram(entries[i]))
			isPart = len(part) > 0 && part[0] == entryGram(entries[i])
		}
		if isPart {
			partKeys = append(partKeys, entryGram(entries[i]))
		}
		if !long && !isPart {
			inFile.add(units, entries, i, j, counts)
		}
		if counts {
			if j-i >= 2 {
				runs = append(runs, [2]int32{int32(i), int32(j)})
			}
			for _, e := range entries[i:j] {
				units[entryUnit(e)].kept++
			}
			if j-i > nearMaxRun {
				d.work.SharedGrams++
			}
		}
		i = j
	}
	perRun, perFile := d.pairRuns(units, entries, runs), d.pairRuns(units, entries, inFile.runs)
	// Freed first, the entries' array holds the pairs.
	freeEntries()
	incidences, freeIncidences := d.sortedPairs(perRun)
	defer freeIncidences()
	inFileIncidences, freeInFile := d.sortedPairs(perFile)
	defer freeInFile()
	d.work.NearPairs = int64(len(incidences) + len(inFileIncidences))
	cands, inFileCands := candidates(units, incidences, inFileIncidences)
	if len(inFileCands) > 0 {
		inFileCands = mergeSorted(inFileCands, d.copiesPaired(units, inFileCands))
		cands = slices.Compact(mergeSorted(cands, inFileCands))
	}
	slices.Sort(inFile.partKeys)
	return cands, partKeySet{partKeys, inFile.partKeys}
}

// pairRuns returns the pairs of units (as x<<32|y, x < y) of each run of
// entries (gram<<32 | unit, a gram's units together), once for each run
// they are both in, in a list for each worker (see sortedPairs). Only
// the units whose sizes allow the threshold pair: a function and a small
// block inside another never can.
func (d *detector) pairRuns(units []nearUnit, entries []uint64, runs [][2]int32) []keyList {
	minRatio := nearMinRatio(d.opt.Similarity)
	per := make([]keyList, d.opt.workers())
	n := 0 // the entries of the runs
	for _, r := range runs {
		n += int(r[1] - r[0])
	}
	for w := range per {
		// About as many incidences as entries are found (0.7 of them on
		// the standard library), shared among the workers.
		per[w].d, per[w].hint = d, n/len(per)
	}
	runBufs := make([][]uint32, d.opt.workers())
	sizedBufs := make([][]uint64, d.opt.workers())
	const chunk = 1024
	d.parallel((len(runs)+chunk-1)/chunk, func(w, c int) {
		for _, r := range runs[c*chunk : min((c+1)*chunk, len(runs))] {
			if r[1]-r[0] > nearMaxRun {
				run := runBufs[w][:0]
				for _, e := range entries[r[0]:r[1]] {
					run = append(run, entryUnit(e))
				}
				runBufs[w] = run
				d.pairWithFirst(units, run, minRatio, &per[w])
				continue
			}
			// The units by size, then by index: size<<32 | unit sorts so
			// without a look into units at each comparison.
			sized := sizedBufs[w][:0]
			for _, e := range entries[r[0]:r[1]] {
				u := entryUnit(e)
				sized = append(sized, uint64(units[u].size)<<32|uint64(u))
			}
			sizedBufs[w] = sized
			slices.Sort(sized)
			for x, kx := range sized {
				for _, ky := range sized[x+1:] {
					if !sizesFit(minRatio, int32(kx>>32), int32(ky>>32)) {
						break
					}
					d.nearPair(units, uint32(kx), uint32(ky), &per[w])
				}
			}
		}
	})
	return per
}

// sortedPairs returns the pairs of the lists of pairRuns in one array,
// sorted, and what frees it.
func (d *detector) sortedPairs(per []keyList) ([]uint64, func()) {
	pairs, free := concat(d, per)
	d.sortKeys(pairs)
	return pairs, free
}

// candidates returns the pairs of units of incidences (sorted, a pair
// once for each counted gram its units share) that are near-miss
// candidates by the grams of the run, and those of one file that are
// candidates only with the grams that count in the file alone, of
// inFile (the same, for those grams).
func candidates(units []nearUnit, incidences, inFile []uint64) (run, file []uint64) {
	count := func(xs []uint64) (uint64, int, []uint64) {
		j := 1
		for j < len(xs) && xs[j] == xs[0] {
			j++
		}
		return xs[0], j, xs[j:]
	}
	for len(incidences) > 0 || len(inFile) > 0 {
		var k uint64
		var shared, more int
		switch {
		case len(inFile) == 0 || len(incidences) > 0 && incidences[0] < inFile[0]:
			k, shared, incidences = count(incidences)
		case len(incidences) == 0 || inFile[0] < incidences[0]:
			k, more, inFile = count(inFile)
		default:
			k, shared, incidences = count(incidences)
			_, more, inFile = count(inFile)
		}
		a, b := &units[k>>32], &units[uint32(k)]
		switch {
		case nearCandidate(shared, a.kept, b.kept):
			run = append(run, k)
		case more > 0 && nearCandidate(shared+more, a.kept+a.inFile, b.kept+b.inFile):
			file = append(file, k)
		}
	}
	return run, file
}

// entryGram and entryUnit are the gram and the unit of an entry of
// nearCandidates, gram<<32 | unit.
func entryGram(e uint64) uint32 { return uint32(e >> 32) }
func entryUnit(e uint64) uint32 { return uint32(e) }

// gallop returns the end of sorted xs from its first element not below
// x, found by steps that double from the start and a binary search
// within the last: a walk through xs in order, in time logarithmic in
// each step's length.
func gallop(xs []uint32, x uint32) []uint32 {
	hi := 1
	for hi < len(xs) && xs[hi-1] < x {
		hi *= 2
	}
	hi = min(hi, len(xs))
	i, _ := slices.BinarySearch(xs[hi/2:hi], x)
	return xs[hi/2+i:]
}

// nearMinRatio is the smallest ratio of the sizes of two units that can
// be near-miss clones at the given similarity.
func nearMinRatio(similarity float64) float64 { return similarity / (2 - similarity) }

// sizesFit reports whether units of small and large tokens can be
// near-miss clones, at the sizes' smallest ratio minRatio.
func sizesFit(minRatio float64, small, large int32) bool {
	return float64(small) >= minRatio*float64(large)
}

// nearCandidate reports whether two units that share shared counted
// grams, of kept and otherKept counted grams, are near-miss candidates.
func nearCandidate(shared int, kept, otherKept int32) bool {
	return shared >= nearMinShared && float64(shared) >= nearBagRatio*float64(min(kept, otherKept))
}

// pairWithFirst pairs the units of a gram shared by more than nearMaxRun
// units, in unit order, with the first nearReps of them only (those whose
// sizes allow the threshold): all pairs would cost the square of the run.
// The same first units stand for every such gram that a set of similar
// units shares, so their pairs gather the shared grams a candidate needs,
// and a class of near copies forms around them.
func (d *detector) pairWithFirst(units []nearUnit, run []uint32, minRatio float64, out *keyList) {
	fits := func(x, y uint32) bool {
		a, b := units[x].size, units[y].size
		return sizesFit(minRatio, min(a, b), max(a, b))
	}
	for i, u := range run {
		for _, r := range run[:min(i, nearReps)] {
			if fits(r, u) {
				d.nearPair(units, r, u, out)
			}
		}
	}
}

// nearPair adds the pair of units x and y to out, unless they overlap.
func (d *detector) nearPair(units []nearUnit, x, y uint32, out *keyList) {
	if !units[x].overlaps(&units[y]) {
		out.add(uint64(min(x, y))<<32 | uint64(max(x, y)))
	}
}

// similar aligns two spans and returns their similarity if it reaches the
// threshold and they are not simply the same (exact and renamed clones are
// found, and reported, as such); else 0, or giveUp for a large pair given
// up past nearMaxEdits edits.
func (d *detector) similar(v *verifier, a, b span) float64 {
	df := &v.df
	ca, cb := d.codes(a), d.codes(b)
	total := len(ca) + len(cb)
	if !d.mayBeSimilar(a, b) {
		return 0 // even a perfect alignment falls short
	}
	var match []int32
	if bytes.Equal(ca, cb) {
		// The same canonical tokens (copies, mostly, whose names may still
		// break the renaming): the alignment is the identity.
		match = df.identity(len(ca))
	} else if total > nearLargePair {
		// The LCS would cost the product of the sizes: align at once, with
		// the threshold's edit distance (the same test) capped.
		maxD := int((1 - d.opt.Similarity) * float64(total))
		capped := maxD > nearMaxEdits
		var ok bool
		if match, ok = df.align(ca, cb, min(maxD, nearMaxEdits)); !ok {
			if capped {
				counter(&d.work.LargeUnverified, 1)
				return giveUp
			}
			return 0
		}
	} else {
		counter(&d.work.LCSWords, int64(len(cb)*((len(ca)+63)/64)))
		lcs := df.lcsLength(ca, cb)
		if 2*float64(lcs) < d.opt.Similarity*float64(total) {
			return 0
		}
		var ok bool
		if match, ok = df.align(ca, cb, total-2*lcs); !ok {
			return 0
		}
	}
	matched := 0
	for _, y := range match {
		if y >= 0 {
			matched++
		}
	}
	names, values := d.mismatches(v, a, b, match, nil)
	matched -= names
	if matched == len(ca) && matched == len(cb) {
		return 0 // a renamed clone
	}
	matched -= values
	if sim := 2 * float64(matched) / float64(total); sim >= d.opt.Similarity && !d.nearTables(v, a, b, match) {
		return sim
	}
	return 0
}

// mayBeSimilar reports whether spans a and b pass the cheap bound on
// their similarity: the codes they have in common, counted as a multiset,
// are an upper bound on a longest common subsequence.
func (d *detector) mayBeSimilar(a, b span) bool {
	ca, cb := d.codes(a), d.codes(b)
	return 2*float64(commonCodes(ca, cb)) >= d.opt.Similarity*float64(len(ca)+len(cb))
}

// commonCodes is the size of the multiset intersection of two code
// sequences: an upper bound on their longest common subsequence.
func commonCodes(a, b []byte) int {
	var n [256]int32
	for _, c := range a {
		n[c]++
	}
	common := 0
	for _, c := range b {
		if n[c] > 0 {
			n[c]--
			common++
		}
	}
	return common
}

// A verifier holds one goroutine's buffers for comparing near-miss
// candidates.
type verifier struct {
	df       differ
	tables   tableScratch
	r        *renaming
	vb       []int32 // value index of each token of the second span
	brackets []byte  // the brackets open at a token of the first span
	drift    driftScratch
}

func newVerifier() *verifier { return &verifier{r: newRenaming()} }

// mismatches counts the matched tokens of a and b that differ: names that
// break a consistent renaming (the first pairing of a name wins), and
// values in tables (see inTable) that differ. It calls bad, if not nil,
// with each such token of b.
func (d *detector) mismatches(ver *verifier, a, b span, match []int32, bad func(tb int32)) (names, values int) {
	A, B := d.files[a.file], d.files[b.file]
	at0, _ := d.tokens(a)
	bt0, bt1 := d.tokens(b)
	r := ver.r
	vb := slices.Grow(ver.vb[:0], int(bt1-bt0))[:bt1-bt0]
	ver.vb = vb
	v := B.units[b.first].val0
	for t := bt0; t < bt1; t++ {
		vb[t-bt0] = v
		if hasValue(B.codes[t]) {
			v++
		}
	}
	ownA, ownB := ownName(A, a), ownName(B, b)
	r.reset()
	brackets := ver.brackets[:0]
	va := A.units[a.first].val0
	for x, y := range match {
		t := at0 + int32(x)
		c := A.codes[t]
		switch token.Token(c) {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			brackets = append(brackets, c)
		case token.RPAREN, token.RBRACK, token.RBRACE:
			if n := len(brackets); n > 0 {
				brackets = brackets[:n-1]
			}
		}
		if !hasValue(c) {
			continue
		}
		if y >= 0 && va != ownA && vb[y] != ownB {
			differ := false
			if isName(c) {
				differ = !r.bind(A.vals[va], B.vals[vb[y]])
				names += b2i(differ)
			} else if inTable(A.codes, t, brackets) {
				differ = A.vals[va] != B.vals[vb[y]]
				values += b2i(differ)
			}
			if differ && bad != nil {
				bad(bt0 + y)
			}
		}
		va++
	}
	ver.brackets = brackets
	return names, values
}

// inTable reports whether the literal at codes[t] is an element (or a
// key's value) of a composite literal: the innermost open bracket is a
// brace and a brace, comma or colon comes before it. (A list of values
// returned, assigned or cased in a block looks the same from here, and
// counts too.) Tables of test cases share their shape and differ in their
// values; a copy of one has the same values.
func inTable(codes []byte, t int32, brackets []byte) bool {
	if n := len(brackets); n == 0 || brackets[n-1] != byte(token.LBRACE) || t == 0 {
		return false
	}
	switch token.Token(codes[t-1]) {
	case token.LBRACE, token.COMMA, token.COLON:
		return true
	}
	return false
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func ownName(f *File, s span) int32 {
	if s.first == s.last {
		return f.units[s.first].name
	}
	return -1
}

// nearClasses joins near-miss pairs into classes. Similarity is not
// transitive, so classes are stars: the span with the most near copies and
// those copies, then the same among the spans left. A class's similarity is
// the lowest of its pairs'; classes with more than MaxOccurrences
// fragments are boilerplate, as for exact clones.
func (d *detector) nearClasses(pairs []pair) []Class {
	comps := d.stars(pairs)
	// Each star becomes a class on its own.
	d.verifier(0) // made before the workers ask for theirs
	return d.classesOf(len(comps), func(w, i int) Class {
		return d.nearClass(d.verifier(w), comps[i])
	})
}

// nearClass makes the class of one star, with no fragments when too few
// of its spans stand apart, or too many for MaxOccurrences.
func (d *detector) nearClass(v *verifier, comp component) Class {
	if !d.inFocus(comp.spans) {
		return Class{}
	}
	ss := d.apart(comp.spans)
	if len(ss) < 2 || d.opt.MaxOccurrences > 0 && len(ss) > d.opt.MaxOccurrences {
		return Class{}
	}
	first := ss[0]
	c := Class{
		ID:         d.nearID(ss, comp.shared),
		Kind:       Near,
		Similarity: comp.sim,
	}
	c.Tokens, c.Lines = d.smallest(ss)
	bounds := make([]int, len(ss))
	for i, s := range ss {
		fr := d.fragment(s)
		if i > 0 {
			var names int
			fr.Differs, names, bounds[i] = d.editedLines(v, first, s)
			c.Names = max(c.Names, names)
		}
		c.Fragments = append(c.Fragments, fr)
	}
	d.markDrift(v, &c, ss, bounds)
	if d.oppositeSlips(&c, ss) {
		c.SetDrift()
	}
	return c
}

// nearID is a near class's ID: the blake3 hash of the canonical tokens of
// the copy whose hash is least, so that it names the class whichever copy
// sorts first. It was the first copy's, and a file renamed so that another
// copy came first gave the class a new ID: a baseline then took it for a
// new class, code scanning for new alerts.
//
// A leftover star's class (stars) shares its centre with another
// class, whose least hash may be the centre's too: its hash starts with
// other words.
func (d *detector) nearID(ss []span, shared bool) string {
	prefix := "near\x00"
	if shared {
		prefix = "near-shared\x00"
	}
	var least []byte
	for _, s := range ss {
		h := blake3.New()
		h.Write([]byte(prefix))
		h.Write(d.codes(s))
		if sum := h.Sum(nil); least == nil || bytes.Compare(sum, least) < 0 {
			least = sum
		}
	}
	return hex.EncodeToString(least)
}

// editedLines lists the lines of s that hold tokens not matched in first,
// names that break the renaming or table values that differ, and counts
// the pairs of names s differs from first in (renamedNames); bound is what
// depthBound says of the two, for drift analysis, or -1.
func (d *detector) editedLines(v *verifier, first, s span) (_ []LineRange, names, bound int) {
	ca, cb := d.codes(first), d.codes(s)
	match, ok := v.df.align(ca, cb, len(ca)+len(cb))
	if !ok {
		return nil, 0, -1
	}
	bound = d.depthBound(v, first, s, match)
	names = d.renamedNames(first, s, match)
	f := d.files[s.file]
	t0, _ := d.tokens(s)
	seen := make([]bool, len(cb))
	for _, y := range match {
		if y >= 0 {
			seen[y] = true
		}
	}
	var lines []int
	d.mismatches(v, first, s, match, func(t int32) { seen[t-t0] = false })
	for y, ok := range seen {
		if !ok {
			lines = append(lines, f.tokenLine(t0+int32(y)))
		}
	}
	slices.Sort(lines)
	return lineRanges(lines), names, bound
}

// stars cuts near-miss pairs into star-shaped components, within each
// connected component.
func (d *detector) stars(pairs []pair) []component {
	adj := map[span][]pair{}
	for _, p := range pairs {
		adj[p.a] = append(adj[p.a], p)
		adj[p.b] = append(adj[p.b], p)
	}
	used := map[span]bool{}
	var stars []component
	for _, comp := range d.components(pairs) {
		first := len(stars)
		for c, ok := nextStar(comp.spans, adj, used, false); ok; c, ok = nextStar(comp.spans, adj, used, false) {
			stars = append(stars, c)
		}
		d.joinLeftovers(comp.spans, adj, used, stars[first:])
		// A span no star took and no star joined: its near copies all
		// went to stars centred elsewhere, and it was in no class at all,
		// though go vet, which sees one package, lists it with its twin
		// (afero's zipfs Open, whose twin Stat is in the class of tarfs's
		// Stat). It makes a star with them, centred on the one with most
		// such copies, which is then in two classes, as a fragment of an
		// exact class may be in a near one.
		for c, ok := nextStar(comp.spans, adj, used, true); ok; c, ok = nextStar(comp.spans, adj, used, true) {
			stars = append(stars, c)
		}
	}
	return stars
}

// nextStar takes the next star of spans: its centre is the span with
// most near copies not yet used, the first in spans's order, and those
// copies. The centre is a span not yet used, or with shared one already
// in a star (component.shared).
func nextStar(spans []span, adj map[span][]pair, used map[span]bool, shared bool) (component, bool) {
	center, best := span{}, 0
	for _, s := range spans {
		if used[s] && !shared {
			continue
		}
		n := 0
		for _, p := range adj[s] {
			if !used[other(p, s)] {
				n++
			}
		}
		if n > best {
			center, best = s, n
		}
	}
	if best == 0 {
		return component{}, false
	}
	c := component{spans: []span{center}, sim: 1, shared: shared}
	used[center] = true
	for _, p := range adj[center] {
		if o := other(p, center); !used[o] {
			used[o] = true
			c.spans = append(c.spans, o)
			c.sim = min(c.sim, p.sim)
		}
	}
	return c, true
}

// joinLeftovers puts each span of a component that no star took (its
// near copies all went to a star centred elsewhere) into the star that
// holds most of them, when it is a copy (exact or renamed: findCopies) of
// one of that star's spans, and so as near the centre as that one: a
// function copied beside its near twins, whose copy became the centre,
// was otherwise left out of their class and reported only with its copy
// (two classes sharing a fragment, and the drift of the step it lacks
// said of three copies of four). A star that the spans it would take
// push past MaxOccurrences takes none: a class of too many copies is
// none (nearClass), and the star's own class was lost with them (the
// compiler's bounds-check case, whose five back ends' copies drifted,
// joined by six copies of a case beside it). The test aligns nothing: a
// run that reuses an earlier run's verdicts aligns no pair here either.
func (d *detector) joinLeftovers(spans []span, adj map[span][]pair, used map[span]bool, stars []component) {
	r := newRenaming()
	joins := make([][]span, len(stars))
	for _, s := range spans {
		if used[s] {
			continue
		}
		best, most := -1, 0
		for i, st := range stars {
			n := 0
			for _, p := range adj[s] {
				if slices.Contains(st.spans, other(p, s)) {
					n++
				}
			}
			if n > most {
				best, most = i, n
			}
		}
		if best >= 0 && slices.ContainsFunc(stars[best].spans, func(m span) bool { return d.sameCopy(r, m, s) }) {
			joins[best] = append(joins[best], s)
		}
	}
	for i, js := range joins {
		if most := d.opt.MaxOccurrences; len(js) == 0 || most > 0 && len(stars[i].spans)+len(js) > most {
			continue
		}
		for _, s := range js {
			used[s] = true
		}
		stars[i].spans = append(stars[i].spans, js...)
	}
}

func other(p pair, s span) span {
	if p.a == s {
		return p.b
	}
	return p.a
}
