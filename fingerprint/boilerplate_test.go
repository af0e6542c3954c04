package fingerprint

import (
	"encoding/binary"
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
	srcs := map[string]string{}
	for i := range 5 {
		name := fmt.Sprintf("f%d.go", i)
		srcs[name] = pastedFunc(fmt.Sprintf("F%d", i))
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

// A window the only one of its fingerprint is not held back, whatever
// the sketch says of it: the Bloom filters of sketches merged from the
// workers call some fingerprints seen once seen twice, by how the files
// were split between the workers, and the Count-Min sketch may count one
// past the limit. Here the sketch is made to say both of lone.go's
// function, which must not change what is held back: the lines of the
// five pastes, which WindowLines of the fingerprints held back gives too.
func TestBoilerplateSeenOnce(t *testing.T) {
	srcs := map[string]string{"lone.go": `package p

func Lone(m map[string]int, keys []string) (out []string) {
	for _, k := range keys {
		if v, ok := m[k]; ok && v > 3 {
			out = append(out, k+"="+string(rune('a'+v)))
			continue
		}
		if len(k) > 10 {
			k = k[:10] + "..."
		}
		out = append(out, "missing "+k)
	}
	return out
}
`}
	for i := range 5 {
		srcs[fmt.Sprintf("f%d.go", i)] = pastedFunc(fmt.Sprintf("F%d", i))
	}
	files := indexSources(t, 50, srcs)
	opt := Options{MinTokens: 50, MinLines: 6, MaxOccurrences: 4, Workers: 1}
	d := &detector{files: files, opt: opt}
	sk := d.windowSketch()
	lone := files[slices.IndexFunc(files, func(f *File) bool { return f.Name == "lone.go" })]
	if len(lone.windows) == 0 {
		t.Fatal("lone.go has no window: the test shows nothing")
	}
	for _, w := range lone.windows {
		binary.LittleEndian.PutUint64(sk.buf[:], w.fp)
		sk.twice.Add(sk.buf[:])
		for range 2 * opt.MaxOccurrences {
			sk.counts.add(w.fp)
		}
		if sk.repeated(w.fp, opt.MaxOccurrences) || !sk.repeated(w.fp, 0) {
			t.Fatal("the sketch does not call lone.go's window seen more than the limit: the test shows nothing")
		}
	}
	d.candidates(sk)
	want := map[string][]LineRange{}
	for i := range 5 {
		want[fmt.Sprintf("f%d.go", i)] = []LineRange{{5, 23}}
	}
	if !maps.EqualFunc(d.boilerplate, want, slices.Equal) {
		t.Errorf("boilerplate lines %v, want %v", d.boilerplate, want)
	}
	if n := d.work.Boilerplate; n != 5*int64(len(files[0].windows)) {
		t.Errorf("%d windows held back, want the pastes' %d", n, 5*len(files[0].windows))
	}
	held := map[uint64]bool{}
	for _, w := range files[0].windows {
		held[w.fp] = true
	}
	for _, f := range files {
		if got := f.WindowLines(func(fp uint64) bool { return held[fp] }); !slices.Equal(got, want[f.Name]) {
			t.Errorf("%s: WindowLines = %v, want %v", f.Name, got, want[f.Name])
		}
	}
}

// pastedFunc is a file of package p holding a function of 19 lines
// (lines 5 to 23) named name, the same whatever the name.
func pastedFunc(name string) string {
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

func TestMergeLines(t *testing.T) {
	got := MergeLines([]LineRange{{10, 12}, {1, 3}, {4, 5}, {11, 20}, {30, 30}, {2, 2}})
	if want := []LineRange{{1, 5}, {10, 20}, {30, 30}}; !slices.Equal(got, want) {
		t.Errorf("MergeLines = %v, want %v", got, want)
	}
}
