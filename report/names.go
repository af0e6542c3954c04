package report

import (
	"go/ast"
	"go/parser"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/copycat-go/copycat/fingerprint"
)

// The categories read from the names of the functions that hold a class's
// copies: per-type (one function per type or width) and inverse (one per
// direction).

// perType reports whether the first two fragments of c are one function
// per type: in functions whose names, receivers included, differ only by
// words that name a type or a width, and not by case alone (the same
// function copied into two packages is not one instantiation per type);
// or in functions of one name whose packages' names differ only so
// (sha256 and sha512), or whose signatures differ only by such words or
// by the packages their types come from (bytes.TrimSpace([]byte) and
// strings.TrimSpace(string); a function over the internal and the
// versioned API types).
func (h *headers) perType(c fingerprint.Class) bool {
	a, b, ok := h.functions(c)
	if !ok {
		return false
	}
	if a.Name == b.Name {
		in := h.paths.class(c)
		pa, pb := path.Base(path.Dir(in.Fragments[0].File)), path.Base(path.Dir(in.Fragments[1].File))
		return pa != pb && onlyTypeWords(nameWords(pa), nameWords(pb)) ||
			a.Sig != b.Sig && sameButTypes(a.Sig, b.Sig, pa, pb)
	}
	wa, wb := nameWords(a.Name), nameWords(b.Name)
	if c.Kind == fingerprint.Exact && onlyCopyNumbers(wa, wb) {
		// Summarize and Summarize2 with the same body: a copy numbered,
		// not an instantiation (whose body would name its type).
		return false
	}
	return onlyTypeWords(wa, wb)
}

// perTypeRelation says how the functions of a per-type class differ:
// by a number alone when the words of their names differ only in copy
// numbers or versions (Summarize and Summarize2, decodeV1 and decodeV2),
// which the evidence should not call a type; else by a type or a width
// (sum32 and sum64).
func (h *headers) perTypeRelation(c fingerprint.Class) string {
	numbered := func(w string) bool {
		v, ok := strings.CutPrefix(w, "v")
		return ok && isNumber(v) || isCopyNumber(w)
	}
	if a, b, ok := h.functions(c); ok && differOnlyIn(nameWords(a.Name), nameWords(b.Name), numbered) {
		return "differ only by a number"
	}
	return "differ only by a type or a width"
}

// onlyCopyNumbers reports whether two lists of words differ only by the
// small numbers that number copies (Summarize2, TestInMemory2, draw2)
// rather than name a width.
func onlyCopyNumbers(wa, wb []string) bool { return differOnlyIn(wa, wb, isCopyNumber) }

// isCopyNumber reports whether a word is a small number that numbers a
// copy (0 to 4) rather than names a width.
func isCopyNumber(w string) bool { return len(w) == 1 && '0' <= w[0] && w[0] <= '4' }

// differOnlyIn reports whether two lists of words differ, and only in
// words that in holds for.
func differOnlyIn(wa, wb []string, in func(string) bool) bool {
	out := func(w string) bool { return !in(w) }
	return !slices.Equal(wa, wb) && slices.Equal(filter(wa, out), filter(wb, out))
}

// perArity reports whether the first two fragments of c are one generic
// function written once per number of type parameters (perArityPair).
func (h *headers) perArity(c fingerprint.Class) bool {
	a, b, ok := h.functions(c)
	return ok && perArityPair(a, b)
}

// perArityPair reports whether a and b are one generic function written
// once per number of type parameters, which Go cannot make variadic:
// names that differ only by a number and type parameter lists of
// different lengths. samber/lo's Zip5 and Zip6, TryOr4 and TryOr5: read
// blind in reading 17, 5 of 5 such classes benign, "forced by the lack
// of variadic generics"; the same families, unread, in samber/mo and
// samber/ro (Pipe4 … Pipe24), and none other in the 205 modules of
// readings 5–17 or the standard library.
func perArityPair(a, b fingerprint.Func) bool {
	na, _, okA := typeParams(a.Sig)
	nb, _, okB := typeParams(b.Sig)
	if !okA || !okB || na == 0 || nb == 0 || na == nb {
		return false
	}
	wa, wb := nameWords(a.Name), nameWords(b.Name)
	if len(wa) != len(wb) {
		return false
	}
	differ := false
	for i := range wa {
		if wa[i] != wb[i] {
			if !isNumber(wa[i]) || !isNumber(wb[i]) {
				return false
			}
			differ = true
		}
	}
	return differ
}

func isNumber(w string) bool { return w != "" && strings.Trim(w, "0123456789") == "" }

// typeParams counts the type parameters of a signature as Func.Sig holds
// it ("[T1 any, T2 any](a []T1, b []T2) []Tuple2[T1, T2]"), 0 for none,
// and returns the rest of the signature after their list; not ok if the
// list is cut.
func typeParams(sig string) (n int, rest string, ok bool) {
	if !strings.HasPrefix(sig, "[") {
		return 0, sig, true
	}
	n, depth := 1, 0
	for i, r := range sig {
		switch r {
		case '[', '(':
			depth++
		case ']', ')':
			depth--
			if depth == 0 {
				return n, sig[i+1:], true
			}
		case ',':
			if depth == 1 {
				n++
			}
		}
	}
	return 0, "", false
}

// onlyTypeWords reports whether two lists of words differ, but only by
// words that name a type or a width, and the words that join one to a
// name (decodeRune and decodeRuneInString).
func onlyTypeWords(wa, wb []string) bool {
	if slices.Equal(wa, wb) {
		return false
	}
	notType := func(w string) bool { return !slices.Contains(typeWords, w) }
	if !slices.Equal(filter(wa, notType), filter(wb, notType)) {
		return false
	}
	// A joining word alone is no type.
	isType := func(w string) bool { return slices.Contains(typeWords, w) && !slices.Contains(typeJoins, w) }
	return !slices.Equal(filter(wa, isType), filter(wb, isType))
}

// typeJoins are the words that join a type's word to a function's name.
var typeJoins = []string{"in", "of"}

// sameButTypes reports whether two signatures, as Func.Sig holds them,
// name the same parameters and results but for words that name a type or
// a width and the packages of their types. dirA and dirB are the names of
// the copies' directories, which name their packages: a type that one
// copy names in its own package and the other through it (Order in
// orders, orders.Order in billing) is one type, the qualifier a function
// moved to another package needs, and no variant per type.
func sameButTypes(a, b, dirA, dirB string) bool {
	ta, okA := sigTypes(a)
	tb, okB := sigTypes(b)
	if !okA || !okB || len(ta) != len(tb) {
		return false
	}
	differ := false
	for i := range ta {
		if ta[i] == tb[i] || tb[i] == dirA+"."+ta[i] || ta[i] == dirB+"."+tb[i] {
			continue
		}
		// A type in another package (*core.Pod and *v1.Pod), or another
		// type or width.
		differ = true
		if ua, ub := unqualified(ta[i]), unqualified(tb[i]); ua != ub && !onlyTypeWords(nameWords(ua), nameWords(ub)) {
			return false
		}
	}
	// Signatures that differ only by their parameters' names are one
	// function's, copied: not one per type.
	return differ
}

// unqualified is a type's name without its package: Pod for core.Pod.
func unqualified(t string) string {
	if i := strings.LastIndexByte(t, '.'); i >= 0 {
		return t[i+1:]
	}
	return t
}

// sigTypes returns the names in the types of a signature's parameters
// and results, each with the package it names (*core.Pod is core.Pod);
// not ok if the signature is cut or does not parse.
func sigTypes(sig string) ([]string, bool) {
	_, sig, ok := typeParams(sig)
	if !ok {
		return nil, false
	}
	x, err := parser.ParseExpr("func" + sig)
	if err != nil {
		return nil, false
	}
	ft, ok := x.(*ast.FuncType)
	if !ok {
		return nil, false
	}
	var types []string
	for _, fl := range []*ast.FieldList{ft.Params, ft.Results} {
		if fl == nil {
			continue
		}
		for _, f := range fl.List {
			ast.Inspect(f.Type, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok {
					if pkg, ok := sel.X.(*ast.Ident); ok {
						types = append(types, pkg.Name+"."+sel.Sel.Name)
					} else {
						types = append(types, sel.Sel.Name)
					}
					return false
				}
				if id, ok := n.(*ast.Ident); ok {
					types = append(types, id.Name)
				}
				return true
			})
			types = append(types, "|") // keeps []T, U apart from []TU
		}
	}
	return types, true
}

// inverse reports whether the first two fragments of c are in functions
// whose names, receivers included, differ only by opposite words, each
// word of one name against its opposite in the other, or by a "Last"
// that one has and the other not.
func (h *headers) inverse(c fingerprint.Class) bool {
	a, b, ok := h.functions(c)
	if !ok {
		return false
	}
	// One method of two types whose names differ by the sides of a thing
	// (CSVInputOptions.MarshalXML and CSVOutputOptions.MarshalXML) does
	// one operation on each; types named for opposite operations
	// (decoder.value and encoder.value) do opposite things.
	_, ma, okA := strings.Cut(a.Name, ".")
	_, mb, okB := strings.Cut(b.Name, ".")
	sameMethod := okA && okB && ma == mb
	wa, wb := nameWords(a.Name), nameWords(b.Name)
	if len(wa) > len(wb) {
		wa, wb = wb, wa
	}
	if len(wb) == len(wa)+1 {
		// The same scan from the other end: IndexAny and LastIndexAny.
		i := slices.Index(wb, "last")
		return i >= 0 && slices.Equal(wa, slices.Delete(slices.Clone(wb), i, i+1))
	}
	if len(wa) != len(wb) || slices.Equal(wa, wb) {
		return false
	}
	for i := range wa {
		if wa[i] != wb[i] && (!fingerprint.OppositeWords(wa[i], wb[i]) || sameMethod && sides(wa[i], wb[i])) {
			return false
		}
	}
	return true
}

// sides are the opposites that name the sides or ends of a thing, not
// opposite operations.
func sides(a, b string) bool {
	return hasPair(sidePairs, a, b)
}

var sidePairs = [][2]string{{"input", "output"}, {"in", "out"}, {"upper", "lower"}, {"left", "right"}, {"head", "tail"},
	{"first", "last"}, {"min", "max"}, {"up", "down"}, {"begin", "end"}, {"next", "prev"}, {"forward", "backward"}}

// hasPair reports whether pairs holds a and b, in either order.
func hasPair(pairs [][2]string, a, b string) bool {
	return slices.Contains(pairs, [2]string{a, b}) || slices.Contains(pairs, [2]string{b, a})
}

// typeWords are the words of a function's name that name a type or a
// width, and those of typeJoins.
var typeWords = []string{"in", "of", "float", "int", "integer", "uint", "u", "unsigned", "signed", "string", "str", "bytes", "byte",
	"rune", "bool", "ptr", "slice", "map", "0", "8", "16", "32", "64", "128", "256", "512", "1", "2", "3", "4", "v1", "v2", "v3"}

func filter(ws []string, keep func(string) bool) []string {
	var out []string
	for _, w := range ws {
		if keep(w) {
			out = append(out, w)
		}
	}
	return out
}

// nameWords splits a function's name into lower-case words at case
// changes, digits, dots and underscores: FloatHistogram.Equals is float,
// histogram, equals; getSymbols32 is get, symbols, 32.
func nameWords(name string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case r == '.' || r == '_':
			flush()
			continue
		case len(cur) == 0:
		case unicode.IsDigit(r) != unicode.IsDigit(cur[len(cur)-1]):
			flush()
		case unicode.IsUpper(r) && (unicode.IsLower(cur[len(cur)-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1])):
			flush()
		}
		cur = append(cur, r)
	}
	flush()
	return words
}

// testCases reports whether every fragment of c is in a test, example,
// benchmark or fuzz function of a _test.go file. A statement one test
// case has and another lacks is, nearly always, what that case tests:
// read strictly, none of the seven such divergent classes was a missed
// change (docs/accuracy.md).
func (h *headers) testCases(c fingerprint.Class) bool {
	for _, f := range c.Fragments {
		fn, ok := h.header(f.File).facts.Func(f.Start.Line)
		if !ok || !strings.HasSuffix(f.File, "_test.go") || !isTestFunc(fn.Name) {
			return false
		}
	}
	return true
}

// testHelpers reports whether every copy of c is test code, and one at
// least by its function's parameters rather than its file's name: in a
// _test.go file or a directory of tests (isTest), or in a function that
// takes a *testing.T, *testing.B, *testing.F or testing.TB, which only a
// test can call (gophercloud's acceptance helpers in plain .go files).
func (h *headers) testHelpers(c fingerprint.Class) bool {
	byParams := false
	for _, f := range c.Fragments {
		if isTest(h.paths.of(f.File)) {
			continue
		}
		fn, ok := h.header(f.File).facts.Func(f.Start.Line)
		if !ok || !takesTesting(fn.Sig) {
			return false
		}
		byParams = true
	}
	return byParams
}

// takesTesting reports whether a function's signature (Func.Sig) has a
// parameter of package testing's types for tests, benchmarks and fuzz
// targets. Only the parameters count: a result of such a type does not
// make a test helper.
func takesTesting(sig string) bool {
	params := sig
	if strings.HasPrefix(params, "[") { // type parameters
		if i := strings.Index(params, "]("); i >= 0 {
			params = params[i+1:]
		}
	}
	if i := strings.Index(params, ")"); i >= 0 {
		params = params[:i]
	}
	for _, t := range []string{"*testing.T", "*testing.B", "*testing.F", "testing.TB"} {
		if i := strings.Index(params, t); i >= 0 {
			rest := params[i+len(t):]
			if rest == "" || !isWordRune(rune(rest[0])) {
				return true
			}
		}
	}
	return false
}

// isTestFunc reports whether a function's name, receiver included, is
// that of a test, example, benchmark or fuzz function: the prefix, then
// nothing or anything but a lower-case letter (go test's rule). A suite's
// methods (s.TestRestart) count too.
func isTestFunc(name string) bool {
	_, name = receiver(name)
	for _, p := range []string{"Test", "Example", "Benchmark", "Fuzz"} {
		if rest, ok := strings.CutPrefix(name, p); ok {
			r, _ := utf8.DecodeRuneInString(rest)
			return rest == "" || !unicode.IsLower(r)
		}
	}
	return false
}

// oneFunction reports whether a copy of c that lacks a step and one that
// holds it (Drift) are one function written in two places: two
// functions of the same name, of the same receiver type when both are
// methods (a method and a plain function copying it count: reflect's
// Value.Field and internal/reflectlite's Field), and not two branches of
// one function.
func (h *headers) oneFunction(c fingerprint.Class) bool {
	for _, x := range c.Fragments {
		fx, ok := h.header(x.File).facts.Func(x.Start.Line)
		if !ok {
			continue
		}
		rx, nx := receiver(fx.Name)
		for _, d := range x.Drift {
			y := c.Fragments[d.Twin]
			fy, ok := h.header(y.File).facts.Func(y.Start.Line)
			if !ok {
				continue
			}
			ry, ny := receiver(fy.Name)
			if (x.File != y.File || fx.Line != fy.Line) && nx == ny && (rx == ry || rx == "" || ry == "") {
				return true
			}
		}
	}
	return false
}

// ownSteps reports whether a copy of c lacks a step on a field or
// method only its twin names (Drift.Own).
func ownSteps(c fingerprint.Class) bool {
	for _, f := range c.Fragments {
		if slices.ContainsFunc(f.Drift, func(d fingerprint.Drift) bool { return d.Own }) {
			return true
		}
	}
	return false
}

// keepDrift keeps the drifts of c's fragments that keep says to, and
// makes c's Extra, Lacks and Divergent say what is left.
func keepDrift(c *fingerprint.Class, keep func(fingerprint.Drift) bool) {
	for i := range c.Fragments {
		f := &c.Fragments[i]
		f.Drift = slices.DeleteFunc(f.Drift, func(d fingerprint.Drift) bool { return !keep(d) })
	}
	c.SetDrift()
}
