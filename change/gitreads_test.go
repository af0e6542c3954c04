package change

import (
	"errors"
	"io/fs"
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
			t.Cleanup(func() { testtool.UnblockPipe(pipe) })
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

// A file of the git folder that git opens for every command, a named
// pipe (a .git copied with one), had git wait for a writer for ever, and
// a run no one interrupted with it: now it is an error naming the file
// before any git runs, from the work tree, a worktree of it and the git
// folder itself.
func TestGitFolderSpecial(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	for _, tc := range []struct {
		name, pipe string // pipe: relative to the repository, "*" a glob
		worktree   bool   // run from a worktree of the repository
		gitDir     bool   // run from the git folder, as copycat history may
	}{
		{name: "HEAD", pipe: ".git/HEAD"},
		{name: "config", pipe: ".git/config"},
		{name: "index", pipe: ".git/index"},
		{name: "packed-refs", pipe: ".git/packed-refs"},
		{name: "the branch HEAD names", pipe: ".git/refs/heads/main"},
		{name: "the commit graph", pipe: ".git/objects/info/commit-graph"},
		{name: "a pack's index", pipe: ".git/objects/pack/*.idx"},
		{name: "a worktree's HEAD", pipe: ".git/worktrees/wt/HEAD", worktree: true},
		{name: "the common config of a worktree", pipe: ".git/config", worktree: true},
		{name: "config, from the git folder", pipe: ".git/config", gitDir: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			twoCommits(t)
			testtool.Git(t, "gc", "-q")
			testtool.Git(t, "commit-graph", "write", "--reachable")
			run := dir
			if tc.worktree {
				run = filepath.Join(t.TempDir(), "wt")
				testtool.Git(t, "worktree", "add", "-q", run, "-b", "other")
			}
			if tc.gitDir {
				run = filepath.Join(dir, ".git")
			}
			pipe := filepath.Join(dir, filepath.FromSlash(tc.pipe))
			if m, _ := filepath.Glob(pipe); len(m) > 0 {
				pipe = m[0]
			}
			// After git gc the branch is in packed-refs alone: git still
			// opens its loose ref first.
			if err := os.Remove(pipe); err != nil && !errors.Is(err, fs.ErrNotExist) {
				t.Fatal(err)
			}
			if err := syscall.Mkfifo(pipe, 0o644); err != nil {
				t.Skipf("no named pipes here: %v", err)
			}
			t.Cleanup(func() { testtool.UnblockPipe(pipe) })
			for _, open := range []struct {
				name string
				fn   func() error
			}{
				{"OpenAt", func() error { _, _, err := OpenAt(run, "HEAD~1"); return err }},
				{"Open", func() error { _, err := Open(run); return err }},
				{"OpenObjects", func() error { _, _, err := OpenObjects(run); return err }},
			} {
				done := make(chan error, 1)
				go func() { done <- open.fn() }()
				select {
				case err := <-done:
					if err == nil || !strings.Contains(err.Error(), pipe+" is a named pipe, not a file") {
						t.Errorf("%s: %v, want an error naming %s", open.name, err, pipe)
					}
				case <-time.After(30 * time.Second):
					// Not a time limit: the old code never returns.
					t.Fatalf("%s: git still waiting 30 s later", open.name)
				}
			}
			if testtool.UnblockPipe(pipe) {
				t.Errorf("a git was left opening %s", pipe)
			}
		})
	}
}
