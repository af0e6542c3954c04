package cli

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/copycat-go/copycat/change"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/ignore"
	"github.com/copycat-go/copycat/load"
)

// moves finds the code a change moved from one file into another, which
// git's diff gives as lines removed in one place and lines added in
// another: the tree's class has a new copy and the base's class a copy
// the change took away. bbolt's 4989594 moved a dump command out of
// cmd/bbolt/main.go into a file of its own, which said "1 new copy"
// (exit 1) and "it removed 1 copy"; 9a9e3a4 moved the bench command,
// "5 new copies". A new copy of a class of the tree (verdicts, of
// classes) and a copy a class of the base took away (base) are one move
// when
//   - the two classes share a copy the change left as it was (in one
//     file, their lines overlapping: broken puts the base's untouched
//     copies at the tree's lines), or, when there is none, the tree's
//     class has no copy but new ones, the base's none but copies taken
//     away (base.gone), and a class of clones over the base's files and
//     the tree's joins a copy of each (see joinedWhole);
//   - and their sizes differ no more than two copies of a class may:
//     the smaller has at least s/(2-s) of the larger's tokens, s the
//     -similarity (0.74 at 0.85), as a near-miss class's copies do (see
//     fingerprint's nearMinRatio). A block taken away is not the
//     function pasted around a copy of it.
//
// Each copy is in one move at most: a change that moved a copy of a
// class and pasted one more has one new copy. Among the pairs, those of
// one directory come first (a command moved out of main.go into a file
// of its own), then the closest in size. A moved copy is no new copy
// (change.Verdict.Move); a base class whose every copy taken away was
// moved is dropped from base, its news told by the tree's class.
func (c *Config) moves(ch *change.Change, res *load.Result, classes []fingerprint.Class, verdicts []change.Verdict, base *baseFound) {
	type end struct {
		class, copy int
		gone        bool // of the base: a class of base.gone, not of base.classes
	}
	type pair struct {
		added, away end
		apart, diff int // 1 when in two directories; the tokens between them
	}
	var pairs []pair
	consider := func(ci int, bc fingerprint.Class, away func(k int) bool, b end) {
		for i, fr := range classes[ci].Fragments {
			if !verdicts[ci].New[i] {
				continue
			}
			for k, old := range bc.Fragments {
				if !away(k) || !c.sizesPair(fr.Tokens, old.Tokens) {
					continue
				}
				b.copy = k
				p := pair{added: end{class: ci, copy: i}, away: b, diff: abs(fr.Tokens - old.Tokens)}
				if filepath.Dir(fr.File) != filepath.Dir(old.File) {
					p.apart = 1
				}
				pairs = append(pairs, p)
			}
		}
	}
	anchors := untouchedCopies(base)
	var whole []int // the tree's classes whose every copy is new
	for ci, v := range verdicts {
		if !slices.Contains(v.New, true) {
			continue
		}
		if !slices.Contains(v.New, false) {
			whole = append(whole, ci)
			continue
		}
		for _, bi := range anchoredTo(classes[ci], v, anchors) {
			bv := base.verdicts[bi]
			consider(ci, base.classes[bi], func(k int) bool { return bv.Touched[k] }, end{class: bi})
		}
	}
	if len(whole) > 0 && len(base.gone) > 0 {
		for _, j := range c.joinedWhole(ch, res, classes, whole, base) {
			consider(j[0], base.gone[j[1]], func(int) bool { return true }, end{class: j[1], gone: true})
		}
	}
	if len(pairs) == 0 {
		return
	}
	place := func(fr fingerprint.Fragment) change.Place {
		return change.Place{File: fr.File, Start: fr.Start.Line, End: fr.End.Line}
	}
	frag := func(e end) fingerprint.Fragment {
		if e.gone {
			return base.gone[e.class].Fragments[e.copy]
		}
		return base.classes[e.class].Fragments[e.copy]
	}
	slices.SortFunc(pairs, func(a, b pair) int {
		fa, fb := classes[a.added.class].Fragments[a.added.copy], classes[b.added.class].Fragments[b.added.copy]
		return cmp.Or(cmp.Compare(a.apart, b.apart), cmp.Compare(a.diff, b.diff),
			fingerprint.CompareFragments(fa, fb), fingerprint.CompareFragments(frag(a.away), frag(b.away)),
			cmp.Compare(a.added.class, b.added.class), cmp.Compare(a.away.class, b.away.class), cmp.Compare(a.away.copy, b.away.copy))
	})
	used := map[end]bool{}
	for _, p := range pairs {
		if used[p.added] || used[p.away] {
			continue
		}
		used[p.added], used[p.away] = true, true
		from := place(frag(p.away))
		if !p.away.gone {
			bv := &base.verdicts[p.away.class]
			from = bv.Was[p.away.copy]
			if bv.MovedTo == nil {
				bv.MovedTo = make([]change.Place, len(bv.Touched))
			}
			bv.MovedTo[p.away.copy] = place(classes[p.added.class].Fragments[p.added.copy])
		}
		verdicts[p.added.class].Move(p.added.copy, from)
	}
	// A base class whose copies taken away all moved says nothing the
	// tree's class does not.
	n := 0
	for bi, cl := range base.classes {
		if v := base.verdicts[bi]; v.Kind != change.Removed || !allMoved(v) {
			base.classes[n], base.verdicts[n] = cl, v
			n++
		}
	}
	base.classes, base.verdicts = base.classes[:n], base.verdicts[:n]
}

// allMoved reports whether every copy the change took away of a base
// class with verdict v, one it removed, it wrote again elsewhere.
func allMoved(v change.Verdict) bool {
	for k, touched := range v.Touched {
		if touched && !v.MovedCopy(k) {
			return false
		}
	}
	return true
}

// An anchor is a copy of a class of the base (class, an index of
// baseFound.classes) that the change left as it was: its lines, in the
// tree.
type anchor struct{ start, end, class int }

// untouchedCopies returns, by file, the copies the change left as they
// were of the base's classes it removed a copy of.
func untouchedCopies(base *baseFound) map[string][]anchor {
	out := map[string][]anchor{}
	for bi, v := range base.verdicts {
		if v.Kind != change.Removed {
			continue
		}
		for k, fr := range base.classes[bi].Fragments {
			if !v.Touched[k] {
				out[fr.File] = append(out[fr.File], anchor{fr.Start.Line, fr.End.Line, bi})
			}
		}
	}
	return out
}

// anchoredTo returns, rising, the base's classes (of anchors) that share
// with the tree's class cl, whose verdict is v, a copy the change left
// as it was: in one file, their lines overlapping.
func anchoredTo(cl fingerprint.Class, v change.Verdict, anchors map[string][]anchor) []int {
	var out []int
	for j, fr := range cl.Fragments {
		if v.New[j] || v.Touched[j] {
			continue
		}
		for _, a := range anchors[fr.File] {
			if a.start <= fr.End.Line && fr.Start.Line <= a.end {
				out = append(out, a.class)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// joinedWhole returns the pairs of a class of the tree whose every copy
// the change added (classes[ci], ci of whole) and a class of the base
// whose every copy it took away (base.gone[bi]), as {ci, bi}, that are
// one code: a class of clones over the base's versions of the files the
// base's class is in and the tree's files the tree's class is in joins
// a copy of each. Without a copy that stayed to vouch for them, a
// class of the base the change deleted and one it wrote elsewhere are
// the same code only if the engine says so; a class rewritten beyond
// -similarity on the way is new. Only classes whose sizes may pair are
// compared, and their files read.
func (c *Config) joinedWhole(ch *change.Change, res *load.Result, classes []fingerprint.Class, whole []int, base *baseFound) [][2]int {
	var cands [][2]int
	for _, ci := range whole {
		for bi, g := range base.gone {
			if c.sizesPair(classes[ci].Tokens, g.Tokens) {
				cands = append(cands, [2]int{ci, bi})
			}
		}
	}
	if len(cands) == 0 {
		return nil
	}
	// The base's files, read again, under names no file of the tree has.
	const baseMark = "\x00base/"
	var names, olds []string
	baseNames, treeNames := map[string]bool{}, map[string]bool{}
	for _, cand := range cands {
		for _, fr := range base.gone[cand[1]].Fragments {
			if !baseNames[fr.File] {
				baseNames[fr.File] = true
				names, olds = append(names, fr.File), append(olds, base.edited[fr.File].Old)
			}
		}
		for _, fr := range classes[cand[0]].Fragments {
			treeNames[fr.File] = true
		}
	}
	blobs, _, err := ch.Base(olds, c.fileLimit())
	if err != nil {
		// The copies stay new, as they were said before moves were.
		res.Warnings = append(res.Warnings, fmt.Errorf("reading the base revision's files for the code the change moved: %w", err))
		return nil
	}
	var ix fingerprint.Indexer
	var files []*fingerprint.File
	for i, name := range names {
		src, ok := blobs[olds[i]]
		if !ok || !c.Generated && ignore.IsGenerated(src) {
			continue
		}
		if f, _ := load.Source(&ix, baseMark+name, src, c.MinTokens); f != nil {
			files = append(files, f)
		}
	}
	res.Decode()
	for _, f := range res.Files {
		if treeNames[f.Name] {
			files = append(files, f)
		}
	}
	// Which copies of the candidates each class of clones overlaps.
	overlaps := func(fr fingerprint.Fragment, file string, cl fingerprint.Class) bool {
		return slices.ContainsFunc(cl.Fragments, func(g fingerprint.Fragment) bool {
			return g.File == file && g.Start.Line <= fr.End.Line && fr.Start.Line <= g.End.Line
		})
	}
	var out [][2]int
	found := fingerprint.Detect(files, c.Options())
	for _, cand := range cands {
		for _, cl := range found {
			if slices.ContainsFunc(base.gone[cand[1]].Fragments, func(fr fingerprint.Fragment) bool { return overlaps(fr, baseMark+fr.File, cl) }) &&
				slices.ContainsFunc(classes[cand[0]].Fragments, func(fr fingerprint.Fragment) bool { return overlaps(fr, fr.File, cl) }) {
				out = append(out, cand)
				break
			}
		}
	}
	return out
}

// sizesPair reports whether copies of a and b tokens may be one copy
// before and after a move: the smaller has at least s/(2-s) of the
// larger's tokens, s the -similarity, as two copies of one near-miss
// class have (their similarity 2·M/(a+b), M at most the smaller).
func (c *Config) sizesPair(a, b int) bool {
	return float64(min(a, b))*(2-c.Similarity) >= c.Similarity*float64(max(a, b))
}

func abs(x int) int { return max(x, -x) }
