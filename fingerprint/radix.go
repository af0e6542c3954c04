package fingerprint

import "slices"

// radixMin is the length from which radixSort sorts by digits; shorter
// slices are sorted by comparison.
const radixMin = 1 << 12

// radixSort sorts xs: least significant byte first, eight stable counting
// passes between xs and buf (at least as long as xs), leaving out the passes
// whose byte is the same in every key (the high bytes of small numbers,
// the low ones of keys that pack an index under a hash). The keys the
// near-miss stage sorts are millions of (gram, unit) and (unit, unit)
// pairs, where this takes about a third of the time of a comparison sort.
func radixSort(xs, buf []uint64) { radixSortFrom(xs, buf, 0) }

// radixSortFrom is radixSort for keys already sorted by their low
// bytes below byte first (an index packed under a hash, the keys made
// in the index's order): the passes are stable, so those bytes need
// none.
func radixSortFrom(xs, buf []uint64, first int) { radixSortAbove(xs, buf, first, radixMin) }

// radixSortAbove is radixSortFrom that sorts by digits from least keys
// on, and by comparison below.
func radixSortAbove(xs, buf []uint64, first, least int) {
	if len(xs) < least {
		slices.Sort(xs)
		return
	}
	var counts [8][256]int
	for _, x := range xs {
		for b := first; b < 8; b++ {
			counts[b][byte(x>>(8*b))]++
		}
	}
	src, dst := xs, buf[:len(xs)]
	for b := first; b < 8; b++ {
		c := &counts[b]
		if c[byte(xs[0]>>(8*b))] == len(xs) {
			continue // every key has this byte: the pass would change nothing
		}
		off := 0
		for i, n := range c {
			c[i] = off
			off += n
		}
		shift := 8 * b
		for _, x := range src {
			d := byte(x >> shift)
			dst[c[d]] = x
			c[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &xs[0] {
		copy(xs, src)
	}
}

// radixBucketMin is the length from which sortKeysFrom's buckets are
// sorted by digits: in a CPU's cache, from a few hundred keys on,
// that takes less time than a comparison sort.
const radixBucketMin = 1 << 8
