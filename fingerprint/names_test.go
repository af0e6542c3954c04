package fingerprint

import (
	"strings"
	"testing"
)

// Names counts the distinct pairs of names a copy differs from the first
// in: none for an exact copy, each renamed name once however often it is
// used, the copied function's own name and locals both copies declare
// (x := …) never; in a near copy, the names its alignment matches, those
// around an edit with them.
func TestClassNames(t *testing.T) {
	const fn = `package p

func NAME(in []int, lim int) (out []int, err error) {
	for _, v := range in {
		if v > lim {
			return nil, errTooBig
		}
		if v < 0 {
			continue
		}
		out = append(out, v*2)
		total += v
	}
	if len(out) == 0 {
		return nil, errEmpty
	}
	record(len(out), total)
	return out, nil
}
`
	edit := func(name string, pairs ...string) string {
		return strings.NewReplacer(append([]string{"NAME", name}, pairs...)...).Replace(fn)
	}
	o := Options{MinTokens: 30, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.8, Workers: 2}
	for _, tc := range []struct {
		name string
		b    string
		kind Kind
		want int
	}{
		{"exact", edit("f"), Exact, 0},
		{"own name only", edit("g"), Exact, 0},
		{"a local renamed", edit("g", "v", "w"), Renamed, 0},
		{"a parameter renamed", edit("g", "lim", "max"), Renamed, 1},
		{"two names, one used three times", edit("g", "lim", "max", "errTooBig", "errLarge"), Renamed, 2},
		{"a call and a field", edit("g", "record", "report", "total", "sum"), Renamed, 2},
		{"near: a name and an operator", edit("g", "errEmpty", "errNone", "v*2", "v+2"), Near, 1},
		// The inserted log(out) is matched with record(len(out), total),
		// so their names pair up: three pairs more than errEmpty's.
		{"near: a name and a statement more", edit("g", "errEmpty", "errNone", "\trecord(", "\tlog(out)\n\trecord("), Near, 4},
	} {
		classes := detect(t, o, map[string]string{"a.go": edit("f"), "b.go": tc.b})
		if len(classes) != 1 {
			t.Errorf("%s: %v, want one class", tc.name, describe(classes))
			continue
		}
		if c := classes[0]; c.Kind != tc.kind || c.Names != tc.want {
			t.Errorf("%s: %s class with %d names, want %s with %d", tc.name, c.Kind, c.Names, tc.kind, tc.want)
		}
	}
}
