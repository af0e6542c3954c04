package fingerprint

import (
	"bytes"
	"go/token"
	"slices"
)

// A lacked bounds check: one copy's if tests the length of a slice before
// it indexes it (if len(kv) == 2 && strings.TrimSpace(kv[0]) == key),
// the twin's, the same if at the same place, indexes the same slice with
// no test of its length anywhere (if strings.EqualFold(
// strings.TrimSpace(kv[0]), key), then kv[1] in its body): a line without
// "=" panics there. The rest of the condition may differ, as it does in
// xray-core's GetRuntimeEnv, pasted three times, of which only one tests
// len(envKeyValue) == 2 (filed blind as a bug by both readers of
// bench/readings/2026-12-06-r78.md, where copycat listed the class and
// did not flag it). A length compared with zero, the rest the same, is a
// check in a condition (driftcond.go); this rule asks for the index the
// test guards instead, which makes any bound evidence.

// lenHash is the name hash of the predeclared function len.
var lenHash = hashBytes([]byte("len"))

// boundsCheck reports whether unit u of s, an if statement matched to
// one of the other copy, has in its condition an operand of a top-level
// && or || that compares len(x) with an integer literal, where x is a
// name the same statement indexes and the other copy, at the matched
// place, indexes a name whose length it never takes. It returns the
// operand's tokens. (The operand's tokens may be matched to some of the
// other's condition: the length the other never takes is what says the
// test is missing.)
func (d *detector) boundsCheck(al *alignment, s, other span, u int32) (o0, o1 int32, ok bool) {
	c0, c1, _, ok := d.matchedIf(al, s, other, u)
	if !ok {
		return 0, 0, false
	}
	f := d.files[s.file]
	un := f.units[u]
	t0, _ := d.tokens(s)
	to := al.other(s)
	g := d.files[other.file]
	g0, g1 := d.tokens(other)
	for _, op := range operands(f.codes, c0, c1) {
		x, ok := d.lenBound(f, op[0], op[1])
		if !ok {
			continue
		}
		for t := un.tok0; t+1 < un.tok1; t++ {
			if t >= op[0] && t < op[1] || !d.indexes(f, t, x) || to[t-t0] < 0 {
				continue
			}
			y := g0 + to[t-t0]
			if !isName(g.codes[y]) || token.Token(g.codes[y+1]) != token.LBRACK {
				continue
			}
			if !d.takesLen(g, g0, g1, g.vals[d.valueAt(g, y)]) {
				return op[0], op[1], true
			}
		}
	}
	return 0, 0, false
}

// lenBound reports whether tokens [t0, t1) of f are len(x) compared with
// an integer literal, either way round, and returns x's hash.
func (d *detector) lenBound(f *File, t0, t1 int32) (uint64, bool) {
	if t1-t0 != 6 {
		return 0, false
	}
	c := f.codes[t0:t1]
	call := 0 // where len(x) starts
	switch {
	case isComparison(c[4]) && token.Token(c[5]) == token.INT:
	case token.Token(c[0]) == token.INT && isComparison(c[1]):
		call = 2
	default:
		return 0, false
	}
	if !isName(c[call]) || token.Token(c[call+1]) != token.LPAREN || !isName(c[call+2]) || token.Token(c[call+3]) != token.RPAREN {
		return 0, false
	}
	v := d.valueAt(f, t0+int32(call))
	if f.vals[v] != lenHash {
		return 0, false
	}
	return f.vals[v+1], true
}

// indexes reports whether token t of f is the name of hash x followed by
// an index or a slice expression's bracket.
func (d *detector) indexes(f *File, t int32, x uint64) bool {
	return isName(f.codes[t]) && token.Token(f.codes[t+1]) == token.LBRACK && f.vals[d.valueAt(f, t)] == x
}

// takesLen reports whether tokens [t0, t1) of f call len on the name of
// hash x: a length tested elsewhere, or a loop bounded by it.
func (d *detector) takesLen(f *File, t0, t1 int32, x uint64) bool {
	for k := range d.walk(f, t0, t1) {
		if k.val == x && k.prev == byte(token.LPAREN) && k.t >= t0+2 && isName(f.codes[k.t-2]) && f.vals[k.next-2] == lenHash {
			return true
		}
	}
	return false
}

// A lacked length guard: the twin's if leaves (returns or panics) when
// the length of a slice, a name or a field path, compares so with an
// integer literal (if len(cc.List) != 1 || len(cc.Body) != 1 { return
// nil }), and a later statement of the twin indexes that slice by an
// integer literal (cc.Body[0]); the copy's if at the same place tests
// something else, and the copy indexes the same path (the same fields)
// by the same literal at the matched place, with no call of len on it
// anywhere in its function. gogrep's select variant of
// wildcardCase, a copy of the switch variant, reads cc.Body[0] of a
// clause that may have no statements (filed blind as a bug by both
// readers of bench/readings/2026-12-07-r86.md, listed by copycat without
// a word). Said as a lacked bounds check, as the rule above.

// lenGuard reports whether unit u of s, an if statement matched to one
// of the other copy's, is such a guard of a length that the other copy
// lacks (see above), and returns the tokens of the operand that tests
// the length and the other copy's token that indexes.
func (d *detector) lenGuard(al *alignment, s, other span, u int32) (o0, o1, at int32, ok bool) {
	c0, c1, _, ok := d.matchedIf(al, s, other, u)
	if !ok {
		return 0, 0, 0, false
	}
	f, g := d.files[s.file], d.files[other.file]
	un := f.units[u]
	if c1 >= un.tok1 || !d.leaves(f, c1, un.tok1, false) {
		return 0, 0, 0, false
	}
	ops := operands(f.codes, c0, c1)
	if ops == nil {
		ops = [][4]int32{{c0, c1}}
	}
	t0, t1 := d.tokens(s)
	to := al.other(s)
	g0, _ := d.tokens(other)
	var fn0, fn1 int32 // the tokens of the copy's function, for its calls of len (lenCalls)
	for _, op := range ops {
		p0, p1, ok := lenPath(f, op[0], op[1])
		if !ok {
			continue
		}
		n := p1 - p0
		path := d.pathValues(f, p0, n)
		// Each later index of the path by a literal, within reach: its
		// names' values and the literal's follow k's in f.vals.
		for k := range d.walk(f, un.tok1, min(t1, un.tok1+lenGuardReach)) {
			t := k.t
			if k.val != path[0] || !isName(k.c) || token.Token(k.prev) == token.PERIOD || t+n+2 >= t1 ||
				!bytes.Equal(f.codes[p0:p1], f.codes[t:t+n]) || !constIndex(f, t+n) ||
				!slices.Equal(path[1:], f.vals[k.next:k.next+int32(len(path))-1]) {
				continue
			}
			y := to[t-t0]
			if y < 0 || to[t+n+1-t0] != y+n+1 {
				continue
			}
			y += g0
			if !bytes.Equal(f.codes[t:t+n+2], g.codes[y:y+n+2]) {
				continue
			}
			// The same fields and literal, whatever the copy named the
			// value.
			mine := f.vals[k.next-1 : k.next+int32(len(path))] // the names and the literal
			theirs := d.pathValues(g, y, n+2)
			if !slices.Equal(mine[1:], theirs[1:]) {
				continue
			}
			if fn1 == 0 {
				fn0, fn1 = d.funcTokens(other)
			}
			if !d.lenCalls(other.file, fn0, fn1)[pathKey(theirs[:len(theirs)-1])] {
				return op[0], op[1], y, true
			}
		}
	}
	return 0, 0, 0, false
}

// lenGuardReach is how many tokens after a guard of a length lenGuard
// looks for an index it protects: such an index stands near its guard
// (gogrep's, 40 tokens on), and a function of many guards costs each no
// more.
const lenGuardReach = 500

// lenPath reports whether tokens [t0, t1) of f are len(p) compared with
// an integer literal, either way round, p a name or names joined by
// periods, and returns p's tokens.
func lenPath(f *File, t0, t1 int32) (p0, p1 int32, ok bool) {
	c := f.codes
	call := t0 // where len(p) starts
	switch {
	case t1-t0 >= 6 && token.Token(c[t1-1]) == token.INT && isComparison(c[t1-2]):
		t1 -= 2
	case t1-t0 >= 6 && token.Token(c[t0]) == token.INT && isComparison(c[t0+1]):
		call = t0 + 2
	default:
		return 0, 0, false
	}
	if !isName(c[call]) || token.Token(c[call+1]) != token.LPAREN || token.Token(c[t1-1]) != token.RPAREN {
		return 0, 0, false
	}
	p0, p1 = call+2, t1-1
	return p0, p1, pathEnd(c, p0, p1) == p1
}

// pathEnd returns where the path that starts at token t of codes, a name
// or names joined by periods, ends (t if none starts there), before t1.
func pathEnd(codes []byte, t, t1 int32) int32 {
	end := t
	for n := t; n < t1 && isName(codes[n]); n += 2 {
		end = n + 1
		if n+1 >= t1 || token.Token(codes[n+1]) != token.PERIOD {
			break
		}
	}
	return end
}

// constIndex reports whether token t of f opens an index by an integer
// literal, [0]: what a guard of the length protects, where an index by a
// name is most often bounded by a loop over the slice.
func constIndex(f *File, t int32) bool {
	return int(t)+2 < len(f.codes) && token.Token(f.codes[t]) == token.LBRACK &&
		token.Token(f.codes[t+1]) == token.INT && token.Token(f.codes[t+2]) == token.RBRACK
}

// pathValues returns the values of the names of a path, the n tokens
// of f from p (names joined by periods, and maybe an index by a
// literal after them: its value last).
func (d *detector) pathValues(f *File, p, n int32) []uint64 {
	v := d.valueAt(f, p)
	out := make([]uint64, 0, (n+1)/2)
	for k := int32(0); k < n; k += 2 {
		out = append(out, f.vals[v])
		v++
	}
	return out
}

// lenCalls returns the paths that tokens [t0, t1) of file i, a
// function, call len on (a length tested anywhere, or a loop bounded by
// it), each as the pathKey of its names' values: made once a function,
// for all the guards of all the pairs of its copies.
func (d *detector) lenCalls(i, t0, t1 int32) map[uint64]bool {
	key := [3]int32{i, t0, t1}
	if m, ok := d.lens.Load(key); ok {
		return m.(map[uint64]bool)
	}
	g := d.files[i]
	m := map[uint64]bool{}
	for k := range d.walk(g, t0, t1) {
		t := k.t
		if k.val != lenHash || !isName(k.c) || t+3 >= t1 || token.Token(g.codes[t+1]) != token.LPAREN {
			continue
		}
		// len ( name . name … ): the names' values follow k's.
		end := pathEnd(g.codes, t+2, t1)
		if end > t+2 && end < t1 && token.Token(g.codes[end]) == token.RPAREN {
			m[pathKey(g.vals[k.next:k.next+(end-t-1)/2])] = true
		}
	}
	d.lens.Store(key, m)
	return m
}

// pathKey is one number for the values of a path's names.
func pathKey(vals []uint64) uint64 {
	h := uint64(fnvOffset)
	for _, v := range vals {
		h = (h ^ v) * fnvPrime
	}
	return h
}

// funcTokens returns the tokens of the function declaration that holds
// s, or of s alone when none does.
func (d *detector) funcTokens(s span) (int32, int32) {
	if _, _, fn, ok := d.funcName(s); ok {
		u := d.files[s.file].units[fn]
		return u.tok0, u.tok1
	}
	return d.tokens(s)
}
