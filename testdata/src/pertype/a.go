// Package pertype holds one function written once per integer width.
package pertype

func sumInt32(xs []int32) int32 {
	var sum int32
	for _, x := range xs {
		if x > 0 {
			sum += x
		} else {
			sum -= x
		}
	}
	return sum
}

func sumInt64(xs []int64) int64 {
	var sum int64
	for _, x := range xs {
		if x > 0 {
			sum += x
		} else {
			sum -= x
		}
	}
	return sum
}
