package fingerprint

import (
	"slices"
	"testing"
)

// TestSlideLongShift: a run of unmatched tokens slides to a statement's
// start further than its own length, in code that repeats, and every
// match is kept, in order. From the left, the moves lost three of the
// matches and crossed the other two.
func TestSlideLongShift(t *testing.T) {
	// x: "a b a b a b a b" against "a b a b a b": the aligner matched
	// x's first six tokens and left its last two over; a statement
	// starts at x's token 2 alone, so the run slides left by four.
	x := []byte("abababab")
	match := []int32{0, 1, 2, 3, 4, 5, -1, -1}
	starts := map[int]bool{2: true}
	slide(match, x, 6, func(k int) (bool, bool) { return starts[k], false })
	if !slices.Equal(match, []int32{0, 1, -1, -1, 2, 3, 4, 5}) {
		t.Errorf("match = %v, want the run at 2-3 and the other six in order", match)
	}
}
