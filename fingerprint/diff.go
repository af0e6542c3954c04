package fingerprint

import (
	"math/bits"
)

// A differ aligns two canonical token sequences with Myers' O(ND)
// algorithm, giving up once the edit distance passes a bound: for
// similarity at least θ, D ≤ (1-θ)(|a|+|b|), so verification costs
// O((|a|+|b|)·D) and dissimilar pairs exit early. Its buffers are reused
// from call to call; it is not safe for concurrent use.
type differ struct {
	v     []int32  // furthest x on each diagonal k, at v[k+off]
	trace []int32  // v[-d..d] after each round d, one after the other
	match []int32  // match[x] = y, or -1: the alignment of a against b
	masks []uint64 // lcsLength's match masks, all zero between calls
	vec   []uint64
}

// alignTraceRoom is the most diagonals align makes room for at once on a
// bound it was given (4 MB); past it, on a pair too large to find the
// edit distance first (alignLCSWords), the trace grows as rounds go.
const alignTraceRoom = 1 << 20

// alignLCSWords is the most words of lcsLength's work align spends to
// learn a pair's edit distance, and so the exact room its trace needs,
// when the bound it was given would need more than alignTraceRoom: a
// trace grown step by step leaves garbage several times its size, and the
// collector, at detection's low target, pays for it again and again (on
// the standard library, a dozen pairs of 1,000 to 6,000 tokens cost
// 0.25-0.55 s of CPU that way).
const alignLCSWords = 1 << 22

// align returns, for each index of a, the index of b it is matched with
// (or -1), such that the matches are a longest common subsequence; ok is
// false if more than maxD insertions and deletions separate a and b.
func (df *differ) align(a, b []byte, maxD int) (match []int32, ok bool) {
	n, m := len(a), len(b)
	if (maxD+1)*(maxD+1) > alignTraceRoom && m*((n+63)/64) <= alignLCSWords {
		d := n + m - 2*df.lcsLength(a, b)
		if d > maxD {
			return nil, false
		}
		return df.alignD(a, b, d, (d+1)*(d+1))
	}
	return df.alignD(a, b, maxD, min((maxD+1)*(maxD+1), alignTraceRoom))
}

// alignD is align with room for room diagonals of the trace made at once
// (rounds 0..d keep (d+1)² of them).
func (df *differ) alignD(a, b []byte, maxD, room int) (match []int32, ok bool) {
	n, m := int32(len(a)), int32(len(b))
	off := int32(maxD + 1)
	size := 2*off + 1
	if cap(df.v) < int(size) {
		df.v = make([]int32, size)
	}
	v := df.v[:size]
	v[off+1] = 0
	if cap(df.trace) < room {
		df.trace = make([]int32, 0, room)
	}
	df.trace = df.trace[:0]
	for d := int32(0); d <= int32(maxD); d++ {
		for k := -d; k <= d; k += 2 {
			var x int32
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1] // a step down: b[y] inserted
			} else {
				x = v[off+k-1] + 1 // a step right: a[x] deleted
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				return df.backtrack(n, m, d), true
			}
		}
		// Round d set diagonals -d..d; the trace keeps them, d² in all.
		df.trace = append(df.trace, v[off-d:off+d+1]...)
	}
	return nil, false
}

// round returns what round d left on diagonal k (|k| ≤ d).
func (df *differ) round(d, k int32) int32 {
	return df.trace[d*d+d+k]
}

// identity returns the alignment of a sequence of n tokens with itself,
// as align would.
func (df *differ) identity(n int) []int32 {
	if cap(df.match) < n {
		df.match = make([]int32, n)
	}
	match := df.match[:n]
	for i := range match {
		match[i] = int32(i)
	}
	return match
}

// backtrack walks the saved rounds from (n, m) back to (0, 0), recording
// the diagonal runs as matches.
func (df *differ) backtrack(n, m, d int32) []int32 {
	if cap(df.match) < int(n) {
		df.match = make([]int32, n)
	}
	match := df.match[:n]
	for i := range match {
		match[i] = -1
	}
	x, y := n, m
	for ; d > 0; d-- {
		k := x - y
		var pk int32
		if k == -d || k != d && df.round(d-1, k-1) < df.round(d-1, k+1) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := df.round(d-1, pk)
		py := px - pk
		// the snake after the edit: from the edit's end to (x, y)
		sx, sy := px, py
		if pk == k+1 {
			sy++ // the insertion moved down
		} else {
			sx++ // the deletion moved right
		}
		for x > sx && y > sy {
			x, y = x-1, y-1
			match[x] = y
		}
		x, y = px, py
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		match[x] = y
	}
	return match
}

// lcsLength returns the length of a longest common subsequence of a and b
// with the bit-parallel algorithm of Crochemore et al.: one pass over b,
// each step a few word operations per 64 tokens of a. It is how
// verification rejects dissimilar candidates before aligning them.
func (df *differ) lcsLength(a, b []byte) int {
	w := (len(a) + 63) / 64
	if w == 0 || len(b) == 0 {
		return 0
	}
	// masks[c*w : c*w+w] has bit i set where a[i] == c.
	need := 256 * w
	if cap(df.masks) < need {
		df.masks = make([]uint64, need)
	}
	masks := df.masks[:need]
	for i, c := range a {
		masks[int(c)*w+i/64] |= 1 << (i % 64)
	}
	if cap(df.vec) < w {
		df.vec = make([]uint64, w)
	}
	v := df.vec[:w]
	for i := range v {
		v[i] = ^uint64(0)
	}
	for _, c := range b {
		m := masks[int(c)*w : int(c)*w+w]
		var carry uint64
		for i, vi := range v {
			u := vi & m[i]
			sum, c1 := bits.Add64(vi, u, carry)
			carry = c1
			v[i] = sum | (vi &^ m[i])
		}
	}
	ones := 0
	for i, vi := range v {
		if i == w-1 && len(a)%64 != 0 {
			vi &= 1<<(len(a)%64) - 1
		}
		ones += bits.OnesCount64(vi)
	}
	for _, c := range a { // leave the masks clean for the next call
		masks[int(c)*w+0] = 0
		for i := 1; i < w; i++ {
			masks[int(c)*w+i] = 0
		}
	}
	return len(a) - ones
}
