// Package clones holds one clone, for the plugin's analyzer.
package clones

import "sort"

func Median(xs []float64) float64 { // want `duplicate of clones/clones.go:21-33 \(near 95%, 88 tokens, 2 copies\)`
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
func MiddleValue(values []int) float64 { // want `duplicate of clones/clones.go:6-18 \(near 95%, 88 tokens, 2 copies\)`
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
