// Package testtool finds the programs that copycat's tests drive (gopls,
// golangci-lint, pre-commit): in the repository's .tools folder, where
// make test installs them, or else on PATH. A test whose program is in
// neither place is skipped with the make target that installs it.
package testtool

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
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

// Run runs name with args in dir, with env added to the environment, and
// returns its standard output; it fails t with all the command's output if
// the command fails.
func Run(t testing.TB, dir string, env []string, name string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s%s", name, strings.Join(args, " "), err, out, stderr.String())
	}
	return out
}

// MainWithTempCache runs a package's tests with XDG_CACHE_HOME set to a
// temporary folder, removed afterwards, so that the index the command
// line and the editor server keep by default is the tests' own, not the
// user's: call it from TestMain, as os.Exit(testtool.MainWithTempCache(m)).
// A test binary that a test runs again as a child (to kill it, or to run
// it in another cgroup) uses its parent's folder: a child killed before
// its own cleanup left an empty folder in the temporary directory each run.
func MainWithTempCache(m *testing.M) int {
	if dir := os.Getenv(parentCacheEnv); dir != "" {
		os.Setenv("XDG_CACHE_HOME", dir)
		return m.Run()
	}
	dir, err := os.MkdirTemp("", "copycat-cache-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	os.Setenv("XDG_CACHE_HOME", dir)
	os.Setenv(parentCacheEnv, dir)
	return m.Run()
}

// parentCacheEnv names, to a test binary's children, the folder
// MainWithTempCache made.
const parentCacheEnv = "COPYCAT_TEST_PARENT_CACHE"

// Git runs git in the working directory as a test user, and returns its
// output (standard output and error); it fails t if git fails.
func Git(t testing.TB, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// WriteFiles writes the files, name to text, into dir, making folders.
func WriteFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A SyncBuffer is a bytes.Buffer safe for a writer and a reader at once:
// a command's or a server's output, read while it runs.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *SyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
