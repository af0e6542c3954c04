package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/testtool"
)

// body is a function of n statements, each distinct, named name.
func body(name string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "func %s(xs []int) int {\n\ttotal := 0\n", name)
	for i := range n {
		fmt.Fprintf(&b, "\tif len(xs) > %d {\n\t\ttotal += xs[%d] * %d\n\t}\n", i, i, i+1)
	}
	b.WriteString("\treturn total\n}\n")
	return b.String()
}

// shortListTree writes a module with a 38-line production copy across
// two packages, a 14-line one, and a 38-line one in tests only.
func shortListTree(t *testing.T) string {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod":      "module m\n\ngo 1.26\n",
		"a/big.go":    "package a\n\n" + body("Big", 12),
		"b/big.go":    "package b\n\n" + body("Big", 12),
		"a/small.go":  "package a\n\n" + strings.ReplaceAll(body("Small", 4), "*", "+"),
		"b/small.go":  "package b\n\n" + strings.ReplaceAll(body("Small", 4), "*", "+"),
		"a/a_test.go": "package a\n\n" + strings.ReplaceAll(body("helper", 12), "*", "-"),
		"b/b_test.go": "package b\n\n" + strings.ReplaceAll(body("helper", 12), "*", "-"),
	})
	return dir
}

// writeFiles writes files (by slash-separated name) under dir, making
// their folders.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(filepath.FromSlash(name))), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	testtool.WriteFiles(t, dir, files)
}

func runIn(t *testing.T, dir string, args ...string) (string, int) {
	t.Helper()
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	var out, errb bytes.Buffer
	code := Run(append([]string{"-cache=off", "-min-tokens", "30"}, args...), &out, &errb)
	return out.String(), code
}

// By default the report lists every class but those in tests and copies
// on purpose, whatever their size; a line before the summary counts what
// it left out by rule, and -all lists those too, each saying why. A flag
// at its default value changes nothing.
func TestListedByDefault(t *testing.T) {
	dir := shortListTree(t)
	out, code := runIn(t, dir, "./...")
	if code != ExitClones || !strings.Contains(out, "a/big.go:3:1: duplicate of b/big.go:3-42") ||
		!strings.Contains(out, "a/small.go:3:1: duplicate of b/small.go:3-18") || strings.Contains(out, "_test.go") {
		t.Errorf("default: exit %d, want the big and the small copy, not the tests':\n%s", code, out)
	}
	// The last lines: the one counting the class in tests, the one
	// counting the code held back as boilerplate (the fixture's
	// statements repeat, at -min-tokens 30), then the summary.
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 3 || lines[len(lines)-3] != "copycat: not listed: 1 class in tests (-all lists it)" ||
		!strings.HasPrefix(lines[len(lines)-2], "copycat: left out as boilerplate: ") ||
		!strings.HasPrefix(lines[len(lines)-1], "copycat: ") || !strings.Contains(lines[len(lines)-1], "duplicated lines") {
		t.Errorf("default: want a line counting the class in tests, one counting boilerplate, then the summary:\n%s", out)
	}
	if same, _ := runIn(t, dir, "-min-lines", "6", "./..."); same != out {
		t.Errorf("-min-lines 6, the default, changed the output:\n%s\nwant\n%s", same, out)
	}
	all, _ := runIn(t, dir, "-all", "./...")
	for _, want := range []string{"big.go", "small.go", "a/a_test.go:3:1: duplicate of b/b_test.go:3-42", "; not listed: tests\n",
		"copycat: of these, not listed by default: 1 class in tests\n"} {
		if !strings.Contains(all, want) {
			t.Errorf("-all lacks %q:\n%s", want, all)
		}
	}
	// Nothing listed: the run succeeds, and says what it left out.
	for _, name := range []string{"b/big.go", "a/small.go", "b/small.go"} {
		if err := os.Remove(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	out, code = runIn(t, dir, "./...")
	if code != ExitClean || !strings.Contains(out, "copycat: 0 classes") || !strings.Contains(out, "not listed: 1 class in tests") {
		t.Errorf("only classes in tests: exit %d, want %d:\n%s", code, ExitClean, out)
	}
	out, _ = runIn(t, dir, "-json", "./...")
	if !strings.Contains(out, `"apart": 1`) || !strings.Contains(out, `"left_out": {
      "tests": 1
    }`) {
		t.Errorf("the JSON report does not count the classes left out by rule:\n%s", out)
	}
	out, _ = runIn(t, dir, "-json", "-all", "./...")
	if !strings.Contains(out, `"listed": false,
      "left_out": "tests",`) {
		t.Errorf("-all -json: the class in tests does not say it is left out:\n%s", out)
	}
}

// The text report prints the -max-classes highest ranked classes in full
// and counts the others; the exit status and the summary follow them all.
func TestMaxClasses(t *testing.T) {
	dir := shortListTree(t)
	out, code := runIn(t, dir, "-max-classes", "1", "./...")
	if code != ExitClones || !strings.Contains(out, "big.go") || strings.Contains(out, "small.go:3:1") ||
		!strings.Contains(out, "copycat: printed the first 1 of 4 classes (-max-classes 0 prints all)\n") ||
		!strings.Contains(out, "copycat: 4 classes") {
		t.Errorf("-max-classes 1: exit %d:\n%s", code, out)
	}
	out, _ = runIn(t, dir, "-max-classes", "0", "./...")
	if !strings.Contains(out, "small.go:3:1") || strings.Contains(out, "printed the first") {
		t.Errorf("-max-classes 0 does not print every class:\n%s", out)
	}
}

// pasteSource is a 20-line function as people write it, in package pkg,
// with its locals named by names (rows, out, line, total).
func pasteSource(pkg string, names [4]string) string {
	r := strings.NewReplacer("ROWS", names[0], "OUT", names[1], "LINE", names[2], "TOTAL", names[3])
	return r.Replace(`package ` + pkg + `

import (
	"fmt"
	"strings"
)

func Summary(ROWS []string, limit int) (string, error) {
	var OUT strings.Builder
	TOTAL := 0
	for i, LINE := range ROWS {
		if i >= limit {
			break
		}
		LINE = strings.TrimSpace(LINE)
		if LINE == "" {
			continue
		}
		if strings.HasPrefix(LINE, "#") {
			return "", fmt.Errorf("row %d: comment in data: %q", i, LINE)
		}
		fmt.Fprintf(&OUT, "%d: %s\n", i, LINE)
		TOTAL += len(LINE)
	}
	fmt.Fprintf(&OUT, "total %d\n", TOTAL)
	return OUT.String(), nil
}
`)
}

// A newcomer's first try: a 20-line function pasted into another package
// of a fresh module, as it is and with its locals renamed, is listed at
// the defaults and fails the run.
func TestPasteListedAtDefaults(t *testing.T) {
	for _, tc := range []struct {
		name  string
		names [4]string
		kind  string
	}{
		{"exact", [4]string{"rows", "out", "line", "total"}, "exact"},
		{"renamed", [4]string{"items", "b", "s", "n"}, "renamed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, d := range []string{"report", "export"} {
				if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			testtool.WriteFiles(t, dir, map[string]string{
				"go.mod":           "module example.com/m\n\ngo 1.26\n",
				"report/report.go": pasteSource("report", [4]string{"rows", "out", "line", "total"}),
				"export/export.go": pasteSource("export", tc.names),
			})
			wd, _ := os.Getwd()
			if err := os.Chdir(dir); err != nil {
				t.Fatal(err)
			}
			defer os.Chdir(wd)
			var out, errb bytes.Buffer
			code := Run([]string{"-cache=off"}, &out, &errb)
			want := "export/export.go:8:1: duplicate of report/report.go:8-27 (" + tc.kind + ", "
			if code != ExitClones || !strings.Contains(out.String(), want) || strings.Contains(out.String(), "not listed") {
				t.Errorf("exit %d, want %d and %q listed:\n%s%s", code, ExitClones, want, out.String(), errb.String())
			}
		})
	}
}

// The directories above a module's root are where its user keeps it,
// not part of the module: a module kept under a folder named tests or
// demo lists its production copies whether the run names its files from
// inside it, from the folder above, or by absolute path; a directory of
// tests inside the module still leaves its classes out.
func TestFoldersAboveTheModule(t *testing.T) {
	for _, parent := range []string{"tests", "demo"} {
		t.Run(parent, func(t *testing.T) {
			top := t.TempDir()
			dir := filepath.Join(top, parent, "proj")
			writeFiles(t, dir, map[string]string{
				"go.mod":        "module m\n\ngo 1.26\n",
				"a/big.go":      "package a\n\n" + body("Big", 12),
				"b/big.go":      "package b\n\n" + body("Big", 12),
				"test/c/inc.go": "package c\n\n" + strings.ReplaceAll(body("Inc", 12), "*", "-"),
				"test/d/inc.go": "package d\n\n" + strings.ReplaceAll(body("Inc", 12), "*", "-"),
			})
			inside, code := runIn(t, dir, "./...")
			if code != ExitClones || !strings.Contains(inside, "a/big.go:3:1: duplicate of b/big.go") ||
				strings.Contains(inside, "inc.go") || !strings.Contains(inside, "not listed: 1 class in tests") {
				t.Fatalf("run inside the module: exit %d, want %d, Big listed and Inc left out as tests:\n%s", code, ExitClones, inside)
			}
			for _, run := range []struct{ wd, arg, prefix string }{
				{top, "./" + parent + "/proj/...", parent + "/proj/"},
				{filepath.Join(top, parent), "./proj/...", "proj/"},
				{t.TempDir(), dir + "/...", dir + "/"},
			} {
				got, code := runIn(t, run.wd, run.arg)
				if want := strings.ReplaceAll(strings.ReplaceAll(inside, "a/big.go", run.prefix+"a/big.go"), "b/big.go", run.prefix+"b/big.go"); code != ExitClones || got != want {
					t.Errorf("copycat %s in %s: exit %d, output\n%s\nwant, as inside the module,\n%s", run.arg, run.wd, code, got, want)
				}
			}
		})
	}
}
