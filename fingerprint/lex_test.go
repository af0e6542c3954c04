package fingerprint

import (
	"bytes"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// referenceScan is the canonical token stream by go/scanner: what the
// lexer must produce.
func referenceScan(file *token.File, src []byte) *tokenStream {
	ts := &tokenStream{}
	var s scanner.Scanner
	s.Init(file, src, func(token.Position, string) {}, 0)
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return ts
		}
		code := byte(tok)
		switch tok {
		case token.SEMICOLON, token.ILLEGAL, token.COMMENT:
			continue
		case token.IDENT:
			code = keyword([]byte(lit))
		}
		ts.add(int32(int(pos)-file.Base()), code, []byte(lit))
	}
}

// add appends one token to a reference stream, dropping a comma that a
// closing bracket follows.
func (ts *tokenStream) add(off int32, code byte, lit []byte) {
	switch token.Token(code) {
	case token.RPAREN, token.RBRACE, token.RBRACK:
		if n := len(ts.codes); n > 0 && ts.codes[n-1] == byte(token.COMMA) {
			ts.codes, ts.offs = ts.codes[:n-1], ts.offs[:n-1]
		}
	}
	ts.codes = append(ts.codes, code)
	ts.offs = append(ts.offs, off)
	if hasValue(code) {
		ts.vals = append(ts.vals, hashBytes(lit))
	}
}

// spanTables are the tables scan keeps beside the codes (valAt, funcs,
// strs), found from the codes alone by a second pass over them.
func spanTables(codes []byte) (valAt, funcs, strs []int32) {
	v, fn := int32(0), int32(0)
	for t, c := range codes {
		valAt = append(valAt, v)
		funcs = append(funcs, fn)
		if hasValue(c) {
			v++
		}
		if c == byte(token.STRING) {
			strs = append(strs, int32(t))
		}
		if c == byte(token.FUNC) {
			fn++
		}
	}
	return append(valAt, v), append(funcs, fn), strs
}

func compareStreams(t *testing.T, name string, src []byte) {
	t.Helper()
	fset := token.NewFileSet()
	file := fset.AddFile(name, -1, len(src))
	want := referenceScan(file, src)
	var got tokenStream
	got.scan(src)
	if !bytes.Equal(got.codes, want.codes) {
		for i := range min(len(got.codes), len(want.codes)) {
			if got.codes[i] != want.codes[i] {
				t.Fatalf("%s: token %d at offset %d: got %s, want %s", name, i, want.offs[i], codeName(got.codes[i]), codeName(want.codes[i]))
			}
		}
		t.Fatalf("%s: %d tokens, want %d", name, len(got.codes), len(want.codes))
	}
	for i := range got.offs {
		if got.offs[i] != want.offs[i] {
			t.Fatalf("%s: token %d at offset %d, want %d", name, i, got.offs[i], want.offs[i])
		}
	}
	valAt, funcs, strs := spanTables(got.codes)
	if !slices.Equal(got.valAt, valAt) || !slices.Equal(got.funcs, funcs) || !slices.Equal(got.strs, strs) {
		t.Fatalf("%s: scan's valAt, funcs or strs differ from a pass over its codes", name)
	}
	// go/scanner drops carriage returns from raw strings; compare the
	// values of files without them.
	if !bytes.Contains(src, []byte("\r")) {
		for i := range got.vals {
			if got.vals[i] != want.vals[i] {
				t.Fatalf("%s: value %d differs", name, i)
			}
		}
	}
}

func TestLexerCases(t *testing.T) {
	for _, src := range []string{
		"\xEF\xBB\xBFpackage p",
		"package p; var x = 0x1p-2 + 1e+10i + .5 + 0b1010 + 0o17 + 1_000 + 0X_1F + 'a' + '\\'' + \"a\\\"b\" + `raw\nstring`",
		"package p\n/* block\ncomment */ var x = y &^= z <<= 3 >>= 4 ... <- ~ :=",
		"package p\nvar ж, _x9, ÉtéΔ = 1, 2, 3 // non-ASCII names",
		"package p\nfunc f() { a.b(c...); d[e:f:g] = h; i-- }",
		"package p\nvar x = 1.e5 + 0x.8p1 + 07 + 1.5E-3",
		// One space, then a comment, a slash, a blank or the end.
		" package p\nvar x = a / b // c\nvar y = a /b /* c */ + d  \t+ e \n",
		"package p\nvar x = 1 ",
		"\xEF\xBB\xBF package p ",
	} {
		compareStreams(t, "case.go", []byte(src))
	}
}

// TestLexerMatchesGoScanner runs both over the standard library.
func TestLexerMatchesGoScanner(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the standard library")
	}
	root := filepath.Join(runtime.GOROOT(), "src")
	n := 0
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		if _, err := parser.ParseFile(token.NewFileSet(), p, src, parser.SkipObjectResolution); err != nil {
			return nil // the lexer is only for files that parse
		}
		compareStreams(t, p, src)
		n++
		return nil
	})
	if n < 5000 {
		t.Errorf("compared only %d files", n)
	}
}

// Every operator and punctuation token of go/token, alone and followed by
// each byte that could extend it.
func TestLexerOperators(t *testing.T) {
	for tok := token.ADD; tok <= token.TILDE; tok++ {
		if !tok.IsOperator() {
			continue
		}
		for _, tail := range []string{"", " x", "=", "<", ">", "-", "+", "&", "|", "^", ".", ":"} {
			src := "package p\nvar _ = a " + tok.String() + tail + " b\n"
			compareStreams(t, "op.go", []byte(src))
		}
	}
}

// TestKeywordTable checks that every keyword and predeclared constant has
// a slot of keywordTable to itself, and that keyword gives what the
// names' map gives, for words and for identifiers that are not.
func TestKeywordTable(t *testing.T) {
	filled := 0
	for _, s := range keywordTable {
		if s.word != "" {
			filled++
		}
	}
	if filled != len(keywordNames) {
		t.Fatalf("keywordTable holds %d words of %d: two share a slot", filled, len(keywordNames))
	}
	for w, c := range keywordNames {
		if got := keyword([]byte(w)); got != c {
			t.Errorf("keyword(%q) = %d, want %d", w, got, c)
		}
	}
	for _, w := range []string{"a", "x", "If", "FUNC", "nill", "tru", "functions", "rangeX", "goto_", "selects", "_", "é", "defaultX", "fallthroughs"} {
		if got := keyword([]byte(w)); got != byte(token.IDENT) {
			t.Errorf("keyword(%q) = %d, want IDENT", w, got)
		}
	}
}

// BenchmarkScan cuts the files of a few standard packages into tokens:
// the lexer's share of indexing (about a tenth of it).
func BenchmarkScan(b *testing.B) {
	var srcs [][]byte
	size := 0
	for _, pkg := range []string{"net/http", "go/types", "runtime", "encoding/json", "fmt"} {
		paths, _ := filepath.Glob(filepath.Join(runtime.GOROOT(), "src", pkg, "*.go"))
		for _, p := range paths {
			src, err := os.ReadFile(p)
			if err != nil {
				b.Fatal(err)
			}
			srcs = append(srcs, src)
			size += len(src)
		}
	}
	if len(srcs) == 0 {
		b.Skip("no standard library sources")
	}
	b.SetBytes(int64(size))
	var ts tokenStream
	for b.Loop() {
		for _, src := range srcs {
			ts.scan(src)
		}
	}
}
