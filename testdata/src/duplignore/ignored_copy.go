package duplignore

func ignored(xs []int) int {
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
