package fingerprint

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// sum is a function of about 90 canonical tokens; its copies below are
// edited in different ways.
const sum = `func Sum(xs []int, limit int) (total int, n int) {
	for i, x := range xs {
		if x > limit {
			continue
		}
		total += x * i
		n++
	}
	if n == 0 {
		return 0, 0
	}
	total = total / n
	return total, n
}
`

var (
	// sumRenamed renames every name consistently and changes a literal.
	sumRenamed = `func Add(vals []int, max int) (acc int, k int) {
	for j, v := range vals {
		if v > max {
			continue
		}
		acc += v * j
		k++
	}
	if k == 0 {
		return 0, 1
	}
	acc = acc / k
	return acc, k
}
`
	// sumInconsistent uses one name where the original used two.
	sumInconsistent = strings.Replace(sum, "total += x * i", "total += x * x", 1)
)

func opts() Options {
	return Options{MinTokens: 30, MinLines: 3, MaxOccurrences: 10, Workers: 2}
}

func TestExactAndRenamedClones(t *testing.T) {
	for _, tc := range []struct {
		name string
		srcs map[string]string
		want []string
	}{
		{
			name: "exact copy in another file",
			srcs: map[string]string{"a.go": "package p\n\n" + sum, "b.go": "package q\n\nvar v = 1\n\n" + sum},
			want: []string{"exact a.go:3-16 b.go:5-18"},
		},
		{
			name: "consistent renaming",
			srcs: map[string]string{"a.go": "package p\n\n" + sum, "b.go": "package q\n\n" + sumRenamed},
			want: []string{"renamed a.go:3-16 b.go:3-16"},
		},
		{
			name: "three copies make one class",
			srcs: map[string]string{"a.go": "package p\n\n" + sum, "b.go": "package q\n\n" + sum, "c.go": "package r\n\n" + sumRenamed},
			want: []string{"renamed a.go:3-16 b.go:3-16 c.go:3-16"},
		},
		{
			name: "inconsistent renaming is no renamed clone",
			srcs: map[string]string{"a.go": "package p\n\n" + sum, "b.go": "package q\n\n" + sumInconsistent},
			want: nil,
		},
		{
			name: "half a function: whole statements only",
			srcs: map[string]string{
				"a.go": "package p\n\n" + sum,
				"b.go": "package q\n\nfunc Other(xs []int, limit int) int {\n\tvar total, n int\n\tprintln(limit)\n" +
					"\tfor i, x := range xs {\n\t\tif x > limit {\n\t\t\tcontinue\n\t\t}\n\t\ttotal += x * i\n\t\tn++\n\t}\n" +
					"\tif n == 0 {\n\t\treturn 0, 0\n\t}\n\treturn n\n}\n",
			},
			want: []string{"exact a.go:4-13 b.go:6-15"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := describe(detect(t, opts(), tc.srcs))
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("classes:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestRenamedDiffersListsChangedLines(t *testing.T) {
	classes := detect(t, opts(), map[string]string{"a.go": "package p\n\n" + sum, "b.go": "package q\n\n" + sumRenamed})
	if len(classes) != 1 {
		t.Fatalf("got %d classes, want 1", len(classes))
	}
	fr := classes[0].Fragments
	if len(fr[0].Differs) != 0 {
		t.Errorf("first fragment differs: %v", fr[0].Differs)
	}
	// Every line but the closing braces, "continue" and "for ... range"
	// renames something; line 4 (for i, x := range xs) does.
	if !slices.ContainsFunc(fr[1].Differs, func(r LineRange) bool { return r.Start <= 4 && 4 <= r.End }) {
		t.Errorf("differs %v does not cover line 4", fr[1].Differs)
	}
}

func TestOwnNameLeftOutOfRenaming(t *testing.T) {
	// The copy renames Write to WriteTo but still calls w.Write: the
	// function's own name does not take part in the bijection.
	a := "package p\n\nfunc (b *Buf) Write(p []byte) (int, error) {\n\tn, err := b.w.Write(p)\n\tif err != nil {\n\t\treturn n, err\n\t}\n\tb.n += n\n\tb.calls++\n\treturn n, nil\n}\n"
	b := strings.Replace(a, ") Write(", ") WriteTo(", 1)
	got := describe(detect(t, opts(), map[string]string{"a.go": a, "b.go": b}))
	want := []string{"exact a.go:3-11 b.go:3-11"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("classes:\n got %q\nwant %q", got, want)
	}
}

func TestNoFragmentOverlapsItsCopy(t *testing.T) {
	// A run of same-shaped statements matches itself shifted by one; no
	// reported fragment may overlap another of its class.
	var b strings.Builder
	b.WriteString("package p\n\nfunc f(m map[string]int) {\n")
	for i := range 12 {
		b.WriteString("\tm[\"k\"] = g(m[\"k\"], " + string(rune('a'+i)) + ")\n")
	}
	b.WriteString("}\n")
	for _, c := range detect(t, Options{MinTokens: 30, MinLines: 1, Workers: 1}, map[string]string{"a.go": b.String()}) {
		for i, x := range c.Fragments {
			for _, y := range c.Fragments[i+1:] {
				if x.File == y.File && x.Start.Line <= y.End.Line && y.Start.Line <= x.End.Line {
					t.Errorf("%s: fragments %d-%d and %d-%d overlap", c.Kind, x.Start.Line, x.End.Line, y.Start.Line, y.End.Line)
				}
			}
		}
	}
}

// TestThresholds checks -max-occurrences (boilerplate), -min-lines and
// -min-tokens on copies of sum, a 14-line function of about 90 tokens.
func TestThresholds(t *testing.T) {
	for _, tc := range []struct {
		name   string
		copies int
		set    func(*Options)
		want   int
	}{
		{"4 copies over a limit of 3", 4, func(o *Options) { o.MaxOccurrences = 3 }, 0},
		{"4 copies at a limit of 4", 4, func(o *Options) { o.MaxOccurrences = 4 }, 1},
		{"14 lines under -min-lines 15", 2, func(o *Options) { o.MinLines = 15 }, 0},
		{"14 lines at -min-lines 14", 2, func(o *Options) { o.MinLines = 14 }, 1},
		{"small copies under -min-tokens 200", 2, func(o *Options) { o.MinTokens = 200 }, 0},
		{"-min-tokens past int32", 2, func(o *Options) { o.MinTokens = 1<<32 + 50 }, 0},
		{"-min-tokens of the largest int", 2, func(o *Options) { o.MinTokens = math.MaxInt }, 0},
		{"-min-lines of the largest int", 2, func(o *Options) { o.MinLines = math.MaxInt }, 0},
		{"-max-occurrences of the largest int", 4, func(o *Options) { o.MaxOccurrences = math.MaxInt }, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srcs := map[string]string{}
			for i := range tc.copies {
				srcs[string(rune('a'+i))+".go"] = "package p\n\n" + sum
			}
			opt := opts()
			tc.set(&opt)
			if got := describe(detect(t, opt, srcs)); len(got) != tc.want {
				t.Errorf("got %q, want %d classes", got, tc.want)
			}
		})
	}
}

func TestDeterministic(t *testing.T) {
	srcs := map[string]string{
		"a.go": "package p\n\n" + sum + "\n" + sumInconsistent,
		"b.go": "package q\n\n" + sumRenamed,
		"c.go": "package r\n\n" + sum,
		"d.go": "package s\n\n" + strings.Replace(sum, "n++", "n += 2\n\t\tprintln(n)", 1),
	}
	files := indexSources(t, 30, srcs)
	opt := opts()
	opt.Near, opt.Similarity = true, 0.8
	want := Detect(files, opt)
	if len(want) == 0 {
		t.Fatal("no classes")
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 20 {
		shuffled := slices.Clone(files)
		r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		opt.Workers = 1 + i%4
		if got := Detect(shuffled, opt); !reflect.DeepEqual(got, want) {
			t.Fatalf("run %d (workers %d) differs:\n got %v\nwant %v", i, opt.Workers, describe(got), describe(want))
		}
	}
}

func TestNearMissClones(t *testing.T) {
	edited := strings.Replace(sum, "\t\tn++\n", "\t\tn++\n\t\tprintln(\"seen\", x)\n", 1)
	edited = strings.Replace(edited, "x > limit", "x >= limit", 1)
	opt := opts()
	opt.Near, opt.Similarity = true, 0.8
	classes := detect(t, opt, map[string]string{"a.go": "package p\n\n" + sum, "b.go": "package q\n\n" + edited})
	got := describe(classes)
	want := []string{"near a.go:3-16 b.go:3-17"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("classes:\n got %q\nwant %q", got, want)
	}
	c := classes[0]
	if c.Similarity < 0.8 || c.Similarity >= 1 {
		t.Errorf("similarity %v, want in [0.8, 1)", c.Similarity)
	}
	wantDiffs := []LineRange{{5, 5}, {10, 10}}
	if d := c.Fragments[1].Differs; !reflect.DeepEqual(d, wantDiffs) {
		t.Errorf("differs %v, want %v", d, wantDiffs)
	}

	opt.Near = false
	if got := describe(detect(t, opt, map[string]string{"a.go": "package p\n\n" + sum, "b.go": "package q\n\n" + edited})); slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "near") }) {
		t.Errorf("-near=false gave %q", got)
	}
}

func TestNearLabelsRenamedAsRenamed(t *testing.T) {
	opt := opts()
	opt.Near, opt.Similarity = true, 0.8
	got := describe(detect(t, opt, map[string]string{"a.go": "package p\n\n" + sum, "b.go": "package q\n\n" + sumRenamed}))
	want := []string{"renamed a.go:3-16 b.go:3-16"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("classes:\n got %q\nwant %q", got, want)
	}
}

func TestNearIgnoresDissimilarCode(t *testing.T) {
	other := `func Parse(s string) (map[string]string, error) {
	out := map[string]string{}
	for _, line := range strings.Split(s, "\n") {
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fmt.Errorf("bad line %q", line)
		}
		out[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	return out, nil
}
`
	opt := opts()
	opt.Near, opt.Similarity = true, 0.7
	if got := describe(detect(t, opt, map[string]string{"a.go": "package p\n\n" + sum, "b.go": "package q\n\n" + other})); len(got) != 0 {
		t.Errorf("unrelated functions gave %q", got)
	}
}

// Table-driven tests share their shape; what makes one a copy of another
// is its values. Values in a table that differ count against a near-miss
// match, values elsewhere (a changed constant) do not.
func TestNearTablesCompareValues(t *testing.T) {
	test := func(name, fn string, rows ...string) string {
		return "func " + name + "(t *testing.T) {\n\ttests := []struct {\n\t\tin   string\n\t\tn    int\n\t\twant int\n\t}{\n" +
			strings.Join(rows, "") + "\t}\n\tfor _, tt := range tests {\n\t\tif got := " + fn + "(tt.in, tt.n); got != tt.want {\n" +
			"\t\t\tt.Errorf(\"" + fn + "(%q, %d) = %d, want %d\", tt.in, tt.n, got, tt.want)\n\t\t}\n\t}\n}\n"
	}
	rowsA := []string{"\t\t{\"abc\", 1, 0},\n", "\t\t{\"abc\", 4, 3},\n", "\t\t{\"é=1\", 3, 1},\n", "\t\t{\"ab\", 5, 4},\n", "\t\t{\"\", 0, 0},\n", "\t\t{\"x\", 2, 2},\n"}
	rowsB := []string{"\t\t{\"a\\nb\", 7, 1},\n", "\t\t{\"q\", 9, 6},\n", "\t\t{\"zz\", 8, 5},\n", "\t\t{\"k=v\", 6, 9},\n", "\t\t{\"w\", 3, 8},\n"}
	edited := strings.Replace(sum, "x > limit", "x > 2*limit", 1)
	edited = strings.Replace(edited, "\t\tn++\n", "\t\tn++\n\t\tprintln(\"seen\", x, 17)\n", 1)
	opt := opts()
	opt.MinTokens = 60 // more than the loop that checks the cases
	opt.Near, opt.Similarity = true, 0.85
	for _, tc := range []struct {
		name string
		a, b string
		want []string
	}{
		{"two tests of one shape with other values", test("TestA", "f", rowsA...), test("TestB", "g", rowsB...), nil},
		{"a test copied, a row added", test("TestA", "f", rowsA...), test("TestB", "g", append(rowsA[:3:3], append([]string{"\t\t{\"new\", 1, 1},\n"}, rowsA[3:]...)...)...),
			[]string{"near a_test.go:3-21 b_test.go:3-22"}},
		{"a function copied, its constants changed", sum, edited, []string{"near a_test.go:3-16 b_test.go:3-17"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := describe(detect(t, opt, map[string]string{"a_test.go": "package p\n\n" + tc.a, "b_test.go": "package q\n\n" + tc.b}))
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("classes:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestHandWrittenTablesLeftOut(t *testing.T) {
	row := func(i int) string {
		return strings.ReplaceAll("\tif got := parse(\"inN\", N); got != wantN || len(got) > N {\n\t\tt.Errorf(\"parse(inN) = %v, want %v\", got, wantN)\n\t}\n", "N", string(rune('0'+i)))
	}
	var rows strings.Builder
	for i := range 6 {
		rows.WriteString(row(i))
	}
	body := "(t *testing.T) {\n" + rows.String() + "}\n"
	cases := "(op int) int {\n\tswitch op {\n" + strings.Repeat("\tcase 1:\n\t\tx := f(op, 1, 2)\n\t\treturn g(x, op) + h(x)\n", 1) +
		"\tcase 2:\n\t\tx := f(op, 3, 4)\n\t\treturn g(x, op) + h(x)\n\tcase 3:\n\t\tx := f(op, 5, 6)\n\t\treturn g(x, op) + h(x)\n" +
		"\tcase 4:\n\t\tx := f(op, 7, 8)\n\t\treturn g(x, op) + h(x)\n\tcase 5:\n\t\tx := f(op, 9, 9)\n\t\treturn g(x, op) + h(x)\n\t}\n\treturn 0\n}\n"
	opt := Options{MinTokens: 40, MinLines: 3, Workers: 1}
	for _, tc := range []struct {
		name string
		srcs map[string]string
		want int
	}{
		{"rows of one test", map[string]string{"a_test.go": "package p\n\nfunc TestA" + body}, 0},
		{"the same rows outside a test file", map[string]string{"a.go": "package p\n\nfunc A" + body}, 1},
		{"rows copied into another test", map[string]string{"a_test.go": "package p\n\nfunc TestA" + body + "\nfunc TestB" + body}, 1},
		{"cases of one switch", map[string]string{"a.go": "package p\n\nfunc A" + cases}, 0},
		{"a switch copied", map[string]string{"a.go": "package p\n\nfunc A" + cases + "\nfunc B" + cases}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := detect(t, opt, tc.srcs); len(got) != tc.want {
				t.Errorf("got %d classes %q, want %d", len(got), describe(got), tc.want)
			}
		})
	}
}

// A statement a directive excludes is in no fragment: the functions around
// it are not reported whole, exact or near, while the code beside it is.
func TestIgnoredStatementInNoFragment(t *testing.T) {
	src := "package p\n\n" + sum + "\n" + strings.Replace(sum, "Sum", "Sum2", 1)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "a.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	// Skip the statement "n++" of the second function (line 24).
	skip := func(n ast.Node) bool { return fset.Position(n.Pos()).Line == 24 }
	files := []*File{Index("a.go", fset, f, []byte(src), 30, skip)}
	for _, near := range []bool{false, true} {
		opt := opts()
		opt.Near, opt.Similarity = near, 0.7
		for _, c := range Detect(files, opt) {
			for _, fr := range c.Fragments {
				if fr.Start.Line <= 24 && 24 <= fr.End.Line {
					t.Errorf("near=%v: %s fragment %d-%d holds the ignored line 24", near, c.Kind, fr.Start.Line, fr.End.Line)
				}
			}
		}
	}
}

// The windows left out for being seen more than MaxOccurrences times are
// counted, so that a run that finds nothing can say why.
func TestBoilerplateCounted(t *testing.T) {
	srcs := map[string]string{}
	for i := range 4 {
		srcs[string(rune('a'+i))+".go"] = "package p\n\n" + sum
	}
	files := indexSources(t, 30, srcs)
	for _, tc := range []struct {
		max  int
		over bool
	}{{3, true}, {4, false}, {0, false}} {
		opt := opts()
		opt.MaxOccurrences = tc.max
		if got := Run(files, opt).Work.Boilerplate; (got > 0) != tc.over {
			t.Errorf("-max-occurrences %d: %d windows counted as boilerplate, want some: %t", tc.max, got, tc.over)
		}
	}
}
