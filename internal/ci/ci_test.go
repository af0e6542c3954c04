package ci

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/fixture"
	"github.com/copycat-go/copycat/internal/testtool"
)

// writeFixture lays out testdata/name (a txtar archive) in dir.
func writeFixture(t *testing.T, dir, name string) {
	t.Helper()
	if err := fixture.Write(dir, filepath.Join("testdata", name)); err != nil {
		t.Fatal(err)
	}
}

// TestREADMERecipes: the CI recipes of docs/ci.md, and those the README
// shows, are the ones the tests run.
func TestREADMERecipes(t *testing.T) {
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(testtool.Root(t), name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	readme, ci := read("README.md"), read(filepath.Join("docs", "ci.md"))
	reviewdog := "copycat -exit-code 0 ./... | reviewdog -efm='" + efm + "'" // TestReviewdogErrorformat
	action := "- uses: copycat-go/copycat@"                                  // TestAction
	for _, recipe := range []string{
		reviewdog,
		action,
		"- id: copycat", // TestPreCommit
		"import: github.com/copycat-go/copycat/golangci", // golangci.TestGolangciLint
		"golangci-lint custom",
	} {
		if !strings.Contains(ci, recipe) {
			t.Errorf("docs/ci.md lacks %q", recipe)
		}
	}
	for _, recipe := range []string{reviewdog, action} {
		if !strings.Contains(readme, recipe) {
			t.Errorf("README.md lacks %q", recipe)
		}
	}
	for name := range readAction(t).Inputs {
		if !strings.Contains(ci, "| `"+name+"` |") {
			t.Errorf("docs/ci.md's table of the action's inputs lacks %s", name)
		}
	}
}
