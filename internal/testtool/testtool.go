// Package testtool finds the programs that copycat's tests drive (gopls,
// golangci-lint, pre-commit): in the repository's .tools folder, where
// make test installs them, or else on PATH. A test whose program is in
// neither place is skipped with the make target that installs it.
package testtool

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Find returns the path of the program name: .tools/rel under the
// repository root if it is there, else name on PATH. Otherwise it skips
// t, saying that target installs it.
func Find(t testing.TB, rel, name, target string) string {
	t.Helper()
	if root := Root(t); root != "" {
		p := filepath.Join(root, ".tools", rel)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	t.Skipf("%s not found in .tools/%s or on PATH: run `make %s` (make test installs it)", name, rel, target)
	return ""
}

// Root is the repository root: the nearest folder above the test's
// working directory that holds go.mod, or "" if there is none.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
