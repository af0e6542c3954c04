package fingerprint

import "go/token"

// An index left out: the copy stands for one name of its twin with an
// element of one of its own, y[k] where the twin names x, at every place
// the alignment pairs them but one, where it names y bare. kube-router's
// iBGP peer sets, copied from the service VIP sets, range over and sort
// iBGPPeerCIDRs[family] where the VIP copy ranges over advIPPrefixList,
// and then compare the whole map iBGPPeerCIDRs with a slice in
// reflect.DeepEqual, so that the early exit never fires (filed blind as
// a bug by both readers of reading 80, and listed by copycat without a
// word). It is CP-Miner's inconsistent renaming with x renamed to y[k]:
// the one place that breaks the renaming is the slip. The twin names x
// bare at each place (it indexes none), and the copy indexes y by the
// same one token each time (a name or a literal), at least twice; the
// places that declare the name (a parameter, x := …, var x) are none of
// these.
//
// Said as DriftUnrenamed, StepIndex, of the copy.

// An indexUse is one place a name pair of the alignment stands at: the
// copy's token and the twin's, and the key the copy indexes its name by
// there (0 for bare).
type indexUse struct {
	at, twin int32
	key      uint64
}

// unindexed finds the places where one copy names bare what it names
// indexed everywhere else (see above): forA are a's, forB b's.
func (d *detector) unindexed(al alignment) (forA, forB []Drift) {
	fa, fb := d.files[al.a.file], d.files[al.b.file]
	inA := d.indexesOwn(al.a, func(i int32) bool { return al.match[i] >= 0 })
	inB := d.indexesOwn(al.b, func(i int32) bool { return al.seenB[i] })
	if !inA && !inB {
		return nil, nil // no copy indexes a matched name where its twin does not
	}
	pairs := d.namePairs(al)
	if inB {
		forB = d.unindexedIn(al, fb, fa, pairs, func(p matchedNames) (x, y uint64, tx, ty int32) { return p.x, p.y, p.ta, p.tb })
	}
	if inA {
		forA = d.unindexedIn(al, fa, fb, pairs, func(p matchedNames) (x, y uint64, tx, ty int32) { return p.y, p.x, p.tb, p.ta })
	}
	return forA, forB
}

// indexesOwn reports whether s has an opening bracket left unmatched
// right after a matched name (seen says which of its tokens are): an
// index of its own, which the twin's name lacks. Most pairs have none,
// and their names are not paired for this step.
func (d *detector) indexesOwn(s span, seen func(i int32) bool) bool {
	codes := d.files[s.file].codes
	t0, t1 := d.tokens(s)
	for t := t0 + 1; t < t1; t++ {
		if token.Token(codes[t]) == token.LBRACK && isName(codes[t-1]) && !seen(t-t0) && seen(t-1-t0) {
			return true
		}
	}
	return false
}

// unindexedIn returns the drifts of the copy (of file g; its twin's is f),
// the pairs read by side: the twin's name and the copy's, and their
// tokens.
func (d *detector) unindexedIn(al alignment, g, f *File, pairs []matchedNames, side func(matchedNames) (x, y uint64, tx, ty int32)) []Drift {
	type key struct{ x, y uint64 }
	uses := map[key][]indexUse{}
	var order []key
	sites := d.sitesOf(g)
	defer sites.done()
	for _, p := range pairs {
		x, y, tx, ty := side(p)
		if int(tx)+1 < len(f.codes) && token.Token(f.codes[tx+1]) == token.LBRACK {
			continue // the twin indexes it too: no key of the copy's own
		}
		if sites.declaresAt(ty) || sites.inSignature(ty) {
			continue // a declaration names the whole, never an element
		}
		k := key{x, y}
		if _, ok := uses[k]; !ok {
			order = append(order, k)
		}
		uses[k] = append(uses[k], indexUse{ty, tx, d.indexKey(g, ty)})
	}
	var out []Drift
	for _, k := range order {
		us := uses[k]
		bare, indexed := -1, 0
		var by uint64
		for i, u := range us {
			switch {
			case u.key == manyTokens:
				indexed = -len(us) // an index of several tokens: not compared
			case u.key == 0 && bare < 0:
				bare = i
			case u.key == 0:
				bare = len(us) // bare twice: no slip of one place
			case by == 0 || u.key == by:
				by, indexed = u.key, indexed+1
			default:
				indexed = -len(us) // indexed by two keys: not one renaming
			}
		}
		if bare < 0 || bare >= len(us) || indexed < 2 {
			continue
		}
		u := us[bare]
		out = append(out, Drift{Kind: DriftUnrenamed, Step: StepIndex,
			Lines: g.tokenLineRange(u.at), TwinLines: f.tokenLineRange(u.twin)})
	}
	return out
}

// manyTokens is indexKey's key of an index of more than one token.
const manyTokens = ^uint64(0)

// indexKey is, for the name at token t of f, the value of the one token
// that indexes it (t+1 an opening bracket, t+3 its closing one), 0 if it
// is not indexed so. A key that is a name or a literal has a value;
// nothing else is taken.
func (d *detector) indexKey(f *File, t int32) uint64 {
	if int(t)+3 >= len(f.codes) || token.Token(f.codes[t+1]) != token.LBRACK || token.Token(f.codes[t+3]) != token.RBRACK || !hasValue(f.codes[t+2]) {
		if int(t)+1 < len(f.codes) && token.Token(f.codes[t+1]) == token.LBRACK {
			return manyTokens // indexed by more than one token: not bare
		}
		return 0
	}
	v := f.vals[d.valueAt(f, t+2)]
	if v == 0 || v == manyTokens {
		v = 1 // a value no key other than its own has, but 0's and manyTokens's
	}
	return v
}
