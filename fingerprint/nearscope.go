package fingerprint

import (
	"cmp"
	"encoding/binary"
	"slices"
)

// A gram counts for near-miss candidates when 2 to nearMaxRun units
// hold it, and is a part key when 2 to PartKeyLimit do (see
// nearCandidates and partPairs): a gram that more units hold is an
// idiom, and would pair code that was never copied. Counted over the
// whole run alone, the limits make what a run finds in a file depend on
// what else it reads: the rest of a large tree holds more places of a
// gram's shape (names and values are abstracted), and two copies in one
// file that a run over their package finds stop sharing grams that count.
// Over the standard library, 130 of the 1,055 near-miss classes its
// packages hold, each read alone, were found by no class of a run over
// the whole tree, 106 of them inside one file (bench/scope); go vet,
// which reads one package, and the command line disagreed so.
//
// So a gram that too many units of the run hold to count also counts,
// for two units of one file, when 2 to nearMaxRun units of that file
// hold it; two units of one file are candidates when they pass the test
// over the grams that count in the run, or over those and the grams that
// count in their file (each unit's inFile grams). Likewise a gram 2 to
// PartKeyLimit units of one file hold is a part key for places in that
// file, though more units of the run hold it. A file is whole in every
// run that reads it, the editor's runs over a part of a workspace and the
// Beam pipeline's over a work unit too, so the file's counts need no
// corpus's: each run makes them from its own units.

// fileScope gathers what the grams' counts within each file give (see
// above), as nearCandidates walks the grams in order.
type fileScope struct {
	outer    []uint32   // outermostOf the units
	runs     [][2]int32 // runs of entries: the 2 to nearMaxRun units of one file that hold a gram the run does not count
	partKeys []uint64   // file<<32 | gram: the part keys of one file only, sorted once done
}

// add takes the run of entries i to j, the units of one gram (in unit
// order, so a file's together), which is no part key of the run, and
// counts in it if counts.
func (s *fileScope) add(units []nearUnit, entries []uint64, i, j int, counts bool) {
	if j-i < 2 {
		return // most grams: no unit of the run is looked at
	}
	for k := i; k < j; {
		file := units[entryUnit(entries[k])].s.file
		l := k + 1
		for l < j && units[entryUnit(entries[l])].s.file == file {
			l++
		}
		if n := l - k; n >= 2 && n <= nearMaxRun {
			if !counts {
				s.runs = append(s.runs, [2]int32{int32(k), int32(l)})
				for _, e := range entries[k:l] {
					units[entryUnit(e)].inFile++
				}
			}
			if n <= PartKeyLimit && s.outer[entryUnit(entries[k])] != s.outer[entryUnit(entries[l-1])] {
				// Places in one function (its units nested in one
				// another) pair with none: the key is of use only in two.
				s.partKeys = append(s.partKeys, uint64(file)<<32|uint64(entryGram(entries[k])))
			}
		}
		k = l
	}
}

// copiesPaired returns the pairs (as x<<32|y, sorted) that put a copy
// of either unit of a candidate of one file (cands, sorted) in its place.
// The pairs of one file, as those of the grams of the whole run, are
// found without copies (see findCopies), and a file copied whole, such as
// encoding/json's v2_encode_test.go of encode_test.go, holds the same two
// near copies as its original: found in each file alone, they made two
// classes of one text, and so of one ID, where a run over the package
// makes one class of the four (and the editor, which knows a class by
// its ID, took the second for more copies of the first).
func (d *detector) copiesPaired(units []nearUnit, cands []uint64) []uint64 {
	var of []uint32
	for _, c := range cands {
		of = append(of, uint32(c>>32), uint32(c))
	}
	copies := d.copyGroups(units, of)
	var out []uint64
	for _, c := range cands {
		xs, ys := copies(uint32(c>>32)), copies(uint32(c))
		if len(xs) == 1 && len(ys) == 1 {
			continue // the candidate itself
		}
		for _, x := range xs {
			for _, y := range ys {
				if x != y && !units[x].overlaps(&units[y]) {
					out = append(out, uint64(min(x, y))<<32|uint64(max(x, y)))
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// copiedParts returns the pairs of runs of statements that put, in place
// of either run of a pair of one file (pairs, of partPairs), the same
// statements of a copy of the outermost unit around it: the same classes
// of two files of one text as copiesPaired, for runs of statements.
func (d *detector) copiedParts(units []nearUnit, pairs []pair) []pair {
	if d.opt.MaxOccurrences <= 0 {
		return nil // no copy pairs so (see copyGroups)
	}
	type around struct {
		p      pair
		ua, ub uint32 // the outermost units around p.a and p.b
	}
	var same []around
	var of []uint32
	var outer []uint32
	for _, p := range pairs {
		if p.a.file != p.b.file {
			continue
		}
		if outer == nil {
			outer = outermostOf(units)
		}
		a0, a1 := d.tokens(p.a)
		b0, b1 := d.tokens(p.b)
		ua, okA := outermostAround(units, outer, p.a.file, a0, a1)
		ub, okB := outermostAround(units, outer, p.b.file, b0, b1)
		if okA && okB {
			same = append(same, around{p, ua, ub})
			of = append(of, ua, ub)
		}
	}
	if len(same) == 0 {
		return nil
	}
	copies := d.copyGroups(units, of)
	// moved is the run of unit x's file that holds what s holds of u.
	moved := func(s span, u, x uint32) (span, bool) {
		t0, t1 := d.tokens(s)
		shift := units[x].tok0 - units[u].tok0
		return d.runAround(units[x].s.file, t0+shift, t1+shift)
	}
	var out []pair
	for _, r := range same {
		if len(copies(r.ua)) == 1 && len(copies(r.ub)) == 1 {
			continue // the pair itself
		}
		for _, x := range copies(r.ua) {
			a, okA := moved(r.p.a, r.ua, x)
			for _, y := range copies(r.ub) {
				b, okB := moved(r.p.b, r.ub, y)
				if x == r.ua && y == r.ub || !okA || !okB || d.overlap(a, b) {
					continue
				}
				p := pair{a: a, b: b}
				if compareSpans(b, a) < 0 {
					p = pair{a: b, b: a}
				}
				out = append(out, p)
			}
		}
	}
	return out
}

// copyGroups returns what gives, for each unit of of (indices into
// units), the units that are copies of it (as findCopies finds them, by
// their copy keys), itself among them; a unit with more copies than
// MaxOccurrences allows, only itself: its classes would be boilerplate.
func (d *detector) copyGroups(units []nearUnit, of []uint32) func(uint32) []uint32 {
	// Copies have the same canonical tokens: copy keys (a hash of their
	// tokens and values, names numbered) are taken only for the units
	// whose first, middle and last tokens are those of a unit of of and of
	// another unit (a hash of all their tokens cost as much as the keys).
	sizes := map[int32]bool{}
	for _, u := range of {
		sizes[units[u].size] = true
	}
	if d.unitSigs == nil { // units are the run's in both callers (nearPairs's reps)
		d.unitSigs = make([]uint64, len(units))
		d.parallel(len(units), func(_, i int) {
			d.unitSigs[i] = sampleHash(d.codes(units[i].s))
		})
	}
	sigs := d.unitSigs
	held := map[uint64]int{} // how many units have the tokens of a unit of of
	for _, u := range of {
		held[sigs[u]] = 0
	}
	for i, h := range sigs {
		if n, ok := held[h]; ok && sizes[units[i].size] {
			held[h] = n + 1
		}
	}
	want := make([]bool, len(units))
	for i, h := range sigs {
		want[i] = sizes[units[i].size] && held[h] >= 2
	}
	keys := d.copyKeys(units, want)
	groups := map[copyKey][]uint32{}
	for _, u := range of {
		if want[u] {
			groups[keys[u]] = nil
		}
	}
	for i, k := range keys {
		if us, ok := groups[k]; ok && want[i] {
			groups[k] = append(us, uint32(i))
		}
	}
	self := make([]uint32, len(units)) // self[u:u+1] is u alone
	for i := range self {
		self[i] = uint32(i)
	}
	return func(u uint32) []uint32 {
		if g := groups[keys[u]]; want[u] && len(g) <= d.opt.MaxOccurrences {
			return g
		}
		return self[u : u+1]
	}
}

// sampleHash hashes the first, middle and last 32 of codes, and their
// number: equal codes hash alike, and few unequal codes of one size do.
func sampleHash(codes []byte) uint64 {
	const n = 32
	h := uint64(len(codes)) * 0x9e3779b97f4a7c15
	mix := func(b []byte) {
		for len(b) >= 8 {
			h = (h ^ binary.LittleEndian.Uint64(b)) * 0xff51afd7ed558ccd
			h ^= h >> 33
			b = b[8:]
		}
		for _, c := range b {
			h = (h ^ uint64(c)) * 0xc4ceb9fe1a85ec53
		}
	}
	if len(codes) <= 3*n {
		mix(codes)
		return h
	}
	mid := len(codes)/2 - n/2
	mix(codes[:n])
	mix(codes[mid : mid+n])
	mix(codes[len(codes)-n:])
	return h
}

// outermostOf returns, for each of units (in the order of files and
// first tokens, a unit before those inside it), the index of the unit
// inside no other that holds it, its own if none does.
func outermostOf(units []nearUnit) []uint32 {
	outer := make([]uint32, len(units))
	for i, u := range units {
		outer[i] = uint32(i)
		if i > 0 {
			if o := units[outer[i-1]]; o.s.file == u.s.file && u.tok0 < o.tok0+o.size {
				outer[i] = outer[i-1]
			}
		}
	}
	return outer
}

// outermostAround returns the index of the unit inside no other that
// holds tokens t0 to t1 of file fi (outer from outermostOf).
func outermostAround(units []nearUnit, outer []uint32, fi, t0, t1 int32) (uint32, bool) {
	// The last unit to start at t0 or before is inside the outermost unit
	// around t0, if there is one.
	i, _ := slices.BinarySearchFunc(units, [2]int32{fi, t0 + 1}, func(u nearUnit, at [2]int32) int {
		return cmp.Or(cmp.Compare(u.s.file, at[0]), cmp.Compare(u.tok0, at[1]))
	})
	if i == 0 {
		return 0, false
	}
	o := outer[i-1]
	u := units[o]
	return o, u.s.file == fi && u.tok0 <= t0 && t1 <= u.tok0+u.size
}

// partKeySet are the part keys of a run (see partPairs): those of the
// whole run, and those of one file only.
type partKeySet struct {
	run    []uint32 // sorted
	inFile []uint64 // file<<32 | gram, sorted
}

// fileKeys are the part keys of one file only (see partKeySet), in an
// open-addressed table at least twice as long, empty slots 0 (and key 0
// said apart): a place is looked up for every gram of the file.
type fileKeys struct {
	table []uint32
	zero  bool // 0 is a key
}

// ofFile returns the part keys of file fi only.
func (s partKeySet) ofFile(fi int32) fileKeys {
	lo, _ := slices.BinarySearch(s.inFile, uint64(fi)<<32)
	hi, _ := slices.BinarySearch(s.inFile, uint64(fi+1)<<32)
	if lo == hi {
		return fileKeys{}
	}
	n := 4
	for n < 2*(hi-lo) {
		n *= 2
	}
	f := fileKeys{table: make([]uint32, n)}
	for _, k := range s.inFile[lo:hi] {
		if k := uint32(k); k == 0 {
			f.zero = true
		} else {
			i := f.slot(k)
			for f.table[i] != 0 {
				i = (i + 1) & uint32(n-1)
			}
			f.table[i] = k
		}
	}
	return f
}

// slot is where key k's search starts.
func (f *fileKeys) slot(k uint32) uint32 { return k * 0x9e3779b1 >> 7 & uint32(len(f.table)-1) }

// has reports whether h is one of f's keys.
func (f *fileKeys) has(h uint32) bool {
	if len(f.table) == 0 || h == 0 {
		return h == 0 && f.zero
	}
	for i := f.slot(h); ; i = (i + 1) & uint32(len(f.table)-1) {
		switch f.table[i] {
		case h:
			return true
		case 0:
			return false
		}
	}
}

// mergeSorted returns the sorted union of xs and ys, both sorted, in a
// new slice; a value in both is there twice.
func mergeSorted(xs, ys []uint64) []uint64 {
	out := make([]uint64, 0, len(xs)+len(ys))
	for len(xs) > 0 && len(ys) > 0 {
		if xs[0] <= ys[0] {
			out, xs = append(out, xs[0]), xs[1:]
		} else {
			out, ys = append(out, ys[0]), ys[1:]
		}
	}
	return append(append(out, xs...), ys...)
}

// NearWithin reports whether a run under opt may find a near-miss clone
// of f's code with other code of f by the counts of f alone (see above):
// two of its units that are candidates by the grams of f, or places of
// f's part keys that chain. A distributed run puts such a file in a work
// unit though it share no key with another file (see Corpus).
func (f *File) NearWithin(opt Options) bool {
	if !opt.Near || opt.MaxOccurrences <= 0 || opt.MaxOccurrences > nearMaxRun {
		return false
	}
	opt.Corpus, opt.Verdicts = nil, nil
	d := &detector{files: []*File{f}, opt: opt}
	units := d.nearUnits()
	cands, keys := d.nearCandidates(units)
	if len(cands) > 0 {
		return true
	}
	return len(partChains(opt, d.partHits(units, keys), nil)) > 0
}
