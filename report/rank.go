package report

import (
	"cmp"
	"fmt"
	"math"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/par"
)

// Ranking puts first the classes most likely to be worth acting on. Each
// class gets a score from 0 to 100 in one of these bands:
//
//	85–100  drifted (a copy lacks a step of its twin or slipped on a
//	        name, see fingerprint.Drift), wherever its copies are
//	50–84   production code (at least one copy outside tests)
//	20–49   tests only, or example programs only
//	0–19    copies on purpose: build variants, per-architecture back ends, mirrors, per-type copies, inverses
//
// Within a band a class scores by how worth sharing it is (see worth):
// its lines, its similarity and the names its copies differ in; among
// drifted classes the evidence weighs most. Drifted classes rank first
// (docs/drift.md). Classes of equal score keep the order they came in
// (file order). Classes in tests or examples and copies on purpose are
// left out of the listed classes (Signal.LeftOut), but for drifted ones, which are
// listed wherever their copies are but in tests, examples and generated
// files.
const (
	bandDivergent   = 85
	bandProduction  = 50
	bandTest        = 20
	bandIntentional = 0
)

// Shapes of the functions that hold a class's first two copies, said in
// the JSON report (they do not weigh in the score: read blind, within a
// module they did not tell actionable classes from the others).
const (
	// ShapeMethods: methods of one name on different receivers — the
	// same behaviour written out for each type that has it (the Kubernetes
	// volume mounters' SetUpAt, two syncers' processAccountResponse).
	ShapeMethods = "methods"
	// ShapeVariants: methods of one receiver with different names — the
	// variants of one thing (popHead and popTail, Encrypt and Decrypt,
	// onByteCodes and onHealByteCodes).
	ShapeVariants = "variants"
)

// worth is how worth sharing a class is, from 0 to 1:
//
//	z = ln(lines) + 4·similarity − 0.2·min(names, 8)
//
// mapped from 4 (0) to 10 (1), where names is the most pairs of names a
// copy differs from the first in (fingerprint.Class.Names): the
// parameters a shared function would need. Longer copies, closer copies
// and copies that differ in fewer names are worth more; many differing
// names mark variants written once per type, field or endpoint. Over
// the 573 listed classes strict readers labelled blind in readings 5–14
// (bench/readings/2026-12-04-worth.md), an actionable class ranked above
// another of the same module 77 times in 100 by worth, 59 by the bands
// (a core band of 30 lines and under a fifth edited), shapes and pairs
// it replaces; the fifth of the classes it scores highest read
// actionable 68% of the time, the lowest fifth 15%.
func worth(c fingerprint.Class) float64 {
	z := math.Log(float64(max(c.Lines, 1))) + 4*c.Similarity - 0.2*float64(min(c.Names, 8))
	return min(1, max(0, (z-4)/6))
}

// Why a class is left out of the listed classes (Signal.LeftOut): every
// copy is test code, or in an example program, or a baseline holds it;
// a copy on purpose is left out by its category's name (CategoryPerArch,
// …). Only those rules leave a class out: size and edits rank a class
// lower, never out. Read strictly, classes in tests were worth acting on
// about one time in twenty-five, classes in example programs one time in
// twenty-seven (readings 5–18: programs meant to stand alone, each a
// complete main), and copies on purpose almost never (docs/accuracy.md).
const (
	LeftTests    = "tests"
	LeftExamples = "examples"
	LeftBaseline = "baseline"
)

// Listed reports whether a ranked class is listed: left out by no rule.
func Listed(c fingerprint.Class) bool { return c.Signal.LeftOut == "" }

// LeftOut says which rule left a ranked class out, with its evidence:
// "tests", "per-arch: paths name arm64 and loong64", "baseline"; "" for
// a listed class.
func LeftOut(c fingerprint.Class) string {
	if c.Signal.Evidence != "" && c.Signal.LeftOut == c.Signal.Category {
		return c.Signal.LeftOut + ": " + c.Signal.Evidence
	}
	return c.Signal.LeftOut
}

// Split divides ranked classes into the listed ones and those left out,
// each in their order.
func Split(classes []fingerprint.Class) (listed, left []fingerprint.Class) {
	for _, c := range classes {
		if Listed(c) {
			listed = append(listed, c)
		} else {
			left = append(left, c)
		}
	}
	return listed, left
}

// Sort orders for Rank.
const (
	SortRank     = "rank"     // most worth acting on first
	SortPosition = "position" // the order of the first fragments' positions
)

// Rank fills each class's Signal and, for SortRank, orders classes by
// score, the highest first; ties keep their order. src, if not nil, gives
// the Facts of the classes' files that were not categorised yet.
func Rank(classes []fingerprint.Class, src FileSource, order string) {
	NewRanking().Rank(classes, src, order)
}

// Categorise finds the category and shape of each class not categorised
// yet (Signal.Category, Signal.Shape) from the Facts of its files, so
// that a result stored with them is ranked without them.
func Categorise(classes []fingerprint.Class, src FileSource) {
	NewRanking().Categorise(classes, src)
}

// A Ranking categorises and ranks the classes of one run, finding where
// each of their files lies within its module once for both: a run over
// the standard library at -min-tokens 50 stat'ed each of the 1,980 files
// its classes are in, and the go.mod and .git of each folder above them,
// when it categorised the classes and again when it ranked them.
type Ranking struct{ paths *modulePaths }

// NewRanking returns a Ranking that has looked at no file yet.
func NewRanking() *Ranking { return &Ranking{newModulePaths()} }

// Rank is the function Rank.
func (r *Ranking) Rank(classes []fingerprint.Class, src FileSource, order string) {
	paths := r.paths
	categorise(classes, src, paths)
	// Each class on its own, on all CPUs: the paths within their modules
	// are found by a stat of each file.
	par.For(len(classes), runtime.GOMAXPROCS(0), func(_, i int) {
		c := &classes[i]
		c.Signal.Score, c.Signal.Reason, c.Signal.LeftOut = signal(*c, paths.class(*c))
		c.Signal.Categorised = true
	})
	if order == SortRank {
		byScore(classes)
	}
}

// byScore orders classes by score, the highest first, ties in their
// order: as a stable sort of them by score does, but by sorting each
// class's score and index as one number, and then moving each class once.
// The stable sort moved the classes (216 bytes each) in its rotations,
// 5 ms for the standard library's 5,000 in the run's serial tail; the
// order of a stable sort is the one order of its kind, which this gives.
func byScore(classes []fingerprint.Class) {
	keys := make([]uint64, len(classes))
	for i, c := range classes {
		if c.Signal.Score < math.MinInt32 || c.Signal.Score > math.MaxInt32 || int64(i) > math.MaxUint32 {
			slices.SortStableFunc(classes, func(a, b fingerprint.Class) int { return cmp.Compare(b.Signal.Score, a.Signal.Score) })
			return
		}
		// The highest score first: its sign flipped and complemented,
		// a score orders as an unsigned number.
		keys[i] = uint64(^(uint32(int32(c.Signal.Score))^1<<31))<<32 | uint64(i)
	}
	slices.Sort(keys)
	sorted := make([]fingerprint.Class, len(classes))
	for i, k := range keys {
		sorted[i] = classes[uint32(k)]
	}
	copy(classes, sorted)
}

// Categorise is the function Categorise.
func (r *Ranking) Categorise(classes []fingerprint.Class, src FileSource) {
	categorise(classes, src, r.paths)
}

func categorise(classes []fingerprint.Class, src FileSource, paths *modulePaths) {
	h := &headers{src: src, paths: paths, cache: map[string]*header{}}
	h.prefetch(classes)
	// Each class on its own, on all CPUs.
	par.For(len(classes), runtime.GOMAXPROCS(0), func(_, i int) {
		c := &classes[i]
		if !c.Signal.Categorised {
			c.Signal.Category, c.Signal.Evidence = h.category(*c)
			c.Signal.Shape = h.shape(*c)
			c.Signal.OneFunction = c.Divergent && h.oneFunction(*c)
			c.Signal.TestHelpers = h.testHelpers(*c)
			c.Signal.Generated = h.generated(*c) != ""
			switch {
			case !c.Divergent:
			case c.Signal.Category == CategoryInverse || h.testCases(*c):
				// Inverse operations and test cases each run steps of
				// their own; a body not adapted to its opposite name is
				// news, and says that the two do not do opposite things.
				keepDrift(c, func(d fingerprint.Drift) bool { return d.Step == fingerprint.StepOpposite })
				if c.Divergent && c.Signal.Category == CategoryInverse {
					c.Signal.Category, c.Signal.Evidence = "", ""
				}
			case c.Signal.Category != "" && ownSteps(*c):
				// Copies made on purpose (per version, per type, per
				// architecture) each have fields of their own: a step on
				// one only this copy names is its own.
				keepDrift(c, func(d fingerprint.Drift) bool { return !d.Own })
			}
			c.Signal.Categorised = true
		}
	})
}

// signal scores a categorised class (Signal.Category, Shape and
// TestHelpers found), says why it ranks there, and names the rule that
// leaves it out, "" for none. in is c with its files' paths within
// their modules (modulePaths.class), which the rules on directories read.
func signal(c, in fingerprint.Class) (score int, why, left string) {
	category := c.Signal.Category
	test := c.Signal.TestHelpers || testsOnly(in)
	examples := !test && examplesOnly(in)
	// A drift is news wherever it is, but in example programs, which are
	// written to stand alone: read blind, the two drifted classes of
	// clickhouse-go's examples (a string naming the twin's program) were
	// benign, as classes in examples are (reading 20); and in tests,
	// where a test of one case lacks on purpose a step of another's:
	// read blind, 2 of 32 drifted classes in tests held a bug and 4 were
	// worth acting on, against 15 of 71 and 33 of 71 in production code
	// (readings 30 to 33); and in generated files, which no one edits by
	// hand: read blind on modules no reading had used, 0 of 32 labels
	// called such drifted classes actionable and 1 of 16 held a bug
	// (its generator's), where other drifted classes of those modules
	// read 14 of 48 and 4 of 24, and strings naming the twin's variant
	// 24 of 46 and 3 of 23 (reading 59).
	drifted := c.Divergent && !examples && !test && !c.Signal.Generated
	dirs := directories(c)
	var lo, hi int
	switch {
	case drifted:
		lo, hi = bandDivergent, 100
	case category != "":
		lo, hi = bandIntentional, bandTest-1
	case test, examples:
		lo, hi = bandTest, bandProduction-1
	default:
		lo, hi = bandProduction, bandDivergent-1
	}
	v := worth(c)
	if drifted {
		// Among drifted classes the evidence weighs most (driftEvidence).
		v = 0.75*driftEvidence(c) + 0.25*v
	}
	score = lo + int(v*float64(hi-lo)+0.5)
	switch {
	case drifted:
		// A copy that lacks what its other copy has is news wherever
		// it is.
	case category != "":
		left = category
	case test:
		left = LeftTests
	case examples:
		left = LeftExamples
	}
	return score, reason(c, category, test, examples, !test && !examples && anyTests(in), dirs), left
}

// reason says in words why a class ranks where it does:
// "drifted: a copy lacks the check; production, 3 packages, 140 lines".
// A drift comes first, before a category's words: it is what ranks the
// class, and a report cut short (an HTML column, an editor's hover) still
// shows it.
func reason(c fingerprint.Class, category string, test, examples, someTests bool, dirs int) string {
	var b strings.Builder
	if c.Divergent {
		fmt.Fprintf(&b, "drifted: %s; ", driftReason(c))
	}
	if category != "" {
		words := map[string]string{
			CategoryBuildVariant: "build variants", CategoryPerArch: "per-architecture copies",
			CategoryMirror: "mirrored or generated copies", CategoryPerType: "one copy per type",
			CategoryInverse: "inverse operations",
		}[category]
		if c.Signal.Evidence != "" {
			words += ", on purpose (" + c.Signal.Evidence + "); "
		} else {
			words += ", on purpose; "
		}
		b.WriteString(words)
	}
	switch {
	case test:
		b.WriteString("tests")
	case examples:
		b.WriteString("examples")
	case someTests:
		b.WriteString("production and tests")
	default:
		b.WriteString("production")
	}
	fmt.Fprintf(&b, ", %s, %s", Count(dirs, "package", "packages"), sizeWords(c))
	return b.String()
}

// sizeWords is a class's size in lines: its shortest copy's, and the
// longest's too where they differ ("145 to 180 lines"), as the ranges a
// message names do.
func sizeWords(c fingerprint.Class) string {
	if longest := longestLines(c); longest != c.Lines {
		return fmt.Sprintf("%d to %d lines", c.Lines, longest)
	}
	return Count(c.Lines, "line", "lines")
}

// longestLines is the lines of c's longest copy (c.Lines is its
// shortest's).
func longestLines(c fingerprint.Class) int {
	longest := c.Lines
	for _, f := range c.Fragments {
		longest = max(longest, f.End.Line-f.Start.Line+1)
	}
	return longest
}

// linesCell is a class's lines as a table's cell says them: "16", or
// "16–20" where its copies differ in length, as its reason does.
func linesCell(c fingerprint.Class, number func(int) string) string {
	if longest := longestLines(c); longest != c.Lines {
		return number(c.Lines) + "–" + number(longest)
	}
	return number(c.Lines)
}

// examplesOnly reports whether every fragment of c lies in an example
// program (under a directory named example, examples, _example,
// _examples, demo or demos) or in test code, and one at least in an
// example program: no copy is production code (go-openai's chatbot
// program in examples/ and the Example_chatbot test it mirrors).
func examplesOnly(c fingerprint.Class) bool {
	example := false
	for _, f := range c.Fragments {
		switch {
		case underDir(f.File, exampleDirs):
			example = true
		case !isTest(f.File):
			return false
		}
	}
	return example
}

var exampleDirs = []string{"example", "examples", "_example", "_examples", "demo", "demos"}

// testsOnly reports whether every fragment of c is test code: in a
// _test.go file, or under a directory of tests (see testDirs).
func testsOnly(c fingerprint.Class) bool {
	for _, f := range c.Fragments {
		if !isTest(f.File) {
			return false
		}
	}
	return true
}

// anyTests reports whether a copy of c is test code: a class of
// production code and tests, which is listed as production code is, and
// says it holds both.
func anyTests(c fingerprint.Class) bool {
	return slices.ContainsFunc(c.Fragments, func(f fingerprint.Fragment) bool { return isTest(f.File) })
}

// testDirs are the directory names under which code serves tests: the
// end-to-end and integration suites of large modules, test helpers.
var testDirs = []string{"test", "tests", "e2e", "e2e_node", "testutil", "testutils", "testhelpers"}

func isTest(name string) bool {
	return strings.HasSuffix(name, "_test.go") || underDir(name, testDirs)
}

// underDir reports whether a directory of the file's path is named one
// of dirs.
func underDir(name string, dirs []string) bool {
	for _, el := range strings.Split(path.Dir(filepath.ToSlash(name)), "/") {
		if slices.Contains(dirs, el) {
			return true
		}
	}
	return false
}

// directories counts the distinct directories of c's fragments: the
// packages it spans.
func directories(c fingerprint.Class) int {
	var ds []string
	for _, f := range c.Fragments {
		d := path.Dir(filepath.ToSlash(f.File))
		if !slices.Contains(ds, d) {
			ds = append(ds, d)
		}
	}
	return len(ds)
}

// driftEvidence is how strongly a drifted class says a copy missed a
// change, from 0 to 1: a step lacked by one function written in two
// places (read strictly, 3 of 4 such classes were a missed change), a
// step that one copy of three or more lacks and every other has (3 of
// the 4 such families strict readers noted were inconsistencies), or an
// error its twin checks discarded with a blank, or a return on an error
// path lacked, then
// a swapped or unrenamed name (2 of the 3 in the corpus modules), then a
// step lacked by copies in different functions (read blind, 7 of 31).
func driftEvidence(c fingerprint.Class) float64 {
	switch {
	case c.DriftStrength() >= 3 && (c.Signal.OneFunction || oddOneOut(c)), has(c, fingerprint.DriftDiscards), lacksReturn(c):
		return 1
	case slips(c):
		return 0.75
	}
	return 0.5
}

// lacksReturn reports whether a copy of c lacks a return on an error
// path: read blind, 4 of the 6 such classes were a bug both readers
// would file, against about one in five for a lacked check or guard
// (readings 49 to 53).
func lacksReturn(c fingerprint.Class) bool {
	return anyDrift(c, func(d fingerprint.Drift) bool {
		return d.Kind == fingerprint.DriftLacks && d.Step == fingerprint.StepErrorReturn
	})
}

// slips reports whether a copy of c has a swapped or unrenamed name: a
// slip strong enough to make a class drifted (Drift.Strength 2).
func slips(c fingerprint.Class) bool {
	return anyDrift(c, func(d fingerprint.Drift) bool { return d.Strength() == 2 })
}

// oddOneOut reports whether a copy of c lacks a step that every other
// copy has (fingerprint.Drift.Consensus).
func oddOneOut(c fingerprint.Class) bool {
	return anyDrift(c, func(d fingerprint.Drift) bool { return d.Consensus && d.Strength() >= 3 })
}

// has reports whether a copy of c has a drift of kind k.
func has(c fingerprint.Class, k fingerprint.DriftKind) bool {
	return anyDrift(c, func(d fingerprint.Drift) bool { return d.Kind == k })
}

// anyDrift reports whether a drift of a copy of c satisfies ok.
func anyDrift(c fingerprint.Class, ok func(fingerprint.Drift) bool) bool {
	for _, f := range c.Fragments {
		if slices.ContainsFunc(f.Drift, ok) {
			return true
		}
	}
	return false
}
