package change

import (
	"cmp"
	"slices"

	"github.com/copycat-go/copycat/fingerprint"
)

// inOrder reports whether f's ranges are as a diff that names the file
// once, its hunks in order, gives them, which its index needs (see
// lineIndex).
func (f *File) inOrder() bool {
	rising := func(rs []fingerprint.LineRange) bool {
		for i, r := range rs {
			if r.End < r.Start || i > 0 && r.Start <= rs[i-1].End {
				return false
			}
		}
		return true
	}
	if !rising(f.Added) || !rising(f.Gone) {
		return false
	}
	for i := 1; i < len(f.Removed); i++ {
		if f.Removed[i].After <= f.Removed[i-1].After {
			return false
		}
	}
	for i := 1; i < len(f.hunks); i++ {
		if f.hunks[i].old+f.hunks[i].oldN < f.hunks[i-1].old+f.hunks[i-1].oldN {
			return false
		}
	}
	return true
}

// absorb adds the ranges of sec, a later section of the diff that names
// f, to f's: they are put in order with f's by merge.
func (f *File) absorb(sec *File) {
	f.Added = append(f.Added, sec.Added...)
	f.Gone = append(f.Gone, sec.Gone...)
	f.Removed = append(f.Removed, sec.Removed...)
	f.hunks = append(f.hunks, sec.hunks...)
}

// merge puts in order the ranges of a file that a diff names more than
// once, or whose hunks it gives out of order, which git never writes and
// a diff put together from others or edited by hand may: each query read
// every range of such a file, once for every copy of every class asked
// about. Its sections are read as the hunks of one diff against one old
// file, so that a diff split into sections in any order reads as the
// diff, and a section given twice as given once: Added and Gone hold
// each line any section added or took away, once; Removed, for each
// place, the most lines a section removed there; and hunks that share
// old lines, or start at one line, are made one, spanning what each
// spans of the old file and of the new.
func (f *File) merge() {
	f.Added, f.Gone = fingerprint.MergeLines(f.Added), fingerprint.MergeLines(f.Gone)
	slices.SortFunc(f.Removed, func(a, b Removal) int { return cmp.Or(cmp.Compare(a.After, b.After), cmp.Compare(a.Lines, b.Lines)) })
	rm := f.Removed[:0]
	for _, r := range f.Removed {
		if k := len(rm); k > 0 && rm[k-1].After == r.After {
			rm[k-1].Lines = r.Lines // the most: they are in order
			continue
		}
		rm = append(rm, r)
	}
	f.Removed = rm
	slices.SortFunc(f.hunks, func(a, b hunk) int {
		return cmp.Or(cmp.Compare(a.old, b.old), cmp.Compare(a.new, b.new), cmp.Compare(a.oldN, b.oldN), cmp.Compare(a.newN, b.newN))
	})
	hs := f.hunks[:0]
	for _, h := range f.hunks {
		if k := len(hs); k > 0 && (h.old < hs[k-1].old+hs[k-1].oldN || h.old == hs[k-1].old) {
			p := &hs[k-1]
			oldEnd, newEnd := max(p.old+p.oldN, h.old+h.oldN), max(p.new+p.newN, h.new+h.newN)
			p.new = min(p.new, h.new)
			p.oldN, p.newN = oldEnd-p.old, newEnd-p.new
			continue
		}
		hs = append(hs, h)
	}
	f.hunks = hs
}
