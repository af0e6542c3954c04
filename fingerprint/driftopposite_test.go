package fingerprint

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestOppositeNames checks the names said to be the opposite of a
// function's: a word replaced, cased as it was; a negation taken out; a
// prefix un taken out; none of a name too long.
func TestOppositeNames(t *testing.T) {
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"VisitNEQ", []string{"VisitEQ"}},
		{"VisitEq", []string{"VisitNeq", "VisitNe"}},
		{"BenchmarkRemoveTombstone", []string{"BenchmarkAddTombstone", "BenchmarkInsertTombstone"}},
		{"TestNullUUIDUnmarshalText", []string{"TestNullUUIDMarshalText"}},
		{"unmarshalText", []string{"marshalText"}},
		{"TestNotContains", []string{"TestContains"}},
		{"notEqual", []string{"equal"}},
		{"NotEqual", []string{"Equal"}},
		{"isNot_empty", []string{"is_empty"}},
		{"HTTPMinVersion", []string{"HTTPMaxVersion"}},
		{"getTLSClient", []string{"setTLSClient"}},
		{"Parse", nil},
		{"Unit", nil},
		{"Not", nil},
		{strings.Repeat("Add", maxOppositeName/3+1), nil}, // too long: each opposite as long
	} {
		var got []string
		oppositeNames(tc.name, func(n string) bool { got = append(got, n); return true })
		slices.Sort(got)
		want := slices.Clone(tc.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("oppositeNames(%q) = %q, want %q", tc.name, got, want)
		}
	}
}

// TestOppositeSlips checks a copy whose name says the opposite of its
// twin's and whose body is the twin's (dapr's VisitNEQ, reading 88), in
// near, exact and renamed classes; and the controls, where nothing is
// said: the body adapted, names that are not opposites, a name of the
// body that is not the copy's own, a method against a function, a body
// too small to tell, names trading places rather than renamed
// (runtime's sendDirect and recvDirect), a constructor of another type
// (x/text's NewReader and NewWriter; tailscale's ParseNodePrivateUntyped
// and ParseNodePublicUntyped, which name it in a var), a getter of
// another field
// (go-ethereum's GetFrom and GetTo, where the locals from and to are
// named as the fields), methods of two types (weaviate's
// pqMinPool.GetMin and PqMaxPool.GetMax).
func TestOppositeSlips(t *testing.T) {
	const visit = `package p

func (q *Query) VisitEQ(f *EQ) (string, error) {
	alias, err := q.getAlias(f.Key)
	if err != nil {
		return "", err
	}
	switch v := f.Val.(type) {
	case string:
		return fmt.Sprintf("@%s:(%s)", alias, v), nil
	case float64, float32:
		return fmt.Sprintf("@%s:[%f %f]", alias, v, v), nil
	default:
		return fmt.Sprintf("@%s:[%d %d]", alias, v, v), nil
	}
}
`
	neq := strings.NewReplacer("VisitEQ(f *EQ)", "VisitNEQ(f *NEQ)").Replace(visit)
	gt := strings.NewReplacer("VisitEQ(f *EQ)", "VisitGT(f *GT)", "(%s)", "[(%s +inf]", "[%f %f]", "[(%f +inf]", "[%d %d]", "[(%d +inf]").Replace(visit)
	const bench = `package p

func BenchmarkAddTombstone(b *testing.B) {
	defer os.Remove("./testfile")
	ids := make([]uint64, 100)
	l := NewLogger("./testfile", fs)
	b.ReportAllocs()
	for j := 0; j < b.N; j++ {
		for i := 0; i < 100; i++ {
			l.AddTombstone(ids[i])
		}
	}
}
`
	const minimum = `package p

func Min(a, b []int) []int {
	out := make([]int, len(a))
	for i := range a {
		if a[i] < b[i] {
			out[i] = a[i]
		} else {
			out[i] = b[i]
		}
	}
	return out
}
`
	const maximum = `package p

func Max(x, y []int) []int {
	out := make([]int, len(x))
	for i := range x {
		if x[i] < y[i] {
			out[i] = x[i]
		} else {
			out[i] = y[i]
		}
	}
	return out
}
`
	r := strings.NewReplacer
	for _, tc := range []struct {
		name  string
		srcs  map[string]string
		first string // the first line of a copy of the class
		want  []string
	}{
		{"near", map[string]string{"a.go": visit, "b.go": neq, "c.go": gt}, "a.go:3",
			[]string{"b.go:3 unrenamed opposite name a.go:3-3"}},
		{"exact", map[string]string{"a.go": bench, "b.go": r("AddTombstone(b", "RemoveTombstone(b").Replace(bench)}, "a.go:3",
			[]string{"b.go:3 unrenamed opposite name a.go:3-3"}},
		{"renamed locals", map[string]string{"a.go": minimum, "b.go": maximum}, "a.go:3",
			[]string{"b.go:3 unrenamed opposite name a.go:3-3"}},
		{"a negation", map[string]string{"a.go": bench, "b.go": r("AddTombstone(b", "NotAddTombstone(b").Replace(bench)}, "a.go:3",
			[]string{"b.go:3 unrenamed opposite name a.go:3-3"}},
		{"a prefix un", map[string]string{"a.go": r("AddTombstone(b", "MarshalTombstone(b").Replace(bench), "b.go": r("AddTombstone(b", "UnmarshalTombstone(b").Replace(bench)}, "a.go:3",
			[]string{"b.go:3 unrenamed opposite name a.go:3-3"}},
		{"names trading places", map[string]string{
			"a.go": "package p\n\nfunc sendDirect(t *Type, sg *Sudog, src Pointer) {\n\tdst := sg.elem.get()\n\tbarrier(t, uintptr(dst), uintptr(src), t.Size)\n\tmemmove(dst, src, t.Size)\n\tcount(t, sg)\n}\n",
			"b.go": "package p\n\nfunc recvDirect(t *Type, sg *Sudog, dst Pointer) {\n\tsrc := sg.elem.get()\n\tbarrier(t, uintptr(dst), uintptr(src), t.Size)\n\tmemmove(dst, src, t.Size)\n\tcount(t, sg)\n}\n"}, "a.go:3", nil},
		{"another type made", map[string]string{
			"a.go": "package p\n\nfunc NewReader(r io.Reader, t Transformer) *Reader {\n\tt.Reset()\n\treturn &Reader{\n\t\tr:   r,\n\t\tt:   t,\n\t\tdst: make([]byte, defaultBufSize),\n\t\tsrc: make([]byte, defaultBufSize),\n\t}\n}\n",
			"b.go": "package p\n\nfunc NewWriter(w io.Writer, t Transformer) *Writer {\n\tt.Reset()\n\treturn &Writer{\n\t\tw:   w,\n\t\tt:   t,\n\t\tdst: make([]byte, defaultBufSize),\n\t\tsrc: make([]byte, defaultBufSize),\n\t}\n}\n"}, "a.go:3", nil},
		{"a type of the signature named in a var", map[string]string{
			"a.go": "package p\n\nfunc ParseNodePrivate(raw RO) (NodePrivate, error) {\n\tvar ret NodePrivate\n\tif err := parseHex(ret.k[:], raw, B(nil)); err != nil {\n\t\treturn NodePrivate{}, err\n\t}\n\treturn ret, nil\n}\n",
			"b.go": "package p\n\nfunc ParseNodePublic(raw RO) (NodePublic, error) {\n\tvar ret NodePublic\n\tif err := parseHex(ret.k[:], raw, B(nil)); err != nil {\n\t\treturn NodePublic{}, err\n\t}\n\treturn ret, nil\n}\n"}, "a.go:3", nil},
		{"another field selected", map[string]string{
			"a.go": "package p\n\nfunc (f *frame) GetFrom() Value {\n\tfrom := f.from.Bytes()\n\tres, err := f.toBuf(f.vm, from)\n\tif err != nil {\n\t\tf.vm.Interrupt(err)\n\t\treturn nil\n\t}\n\treturn res\n}\n",
			"b.go": "package p\n\nfunc (f *frame) GetTo() Value {\n\tto := f.to.Bytes()\n\tres, err := f.toBuf(f.vm, to)\n\tif err != nil {\n\t\tf.vm.Interrupt(err)\n\t\treturn nil\n\t}\n\treturn res\n}\n"}, "a.go:3", nil},
		{"methods of two types", map[string]string{"a.go": r("func BenchmarkAddTombstone(b", "func (p *minPool) GetMin(b").Replace(bench), "b.go": r("func BenchmarkAddTombstone(b", "func (p *maxPool) GetMax(b").Replace(bench)}, "a.go:3", nil},
		{"body adapted", map[string]string{"a.go": minimum, "b.go": r("x[i] < y[i]", "x[i] > y[i]").Replace(maximum)}, "a.go:3", nil},
		{"names not opposite", map[string]string{"a.go": r("Min(", "MinClient(").Replace(minimum), "b.go": r("Min(", "MinServer(").Replace(minimum)}, "a.go:3", nil},
		{"a name not its own", map[string]string{"a.go": bench, "b.go": r("AddTombstone(b", "RemoveTombstone(b", "l.AddTombstone", "l.RemoveTombstone").Replace(bench)}, "a.go:3", nil},
		{"a method and a function", map[string]string{"a.go": bench, "b.go": r("func BenchmarkAddTombstone(", "func (s *S) BenchmarkRemoveTombstone(").Replace(bench)}, "a.go:3", nil},
		{"a body too small", map[string]string{
			"a.go": "package p\n\nfunc (s *S) Enable(ctx context.Context, name string, opts Options, more, extra []string) error {\n\treturn errors.New(\"unsupported\")\n}\n",
			"b.go": "package p\n\nfunc (s *S) Disable(ctx context.Context, name string, opts Options, more, extra []string) error {\n\treturn errors.New(\"unsupported\")\n}\n"}, "a.go:3", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := divergentOpts()
			o.MinTokens = 20
			classes := detect(t, o, tc.srcs)
			var c *Class
			for i := range classes {
				for _, f := range classes[i].Fragments {
					if fmt.Sprintf("%s:%d", f.File, f.Start.Line) == tc.first {
						c = &classes[i]
					}
				}
			}
			if c == nil {
				if tc.want == nil {
					return
				}
				t.Fatalf("no class holds %s: %v", tc.first, describe(classes))
			}
			var got []string
			for _, d := range driftOf(*c) {
				if strings.Contains(d, StepOpposite) {
					got = append(got, d)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("drift %q, want %q (%s)", got, tc.want, describe([]Class{*c}))
			}
			if tc.want != nil && !c.Divergent {
				t.Error("class not divergent")
			}
		})
	}
}
