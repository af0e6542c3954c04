package fingerprint

import (
	"fmt"
	"sync/atomic"

	"github.com/copycat-go/copycat/internal/words"
)

// A Result is what [Run] found, what it left out on the way, and how much
// work it took.
type Result struct {
	Classes []Class
	// Warnings name each cap on the engine's work that this run reached,
	// with how much it left out; none for ordinary code.
	Warnings []string
	Work     Work
	// Sketch is the size of the sketches the windows went through.
	Sketch SketchSize
	// Phases are the durations of detection's phases, in order; only
	// [RunTimed] measures them. The near-miss phase runs beside the exact
	// ones (sketch, confirm, extend), so their times overlap.
	Phases []Phase
	// Verdicts are those of the near-miss candidates this run verified,
	// when Options.Verdicts was given.
	Verdicts *Verdicts
	// Boilerplate are the lines of the windows held back as seen more
	// than MaxOccurrences times (Work.Boilerplate counts them), by file,
	// sorted and merged: code that makes no class however often it was
	// pasted, which a change's report says it added. A focused run has
	// those of the windows whose fingerprints its focus files hold.
	Boilerplate map[string][]LineRange
}

// A Phase is how long one phase of detection took, in nanoseconds of the
// clock given to [RunTimed].
type Phase struct {
	Name  string
	Nanos int64
}

// Work counts what the engine did: the figures that grow with the input's
// size, by which a test can bound a run's cost without timing it. Counts
// taken in parallel are summed, so they do not depend on the workers.
type Work struct {
	Windows     int64 // windows sketched
	Candidates  int64 // windows whose fingerprint was seen at least twice
	Extensions  int64 // pairs of windows grown into maximal pairs
	Grown       int64 // statements those pairs took in as they grew, windows and all
	Dominance   int64 // pairs tested against a larger pair that might hold them
	NearUnits   int64 // functions and blocks considered for near-miss clones
	NearEntries int64 // (gram, unit) incidences sorted to find near-miss candidates
	NearPairs   int64 // unit pairs counted as sharing a gram
	NearCopies  int64 // candidate pairs found copies by their keys, not verified
	NearDiffs   int64 // candidate pairs verified
	LCSWords    int64 // word steps of their bit-parallel LCS, the bulk of verifying
	PartSteps   int64 // part keys' pairs of places chained, and blocks looked through for their statements (nearpart.go)
	PartDiffs   int64 // pairs of runs of statements those chains gave, verified
	Containment int64 // fragments a class's first copy was compared with, to leave out classes inside others

	// Drift analysis (drift.go), and the names and values of the copies
	// of renamed classes compared, counted where a step once read a
	// copy again for each string, name or drift of it. Not in Total:
	// they grow with the words of strings as much as with the tokens.
	DriftTokens  int64 // tokens of copies read for their names and values
	DriftLookups int64 // declarations, drifts, strings and words looked up or compared

	// Hashed counts the bytes the candidates' keys were taken over
	// (confirm.go): about -min-tokens a candidate, and once a sum of each
	// window's tokens, which nested code made grow with the square of
	// its depth. Not in Total: it is bytes, not steps.
	Hashed int64

	// Outcomes, counted once a phase is over.
	Confirmed int64 // candidate windows whose content blake3 matched another's
	Pairs     int64 // maximal pairs of exact clones kept
	NearFound int64 // near-miss pairs kept
	// Boilerplate counts the windows seen more than MaxOccurrences
	// times, left out as boilerplate: a run that finds nothing says so.
	Boilerplate int64

	// Caps reached; each is reported by a warning.
	DeepUnits       int64 // near-miss units left out for their nesting
	LargeSeeds      int64 // windows with more than largeSeed copies, grown along a chain
	SharedGrams     int64 // near-miss grams of more than nearMaxRun units, paired with the first units only
	LargeUnverified int64 // large near-miss candidates given up past nearMaxEdits edits
	DriftUnaligned  int64 // alignments of copies for drift analysis given up past driftMaxEdits edits
}

// Total sums the counts of detection's work (not the caps, nor drift
// analysis's): a figure that grows with the input, linearly for any
// input if the engine is as it should be.
func (w *Work) Total() int64 {
	return w.Windows + w.Candidates + w.Extensions + w.Grown + w.Dominance +
		w.NearUnits + w.NearEntries + w.NearPairs + w.NearCopies + w.NearDiffs + w.LCSWords + w.Containment +
		w.PartSteps + w.PartDiffs
}

// warnings describes the caps this run reached.
func (w *Work) warnings() []string {
	var out []string
	if w.DeepUnits > 0 {
		out = append(out, fmt.Sprintf("%s nested more than %d deep in other near-miss candidates %s not compared for near-miss clones", words.Count(int(w.DeepUnits), "block", "blocks"), nearMaxDepth, were(w.DeepUnits)))
	}
	if w.LargeSeeds > 0 {
		out = append(out, fmt.Sprintf("%s repeated more than %d times %s grown against neighbouring copies only, not pairwise", words.Count(int(w.LargeSeeds), "window", "windows"), largeSeed, were(w.LargeSeeds)))
	}
	if w.SharedGrams > 0 {
		out = append(out, fmt.Sprintf("%s shared by more than %d blocks paired each block with the first %d only", words.Count(int(w.SharedGrams), "near-miss gram", "near-miss grams"), nearMaxRun, nearReps))
	}
	if w.LargeUnverified > 0 {
		out = append(out, fmt.Sprintf("%s of more than %d tokens together differed by more than %d edits and %s not compared further", words.Count(int(w.LargeUnverified), "near-miss candidate", "near-miss candidates"), nearLargePair, nearMaxEdits, were(w.LargeUnverified)))
	}
	if w.DriftUnaligned > 0 {
		out = append(out, fmt.Sprintf("%s of near-miss copies for drift analysis differed by more than %d edits and %s given up", words.Count(int(w.DriftUnaligned), "alignment", "alignments"), driftMaxEdits, were(w.DriftUnaligned)))
	}
	return out
}

// were is the verb for n things.
func were(n int64) string { return words.Agree(int(n), "was", "were") }

// counter adds to a Work field from any goroutine.
func counter(f *int64, n int64) { atomic.AddInt64(f, n) }
