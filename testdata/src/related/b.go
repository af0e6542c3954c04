package related

func third(xs []int) int { // want `duplicate of related/a.go:5-15 \(exact, \d+ tokens, 3 copies\)`
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
