package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/cache"
	"github.com/copycat-go/copycat/internal/fixture"
	"github.com/copycat-go/copycat/internal/testtool"
)

// TestMain points the default index at a temporary directory, so that the
// tests neither read nor fill the user's.
func TestMain(m *testing.M) { os.Exit(testtool.MainWithTempCache(m)) }

// clonesTree writes a generated tree with clones, a file that does not
// parse and one with a malformed directive, and makes it the working
// directory.
func clonesTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := fixture.Clones(dir, 60, 1); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "broken", "broken.go"), "package broken\n\nfunc {\n")
	write(t, filepath.Join(dir, "p0", "directive.go"), "package p0\n\n//copycat:ignore\nfunc G() {}\n")
	// Copies of one file for two systems: a category, which the report
	// finds from the files' Facts (recorded in the index, or read).
	var variant strings.Builder
	variant.WriteString("package variant\n\nfunc Route(table map[string][]int, key string, limit int) (out []string) {\n")
	for i := range 12 {
		fmt.Fprintf(&variant, "\tif v, ok := table[key+%q]; ok && len(v) > %d {\n\t\tout = append(out, key)\n\t\tlimit -= v[%d]\n\t}\n", fmt.Sprint(i), i, i%3)
	}
	variant.WriteString("\treturn out\n}\n")
	write(t, filepath.Join(dir, "variant", "f_linux.go"), variant.String())
	write(t, filepath.Join(dir, "variant", "f_windows.go"), variant.String())
	t.Chdir(dir)
	return dir
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// sameAsWithoutIndex runs copycat with and without the index in idx and
// fails unless output, warnings and exit status agree.
func sameAsWithoutIndex(t *testing.T, idx, when string, args ...string) {
	t.Helper()
	wantOut, wantErr, wantCode := run(t, append([]string{"-cache=off"}, args...)...)
	out, errs, code := run(t, append([]string{"-cache", idx}, args...)...)
	if out != wantOut || errs != wantErr || code != wantCode {
		t.Errorf("%s: with the index: exit %d\n%s%s\nwithout: exit %d\n%s%s", when, code, out, errs, wantCode, wantOut, wantErr)
	}
	if !strings.Contains(wantOut, "duplicate of") && !strings.Contains(wantOut, `"kind"`) || !strings.Contains(wantErr, "syntax error") || !strings.Contains(wantErr, "//copycat:ignore") {
		t.Fatalf("%s: the tree gives no clones or no warnings: the comparison proves little\n%s%s", when, wantOut, wantErr)
	}
}

func TestIndexGivesTheSameReport(t *testing.T) {
	dir := clonesTree(t)
	idx := t.TempDir()
	for _, args := range [][]string{{"./..."}, {"-json", "./..."}, {"-min-tokens", "50", "./..."}, {"-json", "-all", "./..."}} {
		sameAsWithoutIndex(t, idx, "cold", args...)
		sameAsWithoutIndex(t, idx, "warm", args...)
	}
	if out, _, _ := run(t, "-cache=off", "-json", "-all", "./..."); !strings.Contains(out, `"category": "build-variant"`) {
		t.Errorf("the build variants are not reported as such:\n%s", out)
	}
	var stats strings.Builder
	if err := cache.Stats(&stats, idx); err != nil || strings.Contains(stats.String(), ": 0 records") || strings.Contains(stats.String(), "empty") {
		t.Fatalf("the index was not filled: %v %s", err, stats.String())
	}
	// One file changes: its record is stale, the others are read.
	f := filepath.Join(dir, "p1", "f12.go")
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	write(t, f, strings.Replace(string(b), "sum := 0", "sum := 1\n\tsum++", 1))
	sameAsWithoutIndex(t, idx, "one file changed", "./...")
	sameAsWithoutIndex(t, idx, "one file changed, warm", "./...")
}

func TestDefaultIndexIsTheUserCacheDir(t *testing.T) {
	clonesTree(t)
	home := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", home)
	run(t, "./...")
	if _, err := os.Stat(filepath.Join(home, "copycat", cache.FileName)); err != nil {
		t.Errorf("no index in the user cache directory: %v", err)
	}
	run(t, "-cache=off", "./...")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	run(t, "-cache=off", "./...")
	if entries, _ := os.ReadDir(os.Getenv("XDG_CACHE_HOME")); len(entries) > 0 {
		t.Errorf("-cache=off wrote %v", entries)
	}
}

func TestUnusableIndexIsAWarning(t *testing.T) {
	clonesTree(t)
	notDir := filepath.Join(t.TempDir(), "file")
	write(t, notDir, "not a directory")
	wantOut, wantErr, wantCode := run(t, "-cache=off", "./...")
	out, errs, code := run(t, "-cache", notDir, "./...")
	if out != wantOut || code != wantCode {
		t.Errorf("with an unusable index: exit %d\n%s\nwant exit %d\n%s", code, out, wantCode, wantOut)
	}
	if extra := strings.TrimPrefix(errs, wantErr); extra == errs || strings.Count(extra, "\n") != 1 || !strings.Contains(extra, "warning: index "+notDir) {
		t.Errorf("stderr %q, want %q and one warning about the index", errs, wantErr)
	}
}
