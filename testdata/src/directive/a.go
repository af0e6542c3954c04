// Package directive holds copies left out by suppression directives.
package directive

func keep(xs []int) int {
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

// ignored is a deliberate copy.
//
//copycat:ignore kept apart so that the two can evolve separately
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

//nolint:dupl // golangci-lint's spelling
func linted(xs []int) int {
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

// statements starts like keep, but the loop it shares with keep is left
// out by a directive on the statement.
func statements(vals []int) int {
	total := 0
	//copycat:ignore the same loop as in keep, on purpose
	for _, v := range vals {
		if v > 0 {
			total += v
		} else {
			total -= v
		}
	}
	return total * 2
}

// want +2 `unknown directive //copycat:skip`
//
//copycat:skip is not a directive copycat knows
var unknown = 0
