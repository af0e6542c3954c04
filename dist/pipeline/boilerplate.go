package pipeline

import (
	"context"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/copycat-go/copycat/fingerprint"
)

// The code held back as boilerplate: the lines of the windows whose
// fingerprint the corpus holds more than -max-occurrences times, which
// make no class however often they were pasted. A run over the corpus
// counts them (fingerprint.Result.Boilerplate) and its report says how
// many lines in how many files (stats.boilerplate_lines and
// boilerplate_files); so does this one's.
//
// The shards of the sketch and the join with the counters (windowLinksFn)
// say which files hold each such fingerprint (file → HeldKey). The
// records of those files, picked by a map side input of their names
// (heldFiles, heldRecsFn), are joined with their keys by file; each
// file's windows of them give its lines, merged as the engine merges
// them, and the corpus's sums are the report's. A worker holds the names
// of the files that hold boilerplate, not their fingerprints too, and
// only those files' records are shuffled. A window the only one of its fingerprint, which
// a shard's filters may call seen twice and its counters past the
// limit, is left out, as the engine leaves it out.

func init() {
	register.Function3x0[string, func(*HeldKey) bool, func(string, bool)](heldFiles)
	register.DoFn5x0[context.Context, string, []byte, func(string) func(*bool) bool, func(string, []byte)](&heldRecsFn{})
	register.DoFn5x1[context.Context, string, func(*[]byte) bool, func(*HeldKey) bool, func(Held), error](&heldLinesFn{})
	register.Iter1[HeldKey]()
	register.Iter1[bool]()
	register.Emitter2[string, bool]()
	register.Emitter1[Held]()
	register.Combiner1[Held](&heldFn{})
	register.Iter1[Held]()
}

// A HeldKey is a window fingerprint of a file that the corpus holds more
// than -max-occurrences times. Alone says that the file was the only one
// its shard's worker sent on with it: its windows of it are boilerplate
// only if they are two or more (see windowLinksFn).
type HeldKey struct {
	FP    uint64
	Alone bool
}

// Held counts the lines held back as boilerplate, and their files.
type Held struct {
	Lines, Files int64
}

// Boilerplate counts the lines and files of the records (file → record)
// that hold boilerplate (file → HeldKey): a singleton, or nothing when
// none does.
func Boilerplate(s beam.Scope, recs, held beam.PCollection) beam.PCollection {
	files := beam.ParDo(s, heldFiles, beam.GroupByKey(s, held))
	recs = beam.ParDo(s, &heldRecsFn{}, recs, beam.SideInput{Input: files})
	each := beam.ParDo(s, &heldLinesFn{}, beam.CoGroupByKey(s, recs, held))
	return beam.Combine(s, &heldFn{}, each)
}

// heldFiles emits, once, the name of a file that holds boilerplate.
func heldFiles(name string, _ func(*HeldKey) bool, emit func(string, bool)) { emit(name, true) }

// heldRecsFn keeps the records of the files that hold boilerplate (a map
// side input, file → true).
type heldRecsFn struct{}

func (heldRecsFn) ProcessElement(ctx context.Context, name string, rec []byte, held func(string) func(*bool) bool, emit func(string, []byte)) {
	var yes bool
	if held(name)(&yes) {
		emit(name, rec)
		mHeldBytes.Inc(ctx, int64(len(name)+len(rec)))
	}
}

// heldLinesFn counts the lines of a file's windows of the fingerprints
// it holds back as boilerplate.
type heldLinesFn struct{}

func (heldLinesFn) ProcessElement(ctx context.Context, name string, recs func(*[]byte) bool, held func(*HeldKey) bool, emit func(Held)) error {
	keys := map[uint64]bool{} // fingerprint → alone
	var k HeldKey
	for held(&k) {
		alone, ok := keys[k.FP]
		keys[k.FP] = k.Alone && (alone || !ok)
	}
	var rec []byte
	if len(keys) == 0 || !recs(&rec) {
		return nil
	}
	defer since(ctx, mKeysUs, time.Now())
	f, err := decode(name, rec)
	if err != nil {
		return err
	}
	windows := map[uint64]int{}
	for fp := range f.WindowFingerprints() {
		windows[fp]++
	}
	lines := fingerprint.LinesIn(f.WindowLines(func(fp uint64) bool {
		alone, ok := keys[fp]
		return ok && (!alone || windows[fp] >= 2)
	}))
	if lines > 0 {
		emit(Held{int64(lines), 1})
		mHeldLines.Inc(ctx, int64(lines))
	}
	return nil
}

// heldFn sums Held.
type heldFn struct{}

func (heldFn) MergeAccumulators(a, b Held) Held { return Held{a.Lines + b.Lines, a.Files + b.Files} }
