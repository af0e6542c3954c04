package fingerprint

import (
	"cmp"
	"slices"
	"testing"
)

// bodyStatements returns the indexes, in order, of the statements of the
// only function of f.
func bodyStatements(f *File) []int32 {
	var is []int32
	for i, u := range f.units {
		if !u.fn {
			is = append(is, int32(i))
		}
	}
	slices.SortFunc(is, func(a, b int32) int { return cmp.Compare(f.units[a].tok0, f.units[b].tok0) })
	return is
}

// A renaming that leaves the names of statements that are the same
// unbound until one differs answers as one that binds every statement in
// turn: a name first seen in the same statements is bound to itself.
func TestRenamingBindsSameStatementsLate(t *testing.T) {
	a := "package p\n\nfunc f() int {\n\tx := 1\n\ty := x\n\tz := x + y\n\treturn z\n}\n"
	for _, tc := range []struct {
		name      string
		b         string
		want      []bool // add's answer for each statement
		wantExact bool
	}{
		{"the same", a, []bool{true, true, true, true}, true},
		{"x renamed late, after it was the same", "package p\n\nfunc f() int {\n\tx := 1\n\ty := x\n\tz := y + y\n\treturn z\n}\n", []bool{true, true, false, true}, true},
		{"a new name", "package p\n\nfunc f() int {\n\tx := 1\n\ty := x\n\tw := x + y\n\treturn w\n}\n", []bool{true, true, true, true}, false},
		{"a value", "package p\n\nfunc f() int {\n\tx := 2\n\ty := x\n\tz := x + y\n\treturn z\n}\n", []bool{true, true, true, true}, false},
		{"other codes", "package p\n\nfunc f() int {\n\tx := 1\n\ty := -x\n\tz := x + y\n\treturn z\n}\n", []bool{true, false, true, true}, true},
	} {
		files := indexSources(t, 1, map[string]string{"a.go": a, "b.go": tc.b})
		A, B := files[0], files[1]
		sa, sb := bodyStatements(A), bodyStatements(B)
		if len(sa) != len(tc.want) || len(sb) != len(tc.want) {
			t.Fatalf("%s: %d and %d statements, want %d", tc.name, len(sa), len(sb), len(tc.want))
		}
		lazy, eager := newRenaming(), newRenaming()
		lazy.reset()
		eager.reset()
		for k := range sa {
			// bind1 binds every statement as it comes.
			got, ref := lazy.add(A, sa[k], B, sb[k]), eager.bind1(A, sa[k], B, sb[k])
			if got != tc.want[k] || ref != tc.want[k] {
				t.Errorf("%s: statement %d: add = %v, binding at once %v, want %v", tc.name, k, got, ref, tc.want[k])
			}
		}
		if lazy.exact {
			lazy.bindSame()
		}
		if !slices.Equal(lazy.pairs, eager.pairs) || lazy.exact != eager.exact || lazy.exact != tc.wantExact {
			t.Errorf("%s: pairs %v exact %v, binding at once %v exact %v; want exact %v", tc.name, lazy.pairs, lazy.exact, eager.pairs, eager.exact, tc.wantExact)
		}
	}
}
