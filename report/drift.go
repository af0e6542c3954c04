package report

import (
	"fmt"
	"strings"

	"github.com/copycat-go/copycat/fingerprint"
)

// DriftWords says in words how fragment i of c drifted from its twins
// (Fragment.Drift), one phrase a drift, lowercase, naming the twin's
// lines: "lacks the validation loop of path/match.go:79-84 (after its
// line 85)".
func DriftWords(c fingerprint.Class, i int) []string {
	var out []string
	for _, d := range c.Fragments[i].Drift {
		twin := c.Fragments[d.Twin]
		at := fmt.Sprintf("%s:%s", FileName(twin.File), lineSpan(d.TwinLines))
		switch {
		case d.Kind == fingerprint.DriftLacks && d.Step == fingerprint.StepWrap:
			out = append(out, fmt.Sprintf("lacks the error wrap of %s (its line %d returns the value bare)", at, d.Lines.Start))
		case d.Kind == fingerprint.DriftLacks && d.Step == fingerprint.StepCondition:
			out = append(out, fmt.Sprintf("its condition at line %d lacks the check that %s adds", d.Lines.Start, at))
		case d.Kind == fingerprint.DriftMoved:
			out = append(out, fmt.Sprintf("has the %s of %s at another place (%s)", d.Step, at, rangesText([]fingerprint.LineRange{d.Lines})))
		case d.Kind == fingerprint.DriftLacks && d.Consensus:
			out = append(out, fmt.Sprintf("lacks the %s of %s (after this copy's line %d), which every other copy has", d.Step, at, d.Lines.Start))
		case d.Kind == fingerprint.DriftLacks:
			out = append(out, fmt.Sprintf("lacks the %s of %s (after this copy's line %d)", d.Step, at, d.Lines.Start))
		case d.Kind == fingerprint.DriftSwapped:
			out = append(out, fmt.Sprintf("names at line %d are in the other order in its twin %s", d.Lines.Start, at))
		case d.Kind == fingerprint.DriftUnrenamed && d.Step == fingerprint.StepString:
			out = append(out, fmt.Sprintf("the string at line %d names the function of its twin %s, which this copy renamed", d.Lines.Start, at))
		case d.Kind == fingerprint.DriftUnrenamed && d.Step == fingerprint.StepNamePart && d.Lines.Start == d.Lines.End:
			out = append(out, fmt.Sprintf("the string at line %d names its twin's variant, as %s does, not this copy's", d.Lines.Start, at))
		case d.Kind == fingerprint.DriftUnrenamed && d.Step == fingerprint.StepNamePart:
			out = append(out, fmt.Sprintf("the strings at lines %s name its twin's variant, as %s do, not this copy's", lineSpan(d.Lines), at))
		case d.Kind == fingerprint.DriftUnrenamed && d.Step == fingerprint.StepVariant:
			out = append(out, fmt.Sprintf("the string at line %s names its twin's variant, as %s does, a word this copy renamed in another string", lineSpan(d.Lines), at))
		case d.Kind == fingerprint.DriftUnrenamed && d.Step == fingerprint.StepConflated:
			out = append(out, fmt.Sprintf("a name at line %d and its twin's at %s each pair with another name everywhere else: one of the two copies names the wrong thing there", d.Lines.Start, at))
		case d.Kind == fingerprint.DriftUnrenamed:
			out = append(out, fmt.Sprintf("line %d keeps the name that %s has, which this copy renamed everywhere else", d.Lines.Start, at))
		case d.Kind == fingerprint.DriftChanged:
			out = append(out, fmt.Sprintf("line %d calls another name than %s", d.Lines.Start, at))
		case d.Kind == fingerprint.DriftDiscards && d.Step == fingerprint.StepUnchecked:
			out = append(out, fmt.Sprintf("line %d ignores what its call returns, which %s checks", d.Lines.Start, at))
		case d.Kind == fingerprint.DriftDiscards:
			out = append(out, fmt.Sprintf("line %d discards with _ the value that %s checks", d.Lines.Start, at))
		}
	}
	return out
}

// DriftSaid is DriftWords for a message that says all of a fragment's
// drifts at once: a step lacked of several twins at one place (the odd
// one out of a family lacks it of every other copy, Drift.Consensus; the
// first copy of a class lacks it of two copies of one code) is said once,
// of the first of them, not once for each twin.
func DriftSaid(c fingerprint.Class, i int) []string {
	words := DriftWords(c, i)
	// The steps said, by what SaidBefore compares: each drift looked
	// for among those before it made the first copy of 8,000, lacking a
	// step of each other, cost 32 million comparisons.
	type step struct {
		consensus bool
		step      string
		lines     fingerprint.LineRange
	}
	said := map[step]bool{}
	var out []string
	work.Add(int64(len(c.Fragments[i].Drift)))
	for k, d := range c.Fragments[i].Drift {
		if d.Kind != fingerprint.DriftLacks {
			out = append(out, words[k])
			continue
		}
		if s := (step{d.Consensus, d.Step, d.Lines}); !said[s] {
			said[s] = true
			out = append(out, words[k])
		}
	}
	return out
}

// SaidBefore reports whether d, a drift of a fragment, says what e, an
// earlier one, said: both are a step of one kind lacked of twins at the
// same place, alike in being or not being lacked of every other copy.
func SaidBefore(e, d fingerprint.Drift) bool {
	return e.Kind == fingerprint.DriftLacks && e.Consensus == d.Consensus && e.Kind == d.Kind && e.Step == d.Step && e.Lines == d.Lines
}

// lineSpan is "7" or "7-9".
func lineSpan(r fingerprint.LineRange) string {
	if r.Start == r.End {
		return fmt.Sprint(r.Start)
	}
	return fmt.Sprintf("%d-%d", r.Start, r.End)
}

// driftReason says in a few words how c drifted, the strongest evidence
// first: "a copy lacks the guard", "names swapped in a copy", "2 copies
// lack the check and the guard".
func driftReason(c fingerprint.Class) string {
	var drops, lacks, slips []string
	lacking, unwrapped := 0, 0 // the copies that lack a step, the error wrap
	for _, f := range c.Fragments {
		lacksStep, lacksWrap := false, false
		for _, d := range f.Drift {
			switch {
			case d.Kind == fingerprint.DriftLacks && d.Step == fingerprint.StepWrap:
				lacksWrap = true
			case d.Kind == fingerprint.DriftLacks:
				lacks, lacksStep = appendNew(lacks, "the "+d.Step), true
			case d.Kind == fingerprint.DriftDiscards:
				drops = appendNew(drops, "a copy discards a value its twin checks")
			case d.Kind == fingerprint.DriftMoved:
				slips = appendNew(slips, "the "+d.Step+" at another place")
			case d.Kind == fingerprint.DriftSwapped:
				slips = appendNew(slips, "names swapped")
			case d.Kind == fingerprint.DriftUnrenamed && d.Step == fingerprint.StepString:
				slips = appendNew(slips, "a string naming its twin's function")
			case d.Kind == fingerprint.DriftUnrenamed && (d.Step == fingerprint.StepNamePart || d.Step == fingerprint.StepVariant):
				slips = appendNew(slips, "a string naming its twin's variant")
			case d.Kind == fingerprint.DriftUnrenamed && d.Step == fingerprint.StepConflated:
				slips = appendNew(slips, "a name standing for another")
			case d.Kind == fingerprint.DriftUnrenamed:
				slips = appendNew(slips, "a name left unrenamed")
			}
		}
		if lacksStep {
			lacking++
		}
		if lacksWrap {
			unwrapped++
		}
	}
	parts := drops
	if len(lacks) > 0 {
		parts = append(parts, copiesLack(lacking)+" "+andList(lacks))
	}
	if len(slips) > 0 {
		parts = append(parts, strings.Join(slips, ", ")+" in a copy")
	}
	if unwrapped > 0 {
		parts = append(parts, copiesLack(unwrapped)+" the error wrap")
	}
	return strings.Join(parts, "; ")
}

// copiesLack is "a copy lacks" for one copy, "2 copies lack" for more,
// as a copy's own message counts "2 other copies".
func copiesLack(n int) string {
	if n == 1 {
		return "a copy lacks"
	}
	return fmt.Sprintf("%d copies lack", n)
}

func appendNew(xs []string, x string) []string {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}
