package analyzer

import (
	"go/ast"
	"go/token"
	"strings"

	"github.com/copycat-go/copycat/fingerprint"
)

// FaultOn makes indexing a file whose name ends in name panic, as a fault of
// copycat's own would, until restore is called.
func FaultOn(name string) (restore func()) {
	orig := indexFile
	indexFile = func(ix *fingerprint.Indexer, file string, fset *token.FileSet, f *ast.File, src []byte, minTokens int, skip func(ast.Node) bool) *fingerprint.File {
		if strings.HasSuffix(file, name) {
			panic("a fault in indexing")
		}
		return orig(ix, file, fset, f, src, minTokens, skip)
	}
	return func() { indexFile = orig }
}

// Walked is the number of entries the search for the package reporting a
// .duplignore's errors walked through so far.
func Walked() int64 { return walked.Load() }
