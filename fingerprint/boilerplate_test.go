package fingerprint

import (
	"fmt"
	"maps"
	"slices"
	"testing"
)

// A Result names the lines of the windows it held back as boilerplate,
// by file: a function pasted into more files than MaxOccurrences allows
// makes no class, and a change's report says its lines were such code.
// Within the limit nothing is held back; the lines are the same whatever
// the workers.
func TestBoilerplateLines(t *testing.T) {
	fn := func(name string) string {
		return "package p\n\nimport \"strings\"\n\n" +
			"func " + name + `(xs []string, lim int) (int, error) {
	total := 0
	for i, x := range xs {
		if x == "" {
			return 0, errEmpty(i)
		}
		switch {
		case strings.HasPrefix(x, "#"):
			continue
		case len(x) > lim:
			x = x[:lim]
		}
		total += len(strings.Fields(x)) * 2
	}
	for j := 0; j < 3; j++ {
		total = total<<1 | j
	}
	return total, nil
}
`
	}
	srcs := map[string]string{}
	for i := range 5 {
		name := fmt.Sprintf("f%d.go", i)
		srcs[name] = fn(fmt.Sprintf("F%d", i))
	}
	files := indexSources(t, 50, srcs)
	over := Run(files, Options{MinTokens: 50, MinLines: 6, MaxOccurrences: 4, Workers: 1})
	if len(over.Classes) != 0 || over.Work.Boilerplate == 0 {
		t.Fatalf("five copies past -max-occurrences 4: %d classes, %d windows held back; want none and some", len(over.Classes), over.Work.Boilerplate)
	}
	want := map[string][]LineRange{}
	for name := range srcs {
		// The function, lines 5 to 23.
		want[name] = []LineRange{{5, 23}}
	}
	if !maps.EqualFunc(over.Boilerplate, want, slices.Equal) {
		t.Errorf("boilerplate lines %v, want %v", over.Boilerplate, want)
	}
	if got := Run(files, Options{MinTokens: 50, MinLines: 6, MaxOccurrences: 4, Workers: 3}).Boilerplate; !maps.EqualFunc(got, over.Boilerplate, slices.Equal) {
		t.Errorf("with 3 workers, boilerplate lines %v, want %v", got, over.Boilerplate)
	}
	for _, max := range []int{5, 0} {
		within := Run(files, Options{MinTokens: 50, MinLines: 6, MaxOccurrences: max})
		if len(within.Classes) != 1 || within.Boilerplate != nil {
			t.Errorf("-max-occurrences %d: %d classes, boilerplate lines %v; want one class and none", max, len(within.Classes), within.Boilerplate)
		}
	}
}

func TestMergeLines(t *testing.T) {
	got := MergeLines([]LineRange{{10, 12}, {1, 3}, {4, 5}, {11, 20}, {30, 30}, {2, 2}})
	if want := []LineRange{{1, 5}, {10, 20}, {30, 30}}; !slices.Equal(got, want) {
		t.Errorf("MergeLines = %v, want %v", got, want)
	}
}
