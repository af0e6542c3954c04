package lsp

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"unicode/utf8"

	"github.com/copycat-go/copycat/report"
)

// A buffer is a text being edited, held as pieces (runs of at most size
// bytes) in a treap: a binary tree in the pieces' order, kept balanced by
// random priorities. Each node counts the bytes, newlines
// and UTF-16 units of its subtree, so a position is found, and an edit
// made, in time logarithmic in the number of pieces, where an edit to
// one array moves all the bytes after it.
type buffer struct {
	root *piece
	size int // maxPiece, or less in tests
	// valid is whether all the text the buffer may hold is UTF-8 (as
	// all JSON strings are, once read). Then the pieces' units add up to
	// the text's wherever the pieces are cut (a rune's units are counted
	// at its first byte), and a character far into a long line is found
	// by them; else the line is read from its start, as bytes that are
	// not UTF-8 may be made into a rune by an edit (so in such text an
	// edit far into a long line costs the length of the line).
	valid   bool
	scratch []byte
	// See seek.
	path       []*piece
	last       *piece
	lastBefore counts
}

// maxPiece bounds a piece's length, and so the bytes read and copied
// within a piece to find a place in it or to edit it.
const maxPiece = 1024

type piece struct {
	left, right *piece
	priority    uint64
	text        []byte // never changed: it may be the text apply was given
	own, all    counts // of text; of the subtree
}

// counts measure text: its bytes, its newlines and its length in UTF-16
// units (that of valid UTF-8: see unitsOf).
type counts [3]int

const (
	inBytes = iota
	inLines
	inUnits
)

func countsOf(s []byte) counts { return counts{len(s), bytes.Count(s, newline), unitsOf(s)} }

var newline = []byte{'\n'}

func (c counts) plus(d counts) counts {
	for i := range c {
		c[i] += d[i]
	}
	return c
}

func (c counts) minus(d counts) counts {
	for i := range c {
		c[i] -= d[i]
	}
	return c
}

func (p *piece) counts() counts {
	if p == nil {
		return counts{}
	}
	return p.all
}

// update recounts p's subtree after a change of its children.
func (p *piece) update() *piece {
	p.all = p.left.counts().plus(p.own).plus(p.right.counts())
	return p
}

// build is the treap of s, in pieces of about the same length, at most
// b.size/2: edits may make each longer, in place, up to b.size. It is
// made in one pass from left to right (as a Cartesian tree), on a stack
// of the pieces down its right edge.
func (b *buffer) build(s []byte) *piece {
	half := b.size / 2
	pieces := make([]piece, (len(s)+half-1)/half)
	var edge []*piece
	for i := range pieces {
		k := len(s) / (len(pieces) - i)
		p := &pieces[i]
		p.priority, p.text, p.own = rand.Uint64(), s[:k], countsOf(s[:k])
		s = s[k:]
		for len(edge) > 0 && edge[len(edge)-1].priority < p.priority {
			p.left = edge[len(edge)-1].update()
			edge = edge[:len(edge)-1]
		}
		if len(edge) > 0 {
			edge[len(edge)-1].right = p
		}
		edge = append(edge, p)
	}
	if len(edge) == 0 {
		return nil
	}
	for i := len(edge) - 1; i >= 0; i-- {
		edge[i].update()
	}
	return edge[0]
}

// join is the treap of a's pieces followed by b's.
func join(a, b *piece) *piece {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	case a.priority > b.priority:
		a.right = join(a.right, b)
		return a.update()
	}
	b.left = join(a, b.left)
	return b.update()
}

// split cuts p's pieces into those that start before byte off of its
// text and the rest.
func split(p *piece, off int) (*piece, *piece) {
	if p == nil {
		return nil, nil
	}
	start := p.left.counts()[inBytes]
	if off <= start {
		l, r := split(p.left, off)
		p.left = r
		return l, p.update()
	}
	l, r := split(p.right, off-start-len(p.text))
	p.right = l
	return p.update(), r
}

// splitLast cuts p's last piece from the others.
func splitLast(p *piece) (*piece, *piece) {
	if p == nil {
		return nil, nil
	}
	if p.right == nil {
		l := p.left
		p.left = nil
		return l, p.update()
	}
	l, last := splitLast(p.right)
	p.right = l
	return p.update(), last
}

// seek finds the piece that holds byte, newline or unit k (from 0) of
// the text, as m says, and the counts of the text before that piece; it
// leaves in b.path the pieces from the root down to it. k must be less
// than the text's count. The piece found last is kept, until a change of
// the tree's shape: the edits of a message, and their two ends, are
// often in one piece.
func (b *buffer) seek(m, k int) (*piece, counts) {
	if p, before := b.last, b.lastBefore; p != nil && before[m] <= k && k < before[m]+p.own[m] {
		return p, before
	}
	b.path = b.path[:0]
	var before counts
	for p := b.root; ; {
		b.path = append(b.path, p)
		left := before.plus(p.left.counts())
		if k < left[m] {
			p = p.left
			continue
		}
		if before = left.plus(p.own); k < before[m] {
			b.last, b.lastBefore = p, left
			return p, left
		}
		p = p.right
	}
}

// appendTo appends to dst the bytes of p's text from from to to.
func (p *piece) appendTo(dst []byte, from, to int) []byte {
	if p == nil {
		return dst
	}
	left := p.left.counts()[inBytes]
	if from < left {
		dst = p.left.appendTo(dst, from, to)
	}
	if a, b := max(from-left, 0), min(to-left, len(p.text)); a < b {
		dst = append(dst, p.text[a:b]...)
	}
	if right := left + len(p.text); to > right {
		dst = p.right.appendTo(dst, from-right, to-right)
	}
	return dst
}

// replace puts s in place of bytes start to end. An edit within one
// piece that leaves it no longer than b.size is made to that piece.
// Else the pieces that hold the bytes, or end at start or start at end,
// are made again, of their bytes before start, s and their bytes after
// end: pieces stay about b.size/2 long or longer, unless an edit
// leaves less text in them.
func (b *buffer) replace(start, end int, s string) {
	if total := b.root.counts()[inBytes]; total > 0 {
		q, before := b.seek(inBytes, min(start, total-1))
		from := before[inBytes]
		if n := len(q.text) - (end - start) + len(s); end <= from+len(q.text) && n <= b.size {
			text := append(append(make([]byte, 0, n), q.text[:start-from]...), s...)
			text = append(text, q.text[end-from:]...)
			c := countsOf(text)
			d := c.minus(q.own)
			for _, p := range b.path {
				p.all = p.all.plus(d)
			}
			q.text, q.own = text, c
			return
		}
	}
	l, r := split(b.root, start)
	m, r := split(r, end+1-l.counts()[inBytes])
	l, first := splitLast(l)
	m = join(first, m)
	from, n := l.counts()[inBytes], m.counts()[inBytes]
	text := m.appendTo(make([]byte, 0, n-(end-start)+len(s)), 0, start-from)
	text = m.appendTo(append(text, s...), end-from, n)
	b.root, b.last = join(join(l, b.build(text)), r), nil
}

// reset makes text the buffer's text.
func (b *buffer) reset(text []byte) { b.root, b.last = b.build(text), nil }

// text is the buffer's text.
func (b *buffer) text() []byte {
	n := b.root.counts()[inBytes]
	return b.root.appendTo(make([]byte, 0, n), 0, n)
}

// offset is the byte offset of an LSP position (a line, then UTF-16
// units into it), as change has always found it: a character past the
// end of its line means the line's end, a character in the middle of a
// rune the rune's start, and any character of the line just past the
// last one the end of the text.
func (b *buffer) offset(p position) (int, error) {
	total := b.root.counts()
	lines := total[inLines]
	switch {
	case p.Line < 0 || p.Character < 0:
		return 0, fmt.Errorf("negative position %d:%d", p.Line, p.Character)
	case p.Line == lines+1:
		return total[inBytes], nil
	case p.Line > lines+1:
		return 0, fmt.Errorf("line %d is past the end (%s)", p.Line+1, report.Count(lines+1, "line", "lines"))
	case total[inBytes] == 0:
		return 0, nil
	}
	q, before, i := b.lineStart(p.Line)
	start := before[inBytes] + i
	if p.Character == 0 {
		return start, nil
	}
	// Most often the line ends in the piece it starts in, or the piece
	// holds as much of it as the character can be into (it is a rune or
	// more, of at most 4 bytes each): it is read there.
	rest := q.text[i:]
	if bytes.IndexByte(rest, '\n') >= 0 || p.Character <= len(rest)/4 {
		return start + column(rest, p.Character), nil
	}
	end := total
	if p.Line < lines {
		end = countsAt(b.lineStart(p.Line + 1)).plus(counts{-1, -1, -1}) // before the newline
	}
	if !b.valid {
		n := end[inBytes] - start
		if p.Character < n/4 {
			n = 4 * p.Character
		}
		b.scratch = b.root.appendTo(b.scratch[:0], start, start+n)
		return start + column(b.scratch, p.Character), nil
	}
	u := countsAt(q, before, i)[inUnits]
	if p.Character >= end[inUnits]-u {
		return end[inBytes], nil
	}
	u += p.Character
	q, before = b.seek(inUnits, u)
	return before[inBytes] + unitsPrefix(q.text, u-before[inUnits]), nil
}

// lineStart finds where line n, which exists, starts: at byte i of piece
// q, after the text counted in before.
func (b *buffer) lineStart(n int) (q *piece, before counts, i int) {
	if n == 0 {
		q, before = b.seek(inBytes, 0)
		return q, before, 0
	}
	q, before = b.seek(inLines, n-1)
	i = -1
	for range n - before[inLines] {
		i += 1 + bytes.IndexByte(q.text[i+1:], '\n')
	}
	return q, before, i + 1
}

// countsAt counts the text before byte i of piece q.
func countsAt(q *piece, before counts, i int) counts { return before.plus(countsOf(q.text[:i])) }

// unitsOf is the length of s in UTF-16 units if s is UTF-8: one for each
// byte that starts a rune, two for one that starts a rune past U+FFFF.
// Sixteen ASCII bytes are passed over at a time.
func unitsOf(s []byte) int {
	n := 0
	for len(s) > 0 {
		if len(s) >= 16 && (binary.LittleEndian.Uint64(s)|binary.LittleEndian.Uint64(s[8:]))&0x8080808080808080 == 0 {
			n, s = n+16, s[16:]
			continue
		}
		n, s = n+runeUnits(s[0]), s[1:]
	}
	return n
}

func runeUnits(b byte) int {
	switch {
	case b >= 0xf0:
		return 2
	case utf8.RuneStart(b):
		return 1
	}
	return 0
}

// unitsPrefix is the length of the longest prefix of s, UTF-8, that ends
// between runes and holds at most u UTF-16 units.
func unitsPrefix(s []byte, u int) int {
	n := 0
	for i := range len(s) {
		if c := runeUnits(s[i]); c > 0 {
			if n+c > u {
				return i
			}
			n += c
		}
	}
	return len(s)
}
