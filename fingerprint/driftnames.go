package fingerprint

// Slips on names: two names swapped, a name left unrenamed, a call to
// another name (see drift.go).

import (
	"cmp"
	"go/token"
	"math/bits"
	"slices"
)

// driftMaxSlips is the most breaks of the renaming a pair is searched for
// swaps in; a pair with more is a variant written apart.
const driftMaxSlips = 64

// A matchedNames is a matched name of each copy, at tokens ta and tb.
type matchedNames struct {
	x, y   uint64
	ta, tb int32
}

// renamingSlips finds where the names of the two copies break the
// renaming the rest of the copies follow (rule 4 in drift.go).
func (d *detector) renamingSlips(al alignment) (forA, forB []Drift) {
	m := d.newNameMap(al)
	var slips []int
	for i := range m.pairs {
		if m.broken(i) {
			slips = append(slips, i)
		}
	}
	if len(slips) > driftMaxSlips {
		return nil, nil // renamed throughout: no one break stands out
	}
	fa, fb := d.files[al.a.file], d.files[al.b.file]
	used := m.swaps(slips)
	for k := 0; k < len(used); k += 2 {
		p, q := m.pairs[used[k]], m.pairs[used[k+1]] // the two swapped
		sayA, sayB, step := d.swapSide(al, p, q)
		if sayA {
			forA = append(forA, Drift{Kind: DriftSwapped, Step: step, Lines: fa.tokenLineRange(p.ta), TwinLines: fb.tokenLineRange(p.tb)})
		}
		if sayB {
			forB = append(forB, Drift{Kind: DriftSwapped, Step: step, Lines: fb.tokenLineRange(p.tb), TwinLines: fa.tokenLineRange(p.ta)})
		}
	}
	for _, si := range slips {
		if slices.Contains(used, si) {
			continue
		}
		p := m.pairs[si]
		switch {
		case !m.inNames(p):
			// An edit around the name, not a slip in it: nothing to say.
		case !m.inScope(0, p.ta, p.x) || !m.inScope(1, p.tb, p.y):
			// A name of the same spelling as one a copy declares, out
			// of that declaration's scope: another thing.
		case m.unrenamed(p.x, m.ofA, al.b, func(w uint64) [2]uint64 { return [2]uint64{p.x, w} }):
			// a's name x is y everywhere in b but here, where b kept x,
			// and names nothing else.
			forB = append(forB, Drift{Kind: DriftUnrenamed, Lines: fb.tokenLineRange(p.tb), TwinLines: fa.tokenLineRange(p.ta)})
		case m.unrenamed(p.y, m.ofB, al.a, func(w uint64) [2]uint64 { return [2]uint64{w, p.y} }):
			forA = append(forA, Drift{Kind: DriftUnrenamed, Lines: fa.tokenLineRange(p.ta), TwinLines: fb.tokenLineRange(p.tb)})
		case !called(fa.codes, p.ta) && !called(fb.codes, p.tb) && m.conflated(p):
			forA = append(forA, Drift{Kind: DriftUnrenamed, Step: StepConflated, Lines: fa.tokenLineRange(p.ta), TwinLines: fb.tokenLineRange(p.tb)})
			forB = append(forB, Drift{Kind: DriftUnrenamed, Step: StepConflated, Lines: fb.tokenLineRange(p.tb), TwinLines: fa.tokenLineRange(p.ta)})
		case called(fb.codes, p.tb):
			forB = append(forB, Drift{Kind: DriftChanged, Lines: fb.tokenLineRange(p.tb), TwinLines: fa.tokenLineRange(p.ta)})
		}
	}
	return forA, forB
}

// inScope reports whether the name at token t of the alignment's copy
// side (0 for a, 1 for b) stands where a declaration of it in that copy
// is in scope, or the copy declares it nowhere (a package, a field, a
// parameter declared before the span: nothing to tell). The names of a
// range clause or of an if's, a for's or a switch's init are in scope in
// their statement, another statement's from it to the end of its
// block. go-sdk's two getProtectedResourceMetadata name their loop
// variable url and u, and both call url.Parse after the loop: the
// url there is the package in both, which the copy did not fail to
// rename (it was said to, ranked first; found by a newcomer's trial).
func (m *nameMap) inScope(side int, t int32, name uint64) bool {
	d := m.d
	s := m.al.a
	if side == 1 {
		s = m.al.b
	}
	m.innerUnits()
	inner := m.inner[side]
	f := d.files[s.file]
	t0, _ := d.tokens(s)
	sites := d.sitesOf(f)
	defer sites.done()
	declared, in := false, false
	d.eachValue(s, func(dt int32, c byte, v uint64) {
		if in || v != name || !isName(c) || !sites.declaresAt(dt) {
			return
		}
		declared = true
		u := inner[dt-t0]
		if u < 0 {
			in = true
			return
		}
		lo, hi := f.units[u].tok0, f.units[u].tok1
		switch token.Token(f.codes[lo]) {
		case token.FOR, token.IF, token.SWITCH:
		default:
			b := f.blocks[f.blockOf(u)]
			lo, hi = dt, f.units[b.last-1].tok1
		}
		in = lo <= t && t < hi
	})
	return !declared || in
}

// A nameMap is how the names of two aligned copies pair up.
type nameMap struct {
	d        *detector
	al       alignment
	pairs    []matchedNames
	distinct []namesCount       // the pairs of names matched, each once, with their counts
	pairOf   []int32            // the index in distinct of each pair's names
	ofA, ofB map[uint64]uint64  // each name's partner in the other copy (see partners)
	declared map[[2]uint64]bool // pairs of names both copies declare at one place
	inner    [2][]int32         // the innermost unit of each token of a and b
	uses     map[span]map[uint64]int
	// declaredIn caches locals.
	declaredIn map[span]map[uint64]bool
}

func (d *detector) newNameMap(al alignment) *nameMap {
	m := &nameMap{d: d, al: al, pairs: d.namePairs(al), declared: map[[2]uint64]bool{},
		uses: map[span]map[uint64]int{}}
	sa, sb := d.sitesOf(d.files[al.a.file]), d.sitesOf(d.files[al.b.file])
	defer sa.done()
	defer sb.done()
	m.countPairs()
	for _, p := range m.pairs {
		// The renamings of local variables: pairs of names both copies
		// declare at one place (x := …, var x). A package, a field or a
		// function named the same in both copies, which an alignment of
		// copies edited apart may pair with another name, is no renaming
		// to slip on.
		if sa.declaresAt(p.ta) && sb.declaresAt(p.tb) {
			m.declared[[2]uint64{p.x, p.y}] = true
		}
	}
	m.ofA, m.ofB = m.partners(true), m.partners(false)
	return m
}

// countPairs fills distinct and pairOf from the pairs.
func (m *nameMap) countPairs() {
	at := map[[2]uint64]int32{} // each pair of names' index in distinct: fewer than the pairs, which repeat them
	m.distinct, m.pairOf = m.distinct[:0], make([]int32, len(m.pairs))
	for i, p := range m.pairs {
		k := [2]uint64{p.x, p.y}
		j, ok := at[k]
		if !ok {
			j = int32(len(m.distinct))
			at[k] = j
			m.distinct = append(m.distinct, namesCount{x: p.x, y: p.y})
		}
		m.distinct[j].n++
		m.pairOf[i] = j
	}
}

// A namesCount is a pair of names, of a and of b, and how often the
// alignment matches them.
type namesCount struct {
	x, y uint64
	n    int32
}

// partners maps each name of one copy (a if fromA) to the name of the
// other it pairs with most, at least twice, if one does (the least such
// name on a tie).
func (m *nameMap) partners(fromA bool) map[uint64]uint64 {
	type partner struct {
		w uint64
		n int32
	}
	best := make(map[uint64]partner, len(m.distinct))
	for _, c := range m.distinct {
		k, w := c.x, c.y
		if !fromA {
			k, w = c.y, c.x
		}
		if b, ok := best[k]; !ok || c.n > b.n || c.n == b.n && w < b.w {
			best[k] = partner{w, c.n}
		}
	}
	out := map[uint64]uint64{}
	for k, b := range best {
		if b.n >= 2 {
			out[k] = b.w
		}
	}
	return out
}

// broken reports whether the i-th pair, matched once, breaks the
// partners of its names. Predeclared names (int, float64, len) are
// changed in part on purpose: a per-type copy keeps float64 as its
// result while its elements become int.
func (m *nameMap) broken(i int) bool {
	p := m.pairs[i]
	if m.distinct[m.pairOf[i]].n != 1 || predeclared[p.x] || predeclared[p.y] {
		return false
	}
	wy, okA := m.ofA[p.x]
	wx, okB := m.ofB[p.y]
	return okA && wy != p.y || okB && wx != p.x
}

// declaredBy adds to out the names tokens [t0, t1) of f declare (see
// locals). A var's names, alone or in a group, are told from its type
// by semicolons, which the codes leave out: the names of a var's
// declaration are all taken, its types' too.
func (d *detector) declaredBy(f *File, t0, t1 int32, out map[uint64]bool) {
	header, hdepth := false, 0 // in a func's signature, at this depth of parentheses
	depth, group := 0, -1      // the depth of parentheses, and of a var group's
	list := false              // in the names after var
	sites := d.sitesOf(f)
	defer sites.done()
	for k := range d.walk(f, t0, t1) {
		tok := token.Token(k.c)
		list = list && (isName(k.c) || tok == token.COMMA || tok == token.PERIOD || tok == token.MUL)
		switch tok {
		case token.FUNC:
			header, hdepth = true, 0
		case token.VAR:
			list = true
		case token.LPAREN:
			if k.prev == byte(token.VAR) {
				group = depth
			}
			depth++
			hdepth++
		case token.RPAREN:
			depth--
			hdepth--
			if depth == group {
				group = -1
			}
		case token.LBRACE:
			header = header && hdepth != 0
		}
		if isName(k.c) && (list || group >= 0 && depth == group+1 || sites.declaresAt(k.t) || header && hdepth > 0) {
			out[k.val] = true
		}
	}
}

// conflated reports whether the slip p joins two names of one copy into
// one of the other: a's x is w everywhere else in b, and b's y is
// another name of a (x2) everywhere else, each both ways, so that one
// copy names at p what it names otherwise everywhere else. That is
// CP-Miner's inconsistent renaming of names no copy declares (package
// names, constants, types): fiber's getUDPConnections, copied from
// getTCPConnections, has kindUDP4.family in two cases of one switch
// where its twin has kindTCP4 and kindTCP6, and never converts a UDP6
// row. Which copy slipped the pair does not say, so both are told.
//
// Names a copy declares are left out: copies of a mirror exchange their
// locals on purpose (os/exec's StdinPipe keeps pr where StdoutPipe
// returns it), and a local kept by mistake is unrenamed.
func (m *nameMap) conflated(p matchedNames) bool {
	w, okA := m.ofA[p.x]
	x2, okB := m.ofB[p.y]
	if !okA || !okB || w == p.y || x2 == p.x || m.ofB[w] != p.x || m.ofA[x2] != p.y {
		return false
	}
	la, lb := m.locals(m.al.a), m.locals(m.al.b)
	return !la[p.x] && !la[x2] && !lb[p.y] && !lb[w]
}

// locals are the names s declares: left of :=, after var, or in the
// parentheses of a func's signature (its parameters and results, with
// the types named there), the signature of the function holding s too.
func (m *nameMap) locals(s span) map[uint64]bool {
	if m.declaredIn == nil {
		m.declaredIn = map[span]map[uint64]bool{}
	}
	if out, ok := m.declaredIn[s]; ok {
		return out
	}
	out := m.d.locals(s)
	m.declaredIn[s] = out
	return out
}

// locals are the names s declares, as nameMap.locals says.
func (d *detector) locals(s span) map[uint64]bool {
	out := map[uint64]bool{}
	f := d.files[s.file]
	t0, t1 := d.tokens(s)
	if _, _, fn, ok := d.funcName(s); ok && f.units[fn].tok0 < t0 {
		d.declaredBy(f, f.units[fn].tok0, t0, out)
	}
	d.declaredBy(f, t0, t1, out)
	return out
}

// called reports whether the name at codes[t] is called: a call to
// another name is a changed call (DriftChanged), not a slip of renaming.
func called(codes []byte, t int32) bool {
	return int(t)+1 < len(codes) && token.Token(codes[t+1]) == token.LPAREN
}

// innermost is the innermost unit of a holding its token t.
func (m *nameMap) innermost(t int32) int32 {
	m.innerUnits()
	a0, _ := m.d.tokens(m.al.a)
	return m.inner[0][t-a0]
}

func (m *nameMap) innerUnits() {
	if m.inner[0] == nil {
		m.inner = [2][]int32{m.d.innermostUnits(m.al.a), m.d.innermostUnits(m.al.b)}
	}
}

// inNames reports whether the slip p is in names alone: the statements
// holding it in both copies have the same tokens, and neither name is a
// field or method selected (a local renaming never renames those). A
// statement aligned with another one (f.out.append against
// f1.out.patch) or changed around the name (bo.Uint64(…) against
// uint64(bo.Uint32(…))) is an edit, not a slip.
func (m *nameMap) inNames(p matchedNames) bool {
	m.innerUnits()
	matched := func(s span, inner []int32, seen func(int32) bool, t int32) bool {
		f := m.d.files[s.file]
		t0, _ := m.d.tokens(s)
		if t > 0 && token.Token(f.codes[t-1]) == token.PERIOD {
			return false
		}
		u := inner[t-t0]
		if u < 0 {
			return false
		}
		for x := f.units[u].tok0; x < f.units[u].tok1; x++ {
			if !seen(x - t0) {
				return false
			}
		}
		return true
	}
	return matched(m.al.a, m.inner[0], func(x int32) bool { return m.al.match[x] >= 0 }, p.ta) &&
		matched(m.al.b, m.inner[1], func(y int32) bool { return m.al.seenB[y] }, p.tb)
}

// swaps returns the slips (indexes in m.pairs) that are swaps, in pairs:
// two broken pairs of one statement whose names, exchanged, pair as
// everywhere else, and are items of one list (see listItems). Copies
// whose renaming exchanges the two names, a left-hand and a right-hand
// version, keep their order where it is the arguments' (compare(av, bv)
// in both): no swap.
func (m *nameMap) swaps(slips []int) []int {
	var used []int
	for i, si := range slips {
		for _, sj := range slips[i+1:] {
			p, q := m.pairs[si], m.pairs[sj]
			if slices.Contains(used, si) || slices.Contains(used, sj) || p.x == q.x ||
				m.innermost(p.ta) != m.innermost(q.ta) || !m.inNames(p) || !m.inNames(q) {
				continue
			}
			fa := m.d.files[m.al.a.file]
			if m.ofA[p.x] == q.y && m.ofA[q.x] == p.y && !(m.ofA[p.x] == q.x && m.ofA[q.x] == p.x) &&
				listItems(fa.codes, min(p.ta, q.ta), max(p.ta, q.ta)) &&
				!(orderFree(fa, m.innermost(p.ta), p.ta) && orderFree(fa, m.innermost(q.ta), q.ta)) {
				used = append(used, si, sj)
			}
		}
	}
	return used
}

// orderFree reports whether token t of f, of unit u, is a name that a
// list declares in an order of no meaning: a var's names declared
// without values (var sidSize, sidNameUse, refDomainSize uint32, where
// go-winio's twin declares nameSize, refDomainSize, sidNameUse), or a
// type parameter of a receiver or a function's signature, which binds by
// position to a type of its own (cosmos-sdk's Multi[ReferenceKey,
// PrimaryKey, Value] and ReversePair[K1, K2, Value]). Two such names in
// the other order are no slip: what they mean is in their uses.
func orderFree(f *File, u, t int32) bool {
	if u < 0 {
		return false
	}
	c, un := f.codes, f.units[u]
	switch token.Token(c[un.tok0]) {
	case token.VAR:
		for x := un.tok0; x < un.tok1; x++ {
			if token.Token(c[x]) == token.ASSIGN {
				return false
			}
		}
		return true
	case token.FUNC:
		if !un.fn {
			return false
		}
		n := un.tok0 + 1 // the function's name, after its receiver
		if token.Token(c[n]) == token.LPAREN {
			r := closing(c, n, un.tok1)
			// The receiver's type: its parameters are in the first
			// square brackets of the receiver's parentheses.
			for x := n + 1; x < r; x++ {
				if token.Token(c[x]) == token.LBRACK {
					if t > x && t < closing(c, x, r) {
						return true
					}
					break
				}
			}
			n = r + 1
		}
		return isName(c[n]) && n+1 < un.tok1 && token.Token(c[n+1]) == token.LBRACK && t > n+1 && t < closing(c, n+1, un.tok1)
	}
	return false
}

// swapSide says of which copy two names swapped (p and q, matched at
// one call) are a slip: a pair alone cannot tell, and said it of both.
// Where the two names are two arguments of a call, and one copy's other
// calls of that function pass them in its order there while the other
// copy's pass them in the order it has not, the second copy swapped them:
// Kubernetes' mutating admission binding ends with fmt.Errorf(…, verb,
// user), where its three other fmt.Errorf and all four of its validating
// twin's pass user, verb (issue #24's example, said of both copies
// until 2026-12-07). It returns whether to say the swap of a and of b,
// and the step (StepCallOrder when one copy's calls decide).
func (d *detector) swapSide(al alignment, p, q matchedNames) (sayA, sayB bool, step string) {
	sameA, otherA, okA := d.callOrder(al.a, min(p.ta, q.ta), max(p.ta, q.ta))
	sameB, otherB, okB := d.callOrder(al.b, min(p.tb, q.tb), max(p.tb, q.tb))
	switch {
	case !okA || !okB:
	case sameA > 0 && otherA == 0 && otherB > 0 && sameB == 0:
		return false, true, StepCallOrder
	case sameB > 0 && otherB == 0 && otherA > 0 && sameA == 0:
		return true, false, StepCallOrder
	}
	return true, true, ""
}

// callOrder counts the other calls in copy s of the function that tokens
// t1 < t2, two names, are whole arguments of (f(…, x, y)), that pass both
// names as whole arguments too: same in the order of t1 and t2, other in
// the other order. ok is false when t1 and t2 are not two whole arguments
// of one call of a named function.
func (d *detector) callOrder(s span, t1, t2 int32) (same, other int, ok bool) {
	c := d.files[s.file].codes
	s0, s1 := d.tokens(s)
	// A whole argument is an item of one name in the call's list.
	args := func(open int32) [][2]int32 { return listItemsIn(c, open+1, closing(c, open, s1)) }
	open := openingParen(c, s0, t1)
	if open <= s0 || !isName(c[open-1]) {
		return 0, 0, false
	}
	if site := args(open); !slices.Contains(site, [2]int32{t1, t1 + 1}) || !slices.Contains(site, [2]int32{t2, t2 + 1}) {
		return 0, 0, false
	}
	names := map[int32]uint64{}
	d.eachValue(s, func(t int32, code byte, v uint64) {
		if isName(code) {
			names[t] = v
		}
	})
	callee, x, y := names[open-1], names[t1], names[t2]
	for t := s0; t+1 < s1; t++ {
		if t == open-1 || !isName(c[t]) || token.Token(c[t+1]) != token.LPAREN || names[t] != callee {
			continue
		}
		ax, ay := int32(-1), int32(-1) // the first whole arguments naming x and y
		for _, it := range args(t + 1) {
			u := it[0]
			switch {
			case it[1]-u != 1 || !isName(c[u]):
			case names[u] == x && ax < 0:
				ax = u
			case names[u] == y && ay < 0:
				ay = u
			}
		}
		switch {
		case ax < 0 || ay < 0:
		case ax < ay:
			same++
		default:
			other++
		}
	}
	return same, other, true
}

// openingParen is the opening parenthesis of the call whose arguments
// hold token t (the nearest one before t, after from, that t's brackets
// leave open), or -1.
func openingParen(c []byte, from, t int32) int32 {
	depth := 0
	for u := t - 1; u > from; u-- {
		switch token.Token(c[u]) {
		case token.RPAREN, token.RBRACK, token.RBRACE:
			depth++
		case token.LBRACK, token.LBRACE:
			if depth--; depth < 0 {
				return -1
			}
		case token.LPAREN:
			if depth--; depth < 0 {
				return u
			}
		}
	}
	return -1
}

// listItems reports whether tokens s and t (s < t) are in two items of
// one list, a comma between them at their own depth: a call's arguments
// (authorize(verb, user)), a literal's elements, an assignment's sides.
// Names exchanged inside one expression are arithmetic: a matrix
// routine's case for a transpose reads b[j*ldb+l] where the plain case
// reads b[l*ldb+j], on purpose (read blind, gonum's BLAS kernels: 3 of
// 3 such swaps benign).
func listItems(codes []byte, s, t int32) bool {
	depth, comma := 0, false
	for _, c := range codes[s+1 : t] {
		switch token.Token(c) {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			if depth--; depth < 0 {
				return false
			}
		case token.COMMA:
			comma = comma || depth == 0
		}
	}
	return comma && depth == 0
}

// unrenamed reports whether name x, kept by the copy s at a slip, is
// renamed everywhere else: its partner (of) is another name, the two are
// declared at one place (key gives the declared pair for a partner), and s
// names x nowhere else.
func (m *nameMap) unrenamed(x uint64, of map[uint64]uint64, s span, key func(partner uint64) [2]uint64) bool {
	w, ok := of[x]
	return ok && w != x && m.declared[key(w)] && m.namesIn(s)[x] == 1
}

// namesIn counts how often s names each name; a field or method named
// the same is not the name.
func (m *nameMap) namesIn(s span) map[uint64]int {
	if m.uses[s] == nil {
		m.uses[s] = map[uint64]int{}
		codes := m.d.files[s.file].codes
		m.d.eachValue(s, func(t int32, c byte, v uint64) {
			if isName(c) && (t == 0 || token.Token(codes[t-1]) != token.PERIOD) {
				m.uses[s][v]++
			}
		})
	}
	return m.uses[s]
}

// namePairs lists the matched names of the two copies, in a's order,
// leaving out each copy's own name (a copied function's) and the fields
// and methods selected.
func (d *detector) namePairs(al alignment) []matchedNames {
	if al.pairs == nil {
		return d.matchNames(al)
	}
	if !al.pairs.made {
		al.pairs.list, al.pairs.made = d.matchNames(al), true
	}
	return al.pairs.list
}

// namePairsOnce holds an alignment's matched names once made.
type namePairsOnce struct {
	made bool
	list []matchedNames
}

// matchNames makes namePairs's list.
func (d *detector) matchNames(al alignment) []matchedNames {
	a, b := al.a, al.b
	fa := d.files[a.file]
	a0, _ := d.tokens(a)
	b0, _ := d.tokens(b)
	valB, isB := make([]uint64, len(al.back)), make([]bool, len(al.back))
	d.eachValue(b, func(t int32, c byte, val uint64) {
		if isName(c) {
			valB[t-b0], isB[t-b0] = val, true
		}
	})
	outerA, outerB := d.outerNames(a), d.outerNames(b)
	var pairs []matchedNames
	d.eachValue(a, func(t int32, c byte, val uint64) {
		y := al.match[t-a0]
		if !isName(c) || y < 0 || t > 0 && token.Token(fa.codes[t-1]) == token.PERIOD {
			return // a field or method: no local renaming renames it
		}
		if outerA[t-a0] || outerB[y] {
			return // the name of what the statement's new variable hides
		}
		if isB[y] {
			pairs = append(pairs, matchedNames{x: val, y: valB[y], ta: t, tb: b0 + y})
		}
	})
	return pairs
}

// outerNames marks the tokens of s (from its first) that name, right of
// the := of a statement x, y := …, what its new variable of that name
// hides: in url, err := url.Parse(s) the second url is the package, whose
// name the variable takes only after the statement. A copy that called
// its variable parsedURL there is no copy that left url unrenamed
// (Prometheus's HTTP and PuppetDB discovery, written after Eureka's). A
// name the function declared before (dst, err := f(dst), dst a
// parameter) may be the same variable, which := assigns: it is not
// marked.
//
// What the function declared before a statement is read (declaredBy)
// only for a statement that names, right of its :=, a name left of it:
// few do, and the reading, from the function's first token, was most of
// the cost of drift analysis's name pairs. It is read in the pieces it
// was read in when every := statement was (from one such statement to
// the next), which a reading's state (the parentheses open, a var
// group) starts afresh at.
func (d *detector) outerNames(s span) []bool {
	f := d.files[s.file]
	t0, t1 := d.tokens(s)
	out := make([]bool, t1-t0)
	var declared map[uint64]bool // names declared before the statement read, made when first read
	next := d.declaredFrom(s)    // declared holds those before next
	var cuts []int32             // where the pieces from next, not read yet, end
	f.unitsIn(t0, t1, func(i int32) {
		u := f.units[i]
		define := defineAt(f, u)
		if define < 0 {
			return
		}
		last := next // where the pieces end, read or not
		if len(cuts) > 0 {
			last = cuts[len(cuts)-1]
		}
		if last < u.tok0 {
			cuts = append(cuts, u.tok0)
		}
		if !namesOwn(f, u, define) {
			return
		}
		if declared == nil {
			declared = map[uint64]bool{}
		}
		for _, cut := range cuts {
			d.declaredBy(f, next, cut, declared)
			next = cut
		}
		cuts = cuts[:0]
		selfNamed(f, u, define, func(val uint64) bool { return !declared[val] }, func(t int32) { out[t-t0] = true })
	})
	return out
}

// declaredFrom is where outerNames reads what was declared before s's
// statements from: the first token of the function s lies in, or s's.
func (d *detector) declaredFrom(s span) int32 {
	f := d.files[s.file]
	t0, _ := d.tokens(s)
	if _, _, fn, ok := d.funcName(s); ok && f.units[fn].tok0 < t0 {
		return f.units[fn].tok0
	}
	return t0
}

// defineAt returns the token of u's := if u is a statement x, y := …
// (its own names left of it, alone or in a list), else -1.
func defineAt(f *File, u unit) int32 {
	k := u.tok0
	for k+1 < u.tok1 && isName(f.codes[k]) && token.Token(f.codes[k+1]) == token.COMMA {
		k += 2
	}
	if u.fn || k+1 >= u.tok1 || !isName(f.codes[k]) || token.Token(f.codes[k+1]) != token.DEFINE {
		return -1
	}
	return k + 1
}

// namesOwn reports whether the := statement u, its := at token define,
// may name right of it a name left of it (selfNamed): one of them is, or
// more than maxOuterNames names are left of it, which selfNamed caps.
func namesOwn(f *File, u unit, define int32) bool {
	return (define-u.tok0+1)/2 > maxOuterNames || selfNamed(f, u, define, func(uint64) bool { return true }, nil)
}

// selfNamed calls mark with each token of the := statement u, its := at
// token define, that names right of the := one of the names left of it:
// the first maxOuterNames of those that keep lets through. It reads up to
// the statement's first brace: what a func literal or a composite literal
// holds is left alone, and each token is read for one statement at most,
// however deep := statements nest in closures. It reports whether a
// token was marked; with mark nil, it stops at the first.
func selfNamed(f *File, u unit, define int32, keep func(val uint64) bool, mark func(t int32)) bool {
	var lhs [maxOuterNames]uint64
	n, found := 0, false
	v := u.val0
	for t := u.tok0; t < u.tok1 && token.Token(f.codes[t]) != token.LBRACE; t++ {
		c := f.codes[t]
		if !hasValue(c) {
			continue
		}
		val := f.vals[v]
		v++
		switch {
		case t < define:
			if n < maxOuterNames && keep(val) {
				lhs[n] = val
				n++
			}
		case isName(c) && token.Token(f.codes[t-1]) != token.PERIOD && slices.Contains(lhs[:n], val):
			if mark == nil {
				return true
			}
			found = true
			mark(t)
		}
	}
	return found
}

// maxOuterNames is the most names left of a := that outerNames looks for
// right of it (a list of thousands would make each name a search).
const maxOuterNames = 8

// sameFunction reports whether spans a and b lie in two functions of the
// same name and receiver type (a method and a function never are): one
// function written in two places. Two blocks of one declaration are not.
func (d *detector) sameFunction(a, b span) bool {
	na, ra, fa, oka := d.funcName(a)
	nb, rb, fb, okb := d.funcName(b)
	return oka && okb && na == nb && ra == rb && (a.file != b.file || fa != fb)
}

// funcName returns the name hashes of the function declaration holding s
// and of its receiver's type (0 for a plain function), and the
// declaration's unit.
func (d *detector) funcName(s span) (name, recv uint64, fn int, ok bool) {
	f := d.files[s.file]
	t0, t1 := d.tokens(s)
	// The declarations follow one another in the file, so the first
	// that ends at or after s is the only one that can hold it.
	fns := d.declsOf(int(s.file))
	counter(&d.work.DriftLookups, int64(bits.Len(uint(len(fns))))) // the declarations the search compares
	k, _ := slices.BinarySearchFunc(fns, t1, func(i int32, t1 int32) int { return cmp.Compare(f.units[i].tok1, t1) })
	if k == len(fns) || f.units[fns[k]].tok0 > t0 || f.units[fns[k]].name < 0 {
		return 0, 0, 0, false
	}
	fn = int(fns[k])
	u := f.units[fn]
	if token.Token(f.codes[u.tok0+1]) == token.LPAREN {
		// The receiver's type is its last name before the closing
		// parenthesis: (r *T), (T), (l *List[E]) gives E, alike in
		// copies.
		v := d.valueAt(f, u.tok0)
		for t := u.tok0 + 1; t < u.tok1 && token.Token(f.codes[t]) != token.RPAREN; t++ {
			if hasValue(f.codes[t]) {
				if isName(f.codes[t]) {
					recv = f.vals[v]
				}
				v++
			}
		}
	}
	return f.vals[u.name], recv, fn, true
}

// declsOf returns the units of file i's function declarations, in the
// file's order, made for every file at the first call: funcName looked
// for a span's declaration among all the units of its file, and 20,000
// pairs of functions in one file, each pair's copies asked for their
// functions' names, took 64 s against 1.6 s to parse.
func (d *detector) declsOf(i int) []int32 {
	d.declsOnce.Do(func() {
		d.decls = make([][]int32, len(d.files))
		units := 0
		for i, f := range d.files {
			units += len(f.units)
			for j, u := range f.units {
				if u.fn {
					d.decls[i] = append(d.decls[i], int32(j))
				}
			}
		}
		counter(&d.work.DriftLookups, int64(units))
	})
	return d.decls[i]
}
