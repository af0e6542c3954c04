package cli

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/change"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/hostile"
	"github.com/copycat-go/copycat/load"
)

// TestPartners checks the files the base step detects over: those that
// share a key of the edited code with the base's files, but not through
// a key that more than -max-occurrences files hold (boilerplate), and
// only among the files the change left alone.
func TestPartners(t *testing.T) {
	rare := func(pkg string) string {
		return fmt.Sprintf("package %s\n\nfunc Merge(a, b []int) []int {\n\tout := make([]int, 0, len(a)+len(b))\n\tfor len(a) > 0 && len(b) > 0 {\n\t\tif a[0] <= b[0] {\n\t\t\tout, a = append(out, a[0]), a[1:]\n\t\t} else {\n\t\t\tout, b = append(out, b[0]), b[1:]\n\t\t}\n\t}\n\treturn append(append(out, a...), b...)\n}\n", pkg)
	}
	common := func(pkg string) string {
		return fmt.Sprintf("package %s\n\nfunc Close(c interface{ Close() error }, err *error) {\n\tif cerr := c.Close(); cerr != nil && *err == nil {\n\t\t*err = cerr\n\t}\n\tif *err != nil {\n\t\t*err = fmt.Errorf(\"closing: %%w\", *err)\n\t}\n}\n", pkg)
	}
	var ix fingerprint.Indexer
	index := func(name, src string) *fingerprint.File {
		f, errs := load.Source(&ix, name, []byte(src), 20)
		if f == nil {
			t.Fatalf("%s: %v", name, errs)
		}
		return f
	}
	base := index("base.go", rare("base")+strings.TrimPrefix(common("base"), "package base\n"))
	keys := map[uint64][]int32{}
	base.EachKey(func(k uint64) { keys[k] = nil })
	var files []*fingerprint.File
	var want []string
	for i := range 3 {
		f := index(fmt.Sprintf("rare%d.go", i), rare("p"))
		files = append(files, f)
		if i > 0 { // rare0.go is a file the change edited
			want = append(want, f.Name)
		}
	}
	for i := range 12 {
		files = append(files, index(fmt.Sprintf("common%d.go", i), common("p")))
	}
	untouched := func(f *fingerprint.File) bool { return f.Name != "rare0.go" }
	var got []string
	for _, f := range partners(files, keys, 10, untouched) {
		got = append(got, f.Name)
	}
	if !slices.Equal(got, want) {
		t.Errorf("partners = %v, want %v", got, want)
	}
	// With no limit on occurrences, boilerplate is no reason to leave a
	// file out.
	for k := range keys {
		keys[k] = nil
	}
	if n := len(partners(files, keys, 0, untouched)); n != 14 {
		t.Errorf("with no limit: %d partners, want 14", n)
	}
}

// joinsByScan is how broken asked whether a class of the tree joins a,
// a copy the change edited, to b, an untouched one, before fragIndex:
// every fragment of every class, for each pair. fragIndex must answer as
// it did.
func joinsByScan(classes []fingerprint.Class, a fingerprint.Fragment, added []fingerprint.LineRange, b fingerprint.Fragment) bool {
	overlaps := func(x, y fingerprint.Fragment) bool {
		return x.File == y.File && x.Start.Line <= y.End.Line && y.Start.Line <= x.End.Line
	}
	holds := func(x fingerprint.Fragment) bool {
		if len(added) == 0 {
			return overlaps(x, a)
		}
		for _, r := range added {
			if x.File != a.File || r.Start < x.Start.Line || r.End > x.End.Line {
				return false
			}
		}
		return true
	}
	for _, cl := range classes {
		hasA, hasB := false, false
		for _, fr := range cl.Fragments {
			hasA = hasA || holds(fr)
			hasB = hasB || overlaps(fr, b)
		}
		if hasA && hasB {
			return true
		}
	}
	return false
}

// Over random classes of a few files, an untouched copy is joined to an
// edited one by fragIndex exactly when the scan of every class found so.
func TestFragIndexAsScan(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	frag := func() fingerprint.Fragment {
		start := 1 + r.IntN(60)
		return fingerprint.Fragment{File: fmt.Sprintf("f%d.go", r.IntN(3)),
			Start: fingerprint.Position{Line: start}, End: fingerprint.Position{Line: start + r.IntN(15)}}
	}
	for range 3000 {
		classes := make([]fingerprint.Class, r.IntN(5))
		for i := range classes {
			for range 1 + r.IntN(4) {
				classes[i].Fragments = append(classes[i].Fragments, frag())
			}
		}
		type edit struct {
			fr    fingerprint.Fragment
			added []fingerprint.LineRange
		}
		edits := make([]edit, 1+r.IntN(3))
		for i := range edits {
			e := &edits[i]
			e.fr = frag()
			for l := e.fr.Start.Line; l <= e.fr.End.Line; l++ {
				if r.IntN(4) == 0 {
					e.added = append(e.added, fingerprint.LineRange{Start: l, End: min(l+r.IntN(3), e.fr.End.Line)})
					l = e.added[len(e.added)-1].End + 1
				}
			}
		}
		x := newFragIndex(classes)
		holding := map[int]bool{}
		for _, e := range edits {
			x.holding(e.fr, e.added, holding)
		}
		for range 5 {
			u := frag()
			want := slices.ContainsFunc(edits, func(e edit) bool { return joinsByScan(classes, e.fr, e.added, u) })
			if got := x.overlaps(u, holding); got != want {
				t.Fatalf("classes %v, edits %v, untouched %v: joined %v, want %v", classes, edits, u, got, want)
			}
		}
	}
}

// A base class of n copies, ten a file, whose copies in half the files
// the change edited apart (five lines added in each): its forgotten
// twins are found reading the tree's fragments about linearly, at most
// 2.6 times from n to 2n copies. Each untouched copy asked every class
// whether it joins it to each edited copy: 1,600 copies took 13-20 s.
func TestBrokenHostile(t *testing.T) {
	read := func(n int) int {
		const per, size, gap = 10, 20, 25 // copies a file, their lines, and from one start to the next
		files := n / per
		var base, edited, untouched fingerprint.Class
		var diff strings.Builder
		for f := range files {
			name := fmt.Sprintf("p/f%04d.go", f)
			changed := f < files/2
			if changed {
				fmt.Fprintf(&diff, "--- a/%s\n+++ b/%s\n", name, name)
			}
			for k := range per {
				start := 1 + k*gap
				base.Fragments = append(base.Fragments, fragmentAt(name, start, start+size-1))
				if !changed {
					untouched.Fragments = append(untouched.Fragments, fragmentAt(name, start, start+size-1))
					continue
				}
				at := start + size/2 // five lines added after it
				fmt.Fprintf(&diff, "@@ -%d,0 +%d,5 @@\n+a\n+b\n+c\n+d\n+e\n", at, at+5*k+1)
				edited.Fragments = append(edited.Fragments, fragmentAt(name, start+5*k, start+5*k+size+4))
			}
		}
		parsed, err := change.ParseDiff(strings.NewReader(diff.String()))
		if err != nil {
			t.Fatal(err)
		}
		x := newFragIndex([]fingerprint.Class{edited, untouched})
		cl, v, ok := broken(base, parsed, x)
		if !ok || v.Kind != change.ForgottenTwin || len(cl.Fragments) != n {
			t.Fatalf("%d copies: broken gave %v, %d copies, %v; want a forgotten twin of them all", n, ok, len(cl.Fragments), v.Kind)
		}
		return x.read
	}
	const n = 400
	small, large := read(n), read(2*n)
	hostile.Linear(t, "fragments read", small, large)
}

func fragmentAt(file string, first, last int) fingerprint.Fragment {
	return fingerprint.Fragment{File: file, Start: fingerprint.Position{Line: first, Column: 1}, End: fingerprint.Position{Line: last, Column: 2}}
}
