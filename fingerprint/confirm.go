package fingerprint

import (
	"bytes"
	"cmp"
	"slices"

	"github.com/zeebo/blake3"
)

// Confirming the candidates: windows whose fingerprint the sketch saw at
// least twice (and at most MaxOccurrences times) are grouped by a blake3
// key of their canonical tokens, so that a 64-bit collision or a false
// positive of the sketch never seeds a clone.
//
// A window's key is the blake3 sum of its tokens, unless it is long
// (innerMin tokens or more) and holds another long candidate: then it
// may be the sum of its tokens before the longest such window it holds
// (its inner window), that window's key and its tokens after it. Nested
// code needs it: each level of two copies of a function of nested
// switches has a window holding every level below it, so that the sums
// of the windows' tokens read the square of the depth (two copies of
// 40,000 levels, 3.0 MB: 15 s of CPU, most of it hashing), where the
// keys through inner windows read each token about once. Keys are
// compared only within a fingerprint, and the windows of one fingerprint
// are keyed alike: all through an inner window at the same offset, of the
// same length and fingerprint, or, if any differs (or holds none), all by
// their tokens (the same tokens cut into other statements, as `a = b`,
// `(c)` and `a = b(c)`, may hold other inner windows). Two keys are then
// equal exactly when the tokens are, as two sums of the tokens alone are:
// by induction on the windows' length, equal keys through inner windows
// mean equal tokens around inner windows whose keys, within one
// fingerprint, are equal.

// innerMin is the least size, in tokens, of a window keyed through an
// inner window, and of an inner window: a shorter one costs less to hash
// whole than to look for, and ordinary code has few longer ones.
const innerMin = 1024

// A hashed is a candidate window with its key.
type hashed struct {
	sum [32]byte
	r   ref
}

// candidates lists the windows whose fingerprints were seen at least twice
// and not more than MaxOccurrences times, sorted by fingerprint, each
// with the key that confirms it. The short windows' keys, the sums of
// their tokens, are taken as they are found, file by file in the order
// the windows lie in memory, rather than by fingerprint, which would jump
// between files at every window.
//
// The windows held back as seen more than MaxOccurrences times go to
// d.boilerplate (see holdBack).
func (d *detector) candidates(sk *sketch) []hashed {
	per := make([][]hashed, d.opt.workers())
	over := make([][]int32, len(d.files))
	d.parallel(len(d.files), func(w, i int) {
		f := d.files[i]
		var n int64
		for j, win := range f.windows {
			switch {
			case !d.seeds(win.fp) || !sk.repeated(win.fp, 0): // most windows: seen once
			case d.opt.MaxOccurrences <= 0 || sk.repeated(win.fp, d.opt.MaxOccurrences):
				h := hashed{r: ref{win.fp, int32(i), int32(j)}}
				if t0, t1 := f.windowSpan(int32(j)); t1-t0 < innerMin {
					h.sum = blake3.Sum256(f.codes[t0:t1])
					n += int64(t1 - t0)
				}
				per[w] = append(per[w], h)
			default:
				over[i] = append(over[i], int32(j))
			}
		}
		counter(&d.work.Hashed, n)
	})
	d.holdBack(over)
	hs := slices.Concat(per...)
	slices.SortFunc(hs, func(a, b hashed) int {
		return cmp.Or(cmp.Compare(a.r.fp, b.r.fp), cmp.Compare(a.r.file, b.r.file), cmp.Compare(a.r.win, b.r.win))
	})
	d.work.Candidates = int64(len(hs))
	d.keyLong(hs)
	return hs
}

// holdBack keeps in d.boilerplate the lines of the windows over[i] of
// each file i, which the sketch calls seen more than MaxOccurrences
// times, and counts them. Of a sketch this run built, only the windows
// of a fingerprint two of them hold are kept: a window the only one of
// its fingerprint is seen once, whatever the sketch says, and the Bloom
// filters call some such windows seen twice (and the Count-Min sketch,
// at times, one of them seen more than the limit) by how the files were
// split between the workers whose sketches merged. copycat-dist, whose
// shards count each fingerprint's windows, holds back the same windows.
// A corpus's counts (Options.Corpus) hold windows outside this run's
// files: what they say stands.
func (d *detector) holdBack(over [][]int32) {
	own := d.opt.Corpus == nil || d.opt.Corpus.Sketch == nil && d.opt.Corpus.Windows == nil
	var held map[uint64]int
	if own {
		held = map[uint64]int{}
		for i, ws := range over {
			for _, j := range ws {
				held[d.files[i].windows[j].fp]++
			}
		}
	}
	for i, ws := range over {
		f := d.files[i]
		if own {
			ws = slices.DeleteFunc(ws, func(j int32) bool { return held[f.windows[j].fp] < 2 })
		}
		if len(ws) == 0 {
			continue
		}
		rs := make([]LineRange, len(ws))
		for k, j := range ws {
			rs[k] = f.windowLines(j)
		}
		if d.boilerplate == nil {
			d.boilerplate = map[string][]LineRange{}
		}
		d.boilerplate[f.Name] = MergeLines(rs)
		d.work.Boilerplate += int64(len(ws))
	}
}

// windowLines returns the lines window w spans.
func (f *File) windowLines(w int32) LineRange {
	t0, t1 := f.windowSpan(w)
	return LineRange{f.tokenLine(t0), f.tokenLine(t1 - 1)}
}

// WindowLines returns the lines that f's windows of the fingerprints keep
// accepts span, sorted and merged (MergeLines): of the fingerprints a
// corpus holds more than MaxOccurrences times, the lines of f a run over
// the corpus holds back as boilerplate (Result.Boilerplate); nil if none.
func (f *File) WindowLines(keep func(fp uint64) bool) []LineRange {
	var rs []LineRange
	for j, w := range f.windows {
		if keep(w.fp) {
			rs = append(rs, f.windowLines(int32(j)))
		}
	}
	return MergeLines(rs)
}

// keyLong fills in the long candidates' keys, hs sorted by fingerprint.
// They are taken file by file, each file's the shortest first, so that
// an inner window's key is there before the windows holding it need it.
func (d *detector) keyLong(hs []hashed) {
	var long []int32
	for p, h := range hs {
		if d.files[h.r.file].windowLen(h.r.win) >= innerMin {
			long = append(long, int32(p))
		}
	}
	if len(long) == 0 {
		return
	}
	slices.SortFunc(long, func(p, q int32) int {
		a, b := hs[p].r, hs[q].r
		return cmp.Or(cmp.Compare(a.file, b.file), cmp.Compare(d.files[a.file].windowLen(a.win), d.files[b.file].windowLen(b.win)), cmp.Compare(p, q))
	})
	var byFile [][]int32 // long's runs of one file
	for i := 0; i < len(long); {
		j := i + 1
		for j < len(long) && hs[long[j]].r.file == hs[long[i]].r.file {
			j++
		}
		byFile = append(byFile, long[i:j])
		i = j
	}
	inner := make([]int32, len(hs))
	for i := range inner {
		inner[i] = -1
	}
	d.parallel(len(byFile), func(_, i int) { d.innerWindows(hs, byFile[i], inner) })
	d.keyAlike(hs, inner)
	d.parallel(len(byFile), func(_, i int) {
		var buf []byte
		var n int64
		for _, p := range byFile[i] {
			f := d.files[hs[p].r.file]
			t0, t1 := f.windowSpan(hs[p].r.win)
			b := f.codes[t0:t1]
			if q := inner[p]; q >= 0 {
				v0, v1 := f.windowSpan(hs[q].r.win)
				buf = append(append(append(buf[:0], f.codes[t0:v0]...), hs[q].sum[:]...), f.codes[v1:t1]...)
				b = buf
			}
			hs[p].sum = blake3.Sum256(b)
			n += int64(len(b))
		}
		counter(&d.work.Hashed, n)
	})
}

// keyAlike keeps, within each fingerprint, the inner windows only if every
// window of it holds one at the same offset, of the same length and the
// same fingerprint; else every window of it is keyed by its tokens.
func (d *detector) keyAlike(hs []hashed, inner []int32) {
	place := func(p int) [3]uint64 {
		f := d.files[hs[p].r.file]
		t0, _ := f.windowSpan(hs[p].r.win)
		v0, v1 := f.windowSpan(hs[inner[p]].r.win)
		return [3]uint64{uint64(v0 - t0), uint64(v1 - v0), hs[inner[p]].r.fp}
	}
	for a := 0; a < len(hs); {
		b := a + 1
		for b < len(hs) && hs[b].r.fp == hs[a].r.fp {
			b++
		}
		alike := inner[a] >= 0
		for p := a + 1; p < b && alike; p++ {
			alike = inner[p] >= 0 && place(p) == place(a)
		}
		if !alike {
			for p := a; p < b; p++ {
				inner[p] = -1
			}
		}
		a = b
	}
}

// innerWindows sets inner[p], for each long candidate p (an index in hs)
// of one file, ps, to the longest other of them whose tokens lie within
// p's and are fewer (of those, the first); it leaves it -1 if none does.
// The candidates are taken by their last token, and before those ending
// at the same token by their first, the last first: those taken before a
// window are then those that end within it, and a tree of the prefix
// maximums (Fenwick's) over their first tokens, counted from the last,
// gives the longest that starts within it.
func (d *detector) innerWindows(hs []hashed, ps []int32, inner []int32) {
	f := d.files[hs[ps[0]].r.file]
	type spanned struct{ t0, t1, p int32 }
	ws := make([]spanned, len(ps))
	starts := make([]int32, len(ps))
	for i, p := range ps {
		t0, t1 := f.windowSpan(hs[p].r.win)
		ws[i], starts[i] = spanned{t0, t1, p}, t0
	}
	slices.Sort(starts)
	starts = slices.Compact(starts)
	slices.SortFunc(ws, func(a, b spanned) int {
		return cmp.Or(cmp.Compare(a.t1, b.t1), cmp.Compare(b.t0, a.t0), cmp.Compare(a.p, b.p))
	})
	// better reports whether ws[i] is a longer window than ws[j], or
	// as long and first; -1 is none.
	better := func(i, j int32) bool {
		if i < 0 || j < 0 {
			return j < 0 && i >= 0
		}
		a, b := ws[i], ws[j]
		return cmp.Or(cmp.Compare(b.t1-b.t0, a.t1-a.t0), cmp.Compare(a.t0, b.t0), cmp.Compare(a.p, b.p)) < 0
	}
	// from is the tree's place of the windows starting at t0: 1 for the
	// last start.
	from := func(t0 int32) int {
		i, _ := slices.BinarySearch(starts, t0)
		return len(starts) - i
	}
	tree := make([]int32, len(starts)+1)
	for i := range tree {
		tree[i] = -1
	}
	for i := 0; i < len(ws); {
		// Windows of the same tokens hold none of each other.
		j := i + 1
		for j < len(ws) && ws[j].t0 == ws[i].t0 && ws[j].t1 == ws[i].t1 {
			j++
		}
		best := int32(-1)
		for k := from(ws[i].t0); k > 0; k -= k & -k {
			if better(tree[k], best) {
				best = tree[k]
			}
		}
		if best >= 0 {
			for _, w := range ws[i:j] {
				inner[w.p] = ws[best].p
			}
		}
		for ; i < j; i++ {
			for k := from(ws[i].t0); k < len(tree); k += k & -k {
				if better(int32(i), tree[k]) {
					tree[k] = int32(i)
				}
			}
		}
	}
}

// seedGroups confirms candidates: within a fingerprint, windows are grouped
// by their keys, and groups of two or more become seeds. Fingerprints are
// confirmed in parallel, and the groups kept in fingerprint order.
func (d *detector) seedGroups(hs []hashed) [][]ref {
	var runs [][2]int
	for i := 0; i < len(hs); {
		j := i + 1
		for j < len(hs) && hs[j].r.fp == hs[i].r.fp {
			j++
		}
		if j-i >= 2 {
			runs = append(runs, [2]int{i, j})
		}
		i = j
	}
	out := make([][][]ref, len(runs))
	d.parallel(len(runs), func(_, r int) {
		out[r] = confirm(hs[runs[r][0]:runs[r][1]])
	})
	return slices.Concat(out...)
}

// confirm splits windows that share a fingerprint by their keys.
func confirm(hs []hashed) [][]ref {
	slices.SortStableFunc(hs, func(a, b hashed) int { return bytes.Compare(a.sum[:], b.sum[:]) })
	var groups [][]ref
	for a := 0; a < len(hs); {
		b := a + 1
		for b < len(hs) && hs[b].sum == hs[a].sum {
			b++
		}
		if b-a >= 2 {
			g := make([]ref, 0, b-a)
			for _, h := range hs[a:b] {
				g = append(g, h.r)
			}
			groups = append(groups, g)
		}
		a = b
	}
	return groups
}

// windowSpan returns the tokens [t0, t1) of window w.
func (f *File) windowSpan(w int32) (t0, t1 int32) {
	win := f.windows[w]
	return f.units[win.first].tok0, f.units[win.last].tok1
}

// windowLen returns the number of tokens of window w.
func (f *File) windowLen(w int32) int32 {
	t0, t1 := f.windowSpan(w)
	return t1 - t0
}
