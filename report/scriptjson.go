package report

import (
	"slices"
	"strconv"
	"unicode/utf8"
)

// The HTML report carries the copies' source text in a
// <script type="application/json"> element. encoding/json would escape
// every <, > and & as \u003c, \u003e and \u0026, which Go source is full
// of. This encoder writes JSON that is just as safe inside a script
// element while leaving most of them as they are: the HTML tokenizer
// leaves a script element's text only at "</script" and treats "<!--"
// specially, so every "<" followed by "/" or "!" is escaped ("<\/",
// "\u003c!"), as are U+2028 and U+2029 (line ends for older JavaScript)
// and invalid UTF-8 (as U+FFFD). The output is valid JSON for any input.
// Strings that are not source text (file names, errors) are written
// strictly, with every <, > and & escaped.

// scriptSafe marks the bytes that appendScriptString copies as they are.
var scriptSafe = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<'
	}
	return t
}()

// strictSafe is scriptSafe without <, > and &.
var strictSafe = func() (t [256]bool) {
	t = scriptSafe
	t['>'], t['&'] = false, false
	return t
}()

// appendScriptString appends s to b as a JSON string safe in a script
// element.
func appendScriptString(b []byte, s string) []byte {
	return appendJSONString(b, s, &scriptSafe)
}

// appendStrictString appends s to b as a JSON string with no <, > or &.
func appendStrictString(b []byte, s string) []byte {
	return appendJSONString(b, s, &strictSafe)
}

func appendJSONString(b []byte, s string, safe *[256]bool) []byte {
	b = append(b, '"')
	last := 0
	for i := 0; i < len(s); {
		c := s[i]
		if safe[c] {
			i++
			continue
		}
		var esc string
		size := 1
		switch {
		case c == '"':
			esc = `\"`
		case c == '\\':
			esc = `\\`
		case c == '\n':
			esc = `\n`
		case c == '\t':
			esc = `\t`
		case c == '\r':
			esc = `\r`
		case c < 0x20:
			esc = `\u00` + strconv.FormatUint(uint64(c)>>4, 16) + strconv.FormatUint(uint64(c)&0xF, 16)
		case c == '>':
			esc = `\u003e`
		case c == '&':
			esc = `\u0026`
		case c == '<' && safe == &strictSafe:
			esc = `\u003c`
		case c == '<':
			if i+1 < len(s) && (s[i+1] == '/' || s[i+1] == '!') {
				if s[i+1] == '/' {
					esc = `<\/`
					size = 2
				} else {
					esc = `\u003c`
				}
			} else {
				i++
				continue
			}
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			size = n
			switch {
			case r == utf8.RuneError && n == 1:
				esc = `\ufffd`
			case r == '\u2028':
				esc = `\u2028`
			case r == '\u2029':
				esc = `\u2029`
			default:
				i += n
				continue
			}
		}
		b = append(b, s[last:i]...)
		b = append(b, esc...)
		i += size
		last = i
	}
	b = append(b, s[last:]...)
	return append(b, '"')
}

// appendCopies encodes the classes' copies as the script expects them:
// [{"c":[{"f":file,"s":start,"e":end,"g":words,"a":col,"z":col,"t":text,"d":[[start,end]…],"x":[[start,end]…],"l":true,
// "w":[words…],"k":[[line,before,after]…]} or {…,"err":message}]}], where d
// lists the lines that differ, x those only some copies have, l is there
// if the copy lacks another's, w says how the copy drifted from its twins,
// g what a change did to it (absent without one), and k lists the lines
// cut (see MaxLineBytes).
func appendCopies(b []byte, classes []htmlClass) []byte {
	size := 2
	for _, c := range classes {
		for _, cp := range c.Copies {
			size += len(cp.Text) + len(cp.Text)/16 + len(cp.File) + len(cp.Error) + 64
		}
	}
	b = slices.Grow(b, size)
	b = append(b, '[')
	for i, c := range classes {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"c":[`...)
		for j, cp := range c.Copies {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"f":`...)
			b = appendStrictString(b, cp.File)
			b = append(b, `,"s":`...)
			b = strconv.AppendInt(b, int64(cp.Start), 10)
			b = append(b, `,"e":`...)
			b = strconv.AppendInt(b, int64(cp.End), 10)
			if cp.Change != "" {
				b = append(b, `,"g":`...)
				b = appendScriptString(b, cp.Change)
			}
			if cp.Error != "" {
				b = append(b, `,"err":`...)
				b = appendStrictString(b, cp.Error)
			} else {
				b = append(b, `,"a":`...)
				b = strconv.AppendInt(b, int64(cp.StartCol), 10)
				b = append(b, `,"z":`...)
				b = strconv.AppendInt(b, int64(cp.EndCol), 10)
				b = append(b, `,"t":`...)
				b = appendScriptString(b, cp.Text)
				b = appendArrays(b, "d", len(cp.Differs), func(i int) []int { return cp.Differs[i][:] })
				b = appendArrays(b, "x", len(cp.Extra), func(i int) []int { return cp.Extra[i][:] })
				if cp.Lacks {
					b = append(b, `,"l":true`...)
				}
				if len(cp.Drift) > 0 {
					b = append(b, `,"w":[`...)
					for k, w := range cp.Drift {
						if k > 0 {
							b = append(b, ',')
						}
						b = appendScriptString(b, w)
					}
					b = append(b, ']')
				}
				b = appendArrays(b, "k", len(cp.Cuts), func(i int) []int { return cp.Cuts[i][:] })
			}
			b = append(b, '}')
		}
		b = append(b, "]}"...)
	}
	return append(b, ']')
}

// appendArrays appends key and n arrays of numbers, the ith being
// elem(i), as JSON: ,"key":[[…],…]; nothing when n is 0.
func appendArrays(b []byte, key string, n int, elem func(i int) []int) []byte {
	if n == 0 {
		return b
	}
	b = append(b, `,"`...)
	b = append(b, key...)
	b = append(b, `":[`...)
	for i := range n {
		b = appendInts(b, i > 0, elem(i)...)
	}
	return append(b, ']')
}

// appendInts appends [x,y,…], after a comma if comma is set.
func appendInts(b []byte, comma bool, xs ...int) []byte {
	if comma {
		b = append(b, ',')
	}
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}
