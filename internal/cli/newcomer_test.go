package cli

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/cache"
	"github.com/copycat-go/copycat/internal/testtool"
)

// A run that loaded nothing, because its paths do not exist or hold no
// Go files, prints its errors alone: no summary of 0 classes in 0 files,
// which would read as a result. A run that loaded some files and failed
// on a path still prints its text report (see TestBadInput).
func TestFailedRunPrintsOnlyTheErrors(t *testing.T) {
	dir := unpack(t, "module.txtar")
	for _, args := range [][]string{
		{"./nope"},
		{"./nope", "./nope/either"},
		{"./nope/..."},
		{dir + "/legacy/none.go"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			out, errs, code := run(t, append([]string{"-cache=off"}, args...)...)
			if code != ExitError || out != "" || !strings.Contains(errs, "nope") && !strings.Contains(errs, "none.go") || strings.Contains(out+errs, "0 classes") {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, nothing on stdout, the errors alone", code, out, errs, ExitError)
			}
		})
	}
	out, errs, code := run(t, append(small, "./stats", "./nope")...)
	if code != ExitError || !strings.Contains(out, "stats/copy.go") || !strings.Contains(out, "copycat: 1 class") || !strings.Contains(errs, "nope") {
		t.Errorf("partly failed run: exit %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

// -o's extension names the report's format when -format and -json do
// not, and must agree with them when they do.
func TestFormatFromOutputFile(t *testing.T) {
	dir := unpack(t, "module.txtar")
	starts := map[string]string{
		FormatText:        "stats/copy.go:",
		FormatJSON:        "{\n  \"version\": 1,",
		FormatSARIF:       `{"$schema":"https://json.schemastore.org/sarif-2.1.0.json"`,
		FormatHTML:        "<!DOCTYPE html>",
		FormatCodeClimate: "[\n  {\n    \"type\": \"issue\",",
	}
	for _, tt := range []struct {
		file   string
		flags  []string
		format string
	}{
		{"report.html", nil, FormatHTML},
		{"report.HTM", nil, FormatHTML},
		{"report.json", nil, FormatJSON},
		{"report.sarif", nil, FormatSARIF},
		{"report.sarif.json", nil, FormatSARIF},
		{"report.txt", nil, FormatText},
		{"clones", nil, FormatText},
		{"report.json", []string{"-json"}, FormatJSON},
		{"report.json", []string{"-format", "sarif"}, FormatSARIF},                              // SARIF is JSON
		{"gl-code-quality-report.json", []string{"-format", "code-climate"}, FormatCodeClimate}, // so is Code Climate
		{"report.html", []string{"-format=html"}, FormatHTML},
		{"report.out", []string{"-format", "json"}, FormatJSON}, // an extension that names no format
	} {
		t.Run(tt.file+" "+strings.Join(tt.flags, " "), func(t *testing.T) {
			file := filepath.Join(dir, tt.file)
			os.Remove(file)
			out, errs, code := run(t, append(append(append([]string{}, small...), tt.flags...), "-o", file, "./stats")...)
			got, err := os.ReadFile(file)
			if code != ExitClones || out != "" || err != nil || !strings.HasPrefix(string(got), starts[tt.format]) {
				t.Errorf("exit %d, stdout %q, stderr %q, %v; the file starts %.60q, want %q", code, out, errs, err, got, starts[tt.format])
			}
		})
	}
	for _, tt := range []struct {
		flags []string
		want  string
	}{
		{[]string{"-json", "-o", "r.html"}, "copycat: -json and -o r.html disagree: the extension says html (leave out -json, or name the file .json)\n"},
		{[]string{"-o", "r.sarif", "-format", "json"}, "copycat: -format json and -o r.sarif disagree: the extension says sarif (leave out -format json, or name the file .json)\n"},
		{[]string{"-format", "html", "-o", "r.json"}, "copycat: -format html and -o r.json disagree: the extension says json (leave out -format html, or name the file .html)\n"},
		{[]string{"-format", "text", "-o", "r.json"}, "copycat: -format text and -o r.json disagree: the extension says json (leave out -format text, or name the file .txt)\n"},
	} {
		t.Run(strings.Join(tt.flags, " "), func(t *testing.T) {
			out, errs, code := run(t, append(tt.flags, "./stats")...)
			if code != ExitError || out != "" || errs != tt.want {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, stderr %q", code, out, errs, ExitError, tt.want)
			}
			if _, err := os.Stat(tt.flags[slices.Index(tt.flags, "-o")+1]); !os.IsNotExist(err) {
				t.Errorf("the file was written: %v", err)
			}
		})
	}
}

// A report written to a file is one line on standard error, unless -q:
// the format, the file and the classes in it.
func TestOutputFileSaysWhatItWrote(t *testing.T) {
	dir := unpack(t, "module.txtar")
	file := filepath.Join(dir, "clones.html")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"./stats"}, "copycat: wrote html report to " + file + " (1 class)\n"},
		{[]string{"./..."}, "copycat: wrote html report to " + file + " (2 classes)\n"},
		{[]string{"./report/report.go", "-min-tokens", "1000"}, "copycat: wrote html report to " + file + " (0 classes)\n"},
		{[]string{"-q", "./..."}, ""},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			_, errs, _ := run(t, append(append(append([]string{}, small...), "-o", file), tt.args...)...)
			if errs != tt.want {
				t.Errorf("stderr %q, want %q", errs, tt.want)
			}
		})
	}
	// A report on standard output says nothing more.
	if _, errs, _ := run(t, append(small, "./stats")...); errs != "" {
		t.Errorf("no -o: stderr %q", errs)
	}
}

// The cache command works after flags, as in copycat -cache DIR cache
// stats, and cache clean says what it removed.
func TestCacheCommandAfterFlags(t *testing.T) {
	unpack(t, "module.txtar")
	idx := t.TempDir()
	index := filepath.Join(idx, cache.FileName)
	raw := func(args ...string) (string, string, int) {
		var out, errb bytes.Buffer
		code := Run(args, &out, &errb)
		return out.String(), errb.String(), code
	}
	if _, errs, code := raw(append(small, "-cache", idx, "./...")...); code != ExitClones {
		t.Fatalf("filling the index: exit %d, stderr %q", code, errs)
	}
	info, err := os.Stat(index)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"-cache", idx, "cache", "stats"},
		{"--cache=" + idx, "cache", "stats"},
		{"cache", "stats", "-cache", idx},
		{"cache", "-cache", idx, "stats"},
	} {
		out, errs, code := raw(args...)
		if code != ExitClean || errs != "" || !strings.HasPrefix(out, "index "+index+": ") || strings.Contains(out, "empty") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-json", "-cache", idx, "cache", "stats"}, "copycat: cache stats takes no flag but -cache, not -json\n"},
		{[]string{"-cache", "off", "cache", "clean"}, "copycat: cache clean: -cache off names no index\n"},
	} {
		out, errs, code := raw(tt.args...)
		if code != ExitError || out != "" || errs != tt.want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", tt.args, code, out, errs, ExitError, tt.want)
		}
	}
	want := fmt.Sprintf("copycat: removed index %s (%s)\n", index, cache.Size(info.Size()))
	if out, errs, code := raw("-cache", idx, "cache", "clean"); code != ExitClean || out != "" || errs != want {
		t.Errorf("cache clean: exit %d, stdout %q, stderr %q; want %q", code, out, errs, want)
	}
	if _, err := os.Stat(index); !os.IsNotExist(err) {
		t.Errorf("after cache clean: %v", err)
	}
	if out, errs, code := raw("cache", "clean", "-cache", idx); code != ExitClean || out != "" || errs != "copycat: no index at "+idx+"\n" {
		t.Errorf("cache clean again: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// A directory named cache is still a path after flags.
	if err := os.Rename("stats", "cache"); err != nil {
		t.Fatal(err)
	}
	if out, errs, code := raw(append(small, "-all", "-cache=off", "cache")...); code != ExitClones || !strings.Contains(out, "cache/copy.go") {
		t.Errorf("a directory named cache: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// A run that finds no copy at all names the smallest copy it looked
// for: a newcomer's ten-line paste of 54 tokens is under the default of
// 100 tokens, and "0 classes" alone read as a copy missed. A run that
// finds one, listed or not, says nothing of the kind.
func TestNothingFoundNamesTheFloor(t *testing.T) {
	dir := t.TempDir()
	// A function of nine lines: a whole function's floor is ten.
	join := "import \"strings\"\n\nfunc %s(b *strings.Builder, xs []string, sep string) string {\n\tfor i, x := range xs {\n\t\tif i > 0 && sep != \"\" {\n\t\t\tb.WriteString(sep)\n\t\t}\n\t\tb.WriteString(strings.TrimSpace(strings.ToLower(x)))\n\t}\n\treturn b.String()\n}\n"
	testtool.WriteFiles(t, dir, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26\n",
		"a/a.go": "package a\n\n" + fmt.Sprintf(join, "Join"),
		"b/b.go": "package b\n\n" + fmt.Sprintf(join, "Concat"),
	})
	t.Chdir(dir)
	floor := "copycat: found no copy of 100 tokens and 6 lines or more (of a function copied whole, 50 tokens and 10 lines), past what //copycat:ignore, //nolint and .duplignore leave out; -min-tokens and -min-lines look for smaller ones\n"
	var out, errs bytes.Buffer
	if code := Run([]string{"-cache=off", "./..."}, &out, &errs); code != ExitClean || !strings.HasSuffix(out.String(), floor+"copycat: 0 classes, 0 fragments, 0 duplicated lines (0.0% of 26 lines in 2 files)\n") {
		t.Errorf("default run: exit %d, stdout:\n%s", code, out.String())
	}
	out.Reset()
	if code := Run([]string{"-cache=off", "-min-tokens", "50", "./..."}, &out, &errs); code != ExitClones || strings.Contains(out.String(), "found no copy") || !strings.Contains(out.String(), "(exact, 67 tokens, 2 copies;") {
		t.Errorf("-min-tokens 50: exit %d, stdout:\n%s", code, out.String())
	}
	out.Reset()
	if code := Run([]string{"-cache=off", "-min-tokens", "50", "-tests=false", "-json", "./..."}, &out, &errs); code != ExitClones || strings.Contains(out.String(), "found no copy") {
		t.Errorf("-json: exit %d, stdout:\n%s", code, out.String())
	}
	// A -max-occurrences under the default left the pair out as
	// boilerplate: the line names it too.
	out.Reset()
	if code := Run([]string{"-cache=off", "-min-tokens", "50", "-max-occurrences", "1", "./..."}, &out, &errs); code != ExitClean ||
		!strings.Contains(out.String(), "look for smaller ones, and -max-occurrences 1 left out code repeated more often than that\n") {
		t.Errorf("-max-occurrences 1: exit %d, stdout:\n%s", code, out.String())
	}
}

// A run that found Go files and could read none of them (each a syntax
// error, or not Go at all) fails, with the warnings even under -q and a
// line that says so: a CI gate over a tree that no longer parses must
// not pass. A run that read some files goes on past the others.
func TestNoFileReadFails(t *testing.T) {
	dir := t.TempDir()
	testtool.WriteFiles(t, dir, map[string]string{
		"go.mod":      "module example.com/m\n\ngo 1.26\n",
		"broken/a.go": "package broken\n\nfunc (\n",
		"broken/b.go": "package broken\n\nvar = 1\n",
		"notgo.txt":   "hello\n",
		"ok/ok.go":    "package ok\n\nfunc OK() {}\n",
	})
	t.Chdir(dir)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"./broken"}, "copycat: no file could be read: the 2 files found were all skipped (see above)\n"},
		{[]string{"-q", "./broken"}, "copycat: no file could be read: the 2 files found were all skipped (see above)\n"},
		{[]string{"notgo.txt"}, "copycat: no file could be read: the one file found was skipped (see above)\n"},
	} {
		var out, errs bytes.Buffer
		code := Run(append([]string{"-cache=off"}, tt.args...), &out, &errs)
		if code != ExitError || out.Len() != 0 || !strings.HasSuffix(errs.String(), tt.want) || !strings.Contains(errs.String(), "syntax error, file skipped") {
			t.Errorf("copycat %s: exit %d, stdout %q, stderr:\n%s\nwant exit %d, the warnings and %q", strings.Join(tt.args, " "), code, out.String(), errs.String(), ExitError, tt.want)
		}
	}
	var out, errs bytes.Buffer
	if code := Run([]string{"-cache=off", "./..."}, &out, &errs); code != ExitClean || !strings.Contains(out.String(), "in 1 file)") || strings.Contains(errs.String(), "no file could be read") {
		t.Errorf("copycat ./...: exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 0 over ok.go, the others warned of", code, out.String(), errs.String())
	}
}

// A flag that names a file or folder given a package pattern is a value
// left out (copycat -o ./...), refused before anything is written.
func TestPathFlagGivenPackages(t *testing.T) {
	dir := unpack(t, "module.txtar")
	for _, name := range pathFlags {
		var out, errs bytes.Buffer
		code := Run([]string{"-" + name, "./..."}, &out, &errs)
		want := "copycat: -" + name + " ./...: that is a package pattern, not a file or folder; a value is missing after -" + name + "\n"
		if code != ExitError || errs.String() != want || out.Len() != 0 {
			t.Errorf("-%s ./...: exit %d, stdout %q, stderr %q; want exit %d and %q", name, code, out.String(), errs.String(), ExitError, want)
		}
	}
	if entries, _ := os.ReadDir(dir); slices.ContainsFunc(entries, func(e os.DirEntry) bool { return e.Name() == "..." }) {
		t.Error("a file or folder named ... was written")
	}
}

// A revision flag given a package pattern (copycat -new-from-rev ./...)
// is a value left out too: said so, rather than "revision ./... is not
// in this repository (git fetch it first)", which sends a newcomer to
// fetch.
func TestRevisionFlagGivenPackages(t *testing.T) {
	unpack(t, "module.txtar")
	for _, name := range revFlags {
		for _, pattern := range []string{"./...", "..."} {
			var out, errs bytes.Buffer
			code := Run([]string{"-" + name, pattern}, &out, &errs)
			want := "copycat: -" + name + " " + pattern + ": that is a package pattern, not a revision; a value is missing after -" + name + "\n"
			if code != ExitError || errs.String() != want || out.Len() != 0 {
				t.Errorf("-%s %s: exit %d, stdout %q, stderr %q; want exit %d and %q", name, pattern, code, out.String(), errs.String(), ExitError, want)
			}
		}
	}
}

// A -baseline that does not exist, or is empty, says how one is made.
func TestMissingBaselineSaysHowToMakeOne(t *testing.T) {
	unpack(t, "module.txtar")
	if err := os.WriteFile("empty.txt", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"nope.txt", "empty.txt"} {
		_, errs, code := run(t, "-cache=off", "-baseline", name, "./...")
		if code != ExitError || !strings.Contains(errs, name) || !strings.Contains(errs, "(-update-baseline writes") {
			t.Errorf("-baseline %s: exit %d, stderr %q; want exit %d naming -update-baseline", name, code, errs, ExitError)
		}
	}
}

// A -baseline that is a directory cannot be read, which is said once, as
// a baseline that does not exist is, without sending the reader to
// -update-baseline, which cannot write it either: it said "dir: reading
// baseline: read dir: is a directory (-update-baseline writes a new one)".
func TestBaselineDirectory(t *testing.T) {
	unpack(t, "module.txtar")
	if err := os.Mkdir("base", 0o755); err != nil {
		t.Fatal(err)
	}
	_, errs, code := run(t, "-cache=off", "-baseline", "base", "./...")
	want := "copycat: cannot read baseline: read base: is a directory\n"
	if code != ExitError || !strings.Contains(errs, want) || strings.Contains(errs, "-update-baseline") {
		t.Errorf("-baseline base: exit %d, stderr %q; want exit %d and %q", code, errs, ExitError, want)
	}
}

// A function pasted into more packages than -max-occurrences is left out
// as boilerplate; a run that then finds nothing says so, at the default
// too, rather than pointing at -min-tokens alone.
func TestBoilerplateNamedWhenNothingFound(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"go.mod": "module example.com/m\n\ngo 1.26\n"}
	for _, pkg := range strings.Fields("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima") {
		files[pkg+"/"+pkg+".go"] = "package " + pkg + "\n\n" + body("Sum", 12)
	}
	writeFiles(t, dir, files)
	t.Chdir(dir)
	var out, errs bytes.Buffer
	want := "copycat: found no copy of 100 tokens and 6 lines or more (of a function copied whole, 50 tokens and 10 lines), past what //copycat:ignore, //nolint and .duplignore leave out; -min-tokens and -min-lines look for smaller ones, and -max-occurrences 10 left out code repeated more often than that\n"
	if code := Run([]string{"-cache=off", "./..."}, &out, &errs); code != ExitClean || !strings.HasPrefix(out.String(), want) {
		t.Errorf("default run: exit %d, stdout:\n%s\nwant it to start\n%s", code, out.String(), want)
	}
	out.Reset()
	if code := Run([]string{"-cache=off", "-max-occurrences", "0", "./..."}, &out, &errs); code != ExitClones || !strings.Contains(out.String(), "12 copies") {
		t.Errorf("-max-occurrences 0: exit %d, stdout:\n%s", code, out.String())
	}
}

// A negative -max-occurrences or -max-file-size is refused naming the
// value and what is allowed, as every other bound is ("-min-tokens must
// be at least 1, not 0"): they said "must not be negative" alone.
func TestNegativeLimitsNameTheValue(t *testing.T) {
	unpack(t, "module.txtar")
	for _, tc := range []struct{ flag, want string }{
		{"-max-occurrences", "copycat: -max-occurrences must be 0 (no limit) or more, not -1\n"},
		{"-max-file-size", "copycat: -max-file-size must be 0 (the default) or more, not -1\n"},
	} {
		_, errs, code := run(t, "-cache=off", tc.flag, "-1", "./...")
		if code != ExitError || errs != tc.want {
			t.Errorf("%s -1: exit %d, stderr %q; want exit %d and %q", tc.flag, code, errs, ExitError, tc.want)
		}
	}
}

// A run whose files are all generated says so: the report's "0 lines in
// 0 files" alone read as no Go file found, or files found and lost.
func TestAllGeneratedSaysSo(t *testing.T) {
	dir := t.TempDir()
	gen := "// Code generated by gen. DO NOT EDIT.\n\npackage g\n\nfunc F() {}\n"
	writeFiles(t, dir, map[string]string{"go.mod": "module example.com/m\n\ngo 1.26\n", "g/a.go": gen, "g/b.go": gen})
	t.Chdir(dir)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"./..."}, "copycat: the 2 Go files found are all generated, and left out (-generated reads them)\n"},
		{[]string{"g/a.go"}, "copycat: the one Go file found is generated, and left out (-generated reads it)\n"},
		{[]string{"-q", "./..."}, ""},
	} {
		var out, errs bytes.Buffer
		code := Run(append([]string{"-cache=off"}, tc.args...), &out, &errs)
		if code != ExitClean || errs.String() != tc.want || !strings.Contains(out.String(), " in 0 files)") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 0 and %q", tc.args, code, out.String(), errs.String(), tc.want)
		}
	}
	// The same with the index, whose second run knows them unread.
	cache := t.TempDir()
	for range 2 {
		var out, errs bytes.Buffer
		if code := Run([]string{"-cache", cache, "./..."}, &out, &errs); code != ExitClean || !strings.Contains(errs.String(), "are all generated") {
			t.Errorf("-cache: exit %d, stderr %q", code, errs.String())
		}
	}
	// With -generated they are read.
	var out, errs bytes.Buffer
	if code := Run([]string{"-cache=off", "-generated", "./..."}, &out, &errs); code != ExitClean || errs.Len() != 0 {
		t.Errorf("-generated: exit %d, stderr %q", code, errs.String())
	}
}

// A package's doc that speaks of generated code, as a generator's does,
// hides nothing: a function pasted from its file into another package is
// listed (the doc below made the file generated, its copies mirrors, and
// the report listed nothing).
func TestDocOfGeneratorHidesNothing(t *testing.T) {
	body := `

import "strings"

// Fields splits a key=value list.
func Fields(s string) map[string]string {
	out := map[string]string{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, "=")
		k = strings.ToLower(strings.TrimSpace(k))
		if _, dup := out[k]; dup {
			continue
		}
		out[k] = strings.TrimSpace(v)
	}
	return out
}
`
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26\n",
		"enumgen/gen.go": "// Package enumgen writes Go sources for enums. Each file it writes starts\n" +
			"// with the line \"// Code generated by enumgen; DO NOT EDIT.\" so that tools\n" +
			"// skip it, and holds code generated from the enum's constants.\npackage enumgen\n" + body,
		"other/fields.go": "package other\n" + body,
	})
	t.Chdir(dir)
	var out, errs bytes.Buffer
	code := Run([]string{"-cache=off", "./..."}, &out, &errs)
	if code != ExitClones || !strings.Contains(out.String(), "enumgen/gen.go:") || !strings.Contains(out.String(), "duplicate of other/fields.go") || errs.Len() != 0 {
		t.Errorf("exit %d, stdout:\n%s\nstderr %q; want the paste listed", code, out.String(), errs.String())
	}
}

// -max-classes cuts the text report and the Markdown table, as its help
// says, and no other format: JSON and Code Climate hold every class (the
// help said "other formats hold every class", the Markdown table among
// them, which holds as many as the text report prints).
func TestMaxClassesPerFormat(t *testing.T) {
	unpack(t, "module.txtar")
	out, _, _ := run(t, append(small, "-cache=off", "-max-classes", "1", "-json", "./...")...)
	var rep struct {
		Classes []struct{ Fragments []json.RawMessage }
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	fragments := 0
	for _, c := range rep.Classes {
		fragments += len(c.Fragments)
	}
	if len(rep.Classes) < 2 {
		t.Fatalf("the fixture has %d classes, want 2 or more", len(rep.Classes))
	}
	md, _, _ := run(t, append(small, "-cache=off", "-max-classes", "1", "-format", "markdown", "./...")...)
	if rows := strings.Count(md, "\n| ") - 2; rows != 1 { // less the header and its rule
		t.Errorf("-max-classes 1: the Markdown table has %d rows, want 1:\n%s", rows, md)
	}
	cc, _, _ := run(t, append(small, "-cache=off", "-max-classes", "1", "-format", "code-climate", "./...")...)
	var issues []json.RawMessage
	if err := json.Unmarshal([]byte(cc), &issues); err != nil || len(issues) != fragments {
		t.Errorf("-max-classes 1: Code Climate has %d issues (%v), want one a copy, %d", len(issues), err, fragments)
	}
	help, _, _ := run(t, "help")
	if !strings.Contains(help, "(0: all); the Markdown table lists as many, the other formats every class") {
		t.Error("-max-classes's help does not say that the Markdown table is cut too")
	}
}

// The -format help names every extension -o's file may have to pick a
// format, and each one it names picks one.
func TestFormatHelpNamesEveryExtension(t *testing.T) {
	fs := flag.NewFlagSet("copycat", flag.ContinueOnError)
	var o Output
	o.outputFlags(fs)
	help := fs.Lookup("format").Usage
	for _, ext := range []string{".json", ".sarif", ".sarif.json", ".html", ".htm", ".md", ".markdown"} {
		if _, named := FileFormat("report" + ext); !named {
			t.Errorf("%s names no format", ext)
		}
		if !strings.Contains(help, ext+",") && !strings.Contains(help, ext+")") && !strings.Contains(help, ext+" ") {
			t.Errorf("the -format help does not name %s: %q", ext, help)
		}
	}
}

// A change's errors about git say what to do: outside a repository, give
// the change as a diff (it said git's "not a git repository" alone);
// without git, that git is missing (it said "not in a git repository");
// a remote's branch of a remote the repository lacks (origin/main after
// git init), that there is no such remote (it said "git fetch it
// first", which cannot fetch it); a name no branch, tag or commit has,
// in a repository without a remote, that nothing is so named (it said
// "git fetch it first" too).
func TestChangeGitErrorsSayWhatToDo(t *testing.T) {
	gitRepo(t)
	if _, errs, code := runChange(t, "-new-from-merge-base", "origin/main", "./..."); code != ExitError ||
		!strings.Contains(errs, "revision origin/main is not in this repository, which has no remote origin (git remote -v lists its remotes)") {
		t.Errorf("origin/main without a remote: exit %d, %q", code, errs)
	}
	if _, errs, code := runChange(t, "-new-from-rev", "nosuch", "./..."); code != ExitError ||
		!strings.Contains(errs, "revision nosuch is not in this repository: no branch, tag or commit here is named so (git branch -a lists the branches)\n") {
		t.Errorf("a missing revision: exit %d, %q", code, errs)
	}
	// An ancestor past the first commit of a whole clone: nothing to
	// fetch.
	if _, errs, code := runChange(t, "-new-from-rev", "HEAD~99999", "./..."); code != ExitError ||
		!strings.Contains(errs, "revision HEAD~99999 is not in this repository: HEAD has no such ancestor (its first-parent history holds ") || strings.Contains(errs, "fetch") {
		t.Errorf("an ancestor past the first commit: exit %d, %q", code, errs)
	}
	t.Chdir(t.TempDir())
	testtool.WriteFiles(t, ".", map[string]string{"go.mod": "module example.com/m\n", "a.go": "package m\n"})
	for _, flag := range revFlags {
		if _, errs, code := runChange(t, "-"+flag, "HEAD", "./..."); code != ExitError ||
			!strings.Contains(errs, "not in a git repository") || !strings.Contains(errs, "give the change as a unified diff (-diff FILE") {
			t.Errorf("-%s outside a repository: exit %d, %q", flag, code, errs)
		}
	}
	t.Setenv("PATH", t.TempDir())
	if _, errs, code := runChange(t, "-new-from-rev", "HEAD", "./..."); code != ExitError ||
		!strings.Contains(errs, "git is not installed (not found on PATH)") || strings.Contains(errs, "not in a git repository") {
		t.Errorf("no git: exit %d, %q", code, errs)
	}
}
