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
