package fingerprint

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestNearStarTakesCopies: a file pasted whole beside a pair of near
// copies (Median and MedianOrNaN, pasted as Middle and MiddleOrNaN) makes
// one class of four; the copy of the pair's other function was left out of
// the star whose centre it is an exact copy of, and reported only with
// that copy, a fragment in two classes.
func TestNearStarTakesCopies(t *testing.T) {
	median := `package %s

import (
	"math"
	"sort"
)

func %s(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := make([]float64, len(xs))
	copy(s, xs)
	sort.Float64s(s)
	n := len(s)
	if n%%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func %sOrNaN(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := make([]float64, len(xs))
	copy(s, xs)
	sort.Float64s(s)
	n := len(s)
	if n%%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
`
	o := opts()
	o.Near, o.Similarity = true, 0.8
	got := describe(detect(t, o, map[string]string{
		"stats/median.go": fmt.Sprintf(median, "stats", "Median", "Median"),
		"more/middle.go":  fmt.Sprintf(median, "more", "Middle", "Middle"),
	}))
	if len(got) != 1 || strings.Count(got[0], ".go:") != 4 {
		t.Errorf("classes %q, want one of the four functions", got)
	}
	// Four copies are more than -max-occurrences 3 allows: the star
	// takes none, and keeps its class of three.
	o.MaxOccurrences = 3
	got = describe(detect(t, o, map[string]string{
		"stats/median.go": fmt.Sprintf(median, "stats", "Median", "Median"),
		"more/middle.go":  fmt.Sprintf(median, "more", "Middle", "Middle"),
	}))
	if !slices.ContainsFunc(got, func(c string) bool { return strings.HasPrefix(c, "near ") && strings.Count(c, ".go:") == 3 }) {
		t.Errorf("-max-occurrences 3: classes %q, want the near class of three", got)
	}
}

// TestRunFocused: the classes of RunFocused are those of Run with a copy
// in a file of the focus, drift and all.
func TestRunFocused(t *testing.T) {
	body := "func %s(xs []int, limit int) (int, error) {\n\ttotal := 0\n\tfor i, x := range xs {\n\t\tif x < 0 {\n\t\t\treturn 0, fmt.Errorf(\"negative %%d at %%d\", x, i)\n\t\t}\n\t\ttotal += x\n\t\tif total > limit {\n\t\t\treturn limit, nil\n\t\t}\n\t}\n\treturn total, nil\n}\n"
	srcs := map[string]string{
		"a.go": "package p\n\n" + fmt.Sprintf(body, "A"),
		"b.go": "package p\n\n" + fmt.Sprintf(body, "B"),
		"c.go": "package p\n\n" + strings.Replace(fmt.Sprintf(body, "C"), "\t\tif x < 0 {\n\t\t\treturn 0, fmt.Errorf(\"negative %d at %d\", x, i)\n\t\t}\n", "", 1),
		"d.go": "package p\n\n" + fmt.Sprintf(body, "D") + "\n" + strings.ReplaceAll(fmt.Sprintf(body, "E"), "total", "sum"),
	}
	o := opts()
	o.Near, o.Similarity = true, 0.8
	files := indexSources(t, o.MinTokens, srcs)
	all := Run(files, o).Classes
	for _, focus := range [][]string{{"a.go"}, {"c.go"}, {"d.go"}, {"a.go", "d.go"}, {}} {
		var want []Class
		for _, c := range all {
			if slices.ContainsFunc(c.Fragments, func(f Fragment) bool { return slices.Contains(focus, f.File) }) {
				want = append(want, c)
			}
		}
		got := RunFocused(files, o, focus).Classes
		// The classes a class holds are those made: out of focus, none.
		for i := range got {
			got[i].Contained = nil
		}
		want = slices.Clone(want)
		for i := range want {
			want[i].Contained = nil
		}
		if (len(got) > 0 || len(want) > 0) && !reflect.DeepEqual(got, want) {
			t.Errorf("focus %q: %q, want %q", focus, describe(got), describe(want))
		}
	}
}

// On real code too: the classes of RunFocused, for a few files of five
// standard-library packages in turn, are those of Run with a copy in them.
// The focused runs go as the editor's do: over the same files, each
// reading what the runs before kept on them (nearmemo.go), with the
// verdicts of the runs before, and with the file in focus alone and then
// with the files its classes reach too (an edit's focus: the file and
// the files of its former classes).
func TestRunFocusedStandardLibrary(t *testing.T) {
	o := opts()
	o.MinTokens, o.Near, o.Similarity = 50, true, 0.8
	files := stdFiles(t, o.MinTokens)
	all := Run(files, o).Classes
	strip := func(cs []Class) []Class {
		cs = slices.Clone(cs)
		for i := range cs {
			cs[i].Contained = nil
		}
		return cs
	}
	checked := 0
	verdicts := &Verdicts{}
	inFocus := func(c Class, focus []string) bool {
		return slices.ContainsFunc(c.Fragments, func(fr Fragment) bool { return slices.Contains(focus, fr.File) })
	}
	for _, f := range files {
		reached := []string{f.Name}
		for _, c := range all {
			if inFocus(c, reached[:1]) {
				for _, fr := range c.Fragments {
					if !slices.Contains(reached, fr.File) {
						reached = append(reached, fr.File)
					}
				}
			}
		}
		for _, focus := range [][]string{reached[:1], reached} {
			var want []Class
			for _, c := range all {
				if inFocus(c, focus) {
					want = append(want, c)
				}
			}
			fo := o
			fo.Verdicts = verdicts
			res := RunFocused(files, fo, focus)
			verdicts = verdicts.Merge(res.Verdicts, 1<<20)
			got := res.Classes
			if len(got)+len(want) == 0 {
				continue
			}
			checked++
			if g, w := strip(got), strip(want); !reflect.DeepEqual(g, w) {
				t.Errorf("focus %q: %d classes %q\nwant %d %q", focus, len(g), describe(g), len(w), describe(w))
			}
			if len(reached) == 1 {
				break
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d focus sets with classes", checked)
	}
	t.Logf("%d focus sets with classes, of %d files, %d classes in all", checked, len(files), len(all))
}

// TestNearLeftoverStar: W is a near copy of Y alone, and Y went to the
// star of X, which has more near copies (Y, Z, V); W was in no class,
// though go vet, seeing Y's package alone, listed the pair. It now has a
// class of its own with Y, whose ID is not the star's.
func TestNearLeftoverStar(t *testing.T) {
	base := []string{
		"n := len(xs)",
		"if n == 0 { return nil, errEmpty }",
		"out := make([]int, 0, n)",
		"for _, x := range xs { out = append(out, x*2) }",
		"sort.Ints(out)",
		"total := 0",
		"for i := range out { total += out[i] }",
		"if total > limit { return nil, fmt.Errorf(\"over %d\", total) }",
		"mean := total / n",
		"log.Printf(\"mean %d of %d\", mean, n)",
		"seen := map[int]bool{}",
		"for _, x := range out { seen[x] = true }",
	}
	edits := map[int]string{
		3:  "for j := 0; j < n; j++ { out[j] <<= 1 }",
		7:  "defer close(done)",
		9:  "select { case <-ctx.Done(): return nil, ctx.Err(); default: }",
		11: "switch { case n > 3: seen[n] = true }",
	}
	fn := func(name string, edited ...int) string {
		lines := slices.Clone(base)
		for _, e := range edited {
			lines[e] = edits[e]
		}
		return fmt.Sprintf("func %s(xs []int, limit int) ([]int, error) {\n\t%s\n\treturn out, nil\n}\n", name, strings.Join(lines, "\n\t"))
	}
	o := opts()
	o.Near, o.Similarity = true, 0.9
	var ids []string
	for _, y := range []string{"y/y.go", "a/y.go"} { // Y and W last, then first
		classes := detect(t, o, map[string]string{
			"x/x.go": "package x\n\n" + fn("X"),
			y:        "package y\n\n" + fn("Y", 9) + "\n" + fn("W", 9, 7),
			"z/z.go": "package z\n\n" + fn("Z", 3),
			"v/v.go": "package v\n\n" + fn("V", 11),
		})
		var star, pair *Class
		for i, c := range classes {
			switch d := describe(classes[i : i+1])[0]; {
			case c.Kind == Near && len(c.Fragments) == 4:
				star = &classes[i]
			case d == "near "+y+":3-17 "+y+":19-33":
				pair = &classes[i]
			}
		}
		if star == nil || pair == nil {
			t.Fatalf("%s: classes %q, want X's star of four and the pair of Y and W", y, describe(classes))
		}
		if pair.ID == star.ID {
			t.Errorf("%s: the pair's ID is the star's, %s", y, pair.ID)
		}
		ids = append(ids, pair.ID)
	}
	if ids[0] != ids[1] {
		t.Errorf("the pair's ID depends on its file's name: %s, %s", ids[0], ids[1])
	}
}
