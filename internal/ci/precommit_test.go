package ci

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/testtool"
)

// TestPreCommit installs the hook of .pre-commit-hooks.yaml with the real
// pre-commit into a repository, as its recipe in docs/ci.md says: a
// commit that adds a clone is refused with copycat's report, a commit
// without one passes, and a commit that changes no Go file skips the
// hook.
func TestPreCommit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds copycat with pre-commit")
	}
	preCommit := testtool.Find(t, "pre-commit/bin/pre-commit", "pre-commit", "pre-commit")
	hooks, rev := snapshotRepo(t)
	goModCache := strings.TrimSpace(string(testtool.Run(t, "", nil, "go", "env", "GOMODCACHE")))
	env := []string{
		"PRE_COMMIT_HOME=" + t.TempDir(),
		"GOMODCACHE=" + goModCache, // pre-commit sets GOPATH: share the module cache
		"GIT_AUTHOR_NAME=copycat", "GIT_AUTHOR_EMAIL=copycat@example.invalid",
		"GIT_COMMITTER_NAME=copycat", "GIT_COMMITTER_EMAIL=copycat@example.invalid",
	}
	repo := t.TempDir()
	writeFixture(t, repo, "clones.txtar")
	config := fmt.Sprintf(`repos:
  - repo: %s
    rev: %s
    hooks:
      - id: copycat
        args: [-min-tokens, "60", -min-lines, "3"]
`, hooks, rev)
	writeFile(t, filepath.Join(repo, ".pre-commit-config.yaml"), config)
	testtool.Run(t, repo, env, "git", "init", "-q")
	testtool.Run(t, repo, env, preCommit, "install")
	testtool.Run(t, repo, env, "git", "add", "-A")

	out, err := commit(repo, env, "stats with a copy")
	want := "stats/median.go:10:1: duplicate of stats/median.go:25-37 (near 96%, 88 tokens, 2 copies; production, 1 package, 13 lines)"
	if err == nil || !strings.Contains(out, want) || !strings.Contains(out, "Failed") {
		t.Fatalf("commit with a clone: %v\n%s\nwant it refused with %q", err, out, want)
	}

	median := filepath.Join(repo, "stats", "median.go")
	src, rerr := os.ReadFile(median)
	if rerr != nil {
		t.Fatal(rerr)
	}
	i := strings.Index(string(src), "// MedianOrNaN")
	writeFile(t, median, string(src[:i]))
	testtool.Run(t, repo, env, "git", "add", "-A")
	if out, err := commit(repo, env, "stats without the copy"); err != nil || !strings.Contains(out, "Passed") {
		t.Fatalf("commit without a clone: %v\n%s", err, out)
	}

	writeFile(t, filepath.Join(repo, "README"), "stats\n")
	testtool.Run(t, repo, env, "git", "add", "README")
	if out, err := commit(repo, env, "a README"); err != nil || !strings.Contains(out, "Skipped") {
		t.Fatalf("commit of no Go file: %v\n%s\nwant the hook skipped", err, out)
	}
}

func commit(dir string, env []string, msg string) (string, error) {
	cmd := exec.Command("git", "commit", "-q", "-m", msg)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// snapshotRepo commits the module's files as they are in the work tree
// (tracked or not, less what .gitignore leaves out) to a new repository,
// so that pre-commit clones the hook as it is now, and returns the
// repository and the commit.
func snapshotRepo(t *testing.T) (dir, rev string) {
	t.Helper()
	root := testtool.Root(t)
	dir = t.TempDir()
	list := testtool.Run(t, root, nil, "git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	for name := range strings.SplitSeq(strings.TrimSuffix(string(list), "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join(root, name))
		if os.IsNotExist(err) {
			continue // deleted, still in the index
		} else if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, name), string(data))
	}
	env := []string{"GIT_AUTHOR_NAME=copycat", "GIT_AUTHOR_EMAIL=copycat@example.invalid",
		"GIT_COMMITTER_NAME=copycat", "GIT_COMMITTER_EMAIL=copycat@example.invalid"}
	testtool.Run(t, dir, env, "git", "init", "-q")
	testtool.Run(t, dir, env, "git", "add", "-A")
	testtool.Run(t, dir, env, "git", "-c", "commit.gpgsign=false", "commit", "-q", "-m", "snapshot")
	return dir, strings.TrimSpace(string(testtool.Run(t, dir, nil, "git", "rev-parse", "HEAD")))
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
