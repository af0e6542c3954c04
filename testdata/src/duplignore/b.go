package duplignore

func kept(xs []int) int { // want `duplicate of duplignore/a.go:4-14 \(exact, \d+ tokens, 2 copies\)`
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
