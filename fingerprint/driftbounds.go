package fingerprint

import "go/token"

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
