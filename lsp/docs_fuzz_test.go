package lsp

import (
	"bytes"
	"testing"
	"unicode/utf8"
)

// FuzzOffset: any position in any text, valid UTF-8 or not, gives an
// offset inside the text or an error, never a panic; and the position of
// any character boundary, as diagnostics give it (line, UTF-16 column),
// leads back to that boundary. A search started at a line's start (as a
// change looks for its end from its start's line) finds what a search from
// the top finds.
func FuzzOffset(f *testing.F) {
	f.Add([]byte("é😀x\nab\n"), 0, 3, 5)
	f.Add([]byte("a\xffb\n\xf0\x9f\n"), 1, 1, 4)
	f.Add([]byte(""), 0, 0, 0)
	f.Add([]byte("x"), 1<<30, -1, 1)
	f.Fuzz(func(t *testing.T, text []byte, line, char, pick int) {
		off, err := offset(text, position{line, char})
		if err == nil && (off < 0 || off > len(text)) {
			t.Fatalf("offset(%q, %d:%d) = %d, outside the text", text, line, char, off)
		}
		for from := range 3 {
			_, lineStart, errStart := offsetFrom(text, 0, 0, position{from, 0})
			if errStart != nil || lineStart < 0 || from > line {
				break
			}
			off2, _, err2 := offsetFrom(text, lineStart, from, position{line, char})
			if off2 != off || (err2 == nil) != (err == nil) {
				t.Fatalf("%q: %d:%d from line %d gives %d, %v; from the top %d, %v", text, line, char, from, off2, err2, off, err)
			}
		}
		// Every character boundary: each line's start, then one rune
		// (or one invalid byte) at a time.
		type boundary struct{ off, line, lineStart int }
		var bs []boundary
		for n, start := 0, 0; ; n++ {
			end := len(text)
			if i := bytes.IndexByte(text[start:], '\n'); i >= 0 {
				end = start + i
			}
			for i := start; ; {
				bs = append(bs, boundary{i, n, start})
				if i >= end {
					break
				}
				_, size := utf8.DecodeRune(text[i:end])
				i += size
			}
			if end == len(text) {
				break
			}
			start = end + 1
		}
		b := bs[uint(pick)%uint(len(bs))]
		p := position{b.line, utf16Column(text[b.lineStart:], b.off-b.lineStart+1)}
		off, err = offset(text, p)
		if err != nil || off != b.off {
			t.Errorf("offset(%q, %d:%d) = %d, %v; want %d", text, p.Line, p.Character, off, err, b.off)
		}
	})
}
