package fingerprint

import (
	"go/token"
	"maps"
	"slices"
	"strings"
)

// An error formatted where the twin wraps it: at a place the alignment
// pairs, both copies build an error with fmt.Errorf, and the twin's
// format wraps an argument with %w where the copy's formats the same
// argument with %v or %s. The copy's error no longer holds the one it
// was made from: errors.Is and errors.As see through the twin's and not
// through the copy's. mitchellh/pointerstructure's Delete, a copy of Set,
// returns fmt.Errorf("delete %s: %s", p, err) where Set returns
// fmt.Errorf("set %s: %w", p, err), so that errors.Is(err,
// ErrOutOfRange) holds for Set and not for Delete (filed blind as a bug
// by both readers of reading 87; copycat listed the class without a
// word). The lacked wrap of driftwrap.go (return err against a wrap) is
// weak evidence, backends wrapping each in their own way; here both
// copies wrap in one call of one function and differ in its verb alone.
//
// The two formats must say one thing: their words (of four letters or
// more, as driftvariant.go splits them), less those of either function's
// name, alike at least by half (Delete's "delete %s: %s" and Set's "set
// %s: %w" say nothing else; Azure Service Bus's and Event Hubs' "failed
// to get pubsub message from azure … message" differ in the service's
// name). Copies edited alike may pair two calls that report different
// failures, each its own way (flux2's "error parsing url: '%s'" against
// "unable to read private key file: %w"): the twin wraps another error.
//
// Only fmt.Errorf counts: github.com/pkg/errors' Errorf formats with
// fmt.Sprintf, which has no %w, so a copy moved to it formats with %v on
// purpose. The formats must hold as many verbs, alike but where one has
// %w and the other %v or %s, and no explicit argument index: the
// arguments then stand in the same order. Said as DriftLacks,
// StepWrapVerb, of the copy without %w.

// Verb codes of a format, 4 bits each (verbCode): the verbs that tell
// a wrap from a format, and the others.
const (
	verbW = 1
	verbV = 2
	verbS = 3
	// maxVerbs is the most verbs a packed format holds: 4 bits each, and
	// 4 bits for their number.
	maxVerbs = 15
)

// verbCode is the 4-bit code of a format verb: one of its own for %w,
// %v, %s and the next eleven most used, 15 for the rest, which rarely
// meet in one call.
func verbCode(c byte) uint64 {
	switch c {
	case 'w':
		return verbW
	case 'v':
		return verbV
	case 's':
		return verbS
	}
	if i := strings.IndexByte("dqxTtfgXcpe", c); i >= 0 {
		return uint64(4 + i)
	}
	return 15
}

// packVerbs returns the verbs of format string lit (its quotes
// included), 4 bits each from the lowest, and their number in the top 4
// bits; not ok if it has none of %w, %v and %s, more than maxVerbs, or
// an explicit argument index.
func packVerbs(lit []byte) (uint64, bool) {
	if len(lit) < 2 {
		return 0, false
	}
	lit = lit[1 : len(lit)-1]
	var packed uint64
	n, telling := 0, false
	for i := 0; i < len(lit); i++ {
		if lit[i] != '%' {
			continue
		}
		i++
		for i < len(lit) && isVerbFlag(lit[i]) {
			i++
		}
		if i >= len(lit) {
			break
		}
		switch lit[i] {
		case '%':
			continue
		case '[':
			return 0, false
		}
		if n == maxVerbs {
			return 0, false
		}
		code := verbCode(lit[i])
		telling = telling || code <= verbS
		packed |= code << (4 * n)
		n++
	}
	if !telling {
		return 0, false
	}
	return packed | uint64(n)<<60, true
}

// isVerbFlag reports whether c may stand between a % and its verb: a
// flag, a width or a precision.
func isVerbFlag(c byte) bool {
	return c == '+' || c == '-' || c == '#' || c == ' ' || c == '.' || c == '*' || '0' <= c && c <= '9'
}

// errorfHash and fmtHash are the name hashes of fmt.Errorf's two names.
var errorfHash, fmtHash = hashBytes([]byte("Errorf")), hashBytes([]byte("fmt"))

// markErrorf records the string literals among strs (tokens of a
// function declaration) that are the format of a call of fmt.Errorf:
// fmt . Errorf ( "…" — with their packed verbs (File.errorfs).
func (ix *Indexer) markErrorf(strs []int32) {
	codes, offs := ix.ts.codes, ix.ts.offs
	name := func(t int32) uint64 { return ix.ts.vals[ix.ts.valAt[t]] }
	for _, t := range strs {
		if t < 4 || token.Token(codes[t-1]) != token.LPAREN || token.Token(codes[t-2]) != token.IDENT ||
			token.Token(codes[t-3]) != token.PERIOD || token.Token(codes[t-4]) != token.IDENT ||
			name(t-2) != errorfHash || name(t-4) != fmtHash {
			continue
		}
		off := int(offs[t])
		if v, ok := packVerbs(ix.src[off:stringEnd(ix.src, off)]); ok {
			ix.file.errorfs = append(ix.file.errorfs, tokWord{t, v})
		}
	}
}

// errorfAt returns the packed verbs of the fmt.Errorf format at token t
// of f, if it is one.
func (f *File) errorfAt(t int32) (uint64, bool) {
	i, ok := slices.BinarySearchFunc(f.errorfs, t, func(w tokWord, t int32) int { return int(w.tok - t) })
	if !ok {
		return 0, false
	}
	return f.errorfs[i].word, true
}

// unwrapped finds the fmt.Errorf formats the alignment pairs where one
// copy wraps with %w what the other formats with %v or %s (see above):
// forA are a's drifts, forB b's.
func (d *detector) unwrapped(al alignment) (forA, forB []Drift) {
	fa, fb := d.files[al.a.file], d.files[al.b.file]
	if len(fa.errorfs) == 0 || len(fb.errorfs) == 0 {
		return nil, nil
	}
	a0, a1 := d.tokens(al.a)
	b0, b1 := d.tokens(al.b)
	i, _ := slices.BinarySearchFunc(fa.errorfs, a0, func(w tokWord, t int32) int { return int(w.tok - t) })
	for ; i < len(fa.errorfs) && fa.errorfs[i].tok < a1; i++ {
		x := fa.errorfs[i]
		y := al.matched(x.tok - a0)
		if y < 0 || b0+y >= b1 {
			continue
		}
		vb, ok := fb.errorfAt(b0 + y)
		if !ok {
			continue
		}
		dir := wrapsWhereOther(x.word, vb)
		if dir == 0 || !d.sameMessage(al, x.tok, b0+y) {
			continue
		}
		switch dir {
		case 1: // a wraps, b formats
			forB = append(forB, Drift{Kind: DriftLacks, Step: StepWrapVerb, Lines: fb.tokenLineRange(b0 + y), TwinLines: fa.tokenLineRange(x.tok)})
		case -1:
			forA = append(forA, Drift{Kind: DriftLacks, Step: StepWrapVerb, Lines: fa.tokenLineRange(x.tok), TwinLines: fb.tokenLineRange(b0 + y)})
		}
	}
	return forA, forB
}

// wrapsWhereOther compares two packed formats: 1 if they hold as many
// verbs, alike but where a has %w and b %v or %s, at least once; -1 for
// the other way round; 0 otherwise.
func wrapsWhereOther(a, b uint64) int {
	if a == b || a>>60 != b>>60 {
		return 0
	}
	dir := 0
	for k := range int(a >> 60) {
		va, vb := a>>(4*k)&15, b>>(4*k)&15
		var here int
		switch {
		case va == vb:
			continue
		case va == verbW && (vb == verbV || vb == verbS):
			here = 1
		case vb == verbW && (va == verbV || va == verbS):
			here = -1
		default:
			return 0
		}
		if dir != 0 && here != dir {
			return 0
		}
		dir = here
	}
	return dir
}

// sameMessage reports whether the strings at token ta of a's file and tb
// of b's say one thing: their words less those of either function's
// name (a message may name its own function, or, as a copy pasted
// whole and renamed, the twin's) alike at least by half of the more of
// them, or none left in either.
func (d *detector) sameMessage(al alignment, ta, tb int32) bool {
	names := d.funcWords(al.a)
	maps.Copy(names, d.funcWords(al.b))
	named := func(w uint64, _ bool) bool { return names[w] }
	wa, wb := wordsOf(wordsAt(d.files[al.a.file].strWords, ta)), wordsOf(wordsAt(d.files[al.b.file].strWords, tb))
	maps.DeleteFunc(wa, named)
	maps.DeleteFunc(wb, named)
	shared := 0
	for w := range wa {
		if wb[w] {
			shared++
		}
	}
	return 2*shared >= max(len(wa), len(wb))
}

// funcWords is the set of the words of the name of the function
// declaration that holds s; empty if none does.
func (d *detector) funcWords(s span) map[uint64]bool {
	_, _, fn, ok := d.funcName(s)
	if !ok {
		return map[uint64]bool{}
	}
	f := d.files[s.file]
	return wordsOf(wordsAt(f.fnWords, f.units[fn].tok0))
}
