package stats

// Spread returns the largest value of xs less the smallest, and the
// positions of the two.
func Spread(xs []float64) (float64, int, int) {
	if len(xs) == 0 {
		return 0, -1, -1
	}
	lo, hi := 0, 0
	for i, x := range xs {
		if x < xs[lo] {
			lo = i
		}
		if x > xs[hi] {
			hi = i
		}
	}
	return xs[hi] - xs[lo], lo, hi
}

// SpreadInts is Spread for ints, kept as a copy on purpose.
//
//nolint:copycat // the int version stays apart until generics reach this API
func SpreadInts(xs []int) (int, int, int) {
	if len(xs) == 0 {
		return 0, -1, -1
	}
	lo, hi := 0, 0
	for i, x := range xs {
		if x < xs[lo] {
			lo = i
		}
		if x > xs[hi] {
			hi = i
		}
	}
	return xs[hi] - xs[lo], lo, hi
}
