package tests

import "testing"

func TestDouble(t *testing.T) {
	for _, c := range []struct{ in, want int }{{1, 2}, {2, 4}, {-3, -6}} { // want `duplicate of tests/b_test.go:7-11 \(renamed, \d+ tokens, 2 copies\)`
		if got := Double(c.in); got != c.want {
			t.Errorf("Double(%d) = %d, want %d", c.in, got, c.want)
		}
	}
}
