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
	// -max-classes 0: reviewdog reads the copies the text report
	// prints, and it prints the first 25 classes in full.
	reviewdog := "copycat -exit-code 0 -max-classes 0 ./... | reviewdog -efm='" + efm + "'" // TestReviewdogErrorformat
	action := "- uses: copycat-go/copycat@"                                                 // TestAction
	for _, recipe := range []string{
		reviewdog,
		action,
		"- id: copycat", // TestPreCommit
		"import: github.com/copycat-go/copycat/golangci", // golangci.TestGolangciLint
		"golangci-lint custom",
		gitlabRecipe, // TestGitLabCodeQuality
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

// TestAptInstallsLight: every apt-get install the build or the benchmarks
// run leaves out the packages Debian only recommends, which on a fresh
// machine are most of what Chromium pulls in (printing, sound, desktop
// services) and none of what a headless test needs.
func TestAptInstallsLight(t *testing.T) {
	root := testtool.Root(t)
	names := []string{"Makefile", filepath.Join(".ci", "run")}
	scripts, err := filepath.Glob(filepath.Join(root, "bench", "*.sh"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range scripts {
		rel, _ := filepath.Rel(root, s)
		names = append(names, rel)
	}
	installs := 0
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if strings.Contains(line, "apt-get install") {
				installs++
				if !strings.Contains(line, "--no-install-recommends") {
					t.Errorf("%s:%d: apt-get install without --no-install-recommends: %s", name, i+1, strings.TrimSpace(line))
				}
			}
		}
	}
	if installs < 3 { // chromium, pre-commit, neovim at least
		t.Errorf("found %d apt-get installs; the test reads the wrong files", installs)
	}
}
