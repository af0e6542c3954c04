package report

import (
	"slices"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
)

// copyIn is a ten-line fragment of file with drifts.
func copyIn(file string, drifts ...fingerprint.Drift) fingerprint.Fragment {
	f := frag(1, 1, 10, 2)
	f.File, f.Drift = file, drifts
	return f
}

// files lists the files of c's fragments in their order.
func files(c fingerprint.Class) []string {
	var out []string
	for _, f := range c.Fragments {
		out = append(out, f.File)
	}
	return out
}

func TestDriftPairFirst(t *testing.T) {
	guard := fingerprint.Drift{Kind: fingerprint.DriftLacks, Step: fingerprint.StepGuard,
		Lines: fingerprint.LineRange{Start: 3, End: 3}, TwinLines: fingerprint.LineRange{Start: 4, End: 6}}
	changed := fingerprint.Drift{Kind: fingerprint.DriftChanged, Lines: fingerprint.LineRange{Start: 5, End: 5},
		TwinLines: fingerprint.LineRange{Start: 5, End: 5}}
	at := func(d fingerprint.Drift, twin int) fingerprint.Drift { d.Twin = twin; return d }

	t.Run("the copy that lacks comes second", func(t *testing.T) {
		c := fingerprint.Class{Divergent: true, Fragments: []fingerprint.Fragment{
			copyIn("a.go"), copyIn("b.go", at(changed, 0)), copyIn("c.go"), copyIn("d.go", at(guard, 0))}}
		words := DriftWords(c, 3)
		c2 := []fingerprint.Class{c}
		DriftPairFirst(c2)
		if got, want := files(c2[0]), []string{"a.go", "d.go", "b.go", "c.go"}; !slices.Equal(got, want) {
			t.Fatalf("order %v, want %v", got, want)
		}
		if got := DriftWords(c2[0], 1); !slices.Equal(got, words) {
			t.Errorf("words %q after, %q before", got, words)
		}
		if tw := c2[0].Fragments[2].Drift[0].Twin; tw != 0 {
			t.Errorf("b.go's twin is %d, want 0", tw)
		}
	})
	t.Run("the first copy lacks: its twin comes second", func(t *testing.T) {
		c := []fingerprint.Class{{Divergent: true, Fragments: []fingerprint.Fragment{
			copyIn("a.go", at(guard, 2)), copyIn("b.go"), copyIn("c.go", at(guard, 0))}}}
		DriftPairFirst(c)
		if got, want := files(c[0]), []string{"a.go", "c.go", "b.go"}; !slices.Equal(got, want) {
			t.Fatalf("order %v, want %v", got, want)
		}
		if tw := c[0].Fragments[0].Drift[0].Twin; tw != 1 {
			t.Errorf("a.go's twin is %d, want 1 (c.go)", tw)
		}
	})
	// A drift between two later copies (a string naming a third copy's
	// function) shows the copy that drifted.
	t.Run("no drift with the first: the copy that drifted comes second", func(t *testing.T) {
		c := []fingerprint.Class{{Divergent: true, Fragments: []fingerprint.Fragment{
			copyIn("a.go"), copyIn("b.go"), copyIn("c.go", at(guard, 1))}}}
		DriftPairFirst(c)
		if got, want := files(c[0]), []string{"a.go", "c.go", "b.go"}; !slices.Equal(got, want) {
			t.Fatalf("order %v, want %v", got, want)
		}
		if tw := c[0].Fragments[1].Drift[0].Twin; tw != 2 {
			t.Errorf("c.go's twin is %d, want 2 (b.go)", tw)
		}
	})
	t.Run("left as it is", func(t *testing.T) {
		for name, c := range map[string]fingerprint.Class{
			"pair already first": {Divergent: true, Fragments: []fingerprint.Fragment{copyIn("a.go"), copyIn("b.go", at(guard, 0)), copyIn("c.go", at(changed, 0))}},
			"two copies":         {Divergent: true, Fragments: []fingerprint.Fragment{copyIn("a.go"), copyIn("b.go", at(guard, 0))}},
			"not drifted":        {Fragments: []fingerprint.Fragment{copyIn("a.go"), copyIn("b.go"), copyIn("c.go", at(changed, 0))}},
		} {
			want := files(c)
			cs := []fingerprint.Class{c}
			DriftPairFirst(cs)
			if got := files(cs[0]); !slices.Equal(got, want) {
				t.Errorf("%s: order %v, want %v", name, got, want)
			}
		}
	})
}
