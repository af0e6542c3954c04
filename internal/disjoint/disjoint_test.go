package disjoint

import (
	"slices"
	"testing"
)

func TestSets(t *testing.T) {
	var s Sets[string]
	for _, p := range [][2]string{{"a", "b"}, {"c", "d"}, {"b", "c"}, {"e", "e"}, {"f", "g"}} {
		s.Union(s.ID(p[0]), s.ID(p[1]))
	}
	if got, want := s.Keys(), []string{"a", "b", "c", "d", "e", "f", "g"}; !slices.Equal(got, want) {
		t.Fatalf("keys %v, want %v", got, want)
	}
	roots := map[string]string{}
	for i, k := range s.Keys() {
		roots[k] = s.Keys()[s.Find(int32(i))]
	}
	want := map[string]string{"a": "a", "b": "a", "c": "a", "d": "a", "e": "e", "f": "f", "g": "f"}
	for k, r := range want {
		if roots[k] != r {
			t.Errorf("root of %s is %s, want %s", k, roots[k], r)
		}
	}
	if s.ID("c") != 2 {
		t.Errorf("ID(c) = %d, want the number it was given, 2", s.ID("c"))
	}
	// The root of the first argument's set stays the root.
	if r := s.Union(s.ID("f"), s.ID("a")); s.Keys()[r] != "f" || s.Find(s.ID("d")) != r {
		t.Errorf("Union(f, a) = %s, and d's root %s; want f for both", s.Keys()[r], s.Keys()[s.Find(s.ID("d"))])
	}
}
