package fingerprint

import (
	"cmp"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// undominatedNaive is undominated without its index: every pair kept so
// far is tested, the largest first.
func (d *detector) undominatedNaive(pairs []pair) []pair {
	size := func(p pair) int32 { t0, t1 := d.tokens(p.a); return t1 - t0 }
	bySize := slices.Clone(pairs)
	slices.SortStableFunc(bySize, func(x, y pair) int { return cmp.Compare(size(y), size(x)) })
	var kept []pair
	for _, p := range bySize {
		if !slices.ContainsFunc(kept, func(q pair) bool { return d.place(q).dominates(d.place(p)) }) {
			kept = append(kept, p)
		}
	}
	slices.SortFunc(kept, comparePairs)
	return kept
}

// undominated, with its index and its keys looked up once, keeps what
// testing every pair against every larger one keeps, for exact pairs
// (whose spans have the same size) and near-miss pairs.
func TestUndominatedMatchesNaive(t *testing.T) {
	files := stdFiles(t, 30)
	d := &detector{files: files, opt: Options{MinTokens: 30, MinLines: 3, MaxOccurrences: 10, Near: true, Similarity: 0.8}}
	slices.SortFunc(d.files, func(a, b *File) int { return cmp.Compare(a.Name, b.Name) })
	exact := d.extendAll(d.seedGroups(d.candidates(d.windowSketch())))
	units := d.nearUnits() // every unit pairs as itself under MaxOccurrences 10
	cands, _ := d.nearCandidates(units)
	near, _ := d.verify(units, cands)
	for _, tc := range []struct {
		name     string
		pairs    []pair
		sameSize bool
	}{{"exact", exact, true}, {"near", near, false}} {
		pairs := slices.Clone(tc.pairs)
		slices.SortFunc(pairs, comparePairs)
		got, want := d.undominated(slices.Clone(pairs), tc.sameSize), d.undominatedNaive(pairs)
		if len(want) == len(pairs) {
			t.Errorf("%s: no pair of %d is dominated: the test proves nothing", tc.name, len(pairs))
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: undominated keeps %d of %d pairs, testing every pair %d", tc.name, len(got), len(pairs), len(want))
		}
		if !strictlySorted(pairs) {
			t.Errorf("%s: the sorted pairs are not strictly sorted: the test leaves the pairs' order untried", tc.name)
		}
		// Pairs out of order, or with two alike, are kept as sorting
		// them gives.
		rng := rand.New(rand.NewSource(1))
		shuffled := slices.Clone(pairs)
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		twice := append(slices.Clone(pairs), pairs[:len(pairs)/3]...)
		slices.SortStableFunc(twice, comparePairs)
		for _, ps := range [][]pair{shuffled, twice} {
			if strictlySorted(ps) {
				t.Fatalf("%s: %d pairs strictly sorted", tc.name, len(ps))
			}
			got, want := d.undominated(slices.Clone(ps), tc.sameSize), d.undominatedNaive(ps)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s, unsorted: undominated keeps %d of %d pairs, testing every pair %d", tc.name, len(got), len(ps), len(want))
			}
		}
	}
}

// A class's size is its smallest copy's, and its ID the same, whichever
// file name sorts first: a near class read "148 tokens, 14 lines" with its
// short copy in a.go and "171 tokens, 17 lines" once a.go was renamed
// z.go, and took a new ID, which a baseline read as a new class.
func TestNearClassSameWhicheverCopyIsFirst(t *testing.T) {
	short := `package p

func Export(rows []Row, w io.Writer) error {
	var total int
	for _, r := range rows {
		total += r.Amount
		if _, err := fmt.Fprintf(w, "%s,%d,%d\n", r.Name, r.Amount, total); err != nil {
			return fmt.Errorf("export %s: %w", r.Name, err)
		}
		if r.Amount > 1000 {
			log.Printf("large row %s", r.Name)
		}
	}
	_, err := fmt.Fprintf(w, "total,%d\n", total)
	return err
}
`
	long := strings.Replace(short, "\tfor _, r := range rows {\n", "\tfor _, r := range rows {\n\t\tif r.Name == \"\" {\n\t\t\treturn errors.New(\"a row without a name\")\n\t\t}\n", 1)
	opt := Options{MinTokens: 40, MinLines: 6, Near: true, Similarity: 0.8, Workers: 1}
	var sizes [][2]int
	var ids []string
	for _, names := range [][2]string{{"a.go", "b.go"}, {"z.go", "b.go"}} {
		cs := detect(t, opt, map[string]string{names[0]: short, names[1]: long})
		if len(cs) != 1 || cs[0].Kind != Near {
			t.Fatalf("%v: classes %q, want one near class", names, describe(cs))
		}
		sizes = append(sizes, [2]int{cs[0].Tokens, cs[0].Lines})
		ids = append(ids, cs[0].ID)
	}
	if ids[0] != ids[1] {
		t.Errorf("IDs with the short copy first %s, last %s; want one", ids[0], ids[1])
	}
	if sizes[0] != sizes[1] || sizes[0][1] != 14 {
		t.Errorf("tokens and lines with the short copy first %v, last %v; want the same, 14 lines", sizes[0], sizes[1])
	}
}

// largestFirst's keys give the order a stable sort of the placed pairs
// by size, largest first, gives, on random sizes with many ties.
func TestLargestFirstIsStable(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for iter := range 500 {
		placed := make([]placedPair, rng.Intn(200))
		for i := range placed {
			t0 := int32(rng.Intn(1000))
			placed[i].a = placedSpan{file: int32(rng.Intn(3)), t0: t0, t1: t0 + int32(rng.Intn(1+iter%40))}
		}
		want := make([]int, len(placed))
		for i := range want {
			want[i] = i
		}
		slices.SortStableFunc(want, func(x, y int) int { return cmp.Compare(placed[y].a.size(), placed[x].a.size()) })
		got := make([]int, 0, len(placed))
		for _, k := range largestFirst(placed) {
			got = append(got, int(uint32(k)))
		}
		if !slices.Equal(got, want) {
			t.Fatalf("sizes of %v: order %v, want %v", placed, got, want)
		}
	}
}

// sortClasses orders classes as a sort of the classes themselves by the
// same comparison does, ties (classes that differ only in what the
// comparison does not read) in the same order, whatever order they came
// in.
func TestSortClassesAsSortedInPlace(t *testing.T) {
	classes := Detect(indexSources(t, 30, typesSources(t, 40)), Options{MinTokens: 30, MinLines: 3, Near: true, Similarity: 0.8})
	if len(classes) < 20 {
		t.Fatalf("%d classes: the test shows little", len(classes))
	}
	// Ties: copies that differ in their kind, similarity or names only.
	for i := range len(classes) / 3 {
		c := classes[3*i]
		c.Fragments = slices.Clone(c.Fragments)
		c.Kind, c.Similarity, c.Names = Near, 0.5+float64(i)/1000, i
		classes = append(classes, c)
	}
	rng := rand.New(rand.NewSource(9))
	for range 20 {
		rng.Shuffle(len(classes), func(i, j int) { classes[i], classes[j] = classes[j], classes[i] })
		for _, c := range classes {
			rng.Shuffle(len(c.Fragments), func(i, j int) { c.Fragments[i], c.Fragments[j] = c.Fragments[j], c.Fragments[i] })
		}
		want := make([]Class, len(classes))
		for i, c := range classes {
			want[i] = c
			want[i].Fragments = slices.Clone(c.Fragments)
			slices.SortFunc(want[i].Fragments, CompareFragments)
		}
		// The sort sortClasses made before it sorted indexes.
		slices.SortFunc(want, func(a, b Class) int {
			return cmp.Or(CompareFragments(a.Fragments[0], b.Fragments[0]),
				cmp.Compare(b.Tokens, a.Tokens), cmp.Compare(a.ID, b.ID),
				slices.CompareFunc(a.Fragments, b.Fragments, CompareFragments))
		})
		got := slices.Clone(classes)
		for i := range got {
			got[i].Fragments = slices.Clone(got[i].Fragments)
		}
		sortClasses(got)
		if !reflect.DeepEqual(got, want) {
			t.Fatal("sortClasses ordered the classes otherwise than a sort of them in place")
		}
	}
}
