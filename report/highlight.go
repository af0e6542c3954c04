package report

import (
	"bytes"
	"go/scanner"
	"go/token"
	"strings"

	"github.com/copycat-go/copycat/fingerprint"
)

// Syntax highlighting for the HTML report, done here with go/scanner so
// that the page needs no script from elsewhere. A copy is cut at whole
// lines, escaped, and its tokens wrapped by class (see render).

// A lexeme is one token of a copy, as byte offsets into its text.
type lexeme struct {
	off, end int
	class    byte // 'k', 's', 'n', 'c' or 0
	code     bool // inside the fragment and not a comment: compared between copies
}

// A copyText is the text of one copy, cut at whole lines.
type copyText struct {
	text      []byte
	firstLine int // line number of text[0]
	lexemes   []lexeme
	marked    []bool // per lexeme: differs from the first copy
}

// cutCopy takes the lines of fragment f out of its file's source and
// scans them; lines holds the offsets of the file's line starts.
func cutCopy(src []byte, lines []int, f fingerprint.Fragment) *copyText {
	start := offsetOf(lines, len(src), f.Start.Line, 1)
	end := offsetOf(lines, len(src), f.End.Line+1, 1)
	fragStart := offsetOf(lines, len(src), f.Start.Line, f.Start.Column) - start
	fragEnd := offsetOf(lines, len(src), f.End.Line, f.End.Column) - start
	ct := &copyText{text: trimFinalNL(src[start:end]), firstLine: f.Start.Line}
	ct.scan(fragStart, fragEnd)
	return ct
}

// lineStarts returns the offsets at which src's lines start: line l
// (1-based) at index l-1.
func lineStarts(src []byte) []int {
	offs := make([]int, 1, bytes.Count(src, []byte{'\n'})+1)
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			return offs
		}
		i += j + 1
		offs = append(offs, i)
	}
}

// offsetOf converts a line and column into an offset, clamped to the text.
func offsetOf(lines []int, size, line, col int) int {
	if line-1 >= len(lines) || line < 1 {
		return size
	}
	return max(0, min(lines[line-1]+col-1, size))
}

func (ct *copyText) scan(fragStart, fragEnd int) {
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(ct.text))
	var s scanner.Scanner
	s.Init(file, ct.text, func(token.Position, string) {}, scanner.ScanComments)
	ct.lexemes = make([]lexeme, 0, len(ct.text)/4)
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.SEMICOLON && lit == "\n" {
			continue // inserted by the scanner, not in the text
		}
		off := file.Offset(pos)
		n := len(lit)
		if n == 0 {
			n = len(tok.String())
		}
		if tok == token.COMMENT || tok == token.STRING && lit != "" && lit[0] == '`' {
			// The scanner strips carriage returns from comments and raw
			// strings: measure them in the text.
			n = spanLen(ct.text[off:])
		}
		lx := lexeme{off: off, end: min(off+n, len(ct.text)), class: tokenClass(tok)}
		lx.code = tok != token.COMMENT && off >= fragStart && off < fragEnd
		ct.lexemes = append(ct.lexemes, lx)
	}
	ct.marked = make([]bool, len(ct.lexemes))
}

// spanLen measures the comment or raw string at the start of b.
func spanLen(b []byte) int {
	var i int
	switch {
	case bytes.HasPrefix(b, []byte("/*")):
		if i = bytes.Index(b[2:], []byte("*/")); i >= 0 {
			return i + 4
		}
	case bytes.HasPrefix(b, []byte("`")):
		if i = bytes.IndexByte(b[1:], '`'); i >= 0 {
			return i + 2
		}
	default:
		if i = bytes.IndexByte(b, '\n'); i >= 0 {
			return i
		}
	}
	return len(b)
}

func tokenClass(tok token.Token) byte {
	switch {
	case tok.IsKeyword():
		return 'k'
	case tok == token.STRING || tok == token.CHAR:
		return 's'
	case tok == token.INT || tok == token.FLOAT || tok == token.IMAG:
		return 'n'
	case tok == token.COMMENT:
		return 'c'
	}
	return 0
}

// markDiffs marks, in a and b, the names and values that differ between
// two copies whose code tokens line up one to one (renamed clones). It
// does nothing when they do not line up.
func markDiffs(a, b *copyText) {
	if a.codeCount() != b.codeCount() {
		return
	}
	i, j := 0, 0
	for {
		i, j = a.nextCode(i), b.nextCode(j)
		if i >= len(a.lexemes) || j >= len(b.lexemes) {
			return
		}
		la, lb := a.lexemes[i], b.lexemes[j]
		if string(a.text[la.off:la.end]) != string(b.text[lb.off:lb.end]) {
			a.marked[i], b.marked[j] = true, true
		}
		i, j = i+1, j+1
	}
}

func (ct *copyText) codeCount() int {
	n := 0
	for _, lx := range ct.lexemes {
		if lx.code {
			n++
		}
	}
	return n
}

// nextCode returns the index of the first code lexeme at or after i.
func (ct *copyText) nextCode(i int) int {
	for i < len(ct.lexemes) && !ct.lexemes[i].code {
		i++
	}
	return i
}

// render writes the copy as escaped HTML: the text as it is, line breaks
// included, with each highlighted token in a short element (the markup is
// most of a large report's size): <b> keyword, <s> string or rune,
// <u> number, <i> comment, the style sheet giving each its colour, and
// <mark> around a name or value that differs from the first copy. Line
// numbers and the shading of differing lines are drawn by the page from
// the copy's first line and its Differs.
func (ct *copyText) render(sb *strings.Builder) {
	sb.Grow(len(ct.text) + len(ct.text)/2)
	at := 0
	for i, lx := range ct.lexemes {
		escapeHTML(sb, ct.text[at:lx.off])
		open, end := tokenTags[lx.class][0], tokenTags[lx.class][1]
		if ct.marked[i] {
			open, end = "<mark>"+open, end+"</mark>"
		}
		sb.WriteString(open)
		escapeHTML(sb, ct.text[lx.off:lx.end])
		sb.WriteString(end)
		at = lx.end
	}
	escapeHTML(sb, ct.text[at:])
}

// tokenTags are the opening and closing tags of each token class.
var tokenTags = [256][2]string{
	'k': {"<b>", "</b>"},
	's': {"<s>", "</s>"},
	'n': {"<u>", "</u>"},
	'c': {"<i>", "</i>"},
}

func trimFinalNL(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
		if n := len(b); n > 0 && b[n-1] == '\r' {
			b = b[:n-1]
		}
	}
	return b
}

// htmlEscapes maps the bytes that HTML gives a meaning to their escapes;
// a carriage return is dropped.
var htmlEscapes = [256]string{'<': "&lt;", '>': "&gt;", '&': "&amp;", '"': "&#34;", '\'': "&#39;", '\r': ""}

// htmlPlain marks the bytes escapeHTML copies as they are.
var htmlPlain = func() (t [256]bool) {
	for c := range t {
		t[c] = htmlEscapes[c] == "" && c != '\r'
	}
	return t
}()

// escapeHTML writes b with the characters that HTML gives a meaning
// escaped; invalid UTF-8 is left to the script's encoder.
func escapeHTML(sb *strings.Builder, b []byte) {
	last := 0
	for i, c := range b {
		if htmlPlain[c] {
			continue
		}
		sb.Write(b[last:i])
		sb.WriteString(htmlEscapes[c])
		last = i + 1
	}
	sb.Write(b[last:])
}
