package fingerprint

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestIsCopyNote(t *testing.T) {
	for line, want := range map[string]bool{
		"// This code is a copy of YCbCrToRGB.":                                       true,
		"// This file is a lightly modified copy go/build/build.go":                   true,
		"\t// Copied from net/http.":                                                  true,
		"// Copy of sort.Search, which this package cannot import.":                   true,
		"// Keep in sync with ../runtime/map.go.":                                     false,
		"// This is a mirror of the Gateway API ParentReference.":                     false,
		"// All code is ported from core/state/snapshot/conversion.go":                true,
		"// Clone returns a copy of x.":                                               false,
		"// MarshalLog makes a thread-safe copy of the values of the expectations":    false,
		"// You may obtain a copy of the License at":                                  false,
		"// You should have received a copy of the GNU Lesser General Public License": false,
		"// mirrors traffic to the backend":                                           false,
	} {
		if got := IsCopyNote([]byte(line)); got != want {
			t.Errorf("IsCopyNote(%q) = %v, want %v", line, got, want)
		}
	}
}

// ScanFacts finds a file's build line, notes, comments, declaration ends
// and functions; Function and Noted answer from them.
func TestScanFacts(t *testing.T) {
	src := `// Copied from path/filepath.

//go:build linux && !purego

package p

// f adds.
func f() int {
	// This code is a copy of g.
	return 1
}

var v = []int{
	1,
}

func (h *Histogram[T]) Equals(o *Histogram[T]) bool {
	return true
}
`
	fs := ScanFacts([]byte(src))
	if fs.Build != "//go:build linux && !purego" || fs.Generated || fs.Package != 5 {
		t.Errorf("build %q, generated %v, package clause at %d", fs.Build, fs.Generated, fs.Package)
	}
	if want := []Note{{1, "Copied from path/filepath."}}; !slices.Equal(fs.HeaderNotes(), want) {
		t.Errorf("header notes %v, want %v", fs.HeaderNotes(), want)
	}
	if want := []Func{{8, "f", "() int"}, {17, "Histogram.Equals", "(o *Histogram[T]) bool"}}; !slices.Equal(fs.Funcs, want) {
		t.Errorf("funcs %v, want %v", fs.Funcs, want)
	}
	for line, want := range map[int]string{8: "f", 10: "f", 11: "", 13: "", 15: "", 18: "Histogram.Equals", 5: ""} {
		if got := fs.Function(line); got != want {
			t.Errorf("Function(%d) = %q, want %q", line, got, want)
		}
	}
	for _, tc := range []struct {
		first, last int
		want        bool
	}{{10, 10, true}, {11, 11, false}, {9, 10, true}, {8, 11, true}, {13, 15, false}, {17, 19, false}} {
		if got := len(fs.NotesOn(tc.first, tc.last)) > 0; got != tc.want {
			t.Errorf("NotesOn(%d, %d) = %v, want notes: %v", tc.first, tc.last, fs.NotesOn(tc.first, tc.last), tc.want)
		}
	}
	// The doc comment above a declaration is part of it: line 7 above f.
	fs2 := ScanFacts([]byte("package p\n\n// Copied from q.\nfunc f() {\n}\n"))
	if !slices.Equal(fs2.NotesOn(4, 5), []Note{{3, "Copied from q."}}) {
		t.Error("a doc comment's note is not the function's")
	}
	// A note may run over two lines; two comments that only make one
	// when joined across code do not.
	fs3 := ScanFacts([]byte("// This file and go/format/internal.go are the same. Do not modify\n// one without the other.\npackage p\n"))
	// The note holds its whole comment, where the other copy is named.
	if want := []Note{{2, "This file and go/format/internal.go are the same. Do not modify one without the other."}}; !slices.Equal(fs3.Notes, want) {
		t.Errorf("a note over two lines: notes %v, want %v", fs3.Notes, want)
	}
	fs4 := ScanFacts([]byte("package p\n\n// Do not modify\nvar x = 1 // one without the other\n"))
	if len(fs4.Notes) > 0 {
		t.Errorf("comments apart joined into a note: %v", fs4.Notes)
	}
	// A note after code on its line, found whichever lines before it
	// hold "//" (a comment, a URL in a string) and whether the file
	// ends in a newline.
	for _, end := range []string{"\n", ""} {
		src := "package p\n\nvar u = \"http://x\" // see u\nvar a = 1\n// plain\nvar b = 2 // copied from q.B\nvar c = 3 // Copied from q.C" + end
		want := []Note{{6, "copied from q.B"}, {7, "Copied from q.C"}}
		if got := ScanFacts([]byte(src)).Notes; !slices.Equal(got, want) {
			t.Errorf("notes after code (file ending %q): %v, want %v", end, got, want)
		}
	}
}

// A generator's state machine, which no header marks, is generated: a
// class with a copy in it is a mirror of generated code.
func TestScanFactsStateMachine(t *testing.T) {
	var b strings.Builder
	b.WriteString("package urn\n\nfunc parse(data []byte) int {\n\tp, cs := 0, 1\n\tswitch cs {\n\tcase 1:\n")
	for i := range 120 {
		fmt.Fprintf(&b, "st%d:\n\tp++\n\tif data[p] == 'a' {\n\t\tgoto st%d\n\t}\n\tgoto st%d\n", i, (i+1)%120, i)
	}
	b.WriteString("\t}\n\treturn p\n}\n")
	if fs := ScanFacts([]byte(b.String())); !fs.Generated || !fs.Machine {
		t.Errorf("a state machine of 120 states: generated %v, a state machine %v", fs.Generated, fs.Machine)
	}
	// One whose header says it is generated is said generated by that.
	if fs := ScanFacts([]byte("// Code generated by ragel. DO NOT EDIT.\n" + b.String())); !fs.Generated || fs.Machine {
		t.Errorf("a state machine its header marks: generated %v, a state machine %v", fs.Generated, fs.Machine)
	}
	if fs := ScanFacts([]byte("package p\n\nfunc f() {\nagain:\n\tgoto again\n}\n")); fs.Generated {
		t.Error("one label: generated")
	}
}

func TestFuncLine(t *testing.T) {
	for line, want := range map[string][3]string{
		"func f() int {": {"", "f", "() int {"},
		"func (h *Histogram[T]) Equals(o *Histogram[T]) bool {": {"Histogram", "Equals", "(o *Histogram[T]) bool {"},
		"func (*T) M()":                          {"T", "M", "()"},
		"func (t T)M()":                          {"T", "M", "()"},
		"func Pull2[K, V any](seq Seq2[K, V]) {": {"", "Pull2", "[K, V any](seq Seq2[K, V]) {"},
	} {
		recv, name, rest, ok := funcLine([]byte(line))
		if got := [3]string{string(recv), string(name), string(rest)}; !ok || got != want {
			t.Errorf("funcLine(%q) = %q, %v; want %q", line, got, ok, want)
		}
	}
	long := ScanFacts([]byte("package p\n\nfunc f(a int) int { return a }; " + strings.Repeat("var x = 1; ", 1000) + "\n"))
	if sig := long.Funcs[0].Sig; len(sig) > maxSig+len("…") || !strings.HasSuffix(sig, "…") {
		t.Errorf("a long line's signature is kept whole: %d bytes", len(sig))
	}
	for _, line := range []string{"funcs := 1", "function f", "func (", "func () M()", "func ("} {
		if _, _, _, ok := funcLine([]byte(line)); ok {
			t.Errorf("funcLine(%q) found a function", line)
		}
	}
}

// commentLine reads a line as a comment exactly when the line, trimmed
// of its spaces, starts with "//".
func TestCommentLine(t *testing.T) {
	for _, line := range []string{
		"", "/", "//", "// x", "\t// x", "  \t//", "x // y", "\t/ /", "\t\t/* x */",
		"\r// x", "\v\f// x", "\u00a0// x", "\u2003\t// x", "\u00e9// x", "\t\u0085//",
		"\tif x { // y", "}", "/// x", " \t",
	} {
		want := bytes.HasPrefix(bytes.TrimSpace([]byte(line)), []byte("//"))
		if got := commentLine([]byte(line)); got != want {
			t.Errorf("commentLine(%q) = %v, want %v", line, got, want)
		}
	}
}

// BenchmarkScanFacts derives the Facts of go/*'s files, as a report does
// for the files it reads again.
func BenchmarkScanFacts(b *testing.B) {
	srcs := goSources(b)
	for b.Loop() {
		for _, g := range srcs {
			ScanFacts(g.src)
		}
	}
}
