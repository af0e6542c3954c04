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

// winnow selects the file's k-gram fingerprints: the rightmost minimum of
// every window of winnowWindow consecutive k-gram hashes, each once. A
// deque of candidate minima makes it linear.
func (ix *Indexer) winnow() {
	n := len(ix.ts.codes) - gramSize + 1
	if n <= 0 {
		return
	}
	// spanHash of every gram, its base's power for gramSize tokens taken
	// once. The scratch is grown once to the file's grams, not by
	// appends: on a file larger than any before, doubling left as much
	// again of garbage (a 16 MB file, the hostile case many-classes at
	// 20,000 pairs: 329 MB allocated here, 101 MB now, of 1.50 GB and
	// 1.24 GB for the run).
	hs := slices.Grow(ix.grams[:0], n)
	k, prefix := ix.powOf(gramSize), ix.prefix
	for i := range n {
		hs = append(hs, mix(prefix[i+gramSize]-prefix[i]*k))
	}
	ix.grams = hs
	out := make([]gram, 0, 2*n/(winnowWindow+1)+4)
	dq, head := ix.deque[:0], 0 // dq[head:] are positions with increasing hashes
	last := int32(-1)
	for i := range n {
		for len(dq) > head && hs[dq[len(dq)-1]] >= hs[i] {
			dq = dq[:len(dq)-1]
		}
		dq = append(dq, int32(i))
		if dq[head] <= int32(i-winnowWindow) {
			head++
		}
		if i >= winnowWindow-1 || i == n-1 {
			if m := dq[head]; m != last {
				out = append(out, gram{m, uint32(hs[m] >> 32)})
				last = m
			}
		}
	}
	ix.deque = dq[:0]
	ix.file.grams = out
}
