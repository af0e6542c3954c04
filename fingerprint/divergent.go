package fingerprint

import (
	"bytes"
	"cmp"
	"go/token"
	"go/types"
	"slices"
)

// A divergent class is a near-miss class whose copies were the same until
// one received a small change the other lacks: a guard, an assignment, a
// nil check, an extra return. The rule, for the class's first fragment a
// and each other fragment b:
//
//  1. Align their canonical tokens (Myers' diff, as verification does).
//  2. An added statement is an outermost statement of one copy at least
//     two thirds of whose tokens the alignment leaves unmatched (an
//     alignment may match a stray name or bracket of an inserted
//     statement elsewhere; two thirds is robust to that).
//  3. If both copies have added statements, the difference is a
//     substitution: not divergent. If neither has, not divergent. An
//     added case clause is not divergent either: copies of a switch
//     that handle different sets of values are that on purpose (measured
//     on the standard library, most added cases were).
//  4. Take the added statements out of the copy that has them and align
//     again. Each must have been a pure insertion: the tokens of the
//     other copy on either side of where it was are matched, and are
//     next to each other. If not, it replaced something: not divergent.
//     Everything that still differs — unmatched tokens on either
//     side, names that break the consistent renaming, table values that
//     differ — counts as other.
//  5. a and b diverge when there are 1 to divergeMaxStatements added
//     statements, of at most divergeMaxAdded tokens in all, and other is
//     at most divergeMaxOther tokens.
//
// A class is divergent when its first fragment diverges from at least one
// other; each fragment's Extra lists the lines of the statements it has
// and a copy lacks, and a fragment that lacks them has Lacks set.
const (
	divergeMaxStatements = 3
	divergeMaxAdded      = 40
	divergeMaxOther      = 12
	divergeMaxD          = divergeMaxAdded + 2*divergeMaxOther
)

// A divergence is what two aligned spans differ by.
type divergence struct {
	added       []int32 // token ranges [t0, t1) of the added statements, in pairs
	inA         bool    // the added statements are in a (else in b)
	stmts       int     // added statements
	addedTokens int
	other       int // differing tokens that are not added statements
}

// diverges applies the rule above.
func (v divergence) diverges() bool {
	return v.stmts > 0 && v.stmts <= divergeMaxStatements &&
		v.addedTokens <= divergeMaxAdded && v.other <= divergeMaxOther
}

// markDivergent sets c.Divergent and the fragments' Extra lines; ss are
// the spans of c's fragments, in the same order.
func (d *detector) markDivergent(v *verifier, c *Class, ss []span) {
	extra := make([][]int, len(ss))
	for i := 1; i < len(ss); i++ {
		dv := d.divergence(v, ss[0], ss[i])
		if !dv.diverges() {
			continue
		}
		c.Divergent = true
		at, lacks := i, 0
		if dv.inA {
			at, lacks = 0, i
		}
		extra[at] = d.appendLines(extra[at], ss[at].file, dv.added)
		c.Fragments[lacks].Lacks = true
	}
	for i, lines := range extra {
		slices.Sort(lines)
		c.Fragments[i].Extra = lineRanges(slices.Compact(lines))
	}
}

// appendLines appends the lines of the token ranges rs of file fi.
func (d *detector) appendLines(lines []int, fi int32, rs []int32) []int {
	f := d.files[fi]
	for i := 0; i < len(rs); i += 2 {
		for l := f.tokenLine(rs[i]); l <= f.tokenLine(rs[i+1]-1); l++ {
			lines = append(lines, l)
		}
	}
	return lines
}

// divergence finds the statements one of a and b adds: on a first
// alignment, the outermost statements of one copy whose tokens are
// mostly unmatched. With those taken out, the copies are aligned again,
// and what still differs is counted. Statements mostly unmatched in both
// copies are a substitution, not an addition: no divergence.
func (d *detector) divergence(v *verifier, a, b span) divergence {
	ca, cb := d.codes(a), d.codes(b)
	// A divergent pair differs by at most the added tokens and twice the
	// others (a substitution is a deletion and an insertion): a bounded
	// diff gives up early on the others.
	match, ok := v.df.align(ca, cb, divergeMaxD)
	if !ok {
		return divergence{}
	}
	seenB := make([]bool, len(cb))
	for _, y := range match {
		if y >= 0 {
			seenB[y] = true
		}
	}
	seenA := make([]bool, len(ca))
	for x, y := range match {
		seenA[x] = y >= 0
	}
	addA, addB := d.addedStmts(a, seenA), d.addedStmts(b, seenB)
	dv := divergence{inA: len(addA) > 0, added: addA}
	if len(addA) > 0 == (len(addB) > 0) {
		return divergence{} // none, or a substitution
	}
	if d.addsCase(a, addA) || d.addsCase(b, addB) {
		return divergence{} // one more case: copies for different sets of values
	}
	if !d.missedSteps(a, addA) || !d.missedSteps(b, addB) {
		return divergence{} // a step of another kind: a variant's own
	}
	if len(addB) > 0 {
		dv.added = addB
	}
	with, without := a, b
	if !dv.inA {
		with, without = b, a
	}
	if d.ownNames(with, without, dv.added) {
		return divergence{} // a step on what only one variant has
	}
	if d.listItems(with, dv.added) {
		return divergence{} // one more item of a list
	}
	for i := 0; i < len(dv.added); i += 2 {
		dv.stmts++
		dv.addedTokens += int(dv.added[i+1] - dv.added[i])
	}
	if dv.stmts > divergeMaxStatements || dv.addedTokens > divergeMaxAdded {
		return dv
	}
	match, pure := d.alignWithout(v, a, b, dv)
	if !pure {
		return divergence{} // a substitution
	}
	names, values := d.mismatches(v, a, b, match, nil)
	matched := 0
	for _, y := range match {
		if y >= 0 {
			matched++
		}
	}
	dv.other = names + values + len(ca) + len(cb) - 2*matched - dv.addedTokens
	return dv
}

// addedStmts lists, as token ranges in pairs, the outermost statements of
// s that hold at least two thirds of unmatched tokens (seen[i] is false
// for the i-th token of s if it is unmatched).
func (d *detector) addedStmts(s span, seen []bool) []int32 {
	f := d.files[s.file]
	t0, t1 := d.tokens(s)
	var rs [][2]int32
	for _, u := range f.units {
		if u.fn || u.tok0 < t0 || u.tok1 > t1 {
			continue
		}
		unmatched := 0
		for t := u.tok0; t < u.tok1; t++ {
			if !seen[t-t0] {
				unmatched++
			}
		}
		if 3*unmatched >= 2*int(u.tok1-u.tok0) {
			rs = append(rs, [2]int32{u.tok0, u.tok1})
		}
	}
	// Keep the outermost: sorted by start, then by end from the largest.
	slices.SortFunc(rs, func(x, y [2]int32) int { return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(y[1], x[1])) })
	var out []int32
	for _, r := range rs {
		if n := len(out); n > 0 && r[0] < out[n-1] {
			continue
		}
		out = append(out, r[0], r[1])
	}
	return out
}

// ownNames reports whether the added statements rs of span with name
// something that the copy without them never names: a variable, a label,
// a function or a type of that variant's own (readFloat's underscores,
// a distInfo table only one copy consults), or a field or method selected
// from a name with uses elsewhere in the copy (obj.ReinvocationPolicy,
// tx.BlobFeeCap). Such a step is what only that variant has. Names the
// added statements declare, the predeclared ones, and a name used only
// in the added lines to select from (a package: promslog.NewNopLogger)
// say nothing of the kind.
func (d *detector) ownNames(with, without span, rs []int32) bool {
	added := func(t int32) bool {
		for i := 0; i < len(rs); i += 2 {
			if rs[i] <= t && t < rs[i+1] {
				return true
			}
		}
		return false
	}
	codes := d.files[with.file].codes
	at := func(t int32) token.Token {
		if t < 0 || int(t) >= len(codes) {
			return token.ILLEGAL
		}
		return token.Token(codes[t])
	}
	// The names used outside the added lines, those of the other copy,
	// and, in the added lines, the names declared and those named.
	elsewhere, other, declared := map[uint64]bool{}, map[uint64]bool{}, map[uint64]bool{}
	type use struct {
		tok  int32
		name uint64
		from uint64 // for a selection x.name, x's name; else 0
	}
	var uses []use
	prevTok, prevVal := int32(-1), uint64(0) // the last name met
	d.eachValue(with, func(t int32, c byte, v uint64) {
		if !isName(c) {
			return
		}
		switch {
		case !added(t):
			elsewhere[v] = true
		case at(t-1) == token.PERIOD:
			if prevTok == t-2 && added(prevTok) {
				uses = append(uses, use{t, v, prevVal})
			}
		case declares(codes, t) || at(t-1) == token.VAR:
			declared[v] = true
		default:
			uses = append(uses, use{tok: t, name: v})
		}
		prevTok, prevVal = t, v
	})
	d.eachValue(without, func(_ int32, c byte, v uint64) {
		if isName(c) {
			other[v] = true
		}
	})
	return slices.ContainsFunc(uses, func(u use) bool {
		switch {
		case other[u.name] || declared[u.name] || predeclared[u.name]:
			return false
		case u.from != 0:
			return elsewhere[u.from] // a field or method of a value the copy has
		case at(u.tok+1) == token.PERIOD:
			return elsewhere[u.name] // selected from: a package, if only here
		}
		return true
	})
}

// listItems reports whether an added statement of rs, of span s, has the
// canonical tokens of the statement before or after it in its block: it
// is one more item of a list of such steps (a field copied, a key
// compared, a value checked), which variants have in different numbers.
// Which item of the list is the added one, the alignment cannot tell.
func (d *detector) listItems(s span, rs []int32) bool {
	f := d.files[s.file]
	for i := 0; i < len(rs); i += 2 {
		u := slices.IndexFunc(f.units, func(u unit) bool { return !u.fn && u.tok0 == rs[i] && u.tok1 == rs[i+1] })
		if u < 0 {
			continue
		}
		b := f.blocks[f.blockOf(int32(u))]
		same := func(v int) bool {
			return v >= int(b.first) && v < int(b.last) && f.units[v].hash == f.units[u].hash &&
				bytes.Equal(f.codes[f.units[v].tok0:f.units[v].tok1], f.codes[rs[i]:rs[i+1]])
		}
		if same(u-1) || same(u+1) {
			return true
		}
	}
	return false
}

// declares reports whether the name at token t is declared there: it
// stands, alone or in a list of names, left of :=.
func declares(codes []byte, t int32) bool {
	for t++; int(t) < len(codes); t += 2 {
		switch token.Token(codes[t]) {
		case token.DEFINE:
			return true
		case token.COMMA:
			if int(t+1) >= len(codes) || !isName(codes[t+1]) {
				return false
			}
		default:
			return false
		}
	}
	return false
}

// predeclared are the name hashes of Go's predeclared identifiers, which
// a statement may name without either copy declaring them.
var predeclared = func() map[uint64]bool {
	m := map[uint64]bool{}
	for _, n := range types.Universe.Names() {
		m[hashBytes([]byte(n))] = true
	}
	return m
}()

// zeroHash is the value hash of the literal 0.
var zeroHash = hashBytes([]byte("0"))

// panicHash is the name hash of panic.
var panicHash = hashBytes([]byte("panic"))

// missedSteps reports whether every added statement rs of s is a step a
// copy plausibly should also have (see missedStep).
func (d *detector) missedSteps(s span, rs []int32) bool {
	for i := 0; i < len(rs); i += 2 {
		if !d.missedStep(s.file, rs[i], rs[i+1]) {
			return false
		}
	}
	return true
}

// missedStep reports whether the statement of tokens [t0, t1) of file fi
// is of the kinds that strict readings found missing from a copy by
// mistake: a guard — an if statement that compares with nil or zero, or
// whose body returns, breaks, continues, jumps or panics (mprof's
// "if r.Count == 0", a nil check of a logger) — or a flag set, a name
// assigned true or false (mbitmap's "bad = true", "applied = true").
// Other added statements were, read in the standard library and the
// corpus, mostly what one variant needs and the other does not: a log
// line, a field of its own configuration, an option only it has.
func (d *detector) missedStep(fi, t0, t1 int32) bool {
	f := d.files[fi]
	codes := f.codes[t0:t1]
	if len(codes) == 3 && isName(codes[0]) && token.Token(codes[1]) == token.ASSIGN && (codes[2] == codeTrue || codes[2] == codeFalse) {
		return true
	}
	if len(codes) == 0 || token.Token(codes[0]) != token.IF {
		return false
	}
	v := d.valueAt(f, t0)
	depth, inBody := 0, false
	prev := byte(0)
	for t := t0; t < t1; t++ {
		c := f.codes[t]
		var val uint64
		if hasValue(c) {
			val = f.vals[v]
			v++
		}
		switch tok := token.Token(c); {
		case !inBody && depth == 0 && tok == token.LBRACE:
			inBody = true
		case tok == token.LPAREN || tok == token.LBRACK || tok == token.LBRACE:
			depth++
		case tok == token.RPAREN || tok == token.RBRACK || tok == token.RBRACE:
			depth--
		case !inBody && c == codeNil:
			return true
		case !inBody && tok == token.INT && val == zeroHash && isComparison(prev):
			return true
		case !inBody && isComparison(c) && t+1 < t1 && token.Token(f.codes[t+1]) == token.INT && f.vals[v] == zeroHash:
			return true
		case inBody && (tok == token.RETURN || tok == token.CONTINUE || tok == token.BREAK || tok == token.GOTO):
			return true
		case inBody && isName(c) && val == panicHash:
			return true
		}
		prev = c
	}
	return false
}

func isComparison(c byte) bool {
	switch token.Token(c) {
	case token.EQL, token.NEQ, token.LSS, token.GTR, token.LEQ, token.GEQ:
		return true
	}
	return false
}

// valueAt is the index in f.vals of the first value at or after token t.
func (d *detector) valueAt(f *File, t int32) int32 {
	// The unit that starts at or before t nearest to it knows its first
	// value; count on from there.
	best := -1
	for i, u := range f.units {
		if u.tok0 <= t && (best < 0 || u.tok0 > f.units[best].tok0) {
			best = i
		}
	}
	v, from := int32(0), int32(0)
	if best >= 0 {
		v, from = f.units[best].val0, f.units[best].tok0
	}
	for ; from < t; from++ {
		if hasValue(f.codes[from]) {
			v++
		}
	}
	return v
}

// addsCase reports whether one of the added statements rs of s is a case
// clause.
func (d *detector) addsCase(s span, rs []int32) bool {
	codes := d.files[s.file].codes
	for i := 0; i < len(rs); i += 2 {
		switch token.Token(codes[rs[i]]) {
		case token.CASE, token.DEFAULT:
			return true
		}
	}
	return false
}

// alignWithout aligns a and b with the added statements taken out of the
// copy that has them, and returns the alignment of a against b. pure is
// false if a statement taken out has, where it was, unmatched tokens of
// the other copy beside it: then the statement replaced something.
func (d *detector) alignWithout(v *verifier, a, b span, dv divergence) (match []int32, pure bool) {
	ca, cb := d.codes(a), d.codes(b)
	in, other, t0 := cb, ca, int32(0)
	if dv.inA {
		in, other = ca, cb
		t0, _ = d.tokens(a)
	} else {
		t0, _ = d.tokens(b)
	}
	kept := make([]byte, 0, len(in))
	index := make([]int32, 0, len(in)) // index in `in` of each kept token
	gaps := []int{}                    // the kept index each taken-out statement comes before
	next := 0
	for i := range in {
		if next < len(dv.added) && int32(i)+t0 >= dv.added[next+1] {
			next += 2
		}
		if next < len(dv.added) && int32(i)+t0 >= dv.added[next] {
			if int32(i)+t0 == dv.added[next] {
				gaps = append(gaps, len(kept))
			}
			continue
		}
		kept = append(kept, in[i])
		index = append(index, int32(i))
	}
	// to[k] is the token of the other copy matched to kept[k], or -1.
	var to []int32
	if dv.inA {
		m, ok := v.df.align(kept, other, divergeMaxD)
		if !ok {
			return nil, false
		}
		to = m
		match = make([]int32, len(ca))
		for i := range match {
			match[i] = -1
		}
		for k, y := range m {
			match[index[k]] = y
		}
	} else {
		m, ok := v.df.align(other, kept, divergeMaxD)
		if !ok {
			return nil, false
		}
		match = slices.Clone(m)
		to = make([]int32, len(kept))
		for i := range to {
			to[i] = -1
		}
		for x, y := range m {
			if y >= 0 {
				match[x] = index[y]
				to[y] = int32(x)
			}
		}
	}
	for _, k := range gaps {
		before, after := int32(-1), int32(len(other))
		if k > 0 {
			before = to[k-1]
		}
		if k < len(to) {
			after = to[k]
		}
		if before < -1 || after < 0 || k > 0 && before < 0 || after != before+1 {
			return match, false
		}
	}
	return match, true
}

// A Signal says how likely a class is to be worth a reader's time: its
// category, a score from 0 (least) to 100 (most) and the reason, in words.
// The engine leaves it empty; the report package ranks classes.
type Signal struct {
	Category string // "" for copies someone should merge or keep in step
	Score    int
	Reason   string
	// Apart says why the class is left out of the short list that a
	// report shows by default; "" when it is on it.
	Apart string
	// Shape is how the functions holding the first two copies are named,
	// which ranking weighs (see package report's shapes); "" for none.
	Shape string
	// Categorised says that Category and Shape were found already (from the files'
	// contents, which a result stored in the index was found with), so
	// that ranking need not read the files again.
	Categorised bool
}
