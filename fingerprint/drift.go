package fingerprint

import (
	"go/token"
	"slices"
)

// Drift analysis says how the copies of a near-miss class differ, pair by
// pair (the class's first fragment against each other one, and the others
// against a twin the first lacks a step of: lackingAlike), from the
// alignment of their canonical tokens (driftalign.go):
//
//  1. Align the two copies (Myers' diff, as verification does, on codes
//     that carry the parity of their depth of braces). An added statement
//     is an outermost statement of one copy at least two thirds of whose
//     tokens the alignment leaves unmatched. Added statements are taken
//     out and the copies aligned again until none is left; unmatched runs
//     are slid to statement edges.
//  2. An added statement is a pure insertion when the tokens of the other
//     copy on either side of where it was are matched and next to each
//     other; else it replaced something, and is an edit.
//  3. A pure insertion is a step its twin lacks
//     (DriftLacks) when it is one of the steps copies lack by mistake
//     (stepKind: a guard, a check, a validation loop, a defer, a lock, a
//     flag, an assignment on an error path) and not what one variant has
//     of its own: a case of a switch, one more item of a list of like
//     statements, a check of what only this copy computes
//     (checksOwnResult), or a step on a name the twin never names
//     (ownNames; a field of a value both have counts in one function
//     written in two places, and is marked Own). A return whose value one
//     copy wraps in a call with a message is a lacked error wrap
//     (driftwrap.go), listed but weak. An if whose condition has one
//     more operand of && or || than its twin's, the rest the same, and
//     that operand a check (a comparison with nil or zero, or a flag),
//     is a check its twin lacks (StepCondition, driftcond.go), listed
//     but weak. That both copies added statements is no reason to drop
//     a step: read blind, the steps such pairs lack held a bug more
//     often than the others (bench/readings/2026-12-05-r37.md).
//  4. The names of the two copies pair up (driftnames.go). A name paired
//     the same way at least twice and once otherwise breaks the renaming
//     there: two names in the other order in one statement are swapped
//     (DriftSwapped); a local both copies declare, kept once where the
//     copy renamed it everywhere else, is unrenamed (DriftUnrenamed); any
//     other break on a called name is a changed call (DriftChanged, weak).
//  5. However much else the copies differ, their drifts are kept: a
//     limit on the other edits (12 tokens, or a tenth of the smaller
//     copy), past which a pair was taken for variants written apart,
//     dropped drifts that, read blind, held a bug more often than the
//     others (bench/readings/2026-12-05-r38.md). A pair is left out only
//     where the copies cannot be aligned.
//  6. In a class of three copies or more, a step one copy lacks and every
//     other copy has is marked Consensus (markConsensus): the odd one out;
//     so is a step one copy has at another place, or two names one copy
//     has in another order, than every other copy (oddOrder), said of
//     that copy whichever side its pair said.
//
// A class drifted (Class.Divergent) when a copy lacks a step of another,
// or has a swapped or unrenamed name (Drift.Strength at least 2). Each
// fragment's Drift lists what it lacks or slipped on, with its twin's
// lines. docs/drift.md says what each rule was measured on.

// A DriftKind says how a copy differs from its twin.
type DriftKind string

const (
	// DriftLacks: the twin has a statement (or a wrap) this copy lacks.
	DriftLacks DriftKind = "lacks"
	// DriftSwapped: two names in the other order than in the twin.
	DriftSwapped DriftKind = "swapped"
	// DriftUnrenamed: the twin's name kept where the copy renamed it
	// everywhere else.
	DriftUnrenamed DriftKind = "unrenamed"
	// DriftChanged: the same statement calling another name.
	DriftChanged DriftKind = "changed"
	// DriftMoved: the copy has the twin's step, the same tokens and names,
	// at another place. Aligned in order, a statement moved reads as lacked
	// by each copy from the other (istio's mergejoin taking its lock at the
	// top where collection takes it before the loop); it is said as moved,
	// which an order that matters still is (pebble's AddAuthorization
	// unlocking after the check that returns, where AddChallenge unlocks
	// before it, read blind as a bug in reading 37): evidence as strong as
	// two names swapped.
	DriftMoved DriftKind = "moved"
	// DriftDiscards: the copy assigns to the blank identifier a value
	// that its twin assigns to a name and checks (driftdiscard.go).
	DriftDiscards DriftKind = "discards"
)

// A Drift is one difference of a copy from its twin, held by the copy
// that lacks the step or holds the slip.
type Drift struct {
	Kind DriftKind
	// Step is, for DriftLacks, what the twin's statement is (StepGuard,
	// StepLoop, …).
	Step string
	// Lines are this copy's: where the twin's statement would go (the
	// line before it), or the line of the slip.
	Lines LineRange
	// Twin is the index in the class's Fragments of the copy compared.
	Twin int
	// TwinLines are the twin's: its statement, or its version of the
	// line.
	TwinLines LineRange
	// Consensus says, in a class of three copies or more, that every
	// other copy has the step this one lacks (or, DriftMoved and
	// DriftSwapped, has another way than every other copy): the odd one
	// out, which strict readers filed (klauspost/compress's encoder
	// without the maxSkip cap its three siblings have, docker's
	// getNetwork among six lookups, moby's TaskLogs without the trimID
	// check of its two twins).
	Consensus bool
	// Own says that the lacked step selects a field or method this copy
	// never names: a step that counts only because the copies are one
	// function written in two places, and not between copies made on
	// purpose (per version, per type), which each have fields of their
	// own.
	Own bool
}

// Strength is how strong the evidence of a drift is that one copy missed
// a change: 3 for a lacked step, 2 for a swapped or unrenamed name or a
// step moved (statements in another order, as swapped names are), 1
// for a changed call, a lacked error wrap (read blind, the four classes
// whose only drift was an error wrap, in rclone and buildkit, were
// backends that wrap their errors each in their own way), a name
// standing for the twin's other name (read blind on modules it was not
// chosen on, 0 of 3: controller-runtime's test cases, one per client,
// whose package names pair one way and another) or a parameter left
// unread (read blind on 11 modules it was not chosen on, 1 of 11 classes
// a bug, and not the parameter: per-version and frozen copies that
// ignore a parameter on purpose; bench/readings/2026-12-07-r79.md), or
// a %w the copy's fmt.Errorf lacks (read blind on 10 classes it was not
// chosen on, none a bug: copies left with %v when their twin moved to
// %w, which readers did not file; bench/readings/2026-12-07-r88.md).
func (d Drift) Strength() int {
	switch {
	case d.Kind == DriftLacks && (d.Step == StepWrap || d.Step == StepWrapVerb), d.Step == StepConflated, d.Step == StepParam:
		return 1
	case d.Kind == DriftLacks || d.Kind == DriftDiscards:
		return 3
	case d.Kind == DriftSwapped || d.Kind == DriftUnrenamed || d.Kind == DriftMoved:
		return 2
	}
	return 1
}

// DriftStrength is the strongest drift of c's fragments, 0 for none.
func (c Class) DriftStrength() int {
	most := 0
	for _, f := range c.Fragments {
		for _, d := range f.Drift {
			most = max(most, d.Strength())
		}
	}
	return most
}

// Drifted reports whether a drift of c is evidence that a copy missed a
// change: anything stronger than a changed call.
func (c Class) Drifted() bool { return c.DriftStrength() >= 2 }

// markDrift fills the fragments' Drift, Extra and Lacks and c.Divergent;
// ss are the spans of c's fragments, in the same order. bounds, if not
// nil, holds for each copy i > 0 what depthBound says of it and the
// first.
func (d *detector) markDrift(v *verifier, c *Class, ss []span, bounds []int) {
	compared := make([]bool, len(ss))
	for i := 1; i < len(ss); i++ {
		bound := -1
		if bounds != nil {
			bound = bounds[i]
		}
		forA, forB, ok := d.pairDrift(v, ss[0], ss[i], bound)
		compared[i] = ok
		c.addPairDrift(i, forA, forB)
	}
	counter(&d.work.DriftLookups, int64(markConsensus(c, compared)))
	oddOrder(c, compared)
	d.lackingAlike(v, c, ss)
	d.familyStringSlips(c, ss)
	c.SetDrift()
}

// lackingAlike adds, in a class of three copies or more, the steps the
// first copy lacks of a twin to the other copies that lack them too:
// compared only with the first, which is like them there, they were
// said to lack nothing (orders' check, lacked by invoices, the first,
// and by receipts, was said on invoices alone). Each other copy is
// compared with one twin, the first whose steps the first copy lacks,
// so that a class of many copies costs one alignment a copy; only those
// steps are kept.
func (d *detector) lackingAlike(v *verifier, c *Class, ss []span) {
	if len(ss) < 3 {
		return
	}
	k, lacked := -1, map[int]bool{} // the twin, and the twins whose steps the first lacks
	var steps []LineRange           // the lines of k's steps the first lacks
	for _, x := range c.Fragments[0].Drift {
		if x.Kind != DriftLacks {
			continue
		}
		lacked[x.Twin] = true
		if k < 0 || x.Twin < k {
			k, steps = x.Twin, nil
		}
		if x.Twin == k {
			steps = append(steps, x.TwinLines)
		}
	}
	if k < 0 {
		return
	}
	for j := 1; j < len(ss); j++ {
		if lacked[j] {
			continue
		}
		_, forJ, ok := d.pairDrift(v, ss[k], ss[j], -1)
		if !ok {
			continue
		}
		for _, x := range forJ {
			if x.Kind == DriftLacks && slices.Contains(steps, x.TwinLines) {
				x.Twin = k
				c.Fragments[j].Drift = append(c.Fragments[j].Drift, x)
			}
		}
	}
}

// addPairDrift adds the drifts found between c's first fragment and its
// i-th: forA of the first (against the i-th), forB of the i-th.
func (c *Class) addPairDrift(i int, forA, forB []Drift) {
	for _, x := range forA {
		x.Twin = i
		c.Fragments[0].Drift = append(c.Fragments[0].Drift, x)
	}
	for _, x := range forB {
		x.Twin = 0
		c.Fragments[i].Drift = append(c.Fragments[i].Drift, x)
	}
}

// markConsensus marks the lacked steps of a class of three copies or
// more that every other copy has (Drift.Consensus): a step the first copy
// lacks against each of the others, at one place; or one that a later
// copy lacks of the first and no other copy lacks. compared[i] says
// that the first copy and copy i were compared whole (pairDrift kept
// their drifts): a pair left out says nothing of its copies. It returns
// how many drifts it looked up (Work.DriftLookups).
func markConsensus(c *Class, compared []bool) (looked int) {
	n := len(c.Fragments)
	if n < 3 || slices.Contains(compared[1:], false) {
		return 0
	}
	// The steps are counted first, each drift then looked up: every
	// drift was compared with every other, and 8,000 copies of one
	// function, the first lacking a guard of the others, took 6.8 s
	// against 0.17 s to parse.
	type place struct {
		step  string
		lines LineRange
	}
	first := c.Fragments[0].Drift
	twins := map[place]map[int]bool{} // the twins whose step the first copy lacks at a place
	for _, x := range first {
		if x.Kind == DriftLacks {
			p := place{x.Step, x.Lines}
			if twins[p] == nil {
				twins[p] = map[int]bool{}
			}
			twins[p][x.Twin] = true
		}
	}
	for k, x := range first {
		if x.Kind == DriftLacks {
			first[k].Consensus = len(twins[place{x.Step, x.Lines}]) == n-1
		}
	}
	looked = 2 * len(first)
	// The later copies lacking a step, by its lines: the last counted,
	// and how many.
	type lacking struct{ last, copies int }
	lackers := map[LineRange]lacking{}
	for i := 1; i < n; i++ {
		for _, x := range c.Fragments[i].Drift {
			if l := lackers[x.TwinLines]; x.Kind == DriftLacks && l.last != i {
				lackers[x.TwinLines] = lacking{i, l.copies + 1}
			}
		}
	}
	for i := 1; i < n; i++ {
		for k, x := range c.Fragments[i].Drift {
			if x.Kind == DriftLacks {
				c.Fragments[i].Drift[k].Consensus = lackers[x.TwinLines].copies == 1
			}
		}
		looked += 2 * len(c.Fragments[i].Drift)
	}
	return looked
}

// SetDrift makes c's Divergent and its fragments' Lacks and Extra say
// what their Drift does: a fragment lacks when it lacks a step, its
// twin's Extra holds the step's lines, and the class is divergent when
// the evidence is strong enough (Drifted). Call it after changing Drift.
func (c *Class) SetDrift() {
	extra := make([][]int, len(c.Fragments))
	for i := range c.Fragments {
		f := &c.Fragments[i]
		f.Lacks = false
		for _, x := range f.Drift {
			if x.Kind == DriftLacks && x.Step != StepParam { // a parameter's read is no line the copy lacks
				f.Lacks = true
				for l := x.TwinLines.Start; l <= x.TwinLines.End; l++ {
					extra[x.Twin] = append(extra[x.Twin], l)
				}
			}
		}
	}
	for i, lines := range extra {
		slices.Sort(lines)
		c.Fragments[i].Extra = lineRanges(slices.Compact(lines))
	}
	c.Divergent = c.Drifted()
}

// pairDrift finds the drifts of a from b (forA) and of b from a (forB);
// compared is false when the two were not compared whole (no alignment,
// or edited throughout: only their discarded values are kept). bound is
// align's.
func (d *detector) pairDrift(v *verifier, a, b span, bound int) (forA, forB []Drift, compared bool) {
	al, ok := d.align(v, a, b, bound)
	if !ok {
		return nil, nil, false
	}
	// Said after the other drifts: values one copy drops with a blank
	// where the other checks them (driftdiscard.go), and strings that
	// name the twin's function (driftstring.go).
	var lateA, lateB []Drift
	// Added statements: pure insertions of a step are lacked by the twin.
	lacks := func(with, without span, add []int32, pure []bool) []Drift {
		var out []Drift
		to := al.other(with)
		for i := 0; i < len(add); i += 2 {
			if blank, assign, ok := d.discards(&al, with, without, add[i], add[i+1], to); ok {
				x := Drift{Kind: DriftDiscards,
					Lines:     d.tokenLines(without, blank, blank+1),
					TwinLines: LineRange{d.files[with.file].tokenLine(assign.tok0), d.tokenLines(with, add[i], add[i+1]).End}}
				if with == a {
					lateB = append(lateB, x)
				} else {
					lateA = append(lateA, x)
				}
				continue
			}
			if !pure[i/2] {
				continue
			}
			step, own := d.lackedStep(&al, with, without, add[i], add[i+1])
			if step == "" {
				continue
			}
			if at, ok := d.movedTo(with, without, add[i], add[i+1], al.added(without)); ok {
				// The copy has the step, at another place: moved, not
				// lacked (a lock taken at the top of one copy and
				// before the loop in its twin).
				out = append(out, Drift{Kind: DriftMoved, Step: step, Lines: d.tokenLines(without, at[0], at[1]),
					TwinLines: d.tokenLines(with, add[i], add[i+1])})
				continue
			}
			out = append(out, Drift{Kind: DriftLacks, Step: step, Own: own,
				Lines:     d.lineBefore(al, without, with, add[i]),
				TwinLines: d.tokenLines(with, add[i], add[i+1])})
		}
		return out
	}
	wrappedA, wrappedB := d.wrappedReturns(&al)
	forB = append(forB, wrappedA...)
	forA = append(forA, wrappedB...)
	guardedA, guardedB := d.lackedElseGuards(&al)
	forB = append(forB, guardedA...)
	forA = append(forA, guardedB...)
	uncheckedB, uncheckedA := d.uncheckedAdded(&al)
	lateB = append(lateB, uncheckedB...)
	lateA = append(lateA, uncheckedA...)
	forB = append(forB, lacks(a, b, al.addA, al.pureA)...)
	forA = append(forA, lacks(b, a, al.addB, al.pureB)...)
	lateB = append(lateB, d.uncheckedCalls(al, a, b)...)
	lateA = append(lateA, d.uncheckedCalls(al, b, a)...)
	wrapsA, wrapsB := d.wraps(al)
	forB = append(forB, wrapsA...)
	forA = append(forA, wrapsB...)
	unwrappedA, unwrappedB := d.unwrapped(al)
	forA = append(forA, unwrappedA...)
	forB = append(forB, unwrappedB...)
	ignoredA, ignoredB := d.ignoredParams(al)
	forA = append(forA, ignoredA...)
	forB = append(forB, ignoredB...)
	names, _ := d.mismatches(v, a, b, al.match, nil)
	keys := d.keysDiffer(al, v.vb) // v.vb holds b's values since mismatches
	if names > 0 {
		// Some names break the renaming: find where and how.
		slipsA, slipsB := d.renamingSlips(al)
		forA = append(forA, slipsA...)
		forB = append(forB, slipsB...)
	}
	if keys {
		crossedA, crossedB := d.crossedOperands(al)
		forA = append(forA, crossedA...)
		forB = append(forB, crossedB...)
		constA, constB := d.unadaptedConstants(al)
		forA = append(forA, constA...)
		forB = append(forB, constB...)
	}
	unindexedA, unindexedB := d.unindexed(al)
	forA = append(forA, unindexedA...)
	forB = append(forB, unindexedB...)
	recurA, recurB := d.unrenamedRecursion(al)
	forA = append(forA, recurA...)
	forB = append(forB, recurB...)
	opA, opB := d.operationSlips(al)
	forA = append(forA, opA...)
	forB = append(forB, opB...)
	stringsA, stringsB := d.stringSlips(al)
	lateA = append(lateA, stringsA...)
	lateB = append(lateB, stringsB...)
	return append(forA, lateA...), append(forB, lateB...), true
}

// lackedStep is the step that the statement of tokens [t0, t1) of with
// is, if a copy without it lacks it by mistake (see the rule above); else
// "". own says that the step selects a field or method the copy without
// it never names, which counts only because the copies are one function
// written in two places (see sameFunction). to maps the tokens of with
// (indices in it) to the other copy's, -1 for a token left unmatched.
func (d *detector) lackedStep(al *alignment, with, without span, t0, t1 int32) (step string, own bool) {
	to := al.other(with)
	matched := func(x int32) bool { return to[x] >= 0 }
	f := d.files[with.file]
	u := f.stmtAt(t0, t1)
	if u < 0 {
		return "", false
	}
	rs := []int32{t0, t1}
	if d.addsCase(with, rs) || d.listItems(with, rs) {
		return "", false
	}
	step = d.stepKind(with.file, int32(u))
	if step == "" || d.checksOwnResult(with, int32(u), matched) || d.checksOwnLater(with, int32(u), matched) || d.checksAddress(al, with, without, t0, t1, to) {
		return "", false
	}
	if step == StepErrorPath || step == StepEarlyReturn {
		return step, false
	}
	if d.callsInstead(al, with, without, t0, t1) {
		return "", false
	}
	// A lock or a deferred call pairs with what the twin does to the same
	// value (c.mu.Unlock beside c.mu.Lock): a method of a value the twin
	// names too is not the copy's own.
	if step == StepLock || step == StepUnlock || step == StepDefer {
		if d.ownNames(al, with, without, rs, true) {
			return "", false
		}
		return step, false
	}
	if !d.ownNames(al, with, without, rs, false) {
		return step, false
	}
	// A guard's way out names what it returns: a method called on a
	// value both copies have (d.Errf, where the twin calls d.Err and
	// d.ArgErr), or a name of a package both use (fs.ErrPermission),
	// says nothing of a variant of its own; its condition does, and so
	// does a field of a local value (call.ArgList, where go/types' twin
	// reads call.Args). Caddy's MatchVarsRE parser lacks the
	// repeated-field check, `if (*m)[field] != nil { return d.Errf(…) }`,
	// of the MatchHeaderRE one it was copied from: read blind as a bug in
	// reading 53.
	if step == StepGuard || step == StepCheck {
		if _, c1, ok := condition(f.codes, t0, t1); ok && d.leaves(f, c1, t1, true) {
			locals := d.locals(with)
			shared := func(t int32, from uint64) bool { return t >= c1 && (called(f.codes, t) || !locals[from]) }
			if !d.ownNamesBy(al, with, without, rs, shared) {
				return step, false
			}
		}
	}

	// So does any step of one function written in two places (the same
	// name, on the same receiver type): what one copy checks of a value
	// both have, the other should too. A guard's names there are its
	// condition's: what it returns on the way out (errOffset,
	// &Error{ErrInvalidCharRange, name}) is named only in the copy that
	// has the guard.
	if !d.sameFunction(with, without) {
		return "", false
	}
	if c0, c1, ok := condition(f.codes, t0, t1); ok && (step == StepGuard || step == StepCheck) {
		rs = []int32{c0, c1}
	}
	if !d.ownNames(al, with, without, rs, true) {
		return step, true
	}
	return "", false
}

// callsInstead reports whether the statement of tokens [t0, t1) of with
// is a deferred call (defer f(…)) that the copy without it makes itself,
// as a statement of the same names after the place the defer would go,
// in its block, with no return between them: go-ethereum's ethtest
// suite creates a context, reads, then calls cancel() where its twin
// defers cancel(), and was said to lack the defer. A return between the
// two leaves the call unmade on that path, which the defer would have
// made: still a lack.
func (d *detector) callsInstead(al *alignment, with, without span, t0, t1 int32) bool {
	f, g := d.files[with.file], d.files[without.file]
	if token.Token(f.codes[t0]) != token.DEFER || t1-t0 < 2 {
		return false
	}
	w0, _ := d.tokens(with)
	o0, o1 := d.tokens(without)
	to := al.other(with)
	y := o0 // where the defer would go: after the token matched to the one before it
	for x := t0 - w0 - 1; x >= 0; x-- {
		if to[x] >= 0 {
			y = o0 + to[x] + 1
			break
		}
	}
	var call []uint64 // the deferred call's values
	d.valuesIn(with, t0+1, t1, d.valueAt(f, t0+1), func(_ int32, _ byte, v uint64) { call = append(call, v) })
	// The call must be a statement of the block the defer would go in:
	// one in a branch is made on that path alone (go-tfe's DoRaw closes
	// the body on an error status and returns it unclosed on 304, which
	// its twin's defer closes: read blind as a bug).
	order, k := g.startingAt(y) // the statement the defer would come before
	if k >= len(order) {
		return false
	}
	blk := g.blockOf(order[k])
	found := false
	g.unitsIn(y, o1, func(u int32) {
		un := g.units[u]
		if found || g.blockOf(u) != blk || un.tok1-un.tok0 != t1-t0-1 || !slices.Equal(g.codes[un.tok0:un.tok1], f.codes[t0+1:t1]) ||
			slices.Contains(g.codes[y:un.tok0], byte(token.RETURN)) {
			return
		}
		i, same := 0, true // the call's values, matched in turn
		d.valuesIn(without, un.tok0, un.tok1, d.valueAt(g, un.tok0), func(_ int32, _ byte, v uint64) {
			same = same && i < len(call) && call[i] == v
			i++
		})
		found = same && i == len(call)
	})
	return found
}

// checksOwnLater reports whether unit u of s, an if statement the
// alignment left unmatched, is, token for token, the first statement
// after the unmatched ones that follow it, which is matched and checks
// what the unmatched statement right before it assigns: of two
// identical checks the alignment kept the later, and what the copy has
// of its own is that statement with its check, not a check its twin
// lacks (btcd's gcs NPBytes, which writes P after N, err :=
// WriteVarInt(…); if err != nil {…}; err = buffer.WriteByte(f.p); if err
// != nil {…}, was said to lack a check of NBytes, which writes N alone).
func (d *detector) checksOwnLater(s span, u int32, matched func(int32) bool) bool {
	f := d.files[s.file]
	if token.Token(f.codes[f.units[u].tok0]) != token.IF {
		return false
	}
	b := f.blocks[f.blockOf(u)]
	t0, t1 := d.tokens(s)
	unmatched := func(w int32) bool {
		for t := f.units[w].tok0; t < f.units[w].tok1; t++ {
			if matched(t - t0) {
				return false
			}
		}
		return true
	}
	w := u + 1
	for w < b.last && f.units[w].tok1 <= t1 && unmatched(w) {
		w++
	}
	if w == u+1 || w >= b.last || f.units[w].tok1 > t1 || !matched(f.units[w].tok0-t0) || sameStatement(f, u, f, w) != stmtSame {
		return false
	}
	assigned := assignedNames(f, f.units[w-1])
	return len(assigned) > 0 && d.conditionNames(f, f.units[w], assigned)
}

// checksOwnResult reports whether unit u of s, an if statement, checks
// what the statement before it assigns, and that statement is not the
// same in the other copy (some of its tokens are unmatched): the check
// goes with a call or an assignment of this copy's own (nodeRef, err :=
// Reference(…) then if err != nil, in the one copy that looks a
// reference up).
func (d *detector) checksOwnResult(s span, u int32, matched func(int32) bool) bool {
	f := d.files[s.file]
	if token.Token(f.codes[f.units[u].tok0]) != token.IF {
		return false
	}
	b := f.blocks[f.blockOf(u)]
	if u == b.first {
		return false
	}
	prev := f.units[u-1]
	t0, _ := d.tokens(s)
	if prev.tok0 < t0 {
		return false
	}
	assigned := assignedNames(f, prev)
	if len(assigned) == 0 {
		return false
	}
	same := true
	for t := prev.tok0; t < prev.tok1; t++ {
		same = same && matched(t-t0)
	}
	if same {
		return false
	}
	return d.conditionNames(f, f.units[u], assigned)
}

// conditionNames reports whether the condition of u, an if statement,
// names one of names: those before the body's brace.
func (d *detector) conditionNames(f *File, u unit, names []uint64) bool {
	_, end, ok := condition(f.codes, u.tok0, u.tok1)
	if !ok {
		return false
	}
	v := d.valueAt(f, u.tok0)
	for t := u.tok0; t < end; t++ {
		c := f.codes[t]
		if hasValue(c) {
			if isName(c) && slices.Contains(names, f.vals[v]) {
				return true
			}
			v++
		}
	}
	return false
}

// checksAddress reports whether the if statement of tokens [t0, t1) of
// with compares a name with nil that the copy without it sets, in the
// statement that sets it in both, to an address (&items[i], &T{}): a
// value that cannot be nil, so that only with needs the check. A copy
// for a slice of pointers skips the nil items its twin for a slice of
// values cannot have (apimachinery's EachPtrSliceVal and EachValSliceVal,
// read blind as variants made on purpose, three such pairs). to maps the
// tokens of with to the other copy's, as in lackedStep.
func (d *detector) checksAddress(al *alignment, with, without span, t0, t1 int32, to []int32) bool {
	f, g := d.files[with.file], d.files[without.file]
	if token.Token(f.codes[t0]) != token.IF {
		return false
	}
	c0, c1, ok := condition(f.codes, t0, t1)
	if !ok || c1-c0 != 3 || !isName(f.codes[c0]) || f.codes[c0+2] != codeNil {
		return false
	}
	if op := token.Token(f.codes[c0+1]); op != token.EQL && op != token.NEQ {
		return false
	}
	name := f.vals[d.valueAt(f, c0)]
	w0, _ := d.tokens(with)
	o0, o1 := d.tokens(without)
	sets := al.namesOf(d, with).sets[name]
	i, _ := slices.BinarySearch(sets, t0)
	if i == 0 {
		return false
	}
	set := sets[i-1] // the last token of with before t0 that sets the name alone
	if token.Token(f.codes[set+2]) == token.AND || to[set-w0] < 0 {
		return false
	}
	y := o0 + to[set-w0]
	return y+2 < o1 && setsAlone(g.codes, y) && token.Token(g.codes[y+2]) == token.AND
}

// setsAlone reports whether the name at codes[t] is set alone by the
// statement it starts: x := … or x = ….
func setsAlone(codes []byte, t int32) bool {
	if int(t)+2 >= len(codes) {
		return false
	}
	op := token.Token(codes[t+1])
	return op == token.DEFINE || op == token.ASSIGN
}

// assignedNames lists the name hashes a simple statement assigns or
// declares at its start: x, err := …, a, b = ….
func assignedNames(f *File, u unit) []uint64 {
	var names []uint64
	v := u.val0
	for t := u.tok0; t < u.tok1; t++ {
		c := f.codes[t]
		switch {
		case isName(c):
			names = append(names, f.vals[v])
		case token.Token(c) == token.COMMA:
		case token.Token(c) == token.DEFINE || token.Token(c) == token.ASSIGN:
			return names
		default:
			return nil
		}
		if hasValue(c) {
			v++
		}
	}
	return nil
}
