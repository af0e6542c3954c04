package fingerprint

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// lcsLen is the textbook dynamic programme, the reference for align.
func lcsLen(a, b []byte) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func TestAlignIsALongestCommonSubsequence(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var df differ
	for i := range 500 {
		a := make([]byte, r.IntN(200))
		for j := range a {
			a[j] = byte(r.IntN(4))
		}
		b := randomEdits(r, slices.Clone(a), r.IntN(6), 4) // a few edits
		match, ok := df.align(a, b, len(a)+len(b))
		if !ok {
			t.Fatalf("case %d: no alignment within |a|+|b|", i)
		}
		n, last := 0, int32(-1)
		for x, y := range match {
			if y < 0 {
				continue
			}
			if y <= last || a[x] != b[y] {
				t.Fatalf("case %d: bad match %d->%d", i, x, y)
			}
			last = y
			n++
		}
		if got := df.lcsLength(a, b); got != n {
			t.Fatalf("case %d: lcsLength %d, alignment has %d", i, got, n)
		}
		if want := lcsLen(a, b); n != want {
			t.Fatalf("case %d: %d matches, LCS is %d (a=%v b=%v)", i, n, want, a, b)
		}
	}
}

func TestAlignGivesUpPastTheBound(t *testing.T) {
	var df differ
	if _, ok := df.align([]byte("aaaaaaaa"), []byte("bbbbbbbb"), 10); ok {
		t.Error("align of disjoint 8-token sequences succeeded within 10 edits")
	}
	if _, ok := df.align([]byte("abcdefgh"), []byte("abcXefgh"), 2); !ok {
		t.Error("align of sequences one substitution apart failed within 2 edits")
	}
}

// TestSnake checks the common prefix found eight tokens at a time against
// one found a token at a time: every length up to three words, the
// first difference at every place.
func TestSnake(t *testing.T) {
	for n := 0; n <= 24; n++ {
		for diff := 0; diff <= n; diff++ {
			a := make([]byte, n)
			for i := range a {
				a[i] = byte(i*7 + 1)
			}
			b := append([]byte(nil), a...)
			if diff < n {
				b[diff]++
			}
			for _, cut := range []int{0, 1, 9} { // b shorter than a
				bb := b[:max(0, len(b)-cut)]
				want := 0
				for want < len(a) && want < len(bb) && a[want] == bb[want] {
					want++
				}
				if got := snake(a, bb); int(got) != want {
					t.Fatalf("snake(%v, %v) = %d, want %d", a, bb, got, want)
				}
				if got := snake(bb, a); int(got) != want {
					t.Fatalf("snake(%v, %v) = %d, want %d", bb, a, got, want)
				}
			}
		}
	}
}

// BenchmarkAlign aligns 50 token sequences of 300-600 tokens with copies
// of them edited in 3 places (long runs in common) and in 30 (short).
func BenchmarkAlign(b *testing.B) {
	for _, edits := range []int{3, 30} {
		pairs := editedPairs(300, 300, edits)
		b.Run(fmt.Sprintf("edits=%d", edits), func(b *testing.B) {
			var df differ
			for b.Loop() {
				for _, p := range pairs {
					df.align(p[0], p[1], 200)
				}
			}
		})
	}
}

// alignByDiagonal is align as it was written first, diagonal k at v[k+off]
// with every index checked and every diagonal of every round set and
// kept: the reference for the loop align runs now, which must choose the
// same alignment among the longest (ties broken the same way), not just
// one as long.
func alignByDiagonal(a, b []byte, maxD int) ([]int32, bool) {
	n, m := int32(len(a)), int32(len(b))
	off := int32(maxD + 1)
	v := make([]int32, 2*off+1)
	var trace []int32 // round d's diagonals -d..d from trace[d*d]
	for d := int32(0); d <= int32(maxD); d++ {
		for k := -d; k <= d; k += 2 {
			var x int32
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1]
			} else {
				x = v[off+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrackFull(trace, n, m, d), true
			}
		}
		trace = append(trace, v[off-d:off+d+1]...)
	}
	return nil, false
}

// backtrackFull is backtrack as it was written first, over every
// diagonal of every round.
//
//copycat:ignore the reference the tests hold backtrack to, kept as it was
func backtrackFull(trace []int32, n, m, d int32) []int32 {
	round := func(d, k int32) int32 { return trace[d*d+d+k] }
	match := make([]int32, n)
	for i := range match {
		match[i] = -1
	}
	x, y := n, m
	for ; d > 0; d-- {
		k := x - y
		var pk int32
		if k == -d || k != d && round(d-1, k-1) < round(d-1, k+1) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := round(d-1, pk)
		py := px - pk
		sx, sy := px, py
		if pk == k+1 {
			sy++
		} else {
			sx++
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

func TestAlignAsByDiagonal(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var df differ
	for i := range 3000 {
		alphabet := 2 + r.IntN(40)
		a := make([]byte, r.IntN(300))
		for j := range a {
			a[j] = byte(r.IntN(alphabet))
		}
		b := randomEdits(r, slices.Clone(a), r.IntN(40), alphabet)
		if r.IntN(4) == 0 { // unrelated sequences
			b = b[:r.IntN(len(b)+1)]
			for j := range b {
				b[j] = byte(r.IntN(alphabet))
			}
		}
		exact := len(a) + len(b) - 2*lcsLen(a, b)
		for _, maxD := range []int{len(a) + len(b), r.IntN(len(a) + len(b) + 1), 0, exact, exact + 1, max(exact-1, 0)} {
			want, wantOK := alignByDiagonal(a, b, maxD)
			got, ok := df.align(a, b, maxD)
			if ok != wantOK || !slices.Equal(got, want) {
				t.Fatalf("case %d (maxD %d): align = %v, %v; by diagonal %v, %v\na %v\nb %v", i, maxD, got, ok, want, wantOK, a, b)
			}
		}
	}
}

// TestRowStore checks that the rows a rowStore gives are as long as asked
// and do not overlap, across chunks and for a row longer than a chunk,
// before and after a reset.
func TestRowStore(t *testing.T) {
	var st rowStore
	for pass := range 2 {
		st.reset()
		var rows [][]int32
		for i, n := range []int{1, 5, rowChunk - 3, 7, rowChunk + 9, 2, rowChunk, 4} {
			r := st.next(n)
			if len(r) != n || cap(r) != n {
				t.Fatalf("pass %d: next(%d) has length %d, capacity %d", pass, n, len(r), cap(r))
			}
			for j := range r {
				r[j] = int32(i)
			}
			rows = append(rows, r)
		}
		for i, r := range rows {
			for _, x := range r {
				if x != int32(i) {
					t.Fatalf("pass %d: row %d was overwritten by row %d", pass, i, x)
				}
			}
		}
	}
}

// TestLCSLength checks lcsLength against the textbook programme on
// sequences of every length around the word sizes, over small alphabets
// and all 256 codes, one differ for all (its masks must be left clean).
func TestLCSLength(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var df differ
	for i := range 3000 {
		alphabet := []int{2, 4, 40, 256}[r.IntN(4)]
		n := r.IntN(200)
		if r.IntN(2) == 0 {
			n = []int{0, 1, 63, 64, 65, 127, 128, 129, 191, 192}[r.IntN(10)]
		}
		a := make([]byte, n)
		for j := range a {
			a[j] = byte(r.IntN(alphabet))
		}
		b := randomEdits(r, slices.Clone(a), r.IntN(20), alphabet)
		if r.IntN(4) == 0 {
			b = b[:r.IntN(len(b)+1)]
			for j := range b {
				b[j] = byte(r.IntN(alphabet))
			}
		}
		if got, want := df.lcsLength(a, b), lcsLen(a, b); got != want {
			t.Fatalf("case %d: lcsLength = %d, want %d\na %v\nb %v", i, got, want, a, b)
		}
	}
	for _, m := range df.masks {
		if m != 0 {
			t.Fatal("lcsLength left a mask set")
		}
	}
}

// BenchmarkLCSLength finds the LCS length of the pairs BenchmarkAlign
// aligns, thirty edits apart.
func BenchmarkLCSLength(b *testing.B) {
	pairs := editedPairs(60, 600, 30)
	var df differ
	for b.Loop() {
		for _, p := range pairs {
			df.lcsLength(p[0], p[1])
		}
	}
}

// randomEdits makes n edits to b at random places, each an insertion, a
// deletion or a change of a code below alphabet, and returns it.
func randomEdits(r *rand.Rand, b []byte, n, alphabet int) []byte {
	for range n {
		p := r.IntN(len(b) + 1)
		switch r.IntN(3) {
		case 0:
			b = slices.Insert(b, p, byte(r.IntN(alphabet)))
		case 1:
			if p < len(b) {
				b = slices.Delete(b, p, p+1)
			}
		default:
			if p < len(b) {
				b[p] = byte(r.IntN(alphabet))
			}
		}
	}
	return b
}

// editedPairs makes the benchmarks' 50 pairs: a sequence of size+
// rand(spread) codes below 40 and a copy of it edited in edits places
// (a code changed, one deleted, a 7 inserted).
func editedPairs(size, spread, edits int) [][2][]byte {
	rng := rand.New(rand.NewPCG(3, 4))
	var pairs [][2][]byte
	for range 50 {
		x := make([]byte, size+rng.IntN(spread))
		for i := range x {
			x[i] = byte(rng.IntN(40))
		}
		y := slices.Clone(x)
		for range edits {
			i := rng.IntN(len(y))
			switch rng.IntN(3) {
			case 0:
				y[i]++
			case 1:
				y = slices.Delete(y, i, i+1)
			default:
				y = slices.Insert(y, i, 7)
			}
		}
		pairs = append(pairs, [2][]byte{x, y})
	}
	return pairs
}
