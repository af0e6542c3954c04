package ignore

import (
	"math/bits"
	"strings"
)

// match reports whether the pattern matches all of text.
func (p *pattern) match(text string) bool {
	ok, _ := p.matchSteps(text)
	return ok
}

// matchSteps is match, also counting the automaton's steps (tests bound
// them).
func (p *pattern) matchSteps(text string) (bool, int) {
	if len(text) < len(p.prefix)+len(p.suffix) ||
		!strings.HasPrefix(text, p.prefix) || !strings.HasSuffix(text, p.suffix) {
		return false, 0
	}
	mid := text[len(p.prefix) : len(text)-len(p.suffix)]
	if len(mid) < p.minMid {
		return false, 0
	}
	switch {
	case len(p.mid) == 0:
		return mid == "", 0
	case p.midStar:
		return strings.IndexByte(mid, '/') < 0, 0
	}
	return run(p.mid, mid)
}

// stateWords is how many 64-bit words of states run keeps on the stack;
// longer patterns allocate.
const stateWords = 4

// run simulates the automaton whose state i means "tokens before i are
// matched" over text, one byte at a time: no backtracking, so the work is
// at most (len(toks)+1) states for each byte.
func run(toks []tok, text string) (ok bool, steps int) {
	words := len(toks)/64 + 1
	var buf [2 * stateWords]uint64
	var cur, next []uint64
	if words <= stateWords {
		cur, next = buf[:words], buf[stateWords:stateWords+words]
	} else {
		s := make([]uint64, 2*words)
		cur, next = s[:words], s[words:]
	}
	cur[0] = 1
	steps += closure(toks, cur)
	for i := 0; i < len(text); i++ {
		clear(next)
		live := false
		for w := range cur {
			for word := cur[w]; word != 0; word &= word - 1 {
				s := w*64 + bits.TrailingZeros64(word)
				steps++
				if s < len(toks) {
					live = step(toks, s, text[i], next) || live
				}
			}
		}
		if !live {
			return false, steps
		}
		steps += closure(toks, next)
		cur, next = next, cur
	}
	n := len(toks)
	return cur[n/64]&(1<<(n%64)) != 0, steps
}

// step moves state s over byte c into next, and reports whether it went
// anywhere.
func step(toks []tok, s int, c byte, next []uint64) bool {
	t := &toks[s]
	to := s + 1
	switch t.op {
	case opByte:
		if c != t.b {
			return false
		}
	case opAny:
		if c == '/' {
			return false
		}
	case opClass:
		if !t.set.has(c) {
			return false
		}
	case opStar:
		if c == '/' {
			return false
		}
		to = s
	case opDStar:
		to = s
	case opOpt:
		return false
	}
	next[to/64] |= 1 << (to % 64)
	return true
}

// closure adds to set the states reachable without reading a byte: past
// a '*' or "**" that matches nothing, and past all of a "**/" group. Those
// moves only go forward, so one pass in order suffices.
func closure(toks []tok, set []uint64) (steps int) {
	for w := range set {
		for word := set[w]; word != 0; {
			b := bits.TrailingZeros64(word)
			s := w*64 + b
			steps++
			if s < len(toks) {
				switch toks[s].op {
				case opStar, opDStar:
					set[(s+1)/64] |= 1 << ((s + 1) % 64)
				case opOpt:
					set[(s+1)/64] |= 1 << ((s + 1) % 64)
					set[(s+3)/64] |= 1 << ((s + 3) % 64)
				}
			}
			word = set[w] &^ (1<<b | (1<<b - 1))
		}
	}
	return steps
}
