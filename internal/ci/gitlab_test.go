package ci

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gitlabRecipe is the script line of the GitLab job in docs/ci.md.
const gitlabRecipe = "copycat -format code-climate -o gl-code-quality-report.json -exit-code 0 ./..."

// TestGitLabCodeQuality runs the GitLab recipe's copycat line at a
// repository's root and reads the report as GitLab does: an array of
// issues, each with a check name, a description, a fingerprint of its
// own, one of GitLab's severities, and lines of a file at a path relative
// to the root.
func TestGitLabCodeQuality(t *testing.T) {
	dir, _ := runOnClones(t, strings.Fields(gitlabRecipe)[1:]...)
	data, err := os.ReadFile(filepath.Join(dir, "gl-code-quality-report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var issues []struct {
		CheckName   string `json:"check_name"`
		Description string `json:"description"`
		Fingerprint string `json:"fingerprint"`
		Severity    string `json:"severity"`
		Location    struct {
			Path  string `json:"path"`
			Lines struct{ Begin, End int }
		} `json:"location"`
	}
	if err := json.Unmarshal(data, &issues); err != nil {
		t.Fatalf("not an array of issues: %v\n%s", err, data)
	}
	if len(issues) != 2 {
		t.Fatalf("%d issues, want one for each of the two copies:\n%s", len(issues), data)
	}
	seen := map[string]bool{}
	for _, is := range issues {
		src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(is.Location.Path)))
		lines := strings.Count(string(src), "\n")
		if err != nil || filepath.IsAbs(is.Location.Path) || is.Location.Lines.Begin < 1 || is.Location.Lines.End > lines {
			t.Errorf("issue at %s lines %d-%d: not lines of a file under the root (%v)", is.Location.Path, is.Location.Lines.Begin, is.Location.Lines.End, err)
		}
		if is.CheckName != "copycat/near" || !strings.HasPrefix(is.Description, "duplicate of stats/median.go:") ||
			is.Severity != "minor" || is.Fingerprint == "" || seen[is.Fingerprint] {
			t.Errorf("issue %+v", is)
		}
		seen[is.Fingerprint] = true
	}
}
