package ignore

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"
)

// A Problem is a malformed suppression directive.
type Problem struct {
	Pos token.Position
	Msg string
}

func (p Problem) Error() string { return fmt.Sprintf("%s: %s", p.Pos, p.Msg) }

// Directives are the suppression comments of one file:
//
//	//copycat:ignore reason   excludes the declaration or statement it precedes
//	//nolint:dupl             the same, as golangci-lint users write it
//
// A directive applies to the node that starts on the line after its
// comment group (so it may sit anywhere in a doc comment), or on its own
// line when it trails code. //copycat:ignore without a reason is malformed:
// it is reported and does not apply.
type Directives struct {
	file     *token.File
	before   map[int]bool // last lines of comment groups holding a directive
	trailing map[int]bool // lines where a directive trails code
}

// ScanDirectives reads the directives in f's comments. f must have been
// parsed with parser.ParseComments from src.
func ScanDirectives(fset *token.FileSet, f *ast.File, src []byte) (*Directives, []Problem) {
	d := &Directives{file: fset.File(f.FileStart)}
	var problems []Problem
	for _, g := range f.Comments {
		for _, c := range g.List {
			ok, msg := parseDirective(c.Text)
			if msg != "" {
				problems = append(problems, Problem{fset.Position(c.Pos()), msg})
			}
			if !ok {
				continue
			}
			if d.before == nil {
				d.before, d.trailing = map[int]bool{}, map[int]bool{}
			}
			pos := fset.Position(c.Pos())
			if trailsCode(src, pos) {
				d.trailing[pos.Line] = true
			} else {
				d.before[fset.Position(g.End()).Line] = true
			}
		}
	}
	return d, problems
}

// parseDirective reports whether a comment is a suppression directive that
// applies, and describes what is wrong with it if it is malformed.
func parseDirective(text string) (ok bool, problem string) {
	switch {
	case strings.HasPrefix(text, "//copycat:"):
		name, reason, _ := strings.Cut(text[len("//copycat:"):], " ")
		if name != "ignore" {
			return false, fmt.Sprintf("unknown directive //copycat:%s (want //copycat:ignore reason)", name)
		}
		if strings.TrimSpace(reason) == "" {
			return false, "malformed //copycat:ignore directive: a reason is required"
		}
		return true, ""
	case strings.HasPrefix(text, "//nolint"):
		rest := text[len("//nolint"):]
		if rest == "" || rest[0] == ' ' {
			return true, "" // all linters
		}
		if rest[0] != ':' {
			return false, ""
		}
		list, _, _ := strings.Cut(rest[1:], " ")
		for _, name := range strings.Split(list, ",") {
			if strings.TrimSpace(name) == "dupl" {
				return true, ""
			}
		}
	}
	return false, ""
}

// trailsCode reports whether something other than blanks precedes the
// comment at pos on its line.
func trailsCode(src []byte, pos token.Position) bool {
	start := pos.Offset - (pos.Column - 1)
	if start < 0 || pos.Offset > len(src) {
		return false
	}
	return len(strings.TrimSpace(string(src[start:pos.Offset]))) > 0
}

// Skip reports whether a directive excludes node n.
func (d *Directives) Skip(n ast.Node) bool {
	if d == nil || d.before == nil || d.file == nil {
		return false
	}
	l := d.file.Line(n.Pos())
	if d.trailing[l] || d.before[l-1] {
		return true
	}
	// A directive inside a doc comment applies to the declaration.
	if fd, ok := n.(*ast.FuncDecl); ok && fd.Doc != nil {
		return d.before[d.file.Line(fd.Doc.End())]
	}
	return false
}
