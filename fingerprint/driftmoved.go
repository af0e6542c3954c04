package fingerprint

import (
	"bytes"
	"slices"
)

// A step moved: the copy has the twin's step at another place
// (DriftMoved, see drift.go).

// added returns the added statements of s, one of the two copies, as
// token ranges in pairs.
func (al alignment) added(s span) []int32 {
	if s == al.a {
		return al.addA
	}
	return al.addB
}

// movedTo finds, among the added statements rs of without, one with the
// tokens and names of with's statement [t0, t1), and returns its range.
func (d *detector) movedTo(with, without span, t0, t1 int32, rs []int32) (at [2]int32, ok bool) {
	fw, fo := d.files[with.file], d.files[without.file]
	for i := 0; i < len(rs); i += 2 {
		if d.sameTokens(fw, t0, t1, fo, rs[i], rs[i+1]) {
			return [2]int32{rs[i], rs[i+1]}, true
		}
	}
	return at, false
}

// sameTokens reports whether tokens [a0, a1) of fa and [b0, b1) of fb
// are the same, codes and names and values.
func (d *detector) sameTokens(fa *File, a0, a1 int32, fb *File, b0, b1 int32) bool {
	if a1-a0 != b1-b0 || !bytes.Equal(fa.codes[a0:a1], fb.codes[b0:b1]) {
		return false
	}
	va, vb := d.valueAt(fa, a0), d.valueAt(fb, b0)
	n := d.valueAt(fa, a1) - va
	return slices.Equal(fa.vals[va:va+n], fb.vals[vb:vb+n])
}

// oddOrder puts each step moved (DriftMoved) and each pair of names
// swapped (DriftSwapped) between the first copy of a class and others on
// the copy that has it another way than every other copy, marked
// Consensus. Both are an order, which a pair alone cannot tell apart:
// aligned two by two, a pair says it of one copy or of the other, or of
// both, as the alignment falls (coredns's three ServeDNS: azure's unlock,
// before the lookup as in route53's, was said to be at another place than
// clouddns's, which holds the lock across the lookup). In a class of
// three copies or more whose first copy was compared whole with every
// other (compared, as markConsensus takes it), the family tells: copy i
// when the first copy and i alone differ there (every other copy has it
// as the first has), the first copy when it differs from every other.
// Anything else is left as the pairs said it.
func oddOrder(c *Class, compared []bool) {
	n := len(c.Fragments)
	if n < 3 || slices.Contains(compared[1:], false) {
		return
	}
	// An order is known by its kind, its step and the first copy's lines
	// of it: a drift of the first copy holds them in Lines, one of copy i
	// in TwinLines (its twin is the first).
	type place struct {
		kind  DriftKind
		step  string
		lines LineRange
	}
	type other struct {
		copy  int
		lines LineRange // the copy's lines of it
	}
	// placeOf is the place of drift x of copy i, and whether it is an
	// order.
	placeOf := func(i int, x Drift) (place, other, bool) {
		switch {
		case x.Kind != DriftMoved && x.Kind != DriftSwapped || i > 0 && x.Twin != 0:
			return place{}, other{}, false
		case i == 0:
			return place{x.Kind, x.Step, x.Lines}, other{x.Twin, x.TwinLines}, true
		}
		return place{x.Kind, x.Step, x.TwinLines}, other{i, x.Lines}, true
	}
	var places []place // in the order found
	pairs := map[place][]other{}
	type pairAt struct {
		p    place
		copy int
	}
	seen := map[pairAt]bool{} // a pair said both ways counts once
	for i, f := range c.Fragments {
		for _, x := range f.Drift {
			p, o, ok := placeOf(i, x)
			if !ok || seen[pairAt{p, o.copy}] {
				continue
			}
			seen[pairAt{p, o.copy}] = true
			if _, ok := pairs[p]; !ok {
				places = append(places, p)
			}
			pairs[p] = append(pairs[p], o)
		}
	}
	// The places the family decides, each with the drift that says it
	// and the copy it is said of.
	type said struct {
		at  int
		odd Drift
	}
	decided := map[place]said{}
	for _, p := range places {
		switch others := pairs[p]; len(others) {
		case 1:
			decided[p] = said{others[0].copy, Drift{Kind: p.kind, Step: p.step, Lines: others[0].lines, Twin: 0, TwinLines: p.lines, Consensus: true}}
		case n - 1:
			first := slices.MinFunc(others, func(a, b other) int { return a.copy - b.copy })
			decided[p] = said{0, Drift{Kind: p.kind, Step: p.step, Lines: p.lines, Twin: first.copy, TwinLines: first.lines, Consensus: true}}
		}
	}
	if len(decided) == 0 {
		return
	}
	for i := range c.Fragments {
		c.Fragments[i].Drift = slices.DeleteFunc(c.Fragments[i].Drift, func(x Drift) bool {
			p, _, ok := placeOf(i, x)
			_, gone := decided[p]
			return ok && gone
		})
	}
	for _, p := range places {
		if s, ok := decided[p]; ok {
			c.Fragments[s.at].Drift = append(c.Fragments[s.at].Drift, s.odd)
		}
	}
}
