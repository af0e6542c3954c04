package fingerprint

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/bits-and-blooms/bloom/v3"
)

// The estimate of the false-positive rate agrees with the rate measured
// on a filter holding that many keys.
func TestBloomFalsePositiveRate(t *testing.T) {
	for _, c := range []struct {
		n   int
		fpr float64 // the rate the filter is sized for
	}{{1000, 0.01}, {5000, 0.05}, {20000, 0.01}, {3000, 0.2}} {
		m, k := bloom.EstimateParameters(uint(c.n), c.fpr)
		f := bloom.New(m, k)
		var buf [8]byte
		for i := range c.n {
			binary.LittleEndian.PutUint64(buf[:], mix(uint64(i)))
			f.Add(buf[:])
		}
		const probes = 200000
		hits := 0
		for i := range probes {
			binary.LittleEndian.PutUint64(buf[:], mix(uint64(c.n+1+i)))
			if f.Test(buf[:]) {
				hits++
			}
		}
		measured := float64(hits) / probes
		est := BloomFalsePositiveRate(m, k, int64(c.n))
		// Four standard deviations of the measured proportion, and 10%
		// for the formula's approximation.
		tol := 4*math.Sqrt(est*(1-est)/probes) + 0.1*est
		if math.Abs(measured-est) > tol {
			t.Errorf("n %d, m %d, k %d: estimated %.5f, measured %.5f (tolerance %.5f)", c.n, m, k, est, measured, tol)
		}
	}
	if got := BloomFalsePositiveRate(1000, 3, 0); got != 0 {
		t.Errorf("empty filter: rate %g, want 0", got)
	}
}

// statsSources holds a function, an exact copy of it and a copy with one
// statement changed.
func statsSources() map[string]string {
	body := func(changed string) string {
		var b strings.Builder
		b.WriteString("package p\n\nfunc f(xs []int) int {\n\ts := 0\n")
		for i := range 20 {
			if i == 10 {
				b.WriteString(changed)
				continue
			}
			fmt.Fprintf(&b, "\tif xs[%d] > s {\n\t\ts += xs[%d] * %d\n\t}\n", i, i, i+1)
		}
		b.WriteString("\treturn s\n}\n")
		return b.String()
	}
	same := "\ts -= 1\n"
	return map[string]string{"a.go": body(same), "b.go": body(same), "c.go": body("\tprintln(s, s, s)\n\tfor range xs {\n\t\ts--\n\t}\n")}
}

func TestRunCountsAndSketchSize(t *testing.T) {
	opt := Options{MinTokens: 30, MinLines: 3, Near: true, Similarity: 0.8}
	res := Run(indexSources(t, opt.MinTokens, statsSources()), opt)
	w, z := res.Work, res.Sketch
	if len(res.Classes) == 0 {
		t.Fatal("no classes: the sources are meant to have some")
	}
	if w.Windows == 0 || w.Candidates == 0 || w.Confirmed == 0 || w.Pairs == 0 || w.NearDiffs == 0 {
		t.Errorf("work %+v: want windows, candidates, confirmed windows, pairs and near-miss candidates counted", w)
	}
	if w.Confirmed > w.Candidates || w.Candidates > w.Windows {
		t.Errorf("work %+v: want confirmed ≤ candidates ≤ windows", w)
	}
	if z.Keys != w.Windows || z.BloomBits == 0 || z.BloomHashes == 0 || z.CountMinWidth < 64 || z.CountMinDepth == 0 {
		t.Errorf("sketch %+v for %d windows", z, w.Windows)
	}
	if fpr := z.FalsePositiveRate(); fpr <= 0 || fpr > 2*bloomFalsePositives {
		t.Errorf("false-positive rate %g of a filter sized for %g", fpr, bloomFalsePositives)
	}
	eps, delta := z.CountMinError()
	if eps*float64(z.Keys) > countMinSlack || math.Abs(delta-math.Exp(-float64(z.CountMinDepth))) > 1e-12 || delta > countMinDelta {
		t.Errorf("count-min ε %g (ε·N %g), δ %g: want ε·N ≤ %d, δ ≤ %g", eps, eps*float64(z.Keys), delta, countMinSlack, countMinDelta)
	}
	if res.Phases != nil {
		t.Errorf("Run timed phases %v; only RunTimed does", res.Phases)
	}
}

// RunTimed times each phase from the clock, which the exact phases and
// the near-miss phase, run at the same time, read from two goroutines,
// and finds what Run finds.
func TestRunTimedPhases(t *testing.T) {
	opt := Options{MinTokens: 30, MinLines: 3, Near: true, Similarity: 0.8}
	files := indexSources(t, opt.MinTokens, statsSources())
	var now atomic.Int64
	clock := func() int64 { return now.Add(10) }
	res := RunTimed(files, opt, clock)
	var names []string
	for _, p := range res.Phases {
		names = append(names, p.Name)
		if p.Nanos <= 0 || p.Nanos%10 != 0 {
			t.Errorf("phase %s took %d, want a positive number of clock steps", p.Name, p.Nanos)
		}
	}
	if got, want := strings.Join(names, "; "), "sketch; confirm; extend; near-miss, beside the three above; classes"; got != want {
		t.Errorf("phases %q, want %q", got, want)
	}
	if got, want := describe(res.Classes), describe(Run(files, opt).Classes); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("RunTimed found %q, Run %q", got, want)
	}
}
