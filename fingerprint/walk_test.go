package fingerprint

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// funcLitsEverywhere has a function literal in each place the walk looks
// for one: a signature's array length, a declaration's value, and each
// part of each kind of statement, nested, labelled and after an else.
const funcLitsEverywhere = `package p

var v = func() int { a := 1; return a }()

type T struct{ f func() }

func sig(x [len(func() string { b := 2; _ = b; return "" }())]int) {}

func f(ch chan int) {
	g(func() { c := 3; _ = c })
	x := func() int { d := 4; return d }
	if y := func() int { e := 5; return e }(); func() bool { f := 6; return f > 0 }() {
		h()
	} else if func() bool { g := 7; return g > 0 }() {
		h()
	} else {
		defer func() { i := 8; _ = i }()
	}
	for i := func() int { j := 9; return j }(); i < func() int { k := 10; return k }(); i = func() int { l := 11; return l }() {
		go func() { m := 12; _ = m }()
	}
	for range func() []int { n := 13; return []int{n} }() {
	}
	switch z := func() int { o := 14; return o }(); func() int { p := 15; return p }() {
	case func() int { q := 16; return q }():
		r := func() int { s := 17; return s }
		_ = r
	}
	switch w := func() any { t := 18; return t }().(type) {
	case int:
		_ = w
	}
	select {
	case ch <- func() int { u := 19; return u }():
	case v := <-func() chan int { w := 20; return ch }():
		_ = v
	}
L:
	for {
		_ = func() { x := 21; _ = x }
		break L
	}
	{
		_ = []any{1, 2, func() { y := 22; _ = y }}
	}
	var fn = func() { z := 23; _ = z }
	_, _, _ = x, fn, T{}
}
`

// TestWalkShortcuts checks that the walk's shortcuts (a statement's span
// tells whether its expressions may hold a function literal; a
// signature's search stops at the body's brace; the token searches start
// at the statement's first token) make the same File as searching every
// expression: on a file with a literal in every place, with and without
// directives excluding some statements, and on the files of go/*.
func TestWalkShortcuts(t *testing.T) {
	check := func(name string, src []byte, skipEvery int) {
		t.Helper()
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			return
		}
		index := func(walkAll bool) *File {
			n := 0
			var skip func(ast.Node) bool
			if skipEvery > 0 {
				skip = func(ast.Node) bool { n++; return n%skipEvery == 0 }
			}
			ix := Indexer{walkAll: walkAll}
			return ix.Index(name, fset, f, src, 20, skip)
		}
		got, want := index(false), index(true)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s (skip every %d): the walk's shortcuts change the File:\n got %d units %d blocks %+v\nwant %d units %d blocks %+v", name, skipEvery, len(got.units), len(got.blocks), got.blocks, len(want.units), len(want.blocks), want.blocks)
		}
	}
	for skip := range 5 {
		check("everywhere.go", []byte(funcLitsEverywhere), skip)
	}
	// The literals' statements are all found: 23 of them, each a block.
	files := indexSources(t, 20, map[string]string{"a.go": funcLitsEverywhere})
	lits := 0
	for _, b := range files[0].blocks {
		u := files[0].units[b.first]
		if slices.Equal(files[0].codes[u.tok0:u.tok1], []byte{byte(token.IDENT), byte(token.DEFINE), byte(token.INT)}) {
			lits++ // "a := 1" and its like: the first statement of a literal
		}
	}
	if lits != 23 {
		t.Errorf("the walk found the first statements of %d literals, want 23", lits)
	}
	for i, g := range goSources(t) {
		check(g.path, g.src, i%4)
	}
}

// TestTokenAtFromAnyStart pins tokenAt, whatever its last answer, to a
// binary search over all the file's tokens, at the start and end of
// every node of go/*'s files: the walk may start it anywhere.
func TestTokenAtFromAnyStart(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var ix Indexer
	for _, g := range goSources(t) {
		if g.f == nil {
			continue
		}
		ix.ts.scan(g.src)
		ix.tfile = g.fset.File(g.f.FileStart)
		offs := ix.ts.offs
		ast.Inspect(g.f, func(n ast.Node) bool {
			if n == nil {
				return false
			}
			for _, pos := range []token.Pos{n.Pos(), n.End()} {
				want, _ := slices.BinarySearch(offs, int32(int(pos)-ix.tfile.Base()))
				for _, start := range []int{0, len(offs), want, max(want-1, 0), min(want+1, len(offs)), r.IntN(len(offs) + 1)} {
					ix.lastAt = int32(start)
					if got := ix.tokenAt(pos); int(got) != want {
						t.Fatalf("%s: tokenAt(%d) from %d = %d, want %d", g.path, pos, start, got, want)
					}
				}
			}
			return true
		})
	}
}

// TestIndexerReuse checks that an Indexer's scratch buffers carry nothing
// from one file to the next: go/*'s files indexed one after another, in
// both orders, by one Indexer give the Files a fresh Indexer gives (an
// empty table may be nil in one and not in the other, as a scratch
// buffer was made or not).
func TestIndexerReuse(t *testing.T) {
	ps := slices.DeleteFunc(goSources(t), func(g goSource) bool { return g.f == nil })
	var ix Indexer
	backward := slices.Clone(ps)
	slices.Reverse(backward)
	for _, order := range [][]goSource{ps, backward} {
		for _, p := range order {
			name := p.fset.File(p.f.FileStart).Name()
			got, want := ix.Index(name, p.fset, p.f, p.src, 30, nil), Index(name, p.fset, p.f, p.src, 30, nil)
			if !reflect.DeepEqual(emptyAsNil(got), emptyAsNil(want)) {
				t.Fatalf("%s: a reused Indexer gives another File than a fresh one", name)
			}
		}
	}
}

// emptyAsNil sets f's empty tables to nil.
func emptyAsNil(f *File) *File {
	for _, p := range []*[]int32{&f.ignored, &f.ownNamed, &f.bareOwn, &f.bareOther, &f.ownPart, &f.heldOwn, &f.lineStart, &f.lineOff} {
		nilIfEmpty(p)
	}
	nilIfEmpty(&f.codes)
	nilIfEmpty(&f.vals)
	nilIfEmpty(&f.grams)
	nilIfEmpty(&f.fnWords)
	nilIfEmpty(&f.strWords)
	nilIfEmpty(&f.errorfs)
	nilIfEmpty(&f.opposite)
	nilIfEmpty(&f.operations)
	nilIfEmpty(&f.units)
	nilIfEmpty(&f.blocks)
	nilIfEmpty(&f.windows)
	return f
}

// nilIfEmpty sets *s to nil if it is empty.
func nilIfEmpty[T any](s *[]T) {
	if len(*s) == 0 {
		*s = nil
	}
}

// TestLineTable pins lineTable on go/*'s files to the token.File's line
// starts and, for each line, a binary search for its first token.
func TestLineTable(t *testing.T) {
	var ix Indexer
	for _, g := range goSources(t) {
		if g.f == nil {
			continue
		}
		p := g.path
		ix.ts.scan(g.src)
		ix.tfile, ix.file = g.fset.File(g.f.FileStart), &File{}
		ix.lineTable()
		if len(ix.file.lineOff) != ix.tfile.LineCount() || len(ix.file.lineStart) != ix.tfile.LineCount() {
			t.Fatalf("%s: %d and %d lines, want %d", p, len(ix.file.lineOff), len(ix.file.lineStart), ix.tfile.LineCount())
		}
		for l := range ix.tfile.LineCount() {
			off := int32(ix.tfile.Offset(ix.tfile.LineStart(l + 1)))
			first, _ := slices.BinarySearch(ix.ts.offs, off)
			if ix.file.lineOff[l] != off || ix.file.lineStart[l] != int32(first) {
				t.Fatalf("%s line %d: offset %d, first token %d; want %d, %d", p, l+1, ix.file.lineOff[l], ix.file.lineStart[l], off, first)
			}
		}
	}
}

// BenchmarkLineTable makes the line tables of go/*'s files, scanned and
// parsed ahead.
func BenchmarkLineTable(b *testing.B) {
	type scanned struct {
		tf   *token.File
		offs []int32
	}
	var ss []scanned
	var ts tokenStream
	for _, g := range goSources(b) {
		if g.f == nil {
			continue
		}
		ts.scan(g.src)
		ss = append(ss, scanned{g.fset.File(g.f.FileStart), slices.Clone(ts.offs)})
	}
	b.ReportAllocs()
	var ix Indexer
	for b.Loop() {
		for _, s := range ss {
			ix.tfile, ix.ts.offs, ix.file = s.tf, s.offs, &File{}
			ix.lineTable()
		}
	}
}
