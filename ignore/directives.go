package ignore

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"path"
	"strings"

	"github.com/copycat-go/copycat/internal/words"
)

// A Problem is a malformed suppression directive.
type Problem struct {
	Pos token.Position
	Msg string
}

func (p Problem) Error() string { return fmt.Sprintf("%s: %s", p.Pos, p.Msg) }

// Directives are the suppression comments of one file. These leave out
// the declaration or statement that starts on the line after the comment
// group holding them (so they may sit anywhere in a doc comment), or on
// their own line when they trail code:
//
//	//copycat:ignore reason        copycat's own; the reason is required
//	//nolint:dupl                  golangci-lint's: a list naming dupl, copycat or all
//	//nolint                       golangci-lint's too: all linters
//	//lint:ignore copycat reason   staticcheck's; the reason is required
//
// and this one leaves the whole file out of detection, wherever it is:
//
//	//lint:file-ignore copycat reason
//
// //nolint is read as golangci-lint reads it: "// nolint:dupl",
// "//nolint:errcheck, dupl" and "//nolint:dupl // why" name copycat;
// "//nolint:errcheck" alone does not. A directive for copycat without its
// required reason, an unknown //copycat: directive, and one written with
// a space after the slashes ("// copycat:ignore reason"), are Problems
// and do not apply.
type Directives struct {
	file      *token.File
	before    map[int]bool // last lines of comment groups holding a directive
	trailing  map[int]bool // lines where a directive trails code
	wholeFile bool         // a //lint:file-ignore directive
}

// A scope is what a directive leaves out.
type scope int

const (
	noScope   scope = iota // not a directive for copycat
	nodeScope              // the node it precedes or trails
	fileScope              // the whole file
)

// MayHaveDirectives reports whether src may hold a directive, cheaply, so
// that a caller can parse without comments when it holds none. It looks
// for "copycat:" alone so that "// copycat:ignore", a directive written
// with a space, is parsed too and said to be one.
func MayHaveDirectives(src []byte) bool {
	return bytes.Contains(src, []byte("copycat:")) || bytes.Contains(src, []byte("nolint")) ||
		bytes.Contains(src, []byte("//lint:"))
}

// ScanDirectives reads the directives in f's comments. f must have been
// parsed with parser.ParseComments from src.
func ScanDirectives(fset *token.FileSet, f *ast.File, src []byte) (*Directives, []Problem) {
	d := &Directives{file: fset.File(f.FileStart)}
	var problems []Problem
	for _, g := range f.Comments {
		for _, c := range g.List {
			sc, msg := parseDirective(c.Text)
			if msg != "" {
				problems = append(problems, Problem{fset.PositionFor(c.Pos(), false), msg})
			}
			switch sc {
			case fileScope:
				d.wholeFile = true
			case nodeScope:
				d.add(fset, g, c, src)
			}
		}
	}
	return d, problems
}

// add records a directive that leaves out a node. Its lines are the
// file's own, as Skip reads a node's: a //line directive before it (a
// generator's) names another file's lines, and its column unknown.
func (d *Directives) add(fset *token.FileSet, g *ast.CommentGroup, c *ast.Comment, src []byte) {
	if d.before == nil {
		d.before, d.trailing = map[int]bool{}, map[int]bool{}
	}
	pos := fset.PositionFor(c.Pos(), false)
	if trailsCode(src, pos) {
		d.trailing[pos.Line] = true
	} else {
		d.before[fset.PositionFor(g.End(), false).Line] = true
	}
}

// parseDirective reports what a comment leaves out, and describes what is
// wrong with it if it is a malformed directive for copycat.
func parseDirective(text string) (scope, string) {
	switch {
	case strings.HasPrefix(text, "//copycat:"):
		name, reason, _ := strings.Cut(text[len("//copycat:"):], " ")
		if name != "ignore" {
			return noScope, fmt.Sprintf("unknown directive //copycat:%s (want //copycat:ignore reason)", words.Excerpt(name))
		}
		if strings.TrimSpace(reason) == "" {
			return noScope, "malformed //copycat:ignore directive: a reason is required"
		}
		return nodeScope, ""
	case spacedDirective(text):
		name, _, _ := strings.Cut(text[len("// copycat:"):], " ")
		name = words.Excerpt(name) // a name of 2 MB was said twice
		return noScope, fmt.Sprintf("// copycat:%s does not apply: directives are written //copycat:%s, with no space after // (as //go: directives are)", name, name)
	case strings.HasPrefix(text, "//lint:"):
		return lintDirective(text[len("//lint:"):])
	}
	return nolintDirective(text), ""
}

// spacedDirective reports whether text is a //copycat: directive written
// with a space after the slashes, "// copycat:ignore reason", which the
// go command's convention for directives (//go:build) does not read as
// one. A space after the colon, "// copycat: a note", is prose.
func spacedDirective(text string) bool {
	rest, ok := strings.CutPrefix(text, "// copycat:")
	return ok && rest != "" && rest[0] != ' ' && rest[0] != '\t'
}

// lintDirective reads staticcheck's "//lint:ignore checks reason" and
// "//lint:file-ignore checks reason", where checks is a comma-separated
// list of names or glob patterns. Those that do not name copycat are left
// to staticcheck.
func lintDirective(text string) (scope, string) {
	cmd, args, _ := strings.Cut(text, " ")
	var sc scope
	switch cmd {
	case "ignore":
		sc = nodeScope
	case "file-ignore":
		sc = fileScope
	default:
		return noScope, ""
	}
	fields := strings.Fields(args)
	if len(fields) == 0 || !namesCopycat(fields[0]) {
		return noScope, ""
	}
	if len(fields) == 1 {
		return noScope, fmt.Sprintf("malformed //lint:%s directive: a reason is required", cmd)
	}
	return sc, ""
}

func namesCopycat(checks string) bool {
	for _, c := range strings.Split(checks, ",") {
		if ok, _ := path.Match(c, "copycat"); ok {
			return true
		}
	}
	return false
}

// nolintDirective reads a //nolint comment as golangci-lint does: slashes
// and spaces before "nolint" are skipped; "nolint" alone or followed by a
// space means all linters; "nolint:" is followed by a comma-separated
// list, which ends at a "//" that starts an explanation.
func nolintDirective(text string) scope {
	if !strings.HasPrefix(text, "//") {
		return noScope
	}
	rest, ok := strings.CutPrefix(strings.TrimLeft(text, "/ "), "nolint")
	switch {
	case !ok:
		return noScope
	case rest == "" || rest[0] == ' ':
		return nodeScope
	case rest[0] != ':':
		return noScope
	}
	list, _, _ := strings.Cut(rest[1:], "//")
	for _, item := range strings.Split(list, ",") {
		name, _, _ := strings.Cut(strings.TrimSpace(item), " ")
		switch strings.ToLower(name) {
		case "all", "dupl", "copycat":
			return nodeScope
		}
	}
	return noScope
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

// FileIgnored reports whether a //lint:file-ignore directive leaves the
// whole file out of detection.
func (d *Directives) FileIgnored() bool { return d != nil && d.wholeFile }

// Skip reports whether a directive excludes node n: every node when the
// whole file is left out.
func (d *Directives) Skip(n ast.Node) bool {
	if d.FileIgnored() {
		return true
	}
	if d == nil || d.before == nil || d.file == nil {
		return false
	}
	l := d.line(n.Pos())
	if d.trailing[l] || d.before[l-1] {
		return true
	}
	// A directive inside a doc comment applies to the declaration.
	if fd, ok := n.(*ast.FuncDecl); ok && fd.Doc != nil {
		return d.before[d.line(fd.Doc.End())]
	}
	return false
}

// line is p's line in the file itself, whatever a //line directive says.
func (d *Directives) line(p token.Pos) int {
	return d.file.PositionFor(p, false).Line
}
