// Package generated holds a copy in a generated file, which is left out.
package generated

func keep(xs []int) int {
	sum := 0
	for _, x := range xs {
		if x > 0 {
			sum += x
		} else {
			sum -= x
		}
	}
	return sum
}
