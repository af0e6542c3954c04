package fingerprint

import (
	"cmp"
	"math/bits"
	"runtime"
	"slices"
	"sync"

	"github.com/copycat-go/copycat/internal/par"
)

// Options tune detection.
type Options struct {
	MinTokens      int // smallest clone, in canonical tokens; windows were cut at this size
	MinLines       int // smallest clone, in lines
	MaxOccurrences int // fingerprints seen more often are boilerplate and left out; 0 means no limit
	Near           bool
	Similarity     float64 // for near-miss clones, in (0, 1]
	Workers        int     // 0 means GOMAXPROCS
	// Done, when closed, stops detection: Detect returns nil soon after.
	// A nil channel never stops it.
	Done <-chan struct{}
	// Verdicts, if not nil, are those of an earlier run with the same
	// Similarity (they may be empty): the run verifies only the near-miss
	// candidates they lack and returns its own in Result.Verdicts. The
	// classes are the same either way.
	Verdicts *Verdicts
	// Scratch, if not nil, gives the largest temporary arrays memory
	// outside the Go heap.
	Scratch Scratch
	// Corpus, when the files are a part of a larger corpus, is what
	// detection needs of the whole (see part.go).
	Corpus *Corpus
}

func (o Options) workers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// Detect finds the clone classes among files: [Run] without the warnings
// and counts. When Options.Done is closed before it ends, it returns nil.
func Detect(files []*File, opt Options) []Class {
	return Run(files, opt).Classes
}

// Run finds the clone classes among files. The result depends only on the
// files' contents and names, not on their order or on Workers.
func Run(files []*File, opt Options) Result {
	return RunTimed(files, opt, nil)
}

// RunTimed is [Run] that also times its phases into the result's Phases:
// clock returns a monotonic reading in nanoseconds, and is called from
// two goroutines at once (exact and near-miss pairs are found at the same
// time, and their phases' times overlap). A nil clock times nothing.
func RunTimed(files []*File, opt Options, clock func() int64) Result {
	return run(files, opt, clock, nil)
}

// RunFocused is [Run] that makes only the classes with a copy in a file
// named in focus: those an edit of those files can have changed. A
// class's Contained lists only the classes made. The
// editor re-detects the clones of an edited file and of the files that
// share code with it; making, and measuring the drift of, the classes
// among those others alone was most of the cost of a paste in a large
// file.
func RunFocused(files []*File, opt Options, focus []string) Result {
	return run(files, opt, nil, focus)
}

func run(files []*File, opt Options, clock func() int64, focus []string) Result {
	files = slices.Clone(files)
	slices.SortFunc(files, func(a, b *File) int { return cmp.Compare(a.Name, b.Name) })
	d := &detector{files: files, opt: opt, clock: clock}
	if focus != nil {
		d.focus = make([]bool, len(files))
		for i, f := range files {
			d.focus[i] = slices.Contains(focus, f.Name)
		}
	}
	classes := d.detect()
	r := Result{Classes: classes, Warnings: d.work.warnings(), Work: d.work, Sketch: d.sketch, Phases: d.phases, Boilerplate: d.boilerplate}
	if opt.Verdicts != nil && !d.stopped() {
		r.Verdicts = newVerdicts(d.verdicts)
	}
	return r
}

func (d *detector) detect() []Class {
	opt := d.opt
	// Exact and near-miss pairs are found at the same time: neither
	// needs the other until near-miss pairs take the exact pairs they
	// dominate, and each phase alone keeps the CPUs busy only part of
	// the time (on two CPUs, the standard library at -min-tokens 50:
	// 2-4% less wall time for the run, by the machine's load). A panic
	// of the exact phases is raised again here, where a caller's
	// recover sees it.
	var seeds [][]ref
	var pairs []pair
	var exact []Phase
	wait := par.Go(func() {
		at := d.reading()
		sk := d.windowSketch()
		exact, at = d.lap(exact, "sketch", at)
		seeds = d.seedGroups(d.candidates(sk))
		exact, at = d.lap(exact, "confirm", at)
		pairs = d.notTables(d.undominated(d.extendAll(seeds), true))
		exact, _ = d.lap(exact, "extend", at)
	})
	var near []pair
	var nearClasses, exactClasses []Class
	at := d.reading()
	if opt.Near && opt.Similarity > 0 && !d.stopped() {
		near = d.nearPairs()
		// The near-miss stage's key arrays are made and sorted: the
		// classes need none, and those kept would stay on the heap
		// through them.
		d.keyPool.drop()
		// The exact classes are made beside the near-miss ones, once the
		// exact pairs are found: each keeps the CPUs busy but for its
		// last classes and its steps on one CPU (the pairs near-miss
		// pairs dominate, the exact pairs' components).
		wait = d.exactClassesAfter(wait, &pairs, near, &exactClasses)
		nearClasses = d.nearClasses(near)
		d.phases, _ = d.lap(d.phases, "near-miss, beside the three above", at)
	} else {
		wait = d.exactClassesAfter(wait, &pairs, near, &exactClasses)
	}
	wait()
	d.phases = append(exact, d.phases...)
	if d.stopped() {
		return nil
	}
	at = d.reading()
	d.count(seeds, pairs, near)
	classes := append(exactClasses, nearClasses...)
	sortClasses(classes)
	classes, d.work.Containment = dropContained(classes)
	uniqueIDs(classes)
	d.phases, _ = d.lap(d.phases, "classes", at)
	return classes
}

// exactClassesAfter starts making the exact classes once wait has
// returned: of *pairs, less those near dominates, kept in *pairs. It
// returns what waits for the classes, in *classes.
func (d *detector) exactClassesAfter(wait func(), pairs *[]pair, near []pair, classes *[]Class) func() {
	return par.Go(func() {
		wait()
		if d.stopped() {
			return
		}
		*pairs = d.plainPastes(d.notDominatedBy(*pairs, near))
		*classes = d.exactClasses(*pairs)
	})
}

type detector struct {
	files []*File
	opt   Options
	focus []bool // by file, for RunFocused; nil: every class
	// focusFPs are the window fingerprints of the focus files, under
	// RunFocused (see seeds).
	focusFPs map[uint64]bool
	work     Work
	sketch   SketchSize
	// boilerplate are the lines of the windows held back as boilerplate,
	// by file (Result.Boilerplate).
	boilerplate map[string][]LineRange
	roots       [][]int32 // see outermostBlocks; made once, by the first pair placed
	unitSigs    []uint64  // see copyGroups; made once, by its first call
	// rootsOnce makes roots: exact and near-miss pairs, found at once,
	// both place pairs.
	rootsOnce sync.Once
	// decls are each file's function declarations, by unit (declsOf).
	decls     [][]int32
	declsOnce sync.Once
	// links are the operands each function's if statements link, by file
	// and declaration unit ([2]int32 to funcLinks, linksAround), made on
	// first use.
	links sync.Map
	// lens are the paths each function calls len on, by file and the
	// function's first and last tokens (lenCalls), made on first use.
	lens sync.Map
	// verdicts are those of the candidates verified, if Options.Verdicts
	// is not nil.
	verdicts []verdict

	// verifiers are the workers' scratch for alignments, made once for
	// all the phases that align: each grows to the longest alignment it
	// made, and on the standard library two sets of them were 15 MB of
	// fresh memory.
	verifiers []*verifier
	// keyPool keeps the key arrays freed, for keys to give again.
	keyPool keyPool

	clock  func() int64 // nil: phases are not timed
	phases []Phase
}

// verifier returns worker w's verifier, made the first time it is asked
// for. The phases that align run one after another; within one, each
// worker has its own.
func (d *detector) verifier(w int) *verifier {
	if d.verifiers == nil {
		d.verifiers = make([]*verifier, d.opt.workers())
	}
	if d.verifiers[w] == nil {
		d.verifiers[w] = newVerifier()
	}
	return d.verifiers[w]
}

// reading is the clock's reading, 0 when phases are not timed.
func (d *detector) reading() int64 {
	if d.clock == nil {
		return 0
	}
	return d.clock()
}

// lap appends to phases the phase that began at since and ends now, and
// returns now, if phases are timed.
func (d *detector) lap(phases []Phase, name string, since int64) ([]Phase, int64) {
	if d.clock == nil {
		return phases, since
	}
	now := d.clock()
	return append(phases, Phase{name, now - since}), now
}

// count records the outcomes of the phases that found pairs.
func (d *detector) count(seeds [][]ref, pairs, near []pair) {
	for _, g := range seeds {
		d.work.Confirmed += int64(len(g))
	}
	d.work.Pairs, d.work.NearFound = int64(len(pairs)), int64(len(near))
}

// parallel calls fn(worker, i) for every i in [0, n) on the option's
// number of workers, until detection is stopped.
func (d *detector) parallel(n int, fn func(worker, i int)) {
	par.For(n, d.opt.workers(), func(w, i int) {
		if !d.stopped() {
			fn(w, i)
		}
	})
}

// windowSketch sketches the fingerprints of all windows.
func (d *detector) windowSketch() *sketch {
	n := 0
	for _, f := range d.files {
		n += len(f.windows)
	}
	d.work.Windows = int64(n)
	if c := d.opt.Corpus; c != nil && c.Sketch != nil {
		d.sketch = c.Sketch.s.size(int64(c.Sketch.windows))
		return c.Sketch.s
	}
	if d.focus != nil {
		// Only the windows a focus file has can seed a class with a copy
		// in it: the others are left out of the sketch and of the
		// candidates, and each fingerprint kept is counted whole.
		d.focusFPs = map[uint64]bool{}
		for i, f := range d.files {
			if d.focus[i] {
				for _, w := range f.windows {
					d.focusFPs[w.fp] = true
				}
			}
		}
		n = 0
		for _, f := range d.files {
			for _, w := range f.windows {
				if d.focusFPs[w.fp] {
					n++
				}
			}
		}
	}
	if c := d.opt.Corpus; c != nil && c.Windows != nil {
		d.sketch = SketchSize{CountMinWidth: int(c.Windows.counts.mask + 1), CountMinDepth: c.Windows.counts.depth, Keys: int64(c.Windows.windows)}
		return &sketch{corpus: c.Windows}
	}
	sk := d.buildSketch(n, func(f *File, add func(uint64)) {
		for _, w := range f.windows {
			if d.seeds(w.fp) {
				add(w.fp)
			}
		}
	})
	d.sketch = sk.size(int64(n))
	return sk
}

// seeds reports whether windows of fingerprint fp may seed a class that
// is made: any, but under RunFocused's focus only those a focus file has.
func (d *detector) seeds(fp uint64) bool { return d.focusFPs == nil || d.focusFPs[fp] }

// buildSketch builds one sketch per worker, sized for n fingerprints in
// all, over the fingerprints that each calls add with, and merges them.
func (d *detector) buildSketch(n int, each func(f *File, add func(uint64))) *sketch {
	sk := make([]*sketch, min(d.opt.workers(), max(len(d.files), 1)))
	for i := range sk {
		sk[i] = newSketch(n)
	}
	d.parallel(len(d.files), func(w, i int) {
		each(d.files[i], sk[w].add)
	})
	for _, s := range sk[1:] {
		sk[0].merge(s)
	}
	return sk[0]
}

// A ref names one window: files[file].windows[win].
type ref struct {
	fp        uint64
	file, win int32
}

// sortKeys sorts xs, splitting the work between the workers: each sorts a
// part, and the parts are merged. Its buffer, as long as xs, is scratch
// memory (see keys).
func (d *detector) sortKeys(xs []uint64) { d.sortKeysFrom(xs, 0) }

// sortKeysFrom is sortKeys for keys already sorted by their bytes below
// byte first (see radixSortFrom). On several CPUs the keys are first
// dealt into 256 buckets by the eight highest bits that differ among
// them (a stable pass, each CPU dealing a part), then each bucket is
// sorted on its own: a bucket fits in a CPU's cache where the whole
// slice does not, and no merge of sorted halves is left at the end for
// one CPU to do. (Sorted in halves and merged, 2 million keys on two
// CPUs took twice as long: BenchmarkSortKeysFrom.)
func (d *detector) sortKeysFrom(xs []uint64, first int) {
	if len(xs) < radixMin {
		slices.Sort(xs)
		return
	}
	buf, free := d.keys(len(xs))
	defer free()
	buf = buf[:len(xs)]
	w := d.opt.workers()
	if w < 2 || len(xs) < 1<<16 {
		radixSortFrom(xs, buf, first)
		return
	}
	part := func(i int) (int, int) { return i * len(xs) / w, (i + 1) * len(xs) / w }
	ors, ands := make([]uint64, w), make([]uint64, w)
	d.parallel(w, func(_, i int) {
		lo, hi := part(i)
		or, and := uint64(0), ^uint64(0)
		for _, x := range xs[lo:hi] {
			or, and = or|x, and&x
		}
		ors[i], ands[i] = or, and
	})
	var or, and uint64 = 0, ^uint64(0)
	for i := range w {
		or, and = or|ors[i], and&ands[i]
	}
	differ := (or ^ and) >> (8 * first) << (8 * first)
	if differ == 0 {
		return // equal in every byte from first: sorted already
	}
	shift := max(bits.Len64(differ)-8, 0)
	counts := make([][256]int, w)
	d.parallel(w, func(_, i int) {
		lo, hi := part(i)
		c := &counts[i]
		for _, x := range xs[lo:hi] {
			c[byte(x>>shift)]++
		}
	})
	// Bucket b's keys from part i go after those of the parts before.
	var starts [257]int
	off := 0
	for b := range 256 {
		starts[b] = off
		for i := range w {
			n := counts[i][b]
			counts[i][b] = off
			off += n
		}
	}
	starts[256] = off
	d.parallel(w, func(_, i int) {
		lo, hi := part(i)
		c := &counts[i]
		for _, x := range xs[lo:hi] {
			k := byte(x >> shift)
			buf[c[k]] = x
			c[k]++
		}
	})
	d.parallel(256, func(_, b int) {
		lo, hi := starts[b], starts[b+1]
		if hi-lo < 2 {
			copy(xs[lo:hi], buf[lo:hi])
			return
		}
		radixSortAbove(buf[lo:hi], xs[lo:hi], first, radixBucketMin)
		copy(xs[lo:hi], buf[lo:hi])
	})
}

// inFocus reports whether a class of these spans is to be made: one of
// them is in a file of RunFocused's focus, or there is none.
func (d *detector) inFocus(ss []span) bool {
	return d.focus == nil || slices.ContainsFunc(ss, func(s span) bool { return d.focus[s.file] })
}
