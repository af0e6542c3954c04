package fingerprint

import (
	"math/rand"
	"testing"
)

// eagerStmtEdges is stmtEdges as it was before its tables were made at
// the first question: made at once, whether slide asks or not (the
// reference for TestStmtEdgesLazy).
//
//copycat:ignore the reference the test holds stmtEdges to, kept as it was
func (d *detector) eagerStmtEdges(s span, idx []int32) func(k int) (start, end bool) {
	f := d.files[s.file]
	t0, t1 := d.tokens(s)
	starts, ends := make([]bool, t1-t0+1), make([]bool, t1-t0+1)
	f.unitsIn(t0, t1, func(i int32) {
		u := f.units[i]
		starts[u.tok0-t0], ends[u.tok1-t0] = true, true
	})
	return func(k int) (bool, bool) {
		if k >= len(idx) {
			return false, ends[t1-t0]
		}
		return starts[idx[k]], ends[idx[k]]
	}
}

// TestStmtEdgesLazy checks that stmtEdges, whose tables are made at the
// first question, answers every question as the eager reference does,
// for every function of some of the standard library's files, with some
// of their tokens taken out (idx) as alignKept takes out statements, and
// the questions asked in a random order.
func TestStmtEdgesLazy(t *testing.T) {
	files := indexSources(t, 50, typesSources(t, 20))
	d := &detector{files: files, opt: Options{MinTokens: 50, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85}}
	rng := rand.New(rand.NewSource(1))
	asked := 0
	for i, f := range files {
		for ui, u := range f.units {
			if !u.fn {
				continue
			}
			s := span{int32(i), int32(ui), int32(ui)}
			n := len(d.codes(s))
			var idx []int32
			for k := range n {
				if rng.Intn(5) > 0 {
					idx = append(idx, int32(k))
				}
			}
			lazy, eager := d.stmtEdges(s, idx), d.eagerStmtEdges(s, idx)
			for _, k := range rng.Perm(len(idx) + 1) {
				ls, le := lazy(k)
				es, ee := eager(k)
				if ls != es || le != ee {
					t.Fatalf("%s unit %d, kept token %d: stmtEdges says %v %v, the eager reference %v %v", f.Name, ui, k, ls, le, es, ee)
				}
				asked++
			}
		}
	}
	if asked < 1000 {
		t.Fatalf("only %d questions asked", asked)
	}
}
