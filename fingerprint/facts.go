package fingerprint

import (
	"bytes"
	"go/build/constraint"
	"regexp"
	"slices"
	"unicode/utf8"

	"github.com/copycat-go/copycat/ignore"
)

// Facts are what ranking a class needs to know of a file beside its code
// (see package report's categories): derived from the file's bytes with
// the rest of its record, so that a report need not read the file again.
type Facts struct {
	Build     string // the //go:build line before the package clause; "" if none
	Generated bool   // the file is generated: a comment says so (ignore.SaysGenerated), or it is a generator's state machine (Machine)
	// Machine says that the file holds a generator's state machine
	// (ignore.IsStateMachine) and no comment says it is generated: the
	// one way a file is generated that its reader cannot see at once.
	Machine bool
	// Package is the line of the package clause; 0 if none was found.
	// The comments above it are the file's header.
	Package int32
	// Comments are the lines that hold only a comment, DeclEnds the
	// lines that start with } or ) (the end of a top-level declaration);
	// both 1-based, rising.
	Comments, DeclEnds []int32
	// Notes are the comments that note a copy made on purpose (see
	// IsCopyNote), by rising line.
	Notes []Note
	// Funcs are the top-level function declarations' first lines, rising.
	Funcs []Func
}

// A Note is a comment that notes a copy made on purpose: its line and
// the text of the comment it is in (all its lines, when it is a comment
// of its own lines, the "//" and spaces trimmed, joined by spaces and cut
// at maxNote bytes), so that ranking can tell whether it names the
// other copy (package report's mirror).
type Note struct {
	Line int32
	Text string
}

// maxNote is the most of a note's comment Note.Text keeps.
const maxNote = 400

// A Func is a function declaration's first line and its name, with its
// receiver's type for a method: "Histogram.Equals"; Sig is what follows
// the name on that line, without the body's brace: "(o *Histogram) bool",
// or "[T any](x T) T" (a signature that goes on to other lines is cut).
type Func struct {
	Line int32
	Name string
	Sig  string
}

// copyNote matches the comments that say a piece of code is a copy made
// on purpose: "This code is a copy of …", "This file is a lightly
// modified copy go/build/build.go", "Copied from …", "Ported from …",
// "Do not modify one without the other". A copy that a function makes of
// its data ("returns a copy of the slice") is not one, nor a license's
// "obtain a copy of the License" (see IsCopyNote). "Keep in sync with" is
// not either: copies that must be kept in step are what a reviewer wants
// to know about.
var copyNote = regexp.MustCompile(`(?i)(\b(is|are) (a |an )?([a-z-]+ ){0,3}copy( of| [a-z0-9_.]+/)|^//\s*(a )?copy of|\b(copied|duplicated|ported) from|\bfork(ed)? (from|of)|\bmodify one without the other)\b`)

var license = regexp.MustCompile(`(?i)licen[cs]e`)

// noteWords are what a note of a copy holds one of, lower-cased but for
// the first letter: the cheap test before copyNote's, with "copy"
// followed by a path.
var noteWords = newWordSet("opy of", "opied from", "uplicated from", "orted from", "orked from", "ork from", "ork of", "odify one")

// mayNote reports whether a comment passes the cheap test before
// copyNote's.
func mayNote(comment []byte) bool {
	if noteWords.in(comment) {
		return true
	}
	i := bytes.Index(comment, []byte("opy "))
	return i >= 0 && bytes.IndexByte(comment[i:], '/') >= 0 // "copy go/build/build.go"
}

// IsCopyNote reports whether a line's comment notes a copy made on
// purpose.
func IsCopyNote(line []byte) bool {
	i := bytes.Index(line, []byte("//"))
	if i < 0 {
		return false
	}
	return copyComment(line[i:])
}

// copyComment reports whether comment ("//" first) notes a copy.
func copyComment(comment []byte) bool {
	return mayNote(comment) && copyNote.Match(comment) && !license.Match(comment)
}

// A wordSet finds whether a text holds one of its words in one pass over
// the text, not one search a word: only where two bytes start one of them
// are the words compared.
type wordSet struct {
	starts [1 << 16 / 64]uint64 // the words' first two bytes, as bits
	words  [][]byte
}

// newWordSet makes the set of words, each of two bytes or more.
func newWordSet(words ...string) *wordSet {
	s := &wordSet{}
	for _, w := range words {
		i := uint16(w[0])<<8 | uint16(w[1])
		s.starts[i/64] |= 1 << (i % 64)
		s.words = append(s.words, []byte(w))
	}
	return s
}

// in reports whether b holds one of the words.
func (s *wordSet) in(b []byte) bool {
	for i := 0; i+1 < len(b); i++ {
		if j := uint16(b[i])<<8 | uint16(b[i+1]); s.starts[j/64]&(1<<(j%64)) != 0 {
			rest := b[i:]
			if slices.ContainsFunc(s.words, func(w []byte) bool { return bytes.HasPrefix(rest, w) }) {
				return true
			}
		}
	}
	return false
}

// noteSpan bounds how far a note reaches on either side of a line break:
// the longest of copyNote's phrases is shorter.
const noteSpan = 48

// splitNote reports whether a note runs from the end of comment line prev
// onto comment line next (both trimmed, "//" first): "Do not modify" and
// "one without the other". Only the ends that meet are read, so a long
// comment costs no more than a short one. buf is reused.
func splitNote(prev, next []byte, buf *[]byte) bool {
	tail := bytes.TrimSpace(prev[2:])
	tail = tail[max(0, len(tail)-noteSpan):]
	head := bytes.TrimSpace(next[2:])
	head = head[:min(len(head), noteSpan)]
	if !noteHints.in(tail) && !noteHints.in(head) {
		return false
	}
	b := append((*buf)[:0], "// "...)
	b = append(append(append(b, tail...), ' '), head...)
	*buf = b
	return IsCopyNote(b)
}

// noteHints are the starts of a note's key words (copy, copied,
// duplicated, ported, forked, fork, modify), one of which a note split
// over two lines has on one side of the break.
var noteHints = newWordSet("opy", "opie", "uplicat", "orted", "orked", "ork", "odify")

// maxSig is the most of a declaration's line Func.Sig keeps.
const maxSig = 200

// funcLine reads a top-level function declaration's first line, "func
// (h *Histogram[T]) Equals(o *Histogram[T]) bool {": its receiver's type
// (Histogram, empty for a function), its name (Equals) and the rest of
// the line; not ok for a line that declares none. Names are made of
// ASCII letters, digits and underscores.
func funcLine(line []byte) (recv, name, rest []byte, ok bool) {
	s, found := bytes.CutPrefix(line, []byte("func"))
	if !found {
		return nil, nil, nil, false
	}
	s = bytes.TrimLeft(s, " \t")
	if len(s) > 0 && s[0] == '(' {
		end := bytes.IndexByte(s, ')')
		if end < 0 {
			return nil, nil, nil, false
		}
		// The receiver's type is the word before its type parameters,
		// after its name and star: "h *Histogram[T]", "*T", "T".
		in := s[1:end]
		if i := bytes.IndexByte(in, '['); i >= 0 {
			in = in[:i]
		}
		in = bytes.TrimRight(in, " \t")
		i := len(in)
		for i > 0 && isWordByte(in[i-1]) {
			i--
		}
		recv = in[i:]
		if len(recv) == 0 {
			return nil, nil, nil, false
		}
		s = bytes.TrimLeft(s[end+1:], " \t")
	} else if len(s) == len(line)-len("func") {
		return nil, nil, nil, false // funcs := …, not func f
	}
	i := 0
	for i < len(s) && isWordByte(s[i]) {
		i++
	}
	if i == 0 {
		return nil, nil, nil, false
	}
	return recv, s[:i], s[i:], true
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// ScanFacts derives a file's Facts from its bytes, one line at a time.
func ScanFacts(src []byte) Facts {
	fs := Facts{Generated: ignore.SaysGenerated(src)}
	if !fs.Generated {
		fs.Machine = ignore.IsStateMachine(src)
		fs.Generated = fs.Machine
	}
	inHeader := true
	var prev []byte // the comment of the line before, if it held only one
	prevHint := false
	var joined []byte
	var block noteBlock
	// slashes is where the next "//" is, counted from src's start as
	// it is cut: a line of code holds a comment only when it holds one,
	// found by one search a comment, not one a line.
	slashes := bytes.Index(src, []byte("//"))
	for n := int32(1); len(src) > 0; n++ {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		at := -1 // where this line's first "//" is
		if slashes >= 0 && slashes < len(line) {
			at = slashes
		}
		if slashes >= 0 {
			if slashes -= len(line) + 1; slashes < 0 {
				slashes = bytes.Index(src, []byte("//"))
			}
		}
		// Most lines are code: whether a line is a comment is read from
		// its first bytes, and only a comment, or a line of the header,
		// is trimmed.
		comment, trimmed := commentLine(line), line
		if comment || inHeader {
			trimmed = bytes.TrimSpace(line)
		}
		switch {
		case inHeader && bytes.HasPrefix(trimmed, []byte("package ")):
			inHeader, fs.Package = false, n
		case inHeader && bytes.HasPrefix(trimmed, []byte("//go:build")) && constraint.IsGoBuild(string(trimmed)):
			fs.Build = string(trimmed)
		}
		if comment {
			fs.Comments = append(fs.Comments, n)
			block.add(trimmed)
		} else {
			block.end(&fs)
		}
		// A note may run over two lines of a comment: "Do not modify
		// one without the other". Every note holds one of noteHints: a
		// line without one is no note, and makes one only with a line
		// that has one (one look at the line, where IsCopyNote and
		// splitNote each looked at it again).
		hint := comment && noteHints.in(trimmed)
		switch {
		case comment && (hint && IsCopyNote(line) || prev != nil && (hint || prevHint) && splitNote(prev, trimmed, &joined)):
			block.note(&fs, n)
		case !comment && at >= 0 && copyComment(line[at:]):
			// A comment after code on its line is a comment of its own.
			fs.Notes = append(fs.Notes, Note{n, string(noteText(nil, line[at:]))})
		}
		prev, prevHint = nil, hint
		if comment {
			prev = trimmed
		}
		if len(line) > 0 && (line[0] == '}' || line[0] == ')') {
			fs.DeclEnds = append(fs.DeclEnds, n)
		}
		if bytes.HasPrefix(line, []byte("func")) {
			if recv, fn, rest, ok := funcLine(line); ok {
				name := string(fn)
				if len(recv) > 0 {
					name = string(recv) + "." + name
				}
				sig := bytes.TrimSpace(rest)
				sig = bytes.TrimSpace(bytes.TrimSuffix(sig, []byte("{")))
				if len(sig) > maxSig {
					// A body on the declaration's line, or a generated
					// one-line file: cut, and marked so that it parses as
					// no signature.
					sig = append(sig[:maxSig:maxSig], "…"...)
				}
				fs.Funcs = append(fs.Funcs, Func{n, name, string(sig)})
			}
		}
	}
	block.end(&fs)
	return fs
}

// commentLine reports whether line, trimmed of its spaces, starts with
// "//": bytes.HasPrefix(bytes.TrimSpace(line), "//"), without trimming
// a line that starts with ASCII spaces and then anything else.
func commentLine(line []byte) bool {
	i := 0
	for i < len(line) && asciiSpace(line[i]) {
		i++
	}
	if i < len(line) && line[i] >= utf8.RuneSelf {
		return bytes.HasPrefix(bytes.TrimSpace(line), []byte("//")) // a space of Unicode's, perhaps
	}
	return len(line) >= i+2 && line[i] == '/' && line[i+1] == '/'
}

// asciiSpace reports whether c is one of the ASCII spaces that
// bytes.TrimSpace trims.
func asciiSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// A noteBlock gathers the text of a comment of its own lines while
// ScanFacts reads it, so that a note in it is given the whole comment:
// the other copy may be named on another of its lines.
type noteBlock struct {
	lines [][]byte // the comment's lines, in the file's bytes
	text  []byte
	notes int // the notes of this comment, the last ones of Facts.Notes
}

// add adds a comment line ("//" first, trimmed) to the comment; its text
// is made only for a comment that holds a note.
func (b *noteBlock) add(line []byte) {
	b.lines = append(b.lines, line)
}

// note records that line n of the comment notes a copy.
func (b *noteBlock) note(fs *Facts, n int32) {
	fs.Notes = append(fs.Notes, Note{Line: n})
	b.notes++
}

// end ends the comment: its notes get its text.
func (b *noteBlock) end(fs *Facts) {
	if b.notes > 0 {
		b.text = b.text[:0]
		for _, l := range b.lines {
			if len(b.text) >= maxNote {
				break
			}
			b.text = noteText(b.text, l)
		}
		text := string(b.text)
		for i := len(fs.Notes) - b.notes; i < len(fs.Notes); i++ {
			fs.Notes[i].Text = text
		}
	}
	b.lines, b.notes = b.lines[:0], 0
}

// noteText appends comment line c ("//" first) to text, the "//" and
// spaces trimmed, after a space, and cuts the text at maxNote bytes.
func noteText(text, c []byte) []byte {
	c = bytes.TrimSpace(bytes.TrimPrefix(bytes.TrimSpace(c), []byte("//")))
	if len(text) > 0 && len(c) > 0 {
		text = append(text, ' ')
	}
	text = append(text, c...)
	return text[:min(len(text), maxNote)]
}

// Function returns the name of the top-level function that line n is
// in, or "" when it is in none.
func (fs *Facts) Function(n int) string {
	f, _ := fs.Func(n)
	return f.Name
}

// Func returns the top-level function that line n is in: the last one
// declared at or above it, unless a declaration ends between the two.
func (fs *Facts) Func(n int) (Func, bool) {
	i, _ := slices.BinarySearchFunc(fs.Funcs, int32(n)+1, func(f Func, n int32) int { return int(f.Line - n) })
	if i == 0 {
		return Func{}, false
	}
	f := fs.Funcs[i-1]
	j, _ := slices.BinarySearch(fs.DeclEnds, int32(n)+1)
	if j > 0 && fs.DeclEnds[j-1] > f.Line {
		return Func{}, false
	}
	return f, true
}

// HeaderNotes returns the notes in the file's header: above its package
// clause, about the whole file.
func (fs *Facts) HeaderNotes() []Note {
	i, _ := slices.BinarySearchFunc(fs.Notes, fs.Package, func(n Note, line int32) int { return int(n.Line - line) })
	return fs.Notes[:i]
}

// NotesOn returns the notes of a copy on lines first to last: in those
// lines, or in the comment lines just above them (their doc comment).
func (fs *Facts) NotesOn(first, last int) []Note {
	start := int32(first)
	for start > 1 {
		if _, ok := slices.BinarySearch(fs.Comments, start-1); !ok {
			break
		}
		start--
	}
	i, _ := slices.BinarySearchFunc(fs.Notes, start, func(n Note, line int32) int { return int(n.Line - line) })
	j := i
	for j < len(fs.Notes) && fs.Notes[j].Line <= int32(last) {
		j++
	}
	return fs.Notes[i:j]
}

// FactsOf returns the file's Facts, decoding them from its record on
// first use; it may be called from several goroutines. The record's
// checksum stands for them: should they still not decode, the file has
// none.
func (f *File) FactsOf() *Facts {
	f.factsOnce.Do(func() {
		if f.rawFacts == nil {
			return
		}
		fs, err := decodeFacts(f.rawFacts, f.Lines)
		if err == nil {
			f.Facts = fs
		}
		f.rawFacts = nil
	})
	return &f.Facts
}

// FactsLeft reports whether f was indexed without its Facts
// (Indexer.NoFacts): FactsOf gives none, and ScanFacts of its source
// gives them.
func (f *File) FactsLeft() bool { return f.factsLeft }
