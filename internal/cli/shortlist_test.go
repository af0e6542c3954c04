package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	for _, d := range []string{"a", "b"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
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

// By default the report is the short list: production code, not copied
// on purpose, 30 lines or more; a last line counts what it left out, and
// -all lists it. A -min-lines of one's own is the short list's floor.
func TestShortListByDefault(t *testing.T) {
	dir := shortListTree(t)
	out, code := runIn(t, dir, "./...")
	if code != ExitClones || !strings.Contains(out, "a/big.go:3:1: duplicate of b/big.go:3-42") ||
		strings.Contains(out, "small.go") || strings.Contains(out, "_test.go") {
		t.Errorf("default: exit %d, want only the big copy:\n%s", code, out)
	}
	all, _ := runIn(t, dir, "-all", "./...")
	var listed, every int
	fmt.Sscanf(out[strings.Index(out, "copycat: "):], "copycat: %d class", &listed)
	fmt.Sscanf(all[strings.Index(all, "copycat: "):], "copycat: %d class", &every)
	want := fmt.Sprintf("copycat: not listed: %d classes in tests, copied on purpose, under 30 lines or a fifth edited (-all lists them)\n", every-listed)
	if listed != 1 || every < 3 || !strings.HasSuffix(out, want) {
		t.Errorf("default: %d listed of %d, want 1 and a last line %q:\n%s", listed, every, want, out)
	}
	out = all
	for _, want := range []string{"big.go", "small.go", "a_test.go"} {
		if !strings.Contains(out, want) {
			t.Errorf("-all lacks %s:\n%s", want, out)
		}
	}
	if strings.Contains(out, "not listed") {
		t.Errorf("-all says something was not listed:\n%s", out)
	}
	out, _ = runIn(t, dir, "-min-lines", "6", "./...")
	if !strings.Contains(out, "small.go") || strings.Contains(out, "_test.go") ||
		!strings.Contains(out, "in tests, copied on purpose, under 6 lines") {
		t.Errorf("-min-lines 6: want the small copy listed, the test copy not:\n%s", out)
	}
	// Nothing on the short list: the run succeeds, and says what it left out.
	if err := os.Remove(filepath.Join(dir, "b", "big.go")); err != nil {
		t.Fatal(err)
	}
	out, code = runIn(t, dir, "./...")
	if code != ExitClean || !strings.Contains(out, "copycat: 0 classes") || !strings.Contains(out, "not listed: ") {
		t.Errorf("only classes apart: exit %d, want %d:\n%s", code, ExitClean, out)
	}
	out, _ = runIn(t, dir, "-json", "./...")
	if !strings.Contains(out, `"classes": 0`) || !strings.Contains(out, `"apart": `) {
		t.Errorf("the JSON report does not count the classes apart:\n%s", out)
	}
}
