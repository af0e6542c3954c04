package par

import (
	"sync/atomic"
	"testing"
)

func TestForCallsEachIndexOnce(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 16} {
		for _, n := range []int{0, 1, 7, 1000} {
			counts := make([]atomic.Int32, n)
			var bad atomic.Bool
			For(n, workers, func(w, i int) {
				if w < 0 || workers > 0 && w >= workers {
					bad.Store(true)
				}
				counts[i].Add(1)
			})
			if bad.Load() {
				t.Errorf("workers %d, n %d: worker index out of range", workers, n)
			}
			for i := range counts {
				if c := counts[i].Load(); c != 1 {
					t.Fatalf("workers %d, n %d: index %d called %d times", workers, n, i, c)
				}
			}
		}
	}
}
