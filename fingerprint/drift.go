package fingerprint

import (
	"bytes"
	"cmp"
	"go/token"
	"slices"
)

// Drift analysis says how the copies of a near-miss class differ, pair by
// pair (the class's first fragment against each other one), from the
// alignment of their canonical tokens:
//
//  1. Align the two copies (Myers' diff, as verification does). An added
//     statement is an outermost statement of one copy at least two thirds
//     of whose tokens the alignment leaves unmatched (an alignment may
//     match a stray name or bracket of an inserted statement elsewhere;
//     two thirds is robust to that).
//  2. Take the added statements out of both copies and align again. An
//     added statement is a pure insertion when the tokens of the other
//     copy on either side of where it was are matched and next to each
//     other; else it replaced something, and is an edit.
//  3. When both copies have added statements, each variant grew its own
//     (measured on the standard library: copies that both grew were
//     variants); else a pure insertion is something its twin lacks (DriftLacks) when it
//     is one of the steps that copies lack by mistake (see stepKind: a
//     guard, a check, a validation loop, a defer, a lock, a flag, an
//     assignment on an error path) and not what only one variant has: a
//     case of a switch, one more item of a list of like statements, or a
//     step on a name the twin never names (see ownNames). A return whose
//     value one copy wraps in a call, the rest being the same, is a lacked
//     error wrap.
//  4. On the second alignment, the names of the two copies pair up. A
//     name paired the same way at least twice and once otherwise breaks
//     the renaming there: two names in the other order in one statement
//     are swapped (DriftSwapped); the twin's own name kept, once, where
//     the copy renamed it everywhere else, the copies declaring the two
//     names at one place, is unrenamed (DriftUnrenamed);
//     any other
//     break on a called name is a changed call (DriftChanged).
//  5. Everything else that differs (unmatched tokens, other breaks of the
//     renaming, table values) is the pair's other edits; a pair with more
//     than driftMaxOther of them (or a tenth of the smaller copy's
//     tokens, if more) is a variant written apart, and none of its drifts
//     is kept.
//
// A class drifted (Class.Divergent) when a copy lacks a step of another,
// or has a swapped or unrenamed name; a changed call alone is a plain
// edit. Each fragment's Drift lists what it lacks or slipped on, with its
// twin's lines.
const driftMaxOther = 12

// driftMaxSlips is the most breaks of the renaming a pair is searched for
// swaps in; a pair with more is a variant written apart.
const driftMaxSlips = 64

// A DriftKind says how a copy differs from its twin.
type DriftKind string

const (
	// DriftLacks: the twin has a statement (or a wrap) this copy lacks.
	DriftLacks DriftKind = "lacks"
	// DriftSwapped: two names in the other order than in the twin.
	DriftSwapped DriftKind = "swapped"
	// DriftUnrenamed: the twin's name kept where the copy renamed it
	// everywhere else.
	DriftUnrenamed DriftKind = "unrenamed"
	// DriftChanged: the same statement calling another name.
	DriftChanged DriftKind = "changed"
)

// A Drift is one difference of a copy from its twin, held by the copy
// that lacks the step or holds the slip.
type Drift struct {
	Kind DriftKind
	// Step is, for DriftLacks, what the twin's statement is (StepGuard,
	// StepLoop, …).
	Step string
	// Lines are this copy's: where the twin's statement would go (the
	// line before it), or the line of the slip.
	Lines LineRange
	// Twin is the index in the class's Fragments of the copy compared.
	Twin int
	// TwinLines are the twin's: its statement, or its version of the
	// line.
	TwinLines LineRange
	// Own says that the lacked step selects a field or method this copy
	// never names: a step that counts only because the copies are one
	// function written in two places, and not between copies made on
	// purpose (per version, per type), which each have fields of their
	// own.
	Own bool
}

// Strength is how strong the evidence of a drift is that one copy missed
// a change: 3 for a lacked step, 2 for a swapped or unrenamed name, 1
// for a changed call or a lacked error wrap (read blind, the four classes
// whose only drift was an error wrap, in rclone and buildkit, were
// backends that wrap their errors each in their own way).
func (d Drift) Strength() int {
	switch {
	case d.Kind == DriftLacks && d.Step == StepWrap:
		return 1
	case d.Kind == DriftLacks:
		return 3
	case d.Kind == DriftSwapped || d.Kind == DriftUnrenamed:
		return 2
	}
	return 1
}

// DriftStrength is the strongest drift of c's fragments, 0 for none.
func (c Class) DriftStrength() int {
	most := 0
	for _, f := range c.Fragments {
		for _, d := range f.Drift {
			most = max(most, d.Strength())
		}
	}
	return most
}

// Drifted reports whether a drift of c is evidence that a copy missed a
// change: anything stronger than a changed call.
func (c Class) Drifted() bool { return c.DriftStrength() >= 2 }

// markDrift fills the fragments' Drift, Extra and Lacks and c.Divergent;
// ss are the spans of c's fragments, in the same order.
func (d *detector) markDrift(v *verifier, c *Class, ss []span) {
	extra := make([][]int, len(ss))
	for i := 1; i < len(ss); i++ {
		forA, forB := d.pairDrift(v, ss[0], ss[i])
		for _, x := range forA {
			x.Twin = i
			c.Fragments[0].Drift = append(c.Fragments[0].Drift, x)
		}
		for _, x := range forB {
			x.Twin = 0
			c.Fragments[i].Drift = append(c.Fragments[i].Drift, x)
		}
	}
	for i, f := range c.Fragments {
		for _, x := range f.Drift {
			if x.Kind == DriftLacks {
				c.Fragments[i].Lacks = true
				for l := x.TwinLines.Start; l <= x.TwinLines.End; l++ {
					extra[x.Twin] = append(extra[x.Twin], l)
				}
			}
		}
	}
	for i, lines := range extra {
		slices.Sort(lines)
		c.Fragments[i].Extra = lineRanges(slices.Compact(lines))
	}
	c.Divergent = c.Drifted()
}

// An alignment is two copies' tokens matched with their added statements
// taken out.
type alignment struct {
	a, b         span
	match        []int32 // match[x] is the token of b matched to a's x-th, or -1
	back         []int32 // back[y] is the token of a matched to b's y-th, or -1
	seenB        []bool  // seenB[y]: b's y-th token is matched
	addA, addB   []int32 // the added statements' token ranges, in pairs
	pureA, pureB []bool  // each added statement is a pure insertion
	gapsA, gapsB []int   // the kept token each added statement came before
	kept         []int32 // the alignment of a's kept tokens against b's
}

// pairDrift finds the drifts of a from b (forA) and of b from a (forB).
func (d *detector) pairDrift(v *verifier, a, b span) (forA, forB []Drift) {
	al, ok := d.align(v, a, b)
	if !ok {
		return nil, nil
	}
	other := 0
	// Added statements: pure insertions of a step are lacked by the twin;
	// the others are edits.
	lacks := func(with, without span, add []int32, pure []bool) []Drift {
		var out []Drift
		to := al.other(with)
		matched := func(x int32) bool { return to[x] >= 0 }
		for i := 0; i < len(add); i += 2 {
			step, own := "", false
			if pure[i/2] {
				step, own = d.lackedStep(with, without, add[i], add[i+1], matched)
			}
			if step == "" {
				other += int(add[i+1] - add[i])
				continue
			}
			out = append(out, Drift{Kind: DriftLacks, Step: step, Own: own,
				Lines:     d.lineBefore(al, without, with, add[i]),
				TwinLines: d.tokenLines(with, add[i], add[i+1])})
		}
		return out
	}
	wrappedA, wrappedB := d.wrappedReturns(&al)
	forB = append(forB, wrappedA...)
	forA = append(forA, wrappedB...)
	if len(al.addA) > 0 && len(al.addB) > 0 {
		// Statements added to both copies: each variant grew its own.
		al.pureA, al.pureB = make([]bool, len(al.pureA)), make([]bool, len(al.pureB))
	}
	forB = append(forB, lacks(a, b, al.addA, al.pureA)...)
	forA = append(forA, lacks(b, a, al.addB, al.pureB)...)
	wrapsA, wrapsB, unmatched := d.wraps(al)
	forB = append(forB, wrapsA...)
	forA = append(forA, wrapsB...)
	other += unmatched
	names, values := d.mismatches(v, a, b, al.match, nil)
	other += values
	if names > 0 {
		// Some names break the renaming: find where and how.
		slipsA, slipsB, breaks := d.renamingSlips(al)
		forA = append(forA, slipsA...)
		forB = append(forB, slipsB...)
		other += breaks
	}
	limit := max(driftMaxOther, min(len(d.codes(a)), len(d.codes(b)))/10)
	if other > limit {
		return nil, nil
	}
	return forA, forB
}

// lackedStep is the step that the statement of tokens [t0, t1) of with
// is, if a copy without it lacks it by mistake (see the rule above); else
// "". own says that the step selects a field or method the copy without
// it never names, which counts only because the copies are one function
// written in two places (see sameFunction). matched reports whether a
// token of with (an index in it) is matched in the other copy.
func (d *detector) lackedStep(with, without span, t0, t1 int32, matched func(int32) bool) (step string, own bool) {
	f := d.files[with.file]
	u := slices.IndexFunc(f.units, func(u unit) bool { return !u.fn && u.tok0 == t0 && u.tok1 == t1 })
	if u < 0 {
		return "", false
	}
	rs := []int32{t0, t1}
	if d.addsCase(with, rs) || d.listItems(with, rs) {
		return "", false
	}
	step = d.stepKind(with.file, int32(u))
	if step == "" || d.checksOwnResult(with, int32(u), matched) {
		return "", false
	}
	if step == StepErrorPath {
		return step, false
	}
	// A lock or a deferred call pairs with what the twin does to the same
	// value (c.mu.Unlock beside c.mu.Lock): a method of a value the twin
	// names too is not the copy's own.
	if step == StepLock || step == StepDefer {
		if d.ownNames(with, without, rs, true) {
			return "", false
		}
		return step, false
	}
	if !d.ownNames(with, without, rs, false) {
		return step, false
	}
	// So does any step of one function written in two places (the same
	// name, on the same receiver type): what one copy checks of a value
	// both have, the other should too.
	if d.sameFunction(with, without) && !d.ownNames(with, without, rs, true) {
		return step, true
	}
	return "", false
}

// checksOwnResult reports whether unit u of s, an if statement, checks
// what the statement before it assigns, and that statement is not the
// same in the other copy (some of its tokens are unmatched): the check
// goes with a call or an assignment of this copy's own (nodeRef, err :=
// Reference(…) then if err != nil, in the one copy that looks a
// reference up).
func (d *detector) checksOwnResult(s span, u int32, matched func(int32) bool) bool {
	f := d.files[s.file]
	if token.Token(f.codes[f.units[u].tok0]) != token.IF {
		return false
	}
	b := f.blocks[f.blockOf(u)]
	if u == b.first {
		return false
	}
	prev := f.units[u-1]
	t0, _ := d.tokens(s)
	if prev.tok0 < t0 {
		return false
	}
	assigned := assignedNames(f, prev)
	if len(assigned) == 0 {
		return false
	}
	same := true
	for t := prev.tok0; t < prev.tok1; t++ {
		same = same && matched(t-t0)
	}
	if same {
		return false
	}
	// The names the condition uses: those before the body's brace.
	v := d.valueAt(f, f.units[u].tok0)
	depth := 0
	for t := f.units[u].tok0; t < f.units[u].tok1; t++ {
		c := f.codes[t]
		switch token.Token(c) {
		case token.LPAREN, token.LBRACK:
			depth++
		case token.RPAREN, token.RBRACK:
			depth--
		case token.LBRACE:
			if depth == 0 {
				return false
			}
		}
		if hasValue(c) {
			if isName(c) && slices.Contains(assigned, f.vals[v]) {
				return true
			}
			v++
		}
	}
	return false
}

// assignedNames lists the name hashes a simple statement assigns or
// declares at its start: x, err := …, a, b = ….
func assignedNames(f *File, u unit) []uint64 {
	var names []uint64
	v := u.val0
	for t := u.tok0; t < u.tok1; t++ {
		c := f.codes[t]
		switch {
		case isName(c):
			names = append(names, f.vals[v])
		case token.Token(c) == token.COMMA:
		case token.Token(c) == token.DEFINE || token.Token(c) == token.ASSIGN:
			return names
		default:
			return nil
		}
		if hasValue(c) {
			v++
		}
	}
	return nil
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

// driftRounds is how many added statements align takes out one at a
// time before it takes out the rest at once.
const driftRounds = 8

// align aligns a and b with their added statements taken out; ok is
// false if the alignment was given up (it never is without a bound). An
// alignment may match the tokens of a statement to those of one inserted
// before it (filepath.Match's final "return false, nil" to the one inside
// the loop path.Match adds), so the added statements are taken out one at
// a time, the largest first, and the copies aligned again each time.
func (d *detector) align(v *verifier, a, b span) (al alignment, ok bool) {
	na, nb := len(d.codes(a)), len(d.codes(b))
	al = alignment{a: a, b: b, match: make([]int32, na), back: make([]int32, nb), seenB: make([]bool, nb)}
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
		if !d.alignKept(v, &al) {
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
		if len(addA)+len(addB) == 0 {
			al.pureA = pureGaps(sc.gapsA, al.kept, sc.idxB, nb)
			al.pureB = pureGaps(sc.gapsB, sc.toA, sc.idxA, na)
			al.gapsA, al.gapsB = slices.Clone(sc.gapsA), slices.Clone(sc.gapsB)
			al.kept = slices.Clone(al.kept)
			return al, true
		}
		if round == driftRounds {
			al.addA, al.addB = mergeRanges(al.addA, addA), mergeRanges(al.addB, addB)
			continue
		}
		// Take out the largest.
		la, lb := largest(addA), largest(addB)
		if lb < 0 || la >= 0 && addA[la+1]-addA[la] >= addB[lb+1]-addB[lb] {
			al.addA = mergeRanges(al.addA, addA[la:la+2])
		} else {
			al.addB = mergeRanges(al.addB, addB[lb:lb+2])
		}
	}
}

// driftScratch holds one goroutine's buffers for drift analysis, reused
// from round to round and pair to pair.
type driftScratch struct {
	keptA, keptB []byte
	idxA, idxB   []int32 // the index in its copy of each kept token
	gapsA, gapsB []int
	toA          []int32 // the kept token of a matched to each kept token of b
	seenA, seenB []bool
}

// alignKept aligns al's copies without their added statements, and fills
// al.match, al.back, al.seenB and al.kept (in the verifier's buffers, as
// are the kept tokens' indexes and gaps that pureGaps needs).
func (d *detector) alignKept(v *verifier, al *alignment) bool {
	sc := &v.drift
	sc.keptA, sc.idxA, sc.gapsA = d.without(al.a, al.addA, sc.keptA[:0], sc.idxA[:0], sc.gapsA[:0])
	sc.keptB, sc.idxB, sc.gapsB = d.without(al.b, al.addB, sc.keptB[:0], sc.idxB[:0], sc.gapsB[:0])
	km, ok := v.df.align(sc.keptA, sc.keptB, len(sc.keptA)+len(sc.keptB))
	if !ok {
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
// (ends).
func (d *detector) stmtEdges(s span, idx []int32) func(k int) (start, end bool) {
	f := d.files[s.file]
	t0, t1 := d.tokens(s)
	starts, ends := make([]bool, t1-t0+1), make([]bool, t1-t0+1)
	for _, u := range f.units {
		if u.tok0 >= t0 && u.tok1 <= t1 {
			starts[u.tok0-t0], ends[u.tok1-t0] = true, true
		}
	}
	return func(k int) (bool, bool) {
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
			for t := best; t < 0; t++ { // tokens k0+t take over their twins' matches at k1+t
				match[k1+t], match[k0+t] = match[k0+t], -1
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

// largest is the index of the largest range of rs (pairs), or -1.
func largest(rs []int32) int {
	best := -1
	for i := 0; i < len(rs); i += 2 {
		if best < 0 || rs[i+1]-rs[i] > rs[best+1]-rs[best] {
			best = i
		}
	}
	return best
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
	for i := range codes {
		t := int32(i) + t0
		for next < len(rs) && t >= rs[next+1] {
			next += 2
		}
		if next < len(rs) && t >= rs[next] {
			if t == rs[next] {
				gaps = append(gaps, len(kept))
			}
			continue
		}
		kept = append(kept, codes[i])
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

// wraps finds the return statements of one copy that wrap a value the
// other returns bare in a call (return err against return
// fmt.Errorf("…: %w", err)): the twin lacks an error wrap. unmatched
// counts the other unmatched tokens outside added statements.
func (d *detector) wraps(al alignment) (forB, forA []Drift, unmatched int) {
	a0, _ := d.tokens(al.a)
	b0, _ := d.tokens(al.b)
	seenA := make([]bool, len(al.match))
	for x, y := range al.match {
		seenA[x] = y >= 0
	}
	inAdded := func(rs []int32, t int32) bool {
		for i := 0; i < len(rs); i += 2 {
			if rs[i] <= t && t < rs[i+1] {
				return true
			}
		}
		return false
	}
	// Unmatched tokens of each copy, by the innermost statement holding
	// them.
	side := func(s span, t0 int32, seen, otherSeen []bool, add []int32, other span) (out []Drift) {
		f := d.files[s.file]
		byUnit := map[int32][]int32{}
		var order []int32
		var inner []int32
		for i, ok := range seen {
			t := t0 + int32(i)
			if ok || inAdded(add, t) {
				continue
			}
			if inner == nil {
				inner = d.innermostUnits(s)
			}
			u := inner[i]
			if _, ok := byUnit[u]; !ok {
				order = append(order, u)
			}
			byUnit[u] = append(byUnit[u], t)
		}
		for _, u := range order {
			ts := byUnit[u]
			if u >= 0 && d.isWrap(f, u, ts) && d.bareInOther(al, s, u, otherSeen) {
				out = append(out, Drift{Kind: DriftLacks, Step: StepWrap,
					Lines:     d.counterpartLines(al, s, u, other),
					TwinLines: d.tokenLines(s, f.units[u].tok0, f.units[u].tok1)})
				continue
			}
			unmatched += len(ts)
		}
		return out
	}
	forB = side(al.a, a0, seenA, al.seenB, al.addA, al.b)
	forA = side(al.b, b0, al.seenB, seenA, al.addB, al.a)
	return forB, forA, unmatched
}

// wrappedReturns finds the added return statements of one copy that
// face one of the other's that returns the same thing bare: return err
// against return fmt.Errorf("…: %w", err), which an alignment may leave
// unmatched as a whole. Each such pair is taken out of the added
// statements: the copy with the bare return lacks an error wrap.
func (d *detector) wrappedReturns(al *alignment) (forB, forA []Drift) {
	fa, fb := d.files[al.a.file], d.files[al.b.file]
	for i := 0; i < len(al.addA); i += 2 {
		for j := 0; j < len(al.addB); j += 2 {
			if !al.facing(i/2, j/2) {
				continue
			}
			ra, rb := al.addA[i:i+2], al.addB[j:j+2]
			ca, cb := fa.codes[ra[0]:ra[1]], fb.codes[rb[0]:rb[1]]
			switch {
			case wrapOf(cb, ca):
				forA = append(forA, Drift{Kind: DriftLacks, Step: StepWrap,
					Lines: d.tokenLines(al.a, ra[0], ra[1]), TwinLines: d.tokenLines(al.b, rb[0], rb[1])})
			case wrapOf(ca, cb):
				forB = append(forB, Drift{Kind: DriftLacks, Step: StepWrap,
					Lines: d.tokenLines(al.b, rb[0], rb[1]), TwinLines: d.tokenLines(al.a, ra[0], ra[1])})
			default:
				continue
			}
			al.addA, al.pureA, al.gapsA = dropAdded(al.addA, al.pureA, al.gapsA, i/2)
			al.addB, al.pureB, al.gapsB = dropAdded(al.addB, al.pureB, al.gapsB, j/2)
			i -= 2 // a's i-th is gone: look at the next one
			break
		}
	}
	return forB, forA
}

// dropAdded returns an alignment's added statements, purity and gaps
// without the i-th statement.
func dropAdded(add []int32, pure []bool, gaps []int, i int) ([]int32, []bool, []int) {
	return slices.Delete(slices.Clone(add), 2*i, 2*i+2), slices.Delete(slices.Clone(pure), i, i+1), slices.Delete(slices.Clone(gaps), i, i+1)
}

// facing reports whether a's i-th and b's j-th added statements stand at
// the same place of the alignment: each replaced the other.
func (al *alignment) facing(i, j int) bool {
	k, g := al.gapsA[i], al.gapsB[j]
	return (k == 0 || al.kept[k-1] == int32(g-1)) && (k == len(al.kept) || al.kept[k] == int32(g))
}

// wrapOf reports whether return statement long is return statement short
// with its values wrapped in a call: short's codes are a subsequence of
// long's, and the codes long adds open and close a call.
func wrapOf(long, short []byte) bool {
	if len(long) <= len(short) || len(short) == 0 || token.Token(short[0]) != token.RETURN || token.Token(long[0]) != token.RETURN {
		return false
	}
	j := 0
	var added []byte
	for _, c := range long {
		if j < len(short) && c == short[j] {
			j++
			continue
		}
		added = append(added, c)
	}
	return j == len(short) && wrapCodes(added)
}

// wrapCodes reports whether the codes a copy adds to a return statement
// wrap its value in a call with a message: they open and close a call
// and hold a string (fmt.Errorf("…: %w", err), errors.Wrap(err, "…")). A
// call without a message is more often a conversion of the variant's
// own type (float64(sorted[n/2]) against s[n/2]).
func wrapCodes(added []byte) bool {
	opens, closes, message := 0, 0, false
	for _, c := range added {
		switch token.Token(c) {
		case token.LPAREN:
			opens++
		case token.RPAREN:
			closes++
		case token.STRING:
			message = true
		}
	}
	return message && opens > 0 && opens == closes && len(added) <= wrapMaxTokens
}

// wrapMaxTokens is the most tokens a wrap adds: fmt.Errorf("…: %w", err)
// adds 7, errors.Wrapf(err, "… %s", name) 9.
const wrapMaxTokens = 16

// innermostUnits gives, for each token of s, the index of the smallest
// unit of its file that holds it, or -1.
func (d *detector) innermostUnits(s span) []int32 {
	f := d.files[s.file]
	t0, t1 := d.tokens(s)
	var us []int32
	for i, u := range f.units {
		if u.tok0 >= t0 && u.tok1 <= t1 {
			us = append(us, int32(i))
		}
	}
	// Paint the largest first, so that the smallest holding a token
	// paints it last.
	slices.SortFunc(us, func(x, y int32) int {
		return int((f.units[y].tok1 - f.units[y].tok0) - (f.units[x].tok1 - f.units[x].tok0))
	})
	inner := filled(int(t1-t0), -1)
	for _, u := range us {
		fill(inner[f.units[u].tok0-t0:f.units[u].tok1-t0], u)
	}
	return inner
}

// isWrap reports whether the unmatched tokens ts of unit u of f make u a
// return that wraps what it returns in a call: u is a return statement
// and its unmatched tokens wrap (see wrapCodes).
func (d *detector) isWrap(f *File, u int32, ts []int32) bool {
	un := f.units[u]
	if token.Token(f.codes[un.tok0]) != token.RETURN {
		return false
	}
	added := make([]byte, len(ts))
	for i, t := range ts {
		added[i] = f.codes[t]
	}
	return wrapCodes(added)
}

// bareInOther reports whether the statement of s's unit u is matched in
// the other copy to a statement all of whose tokens are matched: the
// other copy returns the same thing without the wrap.
func (d *detector) bareInOther(al alignment, s span, u int32, otherSeen []bool) bool {
	lo, hi, ok := d.counterpart(al, s, u)
	if !ok {
		return false
	}
	for y := lo; y <= hi; y++ {
		if !otherSeen[y] {
			return false
		}
	}
	return true
}

// counterpart is the range of the other copy's tokens (indexes in its
// span) matched to the tokens of s's unit u.
func (d *detector) counterpart(al alignment, s span, u int32) (lo, hi int32, ok bool) {
	f := d.files[s.file]
	t0, _ := d.tokens(s)
	to := al.other(s)
	lo, hi = -1, -1
	for t := f.units[u].tok0; t < f.units[u].tok1; t++ {
		y := to[t-t0]
		if y < 0 {
			continue
		}
		if lo < 0 {
			lo = y
		}
		hi = y
	}
	return lo, hi, lo >= 0
}

// counterpartLines is the range of lines of the other copy matched to
// s's unit u.
func (d *detector) counterpartLines(al alignment, s span, u int32, other span) LineRange {
	lo, hi, _ := d.counterpart(al, s, u)
	o0, _ := d.tokens(other)
	return d.tokenLines(other, o0+lo, o0+hi+1)
}

// A matchedNames is a matched name of each copy, at tokens ta and tb.
type matchedNames struct {
	x, y   uint64
	ta, tb int32
}

// renamingSlips finds where the names of the two copies break the
// renaming the rest of the copies follow (rule 4 above), and counts the
// breaks it does not explain.
func (d *detector) renamingSlips(al alignment) (forA, forB []Drift, breaks int) {
	pairs := d.namePairs(al)
	count := map[[2]uint64]int{}
	for _, p := range pairs {
		count[[2]uint64{p.x, p.y}]++
	}
	// The partner of each name: the one it pairs with most, at least
	// twice, if one does.
	partner := func(fromA bool) map[uint64]uint64 {
		best := map[uint64]int{}
		out := map[uint64]uint64{}
		for _, p := range pairs {
			k, w := p.x, p.y
			if !fromA {
				k, w = p.y, p.x
			}
			n := count[[2]uint64{p.x, p.y}]
			if n > best[k] || n == best[k] && w < out[k] {
				best[k], out[k] = n, w
			}
		}
		for k := range out {
			if best[k] < 2 {
				delete(out, k)
			}
		}
		return out
	}
	ofA, ofB := partner(true), partner(false)
	broken := func(p matchedNames) bool {
		if count[[2]uint64{p.x, p.y}] != 1 || predeclared[p.x] || predeclared[p.y] {
			// Predeclared names (int, float64, len) are changed in part on
			// purpose: a per-type copy keeps float64 as its result while
			// its elements become int.
			return false
		}
		wy, okA := ofA[p.x]
		wx, okB := ofB[p.y]
		return okA && wy != p.y || okB && wx != p.x
	}
	var slips []int
	for i, p := range pairs {
		if broken(p) {
			slips = append(slips, i)
		}
	}
	if len(slips) > driftMaxSlips {
		return nil, nil, len(slips) // edited throughout: past any limit
	}
	fa, fb := d.files[al.a.file], d.files[al.b.file]
	a0, _ := d.tokens(al.a)
	b0, _ := d.tokens(al.b)
	var innerA, innerB []int32
	innermost := func(t int32) int32 {
		if innerA == nil {
			innerA, innerB = d.innermostUnits(al.a), d.innermostUnits(al.b)
		}
		return innerA[t-a0]
	}
	// A slip is in names alone: the statements holding it in both copies
	// have the same tokens, and neither name is a field or method
	// selected (a local renaming never renames those). A statement
	// aligned with another one (f.out.append against f1.out.patch) or
	// changed around the name (bo.Uint64(…) against uint64(bo.Uint32(…)))
	// is an edit, not a slip.
	matchedStmt := func(f *File, inner []int32, t0 int32, seen func(int32) bool, t int32) bool {
		if t > 0 && token.Token(f.codes[t-1]) == token.PERIOD {
			return false
		}
		u := inner[t-t0]
		if u < 0 {
			return false
		}
		for x := f.units[u].tok0; x < f.units[u].tok1; x++ {
			if !seen(x - t0) {
				return false
			}
		}
		return true
	}
	inNames := func(p matchedNames) bool {
		innermost(p.ta)
		return matchedStmt(fa, innerA, a0, func(x int32) bool { return al.match[x] >= 0 }, p.ta) &&
			matchedStmt(fb, innerB, b0, func(y int32) bool { return al.seenB[y] }, p.tb)
	}
	line := func(f *File, t int32) LineRange { l := f.tokenLine(t); return LineRange{l, l} }
	used := map[int]bool{}
	// The renamings of local variables: pairs of names both copies
	// declare at one place (x := …, var x). A package, a field or a
	// function named the same in both copies, which an alignment of
	// copies edited apart may pair with another name, is no renaming
	// to slip on.
	declared := map[[2]uint64]bool{}
	for _, p := range pairs {
		if declaresAt(fa.codes, p.ta) && declaresAt(fb.codes, p.tb) {
			declared[[2]uint64{p.x, p.y}] = true
		}
	}
	counts := map[span]map[uint64]int{}
	uses := func(s span) map[uint64]int { // how often s names each name
		if counts[s] == nil {
			counts[s] = map[uint64]int{}
			codes := d.files[s.file].codes
			d.eachValue(s, func(t int32, c byte, v uint64) {
				if isName(c) && (t == 0 || token.Token(codes[t-1]) != token.PERIOD) {
					counts[s][v]++ // a field or method named the same is not the name
				}
			})
		}
		return counts[s]
	}
	// Swaps: two broken pairs of one statement whose names, exchanged,
	// pair as everywhere else.
	for i, si := range slips {
		for _, sj := range slips[i+1:] {
			p, q := pairs[si], pairs[sj]
			if used[si] || used[sj] || p.x == q.x || innermost(p.ta) != innermost(q.ta) || !inNames(p) || !inNames(q) {
				continue
			}
			if ofA[p.x] == q.y && ofA[q.x] == p.y && !(ofA[p.x] == q.x && ofA[q.x] == p.x) {
				// (Copies whose renaming exchanges the two names, a
				// left-hand and a right-hand version, keep their order
				// where it is the arguments': compare(av, bv) in both.)
				used[si], used[sj] = true, true
				forA = append(forA, Drift{Kind: DriftSwapped, Lines: line(fa, p.ta), TwinLines: line(fb, p.tb)})
				forB = append(forB, Drift{Kind: DriftSwapped, Lines: line(fb, p.tb), TwinLines: line(fa, p.ta)})
			}
		}
	}
	for _, si := range slips {
		if used[si] {
			continue
		}
		p := pairs[si]
		switch {
		case !inNames(p):
			breaks++
		case p.x == p.y && ofA[p.x] != 0 && ofA[p.x] != p.x && uses(al.b)[p.x] == 1 && declared[[2]uint64{p.x, ofA[p.x]}]:
			// a's name x is y everywhere in b but here, where b kept x,
			// and names nothing else.
			forB = append(forB, Drift{Kind: DriftUnrenamed, Lines: line(fb, p.tb), TwinLines: line(fa, p.ta)})
		case p.x == p.y && ofB[p.y] != 0 && ofB[p.y] != p.y && uses(al.a)[p.y] == 1 && declared[[2]uint64{ofB[p.y], p.y}]:
			forA = append(forA, Drift{Kind: DriftUnrenamed, Lines: line(fa, p.ta), TwinLines: line(fb, p.tb)})
		case int(p.tb)+1 < len(fb.codes) && token.Token(fb.codes[p.tb+1]) == token.LPAREN:
			forB = append(forB, Drift{Kind: DriftChanged, Lines: line(fb, p.tb), TwinLines: line(fa, p.ta)})
			breaks++
		default:
			breaks++
		}
	}
	return forA, forB, breaks
}

// namePairs lists the matched names of the two copies, in a's order,
// leaving out each copy's own name (a copied function's) and the fields
// and methods selected.
func (d *detector) namePairs(al alignment) []matchedNames {
	a, b := al.a, al.b
	fa := d.files[a.file]
	a0, _ := d.tokens(a)
	b0, _ := d.tokens(b)
	valB, isB := make([]uint64, len(al.back)), make([]bool, len(al.back))
	d.eachValue(b, func(t int32, c byte, val uint64) {
		if isName(c) {
			valB[t-b0], isB[t-b0] = val, true
		}
	})
	var pairs []matchedNames
	d.eachValue(a, func(t int32, c byte, val uint64) {
		y := al.match[t-a0]
		if !isName(c) || y < 0 || t > 0 && token.Token(fa.codes[t-1]) == token.PERIOD {
			return // a field or method: no local renaming renames it
		}
		if isB[y] {
			pairs = append(pairs, matchedNames{x: val, y: valB[y], ta: t, tb: b0 + y})
		}
	})
	return pairs
}

// declaresAt reports whether the name at token t of codes is declared
// there: left of := or after var.
func declaresAt(codes []byte, t int32) bool {
	return declares(codes, t) || t > 0 && token.Token(codes[t-1]) == token.VAR
}

// sameFunction reports whether spans a and b lie in functions of the same
// name and receiver type (a method and a function never are).
func (d *detector) sameFunction(a, b span) bool {
	na, ra, oka := d.funcName(a)
	nb, rb, okb := d.funcName(b)
	return oka && okb && na == nb && ra == rb
}

// funcName returns the name hashes of the function declaration holding s
// and of its receiver's type (0 for a plain function).
func (d *detector) funcName(s span) (name, recv uint64, ok bool) {
	f := d.files[s.file]
	t0, t1 := d.tokens(s)
	fn := -1
	for i, u := range f.units {
		if u.fn && u.tok0 <= t0 && t1 <= u.tok1 {
			fn = i
			break
		}
	}
	if fn < 0 || f.units[fn].name < 0 {
		return 0, 0, false
	}
	u := f.units[fn]
	if token.Token(f.codes[u.tok0+1]) == token.LPAREN {
		// The receiver's type is its last name before the closing
		// parenthesis: (r *T), (T), (l *List[E]) gives E, alike in
		// copies.
		v := d.valueAt(f, u.tok0)
		for t := u.tok0 + 1; t < u.tok1 && token.Token(f.codes[t]) != token.RPAREN; t++ {
			if hasValue(f.codes[t]) {
				if isName(f.codes[t]) {
					recv = f.vals[v]
				}
				v++
			}
		}
	}
	return f.vals[u.name], recv, true
}
