package fingerprint

import "slices"

// The odd one out. In a family of three copies or more, a step that one
// copy lacks and every other copy has is evidence of its own, which no
// pair of copies gives: two copies that each grew statements, or that
// were edited throughout, look like variants written apart (pairDrift
// keeps none of their lacked steps), but when every other copy of the
// family has the step, the family says which copy missed it (the DNS
// parser of one record type without the `|| l.err` check of its four
// siblings, one of three container providers without the absolute-path
// guard of the other two). markOddOneOut keeps such steps, marked
// Consensus, from what each pair lacks before the variant rules.

// pairSteps is what the first copy of a class and another one lack of
// each other before the rules for variants (both grew, edited
// throughout) are applied.
type pairSteps struct {
	aligned bool
	// lacksA are the steps of the other copy that the first lacks,
	// lacksB those of the first that the other lacks (Twin unset).
	lacksA, lacksB []Drift
	// addedA are the lines of every statement of the first copy that
	// the other lacks, a step or not.
	addedA []LineRange
}

// of fills p from the alignment of the pair.
func (p *pairSteps) of(d *detector, al alignment) {
	p.aligned = true
	for i := 0; i < len(al.addA); i += 2 {
		p.addedA = append(p.addedA, d.tokenLines(al.a, al.addA[i], al.addA[i+1]))
	}
	p.lacksB = d.pureSteps(al, al.a, al.b, al.addA, al.pureA)
	p.lacksA = d.pureSteps(al, al.b, al.a, al.addB, al.pureB)
}

// pureSteps are the drifts of without that lack a step among the added
// statements of with that are pure insertions (add in pairs, pure one
// per statement); a value dropped with a blank is a discard, not a step.
func (d *detector) pureSteps(al alignment, with, without span, add []int32, pure []bool) []Drift {
	var out []Drift
	to := al.other(with)
	for i := 0; i < len(add); i += 2 {
		if !pure[i/2] {
			continue
		}
		if _, _, ok := d.discards(with, without, add[i], add[i+1], to); ok {
			continue
		}
		if x, ok := d.lacked(al, with, without, add[i], add[i+1]); ok {
			out = append(out, x)
		}
	}
	return out
}

// markOddOneOut adds to c's fragments the steps one copy lacks and every
// other copy has, from pairs (pairs[i] of the first copy and copy i),
// all of them aligned: a step the first copy lacks at one place against
// each of the others, or one that copy i lacks of the first while each
// other copy has it (it is no added statement of the first against
// them).
func markOddOneOut(c *Class, pairs []pairSteps) {
	n := len(c.Fragments)
	if n < 3 || slices.ContainsFunc(pairs[1:], func(p pairSteps) bool { return !p.aligned }) {
		return
	}
	for _, x := range pairs[1].lacksA {
		at := func(y Drift) bool { return y.Step == x.Step && y.Lines == x.Lines }
		if slices.ContainsFunc(pairs[2:], func(p pairSteps) bool { return !slices.ContainsFunc(p.lacksA, at) }) {
			continue
		}
		for i := 1; i < n; i++ {
			y := pairs[i].lacksA[slices.IndexFunc(pairs[i].lacksA, at)]
			y.Twin = i
			addOdd(&c.Fragments[0], y)
		}
	}
	for i := 1; i < n; i++ {
		for _, x := range pairs[i].lacksB {
			overlaps := func(r LineRange) bool { return r.Start <= x.TwinLines.End && x.TwinLines.Start <= r.End }
			alone := true
			for j := 1; j < n && alone; j++ {
				alone = j == i || !slices.ContainsFunc(pairs[j].addedA, overlaps)
			}
			if alone {
				x.Twin = 0
				addOdd(&c.Fragments[i], x)
			}
		}
	}
}

// addOdd adds x, a step the odd one out f lacks, to f's drifts, or marks
// it there if the pair's rules had found it already.
func addOdd(f *Fragment, x Drift) {
	x.Consensus = true
	for k, y := range f.Drift {
		if y.Kind == x.Kind && y.Step == x.Step && y.Twin == x.Twin && y.Lines == x.Lines && y.TwinLines == x.TwinLines {
			f.Drift[k].Consensus = true
			return
		}
	}
	f.Drift = append(f.Drift, x)
}
