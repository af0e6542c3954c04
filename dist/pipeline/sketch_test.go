package pipeline

import (
	"fmt"
	"math"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/metrics"
	"github.com/copycat-go/copycat/fingerprint"
)

// shardCounts are the numbers of sketch shards the differential tests run
// the pipeline with: one (the whole sketch on one worker, as the run's
// own choice for inputs of these sizes) and several, which split both
// the Bloom filters and the Count-Min counters unevenly (7 does not
// divide the counters, a power of two).
var shardCounts = []int{1, 4, 7}

// forShards runs test as a subtest for each of counts, with c's
// SketchShards set.
func forShards(t *testing.T, c Config, counts []int, test func(t *testing.T, c Config)) {
	for _, n := range counts {
		t.Run(fmt.Sprint("shards=", n), func(t *testing.T) {
			c.SketchShards = n
			test(t, c)
		})
	}
}

// checkSplit checks that a run over n shards held its sketch in n parts
// of each kind, each at most 1/n of the whole sketch (and a little for
// rounding): no worker of stages 2 to 4 held the whole sketch, or more
// than its share, when n > 1. The run must have asked the Count-Min
// sketch (-max-occurrences set a limit).
func checkSplit(t *testing.T, r metrics.QueryResults, n int) {
	t.Helper()
	if got := counter(r, "2 sketch: shards"); got != int64(n) {
		t.Errorf("the run split the sketch in %d shards, want %d", got, n)
	}
	whole := counter(r, "2 sketch: whole sketch bytes (not built)")
	filters := distribution(r, "2 sketch: Bloom filter bytes per shard")
	counts := distribution(r, "2 sketch: Count-Min bytes per part")
	// A shard without windows builds no filters.
	if filters.Count == 0 || filters.Count > int64(n) || counts.Count != int64(n) {
		t.Errorf("%d shards' filters and %d parts' counters built, want at most %d and %[3]d", filters.Count, counts.Count, n)
	}
	// The filters are sized for a shard's share of the windows, in 64-bit
	// words; a part holds ⌈counters/n⌉ counters.
	share := int64(math.Ceil(float64(whole)/float64(n))) + 64
	for _, d := range []metrics.DistributionValue{filters, counts} {
		if d.Max > share {
			t.Errorf("a worker held %d bytes of a %d-byte sketch split in %d: more than its share, %d", d.Max, whole, n, share)
		}
	}
	if n > 1 && filters.Max+counts.Max >= whole {
		t.Errorf("the largest shard's filters and part's counters, %d and %d bytes, are the whole sketch's %d", filters.Max, counts.Max, whole)
	}
	t.Logf("%d shards: the whole sketch %d bytes, the largest shard's filters %d, the largest part's counters %d", n, whole, filters.Max, counts.Max)
}

// counter sums the pipeline's counter name over the steps that update it.
func counter(r metrics.QueryResults, name string) int64 {
	var v int64
	for _, c := range r.Counters() {
		if c.Key.Namespace == namespace && c.Key.Name == name {
			v += c.Result()
		}
	}
	return v
}

// TestPlan checks the arithmetic of a split: shards are runs of
// fingerprints in order, and the parts of the Count-Min counters cover
// each counter once, the one part says it is in.
func TestPlan(t *testing.T) {
	for _, shards := range []int{1, 3, 7, 64, 1000} {
		p := Plan{Shards: shards, Windows: 5000}
		n := p.shape().Counters()
		next := uint64(0)
		for k := range shards {
			lo, hi := p.partRange(k, n)
			if lo != next || hi < lo {
				t.Fatalf("%d shards: part %d is [%d, %d), after %d", shards, k, lo, hi, next)
			}
			for _, i := range []uint64{lo, hi - 1} {
				if i >= lo && i < hi && p.part(i, n) != k {
					t.Errorf("%d shards: counter %d is in part %d of [%d, %d), part says %d", shards, i, k, lo, hi, p.part(i, n))
				}
			}
			next = hi
		}
		if next != n {
			t.Errorf("%d shards: the parts end at %d of %d counters", shards, next, n)
		}
		if p.shard(0) != 0 || p.shard(math.MaxUint64) != shards-1 || p.shard(1<<63) != shards/2 {
			t.Errorf("%d shards: fingerprints 0, 2⁶³ and 2⁶⁴−1 in shards %d, %d, %d", shards, p.shard(0), p.shard(1<<63), p.shard(math.MaxUint64))
		}
	}
	// Left to the run: one shard below DefaultShardBytes of sketch.
	if p := planOf(0, Totals{Windows: 1_000_000}); p.Shards != 1 {
		t.Errorf("a million windows: %d shards, want 1", p.Shards)
	}
	p := planOf(0, Totals{Windows: 1_000_000_000})
	if got := p.wholeBytes(); p.Shards < 2 || (got+int64(p.Shards)-1)/int64(p.Shards) > DefaultShardBytes {
		t.Errorf("a billion windows (%d bytes of sketch): %d shards", got, p.Shards)
	}
	// dist/README.md's model: 0.11 windows a line, as in its L.
	for _, lines := range []float64{1e8, 1e9, 10e9, 50e9} {
		p := planOf(0, Totals{Windows: int64(lines * 0.11)})
		n := p.shape().Counters()
		lo, hi := p.partRange(0, n)
		t.Logf("%.1f billion lines: a sketch of %.2f GB (%.2f GB of counters) in %d shards: %.0f MB of filters and %.0f MB of counters a worker",
			lines/1e9, float64(p.wholeBytes())/1e9, float64(p.shape().Bytes())/1e9, p.Shards,
			float64(fingerprint.SeenFilterBytes(p.shardWindows()))/1e6, float64(4*(hi-lo))/1e6)
	}
}
