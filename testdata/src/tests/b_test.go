package tests

import "testing"

func TestDoubleAgain(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want int }{{0, 0}, {5, 10}, {-1, -2}} { // want `duplicate of tests/a_test.go:6-10 \(renamed, \d+ tokens, 2 copies\)`
		if got := Double(tc.in); got != tc.want {
			t.Errorf("Double(%d) = %d, want %d", tc.in, got, tc.want)
		}
	}
}
