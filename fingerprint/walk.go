package fingerprint

import (
	"go/ast"
	"go/token"
)

// The walk finds every statement list in a file: function bodies, the
// blocks of compound statements, case clauses, and the bodies of function
// literals. It walks statements, not expressions: an expression is only
// searched (for function literals) when its tokens hold a func keyword,
// which most never do. A statement whose tokens hold none has no
// expression worth asking about either: its own unit's span says so,
// without the token search for each of its expressions' ends.

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
	ix.signature(d)
	if d.Body == nil {
		return
	}
	first := int32(len(ix.file.units))
	u := ix.newUnit(d)
	u.fn = true
	u.name = ix.ts.valAt[ix.tokenAt(d.Name.Pos())]
	ix.file.units = append(ix.file.units, u)
	ix.file.blocks = append(ix.file.blocks, block{first: first, last: first + 1, fn: true})
	strs := ix.ts.stringsIn(u.tok0, u.tok1)
	ix.markOwnNamed(u.tok0, u.tok1, strs, d.Name.Name)
	ix.markWords(u.tok0, strs, d.Name.Name)
	ix.markOpposites(u.tok0, d.Name.Name)
	ix.markOperations(u.tok0, u.tok1, d.Name.Name)
	ix.markErrorf(strs)
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
	// The statements' token spans are kept on a stack shared with the
	// lists within (stmtSpans[base:]), for the walk into each.
	base := len(ix.stmtSpans)
	first := int32(len(ix.file.units))
	for _, s := range list {
		if _, empty := s.(*ast.EmptyStmt); empty {
			ix.stmtSpans = append(ix.stmtSpans, unknownSpan)
			continue
		}
		u := ix.newUnit(s)
		ix.stmtSpans = append(ix.stmtSpans, [2]int32{u.tok0, u.tok1})
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
	for i, s := range list {
		if ix.skipped(s) {
			continue
		}
		funcs := true
		if sp := ix.stmtSpans[base+i]; sp != unknownSpan && !ix.walkAll {
			// Every token of s is at sp[0] or after: the searches within
			// it start there.
			ix.lastAt = sp[0]
			funcs = ix.ts.funcs[sp[1]] != ix.ts.funcs[sp[0]]
		}
		ix.stmt(s, funcs)
	}
	ix.stmtSpans = ix.stmtSpans[:base]
}

// unknownSpan stands in list's stack for a statement it made no unit of.
var unknownSpan = [2]int32{-1, -1}

// stmt walks statement s; funcs is false when s's tokens are known to hold
// no func keyword, and so no function literal in any of its expressions.
func (ix *Indexer) stmt(s ast.Stmt, funcs bool) {
	switch s := s.(type) {
	case *ast.BlockStmt:
		ix.list(s.List, plainBlock)
	case *ast.LabeledStmt:
		ix.stmt(s.Stmt, funcs)
	case *ast.IfStmt:
		ix.opt(s.Init, funcs)
		ix.exprsIf(s.Cond, funcs)
		ix.list(s.Body.List, plainBlock)
		ix.opt(s.Else, funcs)
	case *ast.ForStmt:
		ix.opt(s.Init, funcs)
		ix.exprsIf(s.Cond, funcs)
		ix.opt(s.Post, funcs)
		ix.list(s.Body.List, plainBlock)
	case *ast.RangeStmt:
		ix.exprsIf(s.X, funcs)
		ix.list(s.Body.List, plainBlock)
	case *ast.SwitchStmt:
		ix.opt(s.Init, funcs)
		ix.exprsIf(s.Tag, funcs)
		ix.list(s.Body.List, caseBlock)
	case *ast.TypeSwitchStmt:
		ix.opt(s.Init, funcs)
		ix.opt(s.Assign, funcs)
		ix.list(s.Body.List, caseBlock)
	case *ast.SelectStmt:
		ix.list(s.Body.List, caseBlock)
	case *ast.CaseClause:
		if funcs {
			for _, e := range s.List {
				ix.exprs(e)
			}
		}
		ix.list(s.Body, plainBlock)
	case *ast.CommClause:
		ix.opt(s.Comm, funcs)
		ix.list(s.Body, plainBlock)
	default:
		ix.exprsIf(s, funcs)
	}
}

// opt walks an optional statement, within one whose tokens hold a func
// keyword if funcs.
func (ix *Indexer) opt(s ast.Stmt, funcs bool) {
	if s != nil && !ix.skipped(s) {
		ix.stmt(s, funcs)
	}
}

// exprsIf walks n's function literals (exprs) unless funcs says the
// statement around it holds none.
func (ix *Indexer) exprsIf(n ast.Node, funcs bool) {
	if funcs {
		ix.exprs(n)
	}
}

// signature finds the function literals in the type of d, a function
// declaration, which has one only where a func keyword follows its own
// (in an array length, say: the parser takes any expression there). The
// search stops at the body's brace, a field of d, rather than at the
// type's end, a walk down its last parameter.
func (ix *Indexer) signature(d *ast.FuncDecl) {
	if !ix.walkAll && d.Body != nil && d.Type.Func.IsValid() {
		t0, t1 := ix.tokenAt(d.Type.Func), ix.tokenAt(d.Body.Lbrace)
		if t0 < t1 && ix.ts.codes[t0] == byte(token.FUNC) && ix.ts.funcs[t1] == ix.ts.funcs[t0+1] {
			return
		}
	}
	ix.exprs(d.Type)
}

// exprs finds the function literals inside n, if its tokens hold any, and
// walks their bodies.
func (ix *Indexer) exprs(n ast.Node) {
	if n == nil || n.Pos() == 0 {
		return
	}
	t0, t1 := ix.tokenAt(n.Pos()), ix.tokenAt(n.End())
	if ix.ts.funcs[t1] == ix.ts.funcs[t0] {
		return
	}
	ix.lastAt = t0 // the literals' statements are after t0
	ast.Inspect(n, func(n ast.Node) bool {
		if fl, ok := n.(*ast.FuncLit); ok {
			ix.list(fl.Body.List, plainBlock)
			return false
		}
		return true
	})
}
