package hostile

import "testing"

// Growth is the most a hostile case's counted work may grow from n to
// 2n: linear work doubles, give or take, and a quadratic step quadruples
// it.
const Growth = 2.6

// Linear fails t unless small, the work counted at size n, is some and
// large, the same count at 2n, is at most Growth times it; what names
// the count. It logs both.
func Linear[N int | int64](t testing.TB, what string, small, large N) {
	t.Helper()
	t.Logf("%s: %d at n, %d at 2n", what, small, large)
	if small <= 0 || float64(large) > Growth*float64(small) {
		t.Errorf("%s: %d at n, %d at 2n: want some, growing at most %.1f×", what, small, large, Growth)
	}
}
