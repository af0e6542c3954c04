// Package par runs loops on several goroutines.
package par

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// For calls fn(worker, i) for every i in [0, n), on workers goroutines
// (GOMAXPROCS when workers <= 0), and returns when all calls have. Each
// goroutine takes the next index when it is free, so uneven items balance;
// worker, in [0, workers), lets fn keep per-goroutine state.
//
// A call of fn that panics ends the loop (the other goroutines take no
// more indexes) and For panics in its caller with a *Panic, where a
// recover can see it: a fault on one input costs the caller's work, not
// the process (the editor server and go vet's analyzer recover).
func For(n, workers int, fn func(worker, i int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var next atomic.Int64
	var failed atomic.Pointer[Panic]
	var wg sync.WaitGroup
	for w := range min(workers, max(n, 1)) {
		wg.Go(func() {
			defer func() {
				if r := recover(); r != nil {
					failed.CompareAndSwap(nil, newPanic(r))
					next.Store(int64(n))
				}
			}()
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				fn(w, i)
			}
		})
	}
	wg.Wait()
	if p := failed.Load(); p != nil {
		panic(p)
	}
}

// Go runs fn on a goroutine of its own and returns what waits for it to
// return; wait panics with a *Panic, in its caller, if fn panicked.
func Go(fn func()) (wait func()) {
	done := make(chan struct{})
	var failed *Panic
	go func() {
		defer close(done)
		defer func() {
			if r := recover(); r != nil {
				failed = newPanic(r)
			}
		}()
		fn()
	}()
	return func() {
		<-done
		if failed != nil {
			panic(failed)
		}
	}
}

// A Panic is a panic of a goroutine that For or Go started, raised again
// in their caller: what was raised and where.
type Panic struct {
	Value any
	Stack []byte // the goroutine's stack when it panicked
}

func newPanic(r any) *Panic {
	if p, ok := r.(*Panic); ok {
		return p // raised again from a loop inside the loop
	}
	return &Panic{Value: r, Stack: debug.Stack()}
}

// Error says what was raised, then where.
func (p *Panic) Error() string {
	return fmt.Sprintf("%v\n\n(on another goroutine)\n%s", p.Value, p.Stack)
}

// Unwrap gives what was raised, if it was an error.
func (p *Panic) Unwrap() error {
	err, _ := p.Value.(error)
	return err
}
