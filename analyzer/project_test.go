package analyzer_test

import (
	"strings"
	"testing"

	"github.com/copycat-go/copycat/analyzer"
	"github.com/copycat-go/copycat/internal/testtool"
)

// projectPackage writes a module holding one package, p, of two copies
// of a 40-token function, and the project file flags, and runs the
// analyzer on p; it returns the diagnostics.
func projectPackage(t *testing.T, flags string) []string {
	t.Helper()
	dir := t.TempDir()
	fn := "(xs []int) int {\n\tn := 0\n\tfor _, x := range xs {\n\t\tif x > 2 {\n\t\t\tn += x * 3\n\t\t}\n\t}\n\treturn n\n}\n"
	testtool.WriteFiles(t, dir, map[string]string{
		"go.mod":         "module example.com/m\n\ngo 1.26\n",
		".copycat.flags": flags,
		"p/a.go":         "package p\n\nfunc A" + fn,
		"p/b.go":         "package p\n\nfunc B" + fn,
	})
	p := fakePass(t, dir+"/p", []string{"a.go", "b.go"})
	if _, err := analyzer.Analyzer.Run(p.Pass); err != nil {
		t.Fatal(err)
	}
	return p.got
}

// countCategory counts the diagnostics of one category.
func countCategory(got []string, category string) int {
	n := 0
	for _, d := range got {
		if strings.Contains(d, " "+category+": ") {
			n++
		}
	}
	return n
}

// The module's project file (.copycat.flags) sets the flags the driver
// does not: go vet and golangci-lint find what the command line finds.
// A flag the driver sets wins over the file's.
func TestProjectFile(t *testing.T) {
	setFlags(t, "min-lines", "3")
	if got := projectPackage(t, ""); countCategory(got, "exact") != 0 {
		t.Fatalf("the default -min-tokens 100 found a class of 40 tokens:\n\t%s", strings.Join(got, "\n\t"))
	}
	if got := projectPackage(t, "# the team's\n-min-tokens 20\n"); countCategory(got, "exact") != 2 {
		t.Errorf("-min-tokens 20 in the project file: %d diagnostics of the class, want 2:\n\t%s", countCategory(got, "exact"), strings.Join(got, "\n\t"))
	}
	setFlags(t, "min-tokens", "20")
	if got := projectPackage(t, "-min-tokens 1000\n"); countCategory(got, "exact") != 2 {
		t.Errorf("-min-tokens 20 from the driver over the file's 1000: %d diagnostics of the class, want 2", countCategory(got, "exact"))
	}
}

// A line of the project file that cannot be used is reported at its line,
// once, by the package of the module's root or the first below it, and
// left out; the other lines apply.
func TestProjectFileBadLine(t *testing.T) {
	setFlags(t, "min-lines", "3")
	got := projectPackage(t, "-min-tokenz 5\n-min-tokens 20\n-o x.json\n")
	want := []string{
		".copycat.flags:1:1-0:0 project: cannot use this line of .copycat.flags: flag provided but not defined: -min-tokenz (did you mean -min-tokens?)",
		".copycat.flags:3:1-0:0 project: cannot use this line of .copycat.flags: -o is a flag of a run, not of a project",
	}
	var project []string
	for _, d := range got {
		if strings.Contains(d, " project: ") {
			project = append(project, d)
		}
	}
	if len(project) != len(want) {
		t.Fatalf("project file diagnostics:\n\t%s\nwant %d", strings.Join(project, "\n\t"), len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(project[i], w) {
			t.Errorf("got %q, want it to start %q", project[i], w)
		}
	}
	if countCategory(got, "exact") != 2 {
		t.Errorf("line 2's -min-tokens 20 not applied:\n\t%s", strings.Join(got, "\n\t"))
	}
}
