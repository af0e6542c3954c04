package par

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"
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

// A call that panics ends the loop, and For raises the panic again in its
// caller, with the stack of the call that panicked.
func TestForPanicsInItsCaller(t *testing.T) {
	for _, workers := range []int{1, 2, 8} {
		var calls atomic.Int32
		got := caught(func() {
			For(1000, workers, func(_, i int) {
				calls.Add(1)
				if i == 10 {
					panic("boom")
				}
				time.Sleep(100 * time.Microsecond) // the loop outlasts the panic's recovery
			})
		})
		p, ok := got.(*Panic)
		if !ok {
			t.Fatalf("workers %d: recovered %#v, want a *Panic", workers, got)
		}
		if p.Value != "boom" || !strings.Contains(string(p.Stack), "TestForPanicsInItsCaller") {
			t.Errorf("workers %d: panic %q with stack\n%s", workers, p.Value, p.Stack)
		}
		if n := calls.Load(); n >= 1000 {
			t.Errorf("workers %d: %d calls after the panic, want the loop ended", workers, n)
		}
	}
}

// Go's wait raises a panic of its goroutine in the caller, once it ended;
// a panic raised again from an inner loop keeps its first stack.
func TestGoPanicsInTheWaiter(t *testing.T) {
	wait := Go(func() {
		For(4, 2, func(_, i int) {
			if i == 3 {
				panic(errors.New("inner"))
			}
		})
	})
	p, ok := caught(wait).(*Panic)
	if !ok || p.Unwrap() == nil || p.Unwrap().Error() != "inner" || !strings.Contains(p.Error(), "inner") {
		t.Fatalf("recovered %#v, want the inner error", p)
	}
	if !strings.Contains(string(p.Stack), "TestGoPanicsInTheWaiter.func1.1") {
		t.Errorf("stack is not the inner call's:\n%s", p.Stack)
	}
	ran := false
	Go(func() { ran = true })()
	if !ran {
		t.Error("wait returned before fn ran")
	}
}

func caught(fn func()) (r any) {
	defer func() { r = recover() }()
	fn()
	return nil
}
