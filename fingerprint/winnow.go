package fingerprint

import "slices"

// Near-miss candidates are found through shared k-grams of canonical
// tokens. Keeping every k-gram would cost a hash per token; winnowing keeps
// the minimum hash of every window of winnowWindow consecutive k-grams, a
// fraction of about 2/(winnowWindow+1) of them, and still guarantees that
// any run of gramSize+winnowWindow-1 shared tokens yields a shared gram.
const (
	gramSize     = 10
	winnowWindow = 12
)

// A gram is a winnowed k-gram: its first token and its hash.
type gram struct {
	pos int32
	h   uint32
}

// winnowRing holds the last gram hashes winnow computed, by position
// modulo its size: a power of two at least winnowWindow.
const winnowRing = 16

// The build fails if winnowRing is no power of two or is smaller than
// winnowWindow (a negative constant converted to uint).
const _ = uint(winnowRing-winnowWindow) + uint(-(winnowRing & (winnowRing - 1)))

// winnow selects the file's k-gram fingerprints: the rightmost minimum of
// every window of winnowWindow consecutive k-gram hashes, each once. The
// window's minimum is kept as the window moves: a new hash at or below it
// is the new minimum, and only when the minimum leaves the window is the
// window read again, at most winnowWindow hashes a gram whatever the
// input (about 2/(winnowWindow+1) of the time on a file's hashes). The
// hashes are computed as the window reaches them and kept in a ring of
// the last winnowRing, not in an array of the file's grams; a deque of
// candidate minima, as this once kept, mispredicted its pops and spent
// more than the reads it saved.
func (ix *Indexer) winnow() {
	n := len(ix.ts.codes) - gramSize + 1
	if n <= 0 {
		return
	}
	var ring [winnowRing]uint64
	k, prefix := ix.powOf(gramSize), ix.prefix[:n+gramSize]
	out := slices.Grow(ix.gramBuf[:0], 2*n/(winnowWindow+1)+4)
	m, last := 0, -1 // m: the window's rightmost minimum; last: the gram last kept
	for i := range n {
		h := mix(prefix[i+gramSize] - prefix[i]*k)
		ring[i&(winnowRing-1)] = h
		switch lo := i - winnowWindow + 1; {
		case m < lo:
			// The minimum left the window: find the rightmost one of
			// hashes lo..i.
			m = lo
			for j := lo + 1; j <= i; j++ {
				if ring[j&(winnowRing-1)] <= ring[m&(winnowRing-1)] {
					m = j
				}
			}
		case h <= ring[m&(winnowRing-1)]:
			m = i
		}
		if (i >= winnowWindow-1 || i == n-1) && m != last {
			out = append(out, gram{int32(m), uint32(ring[m&(winnowRing-1)] >> 32)})
			last = m
		}
	}
	// The grams are gathered in the Indexer's scratch and copied out at
	// their size: about 2/(winnowWindow+1) of n, but a quarter of the
	// standard library's files have more, and a slice made for the
	// expected number grew to twice it.
	ix.gramBuf = out
	ix.file.grams = copied(out)
}
