package fingerprint

import (
	"go/token"
	"slices"
)

// A crossed operand: the twin's if tests one operand, a field (x.f) or a
// constant index (x[0]), and its body names the same one; the copy, at
// the same two places, names two different operands of one value, each
// of which an if of the twin tests and uses, and its body never names the
// one it tests. Its if tests one thing and uses another: the names were
// crossed in the copy, the inconsistent renaming CP-Miner looks for, on
// operands no local renaming touches. xray-core's darwin socket options
// test TcpKeepAliveIdle and set TcpKeepAliveInterval where the linux copy
// tests and sets TcpKeepAliveInterval; mimir's QuantileOverTimeFactory
// asserts args[0] and reports args[1] in its error where
// PredictLinearFactory asserts and reports args[0] (both filed blind as
// bugs by both readers, readings 78 and 79, where copycat listed them
// without a word). The test may be the statement before the if, an
// assignment of a name its condition reads (v, ok := args[0].(T); if
// !ok), as Go's idiom writes it.
//
// What is not crossed: an if whose header (or the assignment before it)
// names two operands of the value (if c.Idle > 0 || c.Interval > 0)
// links neither of them to its body, so copies
// that list them in another order are no slip; an operand no if of the
// twin's function tests and uses is a variant's own, or the statements
// of the body in another order matched across (minio-go's putObject
// copies setting AutoChecksum and SendContentMd5 each in its order); a
// copy whose body names the operand it tests as well is another branch
// matched to the twin's (go-colorable's two ?1049 branches, one making
// the alternate screen buffer, the other closing it).

// An operand is a field selected from a name (x.f) or a name indexed by
// a literal (x[0], x["k"]): the name's value and the field's or the
// literal's.
type operand struct {
	base, key uint64
	index     bool
}

// An opIndex reads the operands of tokens [t0, t1) of a file: each
// token's value, each opening brace's closing one and each operand's
// places, made in one pass, so that every question after costs what it
// asks, not the range (an if nested 10,000 deep has 10,000 bodies).
type opIndex struct {
	f      *File
	t0, t1 int32
	vals   []uint64
	close  []int32             // by token less t0: an opening brace's closing one, +1; 0 for none
	at     map[operand][]int32 // each operand's name tokens, in order
}

func (d *detector) newOpIndex(f *File, t0, t1 int32) *opIndex {
	x := &opIndex{f: f, t0: t0, t1: t1, vals: make([]uint64, t1-t0), close: make([]int32, t1-t0), at: map[operand][]int32{}}
	for k := range d.walk(f, t0, t1) {
		x.vals[k.t-t0] = k.val
	}
	var open []int32
	for t := t0; t < t1; t++ {
		switch token.Token(f.codes[t]) {
		case token.LBRACE:
			open = append(open, t)
		case token.RBRACE:
			if n := len(open); n > 0 {
				x.close[open[n-1]-t0] = t + 1
				open = open[:n-1]
			}
		}
	}
	for t := t0; t+2 < t1; t++ {
		if o, ok := x.operand(t); ok {
			x.at[o] = append(x.at[o], t)
		}
	}
	return x
}

// operand reports the operand whose name is token t, if one starts
// there: the name not itself a field, the field not called.
func (x *opIndex) operand(t int32) (operand, bool) {
	codes := x.f.codes
	if t < x.t0 || t+2 >= x.t1 || !isName(codes[t]) || t > 0 && token.Token(codes[t-1]) == token.PERIOD {
		return operand{}, false
	}
	switch token.Token(codes[t+1]) {
	case token.PERIOD:
		if !isName(codes[t+2]) || t+3 < x.t1 && token.Token(codes[t+3]) == token.LPAREN {
			return operand{}, false
		}
		return operand{x.vals[t-x.t0], x.vals[t+2-x.t0], false}, true
	case token.LBRACK:
		switch token.Token(codes[t+2]) {
		case token.INT, token.STRING, token.CHAR:
		default:
			return operand{}, false
		}
		if t+3 >= x.t1 || token.Token(codes[t+3]) != token.RBRACK {
			return operand{}, false
		}
		return operand{x.vals[t-x.t0], x.vals[t+2-x.t0], true}, true
	}
	return operand{}, false
}

// first returns the first token in r naming o.
func (x *opIndex) first(o operand, r [2]int32) (int32, bool) {
	ts := x.at[o]
	i, _ := slices.BinarySearch(ts, r[0])
	if i < len(ts) && ts[i] < r[1] {
		return ts[i], true
	}
	return 0, false
}

// keys counts, for each value and form (fields, or indexes), the
// different operands that tokens rs name: a link needs tests that name
// one.
func (x *opIndex) keys(rs [][2]int32) map[operand]int {
	seen := map[operand]bool{}
	n := map[operand]int{} // by value and form, key 0
	for _, r := range rs {
		for t := r[0]; t < r[1]; t++ {
			if p, ok := x.operand(t); ok && !seen[p] {
				seen[p] = true
				n[operand{base: p.base, index: p.index}]++
			}
		}
	}
	return n
}

// alone reports whether o is the only operand of its value and form that
// tests name, n counting them (keys).
func alone(n map[operand]int, o operand) bool {
	return n[operand{base: o.base, index: o.index}] == 1
}

// ifParts finds, for the if statement whose if is token t, the ranges of
// tokens that test (its init and condition, and the statement before it
// when that assigns a name the condition reads) and its body, between its
// braces.
func (x *opIndex) ifParts(t int32) (tests [][2]int32, body [2]int32, ok bool) {
	c0, c1, ok := condition(x.f.codes, t, x.t1)
	if !ok {
		return nil, body, false
	}
	if x.close[c1-x.t0] == 0 {
		return nil, body, false
	}
	end := x.close[c1-x.t0] - 1
	tests = [][2]int32{{t + 1, c1}}
	if p, ok := x.f.statementBefore(t); ok && p >= x.t0 && x.assignsRead(p, t, c0, c1) {
		tests = append(tests, [2]int32{p, t})
	}
	return tests, [2]int32{c1 + 1, end}, true
}

// statementBefore returns the first token of the statement right before
// the one starting at token t, in the same block, if there is one (as
// checksOwnResult finds it: the unit before in the block's units).
func (f *File) statementBefore(t int32) (int32, bool) {
	order, k := f.startingAt(t)
	for ; k < len(order) && f.units[order[k]].tok0 == t; k++ {
		if u := order[k]; !f.units[u].fn {
			if u == f.blocks[f.blockOf(u)].first {
				return 0, false
			}
			return f.units[u-1].tok0, true
		}
	}
	return 0, false
}

// assignsRead reports whether the statement of tokens [p, t) is an
// assignment (= or :=, or a var) of a name that the condition [c0, c1)
// reads. (An if or a for before it declares its names for itself.)
func (x *opIndex) assignsRead(p, t, c0, c1 int32) bool {
	codes := x.f.codes
	if !isName(codes[p]) && token.Token(codes[p]) != token.VAR {
		return false
	}
	assigned := map[uint64]bool{}
	for y := range atTop(codes, p, t) {
		switch tok := token.Token(codes[y]); {
		case tok == token.DEFINE || tok == token.ASSIGN:
			for z := c0; z < c1; z++ {
				if isName(codes[z]) && assigned[x.vals[z-x.t0]] {
					return true
				}
			}
			return false
		case isName(codes[y]):
			assigned[x.vals[y-x.t0]] = true
		}
	}
	return false
}

// A link is an operand that an if's tests name, alone of its value, and
// its body names too: tokens h and q, the first such in the body.
type link struct {
	o    operand
	h, q int32
}

// An ifLinks is an if statement, at token t, and the operands it links.
type ifLinks struct {
	t     int32
	links []link
}

// linksIn lists the if statements of x's range that link operands, and
// the set of the operands linked.
func linksIn(x *opIndex) (ifs []ifLinks, linked map[operand]bool) {
	linked = map[operand]bool{}
	for t := x.t0; t < x.t1; t++ {
		if token.Token(x.f.codes[t]) != token.IF {
			continue
		}
		tests, body, ok := x.ifParts(t)
		if !ok {
			continue
		}
		var ls []link
		for _, r := range tests {
			// Alone in its part: the if's own header, or the assignment
			// before it, each (e.globalCT, err = encode(…) then if err
			// != nil && e.err == nil links e.err).
			n := x.keys([][2]int32{r})
			for h := r[0]; h < r[1]; h++ {
				o, ok := x.operand(h)
				if !ok || !alone(n, o) {
					continue
				}
				if q, ok := x.first(o, body); ok {
					ls = append(ls, link{o, h, q})
					linked[o] = true
				}
			}
		}
		if len(ls) > 0 {
			ifs = append(ifs, ifLinks{t, ls})
		}
	}
	return ifs, linked
}

// funcLinks are the linked if statements of one function, and the
// operands linked, made once for all the pairs of its copies.
type funcLinks struct {
	ifs    []ifLinks
	linked map[operand]bool
}

// linksAround returns the links of the function declaration holding s
// (made once a function), or of s alone when none holds it. The
// operands the twin links are those of its whole function: a class of
// one if statement of docker's deleteEpFromResolver, whose message names
// hnsEp.IPv6Address, is told by the next if of its twin, which tests it.
func (d *detector) linksAround(s span) funcLinks {
	f := d.files[s.file]
	_, _, fn, ok := d.funcName(s)
	if !ok {
		t0, t1 := d.tokens(s)
		ifs, linked := linksIn(d.newOpIndex(f, t0, t1))
		return funcLinks{ifs, linked}
	}
	key := [2]int32{s.file, int32(fn)}
	if fl, ok := d.links.Load(key); ok {
		return fl.(funcLinks)
	}
	u := f.units[fn]
	ifs, linked := linksIn(d.newOpIndex(f, u.tok0, u.tok1))
	fl := funcLinks{ifs, linked}
	d.links.Store(key, fl)
	return fl
}

// keysDiffer reports whether a field or a literal index of one copy,
// matched to one of the other, has another name or value there: an
// operand one copy crosses is such a key, so that pairs without one are
// not read for crossed operands (which cost 3% of a run's CPU over the
// standard library read for every pair). vb gives the value index of
// each token of b (verifier.vb, as mismatches leaves it); nil for copies
// of the same tokens (a renamed class), read side by side.
func (d *detector) keysDiffer(al alignment, vb []int32) bool {
	fa, fb := d.files[al.a.file], d.files[al.b.file]
	a0, a1 := d.tokens(al.a)
	b0, _ := d.tokens(al.b)
	va, vb0 := fa.units[al.a.first].val0, fb.units[al.b.first].val0
	for t := a0; t < a1; t++ {
		c := fa.codes[t]
		if !hasValue(c) {
			continue
		}
		if isKey(fa.codes, a0, a1, t) {
			var w uint64
			switch {
			case vb == nil:
				w = fb.vals[vb0+va-fa.units[al.a.first].val0]
			case al.match[t-a0] >= 0 && hasValue(fb.codes[b0+al.match[t-a0]]):
				w = fb.vals[vb[al.match[t-a0]]]
			default:
				va++
				continue
			}
			if w != fa.vals[va] {
				return true
			}
		}
		va++
	}
	return false
}

// isKey reports whether token t of codes [t0, t1) is a field selected
// (after a period) or a literal that alone indexes (x[0]).
func isKey(codes []byte, t0, t1, t int32) bool {
	if t == t0 {
		return false
	}
	switch token.Token(codes[t]) {
	case token.IDENT:
		return token.Token(codes[t-1]) == token.PERIOD
	case token.INT, token.STRING, token.CHAR:
		return t+1 < t1 && token.Token(codes[t-1]) == token.LBRACK && token.Token(codes[t+1]) == token.RBRACK
	}
	return false
}

// crossedOperands finds the if statements where one copy crosses the
// operands its twin links (see above): forA are a's, forB b's.
func (d *detector) crossedOperands(al alignment) (forA, forB []Drift) {
	forB = d.crossedIn(al, al.a, al.b)
	forA = d.crossedIn(al, al.b, al.a)
	return forA, forB
}

// crossedIn returns the drifts of copy, crossing what twin links.
func (d *detector) crossedIn(al alignment, twin, copy span) []Drift {
	fl := d.linksAround(twin)
	if len(fl.ifs) == 0 {
		return nil
	}
	f, g := d.files[twin.file], d.files[copy.file]
	t0, t1 := d.tokens(twin)
	to := al.other(twin)
	// The twin's token t matched in the copy, -1 if not.
	match := func(t int32) int32 {
		if t < t0 || t >= t1 {
			return -1
		}
		if to == nil {
			return t - t0 // copies of the same tokens (a renamed class)
		}
		return to[t-t0]
	}
	var cx *opIndex // the copy's, made when an if of the twin is matched
	var out []Drift
	for _, x := range fl.ifs {
		y := match(x.t)
		if y < 0 {
			continue
		}
		if cx == nil {
			c0, c1 := d.tokens(copy)
			cx = d.newOpIndex(g, c0, c1)
		}
		y += cx.t0
		if token.Token(g.codes[y]) != token.IF {
			continue
		}
		ctests, cbody, ok := cx.ifParts(y)
		if !ok {
			continue
		}
		if dr, ok := crossedIf(f, cx, match, x.links, ctests, cbody, fl.linked); ok {
			out = append(out, dr)
		}
	}
	return out
}

// partOf is the one of rs that holds token t, as a list (none if none
// does).
func partOf(rs [][2]int32, t int32) [][2]int32 {
	for _, r := range rs {
		if r[0] <= t && t < r[1] {
			return [][2]int32{r}
		}
	}
	return nil
}

// crossedIf looks among the links of one if statement of the twin (of
// file f) for one the copy (cx) crosses, ctests and cbody the tests and
// body of the copy's if matched to it (match maps the twin's tokens):
// at the link's two places the copy names two different operands of one
// value, the part of its tests that names the one (its header, or the
// assignment before it) naming no other of that value and its body never
// the one they test, and each of the two is an operand an if of the twin
// links (linked). It returns the drift of the copy.
func crossedIf(f *File, cx *opIndex, match func(int32) int32, ls []link, ctests [][2]int32, cbody [2]int32, linked map[operand]bool) (Drift, bool) {
	// The operand at the twin's token t, matched in the copy.
	matched := func(t int32) (operand, int32, bool) {
		y := match(t)
		if y < 0 || match(t+2) != y+2 {
			return operand{}, 0, false
		}
		o, ok := cx.operand(cx.t0 + y)
		return o, cx.t0 + y, ok
	}
	for _, l := range ls {
		oh, yh, ok := matched(l.h)
		if !ok || oh.index != l.o.index {
			continue
		}
		ob, yq, ok := matched(l.q)
		if !ok || ob.base != oh.base || ob.index != oh.index || ob.key == oh.key || !alone(cx.keys(partOf(ctests, yh)), oh) {
			continue
		}
		if _, named := cx.first(oh, cbody); named {
			continue
		}
		// The copy's two operands, as the twin names its value.
		if !linked[operand{l.o.base, oh.key, l.o.index}] || !linked[operand{l.o.base, ob.key, l.o.index}] {
			continue
		}
		g := cx.f
		return Drift{Kind: DriftUnrenamed, Step: StepOperand,
			Lines:     LineRange{g.tokenLine(min(yh, yq)), g.tokenLine(max(yh, yq))},
			TwinLines: LineRange{f.tokenLine(min(l.h, l.q)), f.tokenLine(max(l.h, l.q))}}, true
	}
	return Drift{}, false
}
