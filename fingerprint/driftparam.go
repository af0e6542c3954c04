package fingerprint

import (
	"go/token"
	"slices"
)

// An ignored parameter: both copies are whole functions that take the
// same parameter (matched in the signatures), the twin reads it in a
// statement the copy has too, and the copy never reads it: the copy takes
// the value another way, or not at all (cosmos-sdk's
// DequeueAllMatureRedelegationQueue, pasted from DequeueAllMatureUBDQueue,
// takes currTime and iterates up to the block header's time instead,
// filed blind as a bug by both readers of bench/readings/2026-12-06-r78.md,
// listed and not flagged). A parameter named _ is ignored on purpose.

// ignoredParams finds the parameters of one copy, a whole function, that
// it never reads where its twin reads theirs. The parameters pair as the
// alignment matches the signatures' names; each body is read once.
func (d *detector) ignoredParams(al alignment) (forA, forB []Drift) {
	pa, ok := d.params(al.a)
	if !ok {
		return nil, nil
	}
	pb, ok := d.params(al.b)
	if !ok {
		return nil, nil
	}
	fa, fb := d.files[al.a.file], d.files[al.b.file]
	a0, _ := d.tokens(al.a)
	b0, _ := d.tokens(al.b)
	var xs, ys []uint64 // the parameters paired, a's and b's
	for _, t := range pa.names {
		m := al.match[t-a0]
		if m < 0 || !pb.has(b0+m) {
			continue
		}
		x, y := fa.vals[d.valueAt(fa, t)], fb.vals[d.valueAt(fb, b0+m)]
		if x != blankHash && y != blankHash {
			xs, ys = append(xs, x), append(ys, y)
		}
	}
	if len(xs) == 0 {
		return nil, nil
	}
	readsA, readsB := d.reads(al.a, pa, xs), d.reads(al.b, pb, ys)
	var inner [2][]int32
	for k := range xs {
		if x := d.ignoredBy(al, al.a, al.b, readsA[xs[k]], readsB[ys[k]], &inner[0]); x != nil {
			forB = append(forB, *x)
		} else if x := d.ignoredBy(al, al.b, al.a, readsB[ys[k]], readsA[xs[k]], &inner[1]); x != nil {
			forA = append(forA, *x)
		}
	}
	return forA, forB
}

// ignoredBy is the drift of without, if it never reads its parameter
// (its reads, none) where with reads its own (read) in a statement the
// alignment matches: the first such read, said at the line of without
// that statement is matched to. inner caches with's innermost units.
func (d *detector) ignoredBy(al alignment, with, without span, read, its []int32, inner *[]int32) *Drift {
	if len(its) > 0 {
		return nil
	}
	w0, _ := d.tokens(with)
	o0, _ := d.tokens(without)
	f := d.files[with.file]
	to := al.other(with)
	for _, t := range read {
		if *inner == nil {
			*inner = d.innermostUnits(with)
		}
		u := (*inner)[t-w0]
		if u < 0 {
			continue
		}
		if y := to[f.units[u].tok0-w0]; y >= 0 {
			l := d.files[without.file].tokenLine(o0 + y)
			return &Drift{Kind: DriftLacks, Step: StepParam, Lines: LineRange{l, l}, TwinLines: d.tokenLines(with, t, t+1)}
		}
	}
	return nil
}

// A signature is where a whole function's parameter names and body are.
type signature struct {
	names      []int32 // the tokens that name its parameters
	recv       []int32 // the token that names its receiver, if it has one named
	results    []int32 // the tokens that name its results, if they are named
	p0, p1     int32   // its parameter list's parentheses
	body0, end int32   // its body's opening brace, and the end of the function
}

// has reports whether token t names a parameter.
func (sg signature) has(t int32) bool {
	for _, n := range sg.names {
		if n == t {
			return true
		}
	}
	return false
}

// reads lists, for each of the names of hashes vs, the tokens of s's
// body that read it: the name alone, not a field or a method selected.
func (d *detector) reads(s span, sg signature, vs []uint64) map[uint64][]int32 {
	f := d.files[s.file]
	out := make(map[uint64][]int32, len(vs))
	for k := range d.walk(f, sg.body0, sg.end) {
		if isName(k.c) && k.prev != byte(token.PERIOD) && slices.Contains(vs, k.val) {
			out[k.val] = append(out[k.val], k.t)
		}
	}
	return out
}

// params finds s's signature, if s is a whole function declaration with
// named parameters: func, a receiver, a name, type parameters, then the
// parameters' list.
func (d *detector) params(s span) (signature, bool) {
	sg, ok := d.signatureOf(s)
	return sg, ok && len(sg.names) > 0
}

// signatureOf finds s's signature, if s is a whole function declaration.
func (d *detector) signatureOf(s span) (signature, bool) {
	f := d.files[s.file]
	t0, t1 := d.tokens(s)
	c := f.codes
	if token.Token(c[t0]) != token.FUNC || token.Token(c[t1-1]) != token.RBRACE {
		return signature{}, false
	}
	t := t0 + 1
	var recv []int32
	if token.Token(c[t]) == token.LPAREN {
		r1 := closing(c, t, t1)
		recv = paramNames(c, t+1, r1)
		t = r1 + 1
	}
	if t >= t1 || !isName(c[t]) {
		return signature{}, false
	}
	t++
	if token.Token(c[t]) == token.LBRACK {
		t = closing(c, t, t1) + 1 // type parameters
	}
	if t >= t1 || token.Token(c[t]) != token.LPAREN {
		return signature{}, false
	}
	p1 := closing(c, t, t1)
	sg := signature{names: paramNames(c, t+1, p1), recv: recv, p0: t, p1: p1, body0: opening(c, t1-1), end: t1}
	if r := p1 + 1; r < sg.body0 && token.Token(c[r]) == token.LPAREN {
		sg.results = paramNames(c, r+1, closing(c, r, t1))
	}
	return sg, sg.body0 > p1
}

// listItemsIn splits the list codes[p0:p1], its brackets left out, at
// its own commas: each item's tokens [i0, i1), none empty.
func listItemsIn(c []byte, p0, p1 int32) [][2]int32 {
	var items [][2]int32
	depth, i0 := 0, p0
	for t := p0; t <= p1; t++ {
		if t == p1 || depth == 0 && token.Token(c[t]) == token.COMMA {
			if t > i0 {
				items = append(items, [2]int32{i0, t})
			}
			i0 = t + 1
			continue
		}
		switch token.Token(c[t]) {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			depth--
		}
	}
	return items
}

// paramNames lists the names of the parameter list codes[p0:p1]: the
// first name of each item of a list whose items are named (a b, c T: a
// name and a type), nothing for a list of types alone.
func paramNames(c []byte, p0, p1 int32) []int32 {
	items := listItemsIn(c, p0, p1)
	named := false
	for _, it := range items {
		if it[1]-it[0] >= 2 && isName(c[it[0]]) {
			switch next := token.Token(c[it[0]+1]); {
			case next == token.PERIOD: // pkg.T
			case next == token.LBRACK && it[1]-it[0] >= 3 && isName(c[it[0]+2]): // T[P]
			default:
				named = true
			}
		}
	}
	if !named {
		return nil
	}
	var out []int32
	for _, it := range items {
		if isName(c[it[0]]) {
			out = append(out, it[0])
		}
	}
	return out
}

// closing is the bracket that closes the one at codes[t], before t1
// (t1-1 if none does).
func closing(c []byte, t, t1 int32) int32 {
	if u := matching(c, t, 1, t1); u >= 0 {
		return u
	}
	return t1 - 1
}

// opening is the brace that opens the one that closes at codes[t] (0 if
// none does).
func opening(c []byte, t int32) int32 { return max(matching(c, t, -1, -1), 0) }

// matching walks codes from t by step (1 or -1) up to end, not included,
// and returns the bracket that matches the one at t, -1 if none does.
func matching(c []byte, t, step, end int32) int32 {
	depth := 0
	for ; t != end; t += step {
		switch token.Token(c[t]) {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth += int(step)
		case token.RPAREN, token.RBRACK, token.RBRACE:
			depth -= int(step)
		}
		if depth == 0 {
			return t
		}
	}
	return -1
}
