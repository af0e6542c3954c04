package fingerprint_test

import (
	"fmt"
	"go/build"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// partsOf splits files as a distributed run does: every file that shares
// a candidate key or a near key that is neither single nor common with a
// file (itself included) goes into the part of the files it shares one
// with. It returns the parts, each sorted by name, with the options a run
// over a part takes.
func partsOf(t *testing.T, files []*fingerprint.File, opt fingerprint.Options, pieces int) ([][]*fingerprint.File, fingerprint.Options) {
	t.Helper()
	windows := 0
	for _, f := range files {
		windows += f.Windows()
	}
	// The sketch, built in pieces and merged, through its encoding.
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
	units := map[uint32]int{} // near key: the units that hold it
	for _, f := range files {
		if !opt.Near {
			break
		}
		for _, g := range fingerprint.NearGrams(f, opt) {
			units[g]++
		}
	}
	long := opt.MaxOccurrences <= 0 || opt.MaxOccurrences > fingerprint.NearKeyLimit
	var common []uint32
	parent := make([]int, len(files))
	for i := range parent {
		parent[i] = -1 // not in any part
	}
	find := func(i int) int {
		if parent[i] < 0 {
			parent[i] = i
		}
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	byKey := map[string]int{} // the first file of each key
	link := func(key string, i int) {
		if first, ok := byKey[key]; ok {
			parent[find(i)] = find(first)
			return
		}
		byKey[key] = i
		find(i)
	}
	for i, f := range files {
		for _, fp := range f.CandidateKeys(sk, opt.MaxOccurrences) {
			link(fmt.Sprint("w", fp), i)
		}
		for _, g := range fingerprint.NearGrams(f, opt) {
			if n := units[g]; n >= 2 && (n <= fingerprint.NearKeyLimit || long) {
				link(fmt.Sprint("n", g), i)
			}
		}
	}
	for g, n := range units {
		if n > fingerprint.NearKeyLimit {
			common = append(common, g)
		}
	}
	slices.Sort(common)
	byRoot := map[int][]*fingerprint.File{}
	var roots []int
	for i, f := range files {
		if parent[i] < 0 {
			continue
		}
		r := find(i)
		if byRoot[r] == nil {
			roots = append(roots, r)
		}
		byRoot[r] = append(byRoot[r], f)
	}
	var parts [][]*fingerprint.File
	for _, r := range roots {
		parts = append(parts, byRoot[r])
	}
	opt.Corpus = &fingerprint.Corpus{Sketch: sk, CommonNearKeys: common}
	return parts, opt
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
}
