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
// say which files hold each such fingerprint (file → HeldKey); each of
// those files' windows of them, read from its record, gives its lines,
// merged as the engine merges them, and the corpus's sums are the
// report's. A window the only one of its fingerprint, which a shard's
// filters may call seen twice and its counters past the limit, is left
// out, as the engine leaves it out.

func init() {
	register.DoFn5x1[context.Context, string, []byte, func(string) func(*HeldKey) bool, func(Held), error](&heldLinesFn{})
	register.Iter1[HeldKey]()
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

// Boilerplate counts the lines and files of the records that hold
// boilerplate (file → HeldKey, a map side input): a singleton, or nothing
// when none does.
func Boilerplate(s beam.Scope, recs, held beam.PCollection) beam.PCollection {
	each := beam.ParDo(s, &heldLinesFn{}, recs, beam.SideInput{Input: held})
	return beam.Combine(s, &heldFn{}, each)
}

// heldLinesFn counts the lines of a file's windows held back as
// boilerplate. Only the records of files that hold some are decoded.
type heldLinesFn struct{}

func (heldLinesFn) ProcessElement(ctx context.Context, name string, rec []byte, held func(string) func(*HeldKey) bool, emit func(Held)) error {
	keys := map[uint64]bool{} // fingerprint → alone
	next := held(name)
	var k HeldKey
	for next(&k) {
		alone, ok := keys[k.FP]
		keys[k.FP] = k.Alone && (alone || !ok)
	}
	if len(keys) == 0 {
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
