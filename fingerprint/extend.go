package fingerprint

import (
	"bytes"
	"cmp"
	"slices"
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

// contains reports whether span x contains span y.
func (d *detector) contains(x, y span) bool {
	if x.file != y.file {
		return false
	}
	x0, x1 := d.tokens(x)
	y0, y1 := d.tokens(y)
	return x0 <= y0 && y1 <= x1
}

// extendAll grows every pair of windows of every seed group into a maximal
// pair and returns the distinct pairs, sorted.
func (d *detector) extendAll(groups [][]ref) []pair {
	per := make([][]pair, d.opt.workers())
	exts := make([]*renaming, d.opt.workers())
	d.parallel(len(groups), func(w, gi int) {
		if exts[w] == nil {
			exts[w] = newRenaming()
		}
		g := groups[gi]
		if len(g) > largeSeed {
			per[w] = d.extendChain(exts[w], g, per[w])
			return
		}
		for i := range g {
			for j := i + 1; j < len(g); j++ {
				if p, ok := d.extend(exts[w], g[i], g[j]); ok {
					per[w] = append(per[w], p)
				}
			}
		}
		counter(&d.work.Extensions, int64(len(g)*(len(g)-1)/2))
	})
	pairs := slices.Concat(per...)
	slices.SortFunc(pairs, comparePairs)
	return slices.CompactFunc(pairs, func(x, y pair) bool { return x.a == y.a && x.b == y.b })
}

// largeSeed is the number of copies of a window past which its copies
// are grown along a chain rather than pairwise: n copies would cost n²
// extensions and as many pairs. At the default -max-occurrences no seed
// is that large.
const largeSeed = 32

// extendChain grows the copies of one window in linear time: sorted by
// the statements around them (contextKey), each copy is grown against the
// copy before it and against the first of its run of copies with the same
// context. Copies in the same context grow into the same pair as they
// would pairwise, and the chain joins them all into one class; what it
// gives up is the clone larger than the window shared by two copies that
// the sort did not put side by side.
func (d *detector) extendChain(e *renaming, g []ref, out []pair) []pair {
	counter(&d.work.LargeSeeds, 1)
	type keyed struct {
		key [2 * contextSize]uint64
		r   ref
	}
	ks := make([]keyed, len(g))
	for i, r := range g {
		ks[i] = keyed{d.contextKey(r), r}
	}
	slices.SortFunc(ks, func(x, y keyed) int {
		return cmp.Or(slices.Compare(x.key[:], y.key[:]), cmp.Compare(x.r.file, y.r.file), cmp.Compare(x.r.win, y.r.win))
	})
	head := 0
	for i := 1; i < len(ks); i++ {
		if ks[i].key != ks[head].key {
			head = i
		}
		if p, ok := d.extend(e, ks[i-1].r, ks[i].r); ok {
			out = append(out, p)
		}
		if head < i-1 {
			if p, ok := d.extend(e, ks[head].r, ks[i].r); ok {
				out = append(out, p)
			}
		}
	}
	counter(&d.work.Extensions, int64(2*len(ks)))
	return out
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
func (d *detector) extend(e *renaming, ra, rb ref) (pair, bool) {
	A, B := d.files[ra.file], d.files[rb.file]
	wa, wb := A.windows[ra.win], B.windows[rb.win]
	a, b := span{ra.file, wa.first, wa.last}, span{rb.file, wb.first, wb.last}
	if d.overlap(a, b) {
		return pair{}, false
	}
	e.reset()
	for k := int32(0); k <= wa.last-wa.first; k++ {
		if !e.add(A, wa.first+k, B, wb.first+k) {
			return pair{}, false
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
		return pair{}, false // a span-hash collision
	}
	if d.lines(a) < d.opt.MinLines || d.lines(b) < d.opt.MinLines {
		return pair{}, false
	}
	if wa.blk == wb.blk && ra.file == rb.file && (A.test || A.blocks[wa.blk].cases) {
		return pair{}, false // a table written out by hand: test rows, switch cases
	}
	a0, _ := d.tokens(a)
	b0, _ := d.tokens(b)
	if a.file > b.file || a.file == b.file && a0 > b0 {
		a, b = b, a
	}
	return pair{a: a, b: b, exact: e.exact}, true
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
type renaming struct {
	pairs    []namePair        // every pair, in the order bound
	fwd, bwd map[uint64]uint64 // pairs[smallRenaming:], both ways
	exact    bool              // no name or value differs so far
}

type namePair struct{ x, y uint64 }

const smallRenaming = 32

func newRenaming() *renaming {
	return &renaming{fwd: map[uint64]uint64{}, bwd: map[uint64]uint64{}}
}

func (r *renaming) reset() {
	r.undo(0)
	r.exact = true
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
