package analyzer

import (
	"go/ast"
	"go/token"
	"strings"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/ignore"
)

// FaultOn makes reading a file whose name ends in name panic, as a fault
// of copycat's own would, in step "index" or "directives", until restore
// is called.
func FaultOn(step, name string) (restore func()) {
	origIndex, origScan := indexFile, scanDirectives
	switch step {
	case "index":
		indexFile = func(ix *fingerprint.Indexer, file string, fset *token.FileSet, f *ast.File, src []byte, minTokens int, skip func(ast.Node) bool) *fingerprint.File {
			if strings.HasSuffix(file, name) {
				panic("a fault in indexing")
			}
			return origIndex(ix, file, fset, f, src, minTokens, skip)
		}
	case "directives":
		scanDirectives = func(fset *token.FileSet, f *ast.File, src []byte) (*ignore.Directives, []ignore.Problem) {
			if strings.HasSuffix(fset.File(f.FileStart).Name(), name) {
				panic("a fault in reading directives")
			}
			return origScan(fset, f, src)
		}
	default:
		panic("FaultOn: no step " + step)
	}
	return func() { indexFile, scanDirectives = origIndex, origScan }
}

// Walked is the number of entries the search for the package reporting a
// .duplignore's errors walked through so far.
func Walked() int64 { return walked.Load() }
