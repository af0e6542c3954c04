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

// TestREADMERecipes: the README's "In CI" recipes are the ones the tests
// run.
func TestREADMERecipes(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(testtool.Root(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, recipe := range []string{
		"copycat -exit-code 0 ./... | reviewdog -efm='" + efm + "'", // TestReviewdogErrorformat
		"- uses: copycat-go/copycat@",                               // TestAction
		"- id: copycat",                                             // TestPreCommit
		"import: github.com/copycat-go/copycat/golangci",            // golangci.TestGolangciLint
		"golangci-lint custom",
	} {
		if !strings.Contains(string(data), recipe) {
			t.Errorf("README.md lacks %q", recipe)
		}
	}
	for name := range readAction(t).Inputs {
		if !strings.Contains(string(data), "| `"+name+"` |") {
			t.Errorf("README.md's table of the action's inputs lacks %s", name)
		}
	}
}
