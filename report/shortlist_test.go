package report

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
)

// A class is listed unless every copy is test code, every copy is in an
// example program, or it is a copy on purpose, and a drifted class
// wherever it is; size and edits rank a
// class lower but never leave it out.
func TestListed(t *testing.T) {
	sized := func(id string, lines int, files ...string) fingerprint.Class {
		c := class(id, fingerprint.Near, files...)
		c.Lines, c.Similarity = lines, 1
		return c
	}
	classes := []fingerprint.Class{
		sized("big", 40, "a/x.go", "b/y.go"),
		sized("small", 12, "a/x.go", "b/y.go"),
		sized("tests", 60, "a/x_test.go", "b/y_test.go"),
		sized("e2e", 60, "test/e2e/a.go", "test/e2e/b.go"),
		sized("mixed", 35, "a/x_test.go", "b/y.go"), // one copy in production
		sized("arch", 80, "obj/arm64/a.go", "obj/loong64/a.go"),
		sized("divergent", 12, "d/x.go", "d/y.go"),
		sized("divergent tests", 12, "d/x_test.go", "d/y_test.go"),
		sized("edited", 40, "e/x.go", "e/y.go"),
		sized("divergent arch", 12, "obj/arm64/d.go", "obj/loong64/d.go"),
		sized("examples", 60, "examples/server/main.go", "_example/client/main.go"),
		sized("one example", 60, "examples/server/main.go", "cmd/server/main.go"),
		sized("example and test", 60, "examples/server/main.go", "server/example_test.go"),
		sized("divergent examples", 12, "examples/a/main.go", "examples/b/main.go"),
	}
	classes[6].Divergent, classes[7].Divergent, classes[9].Divergent, classes[13].Divergent = true, true, true, true
	// edited's copies are 88% alike and differ in six names.
	classes[8].Similarity, classes[8].Names = 0.88, 6
	Rank(classes, nil, SortRank)
	ids := func(cs []fingerprint.Class) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.ID)
		}
		return out
	}
	listed, left := Split(classes)
	// Drifted first, then the production classes, the longer first and
	// the edited lower: edited's 40 lines rank below small's 12. A
	// drifted class in tests is left out as tests are (reading 33).
	if got, want := ids(listed), []string{"divergent", "divergent arch", "one example", "big", "mixed", "small", "edited"}; !slices.Equal(got, want) {
		t.Errorf("listed %v, want %v", got, want)
	}
	if got, want := ids(left), []string{"tests", "e2e", "examples", "example and test", "divergent tests", "divergent examples", "arch"}; !slices.Equal(got, want) {
		t.Errorf("left out %v, want %v", got, want)
	}
	for _, c := range classes {
		want := map[string]string{"tests": "tests", "e2e": "tests", "divergent tests": "tests", "arch": "per-arch: paths name arm64 and loong64", "examples": "examples", "example and test": "examples", "divergent examples": "examples"}[c.ID]
		if got := LeftOut(c); got != want {
			t.Errorf("%s: left out %q, want %q", c.ID, got, want)
		}
	}
}

// A note on a copy (in it or in its doc comment) or in its file's header
// that says it is one and names another copy — its package, its file or
// its function — makes the class a mirror: a copy made on purpose. A
// note that names no other copy, or that stands elsewhere in the file,
// does not.
func TestNotedCopy(t *testing.T) {
	body := "\tx := 1\n\ty := 2\n\treturn x + y\n}\n"
	other := map[string]string{
		"color/ycbcr.go":  "package color\n\nfunc YCbCrToRGB() int {\n" + body,
		"net/http/h.go":   "package http\n\nfunc g() int {\n" + body,
		"format/print.go": "package format\n\nfunc g() int {\n" + body,
	}
	for _, tc := range []struct {
		note, other string
		want        string
	}{
		{"// This code is a copy of image/color's YCbCrToRGB.\n", "color/ycbcr.go", CategoryMirror},
		{"// Copied from net/http.\n", "net/http/h.go", CategoryMirror},
		{"// Duplicated from crypto/ecdsa, which cannot be imported here.\n", "net/http/h.go", ""}, // names another package
		{"// This file and go/format/print.go are the same. Do not modify\n// one without the other.\n", "format/print.go", CategoryMirror},
		{"// Do not modify one without the other.\n", "format/print.go", ""}, // names nothing
		{"// snapshot is a point-in-time copy of a row's fields.\n", "color/ycbcr.go", ""},
		{"// sum adds two numbers; see YCbCrToRGB.\n", "color/ycbcr.go", ""}, // names, but notes no copy
		{"", "color/ycbcr.go", ""},
	} {
		src := "package p\n\n" + tc.note + "func f() int {\n" + body
		start := 3 + strings.Count(tc.note, "\n")
		files := map[string]string{"a/f.go": src, tc.other: other[tc.other]}
		c := class("id", fingerprint.Near, "a/f.go", tc.other)
		c.Fragments[0].Start.Line, c.Fragments[0].End.Line = start, start+4
		c.Fragments[1].Start.Line, c.Fragments[1].End.Line = 3, 7
		h := &headers{src: ReadFacts(fakeFiles(files)), cache: map[string]*header{}}
		if got, ev := h.category(c); got != tc.want {
			t.Errorf("note %q: category %q (%s), want %q", tc.note, got, ev, tc.want)
		}
	}
	// A note inside another declaration is about that one, even when it
	// names the other copy.
	src := "package p\n\nfunc g() {\n\t// Copied from net/http.\n\tv := 1\n}\n\n// f adds.\nfunc f() int {\n" + body
	c := class("id", fingerprint.Near, "a/f.go", "net/http/h.go")
	c.Fragments[0].Start.Line, c.Fragments[0].End.Line = 9, 13
	h := &headers{src: ReadFacts(fakeFiles(map[string]string{"a/f.go": src})), cache: map[string]*header{}}
	if got, _ := h.category(c); got != "" {
		t.Errorf("a note in another function: category %q, want none", got)
	}
	// The evidence names the note and the copy it names.
	files := map[string]string{"a/f.go": "package p\n\n// Copied from net/http.\nfunc f() int {\n" + body, "net/http/h.go": other["net/http/h.go"]}
	c = class("id", fingerprint.Near, "a/f.go", "net/http/h.go")
	c.Fragments[0].Start.Line, c.Fragments[0].End.Line = 4, 8
	h = &headers{src: ReadFacts(fakeFiles(files)), cache: map[string]*header{}}
	if _, ev := h.category(c); ev != "the note at a/f.go:3 names net/http/h.go" {
		t.Errorf("evidence %q", ev)
	}
}

// inFunc is a file of package p with one function, decl, whose body is
// lines 4 and 5.
func inFunc(decl string) string { return "package p\n\n" + decl + " {\n\tx := 1\n\treturn x\n}\n" }

// bodyClass is a near-miss class of two copies, each the body of the
// function of an inFunc file.
func bodyClass(a, b string) fingerprint.Class {
	c := class("id", fingerprint.Near, a, b)
	for i := range c.Fragments {
		c.Fragments[i].Start.Line, c.Fragments[i].End.Line = 4, 5
	}
	return c
}

// Copies in functions whose names, packages or signatures differ only by
// a type or a width are one instantiation per type, and those in
// functions whose names differ by opposite words are inverses; the same
// function copied elsewhere, or names that differ otherwise, are neither.
func TestPerType(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want string
	}{
		{"func (h *Histogram) Equals(o *Histogram) bool", "func (h *FloatHistogram) Equals(o *FloatHistogram) bool", CategoryPerType},
		{"func (f *File) getSymbols32(typ SectionType) int", "func (f *File) getSymbols64(typ SectionType) int", CategoryPerType},
		{"func Pull[V any](seq Seq[V]) int", "func Pull2[K, V any](seq Seq2[K, V]) int", CategoryPerType},
		{"func convertToIntegerHistogram() int", "func convertToFloatHistogram() int", CategoryPerType},
		{"func GetDefaultClass() int", "func getDefaultClass() int", ""}, // the same name, copied
		{"func Equals() int", "func Equals() int", ""},
		{"func addPod() int", "func addNode() int", ""},
		{"func decodeRuneSlow(p []byte) int", "func decodeRuneInStringSlow(s string) int", CategoryPerType},
		{"func find() int", "func findIn() int", ""}, // a joining word alone
		{"func Y0(x float64) float64", "func Y1(x float64) float64", CategoryPerType},
		{"func onByteCodes() int", "func onHealByteCodes() int", ""},
		// One name: the signatures differ only by types, or by the
		// packages of their types.
		{"func TrimSpace(s []byte) []byte", "func TrimSpace(s string) string", CategoryPerType},
		{"func ComputePodQOS(pod *core.Pod) core.PodQOSClass", "func ComputePodQOS(pod *v1.Pod) v1.PodQOSClass", CategoryPerType},
		{"func Index[T any](s []T, x int64) int", "func Index[T any](s []T, x int32) int", CategoryPerType},
		{"func find(pod *v1.Pod) int", "func find(node *v1.Node) int", ""},
		{"func find(s []byte, t Table) int", "func find(s string, t Table) int", CategoryPerType},
		{"func find(s []byte, t Table) int", "func find(s string, t Index) int", ""},
		// A type named in its own package and, in the other copy,
		// through it (a.Order in b, a.go's package a) is one type: a
		// function moved to another package; a package of another name
		// is another type.
		{"func Summarize(orders []Order) []string", "func Summarize(orders []a.Order) []string", ""},
		{"func Summarize(orders []b.Order) []string", "func Summarize(orders []Order) []string", ""},
		{"func Summarize(orders []Order) []string", "func Summarize(orders []core.Order) []string", CategoryPerType},
		{"func find(s []byte,", "func find(s string,", ""},                                // cut: not known
		{"func Summary(rows []string) string", "func Summary(items []string) string", ""}, // only the names differ: a copy
		// Opposite operations.
		{"func (d *Decoder) ReadValue() int", "func (e *Encoder) WriteValue() int", CategoryInverse},
		{"func ToUpper(s string) string", "func ToLower(s string) string", CategoryInverse},
		{"func (p *pool) popHead() int", "func (p *pool) popTail() int", CategoryInverse},
		{"func mountVolume() int", "func unmountVolume() int", CategoryInverse},
		{"func addPod() int", "func removePod() int", CategoryInverse},
		{"func unit() int", "func it() int", ""},
		{"func IndexAny(s string) int", "func LastIndexAny(s string) int", CategoryInverse},
		{"func (z *Float) Mul(x *Float) int", "func (z *Float) Quo(x *Float) int", CategoryInverse},
		{"func SignRSA(priv *PrivateKey) int", "func VerifyRSA(pub *PublicKey) int", CategoryInverse},
		{"func Index(s string) int", "func IndexAny(s string) int", ""},
		{"func readHeader() int", "func writeBody() int", ""},
		// One method of two types: opposite if the types are named for
		// opposite operations, not for the sides of a thing.
		{"func (d *decoder) value(v reflect.Value) int", "func (e *encoder) value(v reflect.Value) int", CategoryInverse},
		{"func (o CSVInputOptions) MarshalXML(e *xml.Encoder) error", "func (o CSVOutputOptions) MarshalXML(e *xml.Encoder) error", ""},
		// One generic function per number of type parameters (samber/lo's
		// Zip5 and Zip6); numbered functions that are not generic, or of
		// as many type parameters, are not.
		{"func Zip5[A, B, C, D, E any](a []A, b []B, c []C, d []D, e []E) int", "func Zip6[A, B, C, D, E, F any](a []A, b []B, c []C, d []D, e []E, f []F) int", CategoryPerType},
		{"func Pipe9[A any, B ~[]A, C any, D any, E any, F any, G any, H any, I any](a A) int", "func Pipe10[A any, B ~[]A, C any, D any, E any, F any, G any, H any, I any, J any](a A) int", CategoryPerType},
		{"func step5(a int) int", "func step6(a int) int", ""},
		{"func Merge5[T any](a T) int", "func Merge6[T any](a T) int", ""},
		{"func Zip5[A, B, C, D, E any](a []A) int", "func ZipBy6[A, B, C, D, E, F any](a []A) int", ""},
	} {
		files := map[string]string{"a/x.go": inFunc(tc.a), "b/y.go": inFunc(tc.b)}
		h := &headers{src: ReadFacts(fakeFiles(files)), cache: map[string]*header{}}
		if got, _ := h.category(bodyClass("a/x.go", "b/y.go")); got != tc.want {
			t.Errorf("%s ~ %s: category %q, want %q", tc.a, tc.b, got, tc.want)
		}
	}
	// An exact copy under a name with a number added is a copy numbered,
	// not one per type; one whose name adds a width is one per type.
	for _, tc := range [][3]string{
		{"func Summarize(rows []string) string", "func Summarize2(rows []string) string", ""},
		{"func TestRBACModelInMemory(t *testing.T)", "func TestRBACModelInMemory2(t *testing.T)", ""},
		{"func handleFuncOptsF32() int", "func handleFuncOptsF64() int", CategoryPerType},
		{"func (u UUID) unmarshalText32() int", "func (u UUID) unmarshalText16() int", CategoryPerType},
	} {
		files := map[string]string{"a/x.go": inFunc(tc[0]), "a/y.go": inFunc(tc[1])}
		h := &headers{src: ReadFacts(fakeFiles(files)), cache: map[string]*header{}}
		c := bodyClass("a/x.go", "a/y.go")
		c.Kind = fingerprint.Exact
		if got, _ := h.category(c); got != tc[2] {
			t.Errorf("exact %s ~ %s: category %q, want %q", tc[0], tc[1], got, tc[2])
		}
	}
	// The evidence says a number, not a type, when the names differ only
	// by one.
	for _, tc := range [][3]string{
		{"func Y0(x float64) float64", "func Y1(x float64) float64", "Y0 and Y1 differ only by a number"},
		{"func decodeV1(b []byte) int", "func decodeV2(b []byte) int", "decodeV1 and decodeV2 differ only by a number"},
		{"func getSymbols32(typ int) int", "func getSymbols64(typ int) int", "getSymbols32 and getSymbols64 differ only by a type or a width"},
		{"func sumInt32(x int) int", "func sumInt64(x int) int", "sumInt32 and sumInt64 differ only by a type or a width"},
		{"func convertToIntegerHistogram() int", "func convertToFloatHistogram() int", "convertToIntegerHistogram and convertToFloatHistogram differ only by a type or a width"},
		// Opposite operations, and one method of opposite types, which
		// does the same to each (it said they do opposite things).
		{"func ToUpper(s string) string", "func ToLower(s string) string", "ToUpper and ToLower do opposite things"},
		{"func (d *Decoder) Reset(n int) int", "func (e *Encoder) Reset(n int) int", "Decoder.Reset and Encoder.Reset are one method of types for opposite operations"},
	} {
		files := map[string]string{"a/x.go": inFunc(tc[0]), "b/y.go": inFunc(tc[1])}
		h := &headers{src: ReadFacts(fakeFiles(files)), cache: map[string]*header{}}
		if _, ev := h.category(bodyClass("a/x.go", "b/y.go")); ev != tc[2] {
			t.Errorf("%s ~ %s: evidence %q, want %q", tc[0], tc[1], ev, tc[2])
		}
	}
	// The same function in packages whose names differ by a width.
	files := map[string]string{"sha256/a.go": inFunc("func block(d *Digest)"), "sha512/b.go": inFunc("func block(d *Digest)"),
		"agentgateway/a.go": inFunc("func find(d *Digest)"), "gateway/b.go": inFunc("func find(d *Digest)")}
	for _, pair := range [][3]string{{"sha256/a.go", "sha512/b.go", CategoryPerType}, {"agentgateway/a.go", "gateway/b.go", ""}} {
		h := &headers{src: ReadFacts(fakeFiles(files)), cache: map[string]*header{}}
		if got, _ := h.category(bodyClass(pair[0], pair[1])); got != pair[2] {
			t.Errorf("%s ~ %s: category %q, want %q", pair[0], pair[1], got, pair[2])
		}
	}
	if got := nameWords("FloatHistogram.appendableST"); !slices.Equal(got, []string{"float", "histogram", "appendable", "st"}) {
		t.Errorf("nameWords = %q", got)
	}
}

// A comment in a file's header (above its package clause) that says the
// file is a copy and names the other copy's package or file makes its
// classes with that copy mirrors; a comment that names neither, or one
// that stands anywhere else in the file, does not: one doc comment must
// not speak for a whole file (Prometheus's tsdb/agent/series.go holds
// "snapshot is a point-in-time copy of a row's fields" above a type).
func TestFileNote(t *testing.T) {
	body := "func f() int {\n\tx := 1\n\treturn x\n}\n"
	for _, tc := range []struct {
		src, want string
	}{
		{"// This file is a lightly modified copy go/build/build.go with unused parts removed.\npackage p\n\n" + body, CategoryMirror},
		{"// Copied from path/build.\npackage p\n\n" + body, CategoryMirror},
		{"// All code is ported from core/state/snapshot/conversion.go unless noted.\npackage p\n\n" + body, ""},
		{"// Package p mirrors traffic to a backend.\npackage p\n\n" + body, ""},
		{"package p\n\n" + body + "\n// snapshot is a point-in-time copy of a row's fields.\ntype snapshot struct{}\n", ""},
		{"package p\n\n" + body + "\n// Copied from go/build.\nvar x = 1\n", ""}, // about x, not f
	} {
		files := map[string]string{"a/x.go": tc.src, "build/build.go": "package build\n\n" + body}
		first := 1 + strings.Count(tc.src[:strings.Index(tc.src, "func f")], "\n")
		c := class("id", fingerprint.Near, "a/x.go", "build/build.go")
		c.Fragments[0].Start.Line, c.Fragments[0].End.Line = first, first+3
		c.Fragments[1].Start.Line, c.Fragments[1].End.Line = 3, 6
		h := &headers{src: ReadFacts(fakeFiles(files)), cache: map[string]*header{}}
		if got, ev := h.category(c); got != tc.want {
			t.Errorf("%q: category %q (%s), want %q", tc.src, got, ev, tc.want)
		}
	}
}

// A divergent class whose copies are all test cases, or inverse
// operations, is not divergent: what one case checks, or one direction
// does, the other need not.
func TestNotDivergent(t *testing.T) {
	for _, tc := range []struct {
		a, b          string
		fa, fb        string // the files' names
		wantDivergent bool
	}{
		{"func TestInt(t *testing.T)", "func TestInt(t *testing.T)", "a_test.go", "b_test.go", false},
		{"func ExampleNewCBC()", "func ExampleNewCBC()", "a_test.go", "b_test.go", false},
		{"func (s *Suite) TestRestart(c *testing.T)", "func (s *Suite) TestRestart(c *testing.T)", "a_test.go", "b_test.go", false},
		{"func add() bool", "func remove() bool", "a.go", "b.go", false},
		// A helper of tests may lack a check its copy has by mistake.
		{"func assertSane(t *testing.T)", "func assertSane(t *testing.T)", "a_test.go", "b_test.go", true},
		{"func Testify()", "func Testify()", "a_test.go", "b_test.go", true}, // not test functions
		{"func TestInt()", "func TestInt()", "a.go", "b.go", true},           // not in tests
		// One function in two places, a method and a function copying it.
		{"func (v Value) Field(i int) Value", "func Field(v Value, i int) Value", "a.go", "b.go", true},
		{"func (v *Value) Field(i int) Value", "func (v *Value) Field(i int) Value", "a.go", "b.go", true},
		// Functions of different names, methods of different types:
		// read blind, their copies lacked a step by mistake as often as
		// the others (docs/drift.md).
		{"func NewIngress() int", "func NewService() int", "a.go", "b.go", true},
		{"func loadConfiguration() int", "func LoadConfiguration() int", "a.go", "b.go", true},
		{"func (x *ctr) XORKeyStream()", "func (x *ofb) XORKeyStream()", "a.go", "b.go", true},
		{"func TestInt(t *testing.T)", "func checkInt(t *testing.T)", "a_test.go", "b_test.go", true}, // a helper is no test case
	} {
		files := map[string]string{"a/" + tc.fa: inFunc(tc.a), "b/" + tc.fb: inFunc(tc.b)}
		c := bodyClass("a/"+tc.fa, "b/"+tc.fb)
		c.Divergent = true
		c.Fragments[1].Extra = []fingerprint.LineRange{{Start: 4, End: 4}}
		c.Fragments[0].Lacks = true
		cs := []fingerprint.Class{c}
		Categorise(cs, ReadFacts(fakeFiles(files)))
		if got := cs[0].Divergent; got != tc.wantDivergent {
			t.Errorf("%s ~ %s: Divergent = %v, want %v", tc.a, tc.b, got, tc.wantDivergent)
		}
		if (cs[0].Fragments[1].Extra != nil) != tc.wantDivergent {
			t.Errorf("%s ~ %s: Extra = %v", tc.a, tc.b, cs[0].Fragments[1].Extra)
		}
	}
}

// Copies in functions of different names or types keep their drift:
// read blind, 7 of 31 classes whose copies in differently named
// functions lacked a step were a missed change (cilium's IPv4 and IPv6
// IPsec set-up, kyverno's gpol and vpol prepareData), as many as among
// the rest.
func TestDriftAcrossFunctions(t *testing.T) {
	files := map[string]string{"a/a.go": inFunc("func (s *mutating) authorize() error"), "b/b.go": inFunc("func (s *validating) authorize() error")}
	for _, tc := range []struct {
		drift           fingerprint.Drift
		kept, divergent bool
	}{
		{fingerprint.Drift{Kind: fingerprint.DriftSwapped, Twin: 1}, true, true},
		{fingerprint.Drift{Kind: fingerprint.DriftLacks, Step: fingerprint.StepGuard, Twin: 1}, true, true},
	} {
		c := bodyClass("a/a.go", "b/b.go")
		c.Divergent = true
		c.Fragments[0].Drift = []fingerprint.Drift{tc.drift}
		if tc.drift.Kind == fingerprint.DriftLacks {
			c.Fragments[0].Lacks = true
			c.Fragments[1].Extra = []fingerprint.LineRange{{Start: 4, End: 4}}
		}
		cs := []fingerprint.Class{c}
		Categorise(cs, ReadFacts(fakeFiles(files)))
		if cs[0].Divergent != tc.divergent || (len(cs[0].Fragments[0].Drift) > 0) != tc.kept {
			t.Errorf("%s %s: Divergent = %v, drift %v; want %v, kept %v", tc.drift.Kind, tc.drift.Step, cs[0].Divergent, cs[0].Fragments[0].Drift, tc.divergent, tc.kept)
		}
	}
}

// Copies made on purpose (here per architecture) keep no lacked step on
// a field or method only one of them names (Drift.Own): each variant has
// fields of its own. Their other drifts stay news.
func TestOwnStepsOnPurpose(t *testing.T) {
	for _, tc := range []struct {
		own  bool
		want bool
	}{{true, false}, {false, true}} {
		c := class("arch", fingerprint.Near, "obj/arm64/d.go", "obj/loong64/d.go")
		c.Lines, c.Divergent = 40, true
		c.Fragments[0].Lacks = true
		c.Fragments[1].Extra = []fingerprint.LineRange{{Start: 12, End: 12}}
		c.Fragments[0].Drift = []fingerprint.Drift{{Kind: fingerprint.DriftLacks, Step: fingerprint.StepCheck, Own: tc.own, Twin: 1,
			Lines: fingerprint.LineRange{Start: 11, End: 11}, TwinLines: fingerprint.LineRange{Start: 12, End: 12}}}
		cs := []fingerprint.Class{c}
		Rank(cs, nil, SortRank)
		if cs[0].Signal.Category != CategoryPerArch || cs[0].Divergent != tc.want || (cs[0].Fragments[1].Extra != nil) != tc.want {
			t.Errorf("own %v: category %q, Divergent = %v, extra %v; want divergent %v", tc.own, cs[0].Signal.Category, cs[0].Divergent, cs[0].Fragments[1].Extra, tc.want)
		}
	}
}

// A drift is news in a category (here per architecture) but not in a
// generated file, which no one edits by hand: read blind, no drifted
// class in generated files was worth acting on (reading 59). Such a class
// is left out as a mirror and keeps what it says of its drift.
func TestDriftInGeneratedFiles(t *testing.T) {
	header := map[string]string{
		"gen/api.cat.master.go":    "// Code generated from specification version 9.1.0: DO NOT EDIT\n\npackage gen\n",
		"gen/api.cat.nodeattrs.go": "// Code generated from specification version 9.1.0: DO NOT EDIT\n\npackage gen\n",
	}
	for _, tc := range []struct {
		files []string
		left  string
	}{
		{[]string{"gen/api.cat.master.go", "gen/api.cat.nodeattrs.go"}, CategoryMirror},
		{[]string{"gen/api.cat.master.go", "hand/cat.go"}, CategoryMirror}, // one copy generated
		{[]string{"hand/master.go", "hand/nodeattrs.go"}, ""},
		{[]string{"obj/arm64/d.go", "obj/loong64/d.go"}, ""},
	} {
		c := class("id", fingerprint.Near, tc.files...)
		c.Lines, c.Divergent = 40, true
		c.Fragments[0].Lacks = true
		c.Fragments[1].Extra = []fingerprint.LineRange{{Start: 12, End: 12}}
		c.Fragments[0].Drift = []fingerprint.Drift{{Kind: fingerprint.DriftLacks, Step: fingerprint.StepCheck, Twin: 1,
			Lines: fingerprint.LineRange{Start: 11, End: 11}, TwinLines: fingerprint.LineRange{Start: 12, End: 12}}}
		cs := []fingerprint.Class{c}
		Rank(cs, ReadFacts(fakeFiles(header)), SortRank)
		got := cs[0]
		if got.Signal.LeftOut != tc.left || !got.Divergent || len(got.Fragments[0].Drift) != 1 {
			t.Errorf("%v: left out by %q, Divergent %v, drift %v; want left out by %q, the drift kept", tc.files, got.Signal.LeftOut, got.Divergent, got.Fragments[0].Drift, tc.left)
		}
		if want := tc.left == ""; (got.Signal.Score >= bandDivergent) != want {
			t.Errorf("%v: score %d, in the drifted band %v", tc.files, got.Signal.Score, want)
		}
	}
}

// A class with a copy in a generator's state machine, which no comment
// marks, is left out as a mirror that says what the file is; a header's
// words say only that it is generated.
func TestStateMachineEvidence(t *testing.T) {
	var machine strings.Builder
	machine.WriteString("package urn\n\nfunc parse(data []byte) int {\n\tp := 0\n\tswitch p {\n\tcase 0:\n")
	for i := range 100 {
		fmt.Fprintf(&machine, "st%d:\n\tif data[p] == 'a' {\n\t\tgoto st%d\n\t}\n", i, (i+1)%100)
	}
	machine.WriteString("\t}\n\treturn p\n}\n")
	files := map[string]string{
		"urn/machine.go": machine.String(),
		"gen/machine.go": "// Code generated by ragel. DO NOT EDIT.\n\n" + machine.String(),
	}
	for file, want := range map[string]string{
		"urn/machine.go": "mirror: urn/machine.go is a generator's state machine",
		"gen/machine.go": "mirror: gen/machine.go is generated",
	} {
		cs := []fingerprint.Class{class("id", fingerprint.Near, file, "hand/parse.go")}
		Rank(cs, ReadFacts(fakeFiles(files)), SortRank)
		if got := LeftOut(cs[0]); got != want {
			t.Errorf("%s: left out as %q, want %q", file, got, want)
		}
	}
}

// Among drifted classes with the same evidence, one function written in
// two places ranks before copies in functions of different names.
func TestDriftOneFunctionFirst(t *testing.T) {
	files := map[string]string{
		"a/a.go": inFunc("func Match(p string) bool"), "b/b.go": inFunc("func Match(p string) bool"),
		"c/c.go": inFunc("func enableIPv4() error"), "d/d.go": inFunc("func enableIPv6() error"),
	}
	drifted := func(id, a, b string) fingerprint.Class {
		c := bodyClass(a, b)
		c.ID, c.Divergent, c.Lines = id, true, 40
		c.Fragments[0].Lacks = true
		c.Fragments[1].Extra = []fingerprint.LineRange{{Start: 4, End: 4}}
		c.Fragments[0].Drift = []fingerprint.Drift{{Kind: fingerprint.DriftLacks, Step: fingerprint.StepGuard, Twin: 1,
			Lines: fingerprint.LineRange{Start: 4, End: 4}, TwinLines: fingerprint.LineRange{Start: 4, End: 4}}}
		return c
	}
	cs := []fingerprint.Class{drifted("apart", "c/c.go", "d/d.go"), drifted("one", "a/a.go", "b/b.go")}
	Rank(cs, ReadFacts(fakeFiles(files)), SortRank)
	if cs[0].ID != "one" || !cs[0].Signal.OneFunction || cs[1].Signal.OneFunction || !cs[1].Divergent {
		t.Errorf("order %s (one function %v), %s (one function %v, divergent %v)", cs[0].ID, cs[0].Signal.OneFunction, cs[1].ID, cs[1].Signal.OneFunction, cs[1].Divergent)
	}
}

// In a class of five copies, the first note that names another copy
// gives the evidence, naming the first copy in order it names, in any
// case (ſync is sync, KELVIN kelvin), never its own.
func TestNotedCopyManyCopies(t *testing.T) {
	body := "\tx := 1\n\ty := 2\n\treturn x + y\n}\n"
	copies := []struct{ file, note, fn string }{
		{"a/alpha.go", "// Copied from alpha, then from mirror and ſync.\n", "f"},
		{"b/kelvin.go", "", "g"},
		{"c/gamma.go", "// Copied from KELVIN.\n", "h"},
		{"d/sync.go", "", "runSync"},
		{"e/mirror.go", "// Copied from upstream.\n", "k"},
	}
	files := map[string]string{}
	var names []string
	for _, cp := range copies {
		files[cp.file] = "package p\n\n" + cp.note + "func " + cp.fn + "() int {\n" + body
		names = append(names, cp.file)
	}
	c := class("id", fingerprint.Near, names...)
	for i, cp := range copies {
		start := 3 + strings.Count(cp.note, "\n")
		c.Fragments[i].Start.Line, c.Fragments[i].End.Line = start, start+4
	}
	h := &headers{src: ReadFacts(fakeFiles(files)), cache: map[string]*header{}}
	if got, ev := h.category(c); got != CategoryMirror || ev != "the note at a/alpha.go:3 names d/sync.go" {
		t.Errorf("category %q, evidence %q", got, ev)
	}
	// Without the first note, the third copy's.
	files["a/alpha.go"] = "package p\n\nfunc f() int {\n" + body
	c.Fragments[0].Start.Line, c.Fragments[0].End.Line = 3, 7
	h = &headers{src: ReadFacts(fakeFiles(files)), cache: map[string]*header{}}
	if got, ev := h.category(c); got != CategoryMirror || ev != "the note at c/gamma.go:3 names b/kelvin.go" {
		t.Errorf("category %q, evidence %q", got, ev)
	}
}
