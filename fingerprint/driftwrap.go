package fingerprint

// Lacked error wraps: a return whose value one copy wraps in a call with
// a message, the other returning it bare (see drift.go).

import (
	"cmp"
	"go/token"
	"slices"
)

// wraps finds the return statements of one copy that wrap a value the
// other returns bare in a call (return err against return
// fmt.Errorf("…: %w", err)): the twin lacks an error wrap; and, among
// the other unmatched tokens, a check one copy's condition adds
// (conditionCheck).
func (d *detector) wraps(al alignment) (forB, forA []Drift) {
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
			if u >= 0 && d.conditionCheck(&al, s, other, u, ts) {
				at := d.counterpartLines(al, s, u, other)
				out = append(out, Drift{Kind: DriftLacks, Step: StepCondition,
					Lines:     LineRange{at.Start, at.Start},
					TwinLines: d.tokenLines(s, ts[0], ts[len(ts)-1]+1)})
			} else if o0, o1, ok := d.boundsCheck(&al, s, other, u); ok {
				at := d.counterpartLines(al, s, u, other)
				out = append(out, Drift{Kind: DriftLacks, Step: StepBounds,
					Lines:     LineRange{at.Start, at.Start},
					TwinLines: d.tokenLines(s, o0, o1)})
			} else if o0, o1, at, ok := d.lenGuard(&al, s, other, u); ok {
				out = append(out, Drift{Kind: DriftLacks, Step: StepBounds,
					Lines:     d.files[other.file].tokenLineRange(at),
					TwinLines: d.tokenLines(s, o0, o1)})
			}
		}
		return out
	}
	forB = side(al.a, a0, seenA, al.seenB, al.addA, al.b)
	forA = side(al.b, b0, al.seenB, seenA, al.addB, al.a)
	return forB, forA
}

// wrappedReturns finds the added return statements of one copy that
// face one of the other's that returns the same thing bare: return err
// against return fmt.Errorf("…: %w", err), which an alignment may leave
// unmatched as a whole. Each such pair is taken out of the added
// statements: the copy with the bare return lacks an error wrap.
func (d *detector) wrappedReturns(al *alignment) (forB, forA []Drift) {
	return d.facingDrifts(al, DriftLacks, StepWrap, func(with, without span, r, q []int32) (lo, hi int32, ok bool) {
		return r[0], r[1], wrapOf(d.files[with.file].codes[r[0]:r[1]], d.files[without.file].codes[q[0]:q[1]])
	})
}

// facingDrifts takes out of the alignment's added statements each pair
// of one copy's and the other's that face each other (each replaced the
// other) where lacked says that statement q of without lacks what
// statement r of with has, tokens [lo, hi) of it, and returns the drifts
// (of kind and step) of the copies without.
func (d *detector) facingDrifts(al *alignment, kind DriftKind, step string, lacked func(with, without span, r, q []int32) (lo, hi int32, ok bool)) (forB, forA []Drift) {
	for i := 0; i < len(al.addA); i += 2 {
		for j := 0; j < len(al.addB); j += 2 {
			if !al.facing(i/2, j/2) {
				continue
			}
			ra, rb := al.addA[i:i+2], al.addB[j:j+2]
			if lo, hi, ok := lacked(al.a, al.b, ra, rb); ok {
				forB = append(forB, Drift{Kind: kind, Step: step,
					Lines: d.tokenLines(al.b, rb[0], rb[1]), TwinLines: d.tokenLines(al.a, lo, hi)})
			} else if lo, hi, ok := lacked(al.b, al.a, rb, ra); ok {
				forA = append(forA, Drift{Kind: kind, Step: step,
					Lines: d.tokenLines(al.a, ra[0], ra[1]), TwinLines: d.tokenLines(al.b, lo, hi)})
			} else {
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
// own type (float64(sorted[n/2]) against s[n/2]); nor does a wrap build a
// composite literal (go-critic's checkers return astwalk.WalkerFor…(c,
// …), nil and astwalk.WalkerForFuncDecl(&hugeParamChecker{…
// info.Params.Int("sizeThreshold") …}), nil: said to lack an error wrap).
func wrapCodes(added []byte) bool {
	opens, closes, message := 0, 0, false
	for _, c := range added {
		switch token.Token(c) {
		case token.LBRACE, token.RBRACE:
			return false
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
// unit of its file that holds it, or -1 (of two units of the same
// tokens, the later).
//
// Units nest, as the nodes of the syntax tree they are: in one sweep of
// the tokens, the units open at a token are a stack, and the innermost is
// its top. Painting each unit's tokens, the largest first, read each
// token once for every unit holding it: two copies of 30,000 nested ifs
// painted 450 million.
func (d *detector) innermostUnits(s span) []int32 {
	f := d.files[s.file]
	t0, t1 := d.tokens(s)
	var us []int32
	f.unitsIn(t0, t1, func(i int32) {
		if f.units[i].tok1 > f.units[i].tok0 {
			us = append(us, i)
		}
	})
	// By start, the larger first; of two of the same tokens, the later
	// on top.
	slices.SortFunc(us, func(x, y int32) int {
		ux, uy := &f.units[x], &f.units[y]
		return cmp.Or(cmp.Compare(ux.tok0, uy.tok0), cmp.Compare(uy.tok1, ux.tok1), cmp.Compare(x, y))
	})
	inner := filled(int(t1-t0), -1)
	var open []int32
	for t, k := t0, 0; t < t1; t++ {
		for len(open) > 0 && f.units[open[len(open)-1]].tok1 <= t {
			open = open[:len(open)-1]
		}
		for ; k < len(us) && f.units[us[k]].tok0 == t; k++ {
			open = append(open, us[k])
		}
		if len(open) > 0 {
			inner[t-t0] = open[len(open)-1]
		}
	}
	d.readTokens(t1 - t0)
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
