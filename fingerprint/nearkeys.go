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

// NearMinShared is how many near keys two near-miss candidates share at
// the least: a unit of each file must share as many for the two files to
// share a near-miss clone.
const NearMinShared = nearMinShared

// EachNearUnit calls fn with the near keys of each near-miss candidate
// unit of f, as detection with opt takes them (blocks of at least
// MinTokens tokens and MinLines lines), sorted and without duplicates.
// Two files share a near-miss clone only if a unit of each shares
// NearMinShared of its keys: a file that shares as many with the whole of
// a large file, but none with one unit of it, cannot be its near copy.
// fn may keep nothing of the slice it is given.
func (f *File) EachNearUnit(opt Options, fn func(keys []uint64)) {
	var keys []uint64
	for _, u := range NearUnits(f, opt) {
		keys = keys[:0]
		for _, k := range u.Keys {
			keys = append(keys, uint64(k))
		}
		fn(keys)
	}
}
