package report

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/copycat-go/copycat/fingerprint"
)

// Ranking puts first the classes most likely to be worth acting on. Each
// class gets a score from 0 to 100 in one of these bands, and within its
// band more for more directories spanned, more lines and more copies:
//
//	80–100  divergent, in production code: one copy has a change another lacks
//	50–79   production code (at least one copy outside _test.go files)
//	35–49   divergent, tests only
//	20–34   tests only
//	0–19    copies on purpose: build variants, per-architecture back ends, mirrors
//
// Classes of equal score keep the order they came in (file order).
const (
	bandDivergent     = 80
	bandProduction    = 50
	bandDivergentTest = 35
	bandTest          = 20
	bandIntentional   = 0
)

// ShortLines is the fewest lines of a class on the short list, unless
// the user chose a -min-lines of their own.
const ShortLines = 30

// Why a class is reported apart from the short list (Signal.Apart). The
// short list is what a reviewer acts on: a strict reading of the standard
// library and of five large modules (README, Accuracy) found classes in
// tests worth acting on about one time in twenty-five, copies on purpose
// never, and production classes under 30 lines one time in twelve, while
// production classes of 30 lines or more were worth acting on about one
// time in two.
const (
	ApartTests   = "tests"
	ApartPurpose = "on purpose"
)

// ShortList returns the classes on the short list, in their order, and
// how many were left out: those Rank set apart (it must have filled their
// Signal), and those under minLines lines that are not divergent (a copy
// that lacks another's guard is news at any size).
func ShortList(classes []fingerprint.Class, minLines int) (short []fingerprint.Class, apart int) {
	for _, c := range classes {
		if c.Signal.Apart == "" && (c.Lines >= minLines || c.Divergent) {
			short = append(short, c)
		}
	}
	return short, len(classes) - len(short)
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
	h := &headers{src: src, cache: map[string]*header{}}
	h.prefetch(classes)
	for i := range classes {
		c := &classes[i]
		category := c.Signal.Category
		if !c.Signal.Categorised {
			category = h.category(*c)
		}
		c.Signal = signal(*c, category)
		c.Signal.Categorised = true
	}
	if order == SortRank {
		slices.SortStableFunc(classes, func(a, b fingerprint.Class) int { return cmp.Compare(b.Signal.Score, a.Signal.Score) })
	}
}

// Categorise finds each class's category (Signal.Category) from the
// Facts of its files, so that a result stored with them is ranked without
// them.
func Categorise(classes []fingerprint.Class, src FileSource) {
	h := &headers{src: src, cache: map[string]*header{}}
	h.prefetch(classes)
	for i := range classes {
		classes[i].Signal.Category = h.category(classes[i])
		classes[i].Signal.Categorised = true
	}
}

// signal scores a class of the given category.
func signal(c fingerprint.Class, category string) fingerprint.Signal {
	test := testsOnly(c)
	dirs := directories(c)
	lo, hi := bandProduction, bandDivergent-1
	switch {
	case category != "":
		lo, hi = bandIntentional, bandTest-1
	case c.Divergent && !test:
		lo, hi = bandDivergent, 100
	case c.Divergent:
		lo, hi = bandDivergentTest, bandProduction-1
	case test:
		lo, hi = bandTest, bandDivergentTest-1
	}
	// Each of directories, lines and copies adds up to a third of the band.
	v := min(1, float64(dirs-1)/3) + min(1, float64(c.Lines)/100) + min(1, float64(len(c.Fragments)-2)/4)
	score := lo + int(v/3*float64(hi-lo)+0.5)
	var apart string
	switch {
	case category != "":
		apart = ApartPurpose
	case test:
		apart = ApartTests
	}
	return fingerprint.Signal{Category: category, Score: score, Reason: reason(c, category, test, dirs), Apart: apart}
}

// reason says in words why a class ranks where it does:
// "divergent: one copy lacks 2 lines; production, 3 packages, 140 lines".
func reason(c fingerprint.Class, category string, test bool, dirs int) string {
	var b strings.Builder
	switch category {
	case CategoryBuildVariant:
		b.WriteString("build variants, on purpose; ")
	case CategoryPerArch:
		b.WriteString("per-architecture copies, on purpose; ")
	case CategoryMirror:
		b.WriteString("mirrored or generated copies, on purpose; ")
	}
	if c.Divergent {
		fmt.Fprintf(&b, "divergent: one copy lacks %s; ", Count(extraLines(c), "line", "lines"))
	}
	if test {
		b.WriteString("tests")
	} else {
		b.WriteString("production")
	}
	fmt.Fprintf(&b, ", %s, %s", Count(dirs, "package", "packages"), Count(c.Lines, "line", "lines"))
	return b.String()
}

// extraLines counts the most lines one fragment has and a copy lacks.
func extraLines(c fingerprint.Class) int {
	most := 0
	for _, f := range c.Fragments {
		n := 0
		for _, r := range f.Extra {
			n += r.End - r.Start + 1
		}
		most = max(most, n)
	}
	return most
}

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

// testDirs are the directory names under which code serves tests: the
// end-to-end and integration suites of large modules, test helpers.
var testDirs = []string{"test", "tests", "e2e", "e2e_node", "testutil", "testutils", "testhelpers"}

func isTest(name string) bool {
	name = strings.ReplaceAll(name, `\`, "/")
	if strings.HasSuffix(name, "_test.go") {
		return true
	}
	for _, el := range strings.Split(path.Dir(name), "/") {
		if slices.Contains(testDirs, el) {
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
		d := path.Dir(strings.ReplaceAll(f.File, `\`, "/"))
		if !slices.Contains(ds, d) {
			ds = append(ds, d)
		}
	}
	return len(ds)
}
