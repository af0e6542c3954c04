package change

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// Git access is through the git command, as golangci-lint's
// --new-from-rev has it: every machine that has a clone has git, git
// knows every object format, worktree state and configuration a
// repository may have, and a Go implementation would add a large module
// tree to the command line's dependencies for three questions (the
// root, the merge base, the diff).

// A Repo is the git repository that holds a directory.
type Repo struct {
	// Root is the repository's top folder, absolute: diff paths are
	// relative to it.
	Root string
}

// Open finds the repository that holds dir.
func Open(dir string) (*Repo, error) {
	out, err := git(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, fmt.Errorf("not in a git repository: %w", err)
	}
	return &Repo{Root: filepath.Clean(strings.TrimSpace(out))}, nil
}

// OpenAt finds the repository that holds dir and resolves rev in it to a
// commit (see Commit), with one run of git rather than two: a run with a
// change pays for each before it starts.
func OpenAt(dir, rev string) (*Repo, string, error) {
	if strings.HasPrefix(rev, "-") {
		return nil, "", fmt.Errorf("bad revision %q", rev)
	}
	out, err := git(dir, "rev-parse", "--show-toplevel", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	root, commit, _ := strings.Cut(strings.TrimSpace(out), "\n")
	if root == "" {
		if err == nil {
			err = errors.New("git rev-parse printed no top folder")
		}
		return nil, "", fmt.Errorf("not in a git repository: %w", err)
	}
	r := &Repo{Root: filepath.Clean(root)}
	if err != nil || commit == "" {
		return nil, "", r.missing(rev)
	}
	return r, strings.TrimSpace(commit), nil
}

// Commit resolves rev to a commit. A revision the clone does not hold is
// an error that says how to fetch it, above all in a shallow clone (a CI
// checkout of depth 1).
func (r *Repo) Commit(rev string) (string, error) {
	if strings.HasPrefix(rev, "-") {
		return "", fmt.Errorf("bad revision %q", rev)
	}
	out, err := git(r.Root, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err == nil {
		return strings.TrimSpace(out), nil
	}
	return "", r.missing(rev)
}

// missing is the error for a revision the repository does not hold.
func (r *Repo) missing(rev string) error {
	if shallow, _ := git(r.Root, "rev-parse", "--is-shallow-repository"); strings.TrimSpace(shallow) == "true" {
		return fmt.Errorf("revision %s is not in this shallow clone: fetch it (git fetch --deepen=100, or git fetch --unshallow; with actions/checkout, fetch-depth: 0)", rev)
	}
	return fmt.Errorf("revision %s is not in this repository (git fetch it first)", rev)
}

// MergeBase returns the best common ancestor of ref and HEAD: the commit
// a pull request's branch left ref at.
func (r *Repo) MergeBase(ref string) (string, error) {
	base, err := r.Commit(ref)
	if err != nil {
		return "", err
	}
	return r.MergeBaseOf(base, ref)
}

// MergeBaseOf is MergeBase of ref resolved already to commit base.
func (r *Repo) MergeBaseOf(base, ref string) (string, error) {
	out, err := git(r.Root, "merge-base", base, "HEAD")
	if err != nil {
		return "", fmt.Errorf("no merge base of %s and HEAD (a shallow clone may lack it: git fetch --unshallow): %w", ref, err)
	}
	return strings.TrimSpace(out), nil
}

// Diff returns what the working tree changed since commit, by file name
// relative to the root: the diff with renames found (a file moved whole
// adds no line), the files it deleted, and the names of the Go files git
// tracks, by which Untracked tells the files it does not track yet.
func (r *Repo) Diff(commit string) (map[string]*File, []*File, map[string]bool, error) {
	// The index's list of files costs no look at the tree: with the
	// files copycat found, it tells the untracked ones (see Untracked)
	// without git walking the tree a second time.
	var listed string
	var lerr error
	asked := make(chan struct{})
	go func() {
		listed, lerr = git(r.Root, "ls-files", "-z", "--cached", "--", "*.go")
		close(asked)
	}()
	out, err := git(r.Root, "-c", "core.quotePath=true", "diff", "--no-color", "--no-ext-diff", "--no-textconv",
		"--find-renames", "--unified=0", commit, "--", "*.go")
	<-asked
	if err != nil {
		return nil, nil, nil, err
	}
	if lerr != nil {
		return nil, nil, nil, lerr
	}
	files, deleted, err := ParseDiffDeleted(strings.NewReader(out))
	if err != nil {
		return nil, nil, nil, err
	}
	tracked := make(map[string]bool, strings.Count(listed, "\x00"))
	for name := range strings.SplitSeq(listed, "\x00") {
		if name != "" {
			tracked[name] = true
		}
	}
	return files, deleted, tracked, nil
}

// Untracked returns, of files (the ones copycat read, as it names them:
// relative to the working directory wd, or absolute), those git neither
// tracks nor ignores, each as a new file whole, by its name relative to
// the root.
func (r *Repo) Untracked(wd string, files []string, tracked map[string]bool) map[string]*File {
	// A name under the working directory is made relative to the root by
	// putting the working directory's place before it: a tree's files
	// cost one concatenation each, not filepath.Rel's walk of both paths.
	prefix, err := filepath.Rel(r.Root, wd)
	under := err == nil && filepath.IsLocal(prefix)
	if prefix = filepath.ToSlash(prefix); prefix == "." {
		prefix = ""
	}
	var candidates []string
	for _, name := range files {
		var rel string
		switch {
		case under && !filepath.IsAbs(name) && filepath.IsLocal(name) && filepath.Clean(name) == name:
			rel = filepath.ToSlash(name)
			if prefix != "" {
				rel = prefix + "/" + rel
			}
		default:
			abs := name
			if !filepath.IsAbs(abs) {
				abs = filepath.Join(wd, abs)
			}
			var err error
			if rel, err = filepath.Rel(r.Root, abs); err != nil || strings.HasPrefix(rel, "..") {
				continue
			}
			rel = filepath.ToSlash(rel)
		}
		if !tracked[rel] {
			candidates = append(candidates, rel)
		}
	}
	if len(candidates) == 0 {
		return nil
	}
	// Those git ignores are none of the change.
	ignored := map[string]bool{}
	cmd := exec.Command("git", "check-ignore", "-z", "--stdin", "--no-index")
	cmd.Dir = r.Root
	cmd.Stdin = strings.NewReader(strings.Join(candidates, "\x00") + "\x00")
	if out, err := cmd.Output(); err == nil || len(out) > 0 {
		for _, name := range strings.Split(string(out), "\x00") {
			ignored[name] = true
		}
	}
	out := map[string]*File{}
	for _, name := range candidates {
		if ignored[name] {
			continue
		}
		lines, err := countLines(filepath.Join(r.Root, filepath.FromSlash(name)))
		if err != nil {
			continue // gone since
		}
		f := &File{Name: name, New: true}
		if lines > 0 {
			f.Added = append(f.Added, lineRange(1, lines))
		}
		out[name] = f
	}
	return out
}

// git runs git in dir and returns its output, also when it fails; its
// standard error is the error's text.
func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			msg := strings.TrimSpace(errb.String())
			if msg == "" {
				msg = ee.Error()
			}
			return out.String(), fmt.Errorf("git %s: %s", args[0], msg)
		}
		return out.String(), fmt.Errorf("git: %w", err)
	}
	return out.String(), nil
}

// A Commit is one commit of a history.
type Commit struct {
	Hash, Date, Subject string
}

// FirstParents lists the commits of rev's first-parent history, oldest
// first: at most max of them (the newest), since date if it is set.
func (r *Repo) FirstParents(rev, since string, max int) ([]Commit, error) {
	if strings.HasPrefix(rev, "-") {
		return nil, fmt.Errorf("bad revision range %q", rev)
	}
	args := []string{"log", "--first-parent", "--format=%H%x00%cI%x00%s", fmt.Sprintf("--max-count=%d", max)}
	if since != "" {
		args = append(args, "--since="+since)
	}
	out, err := git(r.Root, append(args, "--end-of-options", rev, "--")...)
	if err != nil {
		return nil, err
	}
	var commits []Commit
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if f := strings.SplitN(line, "\x00", 3); len(f) == 3 {
			commits = append(commits, Commit{f[0], f[1], f[2]})
		}
	}
	slices.Reverse(commits)
	return commits, nil
}
