package report

import (
	"fmt"
	"math"

	"github.com/copycat-go/copycat/change"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/words"
)

// ChangeStats sums up what a change did: the copies it pasted, the
// classes by verdict, and the lines it added, of which those in new
// copies.
type ChangeStats struct {
	New            int // copies the change pasted (NewCopies), in classes of any verdict
	ForgottenTwins int // classes
	Grown          int // classes
	Removed        int // classes the change took a copy of away
	Moved          int // copies the change moved here from elsewhere: not new (change.Verdict.Move)
	AddedLines     int // every line the change added
	NewDuplicated  int // of those, the lines in new copies
	// MaxNew is -max-new-duplication, the share of the added lines new
	// copies may hold, in percent; < 0: no gate.
	MaxNew float64
	// Boilerplate counts the added lines outside new copies that are in
	// code seen more than MaxOccurrences times, held back as boilerplate:
	// a class of it is none, however often it was pasted.
	Boilerplate    int
	MaxOccurrences int
}

// boilerplateWords says how many added lines repeat code held back as
// boilerplate, for a sentence on the change's lines: "16 of them repeat
// code seen more than 10 times (-max-occurrences), left out as
// boilerplate"; "" when none.
func (s ChangeStats) boilerplateWords() string {
	if s.Boilerplate == 0 {
		return ""
	}
	return fmt.Sprintf("%d of them %s code seen more than %d times (-max-occurrences), left out as boilerplate",
		s.Boilerplate, words.Agree(s.Boilerplate, "repeats", "repeat"), s.MaxOccurrences)
}

// NewCopies counts the copies a change with verdict v pasted: those it
// added (v.New), less the one the others copy when it added every copy
// of the class (a function written and pasted once is one new copy).
func NewCopies(v change.Verdict) int {
	n := 0
	for _, nw := range v.New {
		if nw {
			n++
		}
	}
	if n > 0 && n == len(v.New) {
		n--
	}
	return n
}

// Percent is the share of the added lines in new copies.
func (s ChangeStats) Percent() float64 {
	if s.AddedLines == 0 {
		return 0
	}
	return 100 * float64(s.NewDuplicated) / float64(s.AddedLines)
}

// OverGate reports whether the new copies hold more of the added lines
// than -max-new-duplication allows.
func (s ChangeStats) OverGate() bool { return s.MaxNew >= 0 && s.Percent() > s.MaxNew }

// Line is the text report's line on the change.
func (s ChangeStats) Line() string {
	copies := "copy"
	if s.NewDuplicated == 1 {
		copies = "copies" // "1 of the 8 lines it added copies other code"
	}
	line := fmt.Sprintf("copycat: the change: %s, %s, %s; ",
		Count(s.New, "new copy", "new copies"), Count(s.ForgottenTwins, "forgotten twin", "forgotten twins"),
		Count(s.Grown, "class grown", "classes grown"))
	if s.AddedLines == 0 {
		line += "it added no line" // not "0 of the 0 lines it added copy other code (0.0%)"
	} else {
		line += fmt.Sprintf("%d of the %s it added %s other code (%.1f%%)", s.NewDuplicated, Count(s.AddedLines, "line", "lines"), copies, s.Percent())
		if b := s.boilerplateWords(); b != "" {
			line += "; " + b
		}
	}
	if s.Removed > 0 {
		line += fmt.Sprintf("; it removed %s", Count(s.Removed, "copy", "copies"))
	}
	if s.Moved > 0 {
		line += fmt.Sprintf("; it moved %s", Count(s.Moved, "copy", "copies"))
	}
	switch {
	case s.OverGate():
		line += fmt.Sprintf(", over -max-new-duplication %g%%", s.MaxNew)
	case s.MaxNew >= 0:
		line += fmt.Sprintf(", within -max-new-duplication %g%%", s.MaxNew)
	}
	return line
}

// sameLines reports whether copies i and j of c differ from its first
// copy at the same lines, counted from their starts, and are as long in
// tokens: the same code, as far as the class says (every copy of an
// exact class is).
func sameLines(c fingerprint.Class, i, j int) bool {
	a, b := c.Fragments[i], c.Fragments[j]
	if a.Tokens != b.Tokens || len(a.Differs) != len(b.Differs) {
		return false
	}
	for k, r := range a.Differs {
		q := b.Differs[k]
		if r.Start-a.Start.Line != q.Start-b.Start.Line || r.End-a.Start.Line != q.End-b.Start.Line {
			return false
		}
	}
	return true
}

// ChangeWords says what the change did to fragment i of class c, whose
// verdict is v: "new copy of b.go:3-40 (that copy unchanged)", "you changed this
// copy (2 lines added); b.go:3-40 held the same code and was not
// changed".
func ChangeWords(c fingerprint.Class, v change.Verdict, i int) string {
	other := func(want func(j int) bool) (int, bool) {
		for j := range c.Fragments {
			if j != i && want(j) {
				return j, true
			}
		}
		return 0, false
	}
	at := func(j int) string { return fragmentAt(c.Fragments[j]) }
	edits := func(j int) string {
		added := Count(v.Added[j], "line", "lines")
		if j < len(v.AddedAt) && len(v.AddedAt[j]) > 0 {
			added = rangesText(v.AddedAt[j])
		}
		switch a, r := v.Added[j], v.Removed[j]; {
		case a > 0 && r > 0:
			return fmt.Sprintf("%s added, %s removed", added, Count(r, "line", "lines"))
		case a > 0:
			return added + " added"
		default:
			return Count(r, "line", "lines") + " removed"
		}
	}
	if w := movedWords(c, v, i); w != "" {
		return w
	}
	if w, ok := twinWords[twinVerdict{v.Kind, v.Broken}]; ok && !v.New[i] {
		// Said on the copy the change touched, naming an untouched twin
		// (one that does not hold the edit already), and on an untouched
		// one, naming the touched copy (one that existed before, if any)
		// and its edits.
		touched := v.Touched[i]
		t, ok := other(func(j int) bool { return v.Touched[j] != touched && !v.New[j] && !v.Held(j) && !v.MovedCopy(j) })
		if !ok {
			t, ok = other(func(j int) bool { return v.Touched[j] != touched })
		}
		if ok {
			switch {
			case touched:
				return fmt.Sprintf(w.touched, at(t), edits(i))
			case v.Held(i):
				return fmt.Sprintf("not forgotten: this copy already held what the change wrote into %s (%s)", at(t), edits(t))
			}
			return fmt.Sprintf(w.untouched, at(t), edits(t))
		}
		return ""
	}
	// unchanged says whether the change edited copy j, which existed
	// before: "that copy unchanged", or its edits ("that copy edited too:
	// line 7 added"). "unchanged" alone read as said of the new copy, a
	// paste left as it was.
	unchanged := func(j int) string {
		if v.Touched[j] {
			return "that copy edited too: " + edits(j)
		}
		return "that copy unchanged"
	}
	switch {
	case v.New[i]:
		// The twin named is one the change left as it was, if any: a
		// twin it also edited is said so (it was said unchanged); of
		// those, one this copy is the same as, the code it was pasted
		// from (the one that lacked a guard the paste has was named).
		t, ok := other(func(j int) bool { return !v.New[j] && !v.Touched[j] && sameLines(c, i, j) })
		if !ok {
			t, ok = other(func(j int) bool { return !v.New[j] && !v.Touched[j] })
		}
		if !ok {
			t, ok = other(func(j int) bool { return !v.New[j] })
		}
		if ok {
			if v.Kind == change.Grown {
				return fmt.Sprintf("one more copy of %s (%s): the class grew to %d copies", at(t), unchanged(t), len(c.Fragments))
			}
			return fmt.Sprintf("new copy of %s (%s)", at(t), unchanged(t))
		}
		if t, ok := other(func(int) bool { return true }); ok {
			return fmt.Sprintf("new copy of %s (new too)", at(t))
		}
	case v.Kind == change.New:
		if t, ok := other(func(j int) bool { return v.New[j] }); ok {
			return fmt.Sprintf("the change copied this code to %s%s", at(t), morePlaces(v.New, i, t))
		}
	case v.Kind == change.Grown:
		// One of several copies: the change need not have copied this
		// one.
		if t, ok := other(func(j int) bool { return v.New[j] }); ok {
			if more := morePlaces(v.New, i, t); more != "" {
				return fmt.Sprintf("the change added copies of this code, at %s%s", at(t), more)
			}
			return fmt.Sprintf("the change added one more copy of this code, at %s", at(t))
		}
		if v.Touched[i] {
			// No copy added: every copy gained lines.
			return fmt.Sprintf("grew alike: the change edited every copy of this code (this one: %s)", edits(i))
		}
	}
	return ""
}

// movedWords says what the change did to fragment i of class c, whose
// verdict is v, when it moved code: on a copy it moved here, "moved
// copy: the change moved this copy of b.go:3-40 from a.go:120-157 (at
// the base)"; on a copy of a class of the base it took away and wrote
// elsewhere, where to; on a copy it left as it was, of a class whose
// new copies all moved, where the moved copy came from and went. ""
// otherwise.
func movedWords(c fingerprint.Class, v change.Verdict, i int) string {
	if !v.MovedCopy(i) && (v.Kind != change.Moved || v.Touched[i]) {
		return ""
	}
	at := func(p change.Place) string { return placeOf(FileName(p.File), p.Start, p.End) }
	// The copy it is a copy of: one the change left as it was, or else
	// another.
	twin := ""
	for _, untouched := range []bool{true, false} {
		for j, f := range c.Fragments {
			if j != i && twin == "" && (!untouched || !v.Touched[j] && !v.New[j]) {
				twin = " of " + fragmentAt(f)
			}
		}
	}
	switch {
	case v.MovedFrom != nil && v.MovedFrom[i].File != "":
		return fmt.Sprintf("moved copy: the change moved this copy%s from %s (at the base)", twin, at(v.MovedFrom[i]))
	case v.MovedTo != nil && v.MovedTo[i].File != "":
		return fmt.Sprintf("moved copy: the change took this copy%s away and wrote it again at %s", twin, at(v.MovedTo[i]))
	}
	for j, from := range v.MovedFrom {
		if from.File != "" {
			return fmt.Sprintf("the change moved a copy of this code from %s (at the base) to %s%s", at(from), fragmentAt(c.Fragments[j]), morePlaces(movedCopies(v), i, j))
		}
	}
	return ""
}

// movedCopies marks the copies of a class of the tree the change moved.
func movedCopies(v change.Verdict) []bool {
	out := make([]bool, len(v.MovedFrom))
	for j, p := range v.MovedFrom {
		out[j] = p.File != ""
	}
	return out
}

// morePlaces counts the new copies other than i and t, the one named:
// " and 1 more place", so that a copy pasted twice is not said to have
// been copied once.
func morePlaces(isNew []bool, i, t int) string {
	n := 0
	for j, nw := range isNew {
		if nw && j != i && j != t {
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return " and " + Count(n, "more place", "more places")
}

// A twinVerdict is a verdict said copy by copy, touched against
// untouched: its kind, and whether its class is the base's (Broken).
type twinVerdict struct {
	kind   string
	broken bool
}

// twinWords are the words of each twinVerdict on the touched copy and on
// an untouched one: formats of the other copy's place (%[1]s) and the
// touched copy's edits (%[2]s).
var twinWords = map[twinVerdict]struct{ touched, untouched string }{
	{change.ForgottenTwin, false}: {
		"forgotten twin: you changed this copy (%[2]s); %[1]s held the same code and was not changed",
		"forgotten twin: %[1]s, a copy of this code, was changed (%[2]s) and this copy was not"},
	{change.ForgottenTwin, true}: {
		"forgotten twin: you changed this copy (%[2]s) until it no longer matches %[1]s, which held the same code at the base and was not changed",
		"forgotten twin: %[1]s held the same code at the base and was changed (%[2]s) until it no longer matches; this copy was not"},
	{change.Removed, true}: {
		"removed copy: the change took away this copy of %[1]s (%[2]s)",
		"the change took away a copy of this code at %[1]s (%[2]s)"},
}

// baselineState is SARIF's word for what the change did to fragment i:
// new, updated or unchanged, and absent for the copies of a class the
// change removed; a copy the change moved here is updated; "" without
// a change.
func baselineState(v *change.Verdict, i int) string {
	switch {
	case v == nil:
		return ""
	case v.Kind == change.Removed:
		return "absent"
	case v.MovedCopy(i):
		// The copy was there at the base, elsewhere: the result is not
		// new, and its place changed.
		return "updated"
	case v.New[i]:
		return "new"
	case v.Touched[i]:
		return "updated"
	}
	return "unchanged"
}

// round2 rounds to two decimals, as the JSON report's shares are.
func round2(x float64) float64 { return math.Round(x*100) / 100 }
