package fingerprint

import (
	"encoding/binary"
	"math/bits"
)

// A differ aligns two canonical token sequences with Myers' O(ND)
// algorithm, giving up once the edit distance passes a bound: for
// similarity at least θ, D ≤ (1-θ)(|a|+|b|), so verification costs
// O((|a|+|b|)·D) and dissimilar pairs exit early. Its buffers are reused
// from call to call; it is not safe for concurrent use.
type differ struct {
	rows  []row    // the diagonals each round d set, rows[d]
	store rowStore // where the rows' diagonals are kept
	match []int32  // match[x] = y, or -1: the alignment of a against b
	masks []uint64 // lcsLength's match masks, all zero between calls
	vec   []uint64
}

// A row is what round d of align left: the furthest x on diagonals lo,
// lo+2, ..., in x. Only the diagonals that can still reach the end
// within the bound are there (see align).
type row struct {
	lo int32
	x  []int32
}

// align returns, for each index of a, the index of b it is matched with
// (or -1), such that the matches are a longest common subsequence; ok is
// false if more than maxD insertions and deletions separate a and b.
//
// Round d sets only the diagonals k with |k - (|a|-|b|)| ≤ maxD-d: a path
// from any other needs more than maxD edits to reach the end, and the
// diagonals round d reads, k±1, are among those round d-1 set, so that
// each is what Myers' full round gives it, and the path backtrack walks
// the same. With the edit distance as the bound (verification knows it
// from lcsLength), the rounds set half the diagonals the full ones do.
func (df *differ) align(a, b []byte, maxD int) (match []int32, ok bool) {
	n, m := len(a), len(b)
	delta := n - m
	if delta > maxD || -delta > maxD {
		return nil, false
	}
	df.store.reset()
	df.rows = df.rows[:0]
	// Round 0: the snake from (0, 0).
	x := int(snake(a, b))
	x0 := df.store.next(1)
	x0[0] = int32(x)
	df.rows = append(df.rows, row{0, x0})
	if x >= n && x >= m {
		return df.backtrack(int32(n), int32(m), 0), true
	}
	prev := df.rows[0]
	for d := 1; d <= maxD; d++ {
		slack := maxD - d
		lo, hi := max(-d, delta-slack), min(d, delta+slack)
		lo += (lo + d) & 1 // the diagonals of round d have d's parity
		hi -= (hi + d) & 1
		if lo > hi {
			return nil, false // only when slack is 0 and |a|-|b| has the other parity
		}
		xs := df.store.next((hi-lo)/2 + 1)
		// px[i] and px[i+1] are diagonals lo+2i-1 and lo+2i+1 of round d-1.
		px := prev.x
		s := (lo - 1 - int(prev.lo)) >> 1
		for i := range xs {
			k := lo + 2*i
			var x int
			switch {
			case k == -d:
				x = int(px[s+i+1]) // a step down: b[y] inserted
			case k == d || px[s+i] >= px[s+i+1]:
				x = int(px[s+i]) + 1 // a step right: a[x] deleted
			default:
				x = int(px[s+i+1])
			}
			y := x - k
			if uint(x) < uint(n) && uint(y) < uint(m) && a[x] == b[y] {
				// Most diagonals stop at once, on the first token.
				s := 1 + int(snake(a[x+1:], b[y+1:]))
				x, y = x+s, y+s
			}
			xs[i] = int32(x)
			if x >= n && y >= m {
				df.rows = append(df.rows, row{int32(lo), xs})
				return df.backtrack(int32(n), int32(m), int32(d)), true
			}
		}
		prev = row{int32(lo), xs}
		df.rows = append(df.rows, prev)
	}
	return nil, false
}

// snake returns the length of the common prefix of a and b, comparing
// eight tokens at a time: the runs two near-miss copies share are long
// (BenchmarkAlign, copies three edits apart: 54 µs a token at a time,
// 38 µs so; thirty edits apart, the same).
func snake(a, b []byte) int32 {
	i := 0
	for ; i+8 <= len(a) && i+8 <= len(b); i += 8 {
		if d := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:]); d != 0 {
			return int32(i + bits.TrailingZeros64(d)/8)
		}
	}
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return int32(i)
}

// round returns what round d left on diagonal k, one it set.
func (df *differ) round(d, k int32) int32 {
	r := df.rows[d]
	return r.x[(k-r.lo)>>1]
}

// rowChunk is the size of a rowStore's chunks: 256 KB.
const rowChunk = 1 << 16

// A rowStore holds align's rounds in chunks that are made once and
// reused: D edits keep up to (D+1)²/2 diagonals, 4 MB for the 1,440 of
// two of the standard library's largest near-miss functions, and a trace
// that grew by copying, or was sized ahead from a loose bound, left
// garbage tens of megabytes a run that the collector, at detection's low
// target, and the kernel's first touch of fresh pages paid for (0.2-0.3 s
// of CPU on the standard library).
type rowStore struct {
	chunks [][]int32
	c, o   int // the chunk in use and the diagonals kept in it
}

func (t *rowStore) reset() { t.c, t.o = 0, 0 }

// next returns room for a row of n diagonals, in one chunk.
func (t *rowStore) next(n int) []int32 {
	for {
		if t.c == len(t.chunks) {
			t.chunks = append(t.chunks, make([]int32, max(rowChunk, n)))
		}
		if ch := t.chunks[t.c]; t.o+n <= len(ch) {
			t.o += n
			return ch[t.o-n : t.o : t.o]
		}
		if t.o == 0 { // a row longer than the chunk
			t.chunks[t.c] = make([]int32, n)
			continue
		}
		t.c, t.o = t.c+1, 0
	}
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
	var used [256]bool // the codes of a, whose masks are cleared at the end
	for i, c := range a {
		masks[int(c)*w+i/64] |= 1 << (i % 64)
		used[c] = true
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
		m = m[:len(v)] // no bounds check in the loop
		var carry uint64
		for i, vi := range v {
			mi := m[i]
			sum, c1 := bits.Add64(vi, vi&mi, carry)
			carry = c1
			v[i] = sum | (vi &^ mi)
		}
	}
	ones := 0
	for i, vi := range v {
		if i == w-1 && len(a)%64 != 0 {
			vi &= 1<<(len(a)%64) - 1
		}
		ones += bits.OnesCount64(vi)
	}
	for c, u := range used { // leave the masks clean for the next call
		if u {
			clear(masks[c*w : c*w+w])
		}
	}
	return len(a) - ones
}
