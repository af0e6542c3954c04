package fingerprint

import "go/ast"

// The walk finds every statement list in a file: function bodies, the
// blocks of compound statements, case clauses, and the bodies of function
// literals. It walks statements, not expressions: an expression is only
// searched (for function literals) when its tokens hold a func keyword,
// which most never do.

func (ix *Indexer) walkFile(f *ast.File) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			ix.funcDecl(d)
		case *ast.GenDecl:
			ix.exprs(d)
		}
	}
}

// skipped reports whether a directive excludes n, and if so records its
// tokens: no fragment may contain them.
func (ix *Indexer) skipped(n ast.Node) bool {
	if ix.skip == nil || !ix.skip(n) {
		return false
	}
	ix.ignored = append(ix.ignored, [2]int32{ix.tokenAt(n.Pos()), ix.tokenAt(n.End())})
	return true
}

func (ix *Indexer) funcDecl(d *ast.FuncDecl) {
	if ix.skipped(d) {
		return
	}
	ix.exprs(d.Type)
	if d.Body == nil {
		return
	}
	first := int32(len(ix.file.units))
	u := ix.newUnit(d)
	u.fn = true
	u.name = ix.ts.valAt[ix.tokenAt(d.Name.Pos())]
	ix.file.units = append(ix.file.units, u)
	ix.file.blocks = append(ix.file.blocks, block{first: first, last: first + 1, fn: true})
	ix.markOwnNamed(u.tok0, u.tok1, d.Name.Name)
	ix.markWords(u.tok0, u.tok1, d.Name.Name)
	ix.list(d.Body.List, bodyBlock)
}

// A blockKind says what a statement list is.
type blockKind int

const (
	plainBlock blockKind = iota
	bodyBlock            // a function declaration's body
	caseBlock            // the clauses of a switch or select
)

// list makes a block of a statement list, then walks into each statement.
func (ix *Indexer) list(list []ast.Stmt, kind blockKind) {
	if len(list) == 0 {
		return
	}
	first := int32(len(ix.file.units))
	for _, s := range list {
		if _, empty := s.(*ast.EmptyStmt); empty {
			continue
		}
		u := ix.newUnit(s)
		if u.tok0 >= u.tok1 {
			continue
		}
		if len(ix.file.units) == cap(ix.file.units) {
			ix.file.units = doubled(ix.file.units)
		}
		ix.file.units = append(ix.file.units, u)
	}
	if last := int32(len(ix.file.units)); last > first {
		ix.file.blocks = append(ix.file.blocks, block{first: first, last: last, body: kind == bodyBlock, cases: kind == caseBlock})
	}
	for _, s := range list {
		if !ix.skipped(s) {
			ix.stmt(s)
		}
	}
}

func (ix *Indexer) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.BlockStmt:
		ix.list(s.List, plainBlock)
	case *ast.LabeledStmt:
		ix.stmt(s.Stmt)
	case *ast.IfStmt:
		ix.opt(s.Init)
		ix.exprs(s.Cond)
		ix.list(s.Body.List, plainBlock)
		ix.opt(s.Else)
	case *ast.ForStmt:
		ix.opt(s.Init)
		ix.exprs(s.Cond)
		ix.opt(s.Post)
		ix.list(s.Body.List, plainBlock)
	case *ast.RangeStmt:
		ix.exprs(s.X)
		ix.list(s.Body.List, plainBlock)
	case *ast.SwitchStmt:
		ix.opt(s.Init)
		ix.exprs(s.Tag)
		ix.list(s.Body.List, caseBlock)
	case *ast.TypeSwitchStmt:
		ix.opt(s.Init)
		ix.opt(s.Assign)
		ix.list(s.Body.List, caseBlock)
	case *ast.SelectStmt:
		ix.list(s.Body.List, caseBlock)
	case *ast.CaseClause:
		for _, e := range s.List {
			ix.exprs(e)
		}
		ix.list(s.Body, plainBlock)
	case *ast.CommClause:
		ix.opt(s.Comm)
		ix.list(s.Body, plainBlock)
	default:
		ix.exprs(s)
	}
}

// opt walks an optional statement.
func (ix *Indexer) opt(s ast.Stmt) {
	if s != nil && !ix.skipped(s) {
		ix.stmt(s)
	}
}

// exprs finds the function literals inside n, if its tokens hold any, and
// walks their bodies.
func (ix *Indexer) exprs(n ast.Node) {
	if n == nil || n.Pos() == 0 {
		return
	}
	if t0, t1 := ix.tokenAt(n.Pos()), ix.tokenAt(n.End()); ix.ts.funcs[t1] == ix.ts.funcs[t0] {
		return
	}
	ast.Inspect(n, func(n ast.Node) bool {
		if fl, ok := n.(*ast.FuncLit); ok {
			ix.list(fl.Body.List, plainBlock)
			return false
		}
		return true
	})
}
