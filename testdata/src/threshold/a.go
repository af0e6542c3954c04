// Package threshold holds copies smaller than the thresholds the tests
// set (-min-tokens 20, -min-lines 3).
package threshold

// Few tokens on many lines.
func one() int {
	a := 1
	b := 2
	return a + b
}

func two() int {
	a := 1
	b := 2
	return a + b
}

// Many tokens on few lines: the copied statement is one line long.
func three(a, b []int) int {
	s := a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3] + a[4]*b[4]
	return s
}

func four(a, b []int) int {
	s := a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3] + a[4]*b[4]
	return -s
}
