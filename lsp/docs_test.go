package lsp

import (
	"fmt"
	"log"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
)

func TestDocumentChanges(t *testing.T) {
	pos := func(l, c int) position { return position{l, c} }
	rng := func(a, b position) *lspRange { return &lspRange{a, b} }
	tests := []struct {
		name    string
		text    string
		changes []contentChange
		want    string
		wantErr bool
	}{
		{"full", "abc", []contentChange{{Text: "xyz"}}, "xyz", false},
		{"insert at start", "abc\n", []contentChange{{Range: rng(pos(0, 0), pos(0, 0)), Text: ">"}}, ">abc\n", false},
		{"replace across lines", "one\ntwo\nthree\n", []contentChange{{Range: rng(pos(0, 1), pos(2, 2)), Text: "-"}}, "o-ree\n", false},
		{"append after the last line", "a\n", []contentChange{{Range: rng(pos(1, 0), pos(1, 0)), Text: "b\n"}}, "a\nb\n", false},
		{"append to an unterminated last line", "a\nb", []contentChange{{Range: rng(pos(1, 1), pos(1, 1)), Text: "c"}}, "a\nbc", false},
		{"character past the line end", "ab\ncd\n", []contentChange{{Range: rng(pos(0, 99), pos(1, 0)), Text: ""}}, "abcd\n", false},
		{"utf-16 columns", "é😀x\n", []contentChange{{Range: rng(pos(0, 3), pos(0, 4)), Text: "y"}}, "é😀y\n", false},
		{"in order", "abc", []contentChange{
			{Range: rng(pos(0, 0), pos(0, 1)), Text: "xx"},
			{Range: rng(pos(0, 0), pos(0, 1)), Text: ""},
		}, "xbc", false},
		{"the line past an unterminated last line", "a\nb", []contentChange{{Range: rng(pos(2, 0), pos(2, 0)), Text: "c"}}, "a\nbc", false},
		{"the line after the line past the last", "a\nb", []contentChange{{Range: rng(pos(2, 0), pos(3, 0)), Text: "c"}}, "", true},
		{"line past the end", "a\n", []contentChange{{Range: rng(pos(5, 0), pos(5, 0)), Text: "b"}}, "", true},
		{"end before start", "abc", []contentChange{{Range: rng(pos(0, 2), pos(0, 1)), Text: "b"}}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newDocStore()
			s.open("/f.go", "file:///f.go", 1, tt.text)
			err := s.change("/f.go", 2, tt.changes)
			if (err != nil) != tt.wantErr {
				t.Fatalf("change: error %v, want error %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			got, _, version, _ := s.get("/f.go")
			if string(got) != tt.want || version != 2 {
				t.Errorf("got %q (version %d), want %q (version 2)", got, version, tt.want)
			}
		})
	}
	if err := newDocStore().change("/g.go", 1, nil); err == nil {
		t.Error("change of a document that is not open: no error")
	}
}

func TestUTF16Column(t *testing.T) {
	tests := []struct {
		line    string
		byteCol int
		want    int
	}{
		{"abc", 1, 0},
		{"abc", 4, 3},
		{"é=1", 3, 1}, // é is two bytes, one UTF-16 unit
		{"😀=1", 5, 2}, // 😀 is four bytes, two UTF-16 units
		{"ab", 5, 4},  // past the end: counted as bytes
	}
	for _, tt := range tests {
		if got := utf16Column([]byte(tt.line), tt.byteCol); got != tt.want {
			t.Errorf("utf16Column(%q, %d) = %d, want %d", tt.line, tt.byteCol, got, tt.want)
		}
	}
}

func TestURIs(t *testing.T) {
	tests := []struct{ path, uri string }{
		{"/home/u/a.go", "file:///home/u/a.go"},
		{"/home/u/with space/é.go", "file:///home/u/with%20space/%C3%A9.go"},
	}
	if got, err := uriToPath("file://localhost/home/u/a.go"); err != nil || got != "/home/u/a.go" {
		t.Errorf("uriToPath of localhost's file = %q, %v, want /home/u/a.go", got, err)
	}
	for _, tt := range tests {
		if got := pathToURI(tt.path); got != tt.uri {
			t.Errorf("pathToURI(%q) = %q, want %q", tt.path, got, tt.uri)
		}
		if got, err := uriToPath(tt.uri); err != nil || got != tt.path {
			t.Errorf("uriToPath(%q) = %q, %v, want %q", tt.uri, got, err, tt.path)
		}
	}
	if _, err := uriToPath("untitled:Untitled-1"); err == nil {
		t.Error("uriToPath accepted a URI that is not a file")
	}
	// A file URI with no absolute path would stand for the server's
	// working directory (and a workspace of it, for whatever is there).
	// A host names another machine's file (a UNC share): read as the
	// local /path, it was another file than the editor's.
	for _, uri := range []string{"file:", "file:relative/dir", "file://", "file:a.go", "file://server/share/a.go"} {
		if p, err := uriToPath(uri); err == nil {
			t.Errorf("uriToPath(%q) = %q, want an error", uri, p)
		}
	}
}

// A rootPath, the workspace of an editor that gives neither folders nor
// a root URI, is taken only when absolute, as a URI is: "." or "src"
// stood for the server's working directory.
func TestRootPaths(t *testing.T) {
	var logged strings.Builder
	lg := log.New(&logged, "", 0)
	for path, want := range map[string][]string{
		"/home/u/proj": {"/home/u/proj"}, "/home/u/proj/../x/": {"/home/u/x"},
		".": nil, "src": nil, "./": nil, "../up": nil,
	} {
		logged.Reset()
		if got := workspaceRoots(initializeParams{RootPath: path}, lg); !slices.Equal(got, want) {
			t.Errorf("rootPath %q: roots %q, want %q", path, got, want)
		}
		if want == nil && !strings.Contains(logged.String(), "names no absolute path") {
			t.Errorf("rootPath %q: logged %q, want it refused", path, logged.String())
		}
	}
}

// TestDocumentChangesKeepOldBuffer: a buffer handed out by get (an index
// may be reading it) stays as it was through later changes.
func TestDocumentChangesKeepOldBuffer(t *testing.T) {
	s := newDocStore()
	s.open("/f.go", "file:///f.go", 1, "package p\n\nvar x = 1\n")
	before, _, _, _ := s.get("/f.go")
	kept := string(before)
	for v, text := range []string{"2", "", "345"} {
		r := &lspRange{position{2, 8}, position{2, 9}}
		if err := s.change("/f.go", v+2, []contentChange{{Range: r, Text: text}, {Range: r, Text: "9"}}); err != nil {
			t.Fatal(err)
		}
		if string(before) != kept {
			t.Fatalf("after change %d the buffer handed out before reads %q, want %q", v+2, before, kept)
		}
	}
}

// TestDocumentManyChanges: a message of many edits gives what applying
// them one at a time to fresh buffers gives.
func TestDocumentManyChanges(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "line %d é😀\n", i)
	}
	var changes []contentChange
	for i := range 500 {
		l := (i * 7) % 310 // some past the end: the line just past the last, or an error
		if l > 300 {
			l = 300
		}
		c := (i * 3) % 12
		text := []string{"", "x", "ab\ncd", "é"}[i%4]
		end := position{l, c}
		if i%5 == 0 && l < 299 {
			end = position{l + 1, 2}
		}
		changes = append(changes, contentChange{Range: &lspRange{position{l, c}, end}, Text: text})
	}
	want := []byte(b.String())
	for _, c := range changes {
		start, err := offset(want, c.Range.Start)
		if err != nil {
			t.Fatal(err)
		}
		end, err := offset(want, c.Range.End)
		if err != nil {
			t.Fatal(err)
		}
		want = []byte(string(want[:start]) + c.Text + string(want[end:]))
	}
	s := newDocStore()
	s.open("/f.go", "file:///f.go", 1, b.String())
	if err := s.change("/f.go", 2, changes); err != nil {
		t.Fatal(err)
	}
	if got, _, _, _ := s.get("/f.go"); string(got) != string(want) {
		t.Errorf("500 edits in one message: got %d bytes, want %d, or different bytes", len(got), len(want))
	}
}

// BenchmarkDidChangeManyEdits: one didChange of 2,000 one-character edits
// to a 1 MB buffer, in no order (one by one), and in VS Code's order, from
// the end towards the start (in one pass).
func BenchmarkDidChangeManyEdits(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 1<<20; i++ {
		fmt.Fprintf(&sb, "\tx%d := compute(%d, y) // a line of code\n", i, i)
	}
	lines := strings.Count(sb.String(), "\n")
	scattered := make([]contentChange, 2000)
	for i := range scattered {
		p := position{(i * 997) % lines, 1}
		scattered[i] = contentChange{Range: &lspRange{p, p}, Text: "y"}
	}
	descending := make([]contentChange, 2000)
	for i := range descending {
		p := position{lines - 1 - i*(lines/2000), 1}
		descending[i] = contentChange{Range: &lspRange{p, p}, Text: "y"}
	}
	b.Run("scattered", func(b *testing.B) { benchChanges(b, sb.String(), scattered) })
	b.Run("descending", func(b *testing.B) { benchChanges(b, sb.String(), descending) })
}

func benchChanges(b *testing.B, text string, changes []contentChange) {
	s := newDocStore()
	for b.Loop() {
		s.open("/f.go", "file:///f.go", 1, text)
		if err := s.change("/f.go", 2, changes); err != nil {
			b.Fatal(err)
		}
	}
}

// Changes that run from the end of the text towards its start (VS
// Code's multi-cursor edits), or from its start towards its end (as
// Neovim sends them), give the text that applying them one by one gives,
// and so do changes past a line's end, which the text the changes before
// made may have made a place.
func TestDescendingChangesInOnePass(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 9))
	runes := []string{"a", "b", "\n", "é", "😀", " ", "\t"}
	text := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(runes[r.IntN(len(runes))])
		}
		return b.String()
	}
	// pos is the LSP position of byte offset off of s.
	pos := func(s string, off int) position {
		line := strings.Count(s[:off], "\n")
		start := strings.LastIndexByte(s[:off], '\n') + 1
		return position{line, len(utf16.Encode([]rune(s[start:off])))}
	}
	// boundaries are the offsets of s that start a rune.
	boundaries := func(s string) []int {
		var out []int
		for i := range s {
			out = append(out, i)
		}
		return append(out, len(s))
	}
	for range 500 {
		doc := text(r.IntN(60))
		offs := boundaries(doc)
		// Cut points, taken from the end: each change ends at or before
		// the previous one's start.
		n := 2 + r.IntN(6)
		picks := make([]int, 2*n)
		for i := range picks {
			picks[i] = offs[r.IntN(len(offs))]
		}
		slices.Sort(picks)
		var changes []contentChange
		if r.IntN(4) == 0 {
			// Ascending, as Neovim sends them: each at its place in the
			// text the ones before made.
			cur, delta := doc, 0
			for i := 0; i < len(picks); i += 2 {
				a, b, ins := picks[i]+delta, picks[i+1]+delta, text(r.IntN(4))
				changes = append(changes, contentChange{Range: &lspRange{pos(cur, a), pos(cur, b)}, Text: ins})
				cur, delta = cur[:a]+ins+cur[b:], delta+len(ins)-(picks[i+1]-picks[i])
			}
		} else {
			for i := len(picks) - 2; i >= 0; i -= 2 {
				changes = append(changes, contentChange{Range: &lspRange{pos(doc, picks[i]), pos(doc, picks[i+1])}, Text: text(r.IntN(4))})
			}
		}
		want := []byte(doc)
		for _, c := range changes {
			var err error
			if want, err = applyOneByOne(want, []contentChange{c}); err != nil {
				t.Fatalf("%q %v: one by one: %v", doc, changes, err)
			}
		}
		got, err := apply([]byte(doc), changes)
		if err != nil || string(got) != string(want) {
			t.Fatalf("%q with %+v: got %q, %v; want %q", doc, changes, got, err, want)
		}
	}
	// A character past its line's end, which the text the change before
	// made may have made a place.
	changes := []contentChange{
		{Range: &lspRange{position{0, 2}, position{0, 2}}, Text: "xyz"},
		{Range: &lspRange{position{0, 4}, position{0, 4}}, Text: "!"},
	}
	if got, _ := apply([]byte("ab\ncd\n"), changes); string(got) != "abxy!z\ncd\n" {
		t.Errorf("got %q, want %q", got, "abxy!z\ncd\n")
	}
}

// One path opened under two spellings of its URI (file:///w/@b.go and
// file:///w/%40b.go) is one document: its text is the latest open's or
// change's, whichever spelling it came under, and it stays open until
// the editor closes every spelling it opened (or closes it under one it
// never opened, which closes it whole, as before).
func TestDocumentSpellings(t *testing.T) {
	s := newDocStore()
	s.open("/w/@b.go", "file:///w/@b.go", 1, "package w\n")
	s.open("/w/@b.go", "file:///w/%40b.go", 2, "package w // 2\n")
	if text, uris, v, ok := s.get("/w/@b.go"); !ok || string(text) != "package w // 2\n" || v != 2 || !slices.Equal(uris, []string{"file:///w/@b.go", "file:///w/%40b.go"}) {
		t.Errorf("get: %q %q %d %v", text, uris, v, ok)
	}
	if s.close("/w/@b.go", "file:///w/@b.go") {
		t.Error("closed under one spelling, the document was forgotten; it is open under another")
	}
	if _, uris, _, ok := s.get("/w/@b.go"); !ok || !slices.Equal(uris, []string{"file:///w/%40b.go"}) {
		t.Errorf("after one close: %q %v", uris, ok)
	}
	if !s.close("/w/@b.go", "file:///w/%40b.go") {
		t.Error("closed under its last spelling, the document is still open")
	}
	s.open("/w/a.go", "file:///w/a.go", 1, "package w\n")
	s.open("/w/a.go", "file:///w/%61.go", 1, "package w\n")
	if !s.close("/w/a.go", "file:///w/a%2Ego") {
		t.Error("closed under a spelling never opened, the document is still open")
	}
}
