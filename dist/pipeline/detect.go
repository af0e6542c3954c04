package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/report"
)

// Stage 4: detection, one work unit at a time.

func init() {
	register.DoFn5x0[context.Context, string, func(*[]byte) bool, func(*string) bool, func(string, FileRecord)](&joinFn{})
	register.Emitter2[string, FileRecord]()
	register.Iter1[[]byte]()
	register.Iter1[FileRecord]()
	register.Iter1[uint32]()
	register.DoFn6x1[context.Context, string, func(*FileRecord) bool, []byte, func(*uint32) bool, func([]byte), error](&detectFn{})
	register.Emitter1[[]byte]()
}

// A FileRecord is a file's name and index record.
type FileRecord struct {
	Name   string
	Record []byte
}

// Detect joins the records with their units (file → unit) and runs the
// engine over each unit, given the corpus's sketch and common near keys
// (side inputs). It returns the classes, each encoded as JSON, already
// categorised from their files' Facts.
func Detect(s beam.Scope, e Engine, recs, units, sketch, common beam.PCollection) beam.PCollection {
	byUnit := beam.ParDo(s, &joinFn{}, beam.CoGroupByKey(s, recs, units))
	return beam.ParDo(s, &detectFn{Engine: e}, beam.GroupByKey(s, byUnit),
		beam.SideInput{Input: sketch}, beam.SideInput{Input: common})
}

// joinFn keys the record of each file that is in a unit by its unit.
type joinFn struct{}

func (joinFn) ProcessElement(ctx context.Context, name string, recs func(*[]byte) bool, units func(*string) bool, emit func(string, FileRecord)) {
	var unit string
	if !units(&unit) {
		return // in no unit: it holds no class
	}
	var rec []byte
	for recs(&rec) {
		mJoinBytes.Inc(ctx, int64(len(unit)+len(name)+len(rec)))
		emit(unit, FileRecord{name, rec})
	}
}

// detectFn runs the engine over one unit's files.
type detectFn struct {
	Engine Engine

	sk     *fingerprint.Sketch
	sketch []byte
	common []uint32 // sorted, once read
	read   bool
}

func (fn *detectFn) ProcessElement(ctx context.Context, unit string, recs func(*FileRecord) bool, sketch []byte, common func(*uint32) bool, emit func([]byte)) error {
	t0 := time.Now()
	if err := decodeOnce(&fn.sk, &fn.sketch, sketch); err != nil {
		return err
	}
	if !fn.read {
		var k uint32
		for common(&k) {
			fn.common = append(fn.common, k)
		}
		slices.Sort(fn.common)
		fn.read = true
	}
	var files []*fingerprint.File
	var r FileRecord
	var size int64
	for recs(&r) {
		size += int64(len(r.Record))
		f, err := decode(r.Name, r.Record)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	opt := fn.Engine.options()
	if fn.sk != nil {
		opt.Corpus = &fingerprint.Corpus{Sketch: fn.sk, CommonNearKeys: fn.common}
	}
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
	mUnitMs.Update(ctx, time.Since(t0).Milliseconds())
	return nil
}

// noFacts is the FileSource of a file whose record holds no Facts: it has
// none (a record holds those of its file).
func noFacts(string) *fingerprint.Facts { return nil }
