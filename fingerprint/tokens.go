package fingerprint

import (
	"go/scanner"
	"go/token"
)

// Canonical token codes. Keywords, operators and punctuation keep their
// go/token value; identifiers become token.IDENT and literals their kind.
// The predeclared constants are not names a copy renames, so they get codes
// of their own.
const (
	codeNil   = byte(token.TILDE) + 1 + iota // nil
	codeTrue                                 // true
	codeFalse                                // false
	codeIota                                 // iota
)

// hasValue reports whether a token of this code carries a name or value
// hash in File.vals.
func hasValue(c byte) bool {
	switch token.Token(c) {
	case token.IDENT, token.INT, token.FLOAT, token.IMAG, token.CHAR, token.STRING:
		return true
	}
	return false
}

// isName reports whether code c is an identifier: the tokens that a
// consistent renaming maps.
func isName(c byte) bool { return c == byte(token.IDENT) }

// codeName gives a readable name for a canonical code, for tests and
// debugging.
func codeName(c byte) string {
	switch c {
	case codeNil:
		return "nil"
	case codeTrue:
		return "true"
	case codeFalse:
		return "false"
	case codeIota:
		return "iota"
	case byte(token.IDENT):
		return "ID"
	}
	return token.Token(c).String()
}

// hashString is FNV-1a over s: a fixed, seedless hash so that the same
// name gives the same value in every process.
func hashString(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// tokenStream is the canonical token stream of one file, built by scan.
type tokenStream struct {
	codes []byte   // canonical code per token
	offs  []int32  // byte offset of each token in the file
	vals  []uint64 // name or value hash of each token with hasValue
	valAt []int32  // index into vals of the first value at or after each token; len(codes)+1 entries
}

// scan fills ts with the canonical tokens of src, whose positions belong to
// file. Comments, semicolons and trailing commas are left out. It reuses
// ts's slices.
func (ts *tokenStream) scan(file *token.File, src []byte) {
	ts.codes, ts.offs, ts.vals, ts.valAt = ts.codes[:0], ts.offs[:0], ts.vals[:0], ts.valAt[:0]
	var s scanner.Scanner
	s.Init(file, src, func(token.Position, string) {}, 0)
	base := file.Base()
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		code := byte(tok)
		switch tok {
		case token.SEMICOLON, token.ILLEGAL, token.COMMENT:
			continue
		case token.RPAREN, token.RBRACE, token.RBRACK:
			if n := len(ts.codes); n > 0 && ts.codes[n-1] == byte(token.COMMA) {
				ts.codes, ts.offs = ts.codes[:n-1], ts.offs[:n-1]
			}
		case token.IDENT:
			switch lit {
			case "nil":
				code = codeNil
			case "true":
				code = codeTrue
			case "false":
				code = codeFalse
			case "iota":
				code = codeIota
			}
		}
		ts.codes = append(ts.codes, code)
		ts.offs = append(ts.offs, int32(int(pos)-base))
		if hasValue(code) {
			ts.vals = append(ts.vals, hashString(lit))
		}
	}
	// valAt lets a token span find its values without walking the codes.
	v := int32(0)
	for _, c := range ts.codes {
		ts.valAt = append(ts.valAt, v)
		if hasValue(c) {
			v++
		}
	}
	ts.valAt = append(ts.valAt, v)
}
