package analyzer_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/copycat-go/copycat/analyzer"
	"github.com/copycat-go/copycat/internal/hostile"
	"github.com/copycat-go/copycat/internal/testtool"
	"github.com/copycat-go/copycat/report"
)

// The analyzer on one package of n copies of one function
// (hostile.Copies, -max-occurrences 0: one class of them all), then 2n:
// what it reports, diagnostics and their related positions, may grow
// about linearly, at most 2.6 times (every copy pointing to every other,
// 4). Each copy points to at most report.MaxRelated others, and each is
// pointed to.
func TestAnalyzerHostile(t *testing.T) {
	setFlags(t, "max-occurrences", "0")
	const n = 300
	smallDiags, small := relatedOfCopies(t, n)
	largeDiags, large := relatedOfCopies(t, 2*n)
	t.Logf("n=%d: %d diagnostics, %d related; 2n: %d, %d", n, smallDiags, small, largeDiags, large)
	if smallDiags != n || largeDiags != 2*n {
		t.Fatalf("%d and %d diagnostics, want one a copy: %d and %d", smallDiags, largeDiags, n, 2*n)
	}
	hostile.Linear(t, "related positions", small, large)
	if large > 2*n*report.MaxRelated {
		t.Errorf("%d related positions for %d copies, want at most %d a copy", large, 2*n, report.MaxRelated)
	}
}

// relatedOfCopies runs the analyzer on one package of n copies of one
// function in n/10 files, and counts its diagnostics and their related
// positions, each copy of which must be pointed to.
func relatedOfCopies(t *testing.T, n int) (diags, related int) {
	t.Helper()
	dir := t.TempDir()
	src := hostile.Copies(n, n/10)
	fset := token.NewFileSet()
	var files []*ast.File
	pointed := map[token.Pos]bool{}
	for _, name := range slices.Sorted(maps.Keys(src)) {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, src[name], 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, path, src[name], parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	pass := &analysis.Pass{
		Analyzer: analyzer.Analyzer,
		Fset:     fset,
		Files:    files,
		ReadFile: os.ReadFile,
		Report: func(d analysis.Diagnostic) {
			diags++
			related += len(d.Related)
			for _, r := range d.Related {
				pointed[r.Pos] = true
			}
		},
	}
	if _, err := analyzer.Analyzer.Run(pass); err != nil {
		t.Fatal(err)
	}
	if len(pointed) != n {
		t.Errorf("%d copies: %d of them pointed to, want every one", n, len(pointed))
	}
	return diags, related
}

// The analyzer on a package under a .duplignore of n bad lines, then
// 2n: each line is reported, and the file set grows by the file once,
// not once a line (8,000 lines of 3 bytes took go vet 0.9 GB, 4,000
// lines 0.27 GB).
func TestDuplignoreLinesHostile(t *testing.T) {
	const n = 1000
	smallReported, small := duplignoreErrors(t, n)
	largeReported, large := duplignoreErrors(t, 2*n)
	if smallReported != n || largeReported != 2*n {
		t.Fatalf("%d and %d lines reported, want %d and %d", smallReported, largeReported, n, 2*n)
	}
	hostile.Linear(t, "file set's growth", small, large)
}

// duplignoreErrors runs the analyzer on a package under a .duplignore of
// n bad lines ("x\", a lone backslash), and returns the diagnostics on
// it and how far the file set grew.
func duplignoreErrors(t *testing.T, n int) (reported, grown int) {
	t.Helper()
	dir := t.TempDir()
	testtool.WriteFiles(t, dir, map[string]string{
		"go.mod":      "module example.com/m\n\ngo 1.26\n",
		".duplignore": strings.Repeat("x\\\n", n),
		"p.go":        "package p\n\nfunc F() {}\n",
	})
	p := fakePass(t, dir, []string{"p.go"})
	base := p.Fset.Base()
	if _, err := analyzer.Analyzer.Run(p.Pass); err != nil {
		t.Fatal(err)
	}
	for _, d := range p.got {
		if strings.Contains(d, ".duplignore") && strings.Contains(d, "lone backslash") {
			reported++
		}
	}
	return reported, p.Fset.Base() - base
}

// A .duplignore of n bad lines in a folder holding no Go file, above a
// chain of n/50 empty folders and a package: the package that reports
// its errors is looked for once for the folder, not once a line, each
// walking the folders below. Then 2n lines over a chain twice as deep:
// what is walked may grow about linearly, at most 2.6 times (4 before:
// 2,000 bad lines over 40 packages took go vet 12 s).
func TestDuplignoreReporterHostile(t *testing.T) {
	const n = 500
	small, large := reporterWalk(t, n), reporterWalk(t, 2*n)
	hostile.Linear(t, "entries walked", small, large)
}

func reporterWalk(t *testing.T, n int) int64 {
	t.Helper()
	setFlags(t, small...)
	dir := t.TempDir()
	chain := strings.Repeat("d/", n/50)
	testtool.WriteFiles(t, dir, map[string]string{
		"go.mod":                     "module example.com/m\n\ngo 1.26\n",
		".duplignore":                strings.Repeat("x\\\n", n),
		"aaa/" + chain + "empty.txt": "",
		"pkg/p.go":                   "package p\n\nfunc F() {}\n",
	})
	p := fakePass(t, filepath.Join(dir, "pkg"), []string{"p.go"})
	before := analyzer.Walked()
	if _, err := analyzer.Analyzer.Run(p.Pass); err != nil {
		t.Fatal(err)
	}
	reported := 0
	for _, d := range p.got {
		if strings.Contains(d, "lone backslash") {
			reported++
		}
	}
	if reported != n {
		t.Fatalf("%d bad lines reported by the package below, want %d", reported, n)
	}
	return analyzer.Walked() - before
}

// A comment of the code (anyone's, in a pull request) may hold a
// terminal's escape sequences; go vet and golangci-lint print a
// diagnostic's message as it is, so a message quoting the comment, such
// as a directive's problem, escapes them as the command line does
// (report.OneLine): "\x1b]0;…\a" no longer sets the terminal's title.
func TestDiagnosticsEscapeControls(t *testing.T) {
	setFlags(t, small...)
	dir := t.TempDir()
	testtool.WriteFiles(t, dir, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26\n",
		"p.go": "package p\n\n//copycat:ignor\x1b]0;PWNED\a x\nfunc F() {}\n\n" +
			"// copycat:\x1b[31mred\nfunc G() {}\n",
	})
	p := fakePass(t, dir, []string{"p.go"})
	if _, err := analyzer.Analyzer.Run(p.Pass); err != nil {
		t.Fatal(err)
	}
	if len(p.got) != 2 {
		t.Fatalf("%d diagnostics, want the 2 directives':\n\t%s", len(p.got), strings.Join(p.got, "\n\t"))
	}
	for _, d := range p.got {
		if strings.ContainsFunc(d, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			t.Errorf("a diagnostic holds a control character: %q", d)
		}
	}
	if want := `unknown directive //copycat:ignor\x1b]0;PWNED\a`; !strings.Contains(p.got[0], want) {
		t.Errorf("diagnostic %q, want it to say %s", p.got[0], want)
	}
}
