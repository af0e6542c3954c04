package fingerprint

import (
	"strings"
	"testing"
)

func TestDetectStopped(t *testing.T) {
	srcs := map[string]string{
		"a.go": "package a\n\n" + sum,
		"b.go": "package b\n\n" + strings.Replace(sum, "total", "acc", -1),
	}
	opt := opts()
	opt.Near = true
	opt.Similarity = 0.8
	open := make(chan struct{})
	opt.Done = open
	if got := detect(t, opt, srcs); len(got) == 0 {
		t.Fatal("no clones with Done open: the test proves nothing")
	}
	closed := make(chan struct{})
	close(closed)
	opt.Done = closed
	if got := detect(t, opt, srcs); got != nil {
		t.Errorf("Done closed before Detect: got %v, want nil", describe(got))
	}
}

// TestParallelStopsWhenDone checks that a parallel loop calls no more
// items once Done is closed, which is what bounds the time detection
// takes to stop.
func TestParallelStopsWhenDone(t *testing.T) {
	done := make(chan struct{})
	d := &detector{opt: Options{Workers: 1, Done: done}}
	calls := 0
	d.parallel(1000, func(_, i int) {
		calls++
		if i == 9 {
			close(done)
		}
	})
	if calls != 10 {
		t.Errorf("fn called %d times, want 10 (it stops after the item that closed Done)", calls)
	}
}
