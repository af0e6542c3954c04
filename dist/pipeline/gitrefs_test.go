package pipeline

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGitRemoteRefsBounded: a server that names thousands of refs that
// the revision's name matches (git ls-remote URL v1 lists every ref
// whose name ends in /v1) is refused once what git lists of them passes
// the limit, naming the argument and the limit, nothing fetched; its tag
// alone is fetched. The old code read git ls-remote's output whole into
// memory, however long the server made it, and fetched the tree.
func TestGitRemoteRefsBounded(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // where the pipeline fetches it
	defer func(n int64) { maxRemoteRefBytes = n }(maxRemoteRefBytes)
	maxRemoteRefBytes = 64 << 10
	repo := t.TempDir()
	if err := os.WriteFile(filepath.Join(repo, "a.go"), []byte("package a\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	git(t, repo, "", "init", "--quiet")
	git(t, repo, "", "add", "-A")
	git(t, repo, "", "commit", "--quiet", "-m", "one")
	git(t, repo, "", "tag", "v1")
	git(t, repo, "", "tag", "v2")
	head := git(t, repo, "", "rev-parse", "HEAD")
	url := "file://" + filepath.ToSlash(repo)
	if _, err := sourceDir(context.Background(), url+"#v1"); err != nil {
		t.Fatalf("the tag alone: %v", err)
	}
	// 3,000 refs refs/hostile/N/v2, some 150 KB listed.
	var refs strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&refs, "create refs/hostile/%d/v2 %s\n", i, head)
	}
	git(t, repo, refs.String(), "update-ref", "--stdin")
	git(t, repo, "", "pack-refs", "--all")
	arg := url + "#v2"
	_, err := sourceDir(context.Background(), arg)
	want := "cannot fetch " + arg + ": git ls-remote: the server lists more than 65536 bytes of refs named v2"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("%s: %v, want an error saying %q", arg, err, want)
	}
	trees, _ := filepath.Glob(filepath.Join(tmp, "copycat-dist-git-*", "*"))
	if len(trees) != 1 {
		t.Errorf("fetched: %v, want the tree of v1 alone", trees)
	}
}
