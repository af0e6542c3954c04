package fingerprint

import (
	"math/rand/v2"
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
		b := append([]byte(nil), a...)
		for range r.IntN(6) { // a few edits
			switch p := r.IntN(len(b) + 1); r.IntN(3) {
			case 0:
				b = append(b[:p], append([]byte{byte(r.IntN(4))}, b[p:]...)...)
			case 1:
				if p < len(b) {
					b = append(b[:p], b[p+1:]...)
				}
			default:
				if p < len(b) {
					b[p] = byte(r.IntN(4))
				}
			}
		}
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
