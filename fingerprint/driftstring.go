package fingerprint

import (
	"bytes"
	"cmp"
	"go/token"
	"index/suffixarray"
	"math/bits"
	"slices"
	"strings"

	"github.com/copycat-go/copycat/ignore"
)

// A string that names the wrong function: a copy whose function was
// renamed keeps, in a string, the name of the function it was copied
// from. CP-Miner calls it an inconsistent renaming; issue #24 asks for
// it, and a blind reader filed one as a bug (grafana-plugin-sdk-go's
// readTimeVectorJSON reports its errors as "readUint8VectorJSON",
// bench/readings/2026-12-04-fresh.md).
//
// The Indexer marks each string literal that names, as a word, the
// function declaration that holds it (File.ownNamed). Two aligned copies
// whose matched strings are the same, marked in one copy and not in the
// other, are functions of other names: the unmarked copy's string names
// its twin's function (DriftUnrenamed, StepString), evidence on its own,
// kept however edited the pair is. Only names that are no plain word
// count (an inner capital, a digit or an underscore: readUint8VectorJSON,
// setupGitHub), so that "cannot authorize" in a copy of authorize renamed
// authorizeRead is no slip. A function of a plain word's name is named
// only as no sentence names it: qualified by a name and a dot (syscall/js's
// Value.New, copied from Value.Invoke, panics with "Value.Invoke";
// mgo's Bulk.Upsert with "Bulk.Update requires an even number of
// parameters"), or by a string that is the name alone, of four letters or
// more. A string that is, alone, a name the copy's own name holds says
// what that copy does (File.heldOwn): hyperpb's searchFunc logs "search"
// as search does, pop's UpdateColumns times "Update", and
// updateScheduleWorkflow reports "UpdateSchedule".
//
// So is a string that is a bare name of a function the copy does not
// use, where its twin's is the twin's own name bare (File.bareOwn,
// File.bareOther): grafana's readTimeVectorJSON reports
// "readUint8VectorJSON", a third function, where readJSONVectorJSON
// reports itself; encoding/json/v2's "MarshalJSON" beside "MarshalFunc"
// is no slip, since that copy calls MarshalJSON, nor karpenter's event
// reason "SpotRebalanceRecommendation" in RebalanceRecommendation, which
// holds the copy's own name, nor Temporal's "UpdateSchedule" in
// updateScheduleWorkflow, which the copy's name holds (holdsEither).
//
// A string can also name a part of its function's name: ebiten's
// checkArgsForIVec4BuiltinFunc, copied from checkArgsForVec4BuiltinFunc,
// reports "invalid number of arguments for vec4", and arrow's
// fromPositiveFloat32 asserts "bad conversion float64 to decimal256" as
// fromPositiveFloat64 does (both filed blind, or found, in reading 16's
// modules, bench/readings/2026-12-04-worth.md). Parts are the runs of a
// name between a lower-case letter or digit and a capital (IVec4 is one,
// as Float32 and HTTP2 are), and only a part with a digit in it counts:
// a width, a version or a dimension, what copies are made per; plain
// words (file, error, user) are in too many messages by chance. The
// Indexer marks each string that names such a part of its function's
// name as a word, in any case (File.ownPart); a string the same in two
// aligned copies, marked in one and not in the other, names the twin's
// variant (DriftUnrenamed, StepNamePart). Test files are left out: over
// the standard library and the 205 modules of readings 5-16 the rule
// found 7 classes outside them, 6 slips (those two, go-ethereum's G2
// fuzzer reporting "g1 multi exponentiation mismatch", minio-go's
// functional test reporting a "v2 client" it does not make), and 5 in
// _test.go files, where a test of one variant names the other on
// purpose (goreleaser's amd64 and arm cases, kubo's base32).
//
// On the standard library the same-string rule finds three:
// reflectlite's valueToStringImpl and net's newLocalPacketListener,
// whose messages name the functions they were copied from, and
// os/signal's runSessionLeader, which names on purpose the test it runs.

// markOwnNamed records the string literals among tokens [t0, t1) that
// name fn, the function declaration that spans them, and those that are
// a name fn holds (File.heldOwn); strs are those literals' tokens.
func (ix *Indexer) markOwnNamed(t0, t1 int32, strs []int32, fn string) {
	if len(strs) == 0 {
		return // nor any of the forms of fn made for them
	}
	name := []byte(fn)
	compound := compoundName(fn)
	var parts partSet
	if compound {
		parts = newPartSet(digitParts(fn))
	}
	lowName := newHeldText(ignore.AppendLower(nil, name))
	var uniName *heldText // name with every letter lowered, made when first asked (holdsEither)
	offs := ix.ts.offs
	namesMade := false
	for _, t := range strs {
		off := int(offs[t])
		lit := ix.src[off:stringEnd(ix.src, off)]
		if len(lit) < 2 {
			continue
		}
		bare := lit[1 : len(lit)-1]
		if isIdent(bare) && ix.heldBy(lowName, bare) {
			ix.file.heldOwn = append(ix.file.heldOwn, t)
		}
		if !compound {
			// A function of a plain word's name is named as nothing
			// else could name it: qualified ("Value.Invoke",
			// "wireclient.Conn.Ping"), or alone when the word has four
			// letters or more ("encrypt"; "get" and "run" are as often
			// the name of an operation).
			if len(name) >= minVariantWord && bytes.Equal(bare, name) || ix.namesQualified(lit, name) {
				ix.file.ownNamed = append(ix.file.ownNamed, t)
			}
			continue
		}
		switch {
		case ix.namesWord(lit, name):
			ix.file.ownNamed = append(ix.file.ownNamed, t)
			if bytes.Equal(bare, name) {
				ix.file.bareOwn = append(ix.file.bareOwn, t)
			}
		case isIdent(bare) && compoundName(string(bare)) && !ix.holdsEither(bare, lowName, &uniName, name):
			if !namesMade {
				ix.nameSet(t0, t1)
				namesMade = true
			}
			if _, used := ix.names[hashBytes(bare)]; !used {
				ix.file.bareOther = append(ix.file.bareOther, t)
			}
		}
		if !parts.empty() && parts.namedIn(ix, bytes.ToLower(lit)) {
			ix.file.ownPart = append(ix.file.ownPart, t)
		}
	}
}

// heldBy reports whether lowName, a function's name with its ASCII
// capitals lowered (ignore.AppendLower), holds bare, a string's bare
// name, in any case. A bare name (isIdent) is ASCII, so the name holds
// it in any case (bytes.EqualFold at some offset, as it was asked) when
// the two, lowered so, hold it: no byte of a character of more than one
// folds to ASCII within the same length. Compared at each offset, a
// function of an 80,000-letter name with strings of half as many took
// 9.7 s to index.
func (ix *Indexer) heldBy(lowName heldText, bare []byte) bool {
	return lowName.holds(ix, ix.lowered(bare))
}

// longName is the length from which a function's name, lowered, is
// indexed (heldText) before its strings are looked for in it. Names are
// mostly under 40 bytes, where a search costs less than an index.
const longName = 256

// A heldText is a function's name, lowered, that strings are looked
// for in. A long one is indexed once (index/suffixarray), so that each
// look costs the string's length and the logarithm of the name's, not
// the name's length: a name of 200,000 letters listing 100,000 strings
// took 35.9 s to index, searched whole for each (0.05 s to parse).
type heldText struct {
	text []byte
	sa   *suffixarray.Index // of text, when it is longName or longer
}

func newHeldText(text []byte) heldText {
	h := heldText{text: text}
	if len(text) >= longName {
		h.sa = suffixarray.New(text)
	}
	return h
}

// holds reports whether h's text holds b (bytes.Contains), its cost
// counted in ix's work.
func (h heldText) holds(ix *Indexer, b []byte) bool {
	if h.sa == nil || len(b) == 0 || len(b) > len(h.text) {
		ix.work += int64(len(b) + len(h.text))
		return bytes.Contains(h.text, b)
	}
	ix.work += int64(len(b) * bits.Len(uint(len(h.text))))
	return len(h.sa.Lookup(b, 1)) > 0
}

// lowered is b with its ASCII capitals in lower case, in the Indexer's
// scratch.
func (ix *Indexer) lowered(b []byte) []byte {
	ix.lower = ignore.AppendLower(ix.lower[:0], b)
	return ix.lower
}

// namesQualified reports whether lit holds name after a dot that follows
// a word, and before no word byte: "Value.Invoke" holds Invoke.
func (ix *Indexer) namesQualified(lit, name []byte) bool {
	return ix.holdsWhere(lit, name, func(at int) bool {
		return at >= 2 && lit[at-1] == '.' && isWordByte(lit[at-2]) && wordEndsAt(lit, at+len(name))
	})
}

// holdsEither reports whether either of a string's bare name and its
// function's name holds the other, in any case: karpenter's event reason
// "SpotRebalanceRecommendation" in RebalanceRecommendation, and Temporal's
// "UpdateSchedule", the operation that updateScheduleWorkflow carries out
// (read blind as no slip in reading 27). bare is ASCII (isIdent); the name
// is lowered letter by letter (bytes.ToLower, where lowName lowered only
// ASCII capitals: a Kelvin sign lowers to k), once a function, in *uni.
func (ix *Indexer) holdsEither(bare []byte, lowName heldText, uni **heldText, name []byte) bool {
	if *uni == nil {
		h := lowName
		if n := bytes.ToLower(name); !bytes.Equal(n, lowName.text) {
			h = newHeldText(n)
		}
		*uni = &h
	}
	n := (*uni).text
	b := ix.lowered(bare)
	ix.work += int64(len(b))
	return len(n) <= len(b) && bytes.Contains(b, n) || (*uni).holds(ix, b)
}

// digitParts returns, in lower case, the parts of a function's name that
// hold a digit: the runs between a lower-case letter or digit and a
// capital, or an underscore ("checkArgsForIVec4BuiltinFunc" gives ivec4,
// "fromPositiveFloat32" float32, "HTTP2Server" http2).
func digitParts(name string) [][]byte {
	var parts [][]byte
	part := func(p string) {
		letter, digit := false, false
		for i := range len(p) {
			letter = letter || isLetterByte(p[i])
			digit = digit || '0' <= p[i] && p[i] <= '9'
		}
		if letter && digit {
			parts = append(parts, []byte(strings.ToLower(p)))
		}
	}
	start := 0
	for i := 1; i <= len(name); i++ {
		switch {
		case i == len(name):
		case name[i] == '_':
		case 'A' <= name[i] && name[i] <= 'Z' && ('a' <= name[i-1] && name[i-1] <= 'z' || '0' <= name[i-1] && name[i-1] <= '9'):
		default:
			continue
		}
		part(strings.Trim(name[start:i], "_"))
		start = i
	}
	return parts
}

// A partSet is the digit parts of a function's name as markOwnNamed
// asks of each string whether it holds one as a word: the parts of ASCII
// letters and digits alone, which a string holds as a word only as a
// whole run of word bytes, looked up for each run; and the others (a
// letter of another alphabet in them), each looked for in the string,
// the first maxOtherParts of them. Each part was looked for in each
// string, and a function of a name of 80,000 parts (A0B0C0…) took 4.1 s
// to index with ten strings of 160,000 bytes.
type partSet struct {
	ascii map[string]bool
	other [][]byte
}

// maxOtherParts is the most parts of a name, holding a letter of
// another alphabet, that strings are searched for (the standard library
// has none).
const maxOtherParts = 8

func newPartSet(parts [][]byte) partSet {
	var ps partSet
	for _, p := range parts {
		switch {
		case !slices.ContainsFunc(p, func(c byte) bool { return !isWordByte(c) }):
			if ps.ascii == nil {
				ps.ascii = map[string]bool{}
			}
			ps.ascii[string(p)] = true
		case len(ps.other) < maxOtherParts:
			ps.other = append(ps.other, p)
		}
	}
	return ps
}

func (ps partSet) empty() bool { return len(ps.ascii)+len(ps.other) == 0 }

// namedIn reports whether lit holds one of the parts as a word, the
// bytes read counted in ix's work.
func (ps partSet) namedIn(ix *Indexer, lit []byte) bool {
	ix.work += int64(len(lit))
	for start, i := -1, 0; i <= len(lit); i++ {
		switch word := i < len(lit) && isWordByte(lit[i]); {
		case word && start < 0:
			start = i
		case !word && start >= 0:
			if ps.ascii[string(lit[start:i])] {
				return true
			}
			start = -1
		}
	}
	for _, w := range ps.other {
		if ix.namesWord(lit, w) {
			return true
		}
	}
	return false
}

// isIdent reports whether b is an identifier of ASCII letters, digits and
// underscores.
func isIdent(b []byte) bool {
	if len(b) == 0 || '0' <= b[0] && b[0] <= '9' {
		return false
	}
	for _, c := range b {
		if !isWordByte(c) {
			return false
		}
	}
	return true
}

// nameSet makes ix.names the hashes of the names used among tokens
// [t0, t1), for markOwnNamed to ask of each string in one look: it used
// to scan the function once a string, and a function listing 100,000
// strings such as "someName1" took 14.5 s to index, against 0.03 s to
// parse (the hostile case many-strings).
func (ix *Indexer) nameSet(t0, t1 int32) {
	if ix.names == nil {
		ix.names = map[uint64]struct{}{}
	}
	clear(ix.names)
	ix.work += int64(t1 - t0)
	for t := t0; t < t1; t++ {
		if isName(ix.ts.codes[t]) {
			ix.names[ix.ts.vals[ix.ts.valAt[t]]] = struct{}{}
		}
	}
}

// compoundName reports whether a function's name is no plain word: it has
// a capital after its first letter, a digit or an underscore.
func compoundName(name string) bool {
	for i, c := range []byte(name) {
		if i > 0 && 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' {
			return true
		}
	}
	return false
}

// namesWord reports whether lit holds name as a word: not inside a longer
// identifier.
func (ix *Indexer) namesWord(lit, name []byte) bool {
	return ix.holdsWhere(lit, name, func(at int) bool {
		return (at == 0 || !isWordByte(lit[at-1])) && wordEndsAt(lit, at+len(name))
	})
}

// holdsWhere reports whether lit holds name at an offset where ok holds.
// Past the first offset, the others are found in one pass over lit
// (Knuth, Morris and Pratt): looked for again from the byte after each,
// offsets that overlap ("a1a1" in "a1a1a1…") were each compared in full,
// and a function of a 40,000-byte name of that kind, with ten strings
// twice as long, took 7.5 s to index. The bytes read are counted in
// ix's work: lit's for the search, name's for the pass's table.
func (ix *Indexer) holdsWhere(lit, name []byte, ok func(at int) bool) bool {
	ix.work += int64(len(lit))
	j := bytes.Index(lit, name)
	switch {
	case j < 0:
		return false
	case ok(j):
		return true
	case len(name) == 0:
		return false
	}
	// border[i] is the length of the longest proper prefix of
	// name[:i+1] that is also its suffix.
	ix.work += int64(len(name))
	border := make([]int, len(name))
	for i, k := 1, 0; i < len(name); i++ {
		for k > 0 && name[i] != name[k] {
			k = border[k-1]
		}
		if name[i] == name[k] {
			k++
		}
		border[i] = k
	}
	for i, k := j+1, 0; i < len(lit); i++ {
		for k > 0 && lit[i] != name[k] {
			k = border[k-1]
		}
		if lit[i] == name[k] {
			k++
		}
		if k == len(name) {
			if ok(i + 1 - k) {
				return true
			}
			k = border[k-1]
		}
	}
	return false
}

// wordEndsAt reports whether no word byte of lit stands at offset end.
func wordEndsAt(lit []byte, end int) bool { return end == len(lit) || !isWordByte(lit[end]) }

// namesOwn reports whether token t of f is a string that names the
// function declaration holding it.
func (f *File) namesOwn(t int32) bool { return in(f.ownNamed, t) }

// in reports whether the rising list ts holds t.
func in(ts []int32, t int32) bool {
	_, found := slices.BinarySearch(ts, t)
	return found
}

// stringSlips finds the matched strings of al's copies that name, in one
// copy, its own function and, in the other, its twin's: a drift of the
// other; and those that name the twin's variant (variantSlips). A nil
// al.match is the identity: the copies of a renamed class.
func (d *detector) stringSlips(al alignment) (forA, forB []Drift) {
	forA, forB = d.nameSlips(al)
	va, vb := d.variantSlips(al)
	return append(forA, va...), append(forB, vb...)
}

// nameSlips finds the strings of stringSlips that name a function: the
// twin's, or a part of its name.
func (d *detector) nameSlips(al alignment) (forA, forB []Drift) {
	fa, fb := d.files[al.a.file], d.files[al.b.file]
	if len(fa.ownNamed)+len(fa.ownPart) == 0 && len(fb.ownNamed)+len(fb.ownPart) == 0 {
		return nil, nil
	}
	// Parts count in production code alone (see above).
	parts := !fa.test && !fb.test
	for _, p := range d.matchedStrings(al) {
		ta, tb := p.ta, p.tb
		// The same string names one copy's own function, so not the
		// other's.
		ownA, ownB := fa.namesOwn(ta), fb.namesOwn(tb)
		if ownA == ownB {
			// Or a part of one copy's name that the other's changed.
			partA, partB := in(fa.ownPart, ta), in(fb.ownPart, tb)
			switch {
			case !parts || partA == partB || p.va != p.vb:
			case partA:
				forB = nextLine(forB, Drift{Kind: DriftUnrenamed, Step: StepNamePart, Lines: fb.tokenLineRange(tb), TwinLines: fa.tokenLineRange(ta)})
			default:
				forA = nextLine(forA, Drift{Kind: DriftUnrenamed, Step: StepNamePart, Lines: fa.tokenLineRange(ta), TwinLines: fb.tokenLineRange(tb)})
			}
			continue
		}
		// A name the unmarked copy's own name holds is what that copy
		// does too: hyperpb's searchFunc logs "search" as search does,
		// pop's UpdateColumns times "Update".
		if ownA && in(fb.heldOwn, tb) || ownB && in(fa.heldOwn, ta) {
			continue
		}
		// Or the copy's string is a bare name, of a function it does not
		// call, where its twin's is its own name bare: grafana's
		// readTimeVectorJSON reports "readUint8VectorJSON" where
		// readJSONVectorJSON reports itself.
		if p.va != p.vb &&
			!(ownA && in(fa.bareOwn, ta) && in(fb.bareOther, tb) || ownB && in(fb.bareOwn, tb) && in(fa.bareOther, ta)) {
			continue
		}
		if ownA {
			forB = append(forB, Drift{Kind: DriftUnrenamed, Step: StepString, Lines: fb.tokenLineRange(tb), TwinLines: fa.tokenLineRange(ta)})
		} else {
			forA = append(forA, Drift{Kind: DriftUnrenamed, Step: StepString, Lines: fa.tokenLineRange(ta), TwinLines: fb.tokenLineRange(tb)})
		}
	}
	return forA, forB
}

// A strPair is a string literal of a copy and the one matched to it in
// its twin, by token, with their values.
type strPair struct {
	ta, tb int32
	va, vb uint64
}

// matchedStrings lists the string literals of al.a matched to one of
// al.b's. A nil al.match is the identity. The values are read walking
// each copy once: counted from the statement's start for each string,
// two copies of a function returning a list of 40,000 strings took 3.2 s.
func (d *detector) matchedStrings(al alignment) []strPair {
	fa, fb := d.files[al.a.file], d.files[al.b.file]
	a0, a1 := d.tokens(al.a)
	b0, b1 := d.tokens(al.b)
	var out []strPair
	for k := range d.walk(fa, a0, a1) {
		y := k.t - a0
		if al.match != nil {
			y = al.match[y]
		}
		if y >= 0 && token.Token(k.c) == token.STRING {
			out = append(out, strPair{ta: k.t, tb: b0 + y, va: k.val})
		}
	}
	if len(out) == 0 {
		return nil
	}
	// The twin's strings, each to its value: in one pass where they are
	// matched in order, as they mostly are, else through a map.
	if slices.IsSortedFunc(out, func(p, q strPair) int { return cmp.Compare(p.tb, q.tb) }) {
		i := 0
		for k := range d.walk(fb, out[0].tb, out[len(out)-1].tb+1) {
			for ; i < len(out) && out[i].tb == k.t; i++ {
				out[i].vb = k.val
			}
		}
		return out
	}
	byTok := make(map[int32]int, len(out))
	for i, p := range out {
		byTok[p.tb] = i
	}
	for k := range d.walk(fb, b0, b1) {
		if i, ok := byTok[k.t]; ok {
			out[i].vb = k.val
		}
	}
	return out
}

// nextLine appends x to ds, or grows the last drift of ds when x is the
// same slip on the next lines of both copies (arrow's eight asserts in a
// row, each naming the twin's width, are one drift).
func nextLine(ds []Drift, x Drift) []Drift {
	if n := len(ds); n > 0 {
		last := &ds[n-1]
		if last.Kind == x.Kind && last.Step == x.Step && last.Lines.End+1 >= x.Lines.Start && last.Lines.End <= x.Lines.End &&
			last.TwinLines.End+1 >= x.TwinLines.Start && last.TwinLines.End <= x.TwinLines.End {
			last.Lines.End, last.TwinLines.End = x.Lines.End, x.TwinLines.End
			return ds
		}
	}
	return append(ds, x)
}

// markRenamedSlips adds to a renamed class, whose copies align token for
// token, the strings that name another copy's function (stringSlips) and
// the operands an if crosses (crossedOperands): a renaming maps names,
// and leaves fields and literals as they are.
func (d *detector) markRenamedSlips(c *Class, ss []span) {
	found := false
	for i := 1; i < len(ss); i++ {
		al := alignment{a: ss[0], b: ss[i]}
		forA, forB := d.stringSlips(al)
		recurA, recurB := d.unrenamedRecursion(al)
		forA, forB = append(forA, recurA...), append(forB, recurB...)
		wrapA, wrapB := d.unwrapped(al)
		forA, forB = append(forA, wrapA...), append(forB, wrapB...)
		opA, opB := d.operationSlips(al)
		forA, forB = append(forA, opA...), append(forB, opB...)
		if d.keysDiffer(al, nil) {
			crossedA, crossedB := d.crossedOperands(al)
			forA, forB = append(forA, crossedA...), append(forB, crossedB...)
			constA, constB := d.unadaptedConstants(al)
			forA, forB = append(forA, constA...), append(forB, constB...)
		}
		c.addPairDrift(i, forA, forB)
		found = found || len(forA)+len(forB) > 0
	}
	found = d.oppositeSlips(c, ss) || found
	if d.familyStringSlips(c, ss) || found {
		c.SetDrift()
	}
}

// familyStringSlips adds, and reports whether it found, in a class of three copies or more, the
// strings of one later copy that name another later copy's function:
// drifts are found between the first copy and each other, so a string
// that the paste of the second into the third kept was never compared
// with the copy it names (ory/kratos's IncrementMessageSendCount, a copy
// of SetMessageStatus, opens its trace span as
// "persistence.sql.SetMessageStatus": filed blind as a bug in reading
// 48). The string must be, letter for letter, one that names the other
// copy's function there (File.ownNamed), and not one the copy's own name
// holds (File.heldOwn), nor in a copy that calls the function it names
// or whose name holds every word of that function's name
// (SetMessageStatusTx opening the span of SetMessageStatus).
//
// The strings naming their functions are kept by value, and for each
// value by the function named, with the first two copies whose string it
// is (a copy is never its own twin): each string of a copy is looked up
// once for each function its value names, and whether the copy calls
// that function or its name holds that one's words is asked once a
// function. Each string was looked up in every copy, and a class of
// 8,000 copies of 20 strings each took 5.9 s against 0.29 s to parse.
func (d *detector) familyStringSlips(c *Class, ss []span) (found bool) {
	if len(ss) < 3 {
		return false
	}
	named := map[uint64][]namedBy{} // a later copy's strings naming its function, by value
	looked := 0                     // the strings and the functions they name looked up (Work.DriftLookups)
	defer func() { counter(&d.work.DriftLookups, int64(looked)) }()
	for i := 1; i < len(ss); i++ {
		f := d.files[ss[i].file]
		t0, t1 := d.tokens(ss[i])
		first, _ := slices.BinarySearch(f.ownNamed, t0)
		if first == len(f.ownNamed) || f.ownNamed[first] >= t1 {
			continue
		}
		name, _, fn, ok := d.funcName(ss[i])
		if !ok {
			continue // no function's: every copy names it
		}
		for k := range d.walk(f, f.ownNamed[first], t1) {
			if in(f.ownNamed, k.t) {
				looked += len(named[k.val]) + 1
				named[k.val] = addNamedBy(named[k.val], namedBy{name: name, file: ss[i].file, fn: int32(fn), y: [2]int{i}, t: [2]int32{k.t}})
			}
		}
	}
	if len(named) == 0 {
		return false // no later copy's string names its function: most classes
	}
	for x := 1; x < len(ss); x++ {
		f := d.files[ss[x].file]
		t0, t1 := d.tokens(ss[x])
		_, _, xfn, ok := d.funcName(ss[x])
		if !ok {
			continue // of no function: it names every function
		}
		var names *copyCalls
		for k := range d.walk(f, t0, t1) {
			if token.Token(k.c) != token.STRING || in(f.ownNamed, k.t) || in(f.heldOwn, k.t) {
				continue
			}
			y, ty := 0, int32(0) // the first copy whose function the string names, and its string
			looked += 1 + len(named[k.val])
			for _, n := range named[k.val] {
				j := 0 // the first of n's copies that is not x
				if n.y[0] == x {
					j = 1
				}
				if n.y[j] == 0 || y > 0 && n.y[j] > y {
					continue
				}
				if names == nil {
					names = d.callsOf(ss[x], xfn)
				}
				if !names.namesFunction(d, n) {
					y, ty = n.y[j], n.t[j]
				}
			}
			if y > 0 {
				c.Fragments[x].Drift = append(c.Fragments[x].Drift, Drift{Kind: DriftUnrenamed, Step: StepString, Twin: y,
					Lines: f.tokenLineRange(k.t), TwinLines: d.files[ss[y].file].tokenLineRange(ty)})
				found = true
			}
		}
	}
	return found
}

// A namedBy is a function whose later copies in a class hold a string
// naming it: its name, its declaration (file and unit), and the first
// two such copies, in order, each with its last string of that value.
type namedBy struct {
	name uint64
	file int32
	fn   int32
	y    [2]int // 0: none
	t    [2]int32
}

// addNamedBy adds to ns, a value's functions, the copy n.y[0], whose
// string n.t[0] names its function n.
func addNamedBy(ns []namedBy, n namedBy) []namedBy {
	for i := range ns {
		if ns[i].name != n.name {
			continue
		}
		switch m := &ns[i]; {
		case m.y[0] == n.y[0]:
			m.t[0] = n.t[0]
		case m.y[1] == 0 || m.y[1] == n.y[0]:
			m.y[1], m.t[1] = n.y[0], n.t[0]
		}
		return ns
	}
	return append(ns, n)
}

// copyCalls is what a copy says of the functions other copies' strings
// name: the names it uses, the words of its function's name, and, by
// function named, whether it calls that function or its name holds
// every word of that one's.
type copyCalls struct {
	uses  map[uint64]bool
	own   map[uint64]bool
	names map[uint64]bool
}

// callsOf returns the copyCalls of the copy s, of the function
// declared by the unit fn.
func (d *detector) callsOf(s span, fn int) *copyCalls {
	f := d.files[s.file]
	cc := &copyCalls{uses: map[uint64]bool{}, own: wordsOf(wordsAt(f.fnWords, f.units[fn].tok0)), names: map[uint64]bool{}}
	t0, t1 := d.tokens(s)
	for k := range d.walk(f, t0, t1) {
		if isName(k.c) {
			cc.uses[k.val] = true
		}
	}
	return cc
}

// namesFunction reports whether the copy calls the function n, or has a
// name holding every word of its name.
func (cc *copyCalls) namesFunction(d *detector, n namedBy) bool {
	if r, ok := cc.names[n.name]; ok {
		return r
	}
	g := d.files[n.file]
	ws := wordsAt(g.fnWords, g.units[n.fn].tok0)
	r := cc.uses[n.name] || len(ws) > 0 && !slices.ContainsFunc(ws, func(w tokWord) bool { return !cc.own[w.word] })
	cc.names[n.name] = r
	return r
}
