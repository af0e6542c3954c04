package fingerprint

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/par"
)

// TestExactClassesAfter checks the exact classes made beside the
// near-miss ones: from the exact pairs once the phase that finds them
// is over, less those inside a near-miss pair, the classes the steps
// made one after the other make; and a panic of that phase is raised
// where the classes are waited for.
func TestExactClassesAfter(t *testing.T) {
	edited := strings.Replace(partServer, `return errors.New("exit before shutdown")`, `return errExitFirst`, 1)
	edited = strings.Replace(edited, "func serve(", "func serveAgain(", 1)
	sum := `
func sum(xs []int) (total int) {
	for i, x := range xs {
		if i%2 == 0 {
			total += x * 3
		} else {
			total -= x / 2
		}
	}
	return total
}
`
	srcs := map[string]string{"server.go": partServer, "again.go": edited, "proxy.go": partProxy,
		"sum.go": "package p\n" + sum, "sum2.go": "package q\n" + sum}
	files := indexSources(t, 30, srcs)
	opt := Options{MinTokens: 30, MinLines: 4, MaxOccurrences: 10, Near: true, Similarity: 0.85, Workers: 2}
	exactPairs := func(d *detector) []pair {
		return d.notTables(d.undominated(d.extendAll(d.seedGroups(d.candidates(d.windowSketch()))), true))
	}

	d := &detector{files: files, opt: opt}
	all := exactPairs(d)
	near := d.nearPairs()
	kept := d.notDominatedBy(all, near)
	if len(kept) == 0 || len(kept) == len(all) {
		t.Fatalf("%d exact pairs, %d outside the near-miss pairs: the test shows little", len(all), len(kept))
	}
	want := describe(d.exactClasses(kept))

	d = &detector{files: files, opt: opt}
	var pairs []pair
	wait := par.Go(func() { pairs = exactPairs(d) })
	var got []Class
	d.exactClassesAfter(wait, &pairs, d.nearPairs(), &got)()
	if !slices.Equal(describe(got), want) {
		t.Errorf("classes %q, want %q", describe(got), want)
	}
	if len(pairs) != len(kept) {
		t.Errorf("%d pairs kept, want %d", len(pairs), len(kept))
	}

	boom := errors.New("boom")
	defer func() {
		if p, ok := recover().(*par.Panic); !ok || !errors.Is(p, boom) {
			t.Errorf("recovered %v, want the exact phase's panic", p)
		}
	}()
	d.exactClassesAfter(par.Go(func() { panic(boom) }), &pairs, nil, &got)()
	t.Error("no panic")
}
