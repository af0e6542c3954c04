// Package stats is a fixture for the golangci-lint plugin test: one
// clone to report, one whose copy says //nolint:copycat, and one too
// small for the default -min-tokens.
package stats

import "sort"

// Median returns the middle value of xs, or the mean of the two middle
// values when xs has an even length.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := make([]float64, len(xs))
	copy(s, xs)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// MiddleValue is Median for ints, pasted and renamed.
func MiddleValue(values []int) float64 {
	if len(values) == 0 {
		return 0
	}
	sorted := make([]int, len(values))
	copy(sorted, values)
	sort.Ints(sorted)
	count := len(sorted)
	if count%2 == 1 {
		return float64(sorted[count/2])
	}
	return float64(sorted[count/2-1]+sorted[count/2]) / 2
}
