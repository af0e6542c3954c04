package change

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A WorktreeError is the error of a repository whose work tree, as its
// configuration (core.worktree) or GIT_WORK_TREE names it, does not exist
// or does not hold the folder copycat runs in: a .git folder copied from
// another checkout, or a test's fixture used as a repository, brings the
// core.worktree of where it came from. git said "Invalid path
// '/nonexistent': No such file or directory", read by copycat as "not in
// a git repository"; or it compared the other tree, and said "Could not
// access '<commit>'", or history "the repository has no commits yet".
type WorktreeError struct {
	Dir      string // the folder copycat runs in
	Setting  string // "core.worktree in <git folder>/config", or "GIT_WORK_TREE"
	Value    string // as set
	Worktree string // the folder it names, absolute
	Missing  bool   // that folder does not exist
}

func (e *WorktreeError) Error() string {
	// git config --unset dies of a work tree that does not exist.
	fix := "remove its line (worktree = …) from " + strings.TrimPrefix(e.Setting, "core.worktree in ")
	if e.Setting == "GIT_WORK_TREE" {
		fix = "unset GIT_WORK_TREE"
	}
	if e.Missing {
		return fmt.Sprintf("%s is %q, a folder that does not exist, so git finds no work tree (a .git copied from another checkout brings its core.worktree): %s, or make that folder the work tree", e.Setting, e.Value, fix)
	}
	return fmt.Sprintf("%s is %q, so git's work tree is %s, which does not hold %s: git would compare that tree, not this one (a .git copied from another checkout brings its core.worktree): %s, or run copycat in %s", e.Setting, e.Value, e.Worktree, e.Dir, fix, e.Worktree)
}

// worktreeError returns the WorktreeError of the repository that holds
// dir, or nil: when git found it (gitDir, absolute; "" if git failed)
// with a work tree, top, that does not hold dir, or when git failed and
// the configuration of the .git folder above dir names a work tree that
// does not exist.
func worktreeError(ctx context.Context, dir, gitDir, top string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil
	}
	setting, value := "GIT_WORK_TREE", os.Getenv("GIT_WORK_TREE")
	if value == "" {
		if gitDir == "" {
			if gitDir = findGitDir(abs); gitDir == "" {
				return nil
			}
		}
		// Read as a file: git run in the repository looks for its work
		// tree first, and dies of this one; a GIT_DIR that does not
		// exist keeps it from looking.
		config := filepath.Join(gitDir, "config")
		if fi, err := os.Stat(config); err != nil || !fi.Mode().IsRegular() {
			return nil // none, or one git waits on (a named pipe): git said so
		}
		cmd := gitCommandContext(ctx, abs, "config", "--file", config, "--get", "core.worktree")
		killOnCancel(cmd)
		cmd.Env = append(cmd.Environ(), "GIT_DIR="+filepath.Join(gitDir, "copycat-no-such-folder"))
		out, err := cmd.Output()
		if value = strings.TrimSuffix(string(out), "\n"); err != nil || value == "" {
			return nil
		}
		setting = "core.worktree in " + filepath.Join(gitDir, "config")
	}
	wt := value
	if !filepath.IsAbs(wt) {
		base := gitDir
		if setting == "GIT_WORK_TREE" {
			base = abs
		}
		wt = filepath.Join(base, wt)
	}
	e := &WorktreeError{Dir: abs, Setting: setting, Value: value, Worktree: filepath.Clean(wt)}
	if _, err := os.Stat(wt); errors.Is(err, os.ErrNotExist) {
		e.Missing = true
		return e
	}
	if top != "" {
		return e // git found the tree, and it does not hold dir
	}
	return nil
}

// findGitDir returns the git folder of the nearest folder at or above
// dir that holds .git (a folder, or a file "gitdir: PATH"), or "".
func findGitDir(dir string) string {
	for {
		p := filepath.Join(dir, ".git")
		if fi, err := os.Stat(p); err == nil {
			if fi.IsDir() {
				return p
			}
			if !fi.Mode().IsRegular() {
				return "" // a named pipe would wait for a writer
			}
			b, err := os.ReadFile(p)
			if target, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir: "); err == nil && ok {
				if !filepath.IsAbs(target) {
					target = filepath.Join(dir, target)
				}
				return target
			}
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
