package mutation

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/copycat-go/copycat/ignore"
)

// A Func is a function declaration found in real code.
type Func struct {
	File  string // path of its file
	Pkg   string // its package directory
	Name  string // receiver type and name: "T.Name" or "Name"
	Start int    // byte offset of the func keyword
	End   int    // byte offset just past the closing brace
	Line  int    // line of the func keyword
	Lines int    // lines from the func keyword to the closing brace
}

// Corpus is the material of a recall test: candidate functions and the
// files they come from.
type Corpus struct {
	Funcs []Func
	Files []string          // every file read, sorted
	Src   map[string][]byte // their contents
}

// StdPackages lists the package directories under root (GOROOT's src),
// relative to it, sorted, testdata and vendor trees aside: a corpus for
// a bug whose shape few functions of Load's usual packages hold.
func StdPackages(root string) ([]string, error) {
	var pkgs []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); name == "testdata" || name == "vendor" {
			return filepath.SkipDir
		}
		if ms, _ := filepath.Glob(filepath.Join(p, "*.go")); len(ms) > 0 && p != root {
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			pkgs = append(pkgs, filepath.ToSlash(rel))
		}
		return nil
	})
	return pkgs, err
}

// Load reads the non-test, non-generated Go files of the package
// directories pkgs under root, and lists their function declarations of
// minLines to maxLines lines with at least minTokens tokens, in file order.
func Load(root string, pkgs []string, minLines, maxLines, minTokens int) (*Corpus, error) {
	c := &Corpus{Src: map[string][]byte{}}
	for _, pkg := range pkgs {
		dir := filepath.Join(root, filepath.FromSlash(pkg))
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			return nil, err
		}
		if len(names) == 0 {
			return nil, fmt.Errorf("%s: no Go files", dir)
		}
		slices.Sort(names)
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				return nil, err
			}
			if ignore.IsGenerated(src) {
				continue
			}
			funcs, err := functions(name, pkg, src, minLines, maxLines, minTokens)
			if err != nil {
				continue // a file this Go version cannot parse is no material
			}
			c.Files = append(c.Files, name)
			c.Src[name] = src
			c.Funcs = append(c.Funcs, funcs...)
		}
	}
	return c, nil
}

func functions(name, pkg string, src []byte, minLines, maxLines, minTokens int) ([]Func, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var out []Func
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		start, end := fset.Position(fd.Pos()), fset.Position(fd.End())
		fn := Func{File: name, Pkg: pkg, Name: funcName(fd), Start: start.Offset, End: end.Offset,
			Line: start.Line, Lines: end.Line - start.Line + 1}
		if fn.Lines < minLines || fn.Lines > maxLines || len(scan(src[fn.Start:fn.End], false)) < minTokens {
			continue
		}
		out = append(out, fn)
	}
	return out, nil
}

func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.Ident:
			return x.Name + "." + fd.Name.Name
		}
		return fd.Name.Name
	}
}

// Inject returns host with decl inserted as a new top-level declaration
// after the host's declaration number after (counted from 0, clamped), and
// the byte offset at which decl starts.
func Inject(host, decl []byte, after int) ([]byte, int, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "host.go", host, parser.SkipObjectResolution)
	if err != nil {
		return nil, 0, fmt.Errorf("cannot parse host: %w", err)
	}
	at := len(host)
	if len(f.Decls) > 0 {
		d := f.Decls[min(after, len(f.Decls)-1)]
		at = fset.Position(d.End()).Offset
		if nl := bytes.IndexByte(host[at:], '\n'); nl >= 0 {
			at += nl + 1
		} else {
			at = len(host)
		}
	}
	var b bytes.Buffer
	b.Write(host[:at])
	if at > 0 && host[at-1] != '\n' {
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	start := b.Len()
	b.Write(decl)
	if !bytes.HasSuffix(decl, []byte("\n")) {
		b.WriteByte('\n')
	}
	b.Write(host[at:])
	return b.Bytes(), start, nil
}

// Span returns the 0-based lines of the func keyword and of the closing
// brace of decl, the text of one function declaration (a doc comment may
// come first).
func Span(decl []byte) (first, last int, err error) {
	fset, fd, err := parseDecl(decl)
	if err != nil {
		return 0, 0, err
	}
	l := lineInfo(decl)
	return l.line(offset(fset, fd.Pos())), l.line(offset(fset, fd.End()) - 1), nil
}
