package cli

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/copycat-go/copycat/change"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/ignore"
	"github.com/copycat-go/copycat/load"
)

// brokenTwins finds the forgotten twins that the tree's classes cannot
// show: a copy the change edited so much that it and its twin are no
// longer one class. It detects clones over the base revision's versions
// of the files the change modified or deleted and the files it left alone
// that share a key of the edited code with them (see partners), and keeps
// each base class that joins a copy the change edited (a third of it or
// more left as it was: a copy the change replaced or removed is not
// forgotten) to one in an untouched file, where no class of the tree
// (classes, listed or not) joins the two any more; and, as removed, each
// that joins a copy the change took away to an untouched one. The classes
// are the base's, their edited copies' lines moved to where the change
// put them (change.File.NewLines). It also gives the base classes whose
// every copy the change took away, for the code a change moved whole
// (see moves).
func (c *Config) brokenTwins(ch *change.Change, res *load.Result, classes []fingerprint.Class) (baseFound, error) {
	if ch.Base == nil {
		return baseFound{}, nil
	}
	// The files the change edited, by the names the tree's files have,
	// and those it deleted, by the names they had.
	edited := map[string]*change.File{}
	var names []string
	add := func(name string, cf *change.File) {
		if !strings.ContainsAny(cf.Old, "\n\r") {
			edited[name], names = cf, append(names, name)
		}
	}
	for _, f := range res.Files {
		if cf := ch.File(f.Name); cf != nil && !cf.New && (len(cf.Gone) > 0 || len(cf.Added) > 0) {
			add(f.Name, cf)
		}
	}
	// A deleted file counts as the walk would have taken it: a Go file,
	// a test only with -tests, none that .duplignore or the default
	// directories (vendor, testdata) leave out.
	tree := ignore.NewTree(ch.Root(), nil)
	for _, cf := range ch.Deleted {
		abs := filepath.Join(ch.Root(), filepath.FromSlash(cf.Old))
		if strings.HasSuffix(cf.Old, ".go") && (c.Tests || !strings.HasSuffix(cf.Old, "_test.go")) && !tree.Ignored(abs, false) {
			add(ch.Name(cf.Old), cf)
		}
	}
	if len(names) == 0 {
		return baseFound{}, nil
	}
	// A run over the same tree against the same base stored them.
	found, hit, save := c.index.baseResult(res.Files, c.Options(), ch.BaseID)
	if !hit {
		var err error
		if found, err = c.baseClasses(ch, res, names, edited); err != nil {
			return baseFound{}, err
		}
		save(found)
	}
	out := baseFound{edited: edited}
	joining := newFragIndex(classes)
	for _, base := range found {
		if cl, v, ok := broken(base, edited, joining); ok {
			out.classes, out.verdicts = append(out.classes, cl), append(out.verdicts, v)
		} else if !slices.ContainsFunc(base.Fragments, func(fr fingerprint.Fragment) bool { return !takenAway(fr, edited[fr.File]) }) {
			out.gone = append(out.gone, base)
		}
	}
	return out, nil
}

// A baseFound is what the classes of the base revision say of a change
// (see brokenTwins).
type baseFound struct {
	// classes are the base's classes the change broke or removed a copy
	// of, each with its verdict: forgotten twins and removed copies.
	classes  []fingerprint.Class
	verdicts []change.Verdict
	// gone are the base's classes the change took every copy of away,
	// at the base's lines: no news alone, but code the change may have
	// moved whole to another file.
	gone []fingerprint.Class
	// edited are the files the change edited or deleted, by the names
	// the base's classes give them.
	edited map[string]*change.File
}

// takenAway reports whether the change took the base's copy fr away:
// deleted its file, or replaced or removed at least two thirds of its
// lines (cf says what it did to fr's file, nil for nothing).
func takenAway(fr fingerprint.Fragment, cf *change.File) bool {
	if cf == nil {
		return false
	}
	n := fr.End.Line - fr.Start.Line + 1
	return cf.Deleted || 3*(n-cf.GoneIn(fr.Start.Line, fr.End.Line)) < n
}

// baseClasses detects the classes of the base revision's versions of the
// files names, which the change edited or deleted (edited says what it
// did to each), and of the files it left alone that share a key of the
// edited code with them (see partners).
func (c *Config) baseClasses(ch *change.Change, res *load.Result, names []string, edited map[string]*change.File) ([]fingerprint.Class, error) {
	olds := make([]string, len(names))
	for i, name := range names {
		olds[i] = edited[name].Old
	}
	// A base's version larger than -max-file-size is not read, as the
	// tree's is not: a change deleting a file of 6 MB parsed it (300 MB).
	blobs, large, err := ch.Base(olds, c.fileLimit())
	if err != nil {
		return nil, fmt.Errorf("reading the base revision's files: %w", err)
	}
	for i, name := range names {
		if n, ok := large[olds[i]]; ok {
			res.Warnings = append(res.Warnings, fmt.Errorf("%s, as the base revision holds it: %d bytes, larger than -max-file-size (%d bytes): not compared with the tree",
				name, n, c.fileLimit()))
		}
	}
	var ix fingerprint.Indexer
	var files []*fingerprint.File
	keys := map[uint64][]int32{}
	for i, name := range names {
		src, ok := blobs[olds[i]]
		if !ok || !c.Generated && ignore.IsGenerated(src) {
			continue
		}
		f, _ := load.Source(&ix, name, src, c.MinTokens)
		if f == nil {
			continue // the base's version did not parse: no class to break
		}
		files = append(files, f)
		// The code the change touched, and a few lines around it: a
		// class it broke shared keys there with its twin.
		for _, r := range edited[name].OldEdits() {
			f.EachKeyIn(r.Start-brokenMargin, r.End+brokenMargin, func(k uint64) { keys[k] = nil })
		}
	}
	if len(files) == 0 {
		return nil, nil
	}
	res.Decode()
	files = append(files, partners(res.Files, keys, c.MaxOccurrences, func(f *fingerprint.File) bool { return ch.File(f.Name) == nil })...)
	return fingerprint.Detect(files, c.Options()), nil
}

// brokenMargin is how many lines around an edit brokenTwins takes the
// keys of, to find the files that held the same code.
const brokenMargin = 3

// partners returns the files of files that untouched accepts and that
// share one of keys (of the base's versions of the files the change
// edited) that no more than most of them hold: a key in more files is
// boilerplate, which makes no class (-max-occurrences; 0: no limit),
// and a file that shares only such keys could only join a class the
// engine leaves out. keys' lists are filled, by files' indexes.
func partners(files []*fingerprint.File, keys map[uint64][]int32, most int, untouched func(*fingerprint.File) bool) []*fingerprint.File {
	for i, f := range files {
		if !untouched(f) {
			continue
		}
		f.EachKey(func(k uint64) {
			if l, ok := keys[k]; ok && (len(l) == 0 || l[len(l)-1] != int32(i)) {
				keys[k] = append(l, int32(i))
			}
		})
	}
	in := make([]bool, len(files))
	for _, l := range keys {
		if most > 0 && len(l) > most {
			continue
		}
		for _, i := range l {
			in[i] = true
		}
	}
	var out []*fingerprint.File
	for i, f := range files {
		if in[i] {
			out = append(out, f)
		}
	}
	return out
}

// broken returns base, a class of the base revision, as a forgotten twin
// of the tree (see brokenTwins): its copies the change edited, their
// lines moved, and its untouched copies that no class of the tree joins
// to one of those any more. When the change edited no copy but took some
// away (less than a third of one left), and others stay untouched, the
// class is one the change removed (change.Removed).
func broken(base fingerprint.Class, edited map[string]*change.File, tree *fragIndex) (fingerprint.Class, change.Verdict, bool) {
	type copyOf struct {
		fr             fingerprint.Fragment
		was            change.Place // its place at the base
		added, removed int
		addedAt        []fingerprint.LineRange
	}
	var changed, replaced, untouched []copyOf
	for _, fr := range base.Fragments {
		was := change.Place{File: fr.File, Start: fr.Start.Line, End: fr.End.Line}
		cf := edited[fr.File]
		if cf == nil {
			untouched = append(untouched, copyOf{fr: fr, was: was})
			continue
		}
		gone := cf.GoneIn(fr.Start.Line, fr.End.Line)
		if cf.Deleted {
			// Its file is gone: the copy is named where it was.
			replaced = append(replaced, copyOf{fr: fr, was: was, removed: gone})
			continue
		}
		away := takenAway(fr, cf)
		first, last := cf.NewLines(fr.Start.Line, fr.End.Line)
		added := cf.AddedIn(first, last)
		fr.Start.Line, fr.End.Line = first, last
		if gone+added == 0 {
			// Not edited, in a file the change edited elsewhere: a twin
			// beside the copy the change fixed is forgotten as one in
			// another file is.
			untouched = append(untouched, copyOf{fr: fr, was: was})
			continue
		}
		c := copyOf{fr: fr, was: was, added: added, removed: gone, addedAt: cf.AddedRanges(first, last)}
		if away {
			replaced = append(replaced, c) // taken away rather than edited
		} else {
			changed = append(changed, c)
		}
	}
	// An untouched copy is forgotten unless a class of the tree joins it
	// to an edited copy (see joins): the classes that hold an edit are
	// found once for the class, each untouched copy asks them.
	holding := map[int]bool{}
	for _, e := range changed {
		tree.holding(e.fr, e.addedAt, holding)
	}
	var forgotten []copyOf
	for _, u := range untouched {
		if !tree.overlaps(u.fr, holding) {
			forgotten = append(forgotten, u)
		}
	}
	v := change.Verdict{Kind: change.ForgottenTwin, Broken: true}
	var copies []copyOf
	switch {
	case len(changed) > 0 && len(forgotten) > 0:
		copies = append(changed, forgotten...)
	case len(changed) == 0 && len(replaced) > 0 && len(untouched) > 0:
		// No copy left edited: the change took copies away.
		v.Kind, copies = change.Removed, append(replaced, untouched...)
	default:
		return fingerprint.Class{}, change.Verdict{}, false
	}
	cl := base
	cl.Fragments, cl.Divergent = nil, false
	for _, x := range copies {
		x.fr.Differs, x.fr.Extra, x.fr.Lacks, x.fr.Drift = nil, nil, false, nil
		cl.Fragments = append(cl.Fragments, x.fr)
		v.Touched = append(v.Touched, x.added+x.removed > 0)
		v.New = append(v.New, false)
		v.Added, v.Removed, v.AddedAt = append(v.Added, x.added), append(v.Removed, x.removed), append(v.AddedAt, x.addedAt)
		v.Was = append(v.Was, x.was)
	}
	return cl, v, true
}

// A fragIndex holds the fragments of the tree's classes by file, each
// file's by first line, for the question of broken: does a class of the
// tree join a copy the change edited, a, to an untouched one, b? It
// does when it has a fragment overlapping b and one on a that holds
// every line the change added to a (with none, one overlapping a). A
// class that holds the edit speaks of it itself (change.Judge); one that
// joins only a block the change left as it was beside the edit (the tail
// of a function whose start was fixed) does not, and the rest of b is
// forgotten. The question was asked of every class for each edited and
// untouched pair: a class of 1,600 copies, half of them edited apart,
// took 20 s (the parse 0.03 s).
type fragIndex struct {
	byFile map[string][]fragRef
	read   int // fragments read, for a test that holds it linear
}

// A fragRef is one fragment of class class: its first and last lines.
type fragRef struct{ start, end, class int }

func newFragIndex(classes []fingerprint.Class) *fragIndex {
	x := &fragIndex{byFile: map[string][]fragRef{}}
	for ci, cl := range classes {
		for _, fr := range cl.Fragments {
			x.byFile[fr.File] = append(x.byFile[fr.File], fragRef{fr.Start.Line, fr.End.Line, ci})
		}
	}
	for _, rs := range x.byFile {
		slices.SortFunc(rs, func(a, b fragRef) int {
			return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end), cmp.Compare(a.class, b.class))
		})
	}
	return x
}

// holding adds to set the classes with a fragment that holds every line
// added to a (added: a's ranges the change added), or with none added,
// that overlaps a.
func (x *fragIndex) holding(a fingerprint.Fragment, added []fingerprint.LineRange, set map[int]bool) {
	lo, hi := a.Start.Line, a.End.Line // a fragment overlapping a: one that starts by hi and ends from lo
	if len(added) > 0 {
		// One that holds every range: starts by the first's start and
		// ends from the last's end.
		lo, hi = added[0].End, added[0].Start
		for _, r := range added {
			lo, hi = max(lo, r.End), min(hi, r.Start)
		}
	}
	for _, r := range x.byFile[a.File] {
		x.read++
		if r.start > hi {
			break
		}
		if r.end >= lo {
			set[r.class] = true
		}
	}
}

// overlaps reports whether a fragment of a class in set overlaps b.
func (x *fragIndex) overlaps(b fingerprint.Fragment, set map[int]bool) bool {
	for _, r := range x.byFile[b.File] {
		x.read++
		if r.start > b.End.Line {
			break
		}
		if r.end >= b.Start.Line && set[r.class] {
			return true
		}
	}
	return false
}
