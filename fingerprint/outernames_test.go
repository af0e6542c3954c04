package fingerprint

import (
	"fmt"
	"go/token"
	"slices"
	"strings"
	"testing"
)

// TestOuterNamesAsReadAll pins outerNames, which reads what a function
// declared before a := statement only for a statement that names its own
// names right of its :=, to the reading it replaced, which read it for
// every one: the same tokens marked, for every block and every statement
// of go/*'s files, and of a file of := statements inside closures inside
// parentheses (whose reading is cut where each such statement starts),
// var groups, parameters assigned again, and lists of more names than
// outerNames caps.
func TestOuterNamesAsReadAll(t *testing.T) {
	srcs := goTexts(t)
	var b strings.Builder
	b.WriteString("package p\n\nvar url = 1\n\n")
	for i := range 40 {
		fmt.Fprintf(&b, `func f%d(dst []byte, n int) ([]byte, error) {
	var (
		a = func() int { z := 1; return z }()
		y, w = 1, 2
	)
	dst, err := g(dst, a)
	h(func() error {
		conn, err := conn.Dial(url, y)
		x := func(n int) int { n, m := n+1, w; m, k := k, m; return n + m + k }(n)
		dst, q := dst[x:], q%d
		return err
	}(), url)
	a1, a2, a3, a4, a5, a6, a7, a8, a9, url := a9, url, 1, 2, 3, 4, 5, 6, 7, 8
	b1, b2, w := b2, w, y
	for i := range n {
		url, i := url+i, i*2
		_ = url
	}
	return dst, err
}

`, i, i)
	}
	srcs["zz/own.go"] = b.String()
	files := indexSources(t, 50, srcs)
	d := &detector{files: files, opt: Options{MinTokens: 50, MinLines: 6, Near: true, Similarity: 0.85}}
	spans, marked := 0, 0
	for fi, f := range files {
		check := func(s span) {
			want := d.outerNamesReadAll(s)
			if got := d.outerNames(s); !slices.Equal(got, want) {
				t.Fatalf("%s, units %d-%d: marked %v, want %v", f.Name, s.first, s.last, trueAt(got), trueAt(want))
			}
			spans++
			marked += len(trueAt(want))
		}
		for _, bl := range f.blocks {
			if bl.last > bl.first {
				check(span{int32(fi), bl.first, bl.last - 1})
			}
		}
		for ui, u := range f.units {
			if k := u.tok0; k+1 < u.tok1 && isName(f.codes[k]) && token.Token(f.codes[k+1]) == token.DEFINE {
				check(span{int32(fi), int32(ui), int32(ui)})
			}
		}
	}
	if spans < 10000 || marked < 100 {
		t.Errorf("%d spans, %d tokens marked: the test shows little", spans, marked)
	}
}

// trueAt lists the indexes at which bs is true.
func trueAt(bs []bool) []int {
	var at []int
	for i, b := range bs {
		if b {
			at = append(at, i)
		}
	}
	return at
}

// outerNamesReadAll is outerNames as it was before it read what the
// function declared only for the statements that name their own names:
// it read it for every := statement, up to the statement's start.
func (d *detector) outerNamesReadAll(s span) []bool {
	f := d.files[s.file]
	t0, t1 := d.tokens(s)
	out := make([]bool, t1-t0)
	declared := map[uint64]bool{} // names declared before the statement read
	next := d.declaredFrom(s)     // declared holds those before next
	f.unitsIn(t0, t1, func(i int32) {
		u := f.units[i]
		define := defineAt(f, u)
		if define < 0 {
			return
		}
		if next < u.tok0 {
			d.declaredBy(f, next, u.tok0, declared)
			next = u.tok0
		}
		selfNamed(f, u, define, func(val uint64) bool { return !declared[val] }, func(t int32) { out[t-t0] = true })
	})
	return out
}
