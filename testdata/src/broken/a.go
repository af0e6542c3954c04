// Package broken does not type-check; its clones are reported anyway.
package broken

func total(xs []int) int { // want `duplicate of broken/a.go:16-26 \(renamed, \d+ tokens, 2 copies\)`
	sum := 0
	for _, x := range xs {
		if x > 0 {
			sum += x
		} else {
			sum -= undefinedName
		}
	}
	return sum
}

func count(ys []int) int { // want `duplicate of broken/a.go:4-14 \(renamed, \d+ tokens, 2 copies\)`
	n := 0
	for _, y := range ys {
		if y > 0 {
			n += y
		} else {
			n -= undefinedName
		}
	}
	return n
}
