package lsp

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// A file is a near-miss neighbour of an edited one when it shares enough
// k-grams with one unit of it, as a near-miss candidate does; sharing as
// many with the whole file, a few with each function, brings it in no
// more (a large file shared so many with a third of the standard
// library, and every edit detected all of them again).
func TestNeighboursByUnit(t *testing.T) {
	opt := fingerprint.Options{MinTokens: 50, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85}
	// Three functions, each with a long statement of its own.
	var big strings.Builder
	big.WriteString("package w\n")
	stmts := []string{
		"total := alpha.Lookup(name).Scale(widthOf(row), heightOf(column), seed)",
		"report := beta.Render(title, upper(section), pages[count-1].Number(margin))",
		"answer := gamma.Solve(matrix.Transpose(), vector.Normalize(epsilon), bounds)",
	}
	for i, s := range stmts {
		fmt.Fprintf(&big, "\nfunc F%d(alpha, beta, gamma T, name string, row, column, index, seed, limit, title, section, count, margin, gutter int) int {\n", i)
		for j := range 6 {
			fmt.Fprintf(&big, "\tif v%d := lookup%d%d(name, row+%d); v%d > limit {\n\t\tlimit = v%d\n\t}\n", j, i, j, j, j, j)
		}
		fmt.Fprintf(&big, "\t%s\n\treturn total + %d\n}\n", s, i)
	}
	// A file with each long statement once, in small functions of its
	// own: a few k-grams shared with each function of the big file.
	var bits strings.Builder
	bits.WriteString("package w\n")
	for i, s := range stmts {
		fmt.Fprintf(&bits, "\nfunc g%d() {\n\t%s\n\t_ = 0\n}\n", i, s)
	}
	// A near copy of the second function.
	near := "package w\n" + strings.Replace(strings.Split(big.String(), "\nfunc ")[2], "F1(", "\nfunc H1(", 1)
	near = strings.Replace(near, "limit = v3", "limit = v3 + 1", 1)

	var ix fingerprint.Indexer
	parse := func(name, text string) *fingerprint.File {
		f, warnings := load.Source(&ix, name, []byte(text), opt.MinTokens)
		if f == nil {
			t.Fatalf("%s does not parse: %v\n%s", name, warnings, text)
		}
		return f
	}
	files := []*fingerprint.File{parse("big.go", big.String()), parse("bits.go", bits.String()), parse("near.go", near)}
	// The fixture is what the test says: bits.go shares enough k-grams
	// with the whole of big.go, not with any one of its units.
	shared := func(a, b []uint64) int {
		n := 0
		for _, k := range a {
			if _, ok := slices.BinarySearch(b, k); ok {
				n++
			}
		}
		return n
	}
	bitsKeys := files[1].NearKeys()
	if n := shared(files[0].NearKeys(), bitsKeys); n < fingerprint.NearMinShared {
		t.Fatalf("bits.go shares %d k-grams with big.go, want at least %d", n, fingerprint.NearMinShared)
	}
	units := 0
	files[0].EachNearUnit(opt, func(keys []uint64) {
		units++
		if n := shared(keys, bitsKeys); n >= fingerprint.NearMinShared {
			t.Fatalf("bits.go shares %d k-grams with one unit of big.go, want fewer than %d", n, fingerprint.NearMinShared)
		}
	})
	if units < 3 {
		t.Fatalf("big.go has %d near-miss units, want its 3 functions at least", units)
	}

	x := newIndex(opt)
	x.build(files)
	var got []string
	for _, i := range x.neighbours(x.ids["big.go"], files[0], map[int32]bool{x.ids["big.go"]: true}) {
		got = append(got, x.names[i])
	}
	if !slices.Equal(got, []string{"near.go"}) {
		t.Errorf("neighbours of big.go = %q, want near.go alone", got)
	}
	// The near copy is found through the index as by a full detection.
	touched := x.update("big.go", parse("big.go", big.String()))
	if !slices.Contains(touched, "near.go") || len(x.byFile["near.go"]) == 0 {
		t.Errorf("an edit of big.go found no clone in near.go (touched %q)", touched)
	}
}
