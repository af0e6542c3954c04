package change

import (
	"fmt"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
)

// Hold keeps a forgotten twin forgotten unless it holds, layout aside,
// each run of lines the change wrote into its copy with the lines around
// it.
func TestHold(t *testing.T) {
	// Lines 1-8 of each file are the copy.
	copyOf := func(lines ...string) string { return strings.Join(lines, "\n") + "\n" }
	base := []string{"func f(xs []int) int {", "\tn := 0", "\tfor _, x := range xs {", "\t\tn += x", "\t}", "\tlog(n)", "\treturn n", "}"}
	edited := append(append(append([]string{}, base[:4]...), "\t\tif n > 9 {", "\t\t\tbreak", "\t\t}"), base[4:]...)
	frag := func(name string, lines int) fingerprint.Fragment {
		return fingerprint.Fragment{File: name, Start: fingerprint.Position{Line: 1}, End: fingerprint.Position{Line: lines}}
	}
	for _, tc := range []struct {
		name   string
		a      []string // the edited copy
		added  []int    // its lines the change added
		b      []string // its twin, left as it was
		want   bool
		reason string
	}{
		{"the twin has the lines", edited, []int{5, 6, 7}, edited, true, ""},
		{"the twin has them, laid out otherwise", edited, []int{5, 6, 7},
			append(append(append([]string{}, base[:4]...), "        if n >  9 {", "", "\t\t\tbreak", "\t\t}"), base[4:]...), true, ""},
		{"the twin lacks them", edited, []int{5, 6, 7}, base, false, "the twin is forgotten"},
		{"the twin has them elsewhere", edited, []int{5, 6, 7},
			append(append(append([]string{}, base[:2]...), "\t\tif n > 9 {", "\t\t\tbreak", "\t\t}"), base[2:]...), false, "the lines around the edit differ"},
		{"a comment written", append(append(append([]string{}, base[:4]...), "\t\t// sum"), base[4:]...), []int{5},
			append(append(append([]string{}, base[:4]...), "\t\t// sum"), base[4:]...), false, "no code written"},
	} {
		files := map[string]string{"/r/a.go": copyOf(tc.a...), "/r/b.go": copyOf(tc.b...)}
		f := &File{}
		for _, l := range tc.added {
			f.add(l)
		}
		ch := NewChange("/r", map[string]*File{"a.go": f})
		cl := fingerprint.Class{Fragments: []fingerprint.Fragment{frag("/r/a.go", len(tc.a)), frag("/r/b.go", len(tc.b))}}
		v := ch.Judge(cl)
		if v.Kind != ForgottenTwin {
			t.Fatalf("%s: judged %q", tc.name, v.Kind)
		}
		ch.Hold(cl, &v, func(name string) ([]byte, error) {
			src, ok := files[name]
			if !ok {
				return nil, fmt.Errorf("no %s", name)
			}
			return []byte(src), nil
		})
		if got := v.Held(1); got != tc.want || (v.Kind == ForgottenTwin) == tc.want {
			t.Errorf("%s: held %v, kind %q; want held %v (%s)", tc.name, got, v.Kind, tc.want, tc.reason)
		}
	}
}
