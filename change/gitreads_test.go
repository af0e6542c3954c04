package change

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/copycat-go/copycat/internal/testtool"
)

// A file git opens for the attribute or ignore rules of the files it
// compares, when it is a named pipe (a tree copied with one), had git
// wait in its open for a writer for ever, and -new-from-rev with it: the
// .gitattributes of a folder of a file compared, the git folder's
// info/attributes and info/exclude (git diff-index reads that one too),
// the files core.attributesFile and core.excludesFile name, and for git
// check-ignore a .gitignore. Each is an error naming it now, before git
// runs.
func TestGitRulesFileSpecial(t *testing.T) {
	for _, tc := range []struct {
		name, pipe string // pipe: relative to the repository
		config     string // core.attributesFile or core.excludesFile, set to the pipe
		untracked  bool   // asked of git check-ignore (NewFiles)
	}{
		{name: "the top folder's .gitattributes", pipe: ".gitattributes"},
		{name: "a subfolder's .gitattributes", pipe: "sub/.gitattributes"},
		{name: "info/attributes", pipe: ".git/info/attributes"},
		{name: "info/exclude", pipe: ".git/info/exclude"},
		{name: "core.attributesFile", pipe: "rules", config: "core.attributesFile"},
		{name: "a .gitignore", pipe: "sub/.gitignore", untracked: true},
		{name: "core.excludesFile", pipe: "ignores", config: "core.excludesFile", untracked: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := exec.LookPath("git"); err != nil {
				t.Skip("no git")
			}
			dir := t.TempDir()
			t.Chdir(dir)
			testtool.WriteFiles(t, ".", map[string]string{"sub/s.go": "package sub\n"})
			twoCommits(t)
			testtool.WriteFiles(t, ".", map[string]string{"a.go": "package a // edited\n", "sub/s.go": "package sub // edited\n", "sub/new.go": "package sub\n"})
			pipe := filepath.Join(dir, filepath.FromSlash(tc.pipe))
			os.MkdirAll(filepath.Dir(pipe), 0o755)
			os.Remove(pipe)
			if err := syscall.Mkfifo(pipe, 0o644); err != nil {
				t.Skipf("no named pipes here: %v", err)
			}
			// Whatever the outcome, no git is left waiting on it.
			t.Cleanup(func() {
				if f, err := os.OpenFile(pipe, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
					f.Close()
				}
			})
			if tc.config != "" {
				testtool.Git(t, "config", tc.config, pipe)
			}
			repo, base, err := OpenAt(dir, "HEAD~1")
			if err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() {
				d := repo.StartDiff(dir, base)
				_, _, untracked, err := d.Finish([]Seen{{Name: "sub/new.go", Read: true}})
				if err == nil && tc.untracked {
					_, err = repo.NewFiles(untracked)
				}
				done <- err
			}()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), pipe+" is a named pipe, not a file") {
					t.Errorf("%v, want an error naming %s", err, pipe)
				}
			case <-time.After(30 * time.Second):
				// Not a time limit: the old code never returns.
				t.Fatal("git still waiting 30 s later")
			}
		})
	}
}

// TestAncestryOf: a revision's tail of ancestry is split from the
// revision it starts from; digits of the base's own name stay with it.
func TestAncestryOf(t *testing.T) {
	for _, tc := range []struct {
		rev, base string
		ok        bool
	}{
		{"HEAD~99999", "HEAD", true},
		{"main^2", "main", true},
		{"v2~1^", "v2", true},
		{"release-1.2~3~4", "release-1.2", true},
		{"HEAD", "", false},
		{"v1", "", false},
		{"~3", "", false},
	} {
		base, ok := ancestryOf(tc.rev)
		if base != tc.base || ok != tc.ok {
			t.Errorf("ancestryOf(%q) = %q, %v; want %q, %v", tc.rev, base, ok, tc.base, tc.ok)
		}
	}
}
