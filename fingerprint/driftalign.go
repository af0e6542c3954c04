package fingerprint

// The alignment of two copies that drift analysis reads (see drift.go):
// their tokens matched with the added statements taken out.

import (
	"bytes"
	"cmp"
	"go/token"
	"slices"
)

// depthBit marks, in the codes that drift alignment compares, a token at
// an odd depth of braces from the copy's start: the same statement at
// another depth (a call in an if's body and the same call after the if)
// is a worse match than the same statement at the same depth, where the
// plain codes leave Myers' diff a tie (math/big's pow5, whose guard
// returns z.SetUint64(pow5tab[n]) before it calls z.SetUint64(pow5tab[m])).
// Canonical codes are below 128.
const depthBit = 0x80

// An alignment is two copies' tokens matched with their added statements
// taken out.
type alignment struct {
	a, b         span
	match        []int32       // match[x] is the token of b matched to a's x-th, or -1
	back         []int32       // back[y] is the token of a matched to b's y-th, or -1
	seenB        []bool        // seenB[y]: b's y-th token is matched
	addA, addB   []int32       // the added statements' token ranges, in pairs
	pureA, pureB []bool        // each added statement is a pure insertion
	gapsA, gapsB []int         // the kept token each added statement came before
	kept         []int32       // the alignment of a's kept tokens against b's
	names        [2]*copyNames // of a and of b, made on first use (namesOf)
	// pairs holds the matched names (namePairs), made on first use and
	// shared by the copies of the alignment its rules are given: each of
	// namesOf's two copies and the renaming slips asked for them.
	pairs *namePairsOnce
}

// tokenLines is the range of lines of tokens [t0, t1) of s's file.
func (d *detector) tokenLines(s span, t0, t1 int32) LineRange {
	f := d.files[s.file]
	return LineRange{f.tokenLine(t0), f.tokenLine(t1 - 1)}
}

// lineBefore is the line of without where the statement of with starting
// at token t would go: the line of the token matched to the one before
// it, or to the one after it at the start.
func (d *detector) lineBefore(al alignment, without, with span, t int32) LineRange {
	w0, _ := d.tokens(with)
	o0, o1 := d.tokens(without)
	to := al.other(with)
	y := int32(0) // at the start, the first line
	for x := t - w0 - 1; x >= 0; x-- {
		if to[x] >= 0 {
			y = to[x]
			break
		}
	}
	l := d.files[without.file].tokenLine(o0 + min(y, o1-o0-1))
	return LineRange{l, l}
}

// other maps the tokens of s, one of the two copies, to the other's.
func (al alignment) other(s span) []int32 {
	if s == al.a {
		return al.match
	}
	return al.back
}

// align aligns a and b with their added statements taken out; ok is
// false if the alignment was given up, past driftMaxEdits edits. The
// added statements an alignment shows are taken out, and the copies
// aligned again, until none is left: taking them out may show more (an
// alignment may match the tokens of a statement to those of one inserted
// before it, filepath.Match's final "return false, nil" to the one
// inside the loop path.Match adds). They were taken out one at a time,
// the largest first, until the alignment compared depths of braces
// (depthBit): now all at once, 1.6 alignments a pair on the standard
// library (2.6 one at a time), with the same drifts on the corpus but for
// 2 of its 7,122 classes, and 2–4% less wall time (two interleaved measurements).
//
// bound, if not negative, is what depthBound says of a and b: the first
// alignment is bounded by it, each later one, unless bound is noBounds,
// by what the one before kept (keptBound). A bound only narrows the
// diagonals Myers' diff sets, not the alignment it finds; one that falls
// short (it cannot, but costs nothing to allow for) leaves the alignment
// to be made with driftMaxEdits.
func (d *detector) align(v *verifier, a, b span, bound int) (al alignment, ok bool) {
	na, nb := len(d.codes(a)), len(d.codes(b))
	al = alignment{a: a, b: b, match: make([]int32, na), back: make([]int32, nb), seenB: make([]bool, nb), pairs: new(namePairsOnce)}
	if bytes.Equal(d.codes(a), d.codes(b)) {
		// The same tokens (copies whose names break the renaming): the
		// alignment is the identity, and nothing is added.
		for i := range al.match {
			al.match[i], al.back[i], al.seenB[i] = int32(i), int32(i), true
		}
		return al, true
	}
	sc := &v.drift
	for round := 0; ; round++ {
		if !d.alignKept(v, &al, bound, round > 0 && bound != noBounds) {
			return al, false
		}
		seenA := slices.Grow(sc.seenA[:0], na)[:na]
		for x, y := range al.match {
			seenA[x] = y >= 0
		}
		seenB := append(sc.seenB[:0], al.seenB...)
		sc.seenA, sc.seenB = seenA, seenB
		addA := d.addedStmts(a, markRanges(a, d, seenA, al.addA))
		addB := d.addedStmts(b, markRanges(b, d, seenB, al.addB))
		d.preferSame(a, b, addA, al.match, al.addA)
		d.preferSame(b, a, addB, al.back, al.addB)
		if len(addA)+len(addB) == 0 {
			al.pureA = pureGaps(sc.gapsA, al.kept, sc.idxB, nb)
			al.pureB = pureGaps(sc.gapsB, sc.toA, sc.idxA, na)
			al.gapsA, al.gapsB = slices.Clone(sc.gapsA), slices.Clone(sc.gapsB)
			al.kept = slices.Clone(al.kept)
			return al, true
		}
		al.addA, al.addB = mergeRanges(al.addA, addA), mergeRanges(al.addB, addB)
	}
}

// noBounds, as align's bound, leaves every alignment of the pair
// unbounded (the tests' reference).
const noBounds = -2

// depthBound bounds the edit distance of a's and b's depth-marked codes
// (see without) from match, an alignment of their plain codes: the
// matched tokens whose marked codes are equal are a common subsequence
// of the marked codes.
func (d *detector) depthBound(v *verifier, a, b span, match []int32) int {
	sc := &v.drift
	sc.keptA, _, _ = d.without(a, nil, sc.keptA[:0], sc.idxA[:0], nil)
	sc.keptB, _, _ = d.without(b, nil, sc.keptB[:0], sc.idxB[:0], nil)
	common := 0
	for x, y := range match {
		if y >= 0 && sc.keptA[x] == sc.keptB[y] {
			common++
		}
	}
	return len(sc.keptA) + len(sc.keptB) - 2*common
}

// keptBound bounds the edit distance of the kept tokens of al's copies
// (sc's keptA and keptB, at idxA and idxB) by the alignment al holds,
// made with fewer statements taken out: its matches between tokens still
// kept are a common subsequence of the kept tokens.
func keptBound(al *alignment, sc *driftScratch) int {
	inB := slices.Grow(sc.inB[:0], len(al.back))[:len(al.back)]
	clear(inB)
	for _, y := range sc.idxB {
		inB[y] = true
	}
	sc.inB = inB
	common := 0
	for _, x := range sc.idxA {
		if y := al.match[x]; y >= 0 && inB[y] {
			common++
		}
	}
	return len(sc.idxA) + len(sc.idxB) - 2*common
}

// driftScratch holds one goroutine's buffers for drift analysis, reused
// from round to round and pair to pair.
type driftScratch struct {
	keptA, keptB []byte
	idxA, idxB   []int32 // the index in its copy of each kept token
	gapsA, gapsB []int
	toA          []int32 // the kept token of a matched to each kept token of b
	seenA, seenB []bool
	inB          []bool // keptBound's: the tokens of b kept
}

// driftMaxEdits bounds the edit distance of the tokens drift analysis
// aligns (their braces' depth marked, see without): a pair further apart
// is not compared for drift, as one edited throughout. The alignment
// costs the square of its edits, in time and in the memory of its trace,
// and a near-miss pair of a function and a block of nested code, the
// block's tokens a brace less deep than the function's, differs in every
// marked token: two copies of 1,000 levels of closures inside composite
// literals (68 KB) took 795 MB. The largest in real code is about 1,500
// (Kubernetes v1.34.4: 1,473; the standard library: 1,440).
const driftMaxEdits = 4096

// alignKept aligns al's copies without their added statements, and fills
// al.match, al.back, al.seenB and al.kept (in the verifier's buffers, as
// are the kept tokens' indexes and gaps that pureGaps needs). again says
// that al holds an alignment with fewer statements taken out, which
// bounds the edit distance of the kept tokens (keptBound); otherwise
// bound, if not negative, does. It returns false past driftMaxEdits
// edits.
func (d *detector) alignKept(v *verifier, al *alignment, bound int, again bool) bool {
	sc := &v.drift
	sc.keptA, sc.idxA, sc.gapsA = d.without(al.a, al.addA, sc.keptA[:0], sc.idxA[:0], sc.gapsA[:0])
	sc.keptB, sc.idxB, sc.gapsB = d.without(al.b, al.addB, sc.keptB[:0], sc.idxB[:0], sc.gapsB[:0])
	// An alignment is the same under any bound at least its edits. The
	// tokens the two do not have in common, counted as multisets, are
	// edits: past the limit, no alignment is tried.
	n := len(sc.keptA) + len(sc.keptB)
	limit := min(n, driftMaxEdits)
	if limit < n && n-2*commonCodes(sc.keptA, sc.keptB) > limit {
		counter(&d.work.DriftUnaligned, 1)
		return false
	}
	maxD := limit
	if again {
		maxD = min(keptBound(al, sc), limit)
	} else if bound >= 0 {
		maxD = min(bound, limit)
	}
	km, ok := v.df.align(sc.keptA, sc.keptB, maxD)
	if !ok && maxD < limit {
		km, ok = v.df.align(sc.keptA, sc.keptB, limit)
	}
	if !ok {
		counter(&d.work.DriftUnaligned, 1)
		return false
	}
	al.kept = km
	// Slide each inserted run of tokens to where it holds whole
	// statements, on either side.
	slide(km, sc.keptA, len(sc.keptB), d.stmtEdges(al.a, sc.idxA))
	sc.toA = slices.Grow(sc.toA[:0], len(sc.keptB))[:len(sc.keptB)]
	invert(km, sc.toA)
	slide(sc.toA, sc.keptB, len(sc.keptA), d.stmtEdges(al.b, sc.idxB))
	invert(sc.toA, km)
	fill(al.match, -1)
	fill(al.back, -1)
	clear(al.seenB)
	fill(sc.toA, -1)
	for k, y := range km {
		if y >= 0 {
			x, yb := sc.idxA[k], sc.idxB[y]
			al.match[x], al.back[yb], al.seenB[yb] = yb, x, true
			sc.toA[y] = int32(k)
		}
	}
	return true
}

// preferSame takes out, in place of an added statement of with (in
// add), the statement beside it in its block whose tokens the alignment
// matched to a statement of other that is the added one's very text:
// the same tokens, names and values, where the statement beside it has
// others. Myers' diff compares canonical tokens, so it may match
// f.mu.Lock() to the tail of ch := sub.channel.Interface() before it,
// and call the lock the statement one copy lacks (go-ethereum's
// Feed.remove against FeedOf.remove, which has it), or match a copy's one
// guard to the first of its twin's two and say it lacks the second, the
// one it has. to maps with's tokens (from its first) to other's, -1 for
// none; taken are the ranges taken out before, left as they are.
func (d *detector) preferSame(with, other span, add []int32, to []int32, taken []int32) {
	f, fo := d.files[with.file], d.files[other.file]
	w0, w1 := d.tokens(with)
	o0, _ := d.tokens(other)
	for i := 0; i < len(add); i += 2 {
		u := f.stmtAt(add[i], add[i+1])
		if u < 0 {
			continue
		}
		bi := f.blockOf(int32(u))
		if bi < 0 {
			continue
		}
		blk := f.blocks[bi]
		for _, p := range []int32{int32(u) - 1, int32(u) + 1} {
			if p < blk.first || p >= blk.last {
				continue
			}
			pu := f.units[p]
			if pu.fn || pu.tok0 < w0 || pu.tok1 > w1 || inRanges(add, pu.tok0) || inRanges(taken, pu.tok0) {
				continue
			}
			lo, hi := int32(-1), int32(-1) // the tokens of other matched to p's
			for t := pu.tok0; t < pu.tok1; t++ {
				if y := to[t-w0]; y >= 0 {
					if lo < 0 {
						lo = y
					}
					hi = y
				}
			}
			if lo < 0 {
				continue
			}
			q := fo.stmtAt(o0+lo, o0+hi+1)
			if q < 0 || !sameStmt(f, f.units[u], fo, fo.units[q]) || sameStmt(f, pu, fo, fo.units[q]) {
				continue
			}
			add[i], add[i+1] = pu.tok0, pu.tok1
			break
		}
	}
}

// sameStmt reports whether statement u of f and v of g are the same
// text: the same canonical tokens, names and values.
func sameStmt(f *File, u unit, g *File, v unit) bool {
	if !bytes.Equal(f.codes[u.tok0:u.tok1], g.codes[v.tok0:v.tok1]) {
		return false
	}
	n := int32(0)
	for _, c := range f.codes[u.tok0:u.tok1] {
		if hasValue(c) {
			n++
		}
	}
	return slices.Equal(f.vals[u.val0:u.val0+n], g.vals[v.val0:v.val0+n])
}

// inRanges reports whether token t lies in one of the ranges rs (pairs).
func inRanges(rs []int32, t int32) bool {
	for i := 0; i < len(rs); i += 2 {
		if rs[i] <= t && t < rs[i+1] {
			return true
		}
	}
	return false
}

// invert sets to[y] = x for each match[x] = y, and to[y] = -1 for the
// tokens y matched to none.
func invert(match, to []int32) {
	fill(to, -1)
	for x, y := range match {
		if y >= 0 {
			to[y] = int32(x)
		}
	}
}

// stmtEdges reports, for each kept token k of s (idx gives its index in
// s), whether a statement starts there (starts) and ends just before it
// (ends). The tables are made at the first question: slide asks only
// where an inserted run can shift, and most alignments have none.
func (d *detector) stmtEdges(s span, idx []int32) func(k int) (start, end bool) {
	f := d.files[s.file]
	t0, t1 := d.tokens(s)
	var starts, ends []bool
	return func(k int) (bool, bool) {
		if starts == nil {
			starts, ends = make([]bool, t1-t0+1), make([]bool, t1-t0+1)
			f.unitsIn(t0, t1, func(i int32) {
				u := f.units[i]
				starts[u.tok0-t0], ends[u.tok1-t0] = true, true
			})
		}
		if k >= len(idx) {
			return false, ends[t1-t0]
		}
		return starts[idx[k]], ends[idx[k]]
	}
}

// slide moves each run of tokens of x that match has matched to nothing,
// where the other sequence (of n tokens) has nothing unmatched between
// the run's neighbours, to the position among those the run can take (an
// alignment may take "cr . hasByte = false cr ." for the inserted run
// where "cr . hasByte = false" is the statement) at which it starts a
// statement, ending one if it can.
func slide(match []int32, x []byte, n int, edges func(k int) (start, end bool)) {
	for k0 := 0; k0 < len(match); {
		if match[k0] >= 0 {
			k0++
			continue
		}
		k1 := k0
		for k1 < len(match) && match[k1] < 0 {
			k1++
		}
		before, after := int32(-1), int32(n)
		if k0 > 0 {
			before = match[k0-1]
		}
		if k1 < len(match) {
			after = match[k1]
		}
		if after != before+1 {
			k0 = k1
			continue // the other copy has tokens of its own here
		}
		lo, hi := 0, 0 // the shifts the run can take
		for k0+lo > 0 && x[k0+lo-1] == x[k1+lo-1] {
			lo--
		}
		for k1+hi < len(match) && x[k0+hi] == x[k1+hi] {
			hi++
		}
		best, score := 0, -1
		for sh := lo; sh <= hi; sh++ {
			st, _ := edges(k0 + sh)
			_, en := edges(k1 + sh)
			if sc := 2*b2i(st) + b2i(en); sc > score || sc == score && sh == 0 {
				best, score = sh, sc
			}
		}
		switch {
		case best < 0:
			// Tokens k1+t take over their twins' matches at k0+t, from the
			// right: a shift longer than the run (in code that repeats)
			// moves matches onto tokens whose own move is still to come,
			// which, from the left, lost them and crossed the rest.
			for t := int32(-1); t >= int32(best); t-- {
				match[k1+int(t)], match[k0+int(t)] = match[k0+int(t)], -1
			}
		case best > 0:
			for t := 0; t < best; t++ {
				match[k0+t], match[k1+t] = match[k1+t], -1
			}
		}
		k0 = k1 + max(best, 0)
	}
}

// filled returns n copies of v.
func filled(n int, v int32) []int32 {
	s := make([]int32, n)
	fill(s, v)
	return s
}

// fill sets every element of s to v.
func fill(s []int32, v int32) {
	for i := range s {
		s[i] = v
	}
}

// markRanges sets seen for the tokens of s in the ranges rs (taken out:
// no longer added) and returns it.
func markRanges(s span, d *detector, seen []bool, rs []int32) []bool {
	t0, _ := d.tokens(s)
	for i := 0; i < len(rs); i += 2 {
		for t := rs[i]; t < rs[i+1]; t++ {
			seen[t-t0] = true
		}
	}
	return seen
}

// mergeRanges returns the ranges of xs and ys (pairs of statements'
// token ranges, which nest or are apart), sorted, without those inside
// another: a statement taken out may hold one taken out before.
func mergeRanges(xs, ys []int32) []int32 {
	var rs [][2]int32
	for _, s := range [][]int32{xs, ys} {
		for i := 0; i < len(s); i += 2 {
			rs = append(rs, [2]int32{s[i], s[i+1]})
		}
	}
	return outermost(rs)
}

// outermost returns the token ranges rs (which nest or are apart), sorted
// by start, without those inside another, as start, end pairs.
func outermost(rs [][2]int32) []int32 {
	slices.SortFunc(rs, func(x, y [2]int32) int { return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(y[1], x[1])) })
	out := make([]int32, 0, 2*len(rs))
	for _, r := range rs {
		if n := len(out); n > 0 && r[0] < out[n-1] {
			continue // inside the one before
		}
		out = append(out, r[0], r[1])
	}
	return out
}

// without appends to kept the codes of s with the token ranges rs taken
// out, to index the index in s of each kept token, and to gaps, for each
// range, the index of the kept token it came before.
func (d *detector) without(s span, rs []int32, kept []byte, index []int32, gaps []int) ([]byte, []int32, []int) {
	codes := d.codes(s)
	t0, _ := d.tokens(s)
	next := 0
	depth := 0
	for i := range codes {
		t := int32(i) + t0
		c := codes[i]
		if token.Token(c) == token.RBRACE {
			depth--
		}
		if depth&1 != 0 {
			c |= depthBit
		}
		if token.Token(codes[i]) == token.LBRACE {
			depth++
		}
		for next < len(rs) && t >= rs[next+1] {
			next += 2
		}
		if next < len(rs) && t >= rs[next] {
			if t == rs[next] {
				gaps = append(gaps, len(kept))
			}
			continue
		}
		kept = append(kept, c)
		index = append(index, int32(i))
	}
	return kept, index, gaps
}

// pureGaps says, for each gap (a kept index that a taken-out statement
// came before), whether the kept tokens on either side of it are matched
// to tokens of the other copy that are next to each other there: to maps
// kept tokens to the other copy's kept tokens, whose indexes in the other
// copy are idx, of n tokens.
func pureGaps(gaps []int, to []int32, idx []int32, n int) []bool {
	pure := make([]bool, len(gaps))
	for i, k := range gaps {
		before, after := int32(-1), int32(n)
		if k > 0 {
			if to[k-1] < 0 {
				continue
			}
			before = idx[to[k-1]]
		}
		if k < len(to) {
			if to[k] < 0 {
				continue
			}
			after = idx[to[k]]
		}
		pure[i] = after == before+1
	}
	return pure
}
