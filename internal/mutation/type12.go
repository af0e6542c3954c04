package mutation

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// Layout makes a type-1 copy of src: the same tokens with comments and
// blank lines added and the layout changed (indentation in spaces, long
// argument lists split over lines).
func Layout(src []byte, r *rand.Rand) ([]byte, error) {
	out := src
	if r.IntN(2) == 0 {
		out = spaceIndent(out)
	}
	l := lineInfo(out)
	var edits []edit
	used := map[int]bool{}
	for range 3 + r.IntN(4) {
		i := 1 + r.IntN(max(len(l.start)-1, 1))
		if i >= len(l.start) || used[i] {
			continue
		}
		used[i] = true
		switch r.IntN(4) {
		case 0, 1:
			if !l.interior[i] {
				text := l.indent(out, i) + "// " + word(r) + " " + word(r) + "\n"
				edits = append(edits, edit{l.start[i], l.start[i], text})
			}
		case 2:
			if !l.interior[i] {
				edits = append(edits, edit{l.start[i], l.start[i], "\n"})
			}
		case 3:
			if !l.openEnd[i] {
				e := l.end(out, i)
				edits = append(edits, edit{e, e, " // " + word(r)})
			}
		}
	}
	if e, ok := splitAfterComma(out, l, used, r); ok {
		edits = append(edits, e)
	}
	out = apply(out, edits)
	if !bytes.HasPrefix(out, []byte("//")) {
		out = append([]byte("// "+word(r)+" is a copy.\n"), out...)
	}
	if err := sameTokens(src, out); err != nil {
		return nil, err
	}
	return out, nil
}

// spaceIndent indents every line that is not inside a multi-line token
// with four spaces per tab.
func spaceIndent(src []byte) []byte {
	l := lineInfo(src)
	var edits []edit
	for i, s := range l.start {
		if l.interior[i] {
			continue
		}
		n := 0
		for s+n < len(src) && src[s+n] == '\t' {
			n++
		}
		if n > 0 {
			edits = append(edits, edit{s, s + n, strings.Repeat("    ", n)})
		}
	}
	return apply(src, edits)
}

// splitAfterComma breaks one line after a comma that another token follows
// on the same line; Go inserts no semicolon after a comma.
func splitAfterComma(src []byte, l *lines, used map[int]bool, r *rand.Rand) (edit, bool) {
	toks := scan(src, true)
	var cands []int
	for i := 0; i+1 < len(toks); i++ {
		ln := l.line(toks[i].off)
		if toks[i].tok == token.COMMA && ln == l.line(toks[i+1].off) && !used[ln] && toks[i+1].tok != token.COMMENT {
			cands = append(cands, i)
		}
	}
	if len(cands) == 0 {
		return edit{}, false
	}
	i := cands[r.IntN(len(cands))]
	ln := l.line(toks[i].off)
	used[ln] = true
	at := toks[i].off + 1
	return edit{at, toks[i+1].off, "\n" + l.indent(src, ln) + "\t"}, true
}

// sameTokens checks that b has a's tokens, comments and layout aside.
func sameTokens(a, b []byte) error {
	if _, _, err := parseDecl(b); err != nil {
		return err
	}
	ta, tb := scan(a, false), scan(b, false)
	if len(ta) != len(tb) {
		return fmt.Errorf("layout changed the number of tokens: %d, not %d", len(tb), len(ta))
	}
	for i := range ta {
		if ta[i].tok != tb[i].tok || ta[i].lit != tb[i].lit {
			return fmt.Errorf("layout changed token %d: %s %q, not %s %q", i, tb[i].tok, tb[i].lit, ta[i].tok, ta[i].lit)
		}
	}
	return nil
}

// Rename makes a type-2 copy of src: every name the function declares (its
// own name, receiver, parameters, results, local variables, constants and
// types) is replaced by a fresh one wherever it is used as a name, as a
// developer renaming them would: field and method selectors (x.name) and
// the keys of composite literals keep their names. About half of the
// literal values (at least one) change too.
func Rename(src []byte, r *rand.Rand) ([]byte, error) { return renameDeclared(src, r, true, false) }

// RenameDeclared renames every name the function declares, as Rename
// does, and changes no literal value: a copy pasted and adapted to its
// new place, before any other edit.
func RenameDeclared(src []byte, r *rand.Rand) ([]byte, error) {
	return renameDeclared(src, r, false, false)
}

// RenameLocals renames, as RenameDeclared does, every name the function
// declares but its own: a copy whose name says what it is (OppositeName).
func RenameLocals(src []byte, r *rand.Rand) ([]byte, error) {
	return renameDeclared(src, r, false, true)
}

func renameDeclared(src []byte, r *rand.Rand, literals, keepName bool) ([]byte, error) {
	fset, fd, err := parseDecl(src)
	if err != nil {
		return nil, err
	}
	names := freshNames(declaredNames(fd), src, r)
	if keepName {
		delete(names, fd.Name.Name)
	}
	var edits []edit
	for _, id := range renamable(fd) {
		if to, ok := names[id.Name]; ok {
			at := offset(fset, id.Pos())
			edits = append(edits, edit{at, at + len(id.Name), to})
		}
	}
	if literals {
		lits := literalTokens(src)
		changed := false
		for i, t := range lits {
			if r.IntN(2) == 0 || (!changed && i == len(lits)-1) {
				edits = append(edits, edit{t.off, t.off + len(t.lit), newLiteral(t, r)})
				changed = true
			}
		}
	}
	if len(edits) == 0 {
		return nil, fmt.Errorf("nothing to rename")
	}
	out := apply(src, edits)
	if _, _, err := parseDecl(out); err != nil {
		return nil, err
	}
	return out, nil
}

// freshNames maps each name to a new one that src does not use.
func freshNames(names []string, src []byte, r *rand.Rand) map[string]string {
	taken := map[string]bool{}
	for _, t := range scan(src, false) {
		if t.tok == token.IDENT {
			taken[t.lit] = true
		}
	}
	out := map[string]string{}
	for _, n := range names {
		for {
			fresh := word(r) + strconv.Itoa(r.IntN(100))
			if !taken[fresh] {
				taken[fresh] = true
				out[n] = fresh
				break
			}
		}
	}
	return out
}

// renamable lists the identifiers of fd that name something, leaving out
// selectors (x.name) and composite literal keys (T{name: v}).
func renamable(fd *ast.FuncDecl) []*ast.Ident {
	skip := map[*ast.Ident]bool{}
	var ids []*ast.Ident
	ast.Inspect(fd, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			skip[n.Sel] = true
		case *ast.CompositeLit:
			for _, e := range n.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						skip[id] = true
					}
				}
			}
		case *ast.Ident:
			ids = append(ids, n)
		}
		return true
	})
	return slices.DeleteFunc(ids, func(id *ast.Ident) bool { return skip[id] })
}

// declaredNames lists, sorted, the names that fd declares: its own, its
// receiver's, parameters', results' and those declared in its body.
func declaredNames(fd *ast.FuncDecl) []string {
	set := map[string]bool{fd.Name.Name: true}
	addIdents := func(ids ...*ast.Ident) {
		for _, id := range ids {
			if id != nil && id.Name != "_" {
				set[id.Name] = true
			}
		}
	}
	addFields := func(fl *ast.FieldList) {
		if fl != nil {
			for _, f := range fl.List {
				addIdents(f.Names...)
			}
		}
	}
	addFields(fd.Recv)
	addFields(fd.Type.Params)
	addFields(fd.Type.Results)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, e := range n.Lhs {
					if id, ok := e.(*ast.Ident); ok {
						addIdents(id)
					}
				}
			}
		case *ast.ValueSpec:
			addIdents(n.Names...)
		case *ast.TypeSpec:
			addIdents(n.Name)
		case *ast.RangeStmt:
			if n.Tok == token.DEFINE {
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if id, ok := e.(*ast.Ident); ok {
						addIdents(id)
					}
				}
			}
		case *ast.FuncType:
			addFields(n.Params)
			addFields(n.Results)
		}
		return true
	})
	for _, predeclared := range []string{"nil", "true", "false", "iota"} {
		delete(set, predeclared)
	}
	out := make([]string, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// newLiteral is a different value of t's kind.
func newLiteral(t tok, r *rand.Rand) string {
	for {
		var s string
		switch t.tok {
		case token.INT:
			s = strconv.Itoa(r.IntN(1000))
		case token.FLOAT:
			s = fmt.Sprintf("%d.%d", r.IntN(100), 1+r.IntN(9))
		case token.IMAG:
			s = fmt.Sprintf("%di", r.IntN(100))
		case token.CHAR:
			s = fmt.Sprintf("'%c'", 'a'+r.IntN(26))
		default:
			s = strconv.Quote(word(r) + " " + word(r))
		}
		if s != t.lit {
			return s
		}
	}
}

// literalTokens are the literal tokens of src: numbers, runes and strings.
func literalTokens(src []byte) []tok {
	var lits []tok
	for _, t := range scan(src, false) {
		switch t.tok {
		case token.INT, token.FLOAT, token.IMAG, token.CHAR, token.STRING:
			lits = append(lits, t)
		}
	}
	return lits
}
