package report

import (
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
)

// The short list holds production classes of at least the floor's lines
// that are not copies on purpose; the rest are counted, not listed.
func TestShortList(t *testing.T) {
	sized := func(id string, lines int, files ...string) fingerprint.Class {
		c := class(id, fingerprint.Near, files...)
		c.Lines = lines
		return c
	}
	classes := []fingerprint.Class{
		sized("big", 40, "a/x.go", "b/y.go"),
		sized("small", 12, "a/x.go", "b/y.go"),
		sized("tests", 60, "a/x_test.go", "b/y_test.go"),
		sized("e2e", 60, "test/e2e/a.go", "test/e2e/b.go"),
		sized("mixed", 35, "a/x_test.go", "b/y.go"), // one copy in production
		sized("arch", 80, "obj/arm64/a.go", "obj/loong64/a.go"),
		sized("floor", ShortLines, "c/x.go", "c/y.go"),
	}
	Rank(classes, nil, SortPosition)
	ids := func(cs []fingerprint.Class) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.ID)
		}
		return out
	}
	short, apart := ShortList(classes, ShortLines)
	if got, want := ids(short), []string{"big", "mixed", "floor"}; !slices.Equal(got, want) || apart != 4 {
		t.Errorf("short list %v with %d apart, want %v with 4", got, apart, want)
	}
	short, apart = ShortList(classes, 6)
	if got, want := ids(short), []string{"big", "small", "mixed", "floor"}; !slices.Equal(got, want) || apart != 3 {
		t.Errorf("floor 6: short list %v with %d apart, want %v with 3", got, apart, want)
	}
	for _, c := range classes {
		want := map[string]string{"tests": ApartTests, "e2e": ApartTests, "arch": ApartPurpose}[c.ID]
		if c.Signal.Apart != want {
			t.Errorf("%s: apart %q, want %q", c.ID, c.Signal.Apart, want)
		}
	}
}

// A comment in or just above a copy that says it is one makes the class
// a mirror: a copy made on purpose.
func TestNotedCopy(t *testing.T) {
	body := "\tx := 1\n\ty := 2\n\treturn x + y\n}\n"
	for _, tc := range []struct {
		note string
		want string
	}{
		{"// This code is a copy of image/color's YCbCrToRGB.\n", CategoryMirror},
		{"// Copied from net/http; keep in sync.\n", CategoryMirror},
		{"// Duplicated from crypto/ecdsa, which cannot be imported here.\n", CategoryMirror},
		{"// Do not modify one without the other.\n", CategoryMirror},
		{"// sum adds two numbers.\n", ""},
		{"", ""},
	} {
		src := "package p\n\n" + tc.note + "func f() int {\n" + body
		start := 3 + strings.Count(tc.note, "\n")
		files := map[string]string{"a/f.go": src, "b/g.go": "package q\n\nfunc g() int {\n" + body}
		c := class("id", fingerprint.Near, "a/f.go", "b/g.go")
		c.Fragments[0].Start.Line, c.Fragments[0].End.Line = start, start+4
		c.Fragments[1].Start.Line, c.Fragments[1].End.Line = 3, 7
		h := &headers{readFile: fakeFiles(files), cache: map[string]header{}}
		if got := h.category(c); got != tc.want {
			t.Errorf("note %q: category %q, want %q", tc.note, got, tc.want)
		}
	}
	// A note that is not the copy's doc comment is about something else.
	src := "// Package p holds a copy of q.F.\npackage p\n\n// Copied from elsewhere.\nvar v = 1\n\n// f adds.\nfunc f() int {\n" + body
	c := class("id", fingerprint.Near, "a/f.go", "b/g.go")
	c.Fragments[0].Start.Line, c.Fragments[0].End.Line = 8, 12
	h := &headers{readFile: fakeFiles(map[string]string{"a/f.go": src}), cache: map[string]header{}}
	if got := h.category(c); got != "" {
		t.Errorf("notes above other declarations: category %q, want none", got)
	}
}
