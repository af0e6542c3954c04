package lsp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"maps"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/hostile"
	"github.com/copycat-go/copycat/load"
	"github.com/copycat-go/copycat/report"
)

// The diagnostics of a workspace of n copies of one function
// (hostile.Copies, maxOccurrences 0: one class of them all), then 2n:
// their related locations and the files read to place them may grow
// about linearly, at most 2.6 times (every copy pointing to every other,
// each file's diagnostics reading every other file: 4). Each copy points
// to at most report.MaxRelated others, and each is pointed to.
func TestDiagnosticsHostile(t *testing.T) {
	const n = 300
	small, smallReads := diagnosticsOfCopies(t, n)
	large, largeReads := diagnosticsOfCopies(t, 2*n)
	hostile.Linear(t, "related locations", small, large)
	hostile.Linear(t, "files read", smallReads, largeReads)
	if large > 2*n*report.MaxRelated {
		t.Errorf("%d related locations for %d copies, want at most %d a copy", large, 2*n, report.MaxRelated)
	}
}

// diagnosticsOfCopies finds the class of n copies of one function in n/10
// files, makes the diagnostics of every file, and counts their related
// locations and the files their positions were read from.
func diagnosticsOfCopies(t *testing.T, n int) (related, reads int) {
	t.Helper()
	src, res := copiesDetected(t, n, n/10)
	c := &res.Classes[0]
	text := func(p string) []byte {
		reads++
		return src[p]
	}
	pointed := map[string]bool{}
	for _, name := range slices.Sorted(maps.Keys(src)) {
		ds := fileDiagnostics(name, []*fingerprint.Class{c}, severityHint, []string{"/w"}, text)
		if len(ds) != n/len(src) {
			t.Fatalf("%s: %d diagnostics, want %d", name, len(ds), n/len(src))
		}
		for _, d := range ds {
			related += len(d.RelatedInformation)
			for _, r := range d.RelatedInformation {
				pointed[r.Message] = true
			}
		}
	}
	if len(pointed) != n {
		t.Errorf("%d copies: %d of them pointed to, want every one", n, len(pointed))
	}
	return related, reads
}

// A class of at most report.MaxRelated+1 copies points from each copy to
// every other, in order, as before the cap; a larger one to the
// report.MaxRelated copies after it, wrapping around.
func TestDiagnosticsRelatedCopies(t *testing.T) {
	text := func(string) []byte { return []byte(strings.Repeat("x := 1\n", 20)) }
	for _, k := range []int{2, 3, report.MaxRelated + 1, report.MaxRelated + 2, 30} {
		c := &fingerprint.Class{ID: "c", Kind: fingerprint.Exact}
		for i := range k {
			c.Fragments = append(c.Fragments, fingerprint.Fragment{File: fmt.Sprintf("/w/f%02d.go", i),
				Start: fingerprint.Position{Line: 2, Column: 1}, End: fingerprint.Position{Line: 9, Column: 7}})
		}
		for i, fr := range c.Fragments {
			ds := fileDiagnostics(fr.File, []*fingerprint.Class{c}, severityHint, []string{"/w"}, text)
			if len(ds) != 1 {
				t.Fatalf("%d copies, %s: %d diagnostics", k, fr.File, len(ds))
			}
			var got, want []string
			for _, r := range ds[0].RelatedInformation {
				got = append(got, r.Message)
			}
			for j := range k {
				if j != i && (k <= report.MaxRelated+1 || (j-i+k)%k <= report.MaxRelated) {
					want = append(want, fmt.Sprintf("copy at f%02d.go:2-9", j))
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("%d copies, copy %d: related %q, want %q", k, i, got, want)
			}
		}
	}
}

// A code action request over the whole of a file of n copies of one
// function (hostile.Copies in one file, maxOccurrences 0: one class),
// carrying the file's diagnostics as an editor sends them for a
// selection of it, then 2n: the actions, the diagnostics they carry and
// those gone through to find them may grow about linearly, at most 2.6
// times. Each copy offered a jump to every other, each resolving every
// diagnostic of the request: n³. A request on one copy of a class of n
// copies in n/10 files reads at most report.MaxRelated+1 files (every
// one, before).
func TestCodeActionsHostile(t *testing.T) {
	const n = 100
	small, _ := codeActionsOfCopies(t, n, 1)
	large, _ := codeActionsOfCopies(t, 2*n, 1)
	hostile.Linear(t, "code actions' work", small, large)
	if _, reads := codeActionsOfCopies(t, 1000, 100); reads > report.MaxRelated+1 {
		t.Errorf("a request on one copy of 1,000 in 100 files read %d files, want at most %d", reads, report.MaxRelated+1)
	}
}

// codeActionsOfCopies asks for the code actions of n copies of one
// function in files files: over the whole first file when it holds them
// all, else at the start of its first copy, with the diagnostics of the
// range. It returns the work counted and the files read.
func codeActionsOfCopies(t *testing.T, n, files int) (work, reads int) {
	t.Helper()
	src, res := copiesDetected(t, n, files)
	classes := []*fingerprint.Class{&res.Classes[0]}
	first := slices.Sorted(maps.Keys(src))[0]
	text := func(p string) []byte { return src[p] }
	p := codeActionParams{TextDocument: textDocumentIdentifier{URI: pathToURI(first)}}
	p.Range.End.Line = 1 << 20
	if files > 1 {
		fr := classes[0].Fragments[0]
		p.Range = lspRange{position{fr.Start.Line - 1, 0}, position{fr.Start.Line - 1, 0}}
	}
	for _, d := range fileDiagnostics(first, classes, severityHint, []string{"/w"}, text) {
		if overlaps(d.Range, p.Range) {
			p.Context.Diagnostics = append(p.Context.Diagnostics, d)
		}
	}
	read := map[string]bool{}
	actions, work := actionsAt(first, p, classes, []string{"/w"}, func(p string) []byte {
		read[p] = true
		return src[p]
	}, true)
	inFile := n / files
	if files > 1 {
		inFile = 1
	}
	if want := inFile*min(n-1, report.MaxRelated) + inFile; len(actions) != want {
		t.Fatalf("%d copies in %d files: %d actions, want %d", n, files, len(actions), want)
	}
	for _, a := range actions {
		if len(a.Diagnostics) != 1 {
			t.Fatalf("%q resolves %d diagnostics, want its copy's", a.Title, len(a.Diagnostics))
		}
	}
	return work, len(read)
}

// oldActionsAt is codeActions before the cap on jumps: every other copy
// of the class, each action resolving every diagnostic of the request.
func oldActionsAt(path string, p codeActionParams, classes []*fingerprint.Class, roots []string, text lineSource, goTo bool) []codeAction {
	actions := []codeAction{}
	var diags []diagnostic
	for _, d := range p.Context.Diagnostics {
		if isCopycatDiagnostic(d) {
			diags = append(diags, d)
		}
	}
	conv := positionConverter(text)
	src := text(path)
	var ignores []codeAction
	ignored := map[int]bool{}
	for _, c := range classes {
		shown := displayClass(c, roots)
		for i, fr := range c.Fragments {
			if fr.File != path || !overlaps(conv(fr), p.Range) {
				continue
			}
			for j, other := range c.Fragments {
				if j == i || !goTo {
					continue
				}
				loc := location{URI: pathToURI(other.File), Range: conv(other)}
				title := fmt.Sprintf("Go to copy at %s:%d-%d", shown.Fragments[j].File, other.Start.Line, other.End.Line)
				actions = append(actions, codeAction{Title: title, Kind: "quickfix", Diagnostics: diags,
					Command: &command{Title: title, Command: commandOpenCopy, Arguments: []any{loc}}, Data: actionData})
			}
			line := src
			for l := 1; l < fr.Start.Line && line != nil; l++ {
				if k := bytes.IndexByte(line, '\n'); k >= 0 {
					line = line[k+1:]
				} else {
					line = nil
				}
			}
			if k := bytes.IndexByte(line, '\n'); k >= 0 {
				line = line[:k]
			}
			if !ignored[fr.Start.Line] && fr.Start.Column == 1 && bytes.HasPrefix(line, []byte("func ")) {
				ignored[fr.Start.Line] = true
				// The copy the diagnostic names (it named the next
				// copy before TestIgnoreActionNamesTheDiagnosticsCopy).
				twin := shown.Fragments[report.OtherCopy(len(c.Fragments), i)].File
				eol := "\n" // as the function's line ends (TestIgnoreActionLineEnds)
				if bytes.HasSuffix(line, []byte("\r")) {
					eol = "\r\n"
				}
				ignores = append(ignores, ignoreAction(p.TextDocument.URI, fr, twin, eol, diags))
			}
		}
	}
	return append(actions, ignores...)
}

// At a cursor (the request an editor makes as the cursor moves, with the
// diagnostics under it), on classes of at most report.MaxRelated+1
// copies, nested or not, some copies whole functions, the actions are
// those offered before the cap: over 2,000 random files and cursors.
func TestCodeActionsAsBefore(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for round := range 2000 {
		src := map[string][]byte{}
		names := []string{"/w/a.go", "/w/b.go", "/w/c/d.go"}
		for _, name := range names {
			var b strings.Builder
			for l := range 40 + r.IntN(40) {
				if r.IntN(5) == 0 {
					fmt.Fprintf(&b, "func f%d() {\n", l)
				} else {
					fmt.Fprintf(&b, "\tx%d := %q\n", l, strings.Repeat("é", r.IntN(3)))
				}
			}
			src[name] = []byte(b.String())
		}
		var classes []*fingerprint.Class
		for k := range 1 + r.IntN(4) {
			c := &fingerprint.Class{ID: fmt.Sprint("c", k), Kind: fingerprint.Exact}
			for range 2 + r.IntN(report.MaxRelated) {
				start := 1 + r.IntN(30)
				c.Fragments = append(c.Fragments, fingerprint.Fragment{File: names[r.IntN(len(names))],
					Start: fingerprint.Position{Line: start, Column: 1 + r.IntN(2)}, End: fingerprint.Position{Line: start + 1 + r.IntN(10), Column: 1 + r.IntN(4)}})
			}
			classes = append(classes, c)
		}
		file := names[r.IntN(len(names))]
		text := func(p string) []byte { return src[p] }
		at := position{r.IntN(45), r.IntN(3)}
		p := codeActionParams{TextDocument: textDocumentIdentifier{URI: pathToURI(file)}, Range: lspRange{at, at}}
		var here []*fingerprint.Class
		for _, c := range classes {
			if slices.ContainsFunc(c.Fragments, func(fr fingerprint.Fragment) bool { return fr.File == file }) {
				here = append(here, c)
			}
		}
		for _, d := range fileDiagnostics(file, here, severityHint, []string{"/w"}, text) {
			if overlaps(d.Range, p.Range) {
				p.Context.Diagnostics = append(p.Context.Diagnostics, d)
			}
		}
		goTo := r.IntN(4) > 0
		got, _ := actionsAt(file, p, here, []string{"/w"}, text, goTo)
		want := oldActionsAt(file, p, here, []string{"/w"}, text, goTo)
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		if !bytes.Equal(g, w) {
			t.Fatalf("round %d: actions\n%s\nwant\n%s", round, g, w)
		}
	}
}

// overlapping finds, for each range, the diagnostics that overlap it, as
// asking each of each would, whatever the ranges and diagnostics (some
// ending before they start, as a client may send them).
func TestOverlappingAsEach(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	pos := func() position { return position{r.IntN(8), r.IntN(3)} }
	for round := range 3000 {
		ranges := make([]lspRange, r.IntN(8))
		for i := range ranges {
			ranges[i] = lspRange{pos(), pos()}
			if r.IntN(5) > 0 && comparePos(ranges[i].End, ranges[i].Start) < 0 {
				ranges[i].Start, ranges[i].End = ranges[i].End, ranges[i].Start
			}
		}
		diags := make([]diagnostic, r.IntN(10))
		for i := range diags {
			diags[i].Range = lspRange{pos(), pos()}
		}
		over, _ := overlapping(ranges, diags)
		for i, rg := range ranges {
			var want []int
			for d := range diags {
				if overlaps(diags[d].Range, rg) {
					want = append(want, d)
				}
			}
			if !slices.Equal(over[i], want) {
				t.Fatalf("round %d: range %v over %v: %v, want %v", round, rg, diags, over[i], want)
			}
		}
	}
}

// A workspace of n copies of one function in n/10 files (maxOccurrences
// 0: one class), every file then opened with the text it has on disk, as
// an editor opening many files does (and as the open buffers are queued
// again after each indexing), and one of them edited; then 2n: the files
// the updates run detection over may grow about linearly, at most 2.6
// times. Each opening ran detection over the file and every file sharing
// code with it, every file of the class: (n/10)².
func TestOpenUnchangedHostile(t *testing.T) {
	const n = 300
	small, large := openedWork(t, n, 0), openedWork(t, 2*n, 0)
	hostile.Linear(t, "files detected", small, large)
}

// openedWork indexes a workspace of n copies of one function in n/10
// files, opens each file with its text on disk, then edits the first
// (a function added) and takes the edit back, and returns the files
// detection ran over. The classes after the openings, and after the
// edit taken back, are those of the indexing.
func openedWork(t *testing.T, n, maxOccurrences int) int {
	t.Helper()
	e, src := copiesEngine(t, n, maxOccurrences, nil)
	classes := func() string {
		var cs []fingerprint.Class
		for _, c := range e.idx.classes {
			cs = append(cs, *c)
		}
		return describe(cs)
	}
	indexed := classes()
	if maxOccurrences == 0 && (len(e.idx.classes) != 1 || strings.Count(indexed, "[") != n) {
		t.Fatalf("%d classes after indexing, want one of %d copies: %.300s", len(e.idx.classes), n, indexed)
	}
	paths := slices.Sorted(maps.Keys(src))
	refresh := func(path string, version int, text string) {
		e.docs.open(path, pathToURI(path), version, text) // as didOpen, or a change of the whole text
		e.mu.Lock()
		e.refresh(path)
		e.mu.Unlock()
	}
	for _, p := range paths {
		refresh(p, 1, src[p])
	}
	if got := classes(); got != indexed {
		t.Errorf("%d copies: the classes after opening every file\n%.300s\nwant those of indexing\n%.300s", n, got, indexed)
	}
	refresh(paths[0], 2, src[paths[0]]+"\nfunc added(a, b int) int {\n\treturn a*b + a - b\n}\n")
	refresh(paths[0], 3, src[paths[0]])
	if got := classes(); got != indexed {
		t.Errorf("%d copies: the classes after an edit taken back\n%.300s\nwant those of indexing\n%.300s", n, got, indexed)
	}
	return e.idx.work
}

// Opening the files of a workspace with their text on disk leaves its
// classes as indexing found them, at the command line's maxOccurrences
// as at 0; the old code, which detected each file's group again, did
// too on these.
func TestOpenUnchangedKeepsClasses(t *testing.T) {
	for _, mo := range []int{0, 10} {
		openedWork(t, 40, mo)
	}
}

// trickle gives its reader's bytes one at a time, as a pipe does when the
// other end writes them so.
type trickle struct{ r io.Reader }

func (t trickle) Read(p []byte) (int, error) { return t.r.Read(p[:min(len(p), 1)]) }

// A body holding "Content-Length:" and n blanks (a header's start, which
// a digit and a line break would make one), its bytes coming one at a
// time, then 2n: the bytes looked at for a header inside it may grow
// about linearly, at most 2.6 times. Each byte that came looked at the
// blanks again from the header's start: n²/2. The messages read are
// those read from the bytes all at once.
func TestTrickledBodyHostile(t *testing.T) {
	const n = 4000
	work := func(n int) int {
		body := `{"jsonrpc":"2.0","method":"x","params":"Content-Length:` + strings.Repeat(" ", n) + `1"}`
		next := `{"jsonrpc":"2.0","method":"exit"}`
		stream := fmt.Sprintf("Content-Length: %d\r\n\r\n%sContent-Length: %d\r\n\r\n%s", len(body), body, len(next), next)
		at, all := newReader(trickle{strings.NewReader(stream)}), newReader(strings.NewReader(stream))
		for {
			got, err := at.read()
			want, werr := all.read()
			if string(got) != string(want) || fmt.Sprint(err) != fmt.Sprint(werr) {
				t.Fatalf("n=%d: read %q, %v one byte at a time; %q, %v at once", n, got, err, want, werr)
			}
			if err == io.EOF {
				return at.work
			}
		}
	}
	small, large := work(n), work(2*n)
	hostile.Linear(t, "bytes looked at", small, large)
}

// chunks gives its reader's bytes in pieces of random sizes.
type chunks struct {
	r    io.Reader
	rand *rand.Rand
}

func (c chunks) Read(p []byte) (int, error) { return c.r.Read(p[:min(len(p), 1+c.rand.IntN(8))]) }

// Messages whose bodies hold the starts of headers, cut or whole, and
// whose lengths are right or a little wrong, read as they come in pieces
// of random sizes, are those read from the whole stream at once: over
// 3,000 random streams.
func TestPiecesReadAsWhole(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	parts := []string{`{"a":"`, `x`, `Content-Length:`, `content-length:`, ` `, "\t", `12`, `7`, "\r\n", "\n", `"}`, `c`, `Content-`}
	for round := range 3000 {
		var stream strings.Builder
		for range 1 + r.IntN(4) {
			var body strings.Builder
			for range r.IntN(12) {
				body.WriteString(parts[r.IntN(len(parts))])
			}
			fmt.Fprintf(&stream, "Content-Length: %d\r\n\r\n%s", max(0, body.Len()+r.IntN(5)-2), body.String())
		}
		read := func(src io.Reader) []string {
			rd := newReader(src)
			var got []string
			for range 100 {
				b, err := rd.read()
				got = append(got, fmt.Sprintf("%q %v", b, err))
				if err != nil && !errors.Is(err, errFraming) {
					break
				}
			}
			return got
		}
		whole := read(strings.NewReader(stream.String()))
		pieces := read(chunks{strings.NewReader(stream.String()), r})
		if !slices.Equal(whole, pieces) {
			t.Fatalf("round %d: %q\nread in pieces %q\nat once %q", round, stream.String(), pieces, whole)
		}
	}
}

// A workspace of n copies of one function in n/10 files (maxOccurrences
// 0: one class), every file then edited at once (a function of its own
// added, as a rename across the workspace does), then 2n: the files
// detection runs over may grow about linearly, at most 2.6 times. The
// edits were detected one by one, each with every file sharing code
// with it, every file of the class: (n/10)². The class stays whole.
func TestEditBurstHostile(t *testing.T) {
	const n = 300
	small, large := editBurstWork(t, n), editBurstWork(t, 2*n)
	hostile.Linear(t, "files detected", small, large)
}

func editBurstWork(t *testing.T, n int) int {
	t.Helper()
	e, src := copiesEngine(t, n, 0, nil)
	paths := slices.Sorted(maps.Keys(src))
	for i, p := range paths {
		e.docs.open(p, pathToURI(p), 1, src[p]+fmt.Sprintf("\nfunc own%d(a int) int {\n\treturn a * %d\n}\n", i, i))
	}
	e.mu.Lock()
	e.refresh(paths...)
	e.mu.Unlock()
	if len(e.idx.classes) != 1 {
		t.Fatalf("%d copies: %d classes after the edits, want one", n, len(e.idx.classes))
	}
	for _, c := range e.idx.classes {
		if len(c.Fragments) != n {
			t.Fatalf("%d copies: a class of %d after the edits", n, len(c.Fragments))
		}
	}
	return e.idx.work
}

// Files changed together are detected as when each is detected in turn
// (update, the old way): over 300 random workspaces of copies, renamed
// and edited copies, and random changes to several files at once (edits,
// files removed and added), the index's classes are those of the changes
// made one by one, and those of detection over the whole workspace.
func TestUpdateAllAsOneByOne(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	parse := sourceParser(t, 50)
	bodies := []string{
		"\tt := 0\n\tfor i, x := range xs {\n\t\tif x < 0 {\n\t\t\tcontinue\n\t\t}\n\t\tt += x * i\n\t\tif t > 100 {\n\t\t\tt -= 100\n\t\t}\n\t}\n\treturn t\n",
		"\tm := map[int]int{}\n\tfor _, x := range xs {\n\t\tm[x]++\n\t\tif m[x] > 3 {\n\t\t\tdelete(m, x)\n\t\t}\n\t}\n\treturn len(m)\n",
		"\tt := 0\n\tfor i, x := range xs {\n\t\tif x < 0 {\n\t\t\tbreak\n\t\t}\n\t\tt += x * i\n\t\tif t > 100 {\n\t\t\tt -= 100\n\t\t}\n\t}\n\treturn t\n",
		"\tif len(xs) == 0 {\n\t\treturn 0\n\t}\n\ts := xs[0]\n\tfor _, x := range xs[1:] {\n\t\tif x > s {\n\t\t\ts = x\n\t\t}\n\t}\n\treturn s * 2\n",
	}
	fileText := func(k int) string {
		var b strings.Builder
		b.WriteString("package w\n")
		for j := range 1 + r.IntN(3) {
			body := bodies[r.IntN(len(bodies))]
			if r.IntN(3) == 0 {
				body = strings.ReplaceAll(body, "x", "v")
			}
			fmt.Fprintf(&b, "\nfunc f%d_%d(xs []int) int {\n%s}\n", k, j, body)
		}
		return b.String()
	}
	for _, near := range []bool{false, true} {
		opt := fingerprint.Options{MinTokens: 50, MinLines: 6, MaxOccurrences: 10, Near: near, Similarity: 0.85}
		for round := range 150 {
			current := map[string]string{}
			for k := range 2 + r.IntN(6) {
				current[fmt.Sprintf("/w/f%d.go", k)] = fileText(k)
			}
			var all []*fingerprint.File
			for _, name := range sortedKeys(current) {
				all = append(all, parse(name, current[name]))
			}
			together, oneByOne := newIndex(opt), newIndex(opt)
			together.build(all)
			oneByOne.build(all)
			for range 3 {
				var changes []fileChange
				for _, name := range sortedKeys(current) {
					if r.IntN(2) == 0 {
						continue
					}
					if r.IntN(5) == 0 {
						delete(current, name)
						changes = append(changes, fileChange{path: name})
						continue
					}
					current[name] = fileText(r.IntN(100))
					changes = append(changes, fileChange{path: name, file: parse(name, current[name])})
				}
				if r.IntN(3) == 0 {
					name := fmt.Sprintf("/w/new%d.go", r.IntN(100))
					if _, ok := current[name]; !ok {
						current[name] = fileText(r.IntN(100))
						changes = append(changes, fileChange{path: name, file: parse(name, current[name])})
					}
				}
				together.updateAll(changes)
				for _, ch := range changes {
					oneByOne.update(ch.path, ch.file)
				}
				var fresh []*fingerprint.File
				for _, name := range sortedKeys(current) {
					fresh = append(fresh, parse(name, current[name]))
				}
				classes := func(x *index) string {
					var cs []fingerprint.Class
					for _, id := range sortedKeys(x.classes) {
						cs = append(cs, *x.classes[id])
					}
					return describe(cs)
				}
				got, want, full := classes(together), classes(oneByOne), describe(fingerprint.Detect(fresh, opt))
				if got != want || got != full {
					t.Fatalf("near %v, round %d, files %q:\ntogether   %s\none by one %s\nfull       %s", near, round, current, got, want, full)
				}
			}
		}
	}
}

// The diagnostics of every file of a workspace of n copies of one
// function in n/10 files (maxOccurrences 0: one class), published at
// once as after an edit of one of them, then 2n: the file names made for
// their messages may grow about linearly, at most 2.6 times. Each file's
// diagnostics made the name of every copy of the class: n²/10.
func TestPublishHostile(t *testing.T) {
	const n = 300
	small, large := publishWork(t, n), publishWork(t, 2*n)
	hostile.Linear(t, "names made", small, large)
}

func publishWork(t *testing.T, n int) int {
	t.Helper()
	published := 0
	e, src := copiesEngine(t, n, 0, func(string, []string, []string, *int, []diagnostic) { published++ })
	paths := slices.Sorted(maps.Keys(src))
	if published != len(paths) {
		t.Fatalf("%d files' diagnostics published, want %d", published, len(paths))
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	clear(e.published)
	before := e.namesMade
	e.publishPaths(paths)
	if published != 2*len(paths) {
		t.Fatalf("%d files' diagnostics published again, want %d", published-len(paths), len(paths))
	}
	return e.namesMade - before
}

// A file scheduled while a batch is detected (the engine's lock held)
// joins the next batch at once: it waited for the lock, and a burst of
// edits, each waiting for the batch before, was detected one by one.
func TestScheduleWhileDetecting(t *testing.T) {
	e := newEngine(config{}, log.New(io.Discard, "", 0), nil, nil)
	e.mu.Lock()
	e.schedule("/w/a.go") // would wait forever for the lock held here
	e.schedule("/w/b.go")
	e.mu.Unlock()
	e.pendMu.Lock()
	defer e.pendMu.Unlock()
	if got := sortedKeys(e.pending); !slices.Equal(got, []string{"/w/a.go", "/w/b.go"}) {
		t.Errorf("pending %q", got)
	}
}

// A workspace of n folders, each file of each asked whether it takes
// part (wanted: at each opening and edit), then 2n: the folders looked
// up for their .duplignore rules may grow about linearly, at most 2.6
// times. Each file asked every folder's rules: n². A file is left out by
// the rules of a folder above it, as before.
func TestManyFoldersHostile(t *testing.T) {
	const n = 500
	asked := func(n int) int {
		base := t.TempDir()
		var roots []string
		for i := range n {
			roots = append(roots, filepath.Join(base, fmt.Sprintf("d%04d", i)))
		}
		roots = append(roots, filepath.Join(base, "d0001", "inner")) // a folder inside another
		write(t, filepath.Join(base, ".duplignore"), "left.go\n")    // above every folder: not theirs
		if err := os.MkdirAll(filepath.Join(base, "d0001", "inner"), 0o755); err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(base, "d0001", ".duplignore"), "inner/out.go\n")
		e := newEngine(config{opt: fingerprint.Options{MinTokens: 100}}, log.New(io.Discard, "", 0), nil, nil)
		e.roots = roots
		e.newTrees()
		src := []byte("package p\n")
		for _, r := range roots {
			if !e.wanted(filepath.Join(r, "x.go"), src) || !e.wanted(filepath.Join(r, "left.go"), src) {
				t.Fatalf("%s: a file left out", r)
			}
		}
		if e.wanted(filepath.Join(base, "d0001", "inner", "out.go"), src) {
			t.Error("inner/out.go, which d0001's .duplignore leaves out, taken")
		}
		return e.treesAsked
	}
	small, large := asked(n), asked(2*n)
	hostile.Linear(t, "folders looked up", small, large)
}

// copiesDetected indexes n copies of one function in files files under
// /w (hostile.Copies) and detects their one class, as the editor's
// engine would with maxOccurrences 0: the sources by path, and the
// result.
func copiesDetected(t *testing.T, n, files int) (map[string][]byte, fingerprint.Result) {
	t.Helper()
	src, res := detectedUnderW(t, hostile.Copies(n, files))
	if len(res.Classes) != 1 || len(res.Classes[0].Fragments) != n {
		t.Fatalf("%d classes, want one of %d copies", len(res.Classes), n)
	}
	return src, res
}

// detectedUnderW indexes the files, by name under /w, and detects their
// classes as the editor's engine would with maxOccurrences 0; it
// returns the sources by path, and the result.
func detectedUnderW(t *testing.T, files map[string][]byte) (map[string][]byte, fingerprint.Result) {
	t.Helper()
	src := map[string][]byte{}
	for name, b := range files {
		src[path.Join("/w", name)] = b
	}
	var ix fingerprint.Indexer
	var fs []*fingerprint.File
	for _, name := range slices.Sorted(maps.Keys(src)) {
		f, errs := load.Source(&ix, name, src[name], 100)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", name, errs)
		}
		fs = append(fs, f)
	}
	return src, fingerprint.Run(fs, fingerprint.Options{MinTokens: 100, MinLines: 6, Near: true, Similarity: 0.85})
}

// copiesEngine writes n copies of one function in n/10 files
// (hostile.Copies) to a new folder and returns an engine that indexed it
// as its workspace, at maxOccurrences, publishing through publish (none:
// nowhere), and the copies' texts by path.
func copiesEngine(t *testing.T, n, maxOccurrences int, publish publishFunc) (*engine, map[string]string) {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	src := map[string]string{}
	for name, b := range hostile.Copies(n, n/10) {
		src[filepath.Join(dir, name)] = string(b)
		write(t, filepath.Join(dir, name), string(b))
	}
	if publish == nil {
		publish = func(string, []string, []string, *int, []diagnostic) {}
	}
	opt := fingerprint.Options{MinTokens: 100, MinLines: 6, MaxOccurrences: maxOccurrences, Near: true, Similarity: 0.85}
	e := newEngine(config{opt: opt, tests: true}, log.New(io.Discard, "", 0), nil, publish)
	e.roots = []string{dir}
	e.newTrees()
	e.indexWorkspace(false)
	return e, src
}

// The diagnostics of every file of a workspace of n copies of one
// function in n/10 files, the first lacking a guard each other copy has
// (hostile.LackingFirst, maxOccurrences 0: one drifted class), published
// at once through one displayer as publishPaths does, then 2n: the
// drifts read for their messages (report.Work) and for the first copy's
// drift warnings (driftWork) may grow about linearly, at most 2.6 times.
// Each copy's message read every drift of the class (report.Message),
// and each of the first copy's drifts was looked for among those before
// it: 4,000 copies took 4.5 s. The messages are Message's.
func TestDiagnosticsLackingHostile(t *testing.T) {
	const n = 300
	smallReport, smallDrifts := lackingDiagnosticsWork(t, n)
	largeReport, largeDrifts := lackingDiagnosticsWork(t, 2*n)
	hostile.Linear(t, "drifts read for the messages", smallReport, largeReport)
	hostile.Linear(t, "drifts read for the warnings", smallDrifts, largeDrifts)
}

func lackingDiagnosticsWork(t *testing.T, n int) (reportWork, drifts int64) {
	t.Helper()
	src, res := detectedUnderW(t, hostile.LackingFirst(n, n/10))
	if len(res.Classes) != 1 || len(res.Classes[0].Fragments) != n || len(res.Classes[0].Fragments[0].Drift) != n-1 {
		t.Fatalf("%d classes, want one of %d copies, the first with %d drifts", len(res.Classes), n, n-1)
	}
	c := &res.Classes[0]
	text := func(p string) []byte { return src[p] }
	shown := newDisplayer([]string{"/w"})
	want := displayClass(c, []string{"/w"})
	beforeReport, beforeDrifts := report.Work(), driftWork.Load()
	byFile := map[string][]diagnostic{}
	for _, name := range slices.Sorted(maps.Keys(src)) {
		byFile[name] = shownDiagnostics(name, []*fingerprint.Class{c}, severityHint, shown, text)
	}
	reportWork, drifts = report.Work()-beforeReport, driftWork.Load()-beforeDrifts
	wantMessages := report.Messages(want)
	messages, warnings := 0, 0
	for _, name := range slices.Sorted(maps.Keys(src)) {
		for _, d := range byFile[name] {
			if d.Code == "drift" {
				warnings++
				if len(d.RelatedInformation) != n-1 {
					t.Errorf("the drift warning points to %d twins, want every other copy, %d", len(d.RelatedInformation), n-1)
				}
				continue
			}
			messages++
			i := slices.IndexFunc(c.Fragments, func(f fingerprint.Fragment) bool { return f.File == name && d.Range.Start.Line == f.Start.Line-1 })
			if i < 0 || d.Message != wantMessages[i] {
				t.Fatalf("%s: message %q, want Message's", name, d.Message)
			}
		}
	}
	if messages != n || warnings != 1 {
		t.Fatalf("%d messages and %d drift warnings, want %d and 1", messages, warnings, n)
	}
	return reportWork, drifts
}

// The diagnostics of n copies of one function on one line (a file of a
// single line of code, as a minifier or a generator writes it; minLines
// 1, which a workspace's settings may ask), then 2n: the bytes read to
// turn their columns into UTF-16 ones may grow about linearly, at most
// 2.6 times. Each fragment's columns, and those of the 10 copies it
// points to, were counted from the line's start: 4,000 copies (540 KB)
// took 33 s to publish.
func TestLongLineHostile(t *testing.T) {
	hostile.Linear(t, "bytes read for columns", longLineColumns(t, 300), longLineColumns(t, 600))
}

// longLineColumns makes the diagnostics of n copies of one function on
// one line and counts the bytes read for their columns.
func longLineColumns(t *testing.T, n int) int64 {
	t.Helper()
	var b strings.Builder
	b.WriteString("package p; ")
	for i := range n {
		fmt.Fprintf(&b, "func f%d(a, b int) int { x := a + b; if x > 10 { x -= 3 } else { x += a * b }; for i := 0; i < b; i++ { x += i * a }; return x + %d }; ", i, i%7)
	}
	src := []byte(b.String() + "\n")
	var ix fingerprint.Indexer
	f, errs := load.Source(&ix, "/w/a.go", src, 20)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	res := fingerprint.Run([]*fingerprint.File{f}, fingerprint.Options{MinTokens: 20, MinLines: 1, Near: true, Similarity: 0.85})
	if len(res.Classes) != 1 || len(res.Classes[0].Fragments) != n {
		t.Fatalf("%d classes, want one of %d copies", len(res.Classes), n)
	}
	before := columnWork.Load()
	ds := fileDiagnostics("/w/a.go", []*fingerprint.Class{&res.Classes[0]}, severityHint, []string{"/w"}, func(string) []byte { return src })
	if len(ds) != n {
		t.Fatalf("%d diagnostics, want %d", len(ds), n)
	}
	return columnWork.Load() - before
}

// A line's columns counted from its marks are those counted from its
// start (utf16Column), over random lines of ASCII, runes of two to four
// bytes, runes past U+FFFF and bytes that are not UTF-8, at every
// column and past the line's end.
func TestColumnsAsCounted(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "x := 1; ", "é", "世", "😀", "\xff", "\xe4\xb8", "\t"}
	for range 40 {
		var b strings.Builder
		for b.Len() < markBytes*(1+r.IntN(5)) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		line := []byte(b.String())
		tab := &lineTable{load: func() []byte { return line }}
		for col := 1; col <= len(line)+3; col++ {
			if got, want := tab.column(1, col), utf16Column(line, col); got != want {
				t.Fatalf("line of %d bytes, column %d: %d, want %d", len(line), col, got, want)
			}
		}
	}
}
