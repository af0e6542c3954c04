package fingerprint

import (
	"bytes"
	"go/token"
	"slices"
)

// A discarded value: one copy assigns a call's result to a name and
// compares it with nil in the next statement (top, err := tx.CreateBucketIfNotExists(
// name) then if err != nil { return err }), where its twin assigns the
// same call's result to the blank identifier and goes on (b, _ :=
// tx.CreateBucketIfNotExists(name)). The copy with the blank drops the
// error (or the ok) that its twin checks (DriftDiscards). Unlike a lacked
// step, this is evidence in the two statements alone: the twin's check
// is of what both copies compute, and the blank says the copy saw the
// value and threw it away. So it counts even in a pair of copies edited
// throughout (read blind, bbolt's benchmark writers: the plain writer
// drops CreateBucketIfNotExists's error that the nested one checks,
// bench/readings/2026-12-04-ranking.md, and the pair was edited
// throughout).

// blankHash is the value hash of the blank identifier.
var blankHash = hashBytes([]byte("_"))

// discards reports whether the added statement [t0, t1) of with is an
// if that compares with nil a name the statement before it assigns (an
// error; an ok of a type assertion or a map read is discarded on
// purpose, where the value is known to be there), where without
// has the blank identifier in that name's place (to maps with's tokens
// to without's, relative to the spans' starts). blank is without's blank
// token and assign the statement that assigns the checked name.
func (d *detector) discards(al *alignment, with, without span, t0, t1 int32, to []int32) (blank int32, assign unit, ok bool) {
	f := d.files[with.file]
	u := f.stmtAt(t0, t1)
	if u < 0 || token.Token(f.codes[t0]) != token.IF || d.stepKind(with.file, int32(u)) == "" {
		return 0, unit{}, false
	}
	b := f.blocks[f.blockOf(int32(u))]
	if int32(u) == b.first {
		return 0, unit{}, false
	}
	prev := f.units[u-1]
	w0, _ := d.tokens(with)
	if prev.tok0 < w0 {
		return 0, unit{}, false
	}
	checked := d.nilChecked(f, f.units[u])
	g := d.files[without.file]
	o0, o1 := d.tokens(without)
	v := prev.val0
	for t := prev.tok0; t < prev.tok1; t++ {
		c := f.codes[t]
		switch {
		case isName(c):
			if y := to[t-w0]; y >= 0 && o0+y < o1 && slices.Contains(checked, f.vals[v]) && f.vals[v] != blankHash {
				if yt := o0 + y; isName(g.codes[yt]) && g.vals[d.valueAt(g, yt)] == blankHash && d.sameCallee(al, with, f, t, prev.tok1, g, yt, o1) {
					return yt, prev, true
				}
			}
		case token.Token(c) == token.COMMA:
		default:
			// Past the names the statement assigns.
			return 0, unit{}, false
		}
		if hasValue(c) {
			v++
		}
	}
	return 0, unit{}, false
}

// sameCallee reports whether the assignments at tokens t of f (with's)
// and u of g (a name each assigns; the statements end by f1 and g1)
// assign what calls of one function return: the name before the first (
// after the := or =, the same, or one the copy renamed throughout (a
// parameter normBase renamed in the paste). Aligned by their shape alone,
// two assignments of different calls are not one statement
// (go-ethereum's traverseRawState dropping reader.Node's error was said
// to drop what traverseState checks of traverseStorage, another call).
func (d *detector) sameCallee(al *alignment, with span, f *File, t, f1 int32, g *File, u, g1 int32) bool {
	a, okA := d.callee(f, t, f1)
	b, okB := d.callee(g, u, g1)
	return okA && okB && (a == b || d.renamedInCopy(al, with, a))
}

// callee is the name hash of the function whose call the assignment at
// token t (before its := or =) of f assigns, the statement ending by end.
func (d *detector) callee(f *File, t, end int32) (uint64, bool) {
	for ; t < end && token.Token(f.codes[t]) != token.DEFINE && token.Token(f.codes[t]) != token.ASSIGN; t++ {
	}
	for t++; t < end; t++ {
		if token.Token(f.codes[t]) == token.LPAREN {
			if isName(f.codes[t-1]) {
				return f.vals[d.valueAt(f, t-1)], true
			}
			return 0, false
		}
	}
	return 0, false
}

// nilChecked lists the name hashes an if statement's condition compares
// with nil (err != nil, nil == v), after its init statement.
func (d *detector) nilChecked(f *File, u unit) []uint64 {
	c0, c1, ok := condition(f.codes, u.tok0, u.tok1)
	if !ok {
		return nil
	}
	var names []uint64
	at := func(t int32) token.Token {
		if t < c0 || t >= c1 {
			return token.ILLEGAL
		}
		return token.Token(f.codes[t])
	}
	compared := func(t int32) bool { return at(t) == token.EQL || at(t) == token.NEQ }
	v := d.valueAt(f, c0)
	for t := c0; t < c1; t++ {
		c := f.codes[t]
		if isName(c) && at(t-1) != token.PERIOD && (compared(t+1) && at(t+2) == token.Token(codeNil) || compared(t-1) && at(t-2) == token.Token(codeNil)) {
			names = append(names, f.vals[v])
		}
		if hasValue(c) {
			v++
		}
	}
	return names
}

// StepUnchecked is the Step of a DriftDiscards that drops a call's
// results whole: the copy makes the call as a statement of its own where
// its twin checks what it returns in an if's init statement.
const StepUnchecked = "unchecked call"

// uncheckedCalls finds the if statements of with whose init statement
// assigns a call's results to names the condition compares with nil (if
// err := c.Close(); err != nil { … }, see checkedCall), where without
// makes the same call as a statement alone (c.Close()): the copy without
// drops the error its twin checks. Like a blank, the two statements alone
// are the evidence. An if that the alignment takes for an added statement
// is uncheckedAdded's.
func (d *detector) uncheckedCalls(al alignment, with, without span) []Drift {
	f, g := d.files[with.file], d.files[without.file]
	w0, w1 := d.tokens(with)
	o0, _ := d.tokens(without)
	to := al.other(with)
	var out []Drift
	f.unitsIn(w0, w1, func(i int32) {
		u := f.units[i]
		call0, call1, ok := d.checkedCall(f, u)
		if !ok {
			return
		}
		// The call, matched to a statement of its own: from its end back,
		// token for token (its first, a name, the alignment may have
		// given to the name the init assigns), the same codes.
		last := to[call1-1-w0]
		if last < 0 {
			return
		}
		m1 := o0 + last + 1
		m0 := m1 - (call1 - call0)
		for t := call0 + 1; t < call1; t++ {
			if to[t-w0] != last-(call1-1-t) {
				return
			}
		}
		if m0 < o0 || !bytes.Equal(g.codes[m0:m1], f.codes[call0:call1]) || g.stmtAt(m0, m1) < 0 {
			return
		}
		out = append(out, Drift{Kind: DriftDiscards, Step: StepUnchecked,
			Lines: d.tokenLines(without, m0, m1), TwinLines: d.tokenLines(with, u.tok0, u.tok1)})
	})
	return out
}

// uncheckedAdded finds the added statements of one copy that are such an
// if (see uncheckedCalls) facing an added statement of the other that is
// its call alone, which an alignment may leave unmatched as wholes; each
// such pair is taken out of the added statements.
func (d *detector) uncheckedAdded(al *alignment) (forB, forA []Drift) {
	return d.facingDrifts(al, DriftDiscards, StepUnchecked, func(ws, wos span, r, q []int32) (lo, hi int32, ok bool) {
		with, without := d.files[ws.file], d.files[wos.file]
		u := with.stmtAt(r[0], r[1])
		if u < 0 {
			return 0, 0, false
		}
		call0, call1, ok := d.checkedCall(with, with.units[u])
		return r[0], r[1], ok && bytes.Equal(with.codes[call0:call1], without.codes[q[0]:q[1]])
	})
}

// checkedCall returns the call of unit u of f when u is an if whose init
// statement assigns the call's results to names and whose condition
// compares one of them with nil: if err := c.Close(); err != nil. The
// call ends at a closing parenthesis that a name follows: canonical
// codes keep no semicolon, and the condition starts there.
func (d *detector) checkedCall(f *File, u unit) (call0, call1 int32, ok bool) {
	if u.fn || token.Token(f.codes[u.tok0]) != token.IF {
		return 0, 0, false
	}
	assign := int32(-1)
	for t := u.tok0 + 1; t < u.tok1 && assign < 0; t++ {
		switch c := f.codes[t]; {
		case token.Token(c) == token.DEFINE || token.Token(c) == token.ASSIGN:
			assign = t
		case !isName(c) && token.Token(c) != token.COMMA:
			return 0, 0, false
		}
	}
	if assign < 0 {
		return 0, 0, false
	}
	call0, call1 = assign+1, -1
	depth := 0
	for t := call0; t+1 < u.tok1 && call1 < 0; t++ {
		switch token.Token(f.codes[t]) {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			depth--
			if depth == 0 && token.Token(f.codes[t]) == token.RPAREN && isName(f.codes[t+1]) {
				call1 = t + 1
			}
		}
	}
	if call1 < 0 || call1-call0 < 3 {
		return 0, 0, false
	}
	checked := d.nilChecked(f, u)
	v := d.valueAt(f, u.tok0+1)
	for t := u.tok0 + 1; t < assign; t++ {
		if isName(f.codes[t]) {
			if f.vals[v] != blankHash && slices.Contains(checked, f.vals[v]) {
				return call0, call1, true
			}
			v++
		}
	}
	return 0, 0, false
}
