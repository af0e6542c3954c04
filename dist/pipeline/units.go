package pipeline

import (
	"context"
	"slices"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/copycat-go/copycat/fingerprint"
)

// Stage 3: work units.
//
// Two files share a class of a run over the corpus only if they share a
// candidate key (a window fingerprint the corpus's sketch calls repeated,
// and not more than MaxOccurrences times) or a near key held by two or
// more, and not more than fingerprint.NearKeyLimit, near-miss units of
// the corpus. A work unit is a connected component of the files linked
// so: every class lies in one, and the engine run over one finds exactly
// the classes a run over the corpus finds among its files (see
// fingerprint/part.go, and its test). A file that shares no key with any
// file, itself included, belongs to no unit: it holds no class.
//
// The components are found on one worker, from the lists of files that
// share each key: its memory grows with the files that share a key, not
// with the corpus's code. The size of a unit is not bounded: on ordinary
// code the near keys link most files of a module into one unit (the
// standard library's encoding, go and image trees make one unit of 301
// files), so a unit's detection is the engine's run over those files,
// which fits one worker as long as the linked files fit one machine.

func init() {
	register.DoFn6x1[context.Context, string, []byte, []byte, func(uint64, string), func(uint32, NearUse), error](&keysFn{})
	register.Emitter2[uint64, string]()
	register.Emitter2[uint32, NearUse]()
	register.DoFn4x0[context.Context, uint64, func(*string) bool, func([]string)](&windowLinksFn{})
	register.DoFn5x0[context.Context, uint32, func(*NearUse) bool, func([]string), func(uint32)](&nearLinksFn{})
	register.Emitter1[[]string]()
	register.Emitter1[uint32]()
	register.Iter1[string]()
	register.Iter1[NearUse]()
	register.Iter1[[]string]()
	register.DoFn4x0[context.Context, int, func(*[]string) bool, func(string, string)](&componentsFn{})
}

// A NearUse says how many near-miss units of a file hold a near key.
type NearUse struct {
	File  string
	Units int64
}

// Units returns the work unit of each file that is in one (file → the
// unit's name: its first file's), and the corpus's common near keys: the
// near keys held by more than fingerprint.NearKeyLimit units, which the
// engine then leaves out of every unit as a run over the corpus does.
func Units(s beam.Scope, e Engine, recs, sketch beam.PCollection) (units, common beam.PCollection) {
	windowKeys, nearKeys := beam.ParDo2(s, &keysFn{Engine: e}, recs, beam.SideInput{Input: sketch})
	windowLinks := beam.ParDo(s, &windowLinksFn{}, beam.GroupByKey(s, windowKeys))
	nearLinks, common := beam.ParDo2(s, &nearLinksFn{Long: e.long()}, beam.GroupByKey(s, nearKeys))
	links := beam.Flatten(s, windowLinks, nearLinks)
	units = beam.ParDo(s, &componentsFn{}, beam.GroupByKey(s, beam.AddFixedKey(s, links)))
	return units, common
}

// keysFn emits a file's candidate keys and near keys.
type keysFn struct {
	Engine Engine

	sk     *fingerprint.Sketch
	sketch []byte // the encoding sk was decoded from
}

func (fn *keysFn) ProcessElement(ctx context.Context, name string, rec, sketch []byte, window func(uint64, string), near func(uint32, NearUse)) error {
	defer since(ctx, mKeysMs, time.Now())
	if err := decodeOnce(&fn.sk, &fn.sketch, sketch); err != nil {
		return err
	}
	f, err := decode(name, rec)
	if err != nil {
		return err
	}
	if fn.sk != nil {
		keys := f.CandidateKeys(fn.sk, fn.Engine.MaxOccurrences)
		for _, fp := range keys {
			window(fp, name)
		}
		mWindowKeys.Inc(ctx, int64(len(keys)))
		mKeyBytes.Inc(ctx, int64(len(keys)*(8+len(name))))
	}
	if !fn.Engine.Near {
		return nil
	}
	grams := fingerprint.NearGrams(f, fn.Engine.options())
	for i := 0; i < len(grams); {
		j := i + 1
		for j < len(grams) && grams[j] == grams[i] {
			j++
		}
		near(grams[i], NearUse{name, int64(j - i)})
		mNearKeys.Inc(ctx, 1)
		mKeyBytes.Inc(ctx, int64(4+len(name)+8))
		i = j
	}
	return nil
}

// decodeOnce decodes the corpus's sketch into *sk, unless it holds it
// already: a side input is the same for every element.
func decodeOnce(sk **fingerprint.Sketch, from *[]byte, b []byte) error {
	if *sk != nil && len(*from) == len(b) {
		return nil
	}
	s, err := decodeSketch(b)
	if err != nil {
		return err
	}
	*sk, *from = s, b
	return nil
}

// windowLinksFn emits the files that share a candidate key.
type windowLinksFn struct{}

func (windowLinksFn) ProcessElement(ctx context.Context, _ uint64, files func(*string) bool, link func([]string)) {
	var names []string
	var name string
	for files(&name) {
		names = append(names, name)
	}
	slices.Sort(names)
	link(slices.Compact(names))
	mLinks.Inc(ctx, 1)
}

// nearLinksFn emits the files that share a near key held by two units or
// more, and not more than fingerprint.NearKeyLimit unless Long; and the
// near keys held by more than that, which are common.
type nearLinksFn struct {
	Long bool
}

func (fn *nearLinksFn) ProcessElement(ctx context.Context, key uint32, uses func(*NearUse) bool, link func([]string), common func(uint32)) {
	var names []string
	var units int64
	var u NearUse
	for uses(&u) {
		units += u.Units
		// The files of a common key link nothing (unless Long): they
		// are counted, not kept, so that a key held by every file of
		// the corpus costs its worker no memory.
		if units <= fingerprint.NearKeyLimit || fn.Long {
			names = append(names, u.File)
		}
	}
	if units > fingerprint.NearKeyLimit {
		common(key)
		mCommon.Inc(ctx, 1)
	}
	if units >= 2 && (units <= fingerprint.NearKeyLimit || fn.Long) {
		slices.Sort(names)
		link(slices.Compact(names))
		mNearLinks.Inc(ctx, 1)
	}
}

// componentsFn joins the files that share a key into connected
// components, and emits each file's: the name of its first file.
type componentsFn struct{}

func (componentsFn) ProcessElement(ctx context.Context, _ int, links func(*[]string) bool, emit func(string, string)) {
	index := map[string]int32{}
	var names []string
	var parent []int32
	id := func(name string) int32 {
		i, ok := index[name]
		if !ok {
			i = int32(len(names))
			index[name] = i
			names = append(names, name)
			parent = append(parent, i)
		}
		return i
	}
	find := func(i int32) int32 {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	var l []string
	for links(&l) {
		first := find(id(l[0]))
		for _, name := range l[1:] {
			if r := find(id(name)); r != first {
				// The smaller name's root stays the root: a unit's name
				// is its first file's, whatever the links' order.
				if names[r] < names[first] {
					parent[first], first = r, r
				} else {
					parent[r] = first
				}
			}
		}
	}
	size := map[int32]int64{}
	for i, name := range names {
		r := find(int32(i))
		size[r]++
		emit(name, names[r])
	}
	for _, n := range size {
		mUnitFiles.Update(ctx, n)
	}
}
