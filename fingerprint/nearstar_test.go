package fingerprint

import (
	"fmt"
	"strings"
	"testing"
)

// TestNearStarTakesCopies: a file pasted whole beside a pair of near
// copies (Median and MedianOrNaN, pasted as Middle and MiddleOrNaN) makes
// one class of four; the copy of the pair's other function was left out of
// the star whose centre it is an exact copy of, and reported only with
// that copy, a fragment in two classes.
func TestNearStarTakesCopies(t *testing.T) {
	median := `package %s

import (
	"math"
	"sort"
)

func %s(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := make([]float64, len(xs))
	copy(s, xs)
	sort.Float64s(s)
	n := len(s)
	if n%%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func %sOrNaN(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := make([]float64, len(xs))
	copy(s, xs)
	sort.Float64s(s)
	n := len(s)
	if n%%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
`
	o := opts()
	o.Near, o.Similarity = true, 0.8
	got := describe(detect(t, o, map[string]string{
		"stats/median.go": fmt.Sprintf(median, "stats", "Median", "Median"),
		"more/middle.go":  fmt.Sprintf(median, "more", "Middle", "Middle"),
	}))
	if len(got) != 1 || strings.Count(got[0], ".go:") != 4 {
		t.Errorf("classes %q, want one of the four functions", got)
	}
}
