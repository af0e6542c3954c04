package fingerprint

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestDropContained(t *testing.T) {
	fr := func(file string, l0, l1 int) Fragment {
		return Fragment{File: file, Start: Position{l0, 1}, End: Position{l1, 2}}
	}
	class := func(id string, k Kind, frs ...Fragment) Class { return Class{ID: id, Kind: k, Fragments: frs} }
	tests := []struct {
		name    string
		classes []Class
		want    []string // IDs kept
	}{{
		name: "two renamed copies among three near ones",
		classes: []Class{
			class("r", Renamed, fr("a.go", 10, 20), fr("b.go", 10, 20)),
			class("n", Near, fr("a.go", 10, 20), fr("b.go", 10, 20), fr("c.go", 5, 16)),
		},
		want: []string{"n"},
	}, {
		name: "a near pair inside a larger renamed pair",
		classes: []Class{
			class("n", Near, fr("a.go", 11, 19), fr("b.go", 12, 20)),
			class("r", Renamed, fr("a.go", 10, 20), fr("b.go", 10, 20)),
		},
		want: []string{"r"},
	}, {
		name: "the same copies: the more precise kind stays",
		classes: []Class{
			class("n", Near, fr("a.go", 10, 20), fr("b.go", 10, 20)),
			class("e", Exact, fr("a.go", 10, 20), fr("b.go", 10, 20)),
		},
		want: []string{"e"},
	}, {
		name: "a repeat inside one copy of a larger clone stays",
		classes: []Class{
			class("inner", Exact, fr("a.go", 12, 15), fr("a.go", 16, 19)),
			class("outer", Renamed, fr("a.go", 10, 20), fr("b.go", 10, 20)),
		},
		want: []string{"inner", "outer"},
	}, {
		name: "more copies than the container stay",
		classes: []Class{
			class("three", Exact, fr("a.go", 12, 15), fr("b.go", 12, 15), fr("c.go", 1, 4)),
			class("two", Renamed, fr("a.go", 10, 20), fr("b.go", 10, 20)),
		},
		want: []string{"three", "two"},
	}, {
		name: "a copy outside the other class stays",
		classes: []Class{
			class("x", Exact, fr("a.go", 12, 15), fr("c.go", 12, 15)),
			class("y", Renamed, fr("a.go", 10, 20), fr("b.go", 10, 20)),
		},
		want: []string{"x", "y"},
	}, {
		name: "the same copies shifted by a line or two: the larger stays",
		classes: []Class{
			{ID: "a", Kind: Renamed, Tokens: 120, Fragments: []Fragment{fr("a.go", 238, 256), fr("b.go", 664, 682)}},
			{ID: "b", Kind: Renamed, Tokens: 110, Fragments: []Fragment{fr("a.go", 240, 257), fr("b.go", 666, 683)}},
		},
		want: []string{"a"},
	}, {
		name: "an exact class and a near one of the same copies shifted: the exact one stays",
		classes: []Class{
			{ID: "e", Kind: Exact, Tokens: 150, Fragments: []Fragment{fr("a.go", 499, 521), fr("b.go", 349, 371)}},
			{ID: "n", Kind: Near, Tokens: 160, Fragments: []Fragment{fr("a.go", 500, 520), fr("b.go", 348, 372)}},
		},
		want: []string{"e"},
	}, {
		name: "copies mostly inside a larger clone's",
		classes: []Class{
			class("part", Exact, fr("a.go", 18, 25), fr("b.go", 8, 15)),
			class("whole", Renamed, fr("a.go", 10, 22), fr("b.go", 1, 12)),
		},
		want: []string{"whole"},
	}, {
		name: "copies that overlap by half their lines or less stay",
		classes: []Class{
			class("tail", Exact, fr("a.go", 20, 29), fr("b.go", 20, 29)),
			class("head", Renamed, fr("a.go", 10, 24), fr("b.go", 10, 24)),
		},
		want: []string{"head", "tail"},
	}, {
		// A function of 34 lines pasted whole, 19 of them a block it
		// shares with another function and its paste: the paste was
		// said only as one more copy of the block.
		name: "copies mostly over a shorter class's, more than half as long again, stay",
		classes: []Class{
			class("block", Renamed, fr("a.go", 14, 32), fr("a.go", 51, 69), fr("b.go", 14, 32), fr("b.go", 51, 69)),
			class("function", Renamed, fr("a.go", 48, 81), fr("b.go", 48, 81)),
		},
		want: []string{"block", "function"},
	}, {
		name: "one copy overlapping, the other apart",
		classes: []Class{
			class("x", Exact, fr("a.go", 11, 19), fr("c.go", 11, 19)),
			class("y", Renamed, fr("a.go", 10, 20), fr("b.go", 10, 20)),
		},
		want: []string{"x", "y"},
	}, {
		name: "a class held only by one that is left out stays",
		classes: []Class{
			class("first", Exact, fr("a.go", 1, 10), fr("b.go", 1, 10)),
			class("second", Exact, fr("a.go", 4, 20), fr("b.go", 4, 20)),
			class("third", Exact, fr("a.go", 12, 40), fr("b.go", 12, 40)),
		},
		want: []string{"first", "third"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i := range 10 {
				in := slices.Clone(tt.classes)
				rand.New(rand.NewPCG(uint64(i), 1)).Shuffle(len(in), func(a, b int) { in[a], in[b] = in[b], in[a] })
				var got []string
				for _, c := range DropContained(in) {
					got = append(got, c.ID)
				}
				slices.Sort(got)
				if !slices.Equal(got, tt.want) {
					t.Fatalf("order %d: kept %q, want %q", i, got, tt.want)
				}
			}
		})
	}
}

// The class that stays remembers the classes it holds, through a chain.
func TestDropContainedRemembers(t *testing.T) {
	fr := func(file string, l0, l1 int) Fragment {
		return Fragment{File: file, Start: Position{l0, 1}, End: Position{l1, 2}}
	}
	classes := []Class{
		{ID: "small", Kind: Exact, Fragments: []Fragment{fr("a.go", 12, 15), fr("b.go", 12, 15)}},
		{ID: "middle", Kind: Renamed, Fragments: []Fragment{fr("a.go", 10, 20), fr("b.go", 10, 20)}},
		{ID: "large", Kind: Near, Fragments: []Fragment{fr("a.go", 10, 20), fr("b.go", 10, 20), fr("c.go", 1, 12)}},
	}
	kept := DropContained(classes)
	if len(kept) != 1 || kept[0].ID != "large" {
		t.Fatalf("kept %v, want the large class alone", kept)
	}
	want := []ClassRef{{"middle", Renamed, 2}, {"small", Exact, 2}}
	if !slices.Equal(kept[0].Contained, want) {
		t.Errorf("contained %v, want %v", kept[0].Contained, want)
	}
}

// Many classes in one file, one of them spanning the others: each class
// is left out into the first class, in the classes' order, that holds it
// and stays, whatever the lines of the others; a copy that shares one
// line with another, or half its lines, is not inside it (half, whose
// other half is in edge).
func TestDropContainedManyInOneFile(t *testing.T) {
	fr := func(file string, l0, l1 int) Fragment {
		return Fragment{File: file, Start: Position{l0, 1}, End: Position{l1, 2}}
	}
	classes := []Class{
		{ID: "wide", Kind: Near, Tokens: 300, Fragments: []Fragment{fr("a.go", 500, 520), fr("b.go", 500, 520), fr("c.go", 1, 21)}},
		{ID: "long", Kind: Renamed, Tokens: 5000, Fragments: []Fragment{fr("a.go", 1, 1000), fr("b.go", 1, 1000)}},
		{ID: "edge", Kind: Exact, Tokens: 60, Fragments: []Fragment{fr("a.go", 1000, 1010), fr("b.go", 1000, 1010)}},
		{ID: "half", Kind: Exact, Tokens: 60, Fragments: []Fragment{fr("a.go", 996, 1005), fr("b.go", 996, 1005)}},
		{ID: "tail", Kind: Exact, Tokens: 60, Fragments: []Fragment{fr("a.go", 995, 1004), fr("b.go", 995, 1004)}},
	}
	var inLong []ClassRef
	for i := range 50 {
		id := fmt.Sprintf("s%02d", i)
		classes = append(classes, Class{ID: id, Kind: Exact, Tokens: 50, Fragments: []Fragment{fr("a.go", 10+20*i, 20+20*i), fr("b.go", 10+20*i, 20+20*i)}})
		if i != 25 { // a.go 510-520, inside wide, which comes first
			inLong = append(inLong, ClassRef{id, Exact, 2})
		}
	}
	inLong = append(inLong, ClassRef{"tail", Exact, 2})
	var got []string
	contained := map[string][]ClassRef{}
	for _, c := range DropContained(classes) {
		got = append(got, c.ID)
		contained[c.ID] = c.Contained
	}
	if want := []string{"wide", "long", "edge"}; !slices.Equal(got, want) {
		t.Fatalf("kept %q, want %q", got, want)
	}
	if want := []ClassRef{{"s25", Exact, 2}}; !slices.Equal(contained["wide"], want) {
		t.Errorf("wide holds %v, want %v", contained["wide"], want)
	}
	if !slices.Equal(contained["long"], inLong) {
		t.Errorf("long holds %v, want %v", contained["long"], inLong)
	}
	if want := []ClassRef{{"half", Exact, 2}}; !slices.Equal(contained["edge"], want) {
		t.Errorf("edge holds %v, want %v", contained["edge"], want)
	}
}

// A class's copies are matched to the other class's in their order, each
// to the first copy of the other that none before it took: whether a
// class is held depends on that order, as it did when every two copies
// were compared.
func TestDropContainedFirstFree(t *testing.T) {
	fr := func(l0, l1 int) Fragment { return Fragment{File: "a.go", Start: Position{l0, 1}, End: Position{l1, 2}} }
	d := Class{ID: "d", Kind: Renamed, Tokens: 200, Fragments: []Fragment{fr(1, 20), fr(15, 30)}}
	for _, tc := range []struct {
		c    Class
		want []string
	}{
		{Class{ID: "c", Kind: Exact, Tokens: 50, Fragments: []Fragment{fr(2, 10), fr(12, 20)}}, []string{"d"}},
		{Class{ID: "c", Kind: Exact, Tokens: 50, Fragments: []Fragment{fr(12, 20), fr(2, 10)}}, []string{"d", "c"}},
	} {
		var got []string
		for _, k := range DropContained([]Class{d, tc.c}) {
			got = append(got, k.ID)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("copies %v: kept %q, want %q", tc.c.Fragments, got, tc.want)
		}
	}
}
