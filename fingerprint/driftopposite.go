package fingerprint

import (
	"go/token"
	"slices"
	"strings"
)

// A body not adapted to its name: a function copied and renamed to the
// opposite operation (EQ to NEQ, Add to Remove, Marshal to Unmarshal)
// whose body is still its twin's, token for token. dapr's Redis query
// builder has VisitNEQ, a copy of VisitEQ that builds the same equality
// filter with no negation (filed blind as a bug by both readers of
// reading 88, listed by copycat without a word); google/uuid's
// TestNullUUIDUnmarshalText tests MarshalText again, and weaviate's
// BenchmarkRemoveTombstone times AddTombstone. No other drift rule sees
// these: the copies do not differ at all, and a renaming rule leaves a
// function's own name out.
//
// The rule: two copies of a class are whole functions, both plain
// functions or both methods of one type, whose names are one another's
// with one word (split as identifiers are, at capitals, digits and
// underscores) said the other way (a word of an inverse operation or an
// opposite end, a word not, non or no taken out, or a word's prefix un
// or de), and whose bodies, of 30 tokens or more, are the same token for
// token but for the names each declares renamed one for one (sameBody).
// The later copy of the two in the class's order holds the drift,
// DriftUnrenamed, StepOpposite, at the lines of the two names: which of
// the two was pasted, the names cannot tell. Words that name the subject
// of a body and not its operation (client and server, and and or) are
// not in the table, and encrypt and decrypt are not compared (an XOR
// stream's two are one).
//
// Over 431 directories (the modules of readings 84 and 87, the corpus's
// five and the standard library) it marks the three above; at
// -min-tokens 50, mcs-api's NewServiceImportCondition and
// NewServiceExportCondition too, constructors for two kinds of resource
// whose words name the resources, not an operation: that, the rule
// cannot tell. A first table, with client and server and a prefix n,
// also took s2a-go's getTLSMinMaxVersionsClient and Server (two types
// with the same fields) and image's SetRGBA64 and SetNRGBA64.

// minOppositeBody is the fewest tokens of a body the rule compares: two
// stubs of opposite names (return ErrUnsupported) may rightly be alike.
const minOppositeBody = 30

// inversePairs are words of opposite operations or ends that the
// report's inverse category reads (OppositeWords): copies of functions
// so named each do their own thing. otherPairs are more, read only for a
// body not adapted: whether copies under those names are variants on
// purpose, no reading has said (with them, the category would take in
// 142 more classes over 431 directories, 52 of them listed).
const (
	inversePairs = `encode:decode enc:dec encoder:decoder marshal:unmarshal encrypt:decrypt
		compress:decompress pack:unpack serialize:deserialize load:store read:write reader:writer
		to:from upper:lower add:sub add:remove add:delete add:del push:pop lock:unlock min:max
		head:tail begin:end first:last next:prev left:right up:down import:export send:recv
		send:receive inc:dec increment:decrement attach:detach mount:unmount enable:disable
		lsh:rsh shl:shr forward:backward input:output in:out union:intersection enqueue:dequeue
		mul:div mul:quo sign:verify`
	otherPairs = `eq:neq eq:ne lt:gt le:ge lte:gte less:greater minimum:maximum
		incr:decr increase:decrease plus:minus multiply:divide floor:ceil
		insert:delete insert:remove deflate:inflate register:deregister acquire:release
		alloc:free allocate:free create:destroy open:close start:stop enabled:disabled
		activate:deactivate show:hide get:set load:save upload:download pause:resume
		suspend:resume grow:shrink expand:collapse connect:disconnect allow:deny
		allowed:denied include:exclude accept:reject grant:revoke before:after previous:next
		front:back top:bottom asc:desc ascending:descending ingress:egress
		inbound:outbound src:dst source:destination width:height horizontal:vertical
		row:column rows:columns north:south east:west positive:negative public:private
		old:new true:false on:off yes:no success:failure succeed:fail valid:invalid
		active:inactive`
)

// inverses and opposites map a word, in lower case, to the words that
// say its opposite: of inversePairs, and of both tables.
var inverses, opposites = pairMap(inversePairs), pairMap(inversePairs + " " + otherPairs)

// pairMap maps each word of pairs (a:b, by spaces) to those it pairs
// with, either way.
func pairMap(pairs string) map[string][]string {
	m := map[string][]string{}
	for _, p := range strings.Fields(pairs) {
		a, b, _ := strings.Cut(p, ":")
		m[a] = append(m[a], b)
		m[b] = append(m[b], a)
	}
	return m
}

// negations are the words a name says its opposite with.
var negations = map[string]bool{"not": true, "non": true, "no": true}

// sameBodies are the opposites whose bodies can rightly be one: an XOR
// stream's encryption is its decryption.
var sameBodies = map[string]bool{"encrypt": true, "decrypt": true}

// OppositeWords reports whether the words a and b, in lower case, name
// inverse operations or opposite ends: a pair of inversePairs, or a word
// of four letters or more and the same with un- or de- before it (mount
// and unmount, register and deregister).
func OppositeWords(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) >= 4 && (b == "un"+a || b == "de"+a) {
		return true
	}
	return slices.Contains(inverses[a], b)
}

// markOpposites records the hashes of the names that say the opposite of
// name, the function declaration's whose first token is t0.
func (ix *Indexer) markOpposites(t0 int32, name string) {
	kept := 0
	oppositeNames(name, func(n string) bool {
		ix.file.opposite = append(ix.file.opposite, tokWord{t0, hashBytes([]byte(n))})
		kept++
		return kept < maxOpposites
	})
}

// maxOppositeName is the longest name whose opposites are looked for:
// each opposite is a new name as long, and a name of thousands of words
// (a hostile file's) would make as many.
const maxOppositeName = 128

// maxOpposites is the most opposite names kept of one function: a name
// says two or three things at most, and one of 40 words each with an
// opposite (AddAddAdd…) would keep a table many times its file's size.
const maxOpposites = 8

// oppositeNames calls fn with each name that says the opposite of name,
// until fn returns false: one word of it replaced by its opposite, cased
// as it was; a negation taken out; a word's prefix un or de taken out.
func oppositeNames(name string, fn func(string) bool) {
	if len(name) > maxOppositeName {
		return
	}
	var buf [24]byte
	var words [maxOppositeName / 2][2]int
	segs := appendNameWords(words[:0], name)
	for _, s := range segs {
		w := name[s[0]:s[1]]
		if len(w) > len(buf) {
			continue
		}
		lw := buf[:len(w)]
		for i := range len(w) {
			lw[i] = lower(w[i])
		}
		if sameBodies[string(lw)] {
			continue
		}
		for _, o := range opposites[string(lw)] {
			if !fn(name[:s[0]] + caseLike(o, w) + name[s[1]:]) {
				return
			}
		}
		more := true
		switch {
		case negations[string(lw)] && len(segs) > 1:
			rest := name[s[1]:]
			if s[0] == 0 { // notEqual: equal
				rest = string(caseOf(rest[0], w[0])) + rest[1:]
			}
			more = fn(name[:s[0]] + rest)
		case len(lw) >= 6 && (string(lw[:2]) == "un" || string(lw[:2]) == "de") && len(opposites[string(lw)]) == 0:
			more = fn(name[:s[0]] + string(caseOf(w[2], w[0])) + name[s[0]+3:])
		}
		if !more {
			return
		}
	}
}

// caseOf is c in the case of like; c itself if it is no letter.
func caseOf(c, like byte) byte {
	if !isLetter(c) {
		return c
	}
	if isUpper(like) {
		return lower(c) - 'a' + 'A'
	}
	return lower(c)
}

// caseLike is the word o, in lower case, cased as w: all capitals (NEQ),
// a capital first (Remove) or none.
func caseLike(o, w string) string {
	switch {
	case len(w) > 1 && strings.ToUpper(w) == w:
		return strings.ToUpper(o)
	case isUpper(w[0]):
		return string(caseOf(o[0], 'A')) + o[1:]
	}
	return o
}

// oppositeSlips adds to c, and reports whether it found, the copies whose
// name says the opposite of another copy's and whose body is that copy's
// (see above). Each copy is compared with one twin at most, the first of
// the opposite name: a class of many copies costs one body's tokens a
// copy.
func (d *detector) oppositeSlips(c *Class, ss []span) (found bool) {
	type named struct{ name, recv uint64 } // a function's name and its receiver's type (0 for none)
	fns := make([]int, len(ss))            // each copy's function, -1 if it is not one whole
	names := make([]named, len(ss))
	some := false
	for i, s := range ss {
		fns[i] = -1
		if name, recv, fn, ok := d.funcName(s); ok && whole(s, fn) {
			fns[i], names[i] = fn, named{name, recv}
			f := d.files[s.file]
			some = some || len(wordsAt(f.opposite, f.units[fn].tok0)) > 0
		}
	}
	if !some {
		return false
	}
	byName := map[named]int{} // the first copy of each name
	for i, fn := range fns {
		if _, ok := byName[names[i]]; fn >= 0 && !ok {
			byName[names[i]] = i
		}
	}
	held := make([]bool, len(ss))
	for i, fn := range fns {
		if fn < 0 {
			continue
		}
		f := d.files[ss[i].file]
		for _, w := range wordsAt(f.opposite, f.units[fn].tok0) {
			// Methods of two types may rightly do one thing under
			// opposite names: weaviate's pqMinPool.GetMin and
			// PqMaxPool.GetMax, whose pools make min and max queues.
			j, ok := byName[named{w.word, names[i].recv}]
			if !ok || j == i {
				continue
			}
			at, twin := max(i, j), min(i, j)
			if held[at] || !d.sameBody(ss[i], fns[i], ss[j], fns[j]) {
				continue
			}
			held[at], found = true, true
			fa, fb := d.files[ss[at].file], d.files[ss[twin].file]
			c.Fragments[at].Drift = append(c.Fragments[at].Drift, Drift{Kind: DriftUnrenamed, Step: StepOpposite, Twin: twin,
				Lines:     fa.tokenLineRange(fa.units[fns[at]].tok0),
				TwinLines: fb.tokenLineRange(fb.units[fns[twin]].tok0)})
			break
		}
	}
	return found
}

// sameBody reports whether the whole functions a (declaration unit fa)
// and b (fb) have bodies of minOppositeBody tokens or more that are the
// same token for token, but for the names each declares (declared)
// renamed one for one; a name selected (g.inc) is no local's. runtime's
// recvDirect is sendDirect with src and dst trading places, not renamed:
// its local src stands for sendDirect's dst, and both then pass dst, src.
func (d *detector) sameBody(a span, fa int, b span, fb int) bool {
	f, g := d.files[a.file], d.files[b.file]
	ua, ub := f.units[fa], g.units[fb]
	a0, b0 := opening(f.codes, ua.tok1-1), opening(g.codes, ub.tok1-1)
	n := ua.tok1 - a0
	if n < minOppositeBody || ub.tok1-b0 != n || string(f.codes[a0:ua.tok1]) != string(g.codes[b0:ub.tok1]) {
		return false
	}
	d.readTokens(2 * n)
	ownA, ownB := d.declared(a), d.declared(b)
	ab, ba := map[uint64]uint64{}, map[uint64]uint64{}
	vb := d.valueAt(g, b0) // b's values go in step with a's: the codes are the same
	for k := range d.walk(f, a0, ua.tok1) {
		if !hasValue(k.c) {
			continue
		}
		x, y := k.val, g.vals[vb]
		vb++
		switch {
		case token.Token(k.prev) == token.PERIOD:
			// A field or method selected is no local: it keeps its
			// name (g.inc beside a local inc renamed), and another is
			// another (f.to for f.from, where locals from and to
			// hash alike).
			if x != y {
				return false
			}
			continue
		case x != y && (!isName(k.c) || !ownA[x] || !ownB[y]):
			return false
		}
		if p, ok := ab[x]; ok && p != y {
			return false
		}
		if p, ok := ba[y]; ok && p != x {
			return false
		}
		ab[x], ba[y] = y, x
	}
	return true
}

// declared is the set of the names whole function s declares: its
// receiver's, parameters' and results' names and its body's locals. The
// other names of its signature, its types', are not its own, even where
// the body names them in a var (which declaredBy takes whole): x/text's
// NewWriter makes a Writer where NewReader makes a Reader, tailscale's
// ParseNodePublicUntyped a NodePublic where ParseNodePrivateUntyped
// makes a NodePrivate.
func (d *detector) declared(s span) map[uint64]bool {
	out := map[uint64]bool{}
	sg, ok := d.signatureOf(s)
	if !ok {
		return out
	}
	f := d.files[s.file]
	d.declaredBy(f, sg.body0, sg.end, out)
	t0, _ := d.tokens(s)
	own := slices.Concat(sg.recv, sg.names, sg.results)
	for k := range d.walk(f, t0, sg.body0) {
		if isName(k.c) && !slices.Contains(own, k.t) {
			delete(out, k.val)
		}
	}
	for _, v := range d.valuesAt(s, own) {
		out[v] = true
	}
	return out
}
