package fingerprint

import (
	"bytes"
	"go/token"
	"unicode"
	"unicode/utf8"
)

// A lexer cuts Go source that has already parsed into canonical tokens.
// It is go/scanner without what copycat does not need: no error
// reporting, no semicolon insertion, no comments, no allocation. The test
// checks it against go/scanner on the standard library.
type lexer struct {
	src []byte
	off int
	h   uint64 // an identifier's hashBytes, found as next scanned it
}

// next returns the next token's offset, canonical code and text; code 0
// means the end of the source. Of an identifier (IDENT), lx.h is then
// hashBytes of its text.
func (lx *lexer) next() (off int32, code byte, lit []byte) {
	src := lx.src
	// Most tokens follow the one before at once or after one space:
	// skipSpace is called only when more may need skipping.
	i := lx.off
	if i < len(src) && src[i] == ' ' {
		i++
	}
	if i >= len(src) || skipped[src[i]] || lx.off == 0 {
		i = lx.skipSpace()
	}
	if i >= len(src) {
		return int32(i), 0, nil
	}
	start := i
	c := src[i]
	if t := punctuation[c]; t != 0 {
		// A bracket or a comma, a third of a file's tokens, without
		// the tests below.
		lx.off = i + 1
		return int32(start), t, nil
	}
	switch {
	case isLetterByte(c) || c >= utf8.RuneSelf && lx.letterAt(i):
		i, lx.h = lx.identEnd(i)
		lit = src[start:i]
		code = keyword(lit)
	case isDigit(c) || c == '.' && i+1 < len(src) && isDigit(src[i+1]):
		i, code = numberEnd(src, i)
		lit = src[start:i]
	case c == '"' || c == '\'':
		i = quotedEnd(src, i, c)
		lit = src[start:i]
		code = byte(token.STRING)
		if c == '\'' {
			code = byte(token.CHAR)
		}
	case c == '`':
		i = stringEnd(src, i)
		lit = src[start:i]
		code = byte(token.STRING)
	default:
		var n int
		code, n = operator(src[i:])
		i += n
	}
	lx.off = i
	return int32(start), code, lit
}

// skipSpace skips blanks, newlines, comments and a leading byte order mark.
func (lx *lexer) skipSpace() int {
	src, i := lx.src, lx.off
	if i == 0 && len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		i = 3
	}
	for i < len(src) {
		switch c := src[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			if n := bytes.IndexByte(src[i:], '\n'); n >= 0 {
				i += n
			} else {
				i = len(src)
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			if n := bytes.Index(src[i+2:], []byte("*/")); n >= 0 {
				i += 2 + n + 2
			} else {
				i = len(src)
			}
		default:
			return i
		}
	}
	return i
}

// skipped marks the bytes at which skipSpace may have something to
// skip: blanks and the slash that may start a comment.
var skipped = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '/': true}

func isLetterByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func (lx *lexer) letterAt(i int) bool {
	r, _ := utf8.DecodeRune(lx.src[i:])
	return unicode.IsLetter(r)
}

// identEnd returns the end of the identifier at src[i] and its hash
// (hashBytes), taken in the same pass over its bytes.
func (lx *lexer) identEnd(i int) (int, uint64) {
	src := lx.src
	h := uint64(fnvOffset)
	for i < len(src) {
		c := src[i]
		if identByte[c] {
			h = (h ^ uint64(c)) * fnvPrime
			i++
			continue
		}
		if c < utf8.RuneSelf {
			break
		}
		r, n := utf8.DecodeRune(src[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break
		}
		for _, c := range src[i : i+n] {
			h = (h ^ uint64(c)) * fnvPrime
		}
		i += n
	}
	return i, h
}

// identByte marks the ASCII bytes of identifiers: letters, digits, '_'.
var identByte = func() (t [256]bool) {
	for c := range 256 {
		t[c] = isLetterByte(byte(c)) || isDigit(byte(c))
	}
	return t
}()

// numberEnd scans a number literal: decimal, hexadecimal, octal or binary,
// with separators, a fraction, an exponent and an imaginary suffix.
func numberEnd(src []byte, i int) (int, byte) {
	code := byte(token.INT)
	hex := i+1 < len(src) && src[i] == '0' && (src[i+1] == 'x' || src[i+1] == 'X')
	if hex {
		i += 2
	}
	for i < len(src) {
		c := src[i]
		switch {
		case isDigit(c) || c == '_' || hex && isHexLetter(c) || !hex && (c == 'b' || c == 'B' || c == 'o' || c == 'O'):
			i++
		case c == '.':
			code = byte(token.FLOAT)
			i++
		case !hex && (c == 'e' || c == 'E') || hex && (c == 'p' || c == 'P'):
			code = byte(token.FLOAT)
			i++
			if i < len(src) && (src[i] == '+' || src[i] == '-') {
				i++
			}
		case c == 'i':
			return i + 1, byte(token.IMAG)
		default:
			return i, code
		}
	}
	return i, code
}

func isHexLetter(c byte) bool { return 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// stringEnd returns the end of the string literal, interpreted or raw,
// that starts at src[i].
func stringEnd(src []byte, i int) int {
	if src[i] != '`' {
		return quotedEnd(src, i, src[i])
	}
	if j := bytes.IndexByte(src[i+1:], '`'); j >= 0 {
		return i + 1 + j + 1
	}
	return len(src)
}

// quotedEnd scans an interpreted string or rune literal.
func quotedEnd(src []byte, i int, quote byte) int {
	i++
	for i < len(src) {
		switch src[i] {
		case '\\':
			i += 2
		case quote:
			return i + 1
		case '\n':
			return i
		default:
			i++
		}
	}
	return len(src)
}

// keywordNames are the words keyword gives a code of its own: Go's
// keywords and the predeclared constants.
var keywordNames = func() map[string]byte {
	m := map[string]byte{"nil": codeNil, "true": codeTrue, "false": codeFalse, "iota": codeIota}
	for t := token.BREAK; t <= token.VAR; t++ {
		if t.IsKeyword() {
			m[t.String()] = byte(t)
		}
	}
	return m
}()

// A keywordSlot is a word of keywordNames at its place in keywordTable.
type keywordSlot struct {
	word string
	code byte
}

// keywordTable holds every word of keywordNames at keywordHash of it,
// each alone in its slot (TestKeywordTable): one look and one compare
// an identifier, where a map lookup hashed every one (1.3% of a run's
// CPU on the standard library).
var keywordTable = func() (t [128]keywordSlot) {
	for w, c := range keywordNames {
		t[keywordHash([]byte(w))] = keywordSlot{w, c}
	}
	return t
}()

// keywordHash places a word of two bytes or more in keywordTable.
func keywordHash(lit []byte) int {
	return int(uint(lit[0])*3^uint(lit[1])*5^uint(len(lit))<<4) & 127
}

// keyword returns the code of an identifier: a keyword's, a predeclared
// constant's, or IDENT.
func keyword(lit []byte) byte {
	if len(lit) >= 2 && len(lit) <= 11 && 'a' <= lit[0] && lit[0] <= 'z' {
		if s := &keywordTable[keywordHash(lit)]; s.word == string(lit) {
			return s.code
		}
	}
	return byte(token.IDENT)
}

// punctuation maps the bytes that are always a token of their own.
var punctuation = [256]byte{
	'(': byte(token.LPAREN), ')': byte(token.RPAREN), '[': byte(token.LBRACK), ']': byte(token.RBRACK),
	'{': byte(token.LBRACE), '}': byte(token.RBRACE), ',': byte(token.COMMA), ';': byte(token.SEMICOLON),
	'~': byte(token.TILDE),
}

// operator returns the longest operator at the start of b and its length;
// the bytes that are a token of their own (punctuation) next answers
// before it asks.
func operator(b []byte) (byte, int) {
	at := func(i int) byte {
		if i < len(b) {
			return b[i]
		}
		return 0
	}
	// op picks by the next byte: the one-byte token t, or t2 if the next
	// byte is c2, or t3 if it is c3.
	op := func(t token.Token, c2 byte, t2 token.Token, c3 byte, t3 token.Token) (byte, int) {
		switch n := at(1); {
		case c2 != 0 && n == c2:
			return byte(t2), 2
		case c3 != 0 && n == c3:
			return byte(t3), 2
		}
		return byte(t), 1
	}
	// long picks between a two-byte operator (<<, >>, &^) and its
	// assignment form (<<=, >>=, &^=).
	long := func(t2, t3 token.Token) (byte, int) {
		if at(2) == '=' {
			return byte(t3), 3
		}
		return byte(t2), 2
	}
	switch b[0] {
	case '.':
		if at(1) == '.' && at(2) == '.' {
			return byte(token.ELLIPSIS), 3
		}
		return byte(token.PERIOD), 1
	case ':':
		return op(token.COLON, '=', token.DEFINE, 0, 0)
	case '=':
		return op(token.ASSIGN, '=', token.EQL, 0, 0)
	case '!':
		return op(token.NOT, '=', token.NEQ, 0, 0)
	case '+':
		return op(token.ADD, '+', token.INC, '=', token.ADD_ASSIGN)
	case '-':
		return op(token.SUB, '-', token.DEC, '=', token.SUB_ASSIGN)
	case '*':
		return op(token.MUL, '=', token.MUL_ASSIGN, 0, 0)
	case '/':
		return op(token.QUO, '=', token.QUO_ASSIGN, 0, 0)
	case '%':
		return op(token.REM, '=', token.REM_ASSIGN, 0, 0)
	case '^':
		return op(token.XOR, '=', token.XOR_ASSIGN, 0, 0)
	case '|':
		return op(token.OR, '|', token.LOR, '=', token.OR_ASSIGN)
	case '&':
		if at(1) == '^' {
			return long(token.AND_NOT, token.AND_NOT_ASSIGN)
		}
		return op(token.AND, '&', token.LAND, '=', token.AND_ASSIGN)
	case '<':
		if at(1) == '<' {
			return long(token.SHL, token.SHL_ASSIGN)
		}
		return op(token.LSS, '=', token.LEQ, '-', token.ARROW)
	case '>':
		if at(1) == '>' {
			return long(token.SHR, token.SHR_ASSIGN)
		}
		return op(token.GTR, '=', token.GEQ, 0, 0)
	}
	return byte(token.ILLEGAL), 1
}
