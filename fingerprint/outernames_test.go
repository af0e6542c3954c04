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
	srcs := map[string]string{}
	for _, g := range goSources(t) {
		if g.f != nil {
			srcs[g.path] = string(g.src)
		}
	}
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
// it read it for every := statement.
func (d *detector) outerNamesReadAll(s span) []bool {
	f := d.files[s.file]
	t0, t1 := d.tokens(s)
	out := make([]bool, t1-t0)
	var lhs []uint64
	declared := map[uint64]bool{} // names declared before the statement read
	next := t0                    // declared holds those before next
	if _, _, fn, ok := d.funcName(s); ok && f.units[fn].tok0 < t0 {
		next = f.units[fn].tok0
	}
	f.unitsIn(t0, t1, func(i int32) {
		u := f.units[i]
		// The statement's own names, left of its :=, alone or in a list.
		k := u.tok0
		for k+1 < u.tok1 && isName(f.codes[k]) && token.Token(f.codes[k+1]) == token.COMMA {
			k += 2
		}
		if u.fn || k+1 >= u.tok1 || !isName(f.codes[k]) || token.Token(f.codes[k+1]) != token.DEFINE {
			return
		}
		define := k + 1
		if next < u.tok0 {
			d.declaredBy(f, next, u.tok0, declared)
			next = u.tok0
		}
		// Read up to the statement's first brace: what a func literal or
		// a composite literal holds is left alone, and each token is read
		// for one statement at most, however deep := statements nest in
		// closures.
		lhs = lhs[:0]
		v := u.val0
		for t := u.tok0; t < u.tok1 && token.Token(f.codes[t]) != token.LBRACE; t++ {
			c := f.codes[t]
			if !hasValue(c) {
				continue
			}
			val := f.vals[v]
			v++
			switch {
			case t < define:
				if !declared[val] && len(lhs) < maxOuterNames {
					lhs = append(lhs, val)
				}
			case isName(c) && token.Token(f.codes[t-1]) != token.PERIOD && slices.Contains(lhs, val):
				out[t-t0] = true
			}
		}
	})
	return out
}
