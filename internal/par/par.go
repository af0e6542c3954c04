// Package par runs loops on several goroutines.
package par

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// For calls fn(worker, i) for every i in [0, n), on workers goroutines
// (GOMAXPROCS when workers <= 0), and returns when all calls have. Each
// goroutine takes the next index when it is free, so uneven items balance;
// worker, in [0, workers), lets fn keep per-goroutine state.
func For(n, workers int, fn func(worker, i int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range min(workers, max(n, 1)) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				fn(w, i)
			}
		})
	}
	wg.Wait()
}
