package mutation

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"math/rand/v2"
	"slices"
	"strings"
)

// A DriftBug is one slip a copy of a function makes against its twin,
// of the kinds fingerprint's drift analysis looks for: a step one copy
// lacks, or a name slipped on. ParallelEdits is the control: a copy
// edited the way per-type variants are, with no slip.
type DriftBug string

// The drift bugs a copy can be given.
const (
	// RemovedGuard deletes an if statement (without init or else, of at
	// most maxGuardLines lines, not alone in its block) whose body returns
	// or panics, or whose condition compares with nil.
	RemovedGuard DriftBug = "removed guard"
	// RemovedErrorPath deletes an assignment (not :=) from the body of an
	// if whose last statement returns or panics.
	RemovedErrorPath DriftBug = "removed error-path assignment"
	// RemovedErrorReturn deletes the return that ends, after other
	// statements, the body of an if whose condition compares with nil:
	// the copy goes on past the error.
	RemovedErrorReturn DriftBug = "removed return on an error path"
	// SwappedArgs exchanges two name arguments of a call, different names
	// each used at least twice elsewhere in the function.
	SwappedArgs DriftBug = "swapped arguments"
	// LeftUnrenamed renames a local variable (declared once, in the body,
	// by :=, var or range; not a parameter) used at least three times
	// everywhere but at one use.
	LeftUnrenamed DriftBug = "left unrenamed"
	// DiscardedCheck assigns to the blank identifier a name that the next
	// statement, an if of at most maxGuardLines lines without init or
	// else, compares with nil (x, err := f() then if err != nil { return
	// err }), and
	// deletes that if: the copy drops the value its twin checks. The
	// assignment is one line of two or more names, from one call, and
	// keeps another name.
	DiscardedCheck DriftBug = "discarded check"
	// CrossedOperand replaces, in the body of an if whose init or
	// condition selects one field of a name (x.f, no other field of x),
	// the one selection of x.f there with x.g, a field another if of the
	// function tests and uses the same way: the copy's if tests one field
	// and uses another (mimir's QuantileOverTimeFactory, xray-core's
	// darwin keepalive).
	CrossedOperand DriftBug = "crossed operand"
	// LeftUnindexed stands, in the copy, for one local variable x
	// (declared once, in the body, by :=, var or range, as LeftUnrenamed's;
	// used bare at least three times besides, never indexed) with
	// an element y[k] of a new name y, at every use but one, where it
	// names y bare: the copy was adapted from one value to one of a map
	// or slice of them, and one place compares or passes the whole
	// (kube-router's iBGP peer sets).
	LeftUnindexed DriftBug = "left unindexed"
	// UnadaptedConstant names, in the copy, a member of a package (pkg.X,
	// not called, selected from or a literal's type; pkg no name the
	// function declares) that the function names once, in a simple
	// statement holding a string, as another member of that package the
	// function names elsewhere (pkg.Y): the copy returns or logs one
	// constant for two of its twin's (grpc's getCallAuthData returning
	// codes.Internal where getTrAuthData returns codes.Unauthenticated).
	UnadaptedConstant DriftBug = "unadapted constant"
	// UnwrappedError formats with %v, in the copy, an argument that a
	// call of fmt.Errorf wraps with %w: the copy's error no longer holds
	// the one it was made from (pointerstructure's Delete, a copy of
	// Set).
	UnwrappedError DriftBug = "unwrapped error"
	// OppositeName renames the copy to the opposite operation (Add to
	// Remove, Min to Max, Marshal to Unmarshal) and leaves its body the
	// original's (dapr's VisitNEQ, a copy of VisitEQ that builds the
	// same equality filter).
	OppositeName DriftBug = "opposite name"
	// ParallelEdits is no bug: one to three names (a type, a local, a
	// callee) renamed everywhere, some literal values changed, and maybe a
	// statement on a name of its own added.
	ParallelEdits DriftBug = "parallel edits"
)

// DriftBugs lists the bugs, ParallelEdits aside, in report order.
// RemovedErrorReturn, added after the benchmark's trials were set, is
// given trials of its own, so that the others' figures stay those of
// the same trials.
var DriftBugs = []DriftBug{RemovedGuard, RemovedErrorPath, SwappedArgs, LeftUnrenamed, DiscardedCheck}

// maxGuardLines is the longest if statement RemovedGuard deletes: a
// guard or a check, not a block of logic.
const maxGuardLines = 5

// MutateDrift returns a copy of src, the text of one function
// declaration, with drift bug b. The copy parses (it need not compile).
// Its Edits say what changed and its At the lines of src it touched. It
// fails if b does not apply to src.
func MutateDrift(b DriftBug, src []byte, r *rand.Rand) (Mutant, error) {
	fset, fd, err := parseDecl(src)
	if err != nil {
		return Mutant{}, err
	}
	d := &decl{src: src, fset: fset, fd: fd, l: lineInfo(src)}
	var m Mutant
	switch b {
	case RemovedGuard:
		m, err = d.removeGuard(r)
	case RemovedErrorPath:
		m, err = d.removeErrorPath(r)
	case RemovedErrorReturn:
		m, err = d.removeErrorReturn(r)
	case SwappedArgs:
		m, err = d.swapArgs(r)
	case LeftUnrenamed:
		m, err = d.leaveUnrenamed(r)
	case DiscardedCheck:
		m, err = d.discardCheck(r)
	case CrossedOperand:
		m, err = d.crossOperand(r)
	case LeftUnindexed:
		m, err = d.leaveUnindexed(r)
	case UnadaptedConstant:
		m, err = d.unadaptConstant(r)
	case UnwrappedError:
		m, err = d.unwrapError(r)
	case OppositeName:
		m, err = d.oppositeName(r)
	case ParallelEdits:
		m, err = d.parallelEdits(r)
	default:
		err = fmt.Errorf("unknown drift bug %q", b)
	}
	if err != nil {
		return Mutant{}, err
	}
	if _, _, err := parseDecl(m.Src); err != nil {
		return Mutant{}, fmt.Errorf("%s: %w", b, err)
	}
	if bytes.Equal(m.Src, src) {
		return Mutant{}, fmt.Errorf("%s: copy unchanged", b)
	}
	return m, nil
}

// A decl is a parsed function declaration to give a drift bug.
type decl struct {
	src  []byte
	fset *token.FileSet
	fd   *ast.FuncDecl
	l    *lines
}

func (d *decl) off(p token.Pos) int  { return offset(d.fset, p) }
func (d *decl) line(p token.Pos) int { return d.l.line(d.off(p)) }

// text is n's source, its first line only, trimmed.
func (d *decl) text(n ast.Node) string {
	s := string(d.src[d.off(n.Pos()):d.off(n.End())])
	first, _, more := strings.Cut(s, "\n")
	if more {
		first += " …"
	}
	return strings.TrimSpace(first)
}

// ownsLines reports whether n fills its lines: only white space before
// it on its first line, only white space or a line comment after it on
// its last, and no line inside a multi-line token.
func (d *decl) ownsLines(n ast.Node) bool {
	a, b := d.off(n.Pos()), d.off(n.End())
	first, last := d.l.line(a), d.l.line(b-1)
	if d.l.interior[first] || d.l.openEnd[last] {
		return false
	}
	before := bytes.TrimSpace(d.src[d.l.start[first]:a])
	after := bytes.TrimSpace(d.src[b:d.l.end(d.src, last)])
	return len(before) == 0 && (len(after) == 0 || bytes.HasPrefix(after, []byte("//")))
}

// deleteLines is the edit that removes the lines n fills, and those
// lines.
func (d *decl) deleteLines(n ast.Node) (edit, [2]int) {
	first, last := d.line(n.Pos()), d.line(n.End()-1)
	end := min(d.l.end(d.src, last)+1, len(d.src))
	return edit{d.l.start[first], end, ""}, [2]int{first, last}
}

// stmtLists calls fn with every statement list of the body.
func (d *decl) stmtLists(fn func([]ast.Stmt)) {
	ast.Inspect(d.fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			fn(n.List)
		case *ast.CaseClause:
			fn(n.Body)
		case *ast.CommClause:
			fn(n.Body)
		}
		return true
	})
}

// inspectOwn walks n without entering function literals.
func inspectOwn(n ast.Node, fn func(ast.Node) bool) {
	ast.Inspect(n, func(x ast.Node) bool {
		if _, ok := x.(*ast.FuncLit); ok {
			return false
		}
		return fn(x)
	})
}

// isPanic reports whether s is a call of panic.
func isPanic(s ast.Stmt) bool {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := es.X.(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := call.Fun.(*ast.Ident)
	return ok && id.Name == "panic"
}

// leaves reports whether n holds a return or a call of panic.
func leaves(n ast.Node) bool {
	found := false
	inspectOwn(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.ReturnStmt:
			found = true
		case ast.Stmt:
			found = found || isPanic(x)
		}
		return !found
	})
	return found
}

// comparesNil reports whether x compares something with nil.
func comparesNil(x ast.Expr) bool {
	found := false
	inspectOwn(x, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && (b.Op == token.EQL || b.Op == token.NEQ) {
			for _, e := range []ast.Expr{b.X, b.Y} {
				if id, ok := e.(*ast.Ident); ok && id.Name == "nil" {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

func (d *decl) removeGuard(r *rand.Rand) (Mutant, error) {
	var cands []ast.Node
	d.stmtLists(func(list []ast.Stmt) {
		if len(list) < 2 {
			return // removing the only statement would leave an empty block
		}
		for _, s := range list {
			is, ok := s.(*ast.IfStmt)
			if !ok || is.Init != nil || is.Else != nil || !d.ownsLines(is) ||
				d.line(is.End()-1)-d.line(is.Pos()) >= maxGuardLines {
				continue
			}
			if leaves(is.Body) || comparesNil(is.Cond) {
				cands = append(cands, is)
			}
		}
	})
	return d.removeOne(r, cands, "no guard to remove")
}

// removeOne deletes the lines of one of nodes, picked with r; with none,
// it fails saying so.
func (d *decl) removeOne(r *rand.Rand, nodes []ast.Node, none string) (Mutant, error) {
	if len(nodes) == 0 {
		return Mutant{}, errors.New(none)
	}
	n := nodes[r.IntN(len(nodes))]
	e, at := d.deleteLines(n)
	what := fmt.Sprintf("removed lines %d-%d: %s", at[0], at[1], d.text(n))
	if at[0] == at[1] {
		what = fmt.Sprintf("removed line %d: %s", at[0], d.text(n))
	}
	return Mutant{Src: apply(d.src, []edit{e}), At: at, Edits: []string{what}}, nil
}

func (d *decl) removeErrorPath(r *rand.Rand) (Mutant, error) {
	var cands []ast.Node
	ast.Inspect(d.fd.Body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok || len(is.Body.List) < 2 {
			return true
		}
		list := is.Body.List
		if _, ok := list[len(list)-1].(*ast.ReturnStmt); !ok && !isPanic(list[len(list)-1]) {
			return true
		}
		for _, s := range list[:len(list)-1] {
			if as, ok := s.(*ast.AssignStmt); ok && as.Tok != token.DEFINE && d.ownsLines(as) &&
				d.line(as.Pos()) == d.line(as.End()-1) {
				cands = append(cands, as)
			}
		}
		return true
	})
	return d.removeOne(r, cands, "no assignment on an error path")
}

func (d *decl) removeErrorReturn(r *rand.Rand) (Mutant, error) {
	var cands []ast.Node
	ast.Inspect(d.fd.Body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok || len(is.Body.List) < 2 || !comparesNil(is.Cond) {
			return true
		}
		if rs, ok := is.Body.List[len(is.Body.List)-1].(*ast.ReturnStmt); ok && d.ownsLines(rs) {
			cands = append(cands, rs)
		}
		return true
	})
	return d.removeOne(r, cands, "no return on an error path")
}

func (d *decl) discardCheck(r *rand.Rand) (Mutant, error) {
	type site struct {
		as   *ast.AssignStmt
		name *ast.Ident
		is   *ast.IfStmt
	}
	var cands []site
	d.stmtLists(func(list []ast.Stmt) {
		for i := 0; i+1 < len(list); i++ {
			as, ok := list[i].(*ast.AssignStmt)
			if !ok || len(as.Lhs) < 2 || len(as.Rhs) != 1 || d.line(as.Pos()) != d.line(as.End()-1) {
				continue
			}
			if _, ok := as.Rhs[0].(*ast.CallExpr); !ok {
				continue
			}
			is, ok := list[i+1].(*ast.IfStmt)
			if !ok || is.Init != nil || is.Else != nil || !d.ownsLines(is) ||
				d.line(is.End()-1)-d.line(is.Pos()) >= maxGuardLines || !leaves(is.Body) && !comparesNil(is.Cond) {
				continue
			}
			named := 0
			for _, e := range as.Lhs {
				if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
					named++
				}
			}
			for _, e := range as.Lhs {
				if id, ok := e.(*ast.Ident); ok && id.Name != "_" && named >= 2 && comparesNameNil(is.Cond, id.Name) {
					cands = append(cands, site{as, id, is})
				}
			}
		}
	})
	if len(cands) == 0 {
		return Mutant{}, fmt.Errorf("no checked value to discard")
	}
	c := cands[r.IntN(len(cands))]
	del, at := d.deleteLines(c.is)
	blank := edit{d.off(c.name.Pos()), d.off(c.name.End()), "_"}
	first := d.line(c.as.Pos())
	return Mutant{Src: apply(d.src, []edit{blank, del}), At: [2]int{first, at[1]},
		Edits: []string{fmt.Sprintf("line %d: %s discarded with _; removed lines %d-%d: %s", first, c.name.Name, at[0], at[1], d.text(c.is))}}, nil
}

// comparesNameNil reports whether x compares name with nil.
func comparesNameNil(x ast.Expr, name string) bool {
	is := func(e ast.Expr, s string) bool {
		id, ok := e.(*ast.Ident)
		return ok && id.Name == s
	}
	found := false
	inspectOwn(x, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && (b.Op == token.EQL || b.Op == token.NEQ) &&
			(is(b.X, name) && is(b.Y, "nil") || is(b.X, "nil") && is(b.Y, name)) {
			found = true
		}
		return !found
	})
	return found
}

// isPredeclared reports whether name is one of Go's predeclared
// identifiers.
func isPredeclared(name string) bool { return types.Universe.Lookup(name) != nil }

// uses counts the identifiers of the function that name each name (see
// renamable).
func (d *decl) uses() map[string]int {
	n := map[string]int{}
	for _, id := range renamable(d.fd) {
		n[id.Name]++
	}
	return n
}

func (d *decl) swapArgs(r *rand.Rand) (Mutant, error) {
	uses := d.uses()
	type cand struct{ a, b *ast.Ident }
	var cands []cand
	ast.Inspect(d.fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		var ids []*ast.Ident
		for _, a := range call.Args {
			if id, ok := a.(*ast.Ident); ok && id.Name != "_" && !isPredeclared(id.Name) && uses[id.Name]-1 >= 2 {
				ids = append(ids, id)
			}
		}
		for i := range ids {
			for j := i + 1; j < len(ids); j++ {
				if ids[i].Name != ids[j].Name {
					cands = append(cands, cand{ids[i], ids[j]})
				}
			}
		}
		return true
	})
	if len(cands) == 0 {
		return Mutant{}, fmt.Errorf("no call with two name arguments to swap")
	}
	c := cands[r.IntN(len(cands))]
	at := [2]int{d.line(c.a.Pos()), d.line(c.b.Pos())}
	edits := []edit{
		{d.off(c.a.Pos()), d.off(c.a.End()), c.b.Name},
		{d.off(c.b.Pos()), d.off(c.b.End()), c.a.Name},
	}
	return Mutant{Src: apply(d.src, edits), At: at,
		Edits: []string{fmt.Sprintf("swapped %s and %s on line %d: %s", c.a.Name, c.b.Name, at[0], d.lineText(at[0]))}}, nil
}

// lineText is line i of the source, trimmed.
func (d *decl) lineText(i int) string {
	return strings.TrimSpace(string(d.src[d.l.start[i]:d.l.end(d.src, i)]))
}

// declSites maps each name the function declares as a variable (its
// receiver, parameters and results, those of function literals, and
// those declared by :=, var or range) to the identifiers declaring it;
// params holds those of the receiver, parameters and results.
func (d *decl) declSites() (sites map[string][]*ast.Ident, params map[*ast.Ident]bool) {
	sites, params = map[string][]*ast.Ident{}, map[*ast.Ident]bool{}
	add := func(ids ...ast.Expr) {
		for _, e := range ids {
			if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
				sites[id.Name] = append(sites[id.Name], id)
			}
		}
	}
	fields := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, f := range fl.List {
			for _, id := range f.Names {
				add(id)
				params[id] = true
			}
		}
	}
	d.inspect(fields, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				add(n.Lhs...)
			}
		case *ast.GenDecl:
			if n.Tok == token.VAR {
				for _, s := range n.Specs {
					for _, id := range s.(*ast.ValueSpec).Names {
						add(id)
					}
				}
			}
		case *ast.RangeStmt:
			if n.Tok == token.DEFINE {
				add(n.Key, n.Value)
			}
		}
	})
	return sites, params
}

// inspect walks the declaration: it calls fields with its receiver and
// with the parameters and results of every function type in it, and
// visit with every other node.
func (d *decl) inspect(fields func(*ast.FieldList), visit func(ast.Node)) {
	fields(d.fd.Recv)
	ast.Inspect(d.fd, func(n ast.Node) bool {
		if ft, ok := n.(*ast.FuncType); ok {
			fields(ft.Params)
			fields(ft.Results)
		} else if n != nil {
			visit(n)
		}
		return true
	})
}

// otherNames are the names the function uses otherwise than as
// variables: its own, labels, types it declares, and fields and methods
// of types it declares (renamable would rename those too).
func (d *decl) otherNames() map[string]bool {
	out := map[string]bool{d.fd.Name.Name: true}
	ast.Inspect(d.fd, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.LabeledStmt:
			out[n.Label.Name] = true
		case *ast.TypeSpec:
			out[n.Name.Name] = true
		case *ast.StructType, *ast.InterfaceType:
			var fl *ast.FieldList
			if s, ok := n.(*ast.StructType); ok {
				fl = s.Fields
			} else {
				fl = n.(*ast.InterfaceType).Methods
			}
			for _, f := range fl.List {
				for _, id := range f.Names {
					out[id.Name] = true
				}
			}
		}
		return true
	})
	return out
}

func (d *decl) leaveUnrenamed(r *rand.Rand) (Mutant, error) {
	sites, params := d.declSites()
	other := d.otherNames()
	byName := d.byName()
	var names []string
	for name, ds := range sites {
		if len(ds) == 1 && !params[ds[0]] && !other[name] && !isPredeclared(name) && len(byName[name]) >= 3 {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return Mutant{}, fmt.Errorf("no variable to rename")
	}
	slices.Sort(names)
	name := names[r.IntN(len(names))]
	_, kept, to := d.slipSite(byName[name], sites[name][0], r)
	var edits []edit
	for _, id := range byName[name] {
		if id != kept {
			edits = append(edits, edit{d.off(id.Pos()), d.off(id.End()), to})
		}
	}
	l := d.line(kept.Pos())
	return Mutant{Src: apply(d.src, edits), At: [2]int{l, l},
		Edits: []string{fmt.Sprintf("renamed %s to %s but on line %d: %s", name, to, l, d.lineText(l))}}, nil
}

// byName groups the identifiers renamable would rename by their name.
func (d *decl) byName() map[string][]*ast.Ident {
	out := map[string][]*ast.Ident{}
	for _, id := range renamable(d.fd) {
		out[id.Name] = append(out[id.Name], id)
	}
	return out
}

// slipSite picks, among the identifiers ids of a variable but decl, the
// one it declares, the use a slip leaves as it was (kept), and a name
// new to the function for the others (to).
func (d *decl) slipSite(ids []*ast.Ident, decl *ast.Ident, r *rand.Rand) (uses []*ast.Ident, kept *ast.Ident, to string) {
	for _, id := range ids {
		if id != decl {
			uses = append(uses, id)
		}
	}
	kept = uses[r.IntN(len(uses))]
	return uses, kept, freshNames([]string{ids[0].Name}, d.src, r)[ids[0].Name]
}

// leaveUnindexed makes LeftUnindexed. The key is one of the function's
// parameters (not x) or, where it has none, the literal 0.
func (d *decl) leaveUnindexed(r *rand.Rand) (Mutant, error) {
	sites, params := d.declSites()
	other := d.otherNames()
	indexed := map[*ast.Ident]bool{} // a name indexed or sliced: x[i], x[i:j]
	ast.Inspect(d.fd, func(n ast.Node) bool {
		var x ast.Expr
		switch n := n.(type) {
		case *ast.IndexExpr:
			x = n.X
		case *ast.IndexListExpr:
			x = n.X
		case *ast.SliceExpr:
			x = n.X
		}
		if id, ok := x.(*ast.Ident); ok {
			indexed[id] = true
		}
		return true
	})
	byName := d.byName()
	var names, keys []string
	for name, ds := range sites {
		if len(ds) == 1 && params[ds[0]] {
			keys = append(keys, name)
		}
		if len(ds) != 1 || params[ds[0]] || other[name] || isPredeclared(name) || len(byName[name]) < 4 ||
			slices.ContainsFunc(byName[name], func(id *ast.Ident) bool { return indexed[id] }) {
			continue
		}
		names = append(names, name)
	}
	if len(names) == 0 {
		return Mutant{}, fmt.Errorf("no variable used bare three times to index")
	}
	slices.Sort(names)
	slices.Sort(keys)
	name := names[r.IntN(len(names))]
	key := "0"
	if keys = slices.DeleteFunc(keys, func(k string) bool { return k == name }); len(keys) > 0 {
		key = keys[r.IntN(len(keys))]
	}
	uses, kept, to := d.slipSite(byName[name], sites[name][0], r)
	edits := []edit{{d.off(sites[name][0].Pos()), d.off(sites[name][0].End()), to}}
	for _, id := range uses {
		text := to + "[" + key + "]"
		if id == kept {
			text = to
		}
		edits = append(edits, edit{d.off(id.Pos()), d.off(id.End()), text})
	}
	l := d.line(kept.Pos())
	return Mutant{Src: apply(d.src, edits), At: [2]int{l, l},
		Edits: []string{fmt.Sprintf("stood for %s with %s[%s] but on line %d: %s", name, to, key, l, d.lineText(l))}}, nil
}

// A rename is a name to change everywhere: as a name (not selected) or,
// with sel, as a selected field, method or qualified name.
type rename struct {
	name string
	sel  bool
}

// typeNames lists the names of types that the function refers to.
func (d *decl) typeNames() []rename {
	set := map[rename]bool{}
	var typ func(e ast.Expr)
	typ = func(e ast.Expr) {
		switch e := e.(type) {
		case *ast.Ident:
			if !isPredeclared(e.Name) {
				set[rename{e.Name, false}] = true
			}
		case *ast.SelectorExpr:
			set[rename{e.Sel.Name, true}] = true
		case *ast.StarExpr:
			typ(e.X)
		case *ast.ArrayType:
			typ(e.Elt)
		case *ast.MapType:
			typ(e.Key)
			typ(e.Value)
		case *ast.ChanType:
			typ(e.Value)
		case *ast.IndexExpr:
			typ(e.X)
		case *ast.IndexListExpr:
			typ(e.X)
		}
	}
	fields := func(fl *ast.FieldList) {
		if fl != nil {
			for _, f := range fl.List {
				typ(f.Type)
			}
		}
	}
	d.inspect(fields, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.CompositeLit:
			typ(n.Type)
		case *ast.ValueSpec:
			typ(n.Type)
		case *ast.TypeAssertExpr:
			typ(n.Type)
		case *ast.CallExpr:
			if id, ok := n.Fun.(*ast.Ident); ok && (id.Name == "new" || id.Name == "make") && len(n.Args) > 0 {
				typ(n.Args[0])
			}
		}
	})
	return sortedRenames(set)
}

// callees lists the names of the functions and methods the function
// calls.
func (d *decl) callees() []rename {
	set := map[rename]bool{}
	ast.Inspect(d.fd.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			switch f := call.Fun.(type) {
			case *ast.Ident:
				if !isPredeclared(f.Name) {
					set[rename{f.Name, false}] = true
				}
			case *ast.SelectorExpr:
				set[rename{f.Sel.Name, true}] = true
			}
		}
		return true
	})
	return sortedRenames(set)
}

func sortedRenames(set map[rename]bool) []rename {
	out := make([]rename, 0, len(set))
	for r := range set {
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b rename) int {
		if a.name != b.name {
			return strings.Compare(a.name, b.name)
		}
		if a.sel == b.sel {
			return 0
		}
		if a.sel {
			return 1
		}
		return -1
	})
	return out
}

// parallelEdits edits a copy the way the per-type variants of a function
// differ: see ParallelEdits.
func (d *decl) parallelEdits(r *rand.Rand) (Mutant, error) {
	other := d.otherNames()
	var locals []rename
	sites, _ := d.declSites()
	for name := range sites {
		if !other[name] && !isPredeclared(name) {
			locals = append(locals, rename{name, false})
		}
	}
	locals = sortedRenames(setOf(locals))
	groups := [][]rename{d.typeNames(), locals, d.callees()}
	chosen := map[rename]bool{}
	var order []rename
	for want := 1 + r.IntN(3); len(order) < want; {
		var nonEmpty [][]rename
		for _, g := range groups {
			if slices.ContainsFunc(g, func(x rename) bool { return !chosen[x] }) {
				nonEmpty = append(nonEmpty, g)
			}
		}
		if len(nonEmpty) == 0 {
			break
		}
		g := nonEmpty[r.IntN(len(nonEmpty))]
		x := g[r.IntN(len(g))]
		if !chosen[x] {
			chosen[x] = true
			order = append(order, x)
		}
	}
	var names []string
	for _, x := range order {
		names = append(names, x.name)
	}
	fresh := freshNames(names, d.src, r)
	var edits []edit
	var said []string
	for _, x := range order {
		to := fresh[x.name]
		n := 0
		ast.Inspect(d.fd, func(node ast.Node) bool {
			var id *ast.Ident
			if s, ok := node.(*ast.SelectorExpr); ok && x.sel {
				id = s.Sel
			}
			if id != nil && id.Name == x.name {
				edits = append(edits, edit{d.off(id.Pos()), d.off(id.End()), to})
				n++
			}
			return true
		})
		if !x.sel {
			for _, id := range renamable(d.fd) {
				if id.Name == x.name {
					edits = append(edits, edit{d.off(id.Pos()), d.off(id.End()), to})
					n++
				}
			}
		}
		sel := ""
		if x.sel {
			sel = "."
		}
		said = append(said, fmt.Sprintf("renamed %s%s to %s%s (%d uses)", sel, x.name, sel, to, n))
	}
	lits := literalTokens(d.src)
	changed := 0
	for i, t := range lits {
		if r.IntN(3) == 0 || changed == 0 && i == len(lits)-1 {
			edits = append(edits, edit{t.off, t.off + len(t.lit), newLiteral(t, r)})
			changed++
		}
	}
	if changed > 0 {
		said = append(said, fmt.Sprintf("changed %d of %d literals", changed, len(lits)))
	}
	if r.IntN(2) == 0 {
		var stmts []ast.Stmt
		d.stmtLists(func(list []ast.Stmt) {
			for _, s := range list {
				if d.ownsLines(s) {
					stmts = append(stmts, s)
				}
			}
		})
		if len(stmts) > 0 {
			s := stmts[r.IntN(len(stmts))]
			var add string
			switch r.IntN(3) {
			case 0:
				add = "metrics.Inc()"
			case 1:
				add = fmt.Sprintf("stats.Add(%q, 1)", word(r))
			default:
				add = fmt.Sprintf("debugf(%q)", word(r))
			}
			l := d.line(s.Pos())
			at := d.l.start[l]
			edits = append(edits, edit{at, at, d.l.indent(d.src, l) + add + "\n"})
			said = append(said, fmt.Sprintf("added %s before line %d", add, l))
		}
	}
	if len(edits) == 0 {
		return Mutant{}, fmt.Errorf("nothing to edit")
	}
	return Mutant{Src: apply(d.src, edits), Edits: said}, nil
}

func setOf(rs []rename) map[rename]bool {
	m := map[rename]bool{}
	for _, r := range rs {
		m[r] = true
	}
	return m
}

// A fieldOf is a field selected from a name: x.f, not called.
type fieldOf struct{ x, f string }

// fieldsIn lists the selections of a field from a name in n (not a
// method called), with their selectors.
func fieldsIn(n ast.Node) (out []*ast.SelectorExpr) {
	called := map[ast.Expr]bool{}
	inspectOwn(n, func(x ast.Node) bool {
		if call, ok := x.(*ast.CallExpr); ok {
			called[call.Fun] = true
		}
		if sel, ok := x.(*ast.SelectorExpr); ok && !called[sel] {
			if _, ok := sel.X.(*ast.Ident); ok {
				out = append(out, sel)
			}
		}
		return true
	})
	return out
}

func fieldKey(sel *ast.SelectorExpr) fieldOf {
	return fieldOf{sel.X.(*ast.Ident).Name, sel.Sel.Name}
}

// crossOperand makes CrossedOperand: it links each if's tested field to
// its body's one selection of it, and crosses one such link with a field
// of the same name that another if links.
func (d *decl) crossOperand(r *rand.Rand) (Mutant, error) {
	type link struct {
		ifs *ast.IfStmt
		use *ast.SelectorExpr
	}
	var links []link
	linked := map[fieldOf]*ast.IfStmt{}
	ast.Inspect(d.fd.Body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		var tested []*ast.SelectorExpr
		if is.Init != nil {
			tested = fieldsIn(is.Init)
		}
		tested = append(tested, fieldsIn(is.Cond)...)
		byName := map[string]map[string]bool{}
		for _, sel := range tested {
			k := fieldKey(sel)
			if byName[k.x] == nil {
				byName[k.x] = map[string]bool{}
			}
			byName[k.x][k.f] = true
		}
		for x, fs := range byName {
			if len(fs) != 1 {
				continue
			}
			var f string
			for name := range fs {
				f = name // the one field tested
			}
			var uses []*ast.SelectorExpr
			for _, sel := range fieldsIn(is.Body) {
				if fieldKey(sel) == (fieldOf{x, f}) {
					uses = append(uses, sel)
				}
			}
			if len(uses) == 1 {
				links = append(links, link{is, uses[0]})
				linked[fieldOf{x, f}] = is
			}
		}
		return true
	})
	type cand struct {
		l  link
		to string
	}
	var cands []cand
	for _, l := range links {
		k := fieldKey(l.use)
		for other, is := range linked {
			if other.x == k.x && other.f != k.f && is != l.ifs {
				cands = append(cands, cand{l, other.f})
			}
		}
	}
	if len(cands) == 0 {
		return Mutant{}, fmt.Errorf("no if linking a field that another if's field can cross")
	}
	slices.SortFunc(cands, func(a, b cand) int {
		return cmp.Or(cmp.Compare(a.l.use.Pos(), b.l.use.Pos()), cmp.Compare(a.to, b.to))
	})
	c := cands[r.IntN(len(cands))]
	at := [2]int{d.line(c.l.ifs.Pos()), d.line(c.l.use.Pos())}
	sel := c.l.use.Sel
	return Mutant{Src: apply(d.src, []edit{{d.off(sel.Pos()), d.off(sel.End()), c.to}}), At: at,
		Edits: []string{fmt.Sprintf("crossed %s.%s with %s on line %d: %s", fieldKey(c.l.use).x, sel.Name, c.to, at[1], d.lineText(at[1]))}}, nil
}

// A memberUse is one place the function names a member of a package:
// pkg.name, and whether its statement may take the bug (simple, holding
// a string).
type memberUse struct {
	sel       *ast.SelectorExpr
	pkg, name string
	site      bool
}

// unadaptConstant makes UnadaptedConstant.
func (d *decl) unadaptConstant(r *rand.Rand) (Mutant, error) {
	sites, _ := d.declSites()
	var uses []memberUse
	var stack []ast.Node
	ast.Inspect(d.fd.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if sel, ok := n.(*ast.SelectorExpr); ok && len(stack) > 0 {
			if pkg, ok := sel.X.(*ast.Ident); ok && sites[pkg.Name] == nil && !usedAsMore(stack[len(stack)-1], sel) {
				uses = append(uses, memberUse{sel, pkg.Name, sel.Sel.Name, simpleWithString(stack)})
			}
		}
		stack = append(stack, n)
		return true
	})
	count := map[[2]string]int{}
	for _, u := range uses {
		count[[2]string{u.pkg, u.name}]++
	}
	type cand struct {
		u  memberUse
		to string
	}
	var cands []cand
	for _, u := range uses {
		if !u.site || count[[2]string{u.pkg, u.name}] != 1 {
			continue
		}
		for k := range count {
			if k[0] == u.pkg && k[1] != u.name {
				cands = append(cands, cand{u, k[1]})
			}
		}
	}
	if len(cands) == 0 {
		return Mutant{}, fmt.Errorf("no member of a package named once in a statement with a string, beside another")
	}
	slices.SortFunc(cands, func(a, b cand) int {
		return cmp.Or(cmp.Compare(a.u.sel.Pos(), b.u.sel.Pos()), cmp.Compare(a.to, b.to))
	})
	c := cands[r.IntN(len(cands))]
	l := d.line(c.u.sel.Pos())
	sel := c.u.sel.Sel
	return Mutant{Src: apply(d.src, []edit{{d.off(sel.Pos()), d.off(sel.End()), c.to}}), At: [2]int{l, l},
		Edits: []string{fmt.Sprintf("named %s.%s for %s.%s on line %d: %s", c.u.pkg, c.to, c.u.pkg, sel.Name, l, d.lineText(l))}}, nil
}

// usedAsMore reports whether sel, a child of parent, is more than a
// value there: called, selected from, indexed, a composite literal's or
// an assertion's type.
func usedAsMore(parent ast.Node, sel *ast.SelectorExpr) bool {
	switch p := parent.(type) {
	case *ast.CallExpr:
		return p.Fun == sel
	case *ast.SelectorExpr:
		return p.X == sel
	case *ast.IndexExpr:
		return p.X == sel
	case *ast.IndexListExpr:
		return p.X == sel
	case *ast.CompositeLit:
		return p.Type == sel
	case *ast.TypeAssertExpr:
		return p.Type == sel
	case *ast.StarExpr, *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.Field, *ast.ValueSpec:
		return true // a type
	}
	return false
}

// simpleWithString reports whether the innermost statement of stack (the
// nodes from the body down) is a simple one (not a block, an if, a loop
// or a switch) that holds a string literal.
func simpleWithString(stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		st, ok := stack[i].(ast.Stmt)
		if !ok {
			continue
		}
		switch st.(type) {
		case *ast.ExprStmt, *ast.ReturnStmt, *ast.AssignStmt, *ast.SendStmt, *ast.DeclStmt, *ast.GoStmt, *ast.DeferStmt:
		default:
			return false
		}
		found := false
		ast.Inspect(st, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				found = true
			}
			return !found
		})
		return found
	}
	return false
}

// unwrapError makes UnwrappedError: one %w of the literal format of a
// call of fmt.Errorf (without explicit argument indexes) made %v.
func (d *decl) unwrapError(r *rand.Rand) (Mutant, error) {
	var at []int // the offsets in src of each such %w's w
	ast.Inspect(d.fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Errorf" {
			return true
		}
		if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "fmt" {
			return true
		}
		lit, ok := call.Args[0].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING || strings.Contains(lit.Value, "%[") {
			return true
		}
		for i := 0; i+1 < len(lit.Value); i++ {
			switch {
			case lit.Value[i] != '%':
			case lit.Value[i+1] == '%':
				i++
			case lit.Value[i+1] == 'w':
				at = append(at, d.off(lit.Pos())+i+1)
			}
		}
		return true
	})
	if len(at) == 0 {
		return Mutant{}, fmt.Errorf("no %%w in a format of fmt.Errorf")
	}
	off := at[r.IntN(len(at))]
	l := d.l.line(off)
	return Mutant{Src: apply(d.src, []edit{{off, off + 1, "v"}}), At: [2]int{l, l},
		Edits: []string{fmt.Sprintf("formatted with %%v what line %d wraps with %%w: %s", l, d.lineText(l))}}, nil
}

// opposites are the words OppositeName renames a function's name by, as
// a name spells them, each either way.
var opposites = strings.Fields("Add:Remove Get:Set Min:Max Encode:Decode Marshal:Unmarshal Read:Write Open:Close " +
	"Start:Stop Lock:Unlock Push:Pop First:Last Prev:Next Before:After Left:Right Upper:Lower Begin:End " +
	"Enable:Disable Load:Store Less:Greater Inc:Dec")

// oppositeName makes OppositeName: one word of the function's name (Add
// in addBuf or in ReadAdd, at a word's start and end) replaced by its
// opposite, in the same case.
func (d *decl) oppositeName(r *rand.Rand) (Mutant, error) {
	name := d.fd.Name.Name
	var to []string
	for _, p := range opposites {
		a, b, _ := strings.Cut(p, ":")
		for _, w := range [][2]string{{a, b}, {b, a}} {
			for i := 0; i+len(w[0]) <= len(name); i++ {
				x, y := w[0], w[1]
				if i == 0 && isLower(name[0]) {
					x, y = strings.ToLower(x[:1])+x[1:], strings.ToLower(y[:1])+y[1:]
				}
				end := i + len(x)
				if name[i:end] == x && (end == len(name) || !isLower(name[end])) {
					to = append(to, name[:i]+y+name[end:])
				}
			}
		}
	}
	if len(to) == 0 {
		return Mutant{}, fmt.Errorf("no word of %s has an opposite", name)
	}
	n := to[r.IntN(len(to))]
	off, l := d.off(d.fd.Name.Pos()), d.line(d.fd.Name.Pos())
	return Mutant{Src: apply(d.src, []edit{{off, off + len(name), n}}), At: [2]int{l, l},
		Edits: []string{fmt.Sprintf("renamed %s to %s, its body left as it was", name, n)}}, nil
}

func isLower(c byte) bool { return 'a' <= c && c <= 'z' }
