package fingerprint

import (
	"cmp"
	"encoding/binary"
	"encoding/hex"
	"math"
	"slices"

	"github.com/copycat-go/copycat/internal/disjoint"
	"github.com/zeebo/blake3"
)

// A component is a connected set of spans: pairs that share a span are
// copies of the same content, so each component is one class.
type component struct {
	spans []span
	exact bool    // every pair is exact
	sim   float64 // the lowest similarity of its pairs
	// shared: the near star's centre is also in another star (a
	// leftover star: stars)
	shared bool
}

// components joins pairs into connected sets of spans, in the order of
// their first pair.
func (d *detector) components(pairs []pair) []component {
	var sets disjoint.Sets[span]
	for _, p := range pairs {
		sets.Union(sets.ID(p.a), sets.ID(p.b))
	}
	comps := map[int32]*component{}
	var order []*component
	for _, p := range pairs {
		r := sets.Find(sets.ID(p.a))
		c := comps[r]
		if c == nil {
			c = &component{exact: true, sim: 1}
			comps[r] = c
			order = append(order, c)
		}
		c.exact = c.exact && p.exact
		if p.sim > 0 {
			c.sim = min(c.sim, p.sim)
		}
	}
	for i, s := range sets.Keys() {
		c := comps[sets.Find(int32(i))]
		c.spans = append(c.spans, s)
	}
	out := make([]component, len(order))
	for i, c := range order {
		out[i] = *c
	}
	return out
}

// exactClasses turns exact and renamed pairs into classes.
func (d *detector) exactClasses(pairs []pair) []Class {
	comps := d.components(pairs)
	return d.classesOf(len(comps), func(_, i int) Class {
		if !d.inFocus(comps[i].spans) {
			return Class{}
		}
		if ss := d.apart(comps[i].spans); len(ss) >= 2 {
			return d.newClass(ss, comps[i].exact)
		}
		return Class{}
	})
}

// declaresParam reports whether token t names a parameter or the
// receiver of sg, by a binary search of its names (rising): a function
// of 100,000 parameters under a large -min-tokens asks for each of its
// tokens.
func declaresParam(sg signature, t int32) bool {
	_, found := slices.BinarySearch(sg.names, t)
	return found || slices.Contains(sg.recv, t)
}

// plainPastes drops from pairs the renamed pairs under MinTokens (a
// function copied whole, see cutWindows' WholeFuncLines) that are not
// plain pastes (pasted). Judged a pair at a time, not a class at a time,
// so that a run over some of the files (the editor's, after an edit)
// keeps the pairs a run over all keeps.
func (d *detector) plainPastes(pairs []pair) []pair {
	return slices.DeleteFunc(pairs, func(p pair) bool {
		t0, t1 := d.tokens(p.a)
		return !p.exact && int(t1-t0) < d.opt.MinTokens && !d.pasted(p.a, p.b)
	})
}

// pasted reports whether renamed copies a and b are a plain paste: they
// differ only in names both declare (their receivers, parameters and
// locals, and their own names), every literal alike. Two functions that
// differ in a field, a helper or a constant they name, or in a message,
// are parallel variants (a setter per field, a constructor per option):
// of 23 such classes read blind, 2 were worth acting on (reading 84), and
// of 12 with their messages changed, none (reading 85).
func (d *detector) pasted(a, b span) bool {
	return d.literalsAlike(a, b) && d.undeclaredNames(a, b, nil, true) == 0
}

// literalsAlike reports whether renamed copies a and b hold the same
// literals, in order.
func (d *detector) literalsAlike(a, b span) bool {
	var lits []uint64
	d.eachValue(a, func(_ int32, c byte, v uint64) {
		if !isName(c) {
			lits = append(lits, v)
		}
	})
	i, alike := 0, true
	d.eachValue(b, func(_ int32, c byte, v uint64) {
		if !isName(c) {
			alike = alike && i < len(lits) && lits[i] == v
			i++
		}
	})
	return alike && i == len(lits)
}

// classesOf makes n classes, the i-th by class(worker, i), on all CPUs,
// kept in order; those without fragments are dropped.
func (d *detector) classesOf(n int, class func(w, i int) Class) []Class {
	out := make([]Class, n)
	d.parallel(n, func(w, i int) { out[i] = class(w, i) })
	return slices.DeleteFunc(out, func(c Class) bool { return c.Fragments == nil })
}

// notDominatedBy drops the pairs that lie inside a pair of by: an exact
// run inside two near-miss copies is part of that near-miss class.
func (d *detector) notDominatedBy(pairs, by []pair) []pair {
	x := d.newPairIndex(false)
	for _, q := range by {
		x.add(d.place(q))
	}
	kept := pairs[:0:0]
	for _, p := range pairs {
		if !x.dominated(d.place(p)) {
			kept = append(kept, p)
		}
	}
	return kept
}

// undominated drops every pair whose two spans lie inside the two spans of
// a larger pair: the copied half of a copied function is not news.
// sameSize says that the two spans of every pair have the same tokens
// (exact and renamed pairs), which lets the index look closer.
//
// What the test needs of each pair from its files (its spans' tokens and
// blocks, see placedPair) is looked up once, in the pairs' order, which is
// the order of their first spans' files: taken in order of size, and again
// for every pair a pair is tested against, the looks would jump between
// files, which on a large tree whose tables are paged (see
// Options.Scratch) is a read from the disk each.
func (d *detector) undominated(pairs []pair, sameSize bool) []pair {
	x := d.newPairIndex(sameSize)
	placed := make([]placedPair, len(pairs))
	for i, p := range pairs {
		placed[i] = d.place(p)
	}
	order := largestFirst(placed)
	keep, n := make([]bool, len(pairs)), 0
	for _, k := range order {
		i := uint32(k)
		if !x.dominated(placed[i]) {
			keep[i], n = true, n+1
			x.add(placed[i])
		}
	}
	if n == 0 {
		return nil
	}
	kept := make([]pair, 0, n)
	if strictlySorted(pairs) {
		// The pairs kept, in the pairs' order, are sorted, and no two
		// compare equal: the one order sorting them gives.
		for i, p := range pairs {
			if keep[i] {
				kept = append(kept, p)
			}
		}
		return kept
	}
	for _, k := range order {
		if keep[uint32(k)] {
			kept = append(kept, pairs[uint32(k)])
		}
	}
	slices.SortFunc(kept, comparePairs)
	return kept
}

// strictlySorted reports whether each pair sorts before the next (see
// comparePairs): both callers of undominated sort their pairs, and
// extendAll drops those with the same spans.
func strictlySorted(pairs []pair) bool {
	for i := 1; i < len(pairs); i++ {
		if comparePairs(pairs[i-1], pairs[i]) >= 0 {
			return false
		}
	}
	return true
}

// largestFirst orders the placed pairs by the size of their first spans,
// largest first and in their order on a tie (a stable sort): each pair's
// key is its size, complemented, over its index, in its low 32 bits. The
// keys sort as numbers, which cost less than a stable sort of the placed
// pairs (0.23 s of CPU in 20 detection runs over the standard library).
func largestFirst(placed []placedPair) []uint64 {
	keys := make([]uint64, len(placed))
	for i, p := range placed {
		keys[i] = uint64(math.MaxInt32-p.a.size())<<32 | uint64(i)
	}
	slices.Sort(keys)
	return keys
}

// A placedSpan is what the dominance test asks of a span: its file, its
// tokens and its block.
type placedSpan struct{ file, t0, t1, block int32 }

// A placedPair is a pair's two spans, placed, and their outermost blocks
// (see pairIndex).
type placedPair struct {
	a, b  placedSpan
	roots [4]int32 // file and outermost block of a, then of b
}

func (d *detector) placeSpan(s span) placedSpan {
	t0, t1 := d.tokens(s)
	return placedSpan{s.file, t0, t1, int32(d.files[s.file].blockOf(s.first))}
}

func (d *detector) place(p pair) placedPair {
	d.rootsOnce.Do(func() { d.roots = d.outermostBlocks() })
	a, b := d.placeSpan(p.a), d.placeSpan(p.b)
	return placedPair{a, b, [4]int32{a.file, d.roots[a.file][a.block], b.file, d.roots[b.file][b.block]}}
}

// sameBlock reports whether two spans are runs of the same block.
func (d *detector) sameBlock(x, y span) bool {
	return x.file == y.file && d.files[x.file].blockOf(x.first) == d.files[y.file].blockOf(y.first)
}

func (x placedSpan) size() int32 { return x.t1 - x.t0 }

func (x placedSpan) contains(y placedSpan) bool {
	return x.file == y.file && x.t0 <= y.t0 && y.t1 <= x.t1
}

func (x placedSpan) overlaps(y placedSpan) bool {
	return x.file == y.file && x.t0 < y.t1 && y.t0 < x.t1
}

func (x placedSpan) sameBlock(y placedSpan) bool {
	return x.file == y.file && x.block == y.block
}

// dominates reports whether q stands for p. Inside one block, a run of
// statements repeated three times or more matches itself at several
// shifts; there a larger pair whose spans overlap the smaller pair's spans
// stands for it, so the repetition is reported once.
func (q placedPair) dominates(p placedPair) bool {
	if q.a.contains(p.a) && q.b.contains(p.b) || q.a.contains(p.b) && q.b.contains(p.a) {
		return true
	}
	return q.a.sameBlock(q.b) && q.a.sameBlock(p.a) && p.a.sameBlock(p.b) &&
		(q.a.overlaps(p.a) && q.b.overlaps(p.b) || q.a.overlaps(p.b) && q.b.overlaps(p.a))
}

// A pairIndex holds pairs by the outermost blocks (see detector.roots)
// of their two spans: a pair can only dominate another whose spans lie in
// the same outermost blocks, so a pair is tested against those alone,
// not against every pair of its files.
//
// A fine index also splits them by where their first span lies, in
// slices of stripe tokens, for the many pairs inside one long function.
// It serves pairs added largest first whose two spans have the same
// size: a pair q that dominates p has a first span that overlaps one of
// p's spans (see dominates), and being no smaller, it holds that span's
// first or last token; so p need look only at the slices of those.
type pairIndex struct {
	d    *detector
	fine bool
	by   map[pairKey][]placedPair
}

type pairKey struct {
	roots  [4]int32 // file and outermost block of the first span, then of the second
	stripe int32    // for a fine index, the slice of the first span's tokens
}

const stripe = 128

func (d *detector) newPairIndex(fine bool) *pairIndex {
	return &pairIndex{d: d, fine: fine, by: map[pairKey][]placedPair{}}
}

// add adds q.
func (x *pairIndex) add(q placedPair) {
	k := pairKey{roots: q.roots}
	if !x.fine {
		x.by[k] = append(x.by[k], q)
		return
	}
	for k.stripe = q.a.t0 / stripe; k.stripe <= (q.a.t1-1)/stripe; k.stripe++ {
		x.by[k] = append(x.by[k], q)
	}
}

// dominated reports whether a pair added dominates p.
func (x *pairIndex) dominated(p placedPair) bool {
	k := p.roots
	if x.near(k, p.a, p) {
		return true
	}
	if p.a.file != p.b.file {
		return false
	}
	// A pair of one file may hold p crosswise: its first span around
	// p's second.
	if r := [4]int32{k[2], k[3], k[0], k[1]}; r != k || x.fine {
		return x.near(r, p.b, p)
	}
	return false
}

// near reports whether a pair under roots, near s (for a fine index: whose
// first span may overlap s), dominates p.
func (x *pairIndex) near(roots [4]int32, s placedSpan, p placedPair) bool {
	dominates := func(q placedPair) bool { return q.dominates(p) }
	if !x.fine {
		qs := x.by[pairKey{roots: roots}]
		counter(&x.d.work.Dominance, int64(len(qs)))
		return slices.ContainsFunc(qs, dominates)
	}
	for _, st := range [2]int32{s.t0 / stripe, (s.t1 - 1) / stripe} {
		qs := x.by[pairKey{roots, st}]
		counter(&x.d.work.Dominance, int64(len(qs)))
		if slices.ContainsFunc(qs, dominates) {
			return true
		}
	}
	return false
}

// outermostBlocks returns, for each block of each file, the index of the
// outermost block around it (itself if none): a function declaration or
// a block outside any function. Blocks come in the walk's order, a block
// before those inside it.
func (d *detector) outermostBlocks() [][]int32 {
	roots := make([][]int32, len(d.files))
	for fi, f := range d.files {
		rs := make([]int32, len(f.blocks))
		root, end := int32(-1), int32(-1)
		for bi, b := range f.blocks {
			t0, t1 := f.units[b.first].tok0, f.units[b.last-1].tok1
			if root < 0 || t0 >= end {
				root, end = int32(bi), t1
			}
			rs[bi] = root
		}
		roots[fi] = rs
	}
	return roots
}

// apart sorts a class's spans and drops any that overlaps an earlier one:
// a fragment never overlaps its own copy.
func (d *detector) apart(ss []span) []span {
	type keyed struct {
		t0 int32 // the span's first token, looked up once
		s  span
	}
	ks := make([]keyed, len(ss))
	for i, s := range ss {
		ks[i].t0, _ = d.tokens(s)
		ks[i].s = s
	}
	slices.SortFunc(ks, func(x, y keyed) int {
		return cmp.Or(cmp.Compare(x.s.file, y.s.file), cmp.Compare(x.t0, y.t0))
	})
	for i, k := range ks {
		ss[i] = k.s
	}
	kept := ss[:0]
	for _, s := range ss {
		if n := len(kept); n > 0 && d.overlap(kept[n-1], s) {
			continue
		}
		kept = append(kept, s)
	}
	return kept
}

func (d *detector) newClass(ss []span, exact bool) Class {
	first := ss[0]
	c := Class{
		ID:         d.classID(first),
		Kind:       Renamed,
		Similarity: 1,
	}
	c.Tokens, c.Lines = d.smallest(ss)
	if exact {
		c.Kind = Exact
	}
	for i, s := range ss {
		fr := d.fragment(s)
		if i > 0 && !exact {
			fr.Differs = d.valueDiffs(first, s)
			c.Names = max(c.Names, d.renamedNames(first, s, nil))
		}
		c.Fragments = append(c.Fragments, fr)
	}
	switch {
	case !exact:
		d.markRenamedSlips(&c, ss)
	case d.oppositeSlips(&c, ss):
		c.SetDrift()
	}
	return c
}

// smallest returns the fewest tokens and the fewest lines of the copies
// ss: a class's size, whichever copy's file name sorts first (it was the
// first copy's, so renaming a file changed the size a near class was
// said to have).
func (d *detector) smallest(ss []span) (tokens, lines int) {
	tokens, lines = len(d.codes(ss[0])), d.lines(ss[0])
	for _, s := range ss[1:] {
		tokens, lines = min(tokens, len(d.codes(s))), min(lines, d.lines(s))
	}
	return tokens, lines
}

func (d *detector) fragment(s span) Fragment {
	f := d.files[s.file]
	return Fragment{
		File:   f.Name,
		Start:  f.position(f.units[s.first].off0),
		End:    f.position(f.units[s.last].off1),
		Tokens: len(d.codes(s)),
	}
}

// classID is the blake3 hash of a span's canonical tokens and of the
// pattern of its names (each name replaced by the index of its first
// use), so that the ID survives moves, reformatting and renaming, but two
// inconsistent renamings of one shape get different IDs.
func (d *detector) classID(s span) string {
	names := valTables.Get().(*valTable)
	defer valTables.Put(names)
	names.reset(0)
	codes := d.codes(s)
	b := append(make([]byte, 0, 2*len(codes)), codes...)
	d.eachValue(s, func(_ int32, c byte, v uint64) {
		if isName(c) {
			b = binary.LittleEndian.AppendUint32(b, names.number(v))
		}
	})
	sum := blake3.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// eachValue calls fn for each token of s that carries a name or value,
// except a function's own name, with the token's index, code and value.
func (d *detector) eachValue(s span, fn func(tok int32, c byte, v uint64)) {
	t0, t1 := d.tokens(s)
	d.valuesIn(s, t0, t1, d.files[s.file].units[s.first].val0, fn)
}

// valuesIn is eachValue of tokens [t0, t1) of s, the first value at or
// after t0 the file's v-th.
func (d *detector) valuesIn(s span, t0, t1, v int32, fn func(tok int32, c byte, v uint64)) {
	f := d.files[s.file]
	own := int32(-1)
	if s.first == s.last {
		own = f.units[s.first].name
	}
	d.readTokens(t1 - t0)
	for t := t0; t < t1; t++ {
		c := f.codes[t]
		if !hasValue(c) {
			continue
		}
		if v != own {
			fn(t, c, f.vals[v])
		}
		v++
	}
}

// valueDiffs lists the lines of s whose names or values differ from those
// of first, which has the same canonical tokens.
func (d *detector) valueDiffs(first, s span) []LineRange {
	var want []uint64
	d.eachValue(first, func(_ int32, _ byte, v uint64) { want = append(want, v) })
	f := d.files[s.file]
	var lines []int
	i := 0
	d.eachValue(s, func(t int32, _ byte, v uint64) {
		if i < len(want) && want[i] != v {
			lines = append(lines, f.tokenLine(t))
		}
		i++
	})
	return lineRanges(lines)
}

// renamedNames counts the distinct pairs of names in which s differs from
// first over their matched tokens (match[x] is the token of s matched to
// first's x-th, or -1; nil matches them in order, as in renamed copies):
// the names a function both copies could call instead would take as
// parameters, at most. A copied function's own name is not counted, nor
// a local both copies declare at one place (x := …, var x): counting
// them too ordered the labelled classes as well (0.768 against 0.772),
// but a paste with its locals renamed needs no parameter for them. In
// near copies the alignment of canonical tokens (editedLines) may pair
// the names around an edit with each other, so that copies edited in
// many places count more: read blind, that count told actionable
// classes from benign ones better (77 times in 100 against 71 counted
// with the edits taken out, as drift alignment does; see report.worth).
// Copies that differ in more names were less often worth sharing:
// variants written once per type, field or endpoint.
func (d *detector) renamedNames(first, s span, match []int32) int {
	return d.undeclaredNames(first, s, match, false)
}

// undeclaredNames is renamedNames, and with params counts as declared a
// pair of names that both copies' signatures name as a parameter or a
// receiver (a function pasted whole takes them with it: pasted).
func (d *detector) undeclaredNames(first, s span, match []int32, params bool) int {
	var pa, pb signature
	if params {
		pa, _ = d.params(first)
		pb, _ = d.params(s)
	}
	// Each pair of names matched, and whether both declare a local there
	// (x := …, var x): the renamings of locals, which a shared function
	// needs no parameter for.
	type pair struct {
		x, y  uint64
		local bool
	}
	var pairs []pair
	fa, fb := d.files[first.file], d.files[s.file]
	a0, _ := d.tokens(first)
	b0, b1 := d.tokens(s)
	valB, isB := make([]uint64, b1-b0), make([]bool, b1-b0)
	d.eachValue(s, func(t int32, c byte, v uint64) {
		if isName(c) {
			valB[t-b0], isB[t-b0] = v, true
		}
	})
	sa, sb := d.sitesOf(fa), d.sitesOf(fb)
	defer sa.done()
	defer sb.done()
	d.eachValue(first, func(t int32, c byte, x uint64) {
		y := t - a0 // renamed copies: the same canonical tokens
		if match != nil {
			y = match[y]
		}
		if isName(c) && y >= 0 && int(y) < len(isB) && isB[y] && valB[y] != x {
			local := sa.declaresAt(t) && sb.declaresAt(b0+y) || params && declaresParam(pa, t) && declaresParam(pb, b0+y)
			pairs = append(pairs, pair{x, valB[y], local})
		}
	})
	slices.SortFunc(pairs, func(p, q pair) int { return cmp.Or(cmp.Compare(p.x, q.x), cmp.Compare(p.y, q.y)) })
	n := 0
	for i := 0; i < len(pairs); {
		j, local := i, false
		for ; j < len(pairs) && pairs[j].x == pairs[i].x && pairs[j].y == pairs[i].y; j++ {
			local = local || pairs[j].local
		}
		if !local {
			n++
		}
		i = j
	}
	return n
}

// lineRanges folds sorted line numbers into ranges of consecutive lines.
func lineRanges(lines []int) []LineRange {
	var rs []LineRange
	for _, l := range lines {
		if n := len(rs); n > 0 && l <= rs[n-1].End+1 {
			rs[n-1].End = max(rs[n-1].End, l)
			continue
		}
		rs = append(rs, LineRange{l, l})
	}
	return rs
}
