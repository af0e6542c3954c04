// Package lookalike holds code with the same shape that is not a clone:
// different operators, and names that do not rename consistently.
package lookalike

func add(a, b []int) []int {
	out := make([]int, len(a))
	for i := range a {
		if a[i] > b[i] {
			out[i] = a[i] + b[i]
		} else {
			out[i] = a[i] * b[i]
		}
	}
	return out
}

// sub has add's shape with other operators.
func sub(a, b []int) []int {
	out := make([]int, len(a))
	for i := range a {
		if a[i] < b[i] {
			out[i] = a[i] - b[i]
		} else {
			out[i] = a[i] / b[i]
		}
	}
	return out
}

// mix has add's tokens, but where add uses a and b, it uses x twice: no
// renaming of add's names gives mix.
func mix(x, y []int) []int {
	out := make([]int, len(x))
	for i := range x {
		if x[i] > x[i] {
			out[i] = x[i] + x[i]
		} else {
			out[i] = y[i] * y[i]
		}
	}
	return out
}
