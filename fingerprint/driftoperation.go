package fingerprint

import (
	"bytes"
	"cmp"
	"go/token"
	"math/bits"
	"slices"
	"strings"
)

// A constant of another operation: two functions named for one
// operation (resourceMonitorV2Delete and resourceMemberV2Delete), where
// the twin names a package's member for that operation
// (schema.TimeoutDelete) and the copy, at the place the alignment pairs,
// names the same member for another operation (schema.TimeoutUpdate)
// that its own name does not hold. terraform-provider-openstack's load
// balancer monitor waits for its deletion with the update timeout, so
// that a user's delete timeout is ignored (filed blind as a bug by both
// readers of reading 89; copycat had drifted the class for another
// step, and said nothing of the timeout). CP-Miner's inconsistent
// renaming again, of a name whose words say what it is for.
//
// The operations are the words of operations a function's name and a
// member's name share (create, read, update, delete, get, list, patch):
// the Indexer keeps, for a function declaration whose name holds some,
// which (at its first token), and for each member it names, x.Name not
// called nor followed by a literal's brace, whose name holds one of
// them, the hashes of that name with the word made each other operation
// (at the member's token), salted with the two operations so that the
// detector knows which (File.operations).
//
// Said as DriftUnrenamed, StepOperation, of the copy.

// operations are the words of operations the rule knows; at most 8, so
// that a pair of them indexes a salt.
var operations = strings.Fields("create read update delete get list patch")

// opSalts[w][v] salts the hash of a member's name with operation w made
// operation v.
var opSalts = func() (s [8][8]uint64) {
	for w, a := range operations {
		for v, b := range operations {
			s[w][v] = hashBytes([]byte("operation " + a + " " + b))
		}
	}
	return s
}()

// opMask is the set of operations among the words of name, a bit each.
func opMask(name string) uint64 {
	var mask uint64
	var words [maxOppositeName / 2][2]int
	if len(name) > maxOppositeName {
		return 0
	}
	for _, s := range appendNameWords(words[:0], name) {
		if k := opOf(name[s[0]:s[1]]); k >= 0 {
			mask |= 1 << k
		}
	}
	return mask
}

// opOf is the index of the operation word w names, in any case, -1 for
// none.
func opOf[S ~string | ~[]byte](w S) int {
	for k, o := range operations {
		if foldsTo(w, o) {
			return k
		}
	}
	return -1
}

// foldsTo reports whether w, its capitals lowered, is o.
func foldsTo[S ~string | ~[]byte](w S, o string) bool {
	if len(w) != len(o) {
		return false
	}
	for i := range len(o) {
		if lower(w[i]) != o[i] {
			return false
		}
	}
	return true
}

// markOperations records the operations of fn, the function declaration
// whose tokens are [t0, t1), and the variants of the members it names
// for those operations (see above).
func (ix *Indexer) markOperations(t0, t1 int32, fn string) {
	mask := opMask(fn)
	if mask == 0 {
		return
	}
	ix.file.operations = append(ix.file.operations, tokWord{t0, mask})
	codes, offs := ix.ts.codes, ix.ts.offs
	var words [maxOppositeName / 2][2]int
	for t := t0 + 2; t+1 < t1; t++ {
		if !member(codes, t) {
			continue
		}
		off := int(offs[t])
		end := off
		for end < len(ix.src) && isWordByte(ix.src[end]) {
			end++
		}
		name := ix.src[off:end] // read in place: most members name no operation
		if len(name) > maxOppositeName {
			continue
		}
		// The first word of an operation the function's name holds: a
		// member of many (x.GetListGet…, a hostile file's) keeps as
		// many variants as one.
		for _, s := range appendNameWords(words[:0], name) {
			w := opOf(name[s[0]:s[1]])
			if w < 0 || mask&(1<<w) == 0 {
				continue
			}
			for v, o := range operations {
				if v != w {
					variant := string(name[:s[0]]) + caseLike(o, string(name[s[0]:s[1]])) + string(name[s[1]:])
					ix.file.operations = append(ix.file.operations, tokWord{t, hashBytes([]byte(variant)) ^ opSalts[w][v]})
				}
			}
			break
		}
	}
}

// operationSlips finds the members of a package one copy names for
// another operation where its twin names them for the operation both
// functions are named for (see above): forA are a's, forB b's.
func (d *detector) operationSlips(al alignment) (forA, forB []Drift) {
	fa, fb := d.files[al.a.file], d.files[al.b.file]
	if len(fa.operations) == 0 && len(fb.operations) == 0 {
		return nil, nil
	}
	maskA, maskB := d.opMaskOf(al.a), d.opMaskOf(al.b)
	if maskA&maskB == 0 {
		return nil, nil
	}
	flip := alignment{a: al.b, b: al.a, match: al.back}
	return d.operationSlipsOf(flip, maskB, maskA), d.operationSlipsOf(al, maskA, maskB)
}

// opMaskOf is the set of operations the name of the function declaration
// holding s holds, 0 for none.
func (d *detector) opMaskOf(s span) uint64 {
	_, _, fn, ok := d.funcName(s)
	if !ok {
		return 0
	}
	f := d.files[s.file]
	if ws := wordsAt(f.operations, f.units[fn].tok0); len(ws) == 1 {
		return ws[0].word
	}
	return 0
}

// operationSlipsOf finds the slips of al.b against its twin al.a, whose
// functions' names hold the operations maskA and maskB. A member is
// compared with the one the alignment pairs it with, or, where the
// alignment pairs none (the copy moved the statement: openstack's
// monitor takes its timeout after the gets its twins take it before),
// with a member of the copy in a statement the same but for it.
func (d *detector) operationSlipsOf(al alignment, maskA, maskB uint64) []Drift {
	fa, fb := d.files[al.a.file], d.files[al.b.file]
	a0, a1 := d.tokens(al.a)
	b0, b1 := d.tokens(al.b)
	_, _, fn, _ := d.funcName(al.a)
	shared := maskA & maskB
	var members []walked // b's members, found once needed
	var out []Drift
	i, _ := slices.BinarySearchFunc(fa.operations, a0, func(w tokWord, t int32) int { return cmp.Compare(w.tok, t) })
	for i < len(fa.operations) && fa.operations[i].tok < a1 {
		ta := fa.operations[i].tok
		j := i
		for j < len(fa.operations) && fa.operations[j].tok == ta {
			j++
		}
		variants := fa.operations[i:j]
		i = j
		if ta == fa.units[fn].tok0 {
			continue // the function's own operations
		}
		slip := func(tb int32) {
			out = append(out, Drift{Kind: DriftUnrenamed, Step: StepOperation, Lines: fb.tokenLineRange(tb), TwinLines: fa.tokenLineRange(ta)})
		}
		if y := al.matched(ta - a0); y >= 0 {
			tb := b0 + y
			if y < 2 || al.matched(ta-2-a0) != y-2 || !member(fb.codes, tb) {
				continue
			}
			va, vb := d.valuesAt(al.a, []int32{ta - 2, ta}), d.valuesAt(al.b, []int32{tb - 2, tb})
			if va[0] == vb[0] && ofOperation(variants, vb[1], shared, maskB) {
				slip(tb)
			}
			continue
		}
		if members == nil {
			members = d.membersIn(fb, b0, b1)
		}
		for _, m := range members {
			if ofOperation(variants, m.val, shared, maskB) && d.statementAlike(fa, ta, fb, m.t) {
				slip(m.t)
				break
			}
		}
	}
	return out
}

// member reports whether codes[t], after a period and before another
// token, names a member (x.Name) that is not called nor followed by a
// literal's brace.
func member(codes []byte, t int32) bool {
	return t > 0 && int(t)+1 < len(codes) && isName(codes[t]) && token.Token(codes[t-1]) == token.PERIOD && !continues(codes[t+1])
}

// membersIn lists the members tokens [t0, t1) of f name (x.Name, not
// called nor followed by a literal's brace), with their values; an empty
// list, not nil, for none.
func (d *detector) membersIn(f *File, t0, t1 int32) []walked {
	out := []walked{}
	for k := range d.walk(f, t0, t1) {
		if k.t+1 < t1 && member(f.codes, k.t) {
			out = append(out, k)
		}
	}
	return out
}

// statementAlike reports whether the innermost statements holding f's
// token ta and g's token tb are the same tokens, codes and values, at the
// same place in each, but for ta and tb themselves.
func (d *detector) statementAlike(f *File, ta int32, g *File, tb int32) bool {
	ua, ub := f.innermostAt(ta), g.innermostAt(tb)
	if ua < 0 || ub < 0 {
		return false
	}
	sa, sb := f.units[ua], g.units[ub]
	n := sa.tok1 - sa.tok0
	if n != sb.tok1-sb.tok0 || ta-sa.tok0 != tb-sb.tok0 || !bytes.Equal(f.codes[sa.tok0:sa.tok1], g.codes[sb.tok0:sb.tok1]) {
		return false
	}
	d.readTokens(2 * n)
	vb := sb.val0
	for k := range d.walk(f, sa.tok0, sa.tok1) {
		if !hasValue(k.c) {
			continue
		}
		if k.t != ta && k.val != g.vals[vb] {
			return false
		}
		vb++
	}
	return true
}

// ofOperation reports whether v, a member's name hash, is one of
// variants (a twin's member made another operation) with an operation
// of both functions (shared) made one the copy's name does not hold
// (not in own).
func ofOperation(variants []tokWord, v, shared, own uint64) bool {
	for _, x := range variants {
		for m := shared; m != 0; m &= m - 1 {
			w := bits.TrailingZeros64(m)
			for o := range operations {
				if own&(1<<o) == 0 && v^opSalts[w][o] == x.word {
					return true
				}
			}
		}
	}
	return false
}
