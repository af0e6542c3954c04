package pipeline

import (
	"context"
	"fmt"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/copycat-go/copycat/fingerprint"
)

// Stage 2: the corpus's window sketch.

func init() {
	register.DoFn5x1[context.Context, string, []byte, Totals, func([]byte), error](&sketchFn{})
	register.Combiner1[[]byte](&mergeSketchFn{})
}

// Sketch builds the window sketch of the records, sized for the windows
// of totals (a singleton): one per bundle, merged by a CombineFn. It
// returns the encoded sketch, a singleton; empty when there is no file.
func Sketch(s beam.Scope, recs, totals beam.PCollection) beam.PCollection {
	parts := beam.ParDo(s, &sketchFn{}, recs, beam.SideInput{Input: totals})
	return beam.Combine(s, &mergeSketchFn{}, parts)
}

// sketchFn adds the windows of a bundle's records to one sketch, and
// emits it when the bundle ends: one sketch per bundle, not per file.
type sketchFn struct {
	sk *fingerprint.Sketch
}

func (fn *sketchFn) ProcessElement(ctx context.Context, name string, rec []byte, t Totals, _ func([]byte)) error {
	defer since(ctx, mSketchUs, time.Now())
	f, err := decode(name, rec)
	if err != nil {
		return err
	}
	if fn.sk == nil {
		fn.sk = fingerprint.NewSketch(int(t.Windows))
	}
	fn.sk.Add(f)
	return nil
}

func (fn *sketchFn) FinishBundle(ctx context.Context, _ Totals, emit func([]byte)) error {
	if fn.sk == nil {
		return nil
	}
	b, err := fn.sk.MarshalBinary()
	if err != nil {
		return err
	}
	mSketchParts.Inc(ctx, 1)
	mSketchBytes.Inc(ctx, int64(len(b)))
	emit(b)
	fn.sk = nil
	return nil
}

// mergeSketchFn merges encoded sketches: Bloom filters by OR, Count-Min
// sketches by element-wise SUM.
type mergeSketchFn struct{}

func (mergeSketchFn) MergeAccumulators(a, b []byte) ([]byte, error) {
	if len(a) == 0 {
		return b, nil
	}
	if len(b) == 0 {
		return a, nil
	}
	var x, y fingerprint.Sketch
	if err := x.UnmarshalBinary(a); err != nil {
		return nil, err
	}
	if err := y.UnmarshalBinary(b); err != nil {
		return nil, err
	}
	if err := x.Merge(&y); err != nil {
		return nil, fmt.Errorf("merging sketches: %w", err)
	}
	return x.MarshalBinary()
}

// decodeSketch decodes the corpus's sketch; nil for an empty corpus.
func decodeSketch(b []byte) (*fingerprint.Sketch, error) {
	if len(b) == 0 {
		return nil, nil
	}
	sk := new(fingerprint.Sketch)
	if err := sk.UnmarshalBinary(b); err != nil {
		return nil, fmt.Errorf("the corpus's sketch: %w", err)
	}
	return sk, nil
}
