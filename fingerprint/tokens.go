package fingerprint

import (
	"go/token"
	"slices"
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

// doubled returns s with twice its capacity (at least 1024). append grows
// a large slice by a quarter at a time, so that the buffers of a file of
// millions of tokens would be allocated and copied five times over.
func doubled[T any](s []T) []T {
	return slices.Grow(s, max(len(s), 1024))
}

// hashBytes is FNV-1a over b: a fixed, seedless hash, so that the same
// name or value gives the same hash in every process.
func hashBytes(b []byte) uint64 {
	h := uint64(fnvOffset)
	for _, c := range b {
		h ^= uint64(c)
		h *= fnvPrime
	}
	return h
}

// FNV-1a's 64-bit offset basis and prime.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// tokenStream is the canonical token stream of one file, built by scan.
type tokenStream struct {
	codes []byte   // canonical code per token
	offs  []int32  // byte offset of each token in the file
	vals  []uint64 // name or value hash of each token with hasValue
	valAt []int32  // index into vals of the first value at or after each token; len(codes)+1 entries
	funcs []int32  // number of func keywords before each token; len(codes)+1 entries
	strs  []int32  // the string literals' tokens, rising
}

// scan fills ts with the canonical tokens of src (see lex.go). Comments,
// semicolons and trailing commas are left out. It reuses ts's slices.
//
// Beside each token's code and offset, and each value's hash, it keeps
// what lets a token span be asked about without walking its codes: valAt
// finds its values, funcs tells whether it holds a function literal, strs
// lists its strings. All are made in the one pass over the tokens.
func (ts *tokenStream) scan(src []byte) {
	ts.codes, ts.offs, ts.vals, ts.valAt, ts.funcs, ts.strs = ts.codes[:0], ts.offs[:0], ts.vals[:0], ts.valAt[:0], ts.funcs[:0], ts.strs[:0]
	lx := lexer{src: src}
	v, fn := int32(0), int32(0) // the values and func keywords so far
	for {
		off, code, lit := lx.next()
		if code == 0 {
			break
		}
		switch token.Token(code) {
		case token.SEMICOLON, token.ILLEGAL:
			continue
		case token.RPAREN, token.RBRACE, token.RBRACK:
			// A comma a closing bracket follows is dropped; it counted
			// neither as a value nor as a func keyword.
			if n := len(ts.codes); n > 0 && ts.codes[n-1] == byte(token.COMMA) {
				ts.codes, ts.offs, ts.valAt, ts.funcs = ts.codes[:n-1], ts.offs[:n-1], ts.valAt[:n-1], ts.funcs[:n-1]
			}
		}
		if len(ts.codes) == cap(ts.codes) {
			ts.codes, ts.offs = doubled(ts.codes), doubled(ts.offs)
			ts.valAt, ts.funcs = doubled(ts.valAt), doubled(ts.funcs)
		}
		t := int32(len(ts.codes))
		ts.codes = append(ts.codes, code)
		ts.offs = append(ts.offs, off)
		ts.valAt = append(ts.valAt, v)
		ts.funcs = append(ts.funcs, fn)
		if hasValue(code) {
			if len(ts.vals) == cap(ts.vals) {
				ts.vals = doubled(ts.vals)
			}
			h := lx.h // an identifier's, hashed as it was scanned
			if code != byte(token.IDENT) {
				h = hashBytes(lit)
			}
			ts.vals = append(ts.vals, h)
			v++
			if code == byte(token.STRING) {
				ts.strs = append(ts.strs, t)
			}
		}
		if code == byte(token.FUNC) {
			fn++
		}
	}
	ts.valAt = append(ts.valAt, v)
	ts.funcs = append(ts.funcs, fn)
}

// stringsIn returns the string literals' tokens among tokens [t0, t1).
func (ts *tokenStream) stringsIn(t0, t1 int32) []int32 {
	i, _ := slices.BinarySearch(ts.strs, t0)
	j := i
	for j < len(ts.strs) && ts.strs[j] < t1 {
		j++
	}
	return ts.strs[i:j]
}
