package ignore

import (
	"errors"
	"fmt"
	"strings"
)

// A pattern is one compiled .duplignore pattern. It follows git's
// wildmatch (wildmatch.c, as dir.c calls it) and, like git, reads bytes,
// not runes:
//
//   - '*' matches any run of bytes other than '/', '?' any one byte other
//     than '/', and a class ("[a-z]", "[!a]", "[^a]", "[[:digit:]]") one
//     byte of its set, never '/';
//   - "**" between slashes (or at either end) crosses directories:
//     "**/" matches zero or more leading directories, "/**" everything
//     inside, "/**/" zero or more directories; elsewhere it is a '*';
//   - '\' makes the next byte literal.
//
// Matching runs a small automaton over the tokens, so its time grows with
// the product of pattern and path lengths, never exponentially. Before it,
// the pattern's literal head and tail are compared as strings, which
// decides most patterns (plain names, "*.pb.go", "gen/") without it.
type pattern struct {
	prefix, suffix string // literal bytes every match starts and ends with
	mid            []tok  // the tokens between them
	// midStar: mid is one '*', so the middle of the text only has to be
	// free of '/'.
	midStar bool
	minMid  int // the tokens of mid that read one byte: the shortest middle
}

// A tok is one step of a pattern.
type tok struct {
	op  opcode
	b   byte     // opByte's byte
	set *byteSet // opClass's bytes
	// inGroup: the token belongs to the group an opOpt starts, so the
	// literal tail may not take it.
	inGroup bool
}

type opcode uint8

const (
	opByte  opcode = iota // one given byte
	opAny                 // '?': one byte, not '/'
	opClass               // one byte of a set, not '/'
	opStar                // '*': any run of bytes, no '/'
	opDStar               // "**": any run of bytes
	// opOpt reads nothing: it starts "**/" (opDStar, then '/'), which
	// matches nothing or any run of bytes that ends with '/'.
	opOpt
)

// A byteSet is a set of bytes, one bit each.
type byteSet [4]uint64

func (s *byteSet) add(c byte)      { s[c>>6] |= 1 << (c & 63) }
func (s *byteSet) has(c byte) bool { return s[c>>6]&(1<<(c&63)) != 0 }
func (s *byteSet) addRange(lo, hi byte) {
	for c := int(lo); c <= int(hi); c++ {
		s.add(byte(c))
	}
}

// compilePattern compiles p, a pattern without its '!', trailing '/' and
// leading '/'. inPath says that p is matched against a whole relative path
// (it holds a '/'), not against a name.
func compilePattern(p string, inPath bool) (pattern, error) {
	if strings.IndexByte(p, 0) >= 0 {
		return pattern{}, errors.New("NUL byte in pattern")
	}
	toks, err := tokens(p, inPath)
	if err != nil {
		return pattern{}, err
	}
	var pat pattern
	i := 0
	for i < len(toks) && toks[i].op == opByte {
		i++
	}
	pat.prefix = literal(toks[:i])
	j := len(toks)
	for j > i && toks[j-1].op == opByte && !toks[j-1].inGroup {
		j--
	}
	pat.suffix = literal(toks[j:])
	pat.mid = toks[i:j]
	pat.midStar = len(pat.mid) == 1 && pat.mid[0].op == opStar
	for _, t := range pat.mid {
		if (t.op == opByte && !t.inGroup) || t.op == opAny || t.op == opClass {
			pat.minMid++
		}
	}
	return pat, nil
}

func literal(toks []tok) string {
	b := make([]byte, len(toks))
	for i, t := range toks {
		b[i] = t.b
	}
	return string(b)
}

// tokens splits p into tokens as wildmatch reads it.
func tokens(p string, inPath bool) ([]tok, error) {
	// dir.c compares the literal head of a path pattern itself and hands
	// the rest to wildmatch, for which a "**" right after that head is at
	// the start of the pattern: git matches "foo**/bar" against "foobar".
	head := -1
	if inPath {
		head = strings.IndexAny(p, `*?[\`)
	}
	var toks []tok
	for i := 0; i < len(p); {
		switch p[i] {
		case '\\':
			if i+1 == len(p) {
				return nil, errors.New("pattern ends with a lone backslash, which git never matches")
			}
			toks = append(toks, tok{op: opByte, b: p[i+1]})
			i += 2
		case '?':
			toks = append(toks, tok{op: opAny})
			i++
		case '[':
			set, n, err := parseClass(p[i:])
			if err != nil {
				return nil, err
			}
			toks = append(toks, tok{op: opClass, set: set})
			i += n
		case '*':
			j := i
			for j < len(p) && p[j] == '*' {
				j++
			}
			toks = appendStars(toks, p, i, j, i == head)
			i = j
			if toks[len(toks)-1].inGroup {
				i++ // the '/' of "**/" is in the group
			}
		default:
			toks = append(toks, tok{op: opByte, b: p[i]})
			i++
		}
	}
	return toks, nil
}

// appendStars appends the tokens of the run of '*' at p[i:j], and of the
// '/' after it when the run is "**/". atStart says that wildmatch sees the
// run at the start of its pattern.
func appendStars(toks []tok, p string, i, j int, atStart bool) []tok {
	if j-i < 2 || !(atStart || i == 0 || p[i-1] == '/') {
		return append(toks, tok{op: opStar})
	}
	// A "**/" right after another matches nothing more, and "**/**" is "**":
	// merging them keeps a line of many "**" from making many states.
	afterGroup := len(toks) > 0 && toks[len(toks)-1].inGroup
	switch {
	case j == len(p):
		if afterGroup {
			toks = toks[:len(toks)-3]
		}
		return append(toks, tok{op: opDStar})
	case p[j] == '/':
		if afterGroup {
			return toks
		}
		return append(toks, tok{op: opOpt}, tok{op: opDStar, inGroup: true}, tok{op: opByte, b: '/', inGroup: true})
	case p[j] == '\\' && j+1 < len(p) && p[j+1] == '/':
		return append(toks, tok{op: opDStar}) // wildmatch tries the empty match only before a bare '/'
	}
	return append(toks, tok{op: opStar})
}

// parseClass reads the bracket expression at the start of p as wildmatch
// does, and returns the bytes it matches and its length. A ']' right after
// the '[' (or "[!", "[^") is a member; '-' between two members is a range,
// elsewhere a member; "[:name:]" is a POSIX class.
func parseClass(p string) (*byteSet, int, error) {
	var set byteSet
	i := 1
	negate := i < len(p) && (p[i] == '!' || p[i] == '^')
	if negate {
		i++
	}
	prev := -1 // the last single member, which may start a range
	for first := true; ; first = false {
		if i >= len(p) {
			return nil, 0, errUnterminated
		}
		c := p[i]
		switch {
		case c == ']' && !first:
			if negate {
				for k := range set {
					set[k] = ^set[k]
				}
			}
			set[0] &^= 1 << '/'
			return &set, i + 1, nil
		case c >= 0x80:
			return nil, 0, errNonASCII
		case c == '\\':
			if i+1 >= len(p) {
				return nil, 0, errUnterminated
			}
			c = p[i+1]
			if c >= 0x80 {
				return nil, 0, errNonASCII
			}
			set.add(c)
			prev, i = int(c), i+2
			continue
		case c == '-' && prev >= 0 && i+1 < len(p) && p[i+1] != ']':
			hi, n, err := rangeEnd(p, i+1)
			if err != nil {
				return nil, 0, err
			}
			if hi >= byte(prev) {
				set.addRange(byte(prev), hi)
			}
			prev, i = -1, i+1+n
			continue
		case c == '[' && i+1 < len(p) && p[i+1] == ':':
			if n, err := posixClass(&set, p, i); err != nil {
				return nil, 0, err
			} else if n > 0 {
				prev, i = -1, i+n
				continue
			}
		}
		set.add(c)
		prev, i = int(c), i+1
	}
}

// errUnterminated and errNonASCII say what is wrong with a class; the
// LineError quotes the whole pattern.
var errUnterminated = errors.New("unterminated character class, which git never matches")

// errNonASCII refuses what git would match byte by byte: "[é]" matches
// one of the two bytes of 'é', so never the name "é".
var errNonASCII = errors.New("non-ASCII byte in a character class: git matches a class against one byte, not one character")

// rangeEnd reads the upper bound of a range at p[i]: one byte, or an
// escaped one.
func rangeEnd(p string, i int) (byte, int, error) {
	c := p[i]
	if c == '\\' {
		if i+1 >= len(p) {
			return 0, 0, errUnterminated
		}
		return p[i+1], 2, nil
	}
	if c >= 0x80 {
		return 0, 0, errNonASCII
	}
	return c, 1, nil
}

// posixClass adds the class "[:name:]" at p[i:] to set and returns its
// length, or 0 when p[i:] is no such class (then its '[' is a member, as
// in wildmatch).
func posixClass(set *byteSet, p string, i int) (int, error) {
	end := strings.IndexByte(p[i+2:], ']')
	if end < 0 {
		return 0, errUnterminated
	}
	body := p[i+2 : i+2+end]
	name, ok := strings.CutSuffix(body, ":")
	if !ok {
		return 0, nil
	}
	in, known := posixClasses[name]
	if !known {
		return 0, fmt.Errorf("unknown character class [:%s:]", name)
	}
	for c := 0; c < 128; c++ {
		if in(byte(c)) {
			set.add(byte(c))
		}
	}
	return end + 3, nil
}

// posixClasses are the classes of wildmatch, over ASCII as git's own
// ctype defines them (its space is " \t\n\r" and its cntrl leaves those out).
var posixClasses = map[string]func(byte) bool{
	"alnum":  func(c byte) bool { return isAlpha(c) || isDigit(c) },
	"alpha":  isAlpha,
	"blank":  func(c byte) bool { return c == ' ' || c == '\t' },
	"cntrl":  func(c byte) bool { return (c < ' ' && !isSpace(c)) || c == 0x7f },
	"digit":  isDigit,
	"graph":  func(c byte) bool { return c > ' ' && c < 0x7f },
	"lower":  func(c byte) bool { return c >= 'a' && c <= 'z' },
	"print":  func(c byte) bool { return c >= ' ' && c < 0x7f },
	"punct":  func(c byte) bool { return c > ' ' && c < 0x7f && !isAlpha(c) && !isDigit(c) },
	"space":  isSpace,
	"upper":  func(c byte) bool { return c >= 'A' && c <= 'Z' },
	"xdigit": func(c byte) bool { return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f') },
}

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
