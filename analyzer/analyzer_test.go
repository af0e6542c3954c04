package analyzer_test

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/copycat-go/copycat/analyzer"
)

// testdata is the repository's testdata directory: its src/ holds the
// analyzer's test packages, one per case.
func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// small are the thresholds of the test packages, which stay small. Near
// misses are judged by their own cases: look-alikes may well be near.
// small: the sizes of the small fixtures; -all, so that the tests of
// what the analyzer finds see every class (TestListing tests which ones
// it lists by default).
var small = []string{"min-tokens", "20", "min-lines", "3", "near", "false", "all", "true"}

// setFlags sets the analyzer's flags for one test and restores them after.
func setFlags(t *testing.T, kv ...string) {
	t.Helper()
	for i := 0; i+1 < len(kv); i += 2 {
		name, value := kv[i], kv[i+1]
		f := analyzer.Analyzer.Flags.Lookup(name)
		if f == nil {
			t.Fatalf("no flag -%s", name)
		}
		old := f.Value.String()
		if err := f.Value.Set(value); err != nil {
			t.Fatalf("-%s=%s: %v", name, value, err)
		}
		t.Cleanup(func() { f.Value.Set(old) })
	}
}

func TestAnalyzer(t *testing.T) {
	tests := []struct {
		pkg   string
		flags []string // on top of small
	}{
		{pkg: "exact"},
		{pkg: "renamed"},
		{pkg: "lookalike"},
		{pkg: "threshold"},
		{pkg: "directive"},
		{pkg: "duplignore"},
		{pkg: "generated"},
		{pkg: "tests"},
		{pkg: "notests", flags: []string{"tests", "false"}},
		{pkg: "broken"},
		{pkg: "related"},
		{pkg: "near", flags: []string{"near", "true"}},
	}
	for _, tt := range tests {
		t.Run(tt.pkg, func(t *testing.T) {
			setFlags(t, small...)
			setFlags(t, tt.flags...)
			analysistest.Run(t, testdata(t), analyzer.Analyzer, tt.pkg)
		})
	}
}

// TestGeneratedFlag checks that -generated brings generated files back.
func TestGeneratedFlag(t *testing.T) {
	setFlags(t, small...)
	setFlags(t, "generated", "true")
	diagnosticsAre(t, "generated",
		"a.go:4:1-14:2 exact: duplicate of generated/zz_gen.go:5-15 (exact, 40 tokens, 2 copies); not listed: mirror: generated/zz_gen.go is generated",
		"zz_gen.go:5:1-15:2 exact: duplicate of generated/a.go:4-14 (exact, 40 tokens, 2 copies); not listed: mirror: generated/zz_gen.go is generated")
}

// diagnosticsAre checks that the diagnostics of pkg are want, in order.
func diagnosticsAre(t *testing.T, pkg string, want ...string) {
	t.Helper()
	if got := diagnostics(t, pkg); !slices.Equal(got, want) {
		t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// By default the analyzer lists what the command line lists: not the
// classes in tests, nor copies on purpose (here one per type: sumInt32
// and sumInt64), so that a go vet gate and the command line fail on the
// same classes; -all reports those too, each saying why. An exact copy
// under a name with a number added (total and total2) is a copy, listed.
func TestListing(t *testing.T) {
	for _, tc := range []struct {
		pkg  string
		all  bool
		want int
		tail string // of every message
	}{
		{"renamed", false, 2, "2 copies)"},
		{"exact", false, 2, "2 copies)"},
		{"pertype", false, 0, ""},
		{"tests", false, 0, ""},
		{"pertype", true, 2, "; not listed: per-type: sumInt32 and sumInt64 differ only by a type or a width"},
		{"tests", true, 2, "; not listed: tests"},
	} {
		setFlags(t, small...)
		setFlags(t, "all", fmt.Sprint(tc.all))
		got := diagnostics(t, tc.pkg)
		if len(got) != tc.want {
			t.Errorf("%s, -all=%v: %d diagnostics, want %d:\n\t%s", tc.pkg, tc.all, len(got), tc.want, strings.Join(got, "\n\t"))
		}
		for _, d := range got {
			if !strings.HasSuffix(d, tc.tail) {
				t.Errorf("%s, -all=%v: %q does not end with %q", tc.pkg, tc.all, d, tc.tail)
			}
		}
	}
}

// A drifted class's messages say what drifted, as the command line's
// reason does, without the rest of the reason (the rank's): the copy
// whose twin discards a value it checks said "drifted" and no more, the
// twin alone saying what it discards.
func TestDriftSaid(t *testing.T) {
	setFlags(t, "near", "true")
	diagnosticsAre(t, "discards",
		"discards.go:13:1-33:2 near: duplicate of discards/discards.go:35-52 (near 93%, 143 tokens, 2 copies; drifted: a copy discards a value its twin checks)",
		"discards.go:35:1-52:2 near: duplicate of discards/discards.go:13-33 (near 93%, 143 tokens, 2 copies; drifted: a copy discards a value its twin checks); line 36 discards with _ the value that discards/discards.go:14-17 checks")
}

// TestCategory checks that each diagnostic's category is its clone's
// kind.
func TestCategory(t *testing.T) {
	tests := []struct{ pkg, want string }{
		{"exact", "exact"},
		{"renamed", "renamed"},
		{"near", "near"},
	}
	for _, tt := range tests {
		t.Run(tt.pkg, func(t *testing.T) {
			setFlags(t, small...)
			setFlags(t, "near", "true")
			got := diagnostics(t, tt.pkg)
			if len(got) != 2 {
				t.Fatalf("got %d diagnostics, want 2:\n\t%s", len(got), strings.Join(got, "\n\t"))
			}
			for _, d := range got {
				if _, rest, _ := strings.Cut(d, " "); !strings.HasPrefix(rest, tt.want+":") {
					t.Errorf("%s: category is not %s", d, tt.want)
				}
			}
		})
	}
}

// TestFaultContained: a fault of copycat's own while reading one file's
// directives or indexing it is a diagnostic on that file, and the
// package's other files are still read.
func TestFaultContained(t *testing.T) {
	setFlags(t, small...)
	for step, fault := range map[string]string{"index": "a fault in indexing", "directives": "a fault in reading directives"} {
		restore := analyzer.FaultOn(step, "/a.go")
		got := diagnostics(t, "exact")
		if len(got) != 1 || !strings.Contains(got[0], "a.go:") || !strings.Contains(got[0], "file: internal error, file left out of clone detection (please report it with the file): "+fault) {
			t.Errorf("%s: diagnostics:\n\t%s\nwant one internal error on a.go", step, strings.Join(got, "\n\t"))
		}
		restore()
		if got := diagnostics(t, "exact"); len(got) != 2 {
			t.Errorf("%s: after the fault, %d diagnostics, want the 2 of the clone:\n\t%s", step, len(got), strings.Join(got, "\n\t"))
		}
	}
}

// diagnostics runs the analyzer on a test package and renders its
// diagnostics, with their spans and categories.
func diagnostics(t *testing.T, pkg string) []string {
	t.Helper()
	var out []string
	for _, r := range analysistest.Run(nopT{t}, testdata(t), analyzer.Analyzer, pkg) {
		if r.Err != nil {
			t.Fatalf("%s: %v", pkg, r.Err)
		}
		fset := r.Action.Package.Fset
		for _, d := range r.Diagnostics {
			out = append(out, fmt.Sprintf("%s %s: %s", span(fset, d.Pos, d.End), d.Category, d.Message))
		}
	}
	return out
}

// nopT runs analysistest without checking // want comments, for tests
// that look at the diagnostics themselves.
type nopT struct{ *testing.T }

func (nopT) Errorf(string, ...any) {}

func span(fset *token.FileSet, pos, end token.Pos) string {
	p, e := fset.Position(pos), fset.Position(end)
	return fmt.Sprintf("%s:%d:%d-%d:%d", filepath.Base(p.Filename), p.Line, p.Column, e.Line, e.Column)
}

// TestRelated checks that each copy points at every other copy of its
// class, which // want comments cannot say.
func TestRelated(t *testing.T) {
	setFlags(t, small...)
	want := map[string][]string{
		"a.go:5:1-15:2":  {"a.go:17:1-27:2", "b.go:3:1-13:2"},
		"a.go:17:1-27:2": {"a.go:5:1-15:2", "b.go:3:1-13:2"},
		"b.go:3:1-13:2":  {"a.go:5:1-15:2", "a.go:17:1-27:2"},
	}
	results := analysistest.Run(t, testdata(t), analyzer.Analyzer, "related")
	got := map[string][]string{}
	for _, r := range results {
		fset := r.Action.Package.Fset
		for _, d := range r.Diagnostics {
			if d.Category != "exact" {
				t.Errorf("%s: category %q, want exact", span(fset, d.Pos, d.End), d.Category)
			}
			var rel []string
			for _, ri := range d.Related {
				if ri.Message != analyzer.RelatedMessage {
					t.Errorf("related message %q, want %q", ri.Message, analyzer.RelatedMessage)
				}
				rel = append(rel, span(fset, ri.Pos, ri.End))
			}
			got[span(fset, d.Pos, d.End)] = rel
		}
	}
	for k, w := range want {
		if g, ok := got[k]; !ok {
			t.Errorf("no diagnostic at %s", k)
		} else if !slices.Equal(g, w) {
			t.Errorf("%s: related %v, want %v", k, g, w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("got %d diagnostics, want %d: %v", len(got), len(want), got)
	}
}

func TestValidate(t *testing.T) {
	if err := analysis.Validate([]*analysis.Analyzer{analyzer.Analyzer}); err != nil {
		t.Fatal(err)
	}
}

func TestDoc(t *testing.T) {
	doc := analyzer.Analyzer.Doc
	// Drivers show the first paragraph as the analyzer's title, after its
	// name (multichecker -help: "copycat      report duplicated …").
	title, _, _ := strings.Cut(doc, "\n\n")
	if want := "report duplicated code (clones) inside a package"; title != want {
		t.Errorf("Doc's first paragraph is %q, want the one-line summary %q", title, want)
	}
	if strings.Contains(doc, "# Analyzer") || strings.Contains(doc, "\n// ") || strings.Contains(doc, "package analyzer") {
		t.Errorf("Doc holds more than the # Analyzer section:\n%s", doc)
	}
}

// TestFlags checks that the analyzer offers the command line's detection
// flags under the same names.
func TestFlags(t *testing.T) {
	for _, name := range []string{"min-tokens", "min-lines", "max-occurrences", "near", "similarity", "tests", "generated", "max-file-size"} {
		if analyzer.Analyzer.Flags.Lookup(name) == nil {
			t.Errorf("no flag -%s", name)
		}
	}
	// Their usage, which copycat -flags gives go vet, names the flags as
	// vet takes them: vet's own -all does nothing, and there is no
	// -baseline under vet.
	if u := analyzer.Analyzer.Flags.Lookup("generated").Usage; !strings.HasSuffix(u, "(-copycat.all lists it)") {
		t.Errorf("-copycat.generated says %q, want it to name -copycat.all", u)
	}
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		if strings.Contains(f.Usage, "baseline") {
			t.Errorf("-copycat.%s names a baseline, which the analyzer has not: %q", f.Name, f.Usage)
		}
	})
}

// TestBadFlags checks that nonsense thresholds fail the pass with an
// error naming the flag.
func TestBadFlags(t *testing.T) {
	setFlags(t, "min-tokens", "0")
	pass := fakePass(t, filepath.Join(testdata(t), "src", "exact"), []string{"a.go", "b.go"})
	_, err := analyzer.Analyzer.Run(pass.Pass)
	if err == nil || !strings.Contains(err.Error(), "-min-tokens") {
		t.Errorf("err = %v, want one naming -min-tokens", err)
	}
}

// TestFileOrder checks that the diagnostics do not depend on the order
// in which the driver lists the files.
func TestFileOrder(t *testing.T) {
	tests := []struct {
		pkg   string
		files []string
		want  int // diagnostics
	}{
		{"related", []string{"a.go", "b.go"}, 3},
		{"directive", []string{"a.go", "b.go"}, 5},
	}
	for _, tt := range tests {
		t.Run(tt.pkg, func(t *testing.T) {
			setFlags(t, small...)
			dir := filepath.Join(testdata(t), "src", tt.pkg)
			forward := runFake(t, dir, tt.files)
			reversed := slices.Clone(tt.files)
			slices.Reverse(reversed)
			backward := runFake(t, dir, reversed)
			if !slices.Equal(forward, backward) {
				t.Errorf("files %v:\n\t%s\nreversed:\n\t%s", tt.files, strings.Join(forward, "\n\t"), strings.Join(backward, "\n\t"))
			}
			if len(forward) != tt.want {
				t.Errorf("got %d diagnostics, want %d:\n\t%s", len(forward), tt.want, strings.Join(forward, "\n\t"))
			}
		})
	}
}

func runFake(t *testing.T, dir string, names []string) []string {
	t.Helper()
	p := fakePass(t, dir, names)
	if _, err := analyzer.Analyzer.Run(p.Pass); err != nil {
		t.Fatal(err)
	}
	return p.got
}

// A recordingPass is a Pass over parsed files (no type information, as
// the analyzer needs none) that records the rendered diagnostics.
type recordingPass struct {
	*analysis.Pass
	got []string
}

func fakePass(t *testing.T, dir string, names []string) *recordingPass {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	for _, n := range names {
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	p := &recordingPass{}
	p.Pass = &analysis.Pass{
		Analyzer: analyzer.Analyzer,
		Fset:     fset,
		Files:    files,
		ReadFile: os.ReadFile,
		Report: func(d analysis.Diagnostic) {
			s := fmt.Sprintf("%s %s: %s", span(fset, d.Pos, d.End), d.Category, d.Message)
			for _, r := range d.Related {
				s += " | " + span(fset, r.Pos, r.End)
			}
			p.got = append(p.got, s)
		},
	}
	return p
}

// TestMaxFileSize checks that a file over -max-file-size is left out with
// a diagnostic naming it, and that an oversized generated file is left
// out quietly, as the command line does.
func TestMaxFileSize(t *testing.T) {
	setFlags(t, small...)
	setFlags(t, "max-file-size", "100")
	got := diagnostics(t, "generated")
	if len(got) != 1 || !strings.Contains(got[0], "a.go") || !strings.Contains(got[0], "larger than -max-file-size (100 bytes), skipped") {
		t.Errorf("got\n\t%s\nwant one diagnostic: a.go larger than -max-file-size", strings.Join(got, "\n\t"))
	}
}

// go vet gives a package that imports "C" as cmd/cgo's output: each
// such x.go as x.cgo1.go in its work directory, starting with a
// generated-code header and a //line directive to x.go, beside cgo's own
// _cgo_gotypes.go. Each was left out as generated, so that a cgo
// package never had a clone reported; its files are now read, and
// reported, as the files cgo was given, under their module's rules.
func TestCgoPackage(t *testing.T) {
	setFlags(t, small...)
	dir, work := t.TempDir(), t.TempDir()
	orig := cgoFiles("")
	files, fset, pass, got := cgoPass(t, dir, work, orig)
	run := func() {
		t.Helper()
		*got = nil
		if _, err := analyzer.Analyzer.Run(pass); err != nil {
			t.Fatal(err)
		}
	}
	run()
	want := []string{
		filepath.Join(dir, "a.go") + ":8: duplicate of b.go:10-20 (exact, 51 tokens, 2 copies)",
		filepath.Join(dir, "b.go") + ":10: duplicate of a.go:8-18 (exact, 51 tokens, 2 copies)",
	}
	if !slices.Equal(*got, want) {
		t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(*got, "\n\t"), strings.Join(want, "\n\t"))
	}
	// A file of the tree's named like cgo's, its //line directive to
	// another file, is read as itself: only cgo's header makes one cgo's.
	if err := os.WriteFile(filepath.Join(dir, "c.cgo1.go"), []byte("//line "+filepath.Join(dir, "c.go")+":1:1\npackage p\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "c.go"), []byte(orig["a.go"]), 0o644); err != nil {
		t.Fatal(err)
	}
	own, err := parser.ParseFile(fset, filepath.Join(dir, "c.cgo1.go"), nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	files[filepath.Join(dir, "c.cgo1.go")] = ""
	pass.Files = append(pass.Files, own)
	run()
	if !slices.Equal(*got, want) {
		t.Errorf("with a file of the tree named c.cgo1.go: got\n\t%s\nwant\n\t%s", strings.Join(*got, "\n\t"), strings.Join(want, "\n\t"))
	}
	// The module's .duplignore applies, as to the files themselves.
	if err := os.WriteFile(filepath.Join(dir, ".duplignore"), []byte("b.go\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run()
	if len(*got) != 0 {
		t.Errorf("b.go left out by .duplignore: got\n\t%s", strings.Join(*got, "\n\t"))
	}
}

// cgoFiles are the files of a package that imports "C", two copies of
// one function; before, the first line of a.go.
func cgoFiles(before string) map[string]string {
	body := func(name string) string {
		return "func " + name + "(a []int) int {\n\ts := 0\n\tfor i, v := range a {\n\t\tif v > 10 {\n\t\t\ts += v * i\n\t\t} else {\n\t\t\ts -= v\n\t\t}\n\t}\n\treturn s + int(C.one())\n}\n"
	}
	return map[string]string{
		"a.go": before + "package p\n\n/*\nstatic int one(void) { return 1; }\n*/\nimport \"C\"\n\n" + body("f1"),
		"b.go": "package p\n\n/*\nstatic int one(void) { return 1; }\n*/\nimport \"C\"\n\n\n\n" + body("f2"),
	}
}

// cgoPass writes the files orig into dir, and into work as cmd/cgo writes
// them for go vet, and returns the pass go vet would run copycat's
// analyzer with, in dir, as go vet runs its tool in the package's
// directory, and where it records the diagnostics.
func cgoPass(t *testing.T, dir, work string, orig map[string]string) (map[string]string, *token.FileSet, *analysis.Pass, *[]string) {
	t.Helper()
	t.Chdir(dir)
	files := map[string]string{
		filepath.Join(work, "_cgo_gotypes.go"): "// Code generated by cmd/cgo; DO NOT EDIT.\n\npackage p\n",
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, src := range orig {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		// As cmd/cgo rewrites it: the preamble and import gone, C.one
		// a call of its own, the lines kept by //line.
		gen := "// Code generated by cmd/cgo; DO NOT EDIT.\n\n//line " + filepath.Join(dir, name) + ":1:1\n" +
			strings.Replace(strings.Replace(src, "import \"C\"", "import _ \"unsafe\"", 1), "C.one()", "(_Cfunc_one)()", 1)
		files[filepath.Join(work, strings.TrimSuffix(name, ".go")+".cgo1.go")] = gen
	}
	fset := token.NewFileSet()
	var parsed []*ast.File
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if err := os.WriteFile(name, []byte(files[name]), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, files[name], parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
	}
	got := new([]string)
	pass := &analysis.Pass{
		Analyzer: analyzer.Analyzer,
		Fset:     fset,
		Files:    parsed,
		// As go vet's: only the files it gave may be read.
		ReadFile: func(name string) ([]byte, error) {
			if _, ok := files[name]; !ok {
				return nil, fmt.Errorf("%s is not among the package's files", name)
			}
			return os.ReadFile(name)
		},
		Report: func(d analysis.Diagnostic) {
			p := fset.PositionFor(d.Pos, false) // where it is, not where a //line says
			*got = append(*got, fmt.Sprintf("%s:%d: %s", p.Filename, p.Line, d.Message))
		},
	}
	return files, fset, pass, got
}

// A file that imports "C" may hold a //line directive of its own before
// its package clause (a generator's, or anyone's in a pull request):
// cmd/cgo writes it after its own, and the package clause's file was
// taken for the one cgo was given, so that go vet's copycat read, and
// reported the copies of, a file of that name anywhere on the disk, and
// never the package's own. The file is the one cgo's directive names.
func TestCgoLineBeforePackage(t *testing.T) {
	setFlags(t, small...)
	dir, work, elsewhere := t.TempDir(), t.TempDir(), t.TempDir()
	twice := strings.Repeat("func h(a []int) int {\n\ts := 0\n\tfor i, v := range a {\n\t\tif v > 10 {\n\t\t\ts += v * i\n\t\t} else {\n\t\t\ts -= v\n\t\t}\n\t}\n\treturn s\n}\n\n", 2)
	if err := os.WriteFile(filepath.Join(elsewhere, "a.go"), []byte("package q\n\n"+twice), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, pass, got := cgoPass(t, dir, work, cgoFiles("//line "+filepath.Join(elsewhere, "a.go")+":1\n"))
	if _, err := analyzer.Analyzer.Run(pass); err != nil {
		t.Fatal(err)
	}
	// Its //line directive makes a.go generated, as the command line
	// reads it: the class is not listed.
	want := []string{
		filepath.Join(dir, "a.go") + ":9: duplicate of b.go:10-20 (exact, 51 tokens, 2 copies); not listed: mirror: a.go is generated",
		filepath.Join(dir, "b.go") + ":10: duplicate of a.go:9-19 (exact, 51 tokens, 2 copies); not listed: mirror: a.go is generated",
	}
	if slices.Sort(*got); !slices.Equal(*got, want) {
		t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(*got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// A file of the package named x.cgo1.go that opens with cmd/cgo's header
// and a //line directive to an x.go elsewhere on the disk (anyone's, in
// a pull request) was read as the file cgo made it from: the file
// outside the package was read, its copies of the package's code
// reported there. cmd/cgo writes its files in its work directory, never
// in the package's, and the file it was given is in the package's
// directory, where go vet runs its tool: such a file is read as itself,
// generated, and nothing outside the package is read.
func TestCgoFilePlanted(t *testing.T) {
	setFlags(t, small...)
	dir, work, elsewhere := t.TempDir(), t.TempDir(), t.TempDir()
	orig := cgoFiles("")
	secret := filepath.Join(elsewhere, "x.go")
	if err := os.WriteFile(secret, []byte(strings.Replace(orig["a.go"], "f1", "secret", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	planted := "// Code generated by cmd/cgo; DO NOT EDIT.\n\n//line " + secret + ":1:1\npackage p\n"
	for _, where := range []string{dir, work} {
		files, fset, pass, got := cgoPass(t, dir, work, orig)
		name := filepath.Join(where, "x.cgo1.go")
		if err := os.WriteFile(name, []byte(planted), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, planted, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = planted
		pass.Files = append(pass.Files, f)
		if _, err := analyzer.Analyzer.Run(pass); err != nil {
			t.Fatal(err)
		}
		want := []string{
			filepath.Join(dir, "a.go") + ":8: duplicate of b.go:10-20 (exact, 51 tokens, 2 copies)",
			filepath.Join(dir, "b.go") + ":10: duplicate of a.go:8-18 (exact, 51 tokens, 2 copies)",
		}
		if !slices.Equal(*got, want) {
			t.Errorf("x.cgo1.go in %s naming %s: got\n\t%s\nwant the package's class alone\n\t%s", where, secret, strings.Join(*got, "\n\t"), strings.Join(want, "\n\t"))
		}
	}
}
