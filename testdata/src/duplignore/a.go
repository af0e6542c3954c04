// Package duplignore holds copies in files that .duplignore leaves out.
package duplignore

func keep(xs []int) int { // want `duplicate of duplignore/b.go:3-13 \(exact, \d+ tokens, 2 copies\)`
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
