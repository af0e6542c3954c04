package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/testtool"
)

// A file that changes between detection and the ranking (read again for
// its Facts) is said to have changed, and the result ranked without it
// is not kept in the index: once the file is as it was, a run with the
// index prints what a run without one prints.
func TestFileChangedBeforeRanking(t *testing.T) {
	dir := t.TempDir()
	a := `package p

import "fmt"

func sumInt32(xs []int32, limit int32) (int32, error) {
	var total int32
	for i, x := range xs {
		if x < 0 {
			return 0, fmt.Errorf("negative value %d at %d", x, i)
		}
		total += x
		if total > limit {
			return limit, fmt.Errorf("over the limit %d at %d", limit, i)
		}
	}
	for j := 0; j < len(xs); j++ {
		xs[j] = xs[j] * 2
	}
	return total, nil
}
`
	testtool.WriteFiles(t, dir, map[string]string{
		"go.mod":   "module example.com/m\n\ngo 1.26\n",
		"p/a.go":   a,
		"p/b.go":   strings.ReplaceAll(a, "32", "64"),
		"p/pad.go": "package p\n",
	})
	t.Chdir(dir)
	cacheDir := t.TempDir()
	run := func(args ...string) (string, string) {
		var out, errs bytes.Buffer
		Run(append(args, "./..."), &out, &errs)
		return out.String(), errs.String()
	}
	want, _ := run("-cache=off")
	path := filepath.Join(dir, "p", "a.go")
	testHookBeforeRank = func() {
		if err := os.WriteFile(path, []byte("package p\n"), 0o666); err != nil {
			t.Error(err)
		}
	}
	_, errs := run("-cache", cacheDir)
	testHookBeforeRank = nil
	if !strings.Contains(errs, "p/a.go changed while copycat ran") {
		t.Errorf("no warning that p/a.go changed:\n%s", errs)
	}
	if err := os.WriteFile(path, []byte(a), 0o666); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		if got, errs := run("-cache", cacheDir); got != want {
			t.Errorf("run %d with the index after the file is back:\n%s%s\nwant, as without the index:\n%s", i+1, got, errs, want)
		}
	}
}
