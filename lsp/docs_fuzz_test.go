package lsp

import (
	"bytes"
	"math"
	"strings"
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

// FuzzApply: any changes to any text give what applying them one by one
// gives (applyOneByOne), error included. ops holds the changes: for each,
// a byte whose low three bits are the length of its text (a whole-text
// change when its high four bits are all set), four bytes for its start
// and end (line, character; 0xff is -1, 0xfe the largest int, 0xfd 2^40),
// then its text.
func FuzzApply(f *testing.F) {
	f.Add([]byte("é😀x\nab\n"), []byte("\x03\x00\x01\x01\x02xyz\x01\x00\x04\x00\x09!"))
	f.Add([]byte("ab\r\ncd\rx\n"), []byte("\x00\x01\x01\x00\x00\x02\x00\x05\x00\x05\r\n\x01\x03\x00\x03\x00q"))
	f.Add([]byte("one\ntwo\n"), []byte("\x01\x00\x00\x00\x00a\xf2\x00\x00\x00\x00zz\x01\x00\x01\x00\x00b"))
	f.Add([]byte("a\nb"), []byte("\x00\x02\x00\x02\x00\x00\x03\x00\x03\x00\x00\x00\x02\x00\x01"))
	f.Add([]byte("abc"), []byte("\x00\x00\xfe\x00\xfe\x00\xff\x00\x00\x00"))
	f.Add([]byte("\xf0\x9fX\x98\x80\n"), []byte("\x00\x00\x02\x00\x03\x00\x00\x03\x00\x04"))
	f.Add([]byte(strings.Repeat("ab😀c\n", 90)+strings.Repeat("é", 700)), []byte("\x02\x5a\x64\x5a\xfdxy\x01\x20\x03\x50\x00\n\x00\x5a\xfe\x5a\xfe"))
	f.Fuzz(func(t *testing.T, text, ops []byte) {
		num := func(b byte) int {
			switch b {
			case 0xff:
				return -1
			case 0xfe:
				return math.MaxInt
			case 0xfd:
				return 1 << 40
			}
			return int(b)
		}
		var changes []contentChange
		for len(ops) >= 5 {
			n := min(int(ops[0]&7), len(ops)-5)
			c := contentChange{Text: string(ops[5 : 5+n])}
			if ops[0]>>4 != 0xf {
				c.Range = &lspRange{position{num(ops[1]), num(ops[2])}, position{num(ops[3]), num(ops[4])}}
			}
			changes = append(changes, c)
			ops = ops[5+n:]
		}
		checkApply(t, text, changes)
	})
}
