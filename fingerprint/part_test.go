package fingerprint_test

import (
	"encoding/binary"
	"fmt"
	"go/build"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// partsOf splits files as a distributed run does: every file that shares
// a candidate key or a near-miss candidate with a file (itself included)
// goes into the part of the files it shares one with. It returns the
// parts, each sorted by name, with the options a run over a part takes.
func partsOf(t *testing.T, files []*fingerprint.File, opt fingerprint.Options, pieces int) ([][]*fingerprint.File, fingerprint.Options) {
	t.Helper()
	sk := sketchOf(t, files, pieces)
	u := newUnionFind(len(files))
	byKey := map[uint64]int{} // the first file of each candidate key
	for i, f := range files {
		for _, fp := range f.CandidateKeys(sk, opt.MaxOccurrences) {
			if first, ok := byKey[fp]; ok {
				u.union(first, i)
			} else {
				byKey[fp] = i
				u.union(i, i)
			}
		}
	}
	shared, part := nearLinks(files, opt, u)
	for i, f := range files {
		if f.NearWithin(opt) {
			u.union(i, i) // a part of its own, at least
		}
	}
	byRoot := map[int][]*fingerprint.File{}
	var roots []int
	for i, f := range files {
		if !u.in(i) {
			continue
		}
		r := u.find(i)
		if byRoot[r] == nil {
			roots = append(roots, r)
		}
		byRoot[r] = append(byRoot[r], f)
	}
	var parts [][]*fingerprint.File
	for _, r := range roots {
		parts = append(parts, byRoot[r])
	}
	opt.Corpus = &fingerprint.Corpus{Sketch: sk, SharedNearKeys: shared, PartKeys: part}
	return parts, opt
}

// sketchOf builds the sketch of files in pieces, merged through their
// encoding.
func sketchOf(t *testing.T, files []*fingerprint.File, pieces int) *fingerprint.Sketch {
	t.Helper()
	windows := 0
	for _, f := range files {
		windows += f.Windows()
	}
	sk := fingerprint.NewSketch(windows)
	for p := range pieces {
		part := fingerprint.NewSketch(windows)
		for i := p; i < len(files); i += pieces {
			part.Add(files[i])
		}
		b, err := part.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var back fingerprint.Sketch
		if err := back.UnmarshalBinary(b); err != nil {
			t.Fatal(err)
		}
		if err := sk.Merge(&back); err != nil {
			t.Fatal(err)
		}
	}
	return sk
}

// nearLinks joins the files of near-miss candidates in u, or, when
// MaxOccurrences lets a near key pair more than NearKeyLimit units, the
// files of each shared near key; and the files whose part keys chain
// (see partLinks). It returns the shared near keys and the part keys.
func nearLinks(files []*fingerprint.File, opt fingerprint.Options, u *unionFind) (shared, part []uint32) {
	if !opt.Near {
		return nil, nil
	}
	type unitRef struct{ file, unit int }
	units := make([][]fingerprint.NearUnit, len(files))
	holders := map[uint32][]unitRef{}
	for i, f := range files {
		units[i] = fingerprint.NearUnits(f, opt)
		for j, nu := range units[i] {
			for _, k := range nu.Keys {
				holders[k] = append(holders[k], unitRef{i, j})
			}
		}
	}
	long := opt.MaxOccurrences <= 0 || opt.MaxOccurrences > fingerprint.NearKeyLimit
	kept := map[unitRef]int{}
	pairs := map[[2]unitRef]int{}
	for k, hs := range holders {
		if len(hs) < 2 || len(hs) > fingerprint.NearKeyLimit && !long {
			continue
		}
		shared = append(shared, k)
		if len(hs) <= fingerprint.PartKeyLimit {
			part = append(part, k)
		}
		if long {
			for _, h := range hs {
				u.union(hs[0].file, h.file)
			}
			continue
		}
		for x, a := range hs {
			kept[a]++
			for _, b := range hs[x+1:] {
				ua, ub := units[a.file][a.unit], units[b.file][b.unit]
				if a.file == b.file && ua.Overlaps(ub) || !fingerprint.NearSizesFit(opt, ua.Size, ub.Size) {
					continue
				}
				pairs[[2]unitRef{a, b}]++
			}
		}
	}
	for p, n := range pairs {
		if fingerprint.NearCandidate(n, kept[p[0]], kept[p[1]]) {
			u.union(p[0].file, p[1].file)
		}
	}
	slices.Sort(shared)
	slices.Sort(part)
	partLinks(files, opt, part, u)
	return shared, part
}

// partLinks joins in u the files whose places of part keys chain (see
// fingerprint.PartLinked), a file with itself too. The files are sorted
// by name.
func partLinks(files []*fingerprint.File, opt fingerprint.Options, part []uint32, u *unionFind) {
	type place struct{ file, pos, end int32 }
	byKey := map[uint32][]place{}
	for i, f := range files {
		for _, u := range fingerprint.NearUnitsPlaced(f, opt) {
			for k, key := range u.Keys {
				if _, ok := slices.BinarySearch(part, key); ok && u.Places != nil {
					for _, pos := range u.Places[k] {
						byKey[key] = append(byKey[key], place{int32(i), pos, u.Tok0 + u.Size})
					}
				}
			}
		}
	}
	hits := map[[2]int32][]fingerprint.PartHit{}
	for key, ps := range byKey {
		for _, x := range ps {
			for _, y := range ps {
				// Within a file, places of one outermost unit chain none.
				if x.file < y.file || x.file == y.file && x.pos < y.pos && x.end != y.end {
					hits[[2]int32{x.file, y.file}] = append(hits[[2]int32{x.file, y.file}], fingerprint.PartHit{Key: key, A: x.pos, B: y.pos, EndA: x.end, EndB: y.end})
				}
			}
		}
	}
	for fs, hs := range hits {
		if fingerprint.PartLinked(opt, hs) {
			u.union(int(fs[0]), int(fs[1]))
		}
	}
}

// A unionFind joins files into parts; a file joined with none is in none.
type unionFind struct{ parent []int }

func newUnionFind(n int) *unionFind {
	u := &unionFind{make([]int, n)}
	for i := range u.parent {
		u.parent[i] = -1
	}
	return u
}

func (u *unionFind) in(i int) bool { return u.parent[i] >= 0 }

func (u *unionFind) find(i int) int {
	if u.parent[i] < 0 {
		u.parent[i] = i
	}
	for u.parent[i] != i {
		u.parent[i] = u.parent[u.parent[i]]
		i = u.parent[i]
	}
	return i
}

func (u *unionFind) union(a, b int) {
	if ra, rb := u.find(a), u.find(b); ra != rb {
		u.parent[rb] = ra
	}
}

// TestParts checks that runs over the parts of a corpus, given the
// corpus's sketch and common near keys, find the classes a run over the
// whole corpus finds.
func TestParts(t *testing.T) {
	src := filepath.Join(build.Default.GOROOT, "src")
	dirs := []string{"encoding/...", "go/...", "image/..."}
	if testing.Short() {
		dirs = []string{"encoding/..."}
	}
	var args []string
	for _, d := range dirs {
		args = append(args, filepath.Join(src, d))
	}
	paths, errs := load.Resolve(args, load.Options{Tests: true})
	if len(errs) > 0 || len(paths) == 0 {
		t.Skipf("no standard library sources: %v", errs)
	}
	for _, opt := range []fingerprint.Options{
		{MinTokens: 100, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85},
		{MinTokens: 50, MinLines: 3, MaxOccurrences: 3, Near: true, Similarity: 0.7},
		{MinTokens: 50, MinLines: 3, MaxOccurrences: 0, Near: true, Similarity: 0.85},
		// Without near-miss clones the parts are many and small.
		{MinTokens: 100, MinLines: 6, MaxOccurrences: 10},
		{MinTokens: 30, MinLines: 3, MaxOccurrences: 5},
	} {
		t.Run(fmt.Sprintf("min-tokens=%d,max-occurrences=%d,near=%v", opt.MinTokens, opt.MaxOccurrences, opt.Near), func(t *testing.T) {
			files := load.Parse(paths, load.Options{Tests: true, MinTokens: opt.MinTokens}).Files
			want := fingerprint.Detect(files, opt)
			if len(want) == 0 {
				t.Fatal("no classes in the corpus: the test shows nothing")
			}
			parts, partOpt := partsOf(t, files, opt, 3)
			var got []fingerprint.Class
			for _, p := range parts {
				got = append(got, fingerprint.Detect(p, partOpt)...)
			}
			fingerprint.SortClasses(got)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%d parts found %d classes, the whole %d:\nparts: %v\nwhole: %v", len(parts), len(got), len(want), firstDiff(got, want), firstDiff(want, got))
			}
			// Given, in place of the sketch, its answers for their
			// files' windows (as the Beam pipeline gives them, its
			// sketch split across workers), the parts find them too.
			got = nil
			for _, p := range parts {
				var keys []uint64
				for _, f := range p {
					keys = append(keys, f.CandidateKeys(partOpt.Corpus.Sketch, opt.MaxOccurrences)...)
				}
				o := partOpt
				o.Corpus = &fingerprint.Corpus{Windows: fingerprint.CandidateWindows(keys), SharedNearKeys: partOpt.Corpus.SharedNearKeys, PartKeys: partOpt.Corpus.PartKeys}
				got = append(got, fingerprint.Detect(p, o)...)
			}
			fingerprint.SortClasses(got)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("given their candidates, %d parts found %d classes, the whole %d:\nparts: %v\nwhole: %v", len(parts), len(got), len(want), firstDiff(got, want), firstDiff(want, got))
			}
			t.Logf("%d files, %d parts, the largest of %d files, %d classes", len(files), len(parts), largest(parts), len(want))
		})
	}
}

// firstDiff returns the first class of a that b lacks.
func firstDiff(a, b []fingerprint.Class) any {
	for _, c := range a {
		if !slices.ContainsFunc(b, func(d fingerprint.Class) bool { return reflect.DeepEqual(c, d) }) {
			return c
		}
	}
	return nil
}

func largest(parts [][]*fingerprint.File) int {
	n := 0
	for _, p := range parts {
		n = max(n, len(p))
	}
	return n
}

// TestSketchEncoding checks that a sketch decodes to one that answers as
// it does, and that a damaged one is an error.
func TestSketchEncoding(t *testing.T) {
	files := load.Parse([]string{"detect.go", "near.go", "group.go"}, load.Options{MinTokens: 30}).Files
	sk := fingerprint.NewSketch(1000)
	for _, f := range files {
		sk.Add(f)
		sk.Add(f) // every key twice
	}
	b, err := sk.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var back fingerprint.Sketch
	if err := back.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		for _, fp := range f.Keys() {
			if !back.Candidate(fp, 0) {
				t.Errorf("%s: key %x seen twice is no candidate after decoding", f.Name, fp)
			}
		}
	}
	for _, bad := range [][]byte{nil, b[:10], b[:len(b)-1], append(slices.Clone(b), 0)} {
		if err := back.UnmarshalBinary(bad); err == nil {
			t.Errorf("a sketch of %d bytes (of %d) decoded without an error", len(bad), len(b))
		}
	}
	if err := sk.Merge(fingerprint.NewSketch(999)); err == nil {
		t.Error("sketches sized differently merged")
	}
	// A sketch that says it is sized for 1,000 windows and holds the
	// tables of one sized for 50,000 decodes (its parts agree), and is
	// refused by a merge rather than read past the tables' end.
	small, err := fingerprint.NewSketch(1000).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	large, err := fingerprint.NewSketch(50000).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	head := func(windows uint64) int { return len(binary.AppendUvarint([]byte("ccsk1"), windows)) }
	mixed := append(slices.Clone(small[:head(1000)]), large[head(50000):]...)
	var other fingerprint.Sketch
	if err := other.UnmarshalBinary(mixed); err != nil {
		t.Fatal(err)
	}
	if err := fingerprint.NewSketch(1000).Merge(&other); err == nil {
		t.Error("a sketch whose tables are sized for other windows merged")
	}
	// A Bloom filter of no bits, of no or too many hash functions, or
	// whose bit set is not of its bits or not all there, is refused when
	// decoded, and decoding allocates nothing of the size it claims.
	at := head(1000)
	_, n := binary.Uvarint(small[at:])
	at += n // the first filter: bits, hash functions, bit set's length, words
	m := binary.BigEndian.Uint64(small[at:])
	for _, c := range []struct{ m, k, length uint64 }{
		{0, 7, 0}, {m, 0, m}, {m, 1 << 62, m}, {m, 7, m - 64}, {1 << 33, 7, 1 << 33}, {1<<64 - 1, 7, 1<<64 - 1},
	} {
		bad := slices.Clone(small)
		binary.BigEndian.PutUint64(bad[at:], c.m)
		binary.BigEndian.PutUint64(bad[at+8:], c.k)
		binary.BigEndian.PutUint64(bad[at+16:], c.length)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		err := other.UnmarshalBinary(bad)
		runtime.ReadMemStats(&after)
		if err == nil {
			t.Errorf("a Bloom filter of %d bits, %d hash functions and a bit set of %d bits decoded", c.m, c.k, c.length)
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
			t.Errorf("decoding a Bloom filter of %d bits allocated %d bytes", c.m, grew)
		}
	}
}
