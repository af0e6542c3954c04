package mutation

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"math/rand/v2"
	"slices"
	"strconv"
)

// MinSimilarity is the least Similarity of a type-3 copy to its source.
const MinSimilarity = 0.7

// The type-3 operators of Roy and Cordy's framework.
const (
	opInsertLine  = iota // a new statement line
	opDeleteLine         // a one-line statement removed
	opModifyLine         // a one-line statement replaced by another
	opInsertSmall        // an argument or operand added inside a line
	opDeleteSmall        // an argument or operand removed inside a line
	numOps
)

var opNames = [numOps]string{"insert line", "delete line", "modify line", "insert in line", "delete in line"}

// Edit makes a type-3 copy of src with one to three edits, each a line
// inserted, deleted or modified or a small insertion or deletion inside a
// line, on distinct lines. The copy parses and is at least MinSimilarity
// similar to src. It also names the edits, in source order.
func Edit(src []byte, r *rand.Rand) ([]byte, []string, error) {
	fset, fd, err := parseDecl(src)
	if err != nil {
		return nil, nil, err
	}
	s := &site{src: src, l: lineInfo(src), fset: fset, names: declaredNames(fd)}
	s.collect(fd.Body)
	for range 20 {
		var edits []edit
		var ops []int
		used := map[int]bool{}
		want := 1 + r.IntN(3)
		for try := 0; len(edits) < want && try < 50; try++ {
			o := r.IntN(numOps)
			if e, ok := s.op(o, used, r); ok {
				edits, ops = append(edits, e), append(ops, o)
			}
		}
		if len(edits) == 0 {
			continue
		}
		out := apply(src, edits)
		if _, _, err := parseDecl(out); err != nil || bytes.Equal(out, src) || Similarity(src, out) < MinSimilarity {
			continue
		}
		order := make([]int, len(edits))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return edits[a].start - edits[b].start })
		names := make([]string, len(edits))
		for i, j := range order {
			names[i] = opNames[ops[j]]
		}
		return out, names, nil
	}
	return nil, nil, fmt.Errorf("no type-3 edit applies")
}

// A site holds what the type-3 operators may edit in one declaration.
type site struct {
	src   []byte
	l     *lines
	fset  *token.FileSet
	names []string

	stmts []span // statements of statement lists that start their line
	exprs []ast.Expr
}

// A span is a statement's byte range and first and last line.
type span struct{ start, end, first, last int }

func (s *site) span(n ast.Node) span {
	a, b := offset(s.fset, n.Pos()), offset(s.fset, n.End())
	return span{a, b, s.l.line(a), s.l.line(b - 1)}
}

// collect gathers the statements of every statement list that begin
// their line, and the calls and binary expressions that sit on one line.
func (s *site) collect(body *ast.BlockStmt) {
	add := func(list []ast.Stmt) {
		for _, st := range list {
			sp := s.span(st)
			if len(bytes.TrimSpace(s.src[s.l.start[sp.first]:sp.start])) == 0 {
				s.stmts = append(s.stmts, sp)
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			add(n.List)
		case *ast.CaseClause:
			add(n.Body)
		case *ast.CommClause:
			add(n.Body)
		case *ast.CallExpr, *ast.BinaryExpr:
			if sp := s.span(n); sp.first == sp.last {
				s.exprs = append(s.exprs, n.(ast.Expr))
			}
		}
		return true
	})
}

// op proposes one edit of operator o on a line not yet used.
func (s *site) op(o int, used map[int]bool, r *rand.Rand) (edit, bool) {
	switch o {
	case opInsertLine:
		st, ok := pick(s.stmts, r, func(sp span) bool { return !used[sp.first] && !s.l.interior[sp.first] })
		if !ok {
			return edit{}, false
		}
		used[st.first] = true
		at := s.l.start[st.first]
		return edit{at, at, s.l.indent(s.src, st.first) + s.statement(r) + "\n"}, true
	case opDeleteLine, opModifyLine:
		st, ok := pick(s.stmts, r, func(sp span) bool { return sp.first == sp.last && !used[sp.first] && s.ownsLine(sp) })
		if !ok {
			return edit{}, false
		}
		used[st.first] = true
		if o == opModifyLine {
			return edit{st.start, st.end, s.statement(r)}, true
		}
		end := s.l.end(s.src, st.first)
		return edit{s.l.start[st.first], min(end+1, len(s.src)), ""}, true
	case opInsertSmall, opDeleteSmall:
		x, ok := pick(s.exprs, r, func(x ast.Expr) bool { return !used[s.span(x).first] && s.small(o, x) })
		if !ok {
			return edit{}, false
		}
		used[s.span(x).first] = true
		return s.smallEdit(o, x, r), true
	}
	return edit{}, false
}

// ownsLine reports whether a one-line statement is alone on its line
// (a trailing comment aside).
func (s *site) ownsLine(sp span) bool {
	rest := bytes.TrimSpace(s.src[sp.end:s.l.end(s.src, sp.first)])
	return len(rest) == 0 || bytes.HasPrefix(rest, []byte("//"))
}

// small reports whether operator o can edit x.
func (s *site) small(o int, x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.CallExpr:
		if x.Ellipsis.IsValid() {
			return false
		}
		return o == opInsertSmall || len(x.Args) >= 2
	case *ast.BinaryExpr:
		return true
	}
	return false
}

// smallEdit adds or removes an argument of a call, or an operand of a
// binary expression.
func (s *site) smallEdit(o int, x ast.Expr, r *rand.Rand) edit {
	switch x := x.(type) {
	case *ast.CallExpr:
		rp := offset(s.fset, x.Rparen)
		if o == opInsertSmall {
			arg := s.name(r)
			if len(x.Args) > 0 {
				arg = ", " + arg
			}
			return edit{rp, rp, arg}
		}
		n := len(x.Args)
		return edit{offset(s.fset, x.Args[n-2].End()), offset(s.fset, x.Args[n-1].End()), ""}
	case *ast.BinaryExpr:
		end := offset(s.fset, x.End())
		if o == opInsertSmall {
			return edit{end, end, " + " + strconv.Itoa(1+r.IntN(9))}
		}
		return edit{offset(s.fset, x.X.End()), end, ""}
	}
	panic("unreachable")
}

// statement is a new one-line statement using the function's names.
func (s *site) statement(r *rand.Rand) string {
	a, b := s.name(r), s.name(r)
	switch r.IntN(6) {
	case 0:
		return a + " = " + b
	case 1:
		return a + "++"
	case 2:
		return fmt.Sprintf("log.Printf(%q, %s)", word(r)+": %v", a)
	case 3:
		return "if " + a + " == nil { return }"
	case 4:
		return fmt.Sprintf("%s = append(%s, %s)", a, a, b)
	default:
		return fmt.Sprintf("trace(%d, %s)", r.IntN(100), a)
	}
}

// name is one of the names the function declares, or a new one.
func (s *site) name(r *rand.Rand) string {
	if len(s.names) == 0 || r.IntN(4) == 0 {
		return word(r)
	}
	return s.names[r.IntN(len(s.names))]
}

// pick returns a random element of xs that ok accepts.
func pick[T any](xs []T, r *rand.Rand, ok func(T) bool) (T, bool) {
	var zero T
	if len(xs) == 0 {
		return zero, false
	}
	start := r.IntN(len(xs))
	for i := range xs {
		x := xs[(start+i)%len(xs)]
		if ok(x) {
			return x, true
		}
	}
	return zero, false
}
