package fingerprint

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// indexSources parses and indexes named sources.
func indexSources(t testing.TB, minTokens int, srcs map[string]string) []*File {
	t.Helper()
	var names []string
	for name := range srcs {
		names = append(names, name)
	}
	slices.Sort(names)
	var files []*File
	for _, name := range names {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, srcs[name], parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("parse %s: %v", name, err)
		}
		files = append(files, Index(name, fset, f, []byte(srcs[name]), minTokens, nil))
	}
	return files
}

func detect(t testing.TB, opt Options, srcs map[string]string) []Class {
	t.Helper()
	return Detect(indexSources(t, opt.MinTokens, srcs), opt)
}

// describe renders classes compactly for comparisons in tests:
// "renamed a.go:3-9 b.go:4-10".
func describe(classes []Class) []string {
	var out []string
	for _, c := range classes {
		var b strings.Builder
		b.WriteString(string(c.Kind))
		for _, f := range c.Fragments {
			fmt.Fprintf(&b, " %s:%d-%d", f.File, f.Start.Line, f.End.Line)
		}
		out = append(out, b.String())
	}
	return out
}

func codesOf(t testing.TB, src string) string {
	t.Helper()
	files := indexSources(t, 1000, map[string]string{"a.go": src})
	var names []string
	for _, c := range files[0].codes {
		names = append(names, codeName(c))
	}
	return strings.Join(names, " ")
}

// codeName gives a readable name for a canonical code.
func codeName(c byte) string {
	switch c {
	case codeNil:
		return "nil"
	case codeTrue:
		return "true"
	case codeFalse:
		return "false"
	case codeIota:
		return "iota"
	case byte(token.IDENT):
		return "ID"
	}
	return token.Token(c).String()
}

// A goSource is one of go/*'s files of the standard library: its bytes
// and, if it parses, its syntax tree.
type goSource struct {
	path string
	src  []byte
	fset *token.FileSet
	f    *ast.File // nil if the file does not parse
}

// goSources reads and parses go/*'s files, the real code many of the
// package's tests pin a rewritten step against; it skips tb without
// them.
func goSources(tb testing.TB) []goSource {
	tb.Helper()
	paths, _ := filepath.Glob(filepath.Join(runtime.GOROOT(), "src", "go", "*", "*.go"))
	if len(paths) == 0 {
		tb.Skip("no standard library sources")
	}
	var out []goSource
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, p, src, parser.SkipObjectResolution)
		if err != nil {
			f = nil
		}
		out = append(out, goSource{p, src, fset, f})
	}
	return out
}

// goTexts returns the text of go/*'s files that parse, by path.
func goTexts(tb testing.TB) map[string]string {
	tb.Helper()
	srcs := map[string]string{}
	for _, g := range goSources(tb) {
		if g.f != nil {
			srcs[g.path] = string(g.src)
		}
	}
	return srcs
}

// typesSources returns the text of up to n of go/types's files, by base
// name; the test is skipped where the standard library has none.
func typesSources(t testing.TB, n int) map[string]string {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(runtime.GOROOT(), "src", "go", "types", "*.go"))
	srcs := map[string]string{}
	for _, p := range paths[:min(len(paths), n)] {
		if b, err := os.ReadFile(p); err == nil {
			srcs[filepath.Base(p)] = string(b)
		}
	}
	if len(srcs) == 0 {
		t.Skip("no go/types sources")
	}
	return srcs
}
