package pipeline

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/metrics"
)

// The pipeline's figures, per stage, as Beam metrics: what a run's cost
// model is made of (see dist/README.md). Times are the wall time spent in
// a stage's DoFns, in microseconds, summed over the workers: on a busy
// worker, close to its CPU time (detection runs the engine on all of a
// worker's CPUs, so its CPU time is up to that many times more).
const namespace = "copycat"

var (
	mPaths       = beam.NewCounter(namespace, "1 files: paths listed")
	mRecords     = beam.NewCounter(namespace, "1 files: records")
	mRecordBytes = beam.NewCounter(namespace, "1 files: record bytes")
	mWarnings    = beam.NewCounter(namespace, "1 files: warnings")
	mIndexUs     = beam.NewCounter(namespace, "1 files: µs")

	mShards         = beam.NewCounter(namespace, "2 sketch: shards")
	mWholeBytes     = beam.NewCounter(namespace, "2 sketch: whole sketch bytes (not built)")
	mShardBytes     = beam.NewDistribution(namespace, "2 sketch: Bloom filter bytes per shard")
	mPartBytes      = beam.NewDistribution(namespace, "2 sketch: Count-Min bytes per part")
	mSketchWindows  = beam.NewCounter(namespace, "2 sketch: windows shuffled")
	mSketchShuffled = beam.NewCounter(namespace, "2 sketch: shuffle bytes")
	mTwice          = beam.NewCounter(namespace, "2 sketch: fingerprints seen twice")
	mSketchUs       = beam.NewCounter(namespace, "2 sketch: µs")

	mWindowKeys   = beam.NewCounter(namespace, "3 units: window keys shuffled (seen twice)")
	mOverLimit    = beam.NewCounter(namespace, "3 units: window keys over -max-occurrences")
	mCandidates   = beam.NewCounter(namespace, "3 units: candidate keys")
	mHeldLines    = beam.NewCounter(namespace, "3 units: lines held back as boilerplate")
	mHeldBytes    = beam.NewCounter(namespace, "3 units: record shuffle bytes of the files holding boilerplate")
	mNearKeys     = beam.NewCounter(namespace, "3 units: near keys shuffled")
	mKeyBytes     = beam.NewCounter(namespace, "3 units: key shuffle bytes")
	mLinks        = beam.NewCounter(namespace, "3 units: window links")
	mNearLinks    = beam.NewCounter(namespace, "3 units: near links")
	mCommon       = beam.NewCounter(namespace, "3 units: common near keys")
	mPartLinks    = beam.NewCounter(namespace, "3 units: partial near links")
	mUnitFiles    = beam.NewDistribution(namespace, "3 units: files per unit")
	mKeysUs       = beam.NewCounter(namespace, "3 units: µs")
	mInactive     = beam.NewCounter(namespace, "4 detect: files in no unit")
	mJoinBytes    = beam.NewCounter(namespace, "4 detect: record shuffle bytes")
	mUnitBytes    = beam.NewDistribution(namespace, "4 detect: record bytes per unit")
	mUnitUs       = beam.NewDistribution(namespace, "4 detect: µs per unit")
	mUnitSpilled  = beam.NewDistribution(namespace, "4 detect: bytes mapped from the disk per unit that spilled")
	mClasses      = beam.NewCounter(namespace, "4 detect: classes")
	mReportUs     = beam.NewCounter(namespace, "5 report: µs")
	mReportInputs = beam.NewCounter(namespace, "5 report: class bytes")
)

// since adds the microseconds since t0 to c.
func since(ctx context.Context, c beam.Counter, t0 time.Time) {
	c.Inc(ctx, time.Since(t0).Microseconds())
}

// PrintMetrics prints the pipeline's figures from a run's metrics: each
// summed over the steps that update it, the figures in one column, after
// names padded to width, which it returns.
func PrintMetrics(w io.Writer, r metrics.QueryResults) (width int) {
	sums := map[string]int64{}
	for _, c := range r.Counters() {
		if c.Key.Namespace == namespace {
			sums[c.Key.Name] += c.Result()
		}
	}
	// The names' column is as wide as the longest name, so that the
	// figures line up.
	width = 40
	for name := range sums {
		width = max(width, utf8.RuneCountInString(name))
	}
	var dists []string
	for _, d := range r.Distributions() {
		if name := d.Key.Name; d.Key.Namespace == namespace && !slices.Contains(dists, name) {
			dists = append(dists, name)
			width = max(width, utf8.RuneCountInString(name+" (sum)"))
		}
	}
	var lines []string
	for name, v := range sums {
		lines = append(lines, fmt.Sprintf("%-*s %14d", width, name, v))
	}
	for _, name := range dists {
		v := distribution(r, name)
		lines = append(lines, fmt.Sprintf("%-*s %14d  (count %d, min %d, max %d)", width, name+" (sum)", v.Sum, v.Count, v.Min, v.Max))
	}
	slices.Sort(lines)
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
	return width
}

// distribution merges the distribution of the pipeline's metric name over
// the steps that update it.
func distribution(r metrics.QueryResults, name string) metrics.DistributionValue {
	var v metrics.DistributionValue
	for _, d := range r.Distributions() {
		if d.Key.Namespace != namespace || d.Key.Name != name {
			continue
		}
		w := d.Result()
		if v.Count == 0 {
			v.Min, v.Max = w.Min, w.Max
		}
		v.Count, v.Sum, v.Min, v.Max = v.Count+w.Count, v.Sum+w.Sum, min(v.Min, w.Min), max(v.Max, w.Max)
	}
	return v
}
