package pipeline

import (
	"context"
	"fmt"
	"maps"
	"math"
	"math/bits"
	"slices"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/copycat-go/copycat/fingerprint"
)

// Stage 2: the corpus's window sketch, split by fingerprint range.
//
// A run on one machine puts every window of the corpus in one sketch:
// Bloom filters that say which fingerprints were seen twice, and a
// Count-Min sketch that says how often (fingerprint.Sketch), some 2 GB a
// billion lines (dist/README.md). Here no worker holds it. It is split into
// Plan.Shards parts of each of its two kinds (fingerprint/sketchsplit.go):
//
//   - the Bloom filters, by fingerprint range: each file's window
//     fingerprints go, with the file's name, to the shard of their range.
//     Its worker builds the shard's filters from them, then reads them
//     again and emits each fingerprint the filters call seen twice with
//     each file that holds it, keyed by the fingerprint (the window keys
//     of stage 3), and, once for each such fingerprint, asks the
//     Count-Min sketch for its counters;
//   - the Count-Min sketch's counters, by range of counters: each window
//     adds 1 to one counter a row; the shard's worker sends the additions
//     of its windows, as it builds its filters, to the workers of the
//     counters' ranges, which sum them into the range's counters and
//     answer the questions about them, keyed by fingerprint.
//
// The Count-Min sketch is built and asked only when -max-occurrences
// sets a limit: without one, a fingerprint seen twice is a candidate.
// Stage 3 joins a fingerprint's files with its counters. The answers are
// those of the one sketch a run over the whole corpus builds: the
// counters are its counters, summed from every window, and a shard's
// filters call seen twice every fingerprint seen twice, as the whole's
// do; where the two filters' false positives differ (fingerprints seen
// once), the window confirms nothing and links no two files, so no class
// changes (see fingerprint/sketchsplit.go). With one shard, the counters
// are the whole sketch's, and the filters are sized as its are.

func init() {
	register.DoFn3x1[context.Context, Totals, func(Plan), error](&planFn{})
	register.Emitter1[Plan]()
	register.DoFn5x1[context.Context, string, []byte, Plan, func(int, ShardWindows), error](&windowsFn{})
	register.Emitter2[int, ShardWindows]()
	register.Emitter2[int, Counters]()
	register.DoFn9x1[context.Context, int, func(*ShardWindows) bool, func(*ShardWindows) bool, Plan, func(uint64, string), func(int, Counters), func(int, Question), func(string, HeldKey), error](&seenFn{})
	register.Iter1[ShardWindows]()
	register.Emitter2[uint64, string]()
	register.Emitter2[string, HeldKey]()
	register.Emitter2[int, Question]()
	register.DoFn6x1[context.Context, int, func(*Counters) bool, func(*Question) bool, Plan, func(uint64, uint32), error](&countFn{})
	register.Iter1[Counters]()
	register.Iter1[Question]()
	register.Emitter2[uint64, uint32]()
}

// A Plan is how the sketch of a corpus of Windows windows is split: into
// Shards fingerprint ranges, each with its Bloom filters, and as many
// ranges of Count-Min counters.
type Plan struct {
	Shards  int
	Windows int64
}

// DefaultShardBytes is what a part of the sketch holds at most when the
// number of shards is left to the run (-sketch-shards 0): the whole
// sketch's bytes over this, rounded up, make the shards.
const DefaultShardBytes = 256 << 20

// MaxSketchShards bounds -sketch-shards.
const MaxSketchShards = 1 << 16

// planOf is the plan for a corpus of t's windows in shards (0: as many as
// DefaultShardBytes asks).
func planOf(shards int, t Totals) Plan {
	p := Plan{Shards: shards, Windows: t.Windows}
	if shards <= 0 {
		p.Shards = int(min((p.wholeBytes()+DefaultShardBytes-1)/DefaultShardBytes, MaxSketchShards))
	}
	return p
}

// wholeBytes is the size of the sketch a run over the whole corpus
// builds: its two Bloom filters and its counters.
func (p Plan) wholeBytes() int64 {
	return fingerprint.SeenFilterBytes(int(p.Windows)) + p.shape().Bytes()
}

// shape is the shape of the whole sketch's Count-Min sketch.
func (p Plan) shape() fingerprint.CountMinShape { return fingerprint.NewCountMinShape(int(p.Windows)) }

// shard is the fingerprint range fp lies in: the top bits of fp·Shards.
// The Bloom filters hash fp whole, and the Count-Min rows mix it, so the
// windows of a range are spread over all of a filter's bits.
func (p Plan) shard(fp uint64) int {
	hi, _ := bits.Mul64(fp, uint64(p.Shards))
	return int(hi)
}

// shardWindows is what each shard's filters are sized for: its share of
// the windows.
func (p Plan) shardWindows() int {
	return int((p.Windows + int64(p.Shards) - 1) / int64(p.Shards))
}

// part is the range of counters counter i of n lies in: those with
// i·Shards/n the same.
func (p Plan) part(i, n uint64) int { return int(i * uint64(p.Shards) / n) }

// partRange is the counters [lo, hi) of part k of n counters.
func (p Plan) partRange(k int, n uint64) (lo, hi uint64) {
	s := uint64(p.Shards)
	return (uint64(k)*n + s - 1) / s, (uint64(k+1)*n + s - 1) / s
}

// planFn makes the plan from the corpus's totals.
type planFn struct {
	Shards int // -sketch-shards
}

func (fn *planFn) ProcessElement(ctx context.Context, t Totals, emit func(Plan)) error {
	p := planOf(fn.Shards, t)
	if n := p.shape().Counters(); uint64(p.Shards) > math.MaxUint64/n {
		return fmt.Errorf("%d shards of %d Count-Min counters: too many", p.Shards, n)
	}
	mShards.Inc(ctx, int64(p.Shards))
	mWholeBytes.Inc(ctx, p.wholeBytes())
	emit(p)
	return nil
}

// planSketch makes the plan of the sketch of the corpus of totals (a
// singleton), in shards (0: as many as DefaultShardBytes asks).
func planSketch(s beam.Scope, shards int, totals beam.PCollection) beam.PCollection {
	return beam.ParDo(s, &planFn{Shards: shards}, totals)
}

// A ShardWindows is the fingerprints of a file's windows that lie in one
// shard, sorted, repeats included.
type ShardWindows struct {
	File string
	FPs  []uint64
}

// Counters are counters of one range of the Count-Min sketch, each once
// for each window that adds 1 to it.
type Counters struct {
	Counters []uint64
}

// A Question asks the worker of a range of counters for the value of one
// of them, a counter of fingerprint FP.
type Question struct {
	Counter, FP uint64
}

// Sketch builds the corpus's sketch, split as the plan made from totals
// (a singleton) says, from the records, and returns its answers: the
// files that hold each window fingerprint seen twice (fingerprint →
// file), and, when e.MaxOccurrences sets a limit, the Count-Min counters
// of each such fingerprint, one a row (fingerprint → counter), and the
// files past the first of a fingerprint seen more than that many times,
// with it (file → HeldKey): boilerplate.
func Sketch(s beam.Scope, e Engine, shards int, recs, totals beam.PCollection) (seen, counters, held beam.PCollection) {
	plan := planSketch(s, shards, totals)
	side := beam.SideInput{Input: plan}
	windows := beam.ParDo(s, &windowsFn{}, recs, side)
	// A shard's windows are read twice, to build its filters and then
	// to ask them; a group's values can be read once, so they are
	// grouped twice over.
	seen, adds, questions, held := beam.ParDo4(s, &seenFn{Engine: e}, beam.CoGroupByKey(s, windows, windows), side)
	counters = beam.ParDo(s, &countFn{}, beam.CoGroupByKey(s, adds, questions), side)
	return seen, counters, held
}

// limited says whether a limit on occurrences asks for the Count-Min
// sketch.
func (e Engine) limited() bool { return e.MaxOccurrences > 0 }

// windowsFn sends a file's window fingerprints to their shards.
type windowsFn struct{}

func (windowsFn) ProcessElement(ctx context.Context, name string, rec []byte, p Plan, windows func(int, ShardWindows)) error {
	defer since(ctx, mSketchUs, time.Now())
	f, err := decode(name, rec)
	if err != nil {
		return err
	}
	fps := slices.Sorted(f.WindowFingerprints())
	// shard is monotonic in the fingerprint: a shard's are a run.
	for i := 0; i < len(fps); {
		k := p.shard(fps[i])
		j := i + 1
		for j < len(fps) && p.shard(fps[j]) == k {
			j++
		}
		windows(k, ShardWindows{name, fps[i:j]})
		mSketchShuffled.Inc(ctx, int64(len(name)+8*(j-i)))
		i = j
	}
	mSketchWindows.Inc(ctx, int64(len(fps)))
	return nil
}

// addsBuffer is how many additions to the Count-Min counters seenFn
// keeps before it sends them to their parts.
const addsBuffer = 1 << 20

// seenFn builds the Bloom filters of one shard from its windows, and
// sends the windows' additions to the Count-Min counters to the
// counters' parts. Then it emits each file's fingerprints the filters
// call seen twice, keyed by fingerprint, and asks the Count-Min counters
// of each of those once. A fingerprint's files stop being emitted once
// its windows number more than -max-occurrences: its counters, which
// never count less, then put it over the limit too, so a fingerprint
// that every file holds sends no more than that many files on, and the
// one whose windows passed the limit. The files after it hold
// boilerplate: each is emitted with the fingerprint (held), its windows
// held back, as a run over the corpus holds them back. It holds the
// shard's filters, each fingerprint seen twice with its count, and up to
// addsBuffer additions.
type seenFn struct {
	Engine Engine
}

func (fn *seenFn) ProcessElement(ctx context.Context, shard int, build, ask func(*ShardWindows) bool, p Plan, seen func(uint64, string), adds func(int, Counters), question func(int, Question), held func(string, HeldKey)) error {
	defer since(ctx, mSketchUs, time.Now())
	limited := fn.Engine.limited()
	shape := p.shape()
	n := shape.Counters()
	filter := fingerprint.NewSeenFilter(p.shardWindows())
	parts := map[int][]uint64{}
	buffered := 0
	var w ShardWindows
	for build(&w) {
		for _, fp := range w.FPs {
			if p.shard(fp) != shard {
				return fmt.Errorf("fingerprint %x of %s is not of shard %d", fp, w.File, shard)
			}
			filter.Add(fp)
			if !limited {
				continue
			}
			for r := range shape.Depth() {
				c := shape.Counter(r, fp)
				k := p.part(c, n)
				parts[k] = append(parts[k], c)
			}
			if buffered += shape.Depth(); buffered >= addsBuffer {
				sendAdds(ctx, parts, adds)
				buffered = 0
			}
		}
	}
	sendAdds(ctx, parts, adds)
	mShardBytes.Update(ctx, filter.Bytes())
	count := map[uint64]int{} // the windows of each fingerprint seen twice, so far
	var keys, bytes int64
	for ask(&w) {
		for i := 0; i < len(w.FPs); {
			fp := w.FPs[i]
			j := i + 1
			for j < len(w.FPs) && w.FPs[j] == fp {
				j++
			}
			windows := j - i
			i = j
			if !filter.Twice(fp) {
				continue
			}
			before := count[fp]
			count[fp] += windows
			if limited && before > fn.Engine.MaxOccurrences {
				held(w.File, HeldKey{FP: fp})
				continue
			}
			seen(fp, w.File)
			keys++
			bytes += int64(8 + len(w.File))
			if !limited || before > 0 {
				continue
			}
			for r := range shape.Depth() {
				c := shape.Counter(r, fp)
				question(p.part(c, n), Question{c, fp})
			}
		}
	}
	mWindowKeys.Inc(ctx, keys)
	mKeyBytes.Inc(ctx, bytes)
	mTwice.Inc(ctx, int64(len(count)))
	return nil
}

// sendAdds sends the additions of parts to their parts, and empties it.
func sendAdds(ctx context.Context, parts map[int][]uint64, adds func(int, Counters)) {
	for _, k := range slices.Sorted(maps.Keys(parts)) {
		adds(k, Counters{parts[k]})
		mSketchShuffled.Inc(ctx, int64(8*len(parts[k])))
	}
	clear(parts)
}

// countFn sums the additions to one range of the Count-Min counters,
// and answers the questions about them: a fingerprint's counter, keyed by
// the fingerprint. It holds the range's counters.
type countFn struct{}

func (countFn) ProcessElement(ctx context.Context, part int, adds func(*Counters) bool, questions func(*Question) bool, p Plan, answer func(uint64, uint32)) error {
	defer since(ctx, mSketchUs, time.Now())
	lo, hi := p.partRange(part, p.shape().Counters())
	counts := make([]uint32, hi-lo)
	mPartBytes.Update(ctx, 4*int64(len(counts)))
	var a Counters
	for adds(&a) {
		for _, c := range a.Counters {
			if c < lo || c >= hi {
				return fmt.Errorf("counter %d is not of part %d, [%d, %d)", c, part, lo, hi)
			}
			// As the whole sketch counts: at most 2³²−1.
			if v := counts[c-lo]; v < math.MaxUint32 {
				counts[c-lo] = v + 1
			}
		}
	}
	var q Question
	for questions(&q) {
		if q.Counter < lo || q.Counter >= hi {
			return fmt.Errorf("counter %d is not of part %d, [%d, %d)", q.Counter, part, lo, hi)
		}
		answer(q.FP, counts[q.Counter-lo])
	}
	return nil
}
