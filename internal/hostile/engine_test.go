package hostile

import (
	"maps"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// The engine's cases run at two sizes, n and 2n. Work, as the engine
// counts it (detection's, drift analysis's, the Indexer's), and memory
// allocated may grow about linearly: a quadratic step would multiply
// them by four. Each case also has a budget of memory at size 2n.

// engineOptions are the CLI's defaults, with MaxOccurrences 0 where the case
// asks for it.
func engineOptions(c engineCase) fingerprint.Options {
	opt := fingerprint.Options{MinTokens: 100, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85}
	if c.maxOcc0 {
		opt.MaxOccurrences = 0
	}
	return opt
}

// A engineMeasure is what one run of the engine took.
type engineMeasure struct {
	res    fingerprint.Result
	alloc  uint64 // bytes allocated while indexing and detecting
	tokens int
	index  int64 // the Indexer's counted work (Indexer.Work)
}

// engineRun indexes the files (parsed beforehand, outside the
// measurement) and runs the engine on them.
func engineRun(t testing.TB, files map[string][]byte, opt fingerprint.Options) engineMeasure {
	t.Helper()
	var ix fingerprint.Indexer
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var fs []*fingerprint.File
	for _, name := range slices.Sorted(maps.Keys(files)) {
		f, errs := load.Source(&ix, name, files[name], opt.MinTokens)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", name, errs)
		}
		fs = append(fs, f)
	}
	res := fingerprint.Run(fs, opt)
	runtime.ReadMemStats(&after)
	m := engineMeasure{res: res, alloc: after.TotalAlloc - before.TotalAlloc, index: ix.Work()}
	for _, f := range fs {
		m.tokens += f.Tokens
	}
	return m
}

// engineGrowth is how much more a run of twice the size may cost: linear gives
// 2, quadratic 4.
const engineGrowth = 2.6

func TestEngineCases(t *testing.T) {
	for _, c := range engineCases {
		t.Run(c.name, func(t *testing.T) {
			opt := engineOptions(c)
			small := engineRun(t, c.files(c.small), opt)
			large := engineRun(t, c.files(2*c.small), opt)
			t.Logf("n=%d: work %d, %d MB; 2n: work %d, %d MB, %d classes, warnings %q",
				c.small, small.res.Work.Total(), small.alloc>>20, large.res.Work.Total(), large.alloc>>20, len(large.res.Classes), large.res.Warnings)
			if r := float64(large.res.Work.Total()) / float64(small.res.Work.Total()); r > engineGrowth {
				t.Errorf("work grew %.1f× from n to 2n (%+v, then %+v), want at most %.1f×", r, small.res.Work, large.res.Work, engineGrowth)
			}
			// Drift analysis and indexing are counted apart from
			// detection, each count on its own, once it reaches the
			// input's tokens: below that it is less than a step a
			// token, and it may grow as the classes do (those of
			// repeated-statements and clone-pairs, runs of random
			// statements, grow faster than the input).
			for _, w := range []struct {
				what         string
				small, large int64
			}{
				{"drift analysis's tokens read", small.res.Work.DriftTokens, large.res.Work.DriftTokens},
				{"drift analysis's lookups", small.res.Work.DriftLookups, large.res.Work.DriftLookups},
				{"indexing's work", small.index, large.index},
			} {
				t.Logf("%s: %d, then %d", w.what, w.small, w.large)
				if w.large > int64(large.tokens) && float64(w.large) > engineGrowth*float64(w.small) {
					t.Errorf("%s grew from %d to %d from n to 2n, want at most %.1f×", w.what, w.small, w.large, engineGrowth)
				}
			}
			// Confirmation hashes the candidates' windows: the bytes
			// hashed may grow as the input does, or as the candidates
			// do where they grow faster (near-identical's); nested
			// code, whose every level's window holds all the levels
			// below it, made them grow with the square of the depth.
			sw, lw := small.res.Work, large.res.Work
			limit := engineGrowth * max(1, float64(lw.Candidates)/float64(2*max(sw.Candidates, 1)))
			t.Logf("bytes hashed: %d, then %d (candidates %d, then %d)", sw.Hashed, lw.Hashed, sw.Candidates, lw.Candidates)
			if lw.Hashed > int64(large.tokens) && float64(lw.Hashed) > limit*float64(sw.Hashed) {
				t.Errorf("bytes hashed grew from %d to %d from n to 2n, and the candidates from %d to %d: want at most %.1f×", sw.Hashed, lw.Hashed, sw.Candidates, lw.Candidates, limit)
			}
			if r := float64(large.alloc) / float64(small.alloc); r > engineGrowth {
				t.Errorf("memory allocated grew %.1f× from n to 2n (%d, then %d bytes), want at most %.1f×", r, small.alloc, large.alloc, engineGrowth)
			}
			// At most a few hundred bytes a token, as for ordinary code,
			// beyond the sketches' fixed size.
			if budget := 16<<20 + uint64(large.tokens)*400; large.alloc > budget {
				t.Errorf("allocated %d MB for %d tokens, budget %d MB", large.alloc>>20, large.tokens, budget>>20)
			}
			if budget := int64(large.tokens) * 40; large.res.Work.Total() > budget {
				t.Errorf("work %d for %d tokens, budget %d: %+v", large.res.Work.Total(), large.tokens, budget, large.res.Work)
			}
		})
	}
}

// Near-identical functions form one class with -max-occurrences 0, however
// many there are: grams shared by more blocks than the pairing takes in
// full are not dropped.
func TestNearIdenticalOneClass(t *testing.T) {
	const n = 500
	m := engineRun(t, map[string][]byte{"x.go": NearIdentical(n)}, fingerprint.Options{MinTokens: 100, MinLines: 6, Near: true, Similarity: 0.85})
	largest := 0
	for _, c := range m.res.Classes {
		largest = max(largest, len(c.Fragments))
	}
	if largest < n-5 {
		t.Errorf("largest class of %d near-identical functions has %d copies", n, largest)
	}
	if !slices.ContainsFunc(m.res.Warnings, func(w string) bool { return strings.Contains(w, "near-miss grams") }) {
		t.Errorf("warnings %q: want the pairing's cap reported", m.res.Warnings)
	}
}

// Copies of one function make one class of them all.
func TestCopiesOneClass(t *testing.T) {
	const n = 3000
	m := engineRun(t, Copies(n, n/10), fingerprint.Options{MinTokens: 100, MinLines: 6, Near: true, Similarity: 0.85})
	if len(m.res.Classes) != 1 || len(m.res.Classes[0].Fragments) != n {
		t.Fatalf("%d classes, want one of %d copies", len(m.res.Classes), n)
	}
}

// Copies of one function cost the near-miss stage about one step each:
// they pair through one of them, not with one another.
func TestCopiesNearWork(t *testing.T) {
	for _, n := range []int{2000, 4000} {
		m := engineRun(t, Copies(n, n/10), fingerprint.Options{MinTokens: 100, MinLines: 6, Near: true, Similarity: 0.85})
		w := m.res.Work
		if near := w.NearEntries + w.NearPairs + w.NearDiffs; near > w.NearUnits {
			t.Errorf("%d copies: near-miss entries, pairs and diffs %d, want at most one per unit (%d): %+v", n, near, w.NearUnits, w)
		}
	}
}

// A near copy of a function copied many times is a near-miss clone of
// every copy, not only of the first few.
func TestCopiesAndNearCopy(t *testing.T) {
	const n = 1000
	files := Copies(n, n/10)
	files["zz.go"] = NearIdentical(1)
	m := engineRun(t, files, fingerprint.Options{MinTokens: 100, MinLines: 6, Near: true, Similarity: 0.85})
	for _, c := range m.res.Classes {
		if c.Kind == fingerprint.Near && len(c.Fragments) == n+1 {
			return
		}
	}
	for _, c := range m.res.Classes {
		t.Logf("%s class of %d fragments", c.Kind, len(c.Fragments))
	}
	t.Errorf("no near-miss class of the %d copies and their near copy", n)
}

// Two copies of a function of n parameters, renamed, under -min-tokens:
// a function pasted whole, found, and the work counted in finding it
// grows about linearly.
func TestPastedParams(t *testing.T) {
	run := func(n int) engineMeasure {
		m := engineRun(t, map[string][]byte{"x.go": PastedParams(n)}, fingerprint.Options{MinTokens: 10 * n, MinLines: 6, MaxOccurrences: 10, Similarity: 0.85})
		if len(m.res.Classes) != 1 || m.res.Classes[0].Kind != fingerprint.Renamed {
			t.Fatalf("n=%d: %d classes, want the pair, renamed", n, len(m.res.Classes))
		}
		return m
	}
	small, large := run(20000), run(40000)
	if r := float64(large.res.Work.Total()) / float64(small.res.Work.Total()); r > engineGrowth {
		t.Errorf("work grew %.1f× from n to 2n (%+v, then %+v), want at most %.1f×", r, small.res.Work, large.res.Work, engineGrowth)
	}
}
