package report

import (
	"cmp"
	"fmt"
	"slices"
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
		case d.Kind == fingerprint.DriftLacks && d.Step == fingerprint.StepWrapVerb:
			out = append(out, fmt.Sprintf("line %d formats with %%v or %%s the error that its twin %s wraps with %%w: errors.Is and errors.As see through the twin's error, not through this copy's", d.Lines.Start, at))
		case d.Kind == fingerprint.DriftLacks && d.Step == fingerprint.StepCondition:
			out = append(out, fmt.Sprintf("its condition at line %d lacks the check that %s adds", d.Lines.Start, at))
		case d.Kind == fingerprint.DriftLacks && d.Step == fingerprint.StepBounds:
			out = append(out, fmt.Sprintf("line %d indexes without the bounds check that %s makes", d.Lines.Start, at))
		case d.Kind == fingerprint.DriftLacks && d.Step == fingerprint.StepParam:
			out = append(out, fmt.Sprintf("never reads a parameter that its twin reads at %s; line %d takes the value another way", at, d.Lines.Start))
		case d.Kind == fingerprint.DriftMoved && d.Consensus:
			out = append(out, fmt.Sprintf("has the %s of %s at another place (%s) than every other copy", d.Step, at, rangesText([]fingerprint.LineRange{d.Lines})))
		case d.Kind == fingerprint.DriftMoved:
			out = append(out, fmt.Sprintf("has the %s of %s at another place (%s)", d.Step, at, rangesText([]fingerprint.LineRange{d.Lines})))
		case d.Kind == fingerprint.DriftLacks && d.Consensus:
			out = append(out, fmt.Sprintf("lacks the %s of %s (after this copy's line %d), which every other copy has", d.Step, at, d.Lines.Start))
		case d.Kind == fingerprint.DriftLacks:
			out = append(out, fmt.Sprintf("lacks the %s of %s (after this copy's line %d)", d.Step, at, d.Lines.Start))
		case d.Kind == fingerprint.DriftSwapped && d.Consensus:
			out = append(out, fmt.Sprintf("names at line %d are in the other order in its twin %s and in every other copy", d.Lines.Start, at))
		case d.Kind == fingerprint.DriftSwapped && d.Step == fingerprint.StepCallOrder:
			out = append(out, fmt.Sprintf("names at line %d are in the other order in its twin %s and in this copy's other calls of the same function", d.Lines.Start, at))
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
		case d.Kind == fingerprint.DriftUnrenamed && d.Step == fingerprint.StepOperand:
			out = append(out, fmt.Sprintf("the if at %s tests one field or index and its body uses another, where %s tests and uses the same", rangesText([]fingerprint.LineRange{d.Lines}), at))
		case d.Kind == fingerprint.DriftUnrenamed && d.Step == fingerprint.StepIndex:
			out = append(out, fmt.Sprintf("line %d names bare what this copy indexes at every other place it stands for the name of its twin %s", d.Lines.Start, at))
		case d.Kind == fingerprint.DriftUnrenamed && d.Step == fingerprint.StepConstant:
			out = append(out, fmt.Sprintf("line %d names another constant than %s, in a statement otherwise the same, its message too, where elsewhere the copies name one of the two alike: one copy was not adapted there", d.Lines.Start, at))
		case d.Kind == fingerprint.DriftUnrenamed && d.Step == fingerprint.StepRecursion:
			out = append(out, fmt.Sprintf("line %d names the function of its twin %s, where the twin names itself: the recursion was not renamed", d.Lines.Start, at))
		case d.Kind == fingerprint.DriftUnrenamed && d.Step == fingerprint.StepOperation:
			out = append(out, fmt.Sprintf("line %d names a member for another operation where its twin %s names the one for the operation both functions are named for", d.Lines.Start, at))
		case d.Kind == fingerprint.DriftUnrenamed && d.Step == fingerprint.StepOpposite:
			out = append(out, fmt.Sprintf("line %d names the function the opposite of its twin %s, and its body is the twin's token for token: the copy was not adapted to its name", d.Lines.Start, at))
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
// lack the check; another copy lacks the guard". Steps are said together
// only when the same copies lack them: "2 copies lack the check and the
// guard" had one lack the check and the other the guard.
func driftReason(c fingerprint.Class) string {
	var drops, slips []string
	var lacks lackGroups
	for j, f := range c.Fragments {
		for _, d := range f.Drift {
			switch {
			case d.Kind == fingerprint.DriftLacks && d.Step == fingerprint.StepWrap:
				lacks.add(errorWrap, j)
			case d.Step == fingerprint.StepParam:
				slips = appendNew(slips, "a parameter left unread")
			case d.Kind == fingerprint.DriftLacks:
				lacks.add("the "+d.Step, j)
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
			case d.Kind == fingerprint.DriftUnrenamed && d.Step == fingerprint.StepConstant:
				slips = appendNew(slips, "a constant not adapted")
			case d.Kind == fingerprint.DriftUnrenamed && d.Step == fingerprint.StepIndex:
				slips = appendNew(slips, "a name left unindexed")
			case d.Kind == fingerprint.DriftUnrenamed && d.Step == fingerprint.StepRecursion:
				slips = appendNew(slips, "a recursion not renamed")
			case d.Kind == fingerprint.DriftUnrenamed && d.Step == fingerprint.StepOpposite:
				slips = appendNew(slips, "a body not adapted to an opposite name")
			case d.Kind == fingerprint.DriftUnrenamed && d.Step == fingerprint.StepOperation:
				slips = appendNew(slips, "a constant of another operation")
			case d.Kind == fingerprint.DriftUnrenamed && d.Step == fingerprint.StepOperand:
				slips = appendNew(slips, "an if testing one field or index and using another")
			case d.Kind == fingerprint.DriftUnrenamed:
				slips = appendNew(slips, "a name left unrenamed")
			}
		}
	}
	said, wraps := lacks.said()
	parts := append(drops, said...)
	if len(slips) > 0 {
		parts = append(parts, strings.Join(slips, ", ")+" in a copy")
	}
	return strings.Join(append(parts, wraps...), "; ")
}

// errorWrap is a lacked error wrap in a class's reason, said last: the
// weakest evidence of the steps a copy lacks.
const errorWrap = "the error wrap"

// lackGroups gathers the steps copies lack by the set of copies that
// lack each, in the order first lacked.
type lackGroups struct {
	steps [][]string     // each group's steps
	by    [][]int        // the copies that lack each group's steps, in order
	first map[string]int // each step's place among the steps first lacked
}

// add records that copy j lacks step; a class's drifts come copy by
// copy, so a step's copies are gathered in order.
func (g *lackGroups) add(step string, j int) {
	for k, steps := range g.steps {
		if i := slices.Index(steps, step); i >= 0 {
			if by := g.by[k]; by[len(by)-1] == j {
				return
			}
			// Another copy lacks it: it leaves its group for the group
			// of its copies so far and j, made at the end.
			by := append(slices.Clone(g.by[k]), j)
			g.steps[k] = slices.Delete(slices.Clone(steps), i, i+1)
			g.put(step, by)
			return
		}
	}
	if g.first == nil {
		g.first = map[string]int{}
	}
	g.first[step] = len(g.first)
	g.put(step, []int{j})
}

func (g *lackGroups) put(step string, by []int) {
	for k := range g.by {
		if slices.Equal(g.by[k], by) {
			g.steps[k] = append(g.steps[k], step)
			return
		}
	}
	g.steps, g.by = append(g.steps, []string{step}), append(g.by, by)
}

// said is each group's steps with the copies that lack them, most
// copies first: "2 copies lack the check", "another copy lacks the
// guard" (other than those said before it), "a copy lacks the flag" (one
// of them); the groups lacking only the error wrap apart, in wraps.
func (g *lackGroups) said() (out, wraps []string) {
	order := make([]int, 0, len(g.steps))
	for k := range g.steps {
		if len(g.steps[k]) > 0 {
			order = append(order, k)
		}
	}
	wrapOnly := func(k int) bool { return slices.Equal(g.steps[k], []string{errorWrap}) }
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(b2i(wrapOnly(a)), b2i(wrapOnly(b))), cmp.Compare(len(g.by[b]), len(g.by[a])))
	})
	seen := map[int]bool{}
	for _, k := range order {
		// The steps in the order first lacked, the error wrap last.
		slices.SortFunc(g.steps[k], func(a, b string) int {
			return cmp.Or(cmp.Compare(b2i(a == errorWrap), b2i(b == errorWrap)), cmp.Compare(g.first[a], g.first[b]))
		})
		other := len(seen) > 0
		for _, j := range g.by[k] {
			other = other && !seen[j]
		}
		for _, j := range g.by[k] {
			seen[j] = true
		}
		text := copiesLack(len(g.by[k]), other) + " " + andList(g.steps[k])
		if wrapOnly(k) {
			wraps = append(wraps, text)
		} else {
			out = append(out, text)
		}
	}
	return out, wraps
}

// copiesLack is "a copy lacks" for one copy, "2 copies lack" for more,
// as a copy's own message counts "2 other copies"; "another copy lacks"
// and "2 other copies lack" when none of them were named before.
func copiesLack(n int, other bool) string {
	switch {
	case n == 1 && other:
		return "another copy lacks"
	case n == 1:
		return "a copy lacks"
	case other:
		return fmt.Sprintf("%d other copies lack", n)
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

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
