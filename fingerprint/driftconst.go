package fingerprint

import (
	"cmp"
	"go/token"
	"slices"
)

// A constant not adapted: in a statement the two copies have word for
// word, their message strings too, one copy names a package's constant
// (pkg.Y) where its twin names another of that package (pkg.X), and
// elsewhere in the copies both name Y alike: one copy tells two cases
// apart that the other, at the one place, does not. grpc's
// getCallAuthData, copied from getTrAuthData, returns codes.Internal for
// a credentials error that is not a status where getTrAuthData returns
// codes.Unauthenticated, each with the message "transport: per-RPC creds
// failed due to error" (filed blind as a bug by both readers of reading
// 81, listed by copycat without a word). It is CP-Miner's inconsistent
// renaming, of names no local renaming maps (a package's members), at
// one place. Which copy slipped it does not say: istio's leader election
// for the trust bundle controller, copied from the namespace
// controller's, logs the new controller's name and elects under the
// namespace controller's, so there the copy naming two constants is the
// one not adapted; both copies are told.
//
// What is no such slip: a constant the copies change at more than one
// place (a variant's own, changed throughout), two constants exchanged
// between two places, a pair of which each copy names elsewhere as its
// twin does, a pair whose copy naming one constant names the other
// elsewhere too (a statement of the same words one copy adds, aligned
// with its twin's next: kubernetes's e2e quota that sets one limit
// more), a statement the copies do not share word for word or with
// no string (a plain edit, the weakest evidence, said nowhere), a field
// of a value the function declares (which the crossed operands of
// driftoperand.go read), and a member called (another function called,
// a changed call).
//
// Said as DriftUnrenamed, StepConstant, of both copies.

// A constUse is one place the alignment pairs a qualified name of a
// package in a with one of the same package in b: the package's name,
// each copy's member, and their tokens.
type constUse struct {
	pkg, x, y uint64
	ta, tb    int32
}

// unadaptedConstants finds the places where one copy names one member
// of a package for two of its twin's (see above): forA are a's, forB b's.
func (d *detector) unadaptedConstants(al alignment) (forA, forB []Drift) {
	uses := d.constUses(al)
	if len(uses) < 2 {
		return nil, nil
	}
	var valA, valB []uint64 // each token's value, read once needed
	type pair struct{ pkg, x, y uint64 }
	n := map[pair]int{}
	for _, u := range uses {
		n[pair{u.pkg, u.x, u.y}]++
	}
	var inA, inB map[[2]uint64]bool // the members each copy names, by package, made once needed
	fa, fb := d.files[al.a.file], d.files[al.b.file]
	same := map[[2]int32]bool{} // sameStatement's verdicts, by the two statements: one statement may hold many uses
	isPkg := map[uint64]bool{}  // onlySelected's, by name, of both copies
	for _, u := range uses {
		if u.x == u.y || n[pair{u.pkg, u.x, u.y}] != 1 || n[pair{u.pkg, u.y, u.x}] > 0 {
			continue // the same, changed throughout, or exchanged
		}
		// b names y for a's x here and for a's y elsewhere, or a names x
		// for b's y here and for b's x elsewhere: one of the two.
		bJoins, aJoins := n[pair{u.pkg, u.y, u.y}] > 0, n[pair{u.pkg, u.x, u.x}] > 0
		if bJoins == aJoins {
			continue
		}
		if valA == nil {
			valA, valB = d.spanValues(al.a), d.spanValues(al.b)
		}
		if !d.sameStatement(al, u.ta, u.tb, valA, valB, same) {
			continue
		}
		// The copy that names one constant must not name the other
		// anywhere: a statement one copy adds, aligned with its twin's
		// next of the same words, pairs two constants that both copies
		// name (kubernetes's quota for tests, which sets one limit more).
		if inA == nil {
			inA, inB = d.membersNamed(al.a, valA), d.membersNamed(al.b, valB)
		}
		if bJoins && inB[[2]uint64{u.pkg, u.x}] || aJoins && inA[[2]uint64{u.pkg, u.y}] {
			continue
		}
		pkg, ok := isPkg[u.pkg]
		if !ok {
			pkg = d.onlySelected(al.a, u.pkg) && d.onlySelected(al.b, u.pkg)
			isPkg[u.pkg] = pkg
		}
		if !pkg {
			continue // a value of the copy's own, not a package
		}
		forA = append(forA, Drift{Kind: DriftUnrenamed, Step: StepConstant, Lines: fa.tokenLineRange(u.ta), TwinLines: fb.tokenLineRange(u.tb)})
		forB = append(forB, Drift{Kind: DriftUnrenamed, Step: StepConstant, Lines: fb.tokenLineRange(u.tb), TwinLines: fa.tokenLineRange(u.ta)})
	}
	return forA, forB
}

// constUses lists, in a's order, the places where the alignment pairs a
// member of a package in a, pkg.X not called, with a member of the same
// package in b. The values are read at those places alone: most pairs
// name no constant another way, and read whole for each pair the
// copies' values were most of this step's cost.
func (d *detector) constUses(al alignment) []constUse {
	fa, fb := d.files[al.a.file], d.files[al.b.file]
	a0, a1 := d.tokens(al.a)
	b0, b1 := d.tokens(al.b)
	member := func(codes []byte, s0, s1, t int32) bool {
		return t-2 >= s0 && t+1 < s1 && isName(codes[t]) && token.Token(codes[t-1]) == token.PERIOD && isName(codes[t-2]) &&
			(t-3 < s0 || token.Token(codes[t-3]) != token.PERIOD) && !continues(codes[t+1])
	}
	var at, bt []int32 // the members' places and their packages', in a and in b, in order
	for t := a0 + 2; t < a1; t++ {
		if y := al.matched(t - a0); y >= 0 && member(fa.codes, a0, a1, t) && member(fb.codes, b0, b1, b0+y) && al.matched(t-2-a0) == y-2 {
			at = append(at, t-2, t)
			bt = append(bt, b0+y-2, b0+y)
		}
	}
	if len(at) < 4 {
		return nil
	}
	va, vb := d.valuesAt(al.a, at), d.valuesAt(al.b, bt)
	var uses []constUse
	for i := 0; i < len(at); i += 2 {
		if va[i] != vb[i] {
			continue // another package, or a renamed value
		}
		uses = append(uses, constUse{pkg: va[i], x: va[i+1], y: vb[i+1], ta: at[i+1], tb: bt[i+1]})
	}
	return uses
}

// valuesAt returns the values of tokens ts of s (each with a value, in
// any order: an alignment after statements taken out need not keep b's
// in a's order), read in one pass from s's first value.
func (d *detector) valuesAt(s span, ts []int32) []uint64 {
	f := d.files[s.file]
	t0, t1 := d.tokens(s)
	order := make([]int, len(ts))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int { return cmp.Compare(ts[i], ts[j]) })
	out := make([]uint64, len(ts))
	v, k := f.units[s.first].val0, 0
	for t := t0; t < t1 && k < len(order); t++ {
		for k < len(order) && ts[order[k]] == t {
			out[order[k]] = f.vals[v]
			k++
		}
		if hasValue(f.codes[t]) {
			v++
		}
	}
	d.readTokens(t1 - t0)
	return out
}

// matched is the token of b (from its first) matched to a's i-th, -1
// if none; copies of the same tokens (a renamed class, no match made)
// are read side by side.
func (al *alignment) matched(i int32) int32 {
	if al.match == nil {
		return i
	}
	return al.match[i]
}

// onlySelected reports whether every place the function holding s (s
// alone if none does) names the value val, selects from it: a package's
// name, where a variable of the function's is declared bare (x :=, a
// parameter x T), though selected from everywhere after. Its type in the
// signature (fs.File) is no declaration of fs.
func (d *detector) onlySelected(s span, val uint64) bool {
	f := d.files[s.file]
	whole := s
	if _, _, fn, ok := d.funcName(s); ok {
		whole = span{s.file, int32(fn), int32(fn)}
	}
	only := true
	d.eachValue(whole, func(t int32, c byte, v uint64) {
		if v == val && isName(c) && (int(t)+1 >= len(f.codes) || token.Token(f.codes[t+1]) != token.PERIOD) {
			only = false
		}
	})
	return only
}

// membersNamed returns the pairs (package, member) of every pkg.m that s,
// of token values vals (spanValues), names.
func (d *detector) membersNamed(s span, vals []uint64) map[[2]uint64]bool {
	codes := d.files[s.file].codes
	t0, _ := d.tokens(s)
	d.readTokens(int32(len(vals)))
	out := map[[2]uint64]bool{}
	for i := 2; i < len(vals); i++ {
		if isName(codes[t0+int32(i)]) && token.Token(codes[t0+int32(i)-1]) == token.PERIOD && isName(codes[t0+int32(i)-2]) {
			out[[2]uint64{vals[i-2], vals[i]}] = true
		}
	}
	return out
}

// continues reports whether a name followed by token c is more than a
// constant: called, selected from, or a composite literal's type.
func continues(c byte) bool {
	switch token.Token(c) {
	case token.LPAREN, token.PERIOD, token.LBRACE, token.LBRACK:
		return true
	}
	return false
}

// spanValues returns the value of each token of s (from its first), 0
// for a token with none.
func (d *detector) spanValues(s span) []uint64 {
	t0, t1 := d.tokens(s)
	out := make([]uint64, t1-t0)
	d.eachValue(s, func(t int32, _ byte, v uint64) { out[t-t0] = v })
	return out
}

// sameStatement reports whether the innermost statements holding a's
// token ta and b's token tb are matched token for token, and hold a
// string, each of which has the same value in both: one statement, its
// message too, but for what the alignment pairs inside it. memo keeps
// the verdicts by statements.
func (d *detector) sameStatement(al alignment, ta, tb int32, valA, valB []uint64, memo map[[2]int32]bool) bool {
	fa, fb := d.files[al.a.file], d.files[al.b.file]
	ua, ub := fa.innermostAt(ta), fb.innermostAt(tb)
	if ua < 0 || ub < 0 {
		return false
	}
	k := [2]int32{ua, ub}
	same, ok := memo[k]
	if !ok {
		same = d.matchedWhole(al, fa.units[ua], fb.units[ub], valA, valB)
		memo[k] = same
	}
	return same
}

// matchedWhole is sameStatement's test of statements sa of a and sb of
// b, of token values valA and valB (spanValues).
func (d *detector) matchedWhole(al alignment, sa, sb unit, valA, valB []uint64) bool {
	fa := d.files[al.a.file]
	a0, a1 := d.tokens(al.a)
	b0, b1 := d.tokens(al.b)
	d.readTokens(sa.tok1 - sa.tok0)
	if sa.tok1-sa.tok0 != sb.tok1-sb.tok0 || sa.tok0 < a0 || sa.tok1 > a1 || sb.tok0 < b0 || sb.tok1 > b1 || al.matched(sa.tok0-a0) != sb.tok0-b0 {
		return false
	}
	strings := 0
	for t := sa.tok0; t < sa.tok1; t++ {
		y := al.matched(t - a0)
		if y < 0 || b0+y != sb.tok0+(t-sa.tok0) {
			return false
		}
		if token.Token(fa.codes[t]) == token.STRING {
			if valA[t-a0] != valB[y] {
				return false
			}
			strings++
		}
	}
	return strings > 0
}

// innermostAt returns the innermost unit of f holding token t, -1 if none
// does: of the units that start at t or before, by first token, the
// last to hold it (the units between lie inside it, before t), the
// smallest of those that start with it.
func (f *File) innermostAt(t int32) int32 {
	order, k := f.startingAt(t + 1)
	for k--; k >= 0; k-- {
		u := &f.units[order[k]]
		if t >= u.tok1 {
			continue
		}
		best := order[k]
		for j := k - 1; j >= 0 && f.units[order[j]].tok0 == u.tok0; j-- {
			if w := &f.units[order[j]]; w.tok1 < f.units[best].tok1 {
				best = order[j]
			}
		}
		return best
	}
	return -1
}
