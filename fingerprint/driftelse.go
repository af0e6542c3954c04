package fingerprint

import (
	"bytes"
	"go/token"
)

// A guard in an else-if chain: one copy's if goes on with branches
// `else if cond { return … }` that its twin's if, facing it, lacks; the
// rest of the two if statements is the same (grafana/loki's
// sectionReader.MetadataRange, copied from DataRange, checks
// `metadataRegion == nil` but not the `else if region.Offset >
// math.MaxInt64` and `else if region.Length > math.MaxInt64` branches
// that refuse a region too large: read blind as a bug in reading 58).
// Such an if is no pure insertion, so the added statements (lacks in
// pairDrift) never say it: both ifs are left unmatched as wholes, each
// replacing the other.

// lackedElseGuards takes out of the alignment's added statements each
// pair of if statements, facing each other, where one is the other with
// more branches whose bodies leave, on names the copy without them
// names too (ownNames): the copy without them lacks a guard.
func (d *detector) lackedElseGuards(al *alignment) (forB, forA []Drift) {
	return d.facingDrifts(al, DriftLacks, StepGuard, func(with, without span, r, q []int32) (lo, hi int32, ok bool) {
		f := d.files[with.file]
		lo, hi, conds, ok := d.moreBranches(f, r[0], r[1], d.files[without.file].codes[q[0]:q[1]])
		return lo, hi, ok && !d.ownNames(al, with, without, conds, true)
	})
}

// moreBranches reports whether the if statement of tokens [t0, t1) of f
// is, less a run of its branches `else if cond { … }` whose bodies leave,
// the statement of codes short; it returns the run's tokens [lo, hi) and
// the branches' conditions, as token ranges in pairs.
func (d *detector) moreBranches(f *File, t0, t1 int32, short []byte) (lo, hi int32, conds []int32, ok bool) {
	if token.Token(f.codes[t0]) != token.IF || len(short) == 0 || token.Token(short[0]) != token.IF || int(t1-t0) <= len(short) {
		return 0, 0, nil, false
	}
	br := elseIfBranches(f.codes, t0, t1)
	for i := 0; i < len(br); i += 2 {
		for j := i; j < len(br); j += 2 {
			lo, hi = br[i], br[j+1]
			if int(t1-t0)-int(hi-lo) != len(short) || !bytes.Equal(f.codes[t0:lo], short[:lo-t0]) || !bytes.Equal(f.codes[hi:t1], short[lo-t0:]) {
				continue
			}
			conds = conds[:0]
			for k := i; k <= j; k += 2 {
				c0, c1, ok := condition(f.codes, br[k]+1, br[k+1])
				if !ok || !d.leaves(f, c1, br[k+1], true) {
					return 0, 0, nil, false
				}
				conds = append(conds, c0, c1)
			}
			return lo, hi, conds, true
		}
	}
	return 0, 0, nil, false
}

// elseIfBranches lists, as token ranges in pairs, the branches `else if
// … { … }` of the if statement of codes [t0, t1): each from its else to
// its body's closing brace. A brace of a composite literal in a
// condition ends no branch: a branch ends at depth 0 only after its
// body opened.
func elseIfBranches(codes []byte, t0, t1 int32) []int32 {
	var out []int32
	depth, start := 0, int32(-1)
	for t := t0; t < t1; t++ {
		switch token.Token(codes[t]) {
		case token.LBRACE:
			depth++
		case token.RBRACE:
			depth--
			if depth == 0 && start >= 0 {
				if _, c1, ok := condition(codes, start+1, t+1); ok && c1 < t {
					out = append(out, start, t+1)
					start = -1
				}
			}
		case token.ELSE:
			if depth == 0 && t+1 < t1 && token.Token(codes[t+1]) == token.IF {
				start = t
			}
		}
	}
	return out
}
