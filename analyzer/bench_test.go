package analyzer_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/copycat-go/copycat/analyzer"
)

// BenchmarkStdlib measures what copycat adds to go vet on the standard
// library: one op runs the analyzer on every package of std, as go vet
// would (the package with its internal tests, and its external test
// package), over files already parsed, since the driver parses them for
// every analyzer anyway. Type checking, which go vet also does, is not
// counted.
//
//	go test -run=NONE -bench=Stdlib -benchtime=3x ./analyzer
func BenchmarkStdlib(b *testing.B) {
	units := stdUnits(b)
	files := 0
	for _, u := range units {
		files += len(u.files)
	}
	b.ResetTimer()
	diags := 0
	for b.Loop() {
		diags = 0
		for _, u := range units {
			pass := &analysis.Pass{
				Analyzer: analyzer.Analyzer,
				Fset:     u.fset,
				Files:    u.files,
				ReadFile: os.ReadFile,
				Report:   func(analysis.Diagnostic) { diags++ },
			}
			if _, err := analyzer.Analyzer.Run(pass); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(units)), "packages")
	b.ReportMetric(float64(files), "files")
	b.ReportMetric(float64(diags), "diagnostics")
}

type stdUnit struct {
	fset  *token.FileSet
	files []*ast.File
}

// stdUnits parses the standard library into the units go vet checks.
func stdUnits(b *testing.B) []stdUnit {
	b.Helper()
	out, err := exec.Command("go", "list", "-f",
		"{{.Dir}}|{{join .GoFiles \" \"}} {{join .TestGoFiles \" \"}}|{{join .XTestGoFiles \" \"}}", "std").Output()
	if err != nil {
		b.Skipf("go list std: %v", err)
	}
	var units []stdUnit
	for line := range strings.Lines(string(out)) {
		parts := strings.Split(strings.TrimSpace(line), "|")
		if len(parts) != 3 {
			continue
		}
		for _, names := range parts[1:] {
			if u, ok := parseUnit(parts[0], strings.Fields(names)); ok {
				units = append(units, u)
			}
		}
	}
	return units
}

func parseUnit(dir string, names []string) (stdUnit, bool) {
	u := stdUnit{fset: token.NewFileSet()}
	for _, n := range names {
		f, err := parser.ParseFile(u.fset, filepath.Join(dir, n), nil, parser.ParseComments)
		if err != nil {
			return u, false // go vet would stop at the syntax error too
		}
		u.files = append(u.files, f)
	}
	return u, len(u.files) > 0
}
