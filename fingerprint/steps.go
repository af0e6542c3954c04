package fingerprint

import (
	"bytes"
	"cmp"
	"go/token"
	"go/types"
	"iter"
	"slices"
)

// addedStmts lists, as token ranges in pairs, the outermost statements of
// s that hold at least two thirds of unmatched tokens (seen[i] is false
// for the i-th token of s if it is unmatched).
//
// A statement's unmatched tokens are the difference of two counts of
// those before its ends, made in one pass over s: statements nest, and
// counting each one's own (two copies of 30,000 nested ifs) read each
// token once for every statement that holds it, 450 million tokens.
func (d *detector) addedStmts(s span, seen []bool) []int32 {
	f := d.files[s.file]
	t0, t1 := d.tokens(s)
	before := make([]int32, t1-t0+1) // before[i]: unmatched tokens of s before its i-th
	for i := range t1 - t0 {
		before[i+1] = before[i]
		if !seen[i] {
			before[i+1]++
		}
	}
	d.readTokens(t1 - t0)
	var rs [][2]int32
	f.unitsIn(t0, t1, func(i int32) {
		u := f.units[i]
		if u.fn {
			return
		}
		unmatched := int(before[u.tok1-t0] - before[u.tok0-t0])
		if 3*unmatched >= 2*int(u.tok1-u.tok0) {
			rs = append(rs, [2]int32{u.tok0, u.tok1})
		}
	})
	return outermost(rs)
}

// ownNames reports whether the added statements rs of span with name
// something that the copy without them never names: a variable, a label,
// a function or a type of that variant's own (readFloat's underscores,
// a distInfo table only one copy consults), or a field or method selected
// from a name with uses elsewhere in the copy (obj.ReinvocationPolicy,
// tx.BlobFeeCap). Such a step is what only that variant has. Names the
// added statements declare, the predeclared ones, and a name used only
// in the added lines to select from (a package: promslog.NewNopLogger)
// say nothing of the kind. With shared, a field or method selected from
// a value the copy without them names too is not the copy's own. A name
// the copy without them holds under another name counts as named there:
// the alignment al pairs a local renamed in the paste (for _, o := range
// orders against for _, inv := range invoices) with its new name
// (renamedInCopy).
func (d *detector) ownNames(al *alignment, with, without span, rs []int32, shared bool) bool {
	return d.ownNamesBy(al, with, without, rs, func(int32, uint64) bool { return shared })
}

// ownNamesBy is ownNames where shared(t, from) says, for the field or
// method selected at token t of with from the name from, whether it is
// judged shared. It reads the added statements alone, and of the rest of
// the copies what copyNames made of them once for the pair.
func (d *detector) ownNamesBy(al *alignment, with, without span, rs []int32, shared func(t int32, from uint64) bool) bool {
	added := func(t int32) bool {
		for i := 0; i < len(rs); i += 2 {
			if rs[i] <= t && t < rs[i+1] {
				return true
			}
		}
		return false
	}
	codes := d.files[with.file].codes
	at := func(t int32) token.Token {
		if t < 0 || int(t) >= len(codes) {
			return token.ILLEGAL
		}
		return token.Token(codes[t])
	}
	names := al.namesOf(d, with)
	// In the added lines, the names declared and those named, and how
	// many times each name stands there (the names used outside them are
	// those that stand more often in the whole copy).
	declared, here := map[uint64]bool{}, map[uint64]int32{}
	type use struct {
		tok  int32
		name uint64
		from uint64 // for a selection x.name, x's name; else 0
	}
	var uses []use
	prevTok, prevVal := int32(-1), uint64(0) // the last name met
	sites := d.sitesOf(d.files[with.file])
	defer sites.done()
	d.eachAddedValue(with, rs, func(t int32, c byte, v uint64) {
		if !isName(c) {
			return
		}
		here[v]++
		switch {
		case at(t-1) == token.PERIOD:
			if prevTok == t-2 {
				uses = append(uses, use{t, v, prevVal})
			}
		case sites.declares(t) || at(t-1) == token.VAR:
			declared[v] = true
		default:
			uses = append(uses, use{tok: t, name: v})
		}
		prevTok, prevVal = t, v
	})
	elsewhere := func(v uint64) bool { return names.count[v] > here[v] }
	renamed := names.renamed(added, rs)
	// A name the copy declares where the twin has the blank identifier,
	// and uses nowhere but in the added statements, is one the twin
	// could not keep without them: Go refuses a variable declared and
	// not used, so a paste that lost a guard on `i` lost `for i` too.
	onlyHere := func(v uint64) bool { b := names.blanked[v]; return b > 0 && names.count[v]-here[v] <= b }
	other := func(v uint64) bool { return names.twin[v] || renamed(v) || onlyHere(v) }
	return slices.ContainsFunc(uses, func(u use) bool {
		switch {
		case other(u.name) || declared[u.name] || predeclared[u.name]:
			return false
		case u.from != 0:
			// A field or method of a value the copy has, unless shared
			// and the other copy has it too.
			return elsewhere(u.from) && !(shared(u.tok, u.from) && other(u.from))
		case at(u.tok+1) == token.PERIOD:
			return elsewhere(u.name) // selected from: a package, if only here
		}
		return true
	})
}

// eachAddedValue is eachValue of the tokens of s in the ranges rs (pairs
// of token indexes), in order.
func (d *detector) eachAddedValue(s span, rs []int32, fn func(tok int32, c byte, v uint64)) {
	s0, s1 := d.tokens(s)
	for _, r := range unionOf(rs) {
		t0, t1 := max(r[0], s0), min(r[1], s1)
		if t0 < t1 {
			d.valuesIn(s, t0, t1, d.valueAt(d.files[s.file], t0), fn)
		}
	}
}

// unionOf returns the ranges rs (pairs of token indexes) sorted, those
// that overlap joined.
func unionOf(rs []int32) [][2]int32 {
	var out [][2]int32
	for i := 0; i < len(rs); i += 2 {
		if rs[i] < rs[i+1] {
			out = append(out, [2]int32{rs[i], rs[i+1]})
		}
	}
	slices.SortFunc(out, func(x, y [2]int32) int { return cmp.Compare(x[0], y[0]) })
	n := 0
	for _, r := range out {
		if n > 0 && r[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], r[1])
			continue
		}
		out[n] = r
		n++
	}
	return out[:n]
}

// copyNames is what drift analysis asks, step after step, of the names
// of one copy of an aligned pair and of its twin (ownNamesBy,
// renamedInCopy, checksAddress): made once for the copy, where each
// step read both copies whole (two copies of 50,000 statements, one with
// 150 guards the other lacks, took 9 s; the parse 0.3 s).
type copyNames struct {
	count map[uint64]int32 // how many times each name stands in the copy
	twin  map[uint64]bool  // the names of the twin
	// renames are the copy's names matched to another name of the
	// twin (renamedInCopy), by the copy's token; weights sums their
	// weights for each name and the name it is matched to.
	renames []copyRename
	weights map[uint64][]renameWeight
	sets    map[uint64][]int32 // the tokens where each name is set alone (checksAddress), rising
	// blanked counts, for each name of the copy, where a range clause
	// declares it and the twin has the blank identifier in its place
	// (for i, it := range against for _, it := range): a name the twin
	// does not use. Not a value assigned: m, _ := against m, ok := is
	// a value the copy may know it needs no check of (encoding/json's
	// addrMarshalerEncoder), which a discard's own rule judges.
	blanked map[uint64]int32
}

// rangeKey reports whether the name at token t of codes is one a range
// clause declares: a name of the list before := range.
func rangeKey(codes []byte, t int32) bool {
	j := int(t) + 1
	for j < len(codes) && (codes[j] == byte(token.COMMA) || isName(codes[j])) {
		j++
	}
	return j+1 < len(codes) && codes[j] == byte(token.DEFINE) && codes[j+1] == byte(token.RANGE)
}

// A copyRename is a name of a copy at token tok matched to another name
// of its twin, to, with its weight: 2 where it is declared or in the
// signature, else 1.
type copyRename struct {
	tok      int32
	name, to uint64
	n        int32
}

type renameWeight struct {
	to uint64
	n  int32
}

// namesOf returns the copyNames of with, one of al's copies, made on
// first use.
func (al *alignment) namesOf(d *detector, with span) *copyNames {
	i, without := 0, al.b
	if with != al.a {
		i, without = 1, al.a
	}
	if al.names[i] != nil {
		return al.names[i]
	}
	f := d.files[with.file]
	codes := f.codes
	cn := &copyNames{count: map[uint64]int32{}, twin: map[uint64]bool{}, weights: map[uint64][]renameWeight{}, sets: map[uint64][]int32{}}
	d.eachValue(with, func(_ int32, c byte, v uint64) {
		if isName(c) {
			cn.count[v]++
		}
	})
	d.eachValue(without, func(_ int32, c byte, v uint64) {
		if isName(c) {
			cn.twin[v] = true
		}
	})
	sites := d.sitesOf(f)
	defer sites.done()
	for _, p := range d.namePairs(*al) {
		v, w, t := p.x, p.y, p.ta
		if i == 1 {
			v, w, t = p.y, p.x, p.tb
		}
		if w == blankHash && v != blankHash && rangeKey(codes, t) {
			if cn.blanked == nil {
				cn.blanked = map[uint64]int32{}
			}
			cn.blanked[v]++
		}
		if w == v || w == blankHash || v == blankHash {
			continue // the same name; or a value the copy drops, not renames
		}
		n := int32(1)
		if sites.declaresAt(t) || sites.inSignature(t) {
			n = 2
		}
		cn.renames = append(cn.renames, copyRename{t, v, w, n})
	}
	slices.SortFunc(cn.renames, func(x, y copyRename) int { return cmp.Compare(x.tok, y.tok) })
	for _, r := range cn.renames {
		ws := cn.weights[r.name]
		if k := slices.IndexFunc(ws, func(x renameWeight) bool { return x.to == r.to }); k >= 0 {
			ws[k].n += r.n
		} else {
			cn.weights[r.name] = append(ws, renameWeight{r.to, r.n})
		}
	}
	w0, w1 := d.tokens(with)
	for k := range d.walk(f, w0, w1) {
		if isName(k.c) && k.prev != byte(token.PERIOD) && k.prev != byte(token.COMMA) && setsAlone(codes, k.t) {
			cn.sets[k.val] = append(cn.sets[k.val], k.t)
		}
	}
	al.names[i] = cn
	return cn
}

// renamed returns what renamedInCopy reports, for the copy's tokens
// added says are added, which lie in the ranges rs.
func (cn *copyNames) renamed(added func(int32) bool, rs []int32) func(v uint64) bool {
	// The weights of the added tokens' pairs, taken off.
	var off map[[2]uint64]int32
	for _, r := range unionOf(rs) {
		i, _ := slices.BinarySearchFunc(cn.renames, r[0], func(x copyRename, t int32) int { return cmp.Compare(x.tok, t) })
		for ; i < len(cn.renames) && cn.renames[i].tok < r[1]; i++ {
			if p := cn.renames[i]; added(p.tok) {
				if off == nil {
					off = map[[2]uint64]int32{}
				}
				off[[2]uint64{p.name, p.to}] += p.n
			}
		}
	}
	return func(v uint64) bool {
		to, n := 0, int32(0) // the names v is matched to, and the weight of the last
		for _, w := range cn.weights[v] {
			if left := w.n - off[[2]uint64{v, w.to}]; left > 0 {
				to, n = to+1, left
			}
		}
		return to == 1 && n >= 2
	}
}

// renamedInCopy reports whether the name v of with, outside the tokens
// added says are added (in the ranges rs), is one that the alignment al
// matches to another name of the other copy, always the same one
// (namePairs): the copy renamed it. A name matched where it is declared
// (x := …, var x) or in the signature (a parameter, a result, a type)
// counts at once; any other must be matched at two places or more, since
// a name matched once to another is as likely a changed call or value.
// Left out, as namePairs leaves them: fields and methods selected, which
// no renaming of locals renames; and a name matched to the blank
// identifier, a value the copy drops (m, _ := against m, ok :=:
// encoding/json's addrMarshalerEncoder needs no check of ok).
func (d *detector) renamedInCopy(al *alignment, with span, v uint64) bool {
	return al.namesOf(d, with).renamed(func(int32) bool { return false }, nil)(v)
}

// inSignature reports whether the token t of codes stands in a
// parenthesised list of a function's signature (paramList): the name of
// a receiver, a parameter or a result, or of its type. It scans back
// from t for the bracket t stands in, and stops at ; := or =.
func inSignature(codes []byte, t int32) bool { return (&nameSites{codes: codes}).inSignature(t) }

// nameSites answers declares and inSignature of codes for many of its
// tokens, each reading a token once: a list of names runs on to := or
// not from each of its names alike, and a scan back from a token, at the
// depth it starts at, goes the same way as one from the token before it.
// Asked a name at a time, each name of a composite literal of 40,000 read
// on to the literal's end and back to its start, and two copies of a
// function holding one, renamed, took 4.1 s against 0.02 s to parse.
type nameSites struct {
	codes  []byte
	f      *File           // whose codes they are, for the statements; nil: unknown
	decl   map[int32]bool  // declares, by a name of a list
	back   map[int32]bool  // inSignature's answer scanning back from a token at depth 0
	group  map[int32]int32 // a closing bracket passed: its opening one, -1 if ; := or = stand between
	grp    varGroupScan    // the var group inVarGroup last read
	tokens *int64          // where the tokens read are counted (Work.DriftTokens); nil: nowhere
	read   int64           // the tokens read, not yet counted in tokens (done)
}

// sitesOf returns the nameSites of codes, counted in d's work once done
// is called.
func (d *detector) sitesOf(f *File) *nameSites {
	return &nameSites{codes: f.codes, f: f, tokens: &d.work.DriftTokens}
}

// done counts the tokens ns read in its work, at once: counted at each
// question, the shared counter, added to atomically by every worker for
// each name asked about, was 1% of detection's CPU.
func (ns *nameSites) done() {
	if ns.tokens != nil && ns.read > 0 {
		counter(ns.tokens, ns.read)
	}
	ns.read = 0
}

// declares reports whether the name at token t is declared there: it
// stands, alone or in a list of names, left of :=.
func (ns *nameSites) declares(t int32) bool {
	codes := ns.codes
	var list []int32 // the names read before the last, which answer as it does
	r := false
	for ; ; t += 2 {
		if int(t)+1 >= len(codes) {
			break
		}
		// Only a name a comma follows is in a list, and in decl: most
		// names are looked up in no map.
		if token.Token(codes[t+1]) == token.COMMA && ns.decl != nil {
			if v, ok := ns.decl[t]; ok {
				r = v
				break
			}
		}
		if token.Token(codes[t+1]) == token.DEFINE {
			r = true
			break
		}
		if token.Token(codes[t+1]) != token.COMMA || int(t)+2 >= len(codes) || !isName(codes[t+2]) {
			break
		}
		list = append(list, t)
	}
	ns.read += int64(len(list) + 1)
	if len(list) > 0 && ns.decl == nil {
		ns.decl = map[int32]bool{}
	}
	for _, u := range list {
		ns.decl[u] = r
	}
	return r
}

// declaresAt reports whether the name at token t is declared there:
// left of := or after var.
func (ns *nameSites) declaresAt(t int32) bool {
	return ns.declares(t) || ns.afterVar(t)
}

// afterVar reports whether the name at token t is one var declares,
// alone or in a list: var x T, var a, b T, and the names of each spec of
// a group, var (a, b T; c U).
func (ns *nameSites) afterVar(t int32) bool {
	codes := ns.codes
	for t >= 2 && token.Token(codes[t-1]) == token.COMMA && isName(codes[t-2]) {
		t -= 2
	}
	if t < 1 {
		return false
	}
	switch token.Token(codes[t-1]) {
	case token.VAR:
		return true
	case token.LPAREN:
		return t >= 2 && token.Token(codes[t-2]) == token.VAR
	}
	return ns.inVarGroup(t)
}

// inVarGroup reports whether the list of names that starts at token t is
// a later spec of a var group: it starts a line (the canonical tokens
// keep no semicolon where a line ends, and gofmt writes a spec a line),
// and the statement t is in, the nearest that starts before it, is var
// ( … ) and holds t at the depth of its specs (a spec is no statement of
// its own). Asked only where what follows the names may start a type or
// a value, as in a spec (b Builder, b = x, b []int): most names that
// start a line start a statement of their own (x.f(), x++, x := …), and
// no statement is looked up for them.
func (ns *nameSites) inVarGroup(t int32) bool {
	codes := ns.codes
	end := t + 1
	for int(end)+1 < len(codes) && token.Token(codes[end]) == token.COMMA && isName(codes[end+1]) {
		end += 2
	}
	if ns.f == nil || int(end) >= len(codes) {
		return false
	}
	switch c := codes[end]; {
	case isName(c):
	default:
		switch token.Token(c) {
		case token.MUL, token.LBRACK, token.ASSIGN, token.MAP, token.CHAN, token.FUNC, token.STRUCT, token.INTERFACE, token.ARROW:
		default:
			return false
		}
	}
	if ns.f.tokenLine(t) == ns.f.tokenLine(t-1) {
		return false // the line's first token is no name of this list
	}
	u := ns.f.unitBefore(t)
	if u < 0 {
		return false
	}
	un := ns.f.units[u]
	if !(un.tok0+1 < t && t < un.tok1 && token.Token(codes[un.tok0]) == token.VAR && token.Token(codes[un.tok0+1]) == token.LPAREN) {
		return false
	}
	// The depth of brackets opened inside the group's parentheses, read
	// on from where the last question about this group stopped: a group
	// of many specs is read once, not once a spec.
	g := &ns.grp
	if g.unit != u+1 || g.x > t {
		*g = varGroupScan{unit: u + 1, x: un.tok0 + 2}
	}
	ns.read += int64(t - g.x)
	for ; g.x < t; g.x++ {
		switch token.Token(codes[g.x]) {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			g.depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			g.depth--
		}
	}
	return g.depth == 0
}

// A varGroupScan is where inVarGroup's reading of a var group stopped:
// its statement (its index +1; 0: none yet), the token, and the depth of
// brackets there.
type varGroupScan struct {
	unit, x int32
	depth   int
}

// inSignature is the function inSignature, for a token of ns.codes.
func (ns *nameSites) inSignature(t int32) bool {
	codes := ns.codes
	if ns.back == nil {
		ns.back, ns.group = map[int32]bool{}, map[int32]int32{}
	}
	var path []int32   // the tokens passed at depth 0, which all answer alike
	var closed []int32 // the closing brackets passed, still open, innermost last
	r, read := false, 0
scan:
	for u := t - 1; u >= 0; u-- {
		read++
		if len(closed) == 0 {
			if v, ok := ns.back[u]; ok {
				r = v
				break
			}
			path = append(path, u)
		}
		if o, ok := ns.group[u]; ok {
			if o < 0 {
				break
			}
			u = o
			continue
		}
		switch tok := token.Token(codes[u]); tok {
		case token.RPAREN, token.RBRACK, token.RBRACE:
			closed = append(closed, u)
		case token.LBRACK, token.LBRACE, token.LPAREN:
			if len(closed) == 0 {
				r = tok == token.LPAREN && paramList(codes, u)
				break scan
			}
			ns.group[closed[len(closed)-1]] = u
			closed = closed[:len(closed)-1]
		case token.SEMICOLON, token.DEFINE, token.ASSIGN:
			break scan
		}
	}
	ns.read += int64(read)
	for _, c := range closed {
		ns.group[c] = -1 // the scan stopped inside them, and will again
	}
	for _, u := range path {
		ns.back[u] = r
	}
	return r
}

// paramList reports whether the parenthesis at codes[u] opens a
// receiver, the parameters or the results of a signature: it follows
// func (a receiver, or a function literal's or type's parameters), a
// function's name after func or after a receiver, or the parameters.
func paramList(codes []byte, u int32) bool {
	if u < 1 {
		return false
	}
	prev := token.Token(codes[u-1])
	switch {
	case prev == token.FUNC:
		return true
	case isName(codes[u-1]) && u >= 2 && token.Token(codes[u-2]) == token.FUNC:
		return true // func f(
	case isName(codes[u-1]) && u >= 2 && token.Token(codes[u-2]) == token.RPAREN:
		o := openOf(codes, u-2) // func (r T) f(
		return o >= 1 && token.Token(codes[o-1]) == token.FUNC
	case prev == token.RPAREN:
		o := openOf(codes, u-1) // func f(x int) (
		return o >= 0 && paramList(codes, o)
	}
	return false
}

// openOf returns the token that opens the parenthesis closed at
// codes[c], -1 if none does.
func openOf(codes []byte, c int32) int32 {
	depth := 0
	for u := c; u >= 0; u-- {
		switch token.Token(codes[u]) {
		case token.RPAREN:
			depth++
		case token.LPAREN:
			if depth--; depth == 0 {
				return u
			}
		}
	}
	return -1
}

// listItems reports whether an added statement of rs, of span s, has the
// canonical tokens of the statement before or after it in its block: it
// is one more item of a list of such steps (a field copied, a key
// compared, a value checked), which variants have in different numbers.
// Which item of the list is the added one, the alignment cannot tell.
func (d *detector) listItems(s span, rs []int32) bool {
	f := d.files[s.file]
	for i := 0; i < len(rs); i += 2 {
		u := f.stmtAt(rs[i], rs[i+1])
		if u < 0 {
			continue
		}
		b := f.blocks[f.blockOf(int32(u))]
		same := func(v int) bool {
			return v >= int(b.first) && v < int(b.last) && f.units[v].hash == f.units[u].hash &&
				bytes.Equal(f.codes[f.units[v].tok0:f.units[v].tok1], f.codes[rs[i]:rs[i+1]])
		}
		if same(u-1) || same(u+1) {
			return true
		}
	}
	return false
}

// predeclared are the name hashes of Go's predeclared identifiers, which
// a statement may name without either copy declaring them.
var predeclared = func() map[uint64]bool {
	m := map[uint64]bool{}
	for _, n := range types.Universe.Names() {
		m[hashBytes([]byte(n))] = true
	}
	return m
}()

// zeroHash is the value hash of the literal 0.
var zeroHash = hashBytes([]byte("0"))

// panicHash is the name hash of panic.
var panicHash = hashBytes([]byte("panic"))

// What a copy lacks: the kinds of statement that strict readings found
// missing from one copy by mistake (Drift.Step). Other added statements
// were, read in the standard library and the corpus, mostly what one
// variant needs and the other does not: a log line, a field of its own
// configuration, an option only it has.
const (
	StepGuard     = "guard"                       // an if whose body returns, jumps or panics
	StepCheck     = "check"                       // an if that compares with nil or zero
	StepLoop      = "validation loop"             // a for loop whose body returns or panics
	StepDefer     = "defer"                       // a deferred call
	StepLock      = "lock"                        // a call of Lock or RLock
	StepUnlock    = "unlock"                      // a call of Unlock or RUnlock
	StepFlag      = "flag"                        // a name set to true or false, or an if doing only that
	StepErrorPath = "assignment on an error path" // set in an if body that returns, panics, or returns an error
	// StepEarlyReturn: an assignment in an if body whose return ends in
	// nil (return v, nil): the success path, which the words "error
	// path" misnamed (Prometheus's parseTime rounding ns before it
	// returns the time). Drift takes it as StepErrorPath.
	StepEarlyReturn = "assignment before an early return"
	// StepErrorReturn: a return that ends, after other statements, the
	// body of an if whose condition compares with nil: without it the
	// copy goes on past the error (pocketbase's verification request
	// logs a failed send and sets the resend block anyway, where the
	// password reset it was copied from returns; reading 49).
	StepErrorReturn = "return on an error path"
	StepWrap        = "error wrap"           // a returned value wrapped in a call
	StepCondition   = "check in a condition" // one more operand of an if's && or || that checks (driftcond.go)
	// StepBounds: an operand of an if's && or || that compares the
	// length of a slice the if indexes, where the twin indexes it
	// without taking its length anywhere (driftbounds.go).
	StepBounds = "bounds check"
	// StepParam: a parameter the twin reads in a statement this copy
	// has too, and this copy, a whole function taking it, never reads
	// (driftparam.go).
	StepParam = "use of a parameter"
	// StepString, of DriftUnrenamed: a string that names the twin's
	// function, where the twin's names its own (driftstring.go).
	StepString = "string"
	// StepNamePart, of DriftUnrenamed: a string that names the part of
	// the twin's function name with a digit in it (a width, a version,
	// a dimension), which this copy's name changed (driftstring.go).
	StepNamePart = "name part"
	// StepVariant, of DriftUnrenamed: a string that still holds a word of
	// the twin's variant (its package's, file's or function's name) that
	// this copy renamed in another string (driftvariant.go).
	StepVariant = "variant"
	// StepConflated, of DriftUnrenamed: a name that stands, at one
	// place, for the twin's other name (driftnames.go, conflated).
	StepConflated = "conflated name"
	// StepOperand, of DriftUnrenamed: an if that tests one field or
	// constant index of a value and uses another in its body, where the
	// twin tests and uses the same one (driftoperand.go).
	StepOperand = "operand"
	// StepIndex, of DriftUnrenamed: a name the copy indexes at every
	// other place the alignment pairs it with a name of the twin, and
	// names bare here (driftindex.go).
	StepIndex = "index"
	// StepConstant, of DriftUnrenamed: a package's constant that the
	// copy names, in a statement both copies have word for word, where
	// its twin names another, which the copy names elsewhere as the twin
	// does (driftconst.go).
	StepConstant = "constant"
	// StepRecursion, of DriftUnrenamed: the copy names its twin's
	// function where its twin names itself, a recursion not renamed
	// (driftrecur.go).
	StepRecursion = "recursion"
	// StepWrapVerb, of DriftLacks: a fmt.Errorf format that formats with
	// %v or %s the argument its twin's wraps with %w (driftverb.go).
	StepWrapVerb = "%w wrap"
	// StepOpposite, of DriftUnrenamed: a function whose name says the
	// opposite of its twin's and whose body is its twin's token for token
	// (driftopposite.go).
	StepOpposite = "opposite name"
	// StepOperation, of DriftUnrenamed: a package's member the copy
	// names for another operation than the one both functions are named
	// for, where its twin names it for that one (driftoperation.go).
	StepOperation = "operation"
	// StepCallOrder, of DriftSwapped: two names a call of the copy passes
	// in the other order than its twin's, where the copy's other calls of
	// that function pass them in the twin's order (driftnames.go,
	// swapSide): the swap is the copy's, not the twin's.
	StepCallOrder = "call order"
)

// lockHashes and unlockHashes are the name hashes of the methods of
// sync.Locker and sync.RWMutex that take and release a lock.
var lockHashes, unlockHashes = hashSet("Lock", "RLock"), hashSet("Unlock", "RUnlock")

// hashSet is the set of the names' hashes.
func hashSet(names ...string) map[uint64]bool {
	m := make(map[uint64]bool, len(names))
	for _, n := range names {
		m[hashBytes([]byte(n))] = true
	}
	return m
}

// stepKind says which of the steps above unit u of file fi is, or "".
func (d *detector) stepKind(fi, u int32) string {
	f := d.files[fi]
	t0, t1 := f.units[u].tok0, f.units[u].tok1
	codes := f.codes[t0:t1]
	switch token.Token(codes[0]) {
	case token.IF:
		return d.ifKind(f, t0, t1)
	case token.FOR:
		if d.leaves(f, t0, t1, false) {
			return StepLoop
		}
		return ""
	case token.DEFER:
		return StepDefer
	case token.RETURN:
		if d.returnsOnError(f, u) {
			return StepErrorReturn
		}
		return ""
	}
	n := len(codes)
	switch {
	case assigns(codes) && f.onErrorPath(u):
		if f.returnsNil(u) {
			return StepEarlyReturn
		}
		return StepErrorPath
	case isFlagSet(codes):
		return StepFlag
	case n >= 3 && token.Token(codes[n-1]) == token.RPAREN && token.Token(codes[n-2]) == token.LPAREN && isName(codes[n-3]):
		switch name := f.vals[d.valueAt(f, t1-3)]; {
		case unlockHashes[name]:
			return StepUnlock // said as what it is: an Unlock read as "the lock" was taken for a lock missing
		case lockHashes[name]:
			return StepLock
		}
	}
	return ""
}

// isFlagSet reports whether codes are a name or a field set to true or
// false: bad = true, c.full = true.
func isFlagSet(codes []byte) bool {
	n := len(codes)
	if n < 3 || n%2 == 0 || token.Token(codes[n-2]) != token.ASSIGN || codes[n-1] != codeTrue && codes[n-1] != codeFalse {
		return false
	}
	for i := 0; i < n-2; i++ {
		if i%2 == 0 && !isName(codes[i]) || i%2 == 1 && token.Token(codes[i]) != token.PERIOD {
			return false
		}
	}
	return true
}

// assigns reports whether the statement of codes assigns: x = …, x += …,
// x++ and the like (a declaration with := is a new name, not a set).
func assigns(codes []byte) bool {
	for _, c := range codes {
		switch token.Token(c) {
		case token.ASSIGN, token.ADD_ASSIGN, token.SUB_ASSIGN, token.MUL_ASSIGN, token.QUO_ASSIGN, token.REM_ASSIGN,
			token.AND_ASSIGN, token.OR_ASSIGN, token.XOR_ASSIGN, token.SHL_ASSIGN, token.SHR_ASSIGN, token.AND_NOT_ASSIGN,
			token.INC, token.DEC:
			return true
		case token.LBRACE, token.DEFINE:
			return false // a compound statement, or a declaration
		}
	}
	return false
}

// ifKind says whether the if statement of tokens [t0, t1) of f is a
// check (its condition compares with nil or zero: mprof's
// "if r.Count == 0") or a guard (its body returns, jumps or panics), or
// neither.
func (d *detector) ifKind(f *File, t0, t1 int32) string {
	depth := 0
	for k := range d.walk(f, t0, t1) {
		switch tok := token.Token(k.c); {
		case depth == 0 && tok == token.LBRACE:
			switch t := k.t; {
			case d.leaves(f, t, t1, true):
				return StepGuard
			case isFlagSet(f.codes[t+1 : t1-1]):
				return StepFlag // if m.Truncated { truncated = true }
			}
			return ""
		case tok == token.LPAREN || tok == token.LBRACK || tok == token.LBRACE:
			depth++
		case tok == token.RPAREN || tok == token.RBRACK || tok == token.RBRACE:
			depth--
		case k.comparesNilOrZero(f, t1):
			return StepCheck
		}
	}
	return ""
}

// A walked is a token of a file as the steps read it, with its
// neighbours' part: its code, its value (0 if it has none), the code
// before it and the index in the file's values of the next value.
type walked struct {
	t    int32
	c    byte
	val  uint64
	next int32
	prev byte
}

// walk yields tokens [t0, t1) of f, each as a walked, and counts those
// it yielded (Work.DriftTokens).
func (d *detector) walk(f *File, t0, t1 int32) iter.Seq[walked] {
	return func(yield func(walked) bool) {
		k := walked{next: d.valueAt(f, t0)}
		t := t0
		for ; t < t1; t++ {
			k.prev, k.t, k.c, k.val = k.c, t, f.codes[t], 0
			if hasValue(k.c) {
				k.val = f.vals[k.next]
				k.next++
			}
			if !yield(k) {
				t++
				break
			}
		}
		d.readTokens(t - t0)
	}
}

// readTokens counts n tokens read (Work.DriftTokens): once for each
// reading, not for each token.
func (d *detector) readTokens(n int32) {
	if n > 0 {
		counter(&d.work.DriftTokens, int64(n))
	}
}

// emptyStrings are the value hashes of the empty string literals: two
// double quotes, or two backquotes.
var emptyStrings = [2]uint64{hashBytes([]byte(`""`)), hashBytes([]byte("``"))}

// comparesEmpty reports whether token k of f makes a comparison with the
// empty string (see comparesLiteral).
func (k walked) comparesEmpty(f *File, t1 int32) bool {
	return k.comparesLiteral(f, t1, token.STRING, func(h uint64) bool { return slices.Contains(emptyStrings[:], h) })
}

// comparesNilOrZero reports whether token k of f makes a comparison with
// nil or zero: nil, or a 0 in a comparison (see comparesLiteral).
func (k walked) comparesNilOrZero(f *File, t1 int32) bool {
	return k.c == codeNil || k.comparesLiteral(f, t1, token.INT, func(h uint64) bool { return h == zeroHash })
}

// comparesLiteral reports whether token k of f is, in a comparison, a
// literal of kind lit whose value is such: one after a comparison, or a
// comparison before one (that ends before t1).
func (k walked) comparesLiteral(f *File, t1 int32, lit token.Token, is func(uint64) bool) bool {
	if token.Token(k.c) == lit && is(k.val) && isComparison(k.prev) {
		return true
	}
	return isComparison(k.c) && k.t+1 < t1 && token.Token(f.codes[k.t+1]) == lit && is(f.vals[k.next])
}

// leaves reports whether tokens [t0, t1) of f hold a return or a call of
// panic, or, if jumps, a break, continue or goto.
func (d *detector) leaves(f *File, t0, t1 int32, jumps bool) bool {
	v := d.valueAt(f, t0)
	for t := t0; t < t1; t++ {
		c := f.codes[t]
		switch token.Token(c) {
		case token.RETURN:
			return true
		case token.BREAK, token.CONTINUE, token.GOTO:
			if jumps {
				return true
			}
		}
		if hasValue(c) {
			if isName(c) && f.vals[v] == panicHash {
				return true
			}
			v++
		}
	}
	return false
}

// onErrorPath reports whether unit u of f is in the body of an if
// statement whose last statement returns or panics: the path a failure
// takes.
func (f *File) onErrorPath(u int32) bool {
	b := f.blocks[f.blockOf(u)]
	if b.fn || b.body || b.cases {
		return false
	}
	last := f.units[b.last-1]
	switch {
	case token.Token(f.codes[last.tok0]) == token.RETURN:
	case last.tok1-last.tok0 > 2 && isName(f.codes[last.tok0]) && token.Token(f.codes[last.tok0+1]) == token.LPAREN &&
		f.vals[last.val0] == panicHash:
	default:
		return false
	}
	parent := f.holder(b)
	return parent >= 0 && token.Token(f.codes[f.units[parent].tok0]) == token.IF
}

// holder is the statement that holds block b, the innermost unit around
// it; -1 for none.
func (f *File) holder(b block) int {
	first, last := f.units[b.first], f.units[b.last-1]
	parent := -1
	for i, p := range f.units {
		if p.tok0 < first.tok0 && p.tok1 >= last.tok1 && (parent < 0 || p.tok0 > f.units[parent].tok0) {
			parent = i
		}
	}
	return parent
}

// returnsOnError reports whether unit u, a return, is the last of two
// statements or more of the body of an if (or its else) whose condition
// compares with nil (StepErrorReturn).
func (d *detector) returnsOnError(f *File, u int32) bool {
	b := f.blocks[f.blockOf(u)]
	if b.fn || b.body || b.cases || b.last-1 != u || b.last-b.first < 2 {
		return false
	}
	parent := f.holder(b)
	if parent < 0 || token.Token(f.codes[f.units[parent].tok0]) != token.IF {
		return false
	}
	c0, c1, ok := condition(f.codes, f.units[parent].tok0, f.units[parent].tok1)
	if !ok {
		return false
	}
	for k := range d.walk(f, c0, c1) {
		if k.c == codeNil && isComparison(k.prev) || isComparison(k.c) && k.t+1 < c1 && f.codes[k.t+1] == codeNil {
			return true
		}
	}
	return false
}

// returnsNil reports whether the block of unit u ends in a return whose
// last value is nil: return v, nil, or return nil.
func (f *File) returnsNil(u int32) bool {
	b := f.blocks[f.blockOf(u)]
	last := f.units[b.last-1]
	codes := f.codes[last.tok0:last.tok1]
	n := len(codes)
	return token.Token(codes[0]) == token.RETURN && n >= 2 && codes[n-1] == codeNil
}

func isComparison(c byte) bool {
	switch token.Token(c) {
	case token.EQL, token.NEQ, token.LSS, token.GTR, token.LEQ, token.GEQ:
		return true
	}
	return false
}

// valueAt is the index in f.vals of the first value at or after token t.
func (d *detector) valueAt(f *File, t int32) int32 {
	// The unit that starts at or before t nearest to it knows its first
	// value; count on from there.
	best := f.unitBefore(t)
	v, from := int32(0), int32(0)
	if best >= 0 {
		v, from = f.units[best].val0, f.units[best].tok0
	}
	d.readTokens(t - from)
	for ; from < t; from++ {
		if hasValue(f.codes[from]) {
			v++
		}
	}
	return v
}

// addsCase reports whether one of the added statements rs of s is a case
// clause.
func (d *detector) addsCase(s span, rs []int32) bool {
	codes := d.files[s.file].codes
	for i := 0; i < len(rs); i += 2 {
		switch token.Token(codes[rs[i]]) {
		case token.CASE, token.DEFAULT:
			return true
		}
	}
	return false
}
