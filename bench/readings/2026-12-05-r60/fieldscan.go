//go:build ignore

// fieldscan prints the pairs of runs of field copies (x.P.F = y.Q.F, three
// or more consecutive statements of one block) in one function of
// production code where one run's fields are the other's with one or two
// left out, and the runs copy between other selectors (gobgp's sent and
// received message counters, reading 60).
//
//	go run fieldscan.go DIR...
package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// lastSel splits a selector expression into its last name and the chain
// before it.
func lastSel(e ast.Expr) (string, string, bool) {
	s, ok := e.(*ast.SelectorExpr)
	if !ok {
		return "", "", false
	}
	return s.Sel.Name, selectors(s.X), true
}

// selectors spells a chain of selectors ("a.State.Messages"), "?" for
// anything else in it.
func selectors(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.SelectorExpr:
		return selectors(x.X) + "." + x.Sel.Name
	case *ast.Ident:
		return x.Name
	}
	return "?"
}

// A run is consecutive field copies of one block: the fields copied, the
// selectors they are copied between, and its first line.
type run struct {
	fields []string
	prefix string
	line   int
}

// isSub reports whether small is a subsequence of big.
func isSub(small, big []string) bool {
	i := 0
	for _, f := range big {
		if i < len(small) && small[i] == f {
			i++
		}
	}
	return i == len(small)
}

func main() {
	fset := token.NewFileSet()
	for _, root := range os.Args[1:] {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") || strings.Contains(p, "/testdata/") || strings.Contains(p, "/vendor/") {
				return nil
			}
			f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
			if err != nil {
				return nil
			}
			for _, decl := range f.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				var runs []run
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					b, ok := n.(*ast.BlockStmt)
					if !ok {
						return true
					}
					var cur run
					flush := func() {
						if len(cur.fields) >= 3 {
							runs = append(runs, cur)
						}
						cur = run{}
					}
					for _, s := range b.List {
						as, ok := s.(*ast.AssignStmt)
						if ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && as.Tok == token.ASSIGN {
							lf, lp, ok1 := lastSel(as.Lhs[0])
							rf, rp, ok2 := lastSel(as.Rhs[0])
							if ok1 && ok2 && lf == rf {
								if len(cur.fields) == 0 {
									cur.line = fset.Position(as.Pos()).Line
									cur.prefix = lp + "=" + rp
								}
								cur.fields = append(cur.fields, lf)
								continue
							}
						}
						flush()
					}
					flush()
					return true
				})
				for i := range runs {
					for j := range runs {
						a, b := runs[i], runs[j]
						if i == j || a.prefix == b.prefix || len(a.fields) <= len(b.fields) || len(a.fields)-len(b.fields) > 2 {
							continue
						}
						if isSub(b.fields, a.fields) {
							fmt.Printf("%s:%d lacks vs :%d %v / %v\n", p, b.line, a.line, a.fields, b.fields)
						}
					}
				}
			}
			return nil
		})
	}
}
