package ci

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/testtool"
	"github.com/reviewdog/errorformat"
	"github.com/reviewdog/errorformat/fmts"
)

// efm is the errorformat of the reviewdog recipe (README, docs/ci.md)
// for copycat's text output.
const efm = "%f:%l:%c: %m"

// TestReviewdogErrorformat reads copycat's text output with reviewdog's
// own errorformat parser (reviewdog -efm, and -f=govet, which is the same
// format): one entry per copy, with its file, line, column and message,
// and nothing from the summary line.
func TestReviewdogErrorformat(t *testing.T) {
	_, out := runOnClones(t, "-max-classes", "0", "./...")
	want := []string{
		"stats/median.go:10:1: duplicate of stats/median.go:25-37 (near 96%, 88 tokens, 2 copies; production, 1 package, 13 lines)",
		"stats/median.go:25:1: duplicate of stats/median.go:10-22 (near 96%, 88 tokens, 2 copies; production, 1 package, 13 lines)",
	}
	govet, ok := fmts.DefinedFmts()["govet"]
	if !ok {
		t.Fatal("errorformat has no govet format")
	}
	for name, formats := range map[string][]string{"-efm": {efm}, "-f=govet": govet.Errorformat} {
		if got := parseErrorformat(t, formats, out); !slices.Equal(got, want) {
			t.Errorf("%s reads\n%q\nwant\n%q", name, got, want)
		}
	}
}

// parseErrorformat returns the valid entries that reviewdog would take
// from out, as file:line:col: message.
func parseErrorformat(t *testing.T, formats []string, out []byte) []string {
	t.Helper()
	ef, err := errorformat.NewErrorformat(formats)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	s := ef.NewScanner(bytes.NewReader(out))
	for s.Scan() {
		if e := s.Entry(); e.Valid {
			got = append(got, fmt.Sprintf("%s:%d:%d: %s", e.Filename, e.Lnum, e.Col, e.Text))
		}
	}
	return got
}

// runOnClones runs a copycat built for the test, as runRecipe does, with
// args in a fresh directory holding testdata/clones.txtar, whose copies
// are small enough to be reported only with -min-tokens 60 -min-lines 3;
// it returns the directory and the output. It skips the test with -short.
func runOnClones(t *testing.T, args ...string) (dir string, out []byte) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds copycat")
	}
	dir = t.TempDir()
	writeFixture(t, dir, "clones.txtar")
	return dir, runRecipe(t, buildCopycat(t), dir, append([]string{"-min-tokens", "60", "-min-lines", "3"}, args...)...)
}

// runRecipe runs copycat as the reviewdog recipes of docs/ci.md do, with
// -exit-code 0 (reviewdog decides whether the job fails), and returns its
// standard output. A copycat without -exit-code is run without it and
// must exit 1, the status for clones reported.
func runRecipe(t *testing.T, copycat, dir string, args ...string) []byte {
	t.Helper()
	run := func(args ...string) ([]byte, string, int) {
		cmd := exec.Command(copycat, args...)
		cmd.Dir = dir
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, _ := cmd.Output()
		return out, stderr.String(), cmd.ProcessState.ExitCode()
	}
	out, stderr, code := run(append([]string{"-exit-code", "0"}, args...)...)
	want := 0
	if code == 2 && strings.Contains(stderr, "flag provided but not defined: -exit-code") {
		t.Log("copycat has no -exit-code flag yet: run without it")
		out, stderr, code = run(args...)
		want = 1
	}
	if code != want {
		t.Fatalf("copycat %s: exit %d, want %d\n%s%s", strings.Join(args, " "), code, want, out, stderr)
	}
	return out
}

// buildCopycat builds the command into a temporary directory.
func buildCopycat(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "copycat")
	testtool.Run(t, testtool.Root(t), nil, "go", "build", "-o", bin, "./cmd/copycat")
	return bin
}
