// Command belief measures, for each step a drifted copy lacks, how often
// the rest of its module takes that step in the same place: Engler et
// al.'s "bugs as deviant behavior" (SOSP 2001) applied to copies. If code
// that does what precedes the step (or follows it) nearly always does the
// step too, the copy without it deviates from the module's own habit; if
// it rarely does, the step is the twin's own.
//
//	belief TASKS.json > OUT.jsonl
//
// TASKS.json lists drifted classes, each with its module's directory, its
// copies (file, first and last line) and the steps a copy lacks (the
// lacking copy's line, the twin's lines); bench/readings/belief_tasks.py
// writes it from the readings' keys and copycat's JSON. For every step it
// prints the statement's key (a statement with its local names as "_"),
// the keys of the statements before and after it in the twin, how many
// statements of the module outside the class have the key before (np) and
// how many of those are followed within three statements by the step's
// key (kp), the same after the step (nn, kn), and how many statements
// outside the class have the step's key (sup). Reading 26 (2026-12-05)
// has the result: it does not tell a bug from a variant.
package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

type item struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Twin string `json:"twin"`
	TS   int    `json:"ts"`
	TE   int    `json:"te"`
	Step string `json:"step"`
}
type frag struct {
	File string `json:"file"`
	S    int    `json:"s"`
	E    int    `json:"e"`
}
type task struct {
	R     string `json:"r"`
	Mod   string `json:"mod"`
	Dir   string `json:"dir"`
	ID    string `json:"id"`
	Label string `json:"label"`
	Y     string `json:"y"`
	Items []item `json:"items"`
	Frags []frag `json:"frags"`
}

type rec struct {
	key  string
	file string
	line int
	end  int
}

type mod struct {
	blocks [][]rec
}

var keep = map[string]bool{"nil": true, "true": true, "false": true, "iota": true, "len": true, "cap": true, "append": true, "make": true, "new": true, "panic": true, "recover": true, "copy": true, "delete": true, "close": true, "err": true, "ok": true, "ctx": true, "string": true, "int": true, "byte": true, "error": true, "any": true}

type keyer struct{ imports map[string]bool }

func (k *keyer) ex(e ast.Expr, b *strings.Builder) {
	switch e := e.(type) {
	case nil:
	case *ast.Ident:
		if keep[e.Name] || k.imports[e.Name] {
			b.WriteString(e.Name)
		} else {
			b.WriteString("_")
		}
	case *ast.SelectorExpr:
		k.ex(e.X, b)
		b.WriteString("." + e.Sel.Name)
	case *ast.CallExpr:
		if id, ok := e.Fun.(*ast.Ident); ok {
			b.WriteString(id.Name)
		} else {
			k.ex(e.Fun, b)
		}
		b.WriteString("(")
		for i, a := range e.Args {
			if i > 0 {
				b.WriteString(",")
			}
			k.ex(a, b)
		}
		b.WriteString(")")
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			b.WriteString("S")
		} else {
			b.WriteString("N")
		}
	case *ast.BinaryExpr:
		k.pair(b, e.X, e.Op.String(), e.Y, "")
	case *ast.UnaryExpr:
		b.WriteString(e.Op.String())
		k.ex(e.X, b)
	case *ast.StarExpr:
		b.WriteString("*")
		k.ex(e.X, b)
	case *ast.ParenExpr:
		k.ex(e.X, b)
	case *ast.IndexExpr:
		k.pair(b, e.X, "[", e.Index, "]")
	case *ast.SliceExpr:
		k.ex(e.X, b)
		b.WriteString("[:]")
	case *ast.TypeAssertExpr:
		k.pair(b, e.X, ".(", e.Type, ")")
	case *ast.CompositeLit:
		k.ex(e.Type, b)
		b.WriteString("{}")
	case *ast.KeyValueExpr:
		k.pair(b, e.Key, ":", e.Value, "")
	case *ast.FuncLit:
		b.WriteString("func{}")
	default:
		fmt.Fprintf(b, "%T", e)
	}
}

// lead writes word, then e.
func (k *keyer) lead(b *strings.Builder, word string, e ast.Expr) {
	b.WriteString(word)
	k.ex(e, b)
}

// pair writes x, then sep, then y, then end.
func (k *keyer) pair(b *strings.Builder, x ast.Expr, sep string, y ast.Expr, end string) {
	k.ex(x, b)
	b.WriteString(sep)
	k.ex(y, b)
	b.WriteString(end)
}

func (k *keyer) list(es []ast.Expr, b *strings.Builder) {
	for i, e := range es {
		if i > 0 {
			b.WriteString(",")
		}
		k.ex(e, b)
	}
}

func (k *keyer) stmt(s ast.Stmt) string {
	var b strings.Builder
	switch s := s.(type) {
	case *ast.IfStmt:
		b.WriteString("if ")
		if s.Init != nil {
			b.WriteString(k.stmt(s.Init) + "; ")
		}
		k.ex(s.Cond, &b)
		b.WriteString(" {")
		if len(s.Body.List) > 0 {
			fmt.Fprintf(&b, "%T", s.Body.List[0])
		}
		b.WriteString("}")
	case *ast.DeferStmt:
		k.lead(&b, "defer ", s.Call)
	case *ast.GoStmt:
		k.lead(&b, "go ", s.Call)
	case *ast.ExprStmt:
		k.ex(s.X, &b)
	case *ast.AssignStmt:
		k.list(s.Lhs, &b)
		b.WriteString(s.Tok.String())
		k.list(s.Rhs, &b)
	case *ast.ReturnStmt:
		b.WriteString("return ")
		k.list(s.Results, &b)
	case *ast.IncDecStmt:
		k.ex(s.X, &b)
		b.WriteString(s.Tok.String())
	case *ast.RangeStmt:
		k.lead(&b, "range ", s.X)
	case *ast.ForStmt:
		k.lead(&b, "for ", s.Cond)
	case *ast.DeclStmt:
		b.WriteString("decl")
	default:
		fmt.Fprintf(&b, "%T", s)
	}
	return b.String()
}

func load(dir string) *mod {
	m := &mod{}
	fset := token.NewFileSet()
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			n := d.Name()
			if p != dir && (n == "vendor" || n == "testdata" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil || f == nil {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		k := &keyer{imports: map[string]bool{}}
		for _, im := range f.Imports {
			path := strings.Trim(im.Path.Value, `"`)
			name := path[strings.LastIndex(path, "/")+1:]
			if im.Name != nil {
				name = im.Name.Name
			}
			k.imports[name] = true
		}
		add := func(list []ast.Stmt) {
			var bl []rec
			for _, s := range list {
				bl = append(bl, rec{k.stmt(s), rel, fset.Position(s.Pos()).Line, fset.Position(s.End()).Line})
			}
			if len(bl) > 0 {
				m.blocks = append(m.blocks, bl)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BlockStmt:
				add(n.List)
			case *ast.CaseClause:
				add(n.Body)
			case *ast.CommClause:
				add(n.Body)
			}
			return true
		})
		return nil
	})
	return m
}

func inFrags(r rec, fr []frag) bool {
	for _, f := range fr {
		if f.File == r.file && r.line >= f.S && r.line <= f.E {
			return true
		}
	}
	return false
}

type out struct {
	ID    string `json:"id"`
	Y     string `json:"y"`
	Label string `json:"label"`
	Step  string `json:"step"`
	S     string `json:"s"`
	Prev  string `json:"prev"`
	Next  string `json:"next"`
	NP    int    `json:"np"`
	KP    int    `json:"kp"`
	NN    int    `json:"nn"`
	KN    int    `json:"kn"`
	Sup   int    `json:"sup"`
}

func main() {
	var tasks []task
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: belief TASKS.json")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[1])
	if err == nil {
		err = json.Unmarshal(data, &tasks)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "belief: %v\n", err)
		os.Exit(2)
	}
	sort.SliceStable(tasks, func(i, j int) bool { return tasks[i].Dir < tasks[j].Dir })
	var cur string
	var m *mod
	enc := json.NewEncoder(os.Stdout)
	for _, t := range tasks {
		if t.Dir != cur {
			cur = t.Dir
			m = load(t.Dir)
		}
		for _, it := range t.Items {
			o := out{ID: t.ID, Y: t.Y, Label: t.Label, Step: it.Step}
			// find statement at twin line, outermost
			bi, si := -1, -1
			for b, bl := range m.blocks {
				for s, r := range bl {
					if r.file == it.Twin && r.line == it.TS {
						if bi < 0 || r.end-r.line > m.blocks[bi][si].end-m.blocks[bi][si].line {
							bi, si = b, s
						}
					}
				}
			}
			if bi < 0 {
				o.S = "?"
				enc.Encode(o)
				continue
			}
			bl := m.blocks[bi]
			o.S = bl[si].key
			if si > 0 {
				o.Prev = bl[si-1].key
			}
			// the next sibling after the lacked run (twin's lacked lines)
			for j := si + 1; j < len(bl); j++ {
				if bl[j].line > it.TE {
					o.Next = bl[j].key
					break
				}
			}
			for _, b := range m.blocks {
				for i, r := range b {
					if inFrags(r, t.Frags) {
						continue
					}
					if r.key == o.S {
						o.Sup++
					}
					if o.Prev != "" && r.key == o.Prev {
						o.NP++
						for j := i + 1; j < len(b) && j <= i+3; j++ {
							if b[j].key == o.S {
								o.KP++
								break
							}
						}
					}
					if o.Next != "" && r.key == o.Next {
						o.NN++
						for j := i - 1; j >= 0 && j >= i-3; j-- {
							if b[j].key == o.S {
								o.KN++
								break
							}
						}
					}
				}
			}
			enc.Encode(o)
		}
	}
}
