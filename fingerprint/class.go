package fingerprint

import (
	"bytes"
	"cmp"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/copycat-go/copycat/internal/par"
	"github.com/zeebo/blake3"
)

// A Kind says how the fragments of a class relate.
type Kind string

const (
	// Exact fragments have the same tokens, names and values.
	Exact Kind = "exact"
	// Renamed fragments have the same canonical tokens, and their names
	// differ by a consistent renaming; literal values may differ.
	Renamed Kind = "renamed"
	// Near fragments are similar above the similarity threshold, with
	// statements or tokens added, removed or changed.
	Near Kind = "near"
)

// A Class is a set of fragments that are copies of each other.
type Class struct {
	ID         string  // blake3 hex of the class's content
	Kind       Kind    // exact, renamed or near
	Similarity float64 // 1 for exact and renamed
	Tokens     int     // canonical tokens of the smallest copy
	Lines      int     // lines of the shortest copy
	// Names is the most pairs of distinct names by which a copy differs
	// from the first, locals both declare left out (see renamedNames):
	// how many names a function that both copies call instead would
	// take, at most. 0 for exact classes.
	Names     int
	Fragments []Fragment
	// Contained lists the classes left out because their fragments lie
	// inside this class's (see DropContained), sorted by ID: a baseline
	// remembers them, so that one reappearing when this class loses a
	// copy is not news.
	Contained []ClassRef
	// Divergent says that the copies drifted apart: one lacks a step of
	// another, or slipped on a name (see drift.go); the fragments' Drift
	// say how, and their Extra lines show the steps a copy lacks.
	Divergent bool
	// Signal says how likely the class is to be worth acting on; Detect
	// leaves it empty and the report package fills it (see Signal).
	Signal Signal
}

// A ClassRef names a class: its ID, kind and number of copies.
type ClassRef struct {
	ID     string
	Kind   Kind
	Copies int
}

// A Fragment is one copy: a function declaration or a run of whole
// statements of one block.
type Fragment struct {
	File   string
	Start  Position // first character
	End    Position // just past the last character
	Tokens int
	// Differs lists the lines of this fragment that differ from the
	// class's first fragment: renamed names, changed values, edited lines.
	// It is empty for the first fragment and for exact classes.
	Differs []LineRange
	// Extra lists the lines of whole statements this fragment has and a
	// copy lacks, in a divergent class.
	Extra []LineRange
	// Lacks is set, in a divergent class, on a fragment that lacks the
	// statements of another's Extra.
	Lacks bool
	// Drift lists how this copy differs from its twins in a near-miss
	// class: the steps it lacks, the names it slipped on (see drift.go).
	Drift []Drift
}

// A Position is a 1-based line and column (in bytes).
type Position struct{ Line, Column int }

// A LineRange is an inclusive range of 1-based lines.
type LineRange struct{ Start, End int }

// LineCount counts the lines of src as go/token counts them, which is
// how a File counts its Lines: a line starts at the first byte and after
// each newline but a last one.
func LineCount(src []byte) int {
	if len(src) == 0 {
		return 0
	}
	return 1 + bytes.Count(src[:len(src)-1], []byte{'\n'})
}

// MergeLines sorts rs in place and makes those that overlap or touch one,
// returning them in rs's memory.
func MergeLines(rs []LineRange) []LineRange {
	slices.SortFunc(rs, func(a, b LineRange) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
	})
	out := rs[:0]
	for _, r := range rs {
		if k := len(out); k > 0 && r.Start <= out[k-1].End+1 {
			out[k-1].End = max(out[k-1].End, r.End)
			continue
		}
		out = append(out, r)
	}
	return out
}

// LinesIn counts the lines of ranges that do not overlap.
func LinesIn(rs []LineRange) int {
	n := 0
	for _, r := range rs {
		n += r.End - r.Start + 1
	}
	return n
}

// Lines is the number of lines the fragment spans.
func (f Fragment) Lines() int { return f.End.Line - f.Start.Line + 1 }

func comparePositions(a, b Position) int {
	return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
}

// CompareFragments orders fragments by file, then start, then end.
func CompareFragments(a, b Fragment) int {
	return cmp.Or(cmp.Compare(a.File, b.File), comparePositions(a.Start, b.Start), comparePositions(a.End, b.End))
}

// sortClasses puts fragments in file order and classes in the order of
// their first fragments, so that output never depends on scheduling.
//
// The classes' fragments are sorted on all CPUs, and the classes by
// their indexes, each comparison reading the classes in place and only
// as far as it needs: a comparison of two classes passed by value copied
// them (216 bytes each) and compared their IDs and all their fragments
// every time, and the sort, in the serial end of detection, took 10 ms
// on the standard library. The sort makes the same comparisons in the
// same order whatever it sorts, so the order, ties too, is the one a
// sort of the classes themselves gives.
func sortClasses(classes []Class) {
	par.For(len(classes), 0, func(_, i int) {
		slices.SortFunc(classes[i].Fragments, CompareFragments)
	})
	order := make([]int32, len(classes))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(x, y int32) int { return compareClasses(&classes[x], &classes[y]) })
	sorted := make([]Class, len(classes))
	for i, k := range order {
		sorted[i] = classes[k]
	}
	copy(classes, sorted)
}

// compareClasses orders two classes by their first fragments, the larger
// first, then by ID; all of a class's copies break the last ties, so that
// which of two classes of one ID keeps it (uniqueIDs) does not depend on
// the order they came in.
func compareClasses(a, b *Class) int {
	if c := CompareFragments(a.Fragments[0], b.Fragments[0]); c != 0 {
		return c
	}
	if c := cmp.Compare(b.Tokens, a.Tokens); c != 0 {
		return c
	}
	if c := cmp.Compare(a.ID, b.ID); c != 0 {
		return c
	}
	return slices.CompareFunc(a.Fragments, b.Fragments, CompareFragments)
}

// uniqueIDs gives each class of the sorted classes an ID no other has.
// A near class is named by the hash of its least copy's tokens (nearID),
// and two classes that star-cutting made of one family of copies can
// each hold a copy of one text: ydb-go-sdk's metrics/query.go has a
// class of six copies and one of two with one ID, and 32 of 4,054 listed
// classes over 463 modules shared theirs, which a baseline, an editor's
// code action or code scanning's fingerprints take for one class. The
// first of them in the classes' order keeps the ID; each other gets the
// hash of it with its copies' places (againID), which no other class
// has.
func uniqueIDs(classes []Class) {
	used := make(map[string]bool, len(classes))
	dup := false
	for _, c := range classes {
		dup = dup || used[c.ID]
		used[c.ID] = true
	}
	if !dup {
		return
	}
	kept := make(map[string]bool, len(classes))
	for i := range classes {
		c := &classes[i]
		if !kept[c.ID] {
			kept[c.ID] = true
			continue
		}
		id := c.ID
		for n := 0; used[id]; n++ {
			id = againID(*c, n)
		}
		used[id], kept[id] = true, true
		c.ID = id
	}
}

// againID is the n-th ID tried for c when another class has c's: of its
// copies' places, the files' base names only, so that the ID does not
// depend on the directory they are named under (copycat-dist names a
// module's files by path@version, copycat by their directory, and their
// reports must be the same but for the names).
func againID(c Class, n int) string {
	h := blake3.New()
	fmt.Fprintf(h, "again\x00%s\x00%d\x00", c.ID, n)
	for _, f := range c.Fragments {
		fmt.Fprintf(h, "%s\x00%d:%d-%d:%d\x00", filepath.Base(f.File), f.Start.Line, f.Start.Column, f.End.Line, f.End.Column)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Stats summarises a run.
type Stats struct {
	Files           int
	Lines           int
	Tokens          int
	Classes         int
	Fragments       int
	DuplicatedLines int // distinct lines inside at least one fragment
}

// Summarise computes the statistics of a run over files that found classes.
func Summarise(files []*File, classes []Class) Stats {
	s := Stats{Files: len(files), Classes: len(classes)}
	for _, f := range files {
		s.Lines += f.Lines
		s.Tokens += f.Tokens
	}
	byFile := map[string][]LineRange{}
	for _, c := range classes {
		s.Fragments += len(c.Fragments)
		for _, fr := range c.Fragments {
			byFile[fr.File] = append(byFile[fr.File], LineRange{fr.Start.Line, fr.End.Line})
		}
	}
	for _, rs := range byFile {
		s.DuplicatedLines += CoveredLines(rs)
	}
	return s
}

// CoveredLines counts the distinct lines in a set of ranges; it sorts rs.
func CoveredLines(rs []LineRange) int {
	slices.SortFunc(rs, func(a, b LineRange) int { return cmp.Compare(a.Start, b.Start) })
	n, end := 0, 0
	for _, r := range rs {
		if r.Start > end {
			n += r.End - r.Start + 1
		} else if r.End > end {
			n += r.End - end
		}
		end = max(end, r.End)
	}
	return n
}

// DropContained leaves out every class whose fragments lie, one to one,
// inside or mostly inside the fragments of another class with at least as
// many: those copies are already reported, as part of a larger clone, of
// a class with more copies, or of a class of the same copies shifted by a
// line or two, and a location should not carry two findings for one copy.
// Mostly inside means that more than half of the fragment's lines are in
// the other's. Between two classes that overlap so both ways (the same
// copies, shifted or not), the exact or renamed one stays, being the more
// precise, then the one of more tokens. The order of classes is kept, and
// does not change which stay. Detect applies it; an index that joins the
// classes of several Detect runs applies it again.
func DropContained(classes []Class) []Class {
	kept, _ := dropContained(classes)
	return kept
}

// dropContained is DropContained that also counts the fragments compared
// (Work.Containment).
func dropContained(classes []Class) ([]Class, int64) {
	beaters, compared := overlappingBeaters(classes)
	container := make([]int, len(classes)) // the class it lies in, or -1
	state := make([]int8, len(classes))    // unknown, resolving, stays, left out
	var stays func(ci int) bool
	stays = func(ci int) bool {
		switch state[ci] {
		case 1, 2:
			return true // a class being resolved stands until it is (a cycle ends there)
		case 3:
			return false
		}
		state[ci], container[ci] = 1, -1
		for _, d := range beaters[ci] {
			if stays(d) {
				state[ci], container[ci] = 3, d
				return false
			}
		}
		state[ci] = 2
		return true
	}
	for ci := range classes {
		stays(ci)
	}
	return keepUncontained(classes, container), compared
}

// overlappingBeaters lists, for each class, the classes that hold its
// copies (see DropContained) and are to stay rather than it. Only the
// fragments that share a line with a class's first are looked at
// (fragAt.overlapping), in the order of the classes: every fragment of
// its file was, and 20,000 classes of two copies in one file took 13 s.
// It also counts the fragments compared.
func overlappingBeaters(classes []Class) (beaters [][]int, compared int64) {
	byFile := fragsByFile(classes)
	of := make([]map[string]*fragAt, len(classes)) // each class's own, made on first use
	holds := func(d, c int) bool {
		if of[d] == nil {
			of[d] = fragsByFile(classes[d : d+1])
		}
		return holds(classes[d], of[d], classes[c], &compared)
	}
	beaters = make([][]int, len(classes))
	var near []int32
	for ci, c := range classes {
		x := byFile[c.Fragments[0].File]
		near = x.overlapping(c.Fragments[0].Start.Line, c.Fragments[0].End.Line, near[:0])
		slices.Sort(near)
		compared += int64(len(near))
		for _, i := range near {
			a := x.ats[i]
			d := classes[a.class]
			if a.class == ci || len(d.Fragments) < len(c.Fragments) || !mostlyWithin(c.Fragments[0], d.Fragments[a.frag]) ||
				slices.Contains(beaters[ci], a.class) || !holds(a.class, ci) {
				continue
			}
			if holds(ci, a.class) && cmp.Or(cmp.Compare(kindRank(c.Kind), kindRank(d.Kind)), cmp.Compare(d.Tokens, c.Tokens),
				strings.Compare(c.ID, d.ID), cmp.Compare(ci, a.class)) < 0 {
				continue // the same copies: c is the one to keep
			}
			beaters[ci] = append(beaters[ci], a.class)
		}
	}
	return beaters, compared
}

// fragsByFile returns the fragments of the classes by file, each file's
// ready to be asked which share a line with a range (fragAt.overlapping).
func fragsByFile(classes []Class) map[string]*fragAt {
	byFile := map[string]*fragAt{}
	for ci, c := range classes {
		for fi, f := range c.Fragments {
			x := byFile[f.File]
			if x == nil {
				x = &fragAt{}
				byFile[f.File] = x
			}
			x.ats = append(x.ats, classFrag{ci, fi})
			x.lines = append(x.lines, LineRange{f.Start.Line, f.End.Line})
		}
	}
	for _, x := range byFile {
		x.sort()
	}
	return byFile
}

// A classFrag is a class's fragment: their indexes.
type classFrag struct{ class, frag int }

// fragAt finds the fragments of one file that share a line with a
// range of lines: those that start before its end and end at or after
// its start, found in a tree of the fragments sorted by their first line
// that keeps the last line of each subtree's longest reach.
type fragAt struct {
	ats    []classFrag // in the order of the classes
	lines  []LineRange // of ats
	order  []int32     // indexes of ats, by first line
	starts []int       // their first lines
	reach  []int       // the tree: the last line reached in each subtree of order
}

func (x *fragAt) sort() {
	x.order = make([]int32, len(x.ats))
	for i := range x.order {
		x.order[i] = int32(i)
	}
	slices.SortFunc(x.order, func(i, j int32) int { return cmp.Compare(x.lines[i].Start, x.lines[j].Start) })
	x.starts = make([]int, len(x.order))
	for k, i := range x.order {
		x.starts[k] = x.lines[i].Start
	}
	x.reach = make([]int, 4*len(x.order))
	x.build(1, 0, len(x.order))
}

func (x *fragAt) build(node, lo, hi int) int {
	if hi-lo == 1 {
		x.reach[node] = x.lines[x.order[lo]].End
	} else {
		mid := (lo + hi) / 2
		x.reach[node] = max(x.build(2*node, lo, mid), x.build(2*node+1, mid, hi))
	}
	return x.reach[node]
}

// overlapping appends to out the indexes in ats of the fragments that
// share a line with lines first to last.
func (x *fragAt) overlapping(first, last int, out []int32) []int32 {
	n, _ := slices.BinarySearch(x.starts, last+1) // those starting by last
	return x.collect(1, 0, len(x.order), n, first, out)
}

// collect appends the fragments of subtree node, order[lo:hi], among the
// first n, that reach line first.
func (x *fragAt) collect(node, lo, hi, n, first int, out []int32) []int32 {
	if lo >= n || x.reach[node] < first {
		return out
	}
	if hi-lo == 1 {
		return append(out, x.order[lo])
	}
	mid := (lo + hi) / 2
	return x.collect(2*node+1, mid, hi, n, first, x.collect(2*node, lo, mid, n, first, out))
}

// holds reports whether every fragment of c lies mostly inside its own
// fragment of d: the first of d's, in order, that no fragment of c
// before it took. in holds d's fragments by file (fragsByFile), so that
// only those that share a line with a fragment of c are looked at (and
// counted in compared): two classes of the same 8,000 copies compared
// each copy with all the others.
func holds(d Class, in map[string]*fragAt, c Class, compared *int64) bool {
	used := make([]bool, len(d.Fragments))
	var near []int32
next:
	for _, f := range c.Fragments {
		x := in[f.File]
		if x == nil {
			return false
		}
		near = x.overlapping(f.Start.Line, f.End.Line, near[:0])
		slices.Sort(near)
		*compared += int64(len(near))
		for _, i := range near {
			if gi := x.ats[i].frag; !used[gi] && mostlyWithin(f, d.Fragments[gi]) {
				used[gi] = true
				continue next
			}
		}
		return false
	}
	return true
}

// keepUncontained returns the classes whose container is -1, each
// remembering the classes left out around it (the chain of containers
// ends, see DropContained).
func keepUncontained(classes []Class, container []int) []Class {
	contained := map[int][]ClassRef{}
	for ci, c := range classes {
		if container[ci] < 0 {
			continue
		}
		top := container[ci]
		for container[top] >= 0 {
			top = container[top]
		}
		contained[top] = append(contained[top], ClassRef{c.ID, c.Kind, len(c.Fragments)})
		contained[top] = append(contained[top], c.Contained...)
	}
	out := classes[:0:0]
	for ci, c := range classes {
		if container[ci] >= 0 {
			continue
		}
		if refs := contained[ci]; len(refs) > 0 {
			c.Contained = slices.SortedFunc(slices.Values(slices.Concat(c.Contained, refs)), func(a, b ClassRef) int {
				return cmp.Or(strings.Compare(a.ID, b.ID), cmp.Compare(a.Copies, b.Copies), strings.Compare(string(a.Kind), string(b.Kind)))
			})
		}
		out = append(out, c)
	}
	return out
}

// mostlyWithin reports whether more than half of fragment f's lines lie
// inside fragment g, f being at most half as long again as g; a fragment
// wholly inside g always does. A longer f is more than g shifted: a
// function of 34 lines pasted whole, 19 of them a block it shares with
// two other functions, was left out for the class of the block's four
// copies, and the paste was reported only as one more copy of the block.
func mostlyWithin(f, g Fragment) bool {
	if within(f, g) {
		return true
	}
	if f.File != g.File || 2*f.Lines() > 3*g.Lines() {
		return false
	}
	shared := min(f.End.Line, g.End.Line) - max(f.Start.Line, g.Start.Line) + 1
	return 2*shared > f.Lines()
}

// within reports whether fragment f lies inside fragment g.
func within(f, g Fragment) bool {
	return f.File == g.File && comparePositions(f.Start, g.Start) >= 0 && comparePositions(f.End, g.End) <= 0
}

// kindRank orders the kinds from the most precise.
func kindRank(k Kind) int {
	switch k {
	case Exact:
		return 0
	case Renamed:
		return 1
	}
	return 2
}

// A Signal says how likely a class is to be worth a reader's time: its
// category, a score from 0 (least) to 100 (most) and the reason, in words.
// The engine leaves it empty; the report package ranks classes.
type Signal struct {
	Category string // "" for copies someone should merge or keep in step
	Score    int
	Reason   string
	// Evidence says in words why the class is of its Category: "paths
	// name arm64 and loong64".
	Evidence string
	// LeftOut names the rule that leaves the class out of the classes a
	// report lists by default (package report's Listed); "" when it is
	// listed.
	LeftOut string
	// Shape is how the functions holding the first two copies are named,
	// which ranking weighs (see package report's shapes); "" for none.
	Shape string
	// OneFunction says, of a drifted class, that a copy lacking a step
	// and one holding it are one function written in two places (the
	// same name, on the same receiver type), which ranking weighs.
	OneFunction bool
	// TestHelpers says that every copy is test code, one at least by
	// what its function takes (a *testing.T, *testing.B, *testing.F or
	// testing.TB parameter) wherever its file is: a helper that can only
	// run in a test.
	TestHelpers bool
	// Generated says that a copy is in a file whose header says it is
	// generated (so the class has a category: mirror, unless an earlier
	// one holds): a drift there is its generator's, which ranking does
	// not list (see package report's signal).
	Generated bool
	// Categorised says that Category and Shape were found already (from the files'
	// contents, which a result stored in the index was found with), so
	// that ranking need not read the files again.
	Categorised bool
}
