package fingerprint

import "slices"

// NearKeyLimit is the number of units past which a near key is too common
// to make two fragments near-miss candidates (see nearCandidates), when
// MaxOccurrences is between 1 and NearKeyLimit; otherwise such a key pairs
// its units with the first few of them only (see pairWithFirst).
const NearKeyLimit = nearMaxRun

// NearKeys returns the winnowed k-gram hashes by which this file can be a
// near-miss clone of another, sorted and without duplicates. Keys covers
// exact and renamed clones only: two files can share a near-miss clone
// without sharing a window, but not without sharing near keys, so an
// incremental index that reports near-miss clones compares a changed file
// with the files sharing either kind of key.
func (f *File) NearKeys() []uint64 {
	keys := make([]uint64, 0, len(f.grams))
	for _, g := range f.grams {
		keys = append(keys, uint64(g.h))
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// EachKey calls fn with each of f's Keys and NearKeys, in no order and
// perhaps more than once, without making either list.
func (f *File) EachKey(fn func(uint64)) {
	for _, w := range f.windows {
		fn(w.fp)
	}
	for _, g := range f.grams {
		fn(uint64(g.h))
	}
}

// EachKeyIn is EachKey for the keys of the code that overlaps lines
// first to last: the windows and k-grams a clone of that code with
// another file would share.
func (f *File) EachKeyIn(first, last int, fn func(uint64)) {
	for _, w := range f.windows {
		if f.tokenLine(f.units[w.first].tok0) <= last && f.tokenLine(f.units[w.last].tok1-1) >= first {
			fn(w.fp)
		}
	}
	for _, g := range f.grams {
		if l := f.tokenLine(g.pos); first <= l && l <= last {
			fn(uint64(g.h))
		}
	}
}
