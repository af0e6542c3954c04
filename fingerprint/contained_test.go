package fingerprint

import (
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
