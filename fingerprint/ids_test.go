package fingerprint

import (
	"slices"
	"testing"
)

// Two classes that hold copies of one text can be named by one hash
// (ydb-go-sdk's metrics/query.go: a class of six copies and one of two):
// the first in the classes' order keeps it, the other gets an ID no
// class has, the same whatever order the classes came in, and a second
// sort changes nothing.
func TestUniqueIDs(t *testing.T) {
	frag := func(file string, line int) Fragment {
		return Fragment{File: file, Start: Position{Line: line, Column: 1}, End: Position{Line: line + 19, Column: 2}}
	}
	classes := func() []Class {
		return []Class{
			{ID: "aa", Kind: Near, Tokens: 90, Fragments: []Fragment{frag("metrics/query.go", 405), frag("metrics/query.go", 427)}},
			{ID: "bb", Kind: Exact, Tokens: 60, Fragments: []Fragment{frag("a.go", 1), frag("b.go", 1)}},
			{ID: "aa", Kind: Near, Tokens: 90, Fragments: []Fragment{frag("metrics/query.go", 139), frag("metrics/query.go", 182)}},
		}
	}
	want := classes()
	SortClasses(want)
	ids := map[string]bool{}
	for _, c := range want {
		if ids[c.ID] {
			t.Fatalf("ID %s twice after SortClasses: %+v", c.ID, want)
		}
		ids[c.ID] = true
	}
	if want[1].ID != "aa" || want[1].Fragments[0].Start.Line != 139 {
		t.Errorf("the first class of ID aa in order (metrics/query.go:139) does not keep it: %+v", want)
	}
	for _, order := range [][]int{{2, 1, 0}, {1, 2, 0}} {
		cs := classes()
		in := make([]Class, len(cs))
		for i, j := range order {
			in[i] = cs[j]
		}
		SortClasses(in)
		if !slices.EqualFunc(in, want, func(a, b Class) bool { return a.ID == b.ID }) {
			t.Errorf("order %v: IDs %v, want %v", order, idsOf(in), idsOf(want))
		}
	}
	again := slices.Clone(want)
	SortClasses(again)
	if !slices.Equal(idsOf(again), idsOf(want)) {
		t.Errorf("sorted twice: IDs %v, want %v", idsOf(again), idsOf(want))
	}
}

func idsOf(cs []Class) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

// A class's ID does not depend on the directory its files are named
// under: copycat names a module's files by their directory in the module
// cache and copycat-dist by path@version, and their reports are the same
// bytes but for the names.
func TestUniqueIDsWherever(t *testing.T) {
	frag := func(file string, line int) Fragment {
		return Fragment{File: file, Start: Position{Line: line, Column: 2}, End: Position{Line: line + 17, Column: 3}}
	}
	classes := func(dir string) []Class {
		cs := []Class{
			{ID: "aa", Kind: Near, Tokens: 164, Fragments: []Fragment{frag(dir+"filedesc/desc_init.go", 207), frag(dir+"filedesc/desc_init.go", 410)}},
			{ID: "aa", Kind: Near, Tokens: 164, Fragments: []Fragment{frag(dir+"filedesc/desc_init.go", 225), frag(dir+"filedesc/desc_init.go", 401)}},
		}
		SortClasses(cs)
		return cs
	}
	want := idsOf(classes("/root/go/pkg/mod/google.golang.org/protobuf@v1.36.12/internal/"))
	if want[0] == want[1] {
		t.Fatalf("IDs %v: one twice", want)
	}
	for _, dir := range []string{"google.golang.org/protobuf@v1.36.12/internal/", "", "../x/"} {
		if got := idsOf(classes(dir)); !slices.Equal(got, want) {
			t.Errorf("files under %q: IDs %v, want %v", dir, got, want)
		}
	}
}
