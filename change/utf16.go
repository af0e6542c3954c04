package change

import (
	"bufio"
	"io"
	"unicode/utf16"
	"unicode/utf8"
)

// fromUTF16 returns r as UTF-8: decoded, when it begins with UTF-16's byte
// order mark, else as it is. Windows PowerShell 5's redirection (git diff
// > change.diff) and Out-File write UTF-16 (little-endian, with the
// mark); -diff read such a file as "not a unified diff: a NUL byte
// outside a hunk".
func fromUTF16(r io.Reader) io.Reader {
	br := bufio.NewReaderSize(r, 1<<16)
	mark, _ := br.Peek(2)
	switch {
	case len(mark) == 2 && mark[0] == 0xff && mark[1] == 0xfe:
		br.Discard(2)
		return &utf16Reader{r: br, little: true}
	case len(mark) == 2 && mark[0] == 0xfe && mark[1] == 0xff:
		br.Discard(2)
		return &utf16Reader{r: br}
	}
	return br
}

// A utf16Reader reads UTF-16 from r and gives it as UTF-8; a unit cut
// short at the end, or a surrogate unpaired, is U+FFFD.
type utf16Reader struct {
	r      *bufio.Reader
	little bool
	out    []byte // decoded, not yet read
	err    error
}

func (u *utf16Reader) Read(p []byte) (int, error) {
	for len(u.out) == 0 && u.err == nil {
		u.fill()
	}
	if len(u.out) == 0 {
		return 0, u.err
	}
	n := copy(p, u.out)
	u.out = u.out[n:]
	return n, nil
}

// fill decodes the next characters into out, or sets err.
func (u *utf16Reader) fill() {
	for len(u.out) < 4096 {
		c, err := u.unit()
		if err != nil {
			u.err = err
			return
		}
		r := rune(c)
		if utf16.IsSurrogate(r) {
			if next, err := u.r.Peek(2); err == nil {
				if r2 := rune(u.order(next)); utf16.DecodeRune(r, r2) != utf8.RuneError {
					u.r.Discard(2)
					r = utf16.DecodeRune(r, r2)
				} else {
					r = utf8.RuneError
				}
			} else {
				r = utf8.RuneError
			}
		}
		u.out = utf8.AppendRune(u.out, r)
	}
}

// unit reads one UTF-16 unit.
func (u *utf16Reader) unit() (uint16, error) {
	var b [2]byte
	n, err := io.ReadFull(u.r, b[:])
	switch {
	case n == 1:
		return utf8.RuneError, nil // a byte left over at the end
	case err != nil:
		return 0, err
	}
	return u.order(b[:]), nil
}

// order reads the unit of two bytes b in the stream's byte order.
func (u *utf16Reader) order(b []byte) uint16 {
	if u.little {
		return uint16(b[0]) | uint16(b[1])<<8
	}
	return uint16(b[0])<<8 | uint16(b[1])
}
