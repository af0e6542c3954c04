// The spellings of other linters' users: each names copycat (or all
// linters), so none of these copies of keep is reported.

package directive

//nolint:all
func nolintAll(xs []int) int {
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

// nolint:dupl
func nolintSpaced(xs []int) int {
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

//nolint:errcheck, dupl
func nolintList(xs []int) int {
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

//nolint:errcheck,dupl,gocyclo
func nolintListed(xs []int) int {
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

//nolint:copycat
func nolintCopycat(xs []int) int {
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

// nolint
func nolintBare(xs []int) int {
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

//lint:ignore copycat staticcheck's form, with its reason
func staticcheck(xs []int) int {
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
