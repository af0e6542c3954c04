package fingerprint

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// paintedInnermost is innermostUnits as it was: each unit of s paints
// its tokens, the largest first, so that the smallest holding a token
// paints it last (of two of the same size, the later).
func paintedInnermost(d *detector, s span) []int32 {
	f := d.files[s.file]
	t0, t1 := d.tokens(s)
	var us []int32
	f.unitsIn(t0, t1, func(i int32) { us = append(us, i) })
	slices.SortFunc(us, func(x, y int32) int {
		return cmp.Or(cmp.Compare(f.units[y].tok1-f.units[y].tok0, f.units[x].tok1-f.units[x].tok0), cmp.Compare(x, y))
	})
	inner := filled(int(t1-t0), -1)
	for _, u := range us {
		fill(inner[f.units[u].tok0-t0:f.units[u].tok1-t0], u)
	}
	return inner
}

// TestInnermostUnitsAsPainted holds innermostUnits, one sweep of the
// tokens, to the painting it replaced, over the spans of every unit and
// random runs of units of some of the standard library's files and of
// nested statements; and the tokens it reads (Work.DriftTokens) to the
// span's, where the painting read each token once for every unit holding
// it.
func TestInnermostUnitsAsPainted(t *testing.T) {
	srcs := map[string]string{}
	for _, dir := range []string{"go/parser", "go/printer", "fmt", "strings", "net/http/internal"} {
		names, _ := filepath.Glob(filepath.Join(runtime.GOROOT(), "src", dir, "*.go"))
		for _, name := range names {
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			srcs[dir+"/"+filepath.Base(name)] = string(b)
		}
	}
	var nested strings.Builder
	nested.WriteString("package p\n\nfunc f(a int) int {\n")
	for i := range 300 {
		fmt.Fprintf(&nested, "if a > %d {\n\ta += %d; { a++ }\n", i, i)
	}
	nested.WriteString(strings.Repeat("}\n", 300) + "return a\n}\n")
	srcs["nested.go"] = nested.String()
	files := indexSources(t, 20, srcs)
	d := &detector{files: files}
	r := rand.New(rand.NewPCG(1, 2))
	spans := 0
	for fi, f := range files {
		n := int32(len(f.units))
		check := func(s span) {
			t.Helper()
			spans++
			if got, want := d.innermostUnits(s), paintedInnermost(d, s); !slices.Equal(got, want) {
				t.Fatalf("%s, units %d to %d: innermost %v, painted %v", f.Name, s.first, s.last, got, want)
			}
		}
		for i := range n {
			check(span{int32(fi), i, i})
			if j := i + r.Int32N(min(n-i, 20)); f.units[j].tok1 >= f.units[i].tok0 {
				check(span{int32(fi), i, j})
			}
		}
	}
	if spans < 10_000 {
		t.Fatalf("only %d spans checked", spans)
	}
	// The nested function's span, read once.
	f := files[slices.IndexFunc(files, func(f *File) bool { return f.Name == "nested.go" })]
	fn := slices.IndexFunc(f.units, func(u unit) bool { return u.fn })
	s := span{int32(slices.Index(files, f)), int32(fn), int32(fn)}
	t0, t1 := d.tokens(s)
	d.work.DriftTokens = 0
	d.innermostUnits(s)
	if d.work.DriftTokens != int64(t1-t0) {
		t.Errorf("innermostUnits read %d tokens of a span of %d", d.work.DriftTokens, t1-t0)
	}
}
