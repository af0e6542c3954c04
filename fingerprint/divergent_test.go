package fingerprint

import (
	"fmt"
	"go/build"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The shape of runtime/mprof.go's blockProfileInternal and
// mutexProfileInternal: one copy guards against a zero count, the other
// does not; the globals they read are renamed.
var (
	profBlock = `package p

func blockProfile(size int, copyFn func(Record)) (n int, ok bool) {
	lock(&profLock)
	head := (*bucket)(bbuckets.Load())
	for b := head; b != nil; b = b.allnext {
		n++
	}
	if n <= size {
		ok = true
		for b := head; b != nil; b = b.allnext {
			bp := b.bp()
			r := Record{
				Count:  int64(bp.count),
				Cycles: bp.cycles,
				Stack:  b.stk(),
			}
			if r.Count == 0 {
				r.Count = 1
			}
			copyFn(r)
		}
	}
	unlock(&profLock)
	return
}
`
	// profMutex is profBlock without the guard.
	profMutex = strings.NewReplacer("blockProfile", "mutexProfile", "bbuckets", "xbuckets",
		"\t\t\tif r.Count == 0 {\n\t\t\t\tr.Count = 1\n\t\t\t}\n", "").Replace(profBlock)
)

// The shape of runtime/mbitmap.go 841-859 and 898-917: the same loop body,
// iterating to a different limit, and one copy lacks "bad = true".
var (
	checkAll = `package p

func checkAll(x, interior, size uintptr, span *mspan, typ *_type) {
	tp := span.typePointersOfUnchecked(x)
	bad := false
	for i := uintptr(0); i < size; i += ptrSize {
		want := false
		if i < span.elemsize {
			off := i % typ.Size_
			if off < typ.PtrBytes {
				j := off / ptrSize
				want = *addb(getGCMask(typ), j/8)>>(j%8)&1 != 0
			}
		}
		if want {
			var addr uintptr
			tp, addr = tp.next(x + span.elemsize)
			if addr == 0 {
				println("runtime: found bad iterator")
			}
			if addr != x+i {
				print("runtime: addr=", hex(addr), " x+i=", hex(x+i), "\n")
				bad = true
			}
		}
	}
	report(bad)
}
`
	// checkInterior is checkAll from an interior pointer, with the
	// assignment checkAll lacks.
	checkInterior = strings.NewReplacer("checkAll", "checkInterior", "typePointersOfUnchecked(x)", "typePointersOfUnchecked(interior)",
		"tp.next(x + span.elemsize)", "tp.next(interior + size)",
		"println(\"runtime: found bad iterator\")\n", "println(\"runtime: found bad iterator\")\n\t\t\t\tbad = true\n").Replace(checkAll)
)

const pkg = "package p\n\n"

// switchSrc is the shape of reflect's Value.SetUint.
const switchSrc = `func (v Value) SetUint(x uint64) {
	v.mustBeAssignable()
	switch k := v.kind(); k {
	case Uint:
		*(*uint)(v.ptr) = uint(x)
	case Uint8:
		*(*uint8)(v.ptr) = uint8(x)
	case Uint16:
		*(*uint16)(v.ptr) = uint16(x)
	case Uint32:
		*(*uint32)(v.ptr) = uint32(x)
	default:
		panic(&ValueError{"reflect.Value.SetUint", v.kind()})
	}
}
`

func divergentOpts() Options {
	o := opts()
	o.Near, o.Similarity = true, 0.8
	return o
}

// extraOf renders a class's divergence: "a.go:18-20" for each fragment
// with extra lines.
func extraOf(c Class) []string {
	var out []string
	for _, f := range c.Fragments {
		for _, r := range f.Extra {
			out = append(out, fmt.Sprintf("%s:%d-%d", f.File, r.Start, r.End))
		}
	}
	return out
}

// sumFlag is sum with a flag that both copies name.
var sumFlag = strings.Replace(sum, "limit int)", "limit int, seen bool)", 1)

// copyFields copies a value field by field, each in a statement of the
// same shape.
const copyFields = `func (t *Tx) copy() *Tx {
	c := &Tx{Nonce: t.Nonce, Gas: t.Gas, Data: bytes.Clone(t.Data), S: new(Int)}
	copy(c.List, t.List)
	for i, x := range t.Items {
		c.Items[i] = x.Clone()
	}
	if t.Value != nil {
		c.Value.Set(t.Value)
	}
	if t.R != nil {
		c.R.Set(t.R)
	}
	return c
}
`

func TestDivergentCopies(t *testing.T) {
	for _, tc := range []struct {
		name  string
		srcs  map[string]string
		extra []string // nil: the class is not divergent
	}{
		{"guard in one copy", map[string]string{"a.go": profBlock, "b.go": profMutex}, []string{"a.go:18-20"}},
		{"assignment in one copy", map[string]string{"a.go": checkAll, "b.go": checkInterior}, []string{"b.go:20-20"}},
		{"extra return", map[string]string{"a.go": pkg + sum, "b.go": pkg + strings.Replace(sum, "\ttotal = total / n\n", "\tif total < 0 {\n\t\treturn 0, n\n\t}\n\ttotal = total / n\n", 1)},
			[]string{"b.go:14-16"}},
		{"nil check in one copy", map[string]string{"a.go": pkg + sum, "b.go": pkg + strings.Replace(sum, "\tfor i, x := range xs {\n", "\tif xs == nil {\n\t\txs = []int{}\n\t}\n\tfor i, x := range xs {\n", 1)},
			[]string{"b.go:4-6"}},
		{"flag set in one copy", map[string]string{"a.go": pkg + sumFlag, "b.go": pkg + strings.Replace(sumFlag, "\t\tn++\n", "\t\tn++\n\t\tseen = true\n", 1)},
			[]string{"b.go:10-10"}},
		{"nil check calling a package in one copy", map[string]string{"a.go": pkg + sum, "b.go": pkg + strings.Replace(sum, "\tfor i, x := range xs {\n", "\tif xs == nil {\n\t\txs = defaults.Values()\n\t}\n\tfor i, x := range xs {\n", 1)},
			[]string{"b.go:4-6"}},
		// A guard on a field of a value the copies share that only one
		// of them names is what only that variant has (a field of its
		// own type), in functions of different names: variants.
		{"guard on a field only one variant names", map[string]string{"a.go": pkg + sum, "b.go": pkg + strings.NewReplacer("func Sum(", "func SumOwned(", "\ttotal = total / n\n", "\tif xs.Owner == nil {\n\t\treturn 0, n\n\t}\n\ttotal = total / n\n").Replace(sum)}, nil},
		// In one function written in two places, it is a check the
		// other copy lacks.
		{"guard on a field only one copy of a function names", map[string]string{"a.go": pkg + sum, "b.go": pkg + strings.Replace(sum, "\ttotal = total / n\n", "\tif xs.Owner == nil {\n\t\treturn 0, n\n\t}\n\ttotal = total / n\n", 1)}, []string{"b.go:14-16"}},
		// So is a step on a name only one copy has: a flag of its own, a
		// table only it consults, a field it alone selects.
		{"flag only one copy names", map[string]string{"a.go": pkg + sum, "b.go": pkg + strings.Replace(sum, "\t\tn++\n", "\t\tn++\n\t\tseen = true\n", 1)}, nil},
		{"guard on a table only one copy consults", map[string]string{"a.go": pkg + sum, "b.go": pkg + strings.Replace(sum, "\ttotal = total / n\n", "\tif _, ok := known[n]; !ok {\n\t\treturn 0, n\n\t}\n\ttotal = total / n\n", 1)}, nil},
		{"guard calling a function only one copy calls", map[string]string{"a.go": pkg + sum, "b.go": pkg + strings.Replace(sum, "\ttotal = total / n\n", "\tif hasPropagation(n) {\n\t\treturn 0, n\n\t}\n\ttotal = total / n\n", 1)}, nil},
		// One more item of a list of like steps: which is the added
		// one, the alignment cannot tell.
		{"one more field copied", map[string]string{"a.go": pkg + copyFields, "b.go": pkg + strings.Replace(copyFields, "\treturn c\n", "\tif t.S != nil {\n\t\tc.S.Set(t.S)\n\t}\n\treturn c\n", 1)}, nil},
		// Added statements of other kinds were, in the strict readings,
		// mostly what one variant needs: not reported as divergent.
		{"log line in one copy", map[string]string{"a.go": pkg + sum, "b.go": pkg + strings.Replace(sum, "\ttotal = total / n\n", "\tlog.Printf(\"sum of %d\", n)\n\ttotal = total / n\n", 1)}, nil},
		{"field set in one copy", map[string]string{"a.go": pkg + sum, "b.go": pkg + strings.Replace(sum, "\ttotal = total / n\n", "\tcfg.DryRun = true\n\ttotal = total / n\n", 1)}, nil},
		{"other if in one copy", map[string]string{"a.go": pkg + sum, "b.go": pkg + strings.Replace(sum, "\ttotal = total / n\n", "\tif verbose {\n\t\tlimit++\n\t}\n\ttotal = total / n\n", 1)}, nil},
		{"plain renamed copy", map[string]string{"a.go": pkg + sum, "b.go": pkg + sumRenamed}, nil},
		{"substitutions only", map[string]string{"a.go": pkg + sum, "b.go": pkg + strings.NewReplacer(
			"x > limit", "x >= limit || x < 0", "total += x * i", "total += x", "return 0, 0", "return -1, 0").Replace(sum)}, nil},
		{"statement replaced by another", map[string]string{"a.go": pkg + sum, "b.go": pkg + strings.Replace(sum, "\t\tn++\n", "\t\tlog.Printf(\"%d\", x)\n", 1)}, nil},
		{"case added to a switch", map[string]string{"a.go": pkg + switchSrc,
			"b.go": pkg + strings.Replace(switchSrc, "\tdefault:\n", "\tcase Uintptr:\n\t\t*(*uintptr)(v.ptr) = uintptr(x)\n\tdefault:\n", 1)}, nil},
		// Copies that each grew a statement of their own still lack
		// each other's steps: read blind, such drifts held a bug more
		// often than the others (reading 37, 7 of 27).
		{"statements added to both copies", map[string]string{
			"a.go": strings.Replace(profBlock, "\tunlock(&profLock)\n", "\tunlock(&profLock)\n\tnotify(n)\n", 1),
			"b.go": strings.Replace(profMutex, "\tlock(&profLock)\n", "\tlock(&profLock)\n\ttrace(size)\n", 1)}, []string{"a.go:18-20"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			classes := detect(t, divergentOpts(), tc.srcs)
			if len(classes) != 1 {
				t.Fatalf("got %d classes, want 1: %v", len(classes), describe(classes))
			}
			c := classes[0]
			if c.Divergent != (tc.extra != nil) {
				t.Errorf("%s: Divergent = %v, want %v", describe(classes)[0], c.Divergent, tc.extra != nil)
			}
			if got := extraOf(c); !slices.Equal(got, tc.extra) {
				t.Errorf("extra lines %v, want %v", got, tc.extra)
			}
			for i, f := range c.Fragments {
				if want := c.Divergent && f.Extra == nil; f.Lacks != want {
					t.Errorf("fragment %d: Lacks = %v, want %v", i, f.Lacks, want)
				}
			}
		})
	}
}

// TestDivergentStandardLibrary checks the two divergent copies a reading
// of the standard library found, when its sources are at hand.
func TestDivergentStandardLibrary(t *testing.T) {
	for _, tc := range []struct {
		file       string
		start, end string // the first lines of the two copies
		extra      string // a line only one copy has
	}{
		{"runtime/mprof.go", "func blockProfileInternal(", "func mutexProfileInternal(", "if r.Count == 0 {"},
		{"runtime/mbitmap.go", "for i := uintptr(0); i < maxIterBytes; i += goarch.PtrSize {", "for i := off; i < off+size; i += goarch.PtrSize {", "bad = true"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(build.Default.GOROOT, "src", tc.file))
			if err != nil {
				t.Skipf("no standard library sources: %v", err)
			}
			lines := strings.Split(string(src), "\n")
			lineOf := func(prefix string) int {
				for i, l := range lines {
					if strings.HasPrefix(strings.TrimSpace(l), prefix) {
						return i + 1
					}
				}
				t.Skipf("%s has no line %q: the sources changed", tc.file, prefix)
				return 0
			}
			a, b := lineOf(tc.start), lineOf(tc.end)
			o := Options{MinTokens: 100, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85, Workers: 2}
			for _, c := range detect(t, o, map[string]string{tc.file: string(src)}) {
				// The copies are the loops or their bodies.
				if len(c.Fragments) != 2 || c.Fragments[0].Start.Line-a > 2 || c.Fragments[1].Start.Line-b > 2 ||
					c.Fragments[0].Start.Line < a || c.Fragments[1].Start.Line < b {
					continue
				}
				if !c.Divergent {
					t.Fatalf("%s: not divergent", describe([]Class{c})[0])
				}
				for _, f := range c.Fragments {
					for _, r := range f.Extra {
						for l := r.Start; l <= r.End; l++ {
							if strings.Contains(lines[l-1], tc.extra) {
								return
							}
						}
					}
				}
				t.Fatalf("%s: extra lines %v hold no %q", describe([]Class{c})[0], extraOf(c), tc.extra)
			}
			t.Fatalf("no class of the copies at lines %d and %d", a, b)
		})
	}
}
