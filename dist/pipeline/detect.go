package pipeline

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/spill"
	"github.com/copycat-go/copycat/report"
)

// Stage 4: detection, one work unit at a time.

func init() {
	register.DoFn7x0[context.Context, string, func(*[]byte) bool, func(*string) bool, func(*uint64) bool, func(*uint64) bool, func(string, FileRecord)](&joinFn{})
	register.Iter1[uint64]()
	register.Emitter2[string, FileRecord]()
	register.DoFn5x0[context.Context, string, []byte, func(string) func(*string) bool, func(string, []byte)](&activeFn{})
	register.Iter1[[]byte]()
	register.Iter1[FileRecord]()
	register.DoFn4x1[context.Context, string, func(*FileRecord) bool, func([]byte), error](&detectFn{})
	register.Emitter1[[]byte]()
}

// A FileRecord is a file's name and index record, the near keys it
// holds that the corpus counts and, of those, its part keys, and its
// candidate keys: the window fingerprints the corpus's sketch calls
// candidates.
type FileRecord struct {
	Name          string
	Record        []byte
	SharedKeys    []uint32
	PartKeys      []uint32
	CandidateKeys []uint64
}

// Detect joins the records with their units (file → unit), the near
// keys they hold that the corpus counts (file → key) and their candidate
// keys (file → key), and runs the engine over each unit, given the
// answers of the corpus's sketch for its files' windows (their candidate
// keys) and the near keys. It returns the classes, each encoded as JSON,
// already categorised from their files' Facts.
func Detect(s beam.Scope, e Engine, recs, units, shared, candidates beam.PCollection) beam.PCollection {
	// Only the records of files in a unit are shuffled to the join.
	recs = beam.ParDo(s, &activeFn{}, recs, beam.SideInput{Input: units})
	byUnit := beam.ParDo(s, &joinFn{}, beam.CoGroupByKey(s, recs, units, shared, candidates))
	return beam.ParDo(s, &detectFn{Engine: e}, beam.GroupByKey(s, byUnit))
}

// activeFn keeps the records of the files that are in a unit (a map side
// input, file → unit): the others hold no class, and need not be
// shuffled.
type activeFn struct{}

func (activeFn) ProcessElement(ctx context.Context, name string, rec []byte, units func(string) func(*string) bool, emit func(string, []byte)) {
	var unit string
	if units(name)(&unit) {
		emit(name, rec)
		return
	}
	mInactive.Inc(ctx, 1)
}

// joinFn keys the record of each file that is in a unit by its unit.
type joinFn struct{}

func (joinFn) ProcessElement(ctx context.Context, name string, recs func(*[]byte) bool, units func(*string) bool, shared func(*uint64) bool, candidates func(*uint64) bool, emit func(string, FileRecord)) {
	var unit string
	if !units(&unit) {
		return // in no unit: it holds no class
	}
	var keys, part []uint32
	for _, k := range sorted(shared) {
		keys = append(keys, uint32(k))
		if k>>partKey != 0 {
			part = append(part, uint32(k))
		}
	}
	slices.Sort(keys) // the part keys, flagged, came last, in order
	cands := sorted(candidates)
	var rec []byte
	for recs(&rec) {
		mJoinBytes.Inc(ctx, int64(len(unit)+len(name)+len(rec)+4*len(keys)+4*len(part)+8*len(cands)))
		emit(unit, FileRecord{name, rec, keys, part, cands})
	}
}

// sorted returns the values of an iterator, sorted.
func sorted[T cmp.Ordered](next func(*T) bool) []T {
	var vs []T
	var v T
	for next(&v) {
		vs = append(vs, v)
	}
	slices.Sort(vs)
	return vs
}

// detectFn runs the engine over one unit's files.
type detectFn struct {
	Engine Engine
}

func (fn *detectFn) ProcessElement(ctx context.Context, unit string, recs func(*FileRecord) bool, emit func([]byte)) error {
	t0 := time.Now()
	// A unit's size is what the corpus's copies make it: its tables stay
	// on the heap up to UnitHeap bytes, and the rest, with the engine's
	// large arrays, go to a file mapped from the worker's disk, whose
	// pages the process keeps resident up to UnitHeap too.
	var arena *spill.Arena
	if fn.Engine.UnitHeap > 0 {
		arena = spill.New("", fn.Engine.UnitHeap)
		arena.Bound(fn.Engine.UnitHeap)
		defer arena.Close()
	}
	var files []*fingerprint.File
	var shared, part []uint32
	var cands []uint64
	var r FileRecord
	var size int64
	for recs(&r) {
		size += int64(len(r.Record))
		shared = append(shared, r.SharedKeys...)
		part = append(part, r.PartKeys...)
		cands = append(cands, r.CandidateKeys...)
		f, err := decode(r.Name, r.Record)
		if err != nil {
			return err
		}
		if arena != nil {
			f.MoveTables(arena)
		}
		files = append(files, f)
	}
	opt := fn.Engine.options()
	if arena != nil {
		opt.Scratch = arena
	}
	// The sketch's answers for the unit's windows, in place of the
	// sketch: a fingerprint of its files is a candidate if one of them
	// holds it as a candidate key.
	slices.Sort(shared)
	slices.Sort(part)
	opt.Corpus = &fingerprint.Corpus{Windows: fingerprint.CandidateWindows(cands), SharedNearKeys: slices.Compact(shared), PartKeys: slices.Compact(part)}
	classes := fingerprint.Detect(files, opt)
	// As the copycat command does, from the Facts of the files loaded.
	report.Categorise(classes, report.LoadedFacts(files, noFacts))
	for _, c := range classes {
		b, err := json.Marshal(c)
		if err != nil {
			return fmt.Errorf("unit %s: %w", unit, err)
		}
		emit(b)
	}
	mClasses.Inc(ctx, int64(len(classes)))
	mUnitBytes.Update(ctx, size)
	if n, err := arena.Spilled(); err == nil && n > 0 {
		mUnitSpilled.Update(ctx, n)
	}
	mUnitUs.Update(ctx, time.Since(t0).Microseconds())
	return nil
}

// noFacts is the FileSource of a file whose record holds no Facts: it has
// none (a record holds those of its file).
func noFacts(string) *fingerprint.Facts { return nil }
