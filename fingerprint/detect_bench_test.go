package fingerprint_test

import (
	"go/build"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

var stdlib = sync.OnceValue(func() []*fingerprint.File {
	src := filepath.Join(build.Default.GOROOT, "src")
	paths, _ := load.Resolve([]string{src + "/..."}, load.Options{Tests: true})
	return load.Parse(paths, load.Options{Tests: true, MinTokens: 50}).Files
})

// BenchmarkDetectStdlib measures detection alone (the files loaded once)
// on the standard library at -min-tokens 50, reporting each phase's share
// of a run in ms/op.
func BenchmarkDetectStdlib(b *testing.B) {
	files := stdlib()
	if len(files) == 0 {
		b.Skip("no standard library sources")
	}
	opt := fingerprint.Options{MinTokens: 50, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85}
	t0 := time.Now()
	clock := func() int64 { return int64(time.Since(t0)) }
	phases := map[string]int64{}
	for b.Loop() {
		r := fingerprint.RunTimed(files, opt, clock)
		for _, p := range r.Phases {
			phases[p.Name] += p.Nanos
		}
	}
	for name, ns := range phases {
		// A metric's unit has no blanks: "near-miss, beside the three
		// above" is reported as near-miss,_beside_the_three_above-ms/op.
		b.ReportMetric(float64(ns)/float64(b.N)/1e6, strings.ReplaceAll(name, " ", "_")+"-ms/op")
	}
}
