package fingerprint

import (
	"go/token"
	"slices"
)

// A recursion not renamed: a function copied from another and renamed
// that still calls the other where its twin calls itself. analysisutil's
// storedInSuccs, a copy of succs that looks for stores where succs looks
// for calls, recurses into c.succs(s), so that past the first block it
// looks for calls (filed blind as a bug by both readers of reading 86,
// listed by copycat without a word). The renaming rule of driftnames.go
// leaves a function's own name out (a function's name is its own, not a
// name its copy renamed), so it never saw the pair.
//
// The rule: the copies are whole functions of different names, both
// plain functions or both methods, and at a place the alignment pairs, one
// copy calls itself (f(…) bare, or recv.f(…) on its own receiver) and
// the other calls the same function the same way, not itself. A method
// that calls the method of its own name on another value (w.w.Write in
// a Write) delegates, and is no recursion; and code copied within two
// functions may call one from the other on purpose (protobuf's newFile
// makes its messages with newMessage, which makes the nested ones with
// itself: the one other class the rule marked over 344 module
// directories, the corpus and the standard library). Nor are two
// functions that each call the other at one place where the twin calls
// itself, and itself where the twin calls the other: argo-workflows'
// VisitArray and VisitMap each walk a nested map with VisitMap and a
// nested slice with VisitArray, a dispatch by case (read blind in
// reading 89, the two classes so marked, neither a bug to either
// reader). Nor is a call of the twin where the two take parameters of
// other types, which the copy could not pass on to itself: weaviate's
// PropertyFromModel converts its nested properties with
// NestedPropertyFromModel, which calls itself (four such classes over
// 431 directories). Said as DriftUnrenamed, StepRecursion, of the copy
// that calls its twin.
func (d *detector) unrenamedRecursion(al alignment) (forA, forB []Drift) {
	na, _, fnA, okA := d.funcName(al.a)
	nb, _, fnB, okB := d.funcName(al.b)
	if !okA || !okB || na == nb || !whole(al.a, fnA) || !whole(al.b, fnB) {
		return nil, nil
	}
	if !d.sameParamTypes(al.a, al.b) {
		return nil, nil
	}
	fa, fb := d.files[al.a.file], d.files[al.b.file]
	ra, methodA, okA := d.receiverName(al.a.file, fnA)
	rb, methodB, okB := d.receiverName(al.b.file, fnB)
	if !okA || !okB || methodA != methodB {
		return nil, nil
	}
	a0, _ := d.tokens(al.a)
	b0, b1 := d.tokens(al.b)
	// The calls of a naming either function, and b's paired with them:
	// for methods, each receiver's token and then the name's.
	var ts, us []int32
	d.eachValue(al.a, func(t int32, c byte, v uint64) {
		if !isName(c) || v != na && v != nb || !callShape(fa.codes, a0, t, methodA) {
			return
		}
		y := al.matched(t - a0)
		if y < 0 || b0+y >= b1 || !isName(fb.codes[b0+y]) || !callShape(fb.codes, b0, b0+y, methodB) {
			return
		}
		if methodA {
			ts, us = append(ts, t-2), append(us, b0+y-2)
		}
		ts, us = append(ts, t), append(us, b0+y)
	})
	if len(ts) == 0 {
		return nil, nil
	}
	va, vb := d.valuesAt(al.a, ts), d.valuesAt(al.b, us)
	step := 1
	if methodA {
		step = 2
	}
	for i := 0; i < len(ts); i += step {
		n := i + step - 1 // the name's; i is the receiver's for methods
		switch {
		case methodA && (va[i] != ra || vb[i] != rb): // called on another value
		case va[n] != vb[n]:
		case va[n] == na: // a calls itself, b calls a
			forB = append(forB, Drift{Kind: DriftUnrenamed, Step: StepRecursion, Lines: fb.tokenLineRange(us[n]), TwinLines: fa.tokenLineRange(ts[n])})
		default: // b calls itself, a calls b
			forA = append(forA, Drift{Kind: DriftUnrenamed, Step: StepRecursion, Lines: fa.tokenLineRange(ts[n]), TwinLines: fb.tokenLineRange(us[n])})
		}
	}
	if len(forA) > 0 && len(forB) > 0 {
		return nil, nil // each calls the other where the twin calls itself: a dispatch by case
	}
	return forA, forB
}

// receiverName returns the value of the name of the receiver of the
// function declaration unit fn of file i, and whether it is a method;
// not ok for a method whose receiver has no name, which calls itself on
// no receiver it names.
func (d *detector) receiverName(i int32, fn int) (recv uint64, method, ok bool) {
	f := d.files[i]
	if token.Token(f.codes[f.units[fn].tok0+1]) != token.LPAREN {
		return 0, false, true
	}
	sg, _ := d.params(span{i, int32(fn), int32(fn)})
	if len(sg.recv) != 1 {
		return 0, true, false // (T), (T[E]): no name
	}
	return f.vals[d.valueAt(f, sg.recv[0])], true, true
}

// callShape reports whether the name at token t of codes (in a span from
// s0) is called as a function's own name is when it calls itself: bare,
// f(…), for a function; selected from a name, x.f(…), for a method.
func callShape(codes []byte, s0, t int32, method bool) bool {
	if int(t)+1 >= len(codes) || token.Token(codes[t+1]) != token.LPAREN {
		return false
	}
	if !method {
		return t == s0 || token.Token(codes[t-1]) != token.PERIOD
	}
	return t-2 >= s0 && token.Token(codes[t-1]) == token.PERIOD && isName(codes[t-2]) &&
		(t-3 < s0 || token.Token(codes[t-3]) != token.PERIOD)
}

// whole reports whether span s is all of the function declaration unit
// fn.
func whole(s span, fn int) bool { return s.first == int32(fn) && s.last == int32(fn) }

// sameParamTypes reports whether whole functions a and b take parameters
// of the same types in the same order: their parameter lists alike token
// for token but for the parameters' names.
func (d *detector) sameParamTypes(a, b span) bool {
	ta, okA := d.paramTypes(a)
	tb, okB := d.paramTypes(b)
	return okA && okB && slices.Equal(ta, tb)
}

// paramTypes returns the code and the value (0 for none) of each token of
// whole function s's parameter list but its parameters' names.
func (d *detector) paramTypes(s span) ([][2]uint64, bool) {
	sg, ok := d.signatureOf(s)
	if !ok {
		return nil, false
	}
	var out [][2]uint64
	for k := range d.walk(d.files[s.file], sg.p0+1, sg.p1) {
		if !slices.Contains(sg.names, k.t) {
			out = append(out, [2]uint64{uint64(k.c), k.val})
		}
	}
	return out, true
}
