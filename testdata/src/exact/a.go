// Package exact holds a function copied whole into another file.
package exact

func total(xs []int) int { // want `duplicate of exact/b.go:3-13 \(exact, \d+ tokens, 2 copies\)`
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
