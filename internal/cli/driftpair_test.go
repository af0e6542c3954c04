package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// A drifted class of three copies shows first the two that differ: the
// report package's drift fixture has three copies of parseLimit, and the
// last in file order, limits/fc.go, lacks the check the others have.
// Every format lists its copies in that order (report.DriftPairFirst).
func TestDriftedPairFirst(t *testing.T) {
	ar, err := txtar.ParseFile(filepath.Join("..", "..", "report", "testdata", "drift.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	files := []string{"go.mod"}
	if err := os.WriteFile("go.mod", []byte("module example.com/limits\n\ngo 1.22\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, "limits/") {
			if err := os.MkdirAll(filepath.Dir(f.Name), 0o777); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(f.Name, f.Data, 0o666); err != nil {
				t.Fatal(err)
			}
			files = append(files, f.Name)
		}
	}
	if len(files) != 4 {
		t.Fatalf("the fixture has %v, want three copies in limits/", files)
	}
	args := []string{"-min-tokens", "50", "./..."}
	out, errs, code := run(t, append([]string{"-json"}, args...)...)
	if code != ExitClones {
		t.Fatalf("exit %d; stderr %s", code, errs)
	}
	var rep struct {
		Classes []struct {
			Divergent bool
			Fragments []struct{ File string }
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Classes) != 1 || !rep.Classes[0].Divergent || len(rep.Classes[0].Fragments) != 3 {
		t.Fatalf("want one drifted class of three copies:\n%s", out)
	}
	var order []string
	for _, f := range rep.Classes[0].Fragments {
		order = append(order, f.File)
	}
	if want := "limits/fa.go limits/fc.go limits/fb.go"; strings.Join(order, " ") != want {
		t.Errorf("JSON copies in the order %v, want %s", order, want)
	}
	text, _, _ := run(t, args...)
	lines := strings.Split(text, "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "limits/fa.go:") || !strings.HasPrefix(lines[1], "limits/fc.go:") ||
		!strings.Contains(lines[1], "lacks the check") {
		t.Errorf("text starts\n%s\nwant fa.go, then fc.go and what it lacks", strings.Join(lines[:min(3, len(lines))], "\n"))
	}
}
