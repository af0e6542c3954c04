package report

import (
	"slices"

	"github.com/copycat-go/copycat/fingerprint"
)

// DriftPairFirst orders the copies of each drifted class of three or
// more so that its first two are two that differ in the way the report
// says: the copy of the strongest drift between the first copy and
// another (fingerprint.Drift.Strength; the first of equals) comes second,
// or, when no drift is with the first, the copy of the strongest drift,
// the others after it in their order. Drifts are found between the
// first copy and each other, so the copy that lacks a step is often the
// third or the fifth in file order, and a reader who compares the first
// two copies that every format shows sees none of the difference (25 of
// the 48 drifted classes of three copies or more over 463 modules,
// 2026-12-05, docs/drift.md). The first copy
// stays first, since Fragment.Differs is relative to it; each
// Drift.Twin keeps naming the same copy.
//
// A class's copies are otherwise in file order; this runs on the ranked
// classes a report prints, after Rank, before a change's verdicts are
// judged on them (they index the copies).
func DriftPairFirst(classes []fingerprint.Class) {
	for i := range classes {
		driftPairFirst(&classes[i])
	}
}

func driftPairFirst(c *fingerprint.Class) {
	if !c.Divergent || len(c.Fragments) < 3 {
		return
	}
	// A drift between two later copies (a string that names a third
	// copy's function, fingerprint's familyStringSlips) puts the copy
	// that slipped second when no drift is with the first.
	second, best, later, bestLater := 0, 0, 0, 0
	for i, f := range c.Fragments {
		for _, d := range f.Drift {
			j := 0
			switch {
			case i == 0:
				j = d.Twin
			case d.Twin == 0:
				j = i
			case d.Strength() > bestLater:
				later, bestLater = i, d.Strength()
			}
			if j > 0 && d.Strength() > best {
				second, best = j, d.Strength()
			}
		}
	}
	if best == 0 {
		second = later
	}
	if second <= 1 {
		return
	}
	// Old index k goes to at(k): second to 1, those from 1 up to it one on.
	at := func(k int) int {
		switch {
		case k == second:
			return 1
		case k >= 1 && k < second:
			return k + 1
		}
		return k
	}
	frags := make([]fingerprint.Fragment, len(c.Fragments))
	for k, f := range c.Fragments {
		f.Drift = slices.Clone(f.Drift)
		for m := range f.Drift {
			f.Drift[m].Twin = at(f.Drift[m].Twin)
		}
		frags[at(k)] = f
	}
	c.Fragments = frags
}
