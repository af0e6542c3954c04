// Package mutation builds the clones of copycat's recall test, after Roy
// and Cordy's mutation-injection framework: real functions are copied into
// unrelated code after edits of clone type 1 (comments, blank lines,
// layout), type 2 (consistent renaming, changed literal values), type 3
// (lines inserted, deleted or modified, small insertions and deletions
// inside a line) or types 2 and 3 together.
//
// Every operator works on the text of one function declaration, keeps it
// parseable, and is deterministic for a given random source.
package mutation

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"math/rand/v2"
	"slices"
	"strings"
)

// A Kind names a clone type of the framework.
type Kind string

// The clone types a copy can be mutated to.
const (
	T1  Kind = "T1"    // comments, blank lines and layout changed
	T2  Kind = "T2"    // T1 edits' tokens kept; names consistently renamed, literal values changed
	T3  Kind = "T3"    // 1–3 line or in-line edits, at least 70% similar
	T23 Kind = "T2+T3" // T2, then T3
)

// Kinds lists every kind in report order.
var Kinds = []Kind{T1, T2, T3, T23}

// A Mutant is a mutated copy of a function declaration.
type Mutant struct {
	Src   []byte
	Edits []string // the type-3 edits made, in source order: "insert line", …; or the drift bug made
	// At is, for a drift bug (see MutateDrift), the 0-based first and
	// last lines of the source declaration that the bug edits.
	At [2]int
}

// Mutate returns a copy of src, the text of one function declaration, with
// the edits of kind k. It fails if no edit of the kind applies.
func Mutate(k Kind, src []byte, r *rand.Rand) (Mutant, error) {
	var m Mutant
	var err error
	switch k {
	case T1:
		m.Src, err = Layout(src, r)
	case T2:
		m.Src, err = Rename(src, r)
	case T3:
		m.Src, m.Edits, err = Edit(src, r)
	case T23:
		var renamed []byte
		if renamed, err = Rename(src, r); err == nil {
			m.Src, m.Edits, err = Edit(renamed, r)
		}
	default:
		err = fmt.Errorf("unknown mutation kind %q", k)
	}
	return m, err
}

// header makes a declaration's text a parseable file.
const header = "package p\n\n"

// parseDecl parses the text of one function declaration. Offsets in the
// returned file set are those of header+src.
func parseDecl(src []byte) (*token.FileSet, *ast.FuncDecl, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "decl.go", header+string(src), parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, fmt.Errorf("cannot parse declaration: %w", err)
	}
	if len(f.Decls) != 1 {
		return nil, nil, fmt.Errorf("want one declaration, found %d", len(f.Decls))
	}
	fd, ok := f.Decls[0].(*ast.FuncDecl)
	if !ok || fd.Body == nil {
		return nil, nil, fmt.Errorf("declaration is not a function with a body")
	}
	return fset, fd, nil
}

// offset is the position p as a byte offset into the declaration's text.
func offset(fset *token.FileSet, p token.Pos) int {
	return fset.Position(p).Offset - len(header)
}

// A tok is one scanned token of a declaration.
type tok struct {
	off int // byte offset in the text
	tok token.Token
	lit string
}

// scan lists the tokens of src, comments included when comments is set.
// Automatic semicolons are left out.
func scan(src []byte, comments bool) []tok {
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(src))
	var s scanner.Scanner
	mode := scanner.Mode(0)
	if comments {
		mode = scanner.ScanComments
	}
	s.Init(file, src, nil, mode)
	var toks []tok
	for {
		pos, t, lit := s.Scan()
		if t == token.EOF {
			return toks
		}
		if t == token.SEMICOLON && lit == "\n" {
			continue
		}
		toks = append(toks, tok{file.Offset(pos), t, lit})
	}
}

// An edit replaces src[start:end] with text.
type edit struct {
	start, end int
	text       string
}

// apply makes non-overlapping edits to src.
func apply(src []byte, edits []edit) []byte {
	edits = slices.Clone(edits)
	slices.SortStableFunc(edits, func(a, b edit) int { return a.start - b.start })
	var out bytes.Buffer
	at := 0
	for _, e := range edits {
		out.Write(src[at:e.start])
		out.WriteString(e.text)
		at = e.end
	}
	out.Write(src[at:])
	return out.Bytes()
}

// lines describes the lines of a declaration's text.
type lines struct {
	start []int // byte offset of each line
	// interior marks lines that begin inside a multi-line token (a raw
	// string or a block comment): nothing may be inserted before them and
	// their indentation is content.
	interior []bool
	// openEnd marks lines that end inside a multi-line token.
	openEnd []bool
}

func lineInfo(src []byte) *lines {
	l := &lines{start: []int{0}}
	for i, b := range src {
		if b == '\n' && i+1 < len(src) {
			l.start = append(l.start, i+1)
		}
	}
	l.interior = make([]bool, len(l.start))
	l.openEnd = make([]bool, len(l.start))
	for _, t := range scan(src, true) {
		if !strings.Contains(t.lit, "\n") {
			continue
		}
		first, last := l.line(t.off), l.line(t.off+len(t.lit)-1)
		for i := first; i <= last; i++ {
			l.interior[i] = l.interior[i] || i > first
			l.openEnd[i] = l.openEnd[i] || i < last
		}
	}
	return l
}

// line is the 0-based line holding byte offset off.
func (l *lines) line(off int) int {
	i, found := slices.BinarySearch(l.start, off)
	if !found {
		i--
	}
	return i
}

// end is the offset of the newline ending line i (or the end of src).
func (l *lines) end(src []byte, i int) int {
	if i+1 < len(l.start) {
		return l.start[i+1] - 1
	}
	return len(bytes.TrimRight(src, "\n"))
}

// indent is the leading white space of line i.
func (l *lines) indent(src []byte, i int) string {
	s := src[l.start[i]:l.end(src, i)]
	return string(s[:len(s)-len(bytes.TrimLeft(s, " \t"))])
}

// Similarity is 2·LCS/(|a|+|b|) over the non-blank lines of a and b,
// compared without their surrounding white space.
func Similarity(a, b []byte) float64 {
	la, lb := significantLines(a), significantLines(b)
	if len(la)+len(lb) == 0 {
		return 1
	}
	prev := make([]int, len(lb)+1)
	cur := make([]int, len(lb)+1)
	for i := range la {
		for j := range lb {
			if la[i] == lb[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(cur[j], prev[j+1])
			}
		}
		prev, cur = cur, prev
	}
	return 2 * float64(prev[len(lb)]) / float64(len(la)+len(lb))
}

func significantLines(src []byte) []string {
	var out []string
	for line := range strings.SplitSeq(string(src), "\n") {
		if s := strings.TrimSpace(line); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// words feed inserted comments, names and strings.
var words = []string{
	"check", "retry", "state", "count", "limit", "cache", "value", "entry",
	"buffer", "result", "index", "token", "field", "chunk", "total", "cursor",
}

func word(r *rand.Rand) string { return words[r.IntN(len(words))] }
