package fingerprint

import (
	"bytes"
	"cmp"
	"math"
	"slices"
	"sync"
)

// A span is a fragment in the making: units[first..last] of files[file].
type span struct{ file, first, last int32 }

// A pair is two spans with the same canonical tokens whose names are a
// consistent renaming of each other.
type pair struct {
	a, b  span
	exact bool    // names and values are the same too
	sim   float64 // for near-miss pairs, their similarity
}

func (d *detector) tokens(s span) (t0, t1 int32) {
	f := d.files[s.file]
	return f.units[s.first].tok0, f.units[s.last].tok1
}

func (d *detector) codes(s span) []byte {
	t0, t1 := d.tokens(s)
	return d.files[s.file].codes[t0:t1]
}

func (d *detector) lines(s span) int {
	f := d.files[s.file]
	return f.position(f.units[s.last].off1).Line - f.position(f.units[s.first].off0).Line + 1
}

// overlap reports whether two spans share a token.
func (d *detector) overlap(a, b span) bool {
	if a.file != b.file {
		return false
	}
	a0, a1 := d.tokens(a)
	b0, b1 := d.tokens(b)
	return a0 < b1 && b0 < a1
}

// extendAll grows every pair of windows of every seed group into a maximal
// pair and returns the distinct pairs, sorted.
//
// Two long runs of the same statements make a seed of every window along
// them, and each would grow into the same pair: quadratic in the runs'
// length. So the seed pairs are taken diagonal by diagonal (the same two
// blocks at the same offset), in order, and a seed inside a pair already
// grown on its diagonal is skipped: grown, it would stop at the same
// places. A block's end, statements that differ and spans that would
// overlap stop it there wherever growth began; so does the renaming,
// though the seed binds its names in another order: within the pair every
// statement fits the names of all the others, and where the pair stopped
// on the left, the seed, which starts and ends no sooner, has bound all the
// names the pair had bound (a statement that breaks a renaming breaks any
// that holds it); on the right, both have bound the whole pair's names.
// Pairs stopped by the renaming were once not used to skip, and two
// copies of a function of 20,000 statements with one name changed in
// the middle took 58 s to grow (the parse: 0.2 s).
//
// A seed whose two windows lie in blocks nested inside the two spans of
// a pair already grown, which the report's pairs will hold (see
// nestedSeeds), is skipped too: it would grow inside them, into a pair
// that pair dominates, which undominated drops. Copies of a function of
// nested statements make a seed of every level, each window holding
// every level below it (the shortest run of whole statements reaching
// MinTokens), and growing each took time of the square of the depth:
// eight copies of 10,000 levels, 29 s of CPU.
func (d *detector) extendAll(groups [][]ref) []pair {
	seeds, diagonals := d.seedPairs(groups)
	var runs [][2]int
	for i := 0; i < len(seeds); {
		j := i + 1
		for j < len(seeds) && diagonals[j] == diagonals[i] {
			j++
		}
		runs = append(runs, [2]int{i, j})
		i = j
	}
	per := make([][]pair, d.opt.workers())
	exts := make([]*renaming, d.opt.workers())
	tables := make([]tableScratch, d.opt.workers())
	outer := d.newNestedSeeds()
	d.parallel(len(runs), func(w, r int) {
		if exts[w] == nil {
			exts[w] = newRenaming()
		}
		var cover span // the last pair's first span
		covered := false
		n, grew := 0, int64(0)
		for _, sp := range seeds[runs[r][0]:runs[r][1]] {
			wa := d.files[sp[0].file].windows[sp[0].win]
			if covered && cover.first <= wa.first && wa.last <= cover.last {
				continue
			}
			if outer.inside(sp) {
				continue
			}
			n++
			p, ok, a, grown := d.extend(exts[w], sp[0], sp[1])
			if ok {
				per[w] = append(per[w], p)
				// Kept by notTables too: a pair it drops must not
				// stand for those inside it.
				if !d.sameBlock(p.a, p.b) && (p.exact || !d.tableRows(&tables[w], p)) {
					outer.add(p)
				}
			}
			cover, covered = a, grown
			grew += int64(a.last - a.first + 1)
		}
		counter(&d.work.Extensions, int64(n))
		counter(&d.work.Grown, grew)
	})
	pairs := slices.Concat(per...)
	slices.SortFunc(pairs, comparePairs)
	return slices.CompactFunc(pairs, func(x, y pair) bool { return x.a == y.a && x.b == y.b })
}

// nestedSeeds holds pairs grown, by the outermost blocks of their two
// spans (a function declaration, or a block outside any), for extendAll
// to skip the seeds inside them. Only pairs whose spans lie in different
// blocks and that notTables keeps are added: such a pair q is dropped
// only by a pair that holds it, which then holds what q holds. A seed
// whose windows lie in blocks other than q's, inside q's two spans,
// lies in blocks nested inside statements of q's spans, and grows within
// its blocks, so inside q: undominated drops the pair it would grow.
// At most nestedKeep pairs are kept under two blocks, the largest: the
// skip saves work, and a seed not skipped grows as before. Safe for
// concurrent use.
type nestedSeeds struct {
	d  *detector
	mu sync.Mutex
	by map[[4]int32][]placedPair
}

const nestedKeep = 4

func (d *detector) newNestedSeeds() *nestedSeeds {
	d.rootsOnce.Do(func() { d.roots = d.outermostBlocks() })
	return &nestedSeeds{d: d, by: map[[4]int32][]placedPair{}}
}

// add adds a pair grown.
func (x *nestedSeeds) add(p pair) {
	q := x.d.place(p)
	x.mu.Lock()
	defer x.mu.Unlock()
	qs := x.by[q.roots]
	if len(qs) < nestedKeep {
		x.by[q.roots] = append(qs, q)
		return
	}
	small := 0
	for i := range qs {
		if qs[i].a.size() < qs[small].a.size() {
			small = i
		}
	}
	if qs[small].a.size() < q.a.size() {
		qs[small] = q
	}
}

// inside reports whether the seed's two windows lie in blocks other than
// those of a pair added, inside its two spans.
func (x *nestedSeeds) inside(sp [2]ref) bool {
	d := x.d
	at := func(r ref) placedSpan {
		f := d.files[r.file]
		w := f.windows[r.win]
		return placedSpan{file: r.file, block: w.blk, t0: f.units[w.first].tok0, t1: f.units[w.last].tok1}
	}
	a, b := at(sp[0]), at(sp[1])
	roots := [4]int32{a.file, d.roots[a.file][a.block], b.file, d.roots[b.file][b.block]}
	x.mu.Lock()
	defer x.mu.Unlock()
	for _, q := range x.by[roots] {
		if q.a.contains(a) && q.b.contains(b) && q.a.block != a.block && q.b.block != b.block {
			return true
		}
	}
	return false
}

// A diagonal is where a seed pair lies: its files and blocks, packed
// (file<<32 | block), and the offset between its windows, biased so that
// it sorts as a signed number.
type diagonal struct {
	a, b uint64
	off  uint32
}

// seedPairs lists the pairs of windows to grow, each in file and window
// order, sorted by diagonal and then by position along it, with their
// diagonals.
func (d *detector) seedPairs(groups [][]ref) ([][2]ref, []diagonal) {
	var seeds [][2]ref
	for _, g := range groups {
		if len(g) > largeSeed {
			seeds = d.chainPairs(g, seeds)
			continue
		}
		for i := range g {
			for j := i + 1; j < len(g); j++ {
				seeds = append(seeds, [2]ref{g[i], g[j]})
			}
		}
	}
	// Sorted on keys made once: a comparison that looked the windows up
	// was most of the cost with many copies. The key is the diagonal,
	// then the first window's first statement.
	type keyed struct {
		dg    diagonal
		first int32
		sp    [2]ref
	}
	pack := func(hi, lo int32) uint64 { return uint64(uint32(hi))<<32 | uint64(uint32(lo)) }
	at := d.seedWindows(seeds)
	ks := make([]keyed, len(seeds))
	for i, sp := range seeds {
		wa, wb := at[2*i], at[2*i+1]
		dg := diagonal{pack(sp[0].file, wa.blk), pack(sp[1].file, wb.blk), uint32(wb.first-wa.first) ^ 1<<31}
		ks[i] = keyed{dg, wa.first, sp}
	}
	slices.SortFunc(ks, func(x, y keyed) int {
		return cmp.Or(cmp.Compare(x.dg.a, y.dg.a), cmp.Compare(x.dg.b, y.dg.b), cmp.Compare(x.dg.off, y.dg.off), cmp.Compare(x.first, y.first))
	})
	diagonals := make([]diagonal, len(ks))
	for i, k := range ks {
		seeds[i], diagonals[i] = k.sp, k.dg
	}
	return seeds, diagonals
}

// A windowAt is where a window lies: its block and first statement.
type windowAt struct{ blk, first int32 }

// seedWindows returns where the windows of the seed pairs lie, two for
// each pair, looked up file by file: in the pairs' order (the order of
// their fingerprints) the looks jump between files, which on a large
// tree whose tables are paged (see Options.Scratch) is a read from the
// disk each. The refs are sorted by file alone, as file<<32 | index,
// which a radix sort takes at once.
func (d *detector) seedWindows(seeds [][2]ref) []windowAt {
	at := make([]windowAt, 2*len(seeds))
	look := func(i int) {
		r := seeds[i/2][i%2]
		w := d.files[r.file].windows[r.win]
		at[i] = windowAt{w.blk, w.first}
	}
	if len(at) > math.MaxUint32 {
		for i := range at {
			look(i)
		}
		return at
	}
	order, free := d.keys(len(at))
	defer free()
	for i, sp := range seeds {
		order = append(order, uint64(uint32(sp[0].file))<<32|uint64(2*i), uint64(uint32(sp[1].file))<<32|uint64(2*i+1))
	}
	d.sortKeys(order)
	for _, k := range order {
		look(int(uint32(k)))
	}
	return at
}

// largeSeed is the number of copies of a window past which its copies
// are grown along a chain rather than pairwise: n copies would cost n²
// extensions and as many pairs. At the default -max-occurrences no seed
// is that large.
const largeSeed = 32

// chainPairs appends the pairs to grow among the copies of one window
// with more than largeSeed copies: sorted by the statements around them
// (contextKey), each copy is paired with the copy before it and with the
// first of its run of copies with the same context. Copies in the same
// context grow into the same pair as they would pairwise, and the chain
// joins them all into one class; what it gives up is the clone larger
// than the window shared by two copies that the sort did not put side by
// side.
func (d *detector) chainPairs(g []ref, out [][2]ref) [][2]ref {
	d.work.LargeSeeds++
	type keyed struct {
		key [2 * contextSize]uint64
		r   ref
	}
	ks := make([]keyed, len(g))
	for i, r := range g {
		ks[i] = keyed{d.contextKey(r), r}
	}
	slices.SortFunc(ks, func(x, y keyed) int {
		return cmp.Or(slices.Compare(x.key[:], y.key[:]), compareRefs(x.r, y.r))
	})
	ordered := func(x, y ref) [2]ref {
		if compareRefs(x, y) > 0 {
			x, y = y, x
		}
		return [2]ref{x, y}
	}
	head := 0
	for i := 1; i < len(ks); i++ {
		if ks[i].key != ks[head].key {
			head = i
		}
		out = append(out, ordered(ks[i-1].r, ks[i].r))
		if head < i-1 {
			out = append(out, ordered(ks[head].r, ks[i].r))
		}
	}
	return out
}

func compareRefs(x, y ref) int {
	return cmp.Or(cmp.Compare(x.file, y.file), cmp.Compare(x.win, y.win))
}

// contextSize is the number of statements on each side of a window that
// order the copies of a large seed.
const contextSize = 4

// contextKey lists the canonical hashes of the contextSize statements
// before a window, nearest first, then of those after it (0 past the
// block's ends).
func (d *detector) contextKey(r ref) (key [2 * contextSize]uint64) {
	f := d.files[r.file]
	w := f.windows[r.win]
	b := f.blocks[w.blk]
	for k := range int32(contextSize) {
		if i := w.first - 1 - k; i >= b.first {
			key[k] = f.units[i].hash
		}
		if i := w.last + 1 + k; i < b.last {
			key[contextSize+k] = f.units[i].hash
		}
	}
	return key
}

func compareSpans(x, y span) int {
	return cmp.Or(cmp.Compare(x.file, y.file), cmp.Compare(x.first, y.first), cmp.Compare(x.last, y.last))
}

func comparePairs(x, y pair) int {
	return cmp.Or(compareSpans(x.a, y.a), compareSpans(x.b, y.b))
}

// extend grows the windows ra and rb, which have the same canonical
// tokens, statement by statement in both directions for as long as the
// statements match, the names stay a consistent renaming, and the two
// spans stay apart.
//
// It also returns the span grown from ra, and whether it grew: false
// when the windows themselves overlap or break the renaming, which a
// window inside one of them may not (see extendAll).
func (d *detector) extend(e *renaming, ra, rb ref) (p pair, ok bool, a span, grown bool) {
	A, B := d.files[ra.file], d.files[rb.file]
	wa, wb := A.windows[ra.win], B.windows[rb.win]
	a = span{ra.file, wa.first, wa.last}
	b := span{rb.file, wb.first, wb.last}
	if d.overlap(a, b) {
		return pair{}, false, a, false
	}
	e.reset()
	for k := int32(0); k <= wa.last-wa.first; k++ {
		if !e.add(A, wa.first+k, B, wb.first+k) {
			return pair{}, false, a, false
		}
	}
	ba, bb := A.blocks[wa.blk], B.blocks[wb.blk]
	for a.first > ba.first && b.first > bb.first {
		na, nb := span{a.file, a.first - 1, a.last}, span{b.file, b.first - 1, b.last}
		if !joinable(A, na.first, B, nb.first) || d.overlap(na, nb) || !e.add(A, na.first, B, nb.first) {
			break
		}
		a, b = na, nb
	}
	for a.last+1 < ba.last && b.last+1 < bb.last {
		na, nb := span{a.file, a.first, a.last + 1}, span{b.file, b.first, b.last + 1}
		if !joinable(A, na.last, B, nb.last) || d.overlap(na, nb) || !e.add(A, na.last, B, nb.last) {
			break
		}
		a, b = na, nb
	}
	if !bytes.Equal(d.codes(a), d.codes(b)) {
		return pair{}, false, a, true // a span-hash collision
	}
	if d.lines(a) < d.opt.MinLines || d.lines(b) < d.opt.MinLines {
		return pair{}, false, a, true
	}
	if wa.blk == wb.blk && ra.file == rb.file && (A.test || A.blocks[wa.blk].cases) {
		return pair{}, false, a, true // a table written out by hand: test rows, switch cases
	}
	x, y := a, b
	a0, _ := d.tokens(a)
	b0, _ := d.tokens(b)
	if a.file > b.file || a.file == b.file && a0 > b0 {
		x, y = b, a
	}
	return pair{a: x, b: y, exact: e.exact}, true, a, true
}

// joinable reports whether two statements may extend a pair: the same
// canonical hash, and neither suppressed.
func joinable(A *File, i int32, B *File, j int32) bool {
	ua, ub := &A.units[i], &B.units[j]
	return ua.hash == ub.hash && !A.ignoredIn(ua.tok0, ua.tok1) && !B.ignoredIn(ub.tok0, ub.tok1)
}

// A renaming is a bijection between the names of two spans, built one
// statement at a time. Most spans have a few dozen names at most, so the
// first smallRenaming pairs are searched in a slice, which costs less
// than hashing; pairs beyond them are also kept in maps.
//
// While the two spans are the same (exact), their statements' names are
// not bound: each would be bound to itself, and binding them was most of
// the cost of growing exact copies. The statements are kept, and their
// names bound only when a statement whose names or values differ comes
// (see bindSame), so that the renaming is then what binding each
// statement in turn would have made; should that statement not fit, the
// names are unbound again.
type renaming struct {
	pairs    []namePair        // every pair, in the order bound; none while exact
	fwd, bwd map[uint64]uint64 // pairs[smallRenaming:], both ways
	exact    bool              // no name or value differs so far
	same     [][2]int32        // the statements added while exact, all the same in A and B
	a, b     *File             // the files of same
}

type namePair struct{ x, y uint64 }

const smallRenaming = 32

func newRenaming() *renaming {
	return &renaming{fwd: map[uint64]uint64{}, bwd: map[uint64]uint64{}}
}

func (r *renaming) reset() {
	r.undo(0)
	r.exact = true
	r.same = r.same[:0]
}

// undo forgets the pairs bound since there were mark of them.
func (r *renaming) undo(mark int) {
	for _, p := range r.pairs[min(max(mark, smallRenaming), len(r.pairs)):] {
		delete(r.fwd, p.x)
		delete(r.bwd, p.y)
	}
	r.pairs = r.pairs[:min(mark, len(r.pairs))]
}

// add extends the bijection with statement i of A against statement j of
// B. It reports false, and leaves the renaming as it was, if their codes
// differ or a name would map to two names. A function's own name is left
// out: a copied function is usually renamed while its body still uses the
// old name for other things.
func (r *renaming) add(A *File, i int32, B *File, j int32) bool {
	if !r.exact {
		return r.bind1(A, i, B, j)
	}
	switch sameStatement(A, i, B, j) {
	case stmtCodesDiffer:
		return false
	case stmtSame:
		r.same, r.a, r.b = append(r.same, [2]int32{i, j}), A, B
		return true
	}
	r.bindSame()
	if !r.bind1(A, i, B, j) {
		r.undo(0) // still exact: the same statements, unbound
		return false
	}
	return true // a name or a value differs: no longer exact
}

// bindSame binds the names of the statements added while the spans were
// the same, in the order they were added.
func (r *renaming) bindSame() {
	for _, s := range r.same {
		r.bind1(r.a, s[0], r.b, s[1]) // each name to itself: it holds
	}
}

// Outcomes of sameStatement.
const (
	stmtSame         = iota // the same codes, names and values
	stmtCodesDiffer         // the canonical tokens differ
	stmtValuesDiffer        // the same codes; a name or a value differs
)

// sameStatement compares statement i of A with statement j of B as add
// does, leaving out a function's own name.
func sameStatement(A *File, i int32, B *File, j int32) int {
	ua, ub := &A.units[i], &B.units[j]
	ca, cb := A.codes[ua.tok0:ua.tok1], B.codes[ub.tok0:ub.tok1]
	if !bytes.Equal(ca, cb) {
		return stmtCodesDiffer
	}
	va, vb := ua.val0, ub.val0
	for _, c := range ca {
		if !hasValue(c) {
			continue
		}
		if A.vals[va] != B.vals[vb] && va != ua.name && vb != ub.name {
			return stmtValuesDiffer
		}
		va, vb = va+1, vb+1
	}
	return stmtSame
}

// bind1 is add once the names are bound.
func (r *renaming) bind1(A *File, i int32, B *File, j int32) bool {
	ua, ub := &A.units[i], &B.units[j]
	ca, cb := A.codes[ua.tok0:ua.tok1], B.codes[ub.tok0:ub.tok1]
	if len(ca) != len(cb) {
		return false
	}
	mark, exact := len(r.pairs), r.exact
	va, vb := ua.val0, ub.val0
	for t, c := range ca {
		if cb[t] != c {
			r.undo(mark)
			r.exact = exact
			return false
		}
		if !hasValue(c) {
			continue
		}
		x, y := A.vals[va], B.vals[vb]
		own := va == ua.name || vb == ub.name
		va, vb = va+1, vb+1
		if own {
			continue
		}
		if x != y {
			r.exact = false
		}
		if isName(c) && !r.bind(x, y) {
			r.undo(mark)
			r.exact = exact
			return false
		}
	}
	return true
}

// bind maps x to y, unless x is mapped to another name or y from another
// name; it reports whether the renaming holds.
func (r *renaming) bind(x, y uint64) bool {
	for _, p := range r.pairs[:min(len(r.pairs), smallRenaming)] {
		if p.x == x {
			return p.y == y
		}
		if p.y == y {
			return false
		}
	}
	if len(r.pairs) > smallRenaming {
		if m, ok := r.fwd[x]; ok {
			return m == y
		}
		if _, ok := r.bwd[y]; ok {
			return false
		}
	}
	if len(r.pairs) >= smallRenaming {
		r.fwd[x], r.bwd[y] = y, x
	}
	r.pairs = append(r.pairs, namePair{x, y})
	return true
}
