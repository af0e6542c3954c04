package fingerprint

import (
	"bytes"
	"go/token"
	"iter"
	"slices"
)

// A condition's check: one copy's if tests one thing more than its
// twin's, the same condition with one more operand of a top-level && or
// || (if secret == nil || secret.Data == nil against if secret.Data ==
// nil; if e != nil || l.err against if e != nil; if field.Names != nil &&
// a == b against if a == b). The operand must be a check: a comparison
// with nil, zero or the empty string, or a name or a field read as a
// flag, negated or not. The twin lacks it (DriftLacks, StepCondition):
// the copy with it was fixed, or the other slipped. Three of the twelve
// inconsistencies a blind reader filed in sixteen modules were of this
// shape (bench/readings/2026-12-04-listing.md); of the two such drifts
// in sixteen other modules neither was a bug
// (bench/readings/2026-12-04-drift.md), but of the ten more found since
// in twenty-nine modules, read blind, five were
// (bench/readings/2026-12-04-fresh.md): more than any other step, so it
// is the strongest evidence (Drift.Strength 3). The empty string counts
// as zero from the same reading (docker compose's secret mounts lack the
// configs' `|| Content != ""`).

// conditionCheck reports whether the unmatched tokens ts of unit u of s
// (all of them in that statement, not in one inside it) are a check
// added to its condition: its twin in the other copy, the if that s's
// if token is matched to (to maps s's tokens to the other's), has the
// same condition without it.
func (d *detector) conditionCheck(al *alignment, s, other span, u int32, ts []int32) bool {
	if len(ts) < 2 {
		return false
	}
	c0, c1, gt, ok := d.matchedIf(al, s, other, u)
	if !ok || ts[0] < c0 || ts[len(ts)-1] >= c1 {
		return false
	}
	f, g := d.files[s.file], d.files[other.file]
	d0, d1, ok := condition(g.codes, gt, int32(len(g.codes)))
	if !ok {
		return false
	}
	twin := g.codes[d0:d1]
	for _, op := range operands(f.codes, c0, c1) {
		// op[0:2] is the operand, op[2:4] the operand and its operator.
		if int(op[3]-op[2]) != len(ts) || int(c1-c0)-len(ts) != len(twin) {
			continue
		}
		rest := append(slices.Clip(f.codes[c0:op[2]]), f.codes[op[3]:c1]...)
		if bytes.Equal(rest, twin) && d.isCheck(f, op[0], op[1]) {
			// A check of a name the twin never names is what this
			// variant has of its own.
			return !d.ownNames(al, s, other, []int32{op[0], op[1]}, true)
		}
	}
	return false
}

// matchedIf reports whether unit u of s is an if statement whose if the
// alignment matches to an if of the other copy (at token gt of its file),
// and returns the condition of u, tokens [c0, c1).
func (d *detector) matchedIf(al *alignment, s, other span, u int32) (c0, c1, gt int32, ok bool) {
	if u < 0 {
		return 0, 0, 0, false
	}
	f := d.files[s.file]
	un := f.units[u]
	if token.Token(f.codes[un.tok0]) != token.IF {
		return 0, 0, 0, false
	}
	if c0, c1, ok = condition(f.codes, un.tok0, un.tok1); !ok {
		return 0, 0, 0, false
	}
	t0, _ := d.tokens(s)
	y := al.other(s)[un.tok0-t0]
	if y < 0 {
		return 0, 0, 0, false
	}
	g0, _ := d.tokens(other)
	if gt = g0 + y; token.Token(d.files[other.file].codes[gt]) != token.IF {
		return 0, 0, 0, false
	}
	return c0, c1, gt, true
}

// condition finds the condition of the if statement at codes[t0], which
// ends before t1: after its init statement, if any, up to its body's
// brace.
func condition(codes []byte, t0, t1 int32) (c0, c1 int32, ok bool) {
	c0 = t0 + 1
	depth := 0
	for t := t0 + 1; t < t1; t++ {
		switch token.Token(codes[t]) {
		case token.LPAREN, token.LBRACK:
			depth++
		case token.RPAREN, token.RBRACK:
			depth--
		case token.LBRACE:
			if depth == 0 {
				return c0, t, c0 < t
			}
			depth++
		case token.RBRACE:
			depth--
		case token.SEMICOLON:
			if depth == 0 {
				c0 = t + 1
			}
		}
	}
	return 0, 0, false
}

// operands lists the operands of the top-level && and || of the
// condition [c0, c1), if it has any: each as its tokens' range and the
// range with the operator that joins it to the rest (the one after it,
// for the first operand; else the one before it).
func operands(codes []byte, c0, c1 int32) [][4]int32 {
	ops := []int32{c0 - 1}
	for t := range atTop(codes, c0, c1) {
		if tok := token.Token(codes[t]); tok == token.LAND || tok == token.LOR {
			ops = append(ops, t)
		}
	}
	ops = append(ops, c1)
	if len(ops) < 3 {
		return nil // no && or ||: nothing was added to a condition
	}
	var out [][4]int32
	for i := 0; i+1 < len(ops); i++ {
		o0, o1 := ops[i]+1, ops[i+1]
		if i == 0 {
			out = append(out, [4]int32{o0, o1, o0, o1 + 1})
		} else {
			out = append(out, [4]int32{o0, o1, ops[i], o1})
		}
	}
	return out
}

// atTop yields the tokens of codes [t0, t1) that no bracket opened in
// that range holds, brackets aside.
func atTop(codes []byte, t0, t1 int32) iter.Seq[int32] {
	return func(yield func(int32) bool) {
		depth := 0
		for t := t0; t < t1; t++ {
			switch token.Token(codes[t]) {
			case token.LPAREN, token.LBRACK, token.LBRACE:
				depth++
			case token.RPAREN, token.RBRACK, token.RBRACE:
				depth--
			default:
				if depth == 0 && !yield(t) {
					return
				}
			}
		}
	}
}

// isCheck reports whether tokens [t0, t1) of f are a check: they compare
// with nil or zero, or are a name or a field, negated or not (a flag), or
// a call of one on names and fields (a predicate: kratos's login and
// registration forward lacking the `|| x.IsJSONRequest(r)` that their
// three sibling flows test, reading 48). A call on other values (a
// literal, an expression) is one more value tested, as a comparison
// with one is.
func (d *detector) isCheck(f *File, t0, t1 int32) bool {
	flag, call := true, false
	for k := range d.walk(f, t0, t1) {
		if k.comparesNilOrZero(f, t1) || k.comparesEmpty(f, t1) {
			return true
		}
		switch tok := token.Token(k.c); {
		case isName(k.c) || tok == token.PERIOD || tok == token.NOT && k.t == t0:
		case tok == token.LPAREN && !call && isName(k.prev):
			call = true
		case call && tok == token.COMMA && isName(k.prev):
		case call && tok == token.RPAREN && k.t == t1-1:
		default:
			flag = false
		}
	}
	return flag
}
