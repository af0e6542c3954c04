package change

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// Git access is through the git command, as golangci-lint's
// --new-from-rev has it: every machine that has a clone has git, git
// knows every object format, worktree state and configuration a
// repository may have, and a Go implementation would add a large module
// tree to the command line's dependencies for the few questions asked
// (the root, the merge base, the diff, the base's files). The one thing
// read here is git's index, for the statuses git recorded (gitindex.go).

// A Repo is the git repository that holds a directory.
type Repo struct {
	// Root is the repository's top folder, absolute: diff paths are
	// relative to it.
	Root string
	// gitDir is the git folder, absolute, when Open or OpenAt found it.
	gitDir string
	// index is the index file's path and hashLen the length of an
	// object name, when OpenAt found them (see readIndex).
	index   string
	hashLen int
	// guarded holds what turns off the programs the repository's own
	// configuration names (see guard), read once.
	guarded struct {
		once sync.Once
		g    guard
	}
	// ctx stops the git commands the repository runs (see
	// withContext); nil: nothing does.
	ctx context.Context
}

// withContext makes the git commands r runs from now on end when ctx
// ends: killed, so that a run interrupted while git waits (on a named
// pipe, a remote that never answers a partial clone's fetch) ends at
// once, and leaves no git behind. It returns r.
func (r *Repo) withContext(ctx context.Context) *Repo {
	r.ctx = ctx
	return r
}

// ErrNoRepository is the error, wrapped, of Open and OpenAt for a
// directory git finds in no repository.
var ErrNoRepository = errors.New("not in a git repository")

// noRepository is the error of Open and OpenAt when git rev-parse
// failed: ErrNoRepository, or git not run at all (not installed), which
// it is not.
func noRepository(err error) error {
	if errors.Is(err, exec.ErrNotFound) {
		return fmt.Errorf("git is not installed (not found on PATH), which copycat reads changes and history with: %w", err)
	}
	return fmt.Errorf("%w: %w", ErrNoRepository, err)
}

// Open finds the repository that holds dir.
func Open(dir string) (*Repo, error) {
	return OpenContext(context.Background(), dir)
}

// OpenContext is Open, whose git commands, and the repository's, are
// killed when ctx ends (see withContext).
func OpenContext(ctx context.Context, dir string) (*Repo, error) {
	r, _, err := open(ctx, dir)
	if err != nil {
		return nil, err
	}
	return r.withContext(ctx), nil
}

// repoLines checks the lines git rev-parse printed for dir, the git
// folder, whether dir is inside the work tree and the top folder first,
// given whether they are all there (ok) and git's error: when they are
// not, or dir is outside the work tree, the error says why (a copied
// core.worktree, or no repository).
func repoLines(ctx context.Context, dir string, lines []string, ok bool, err error) error {
	if !ok {
		if werr := worktreeError(ctx, dir, "", ""); werr != nil {
			return werr
		}
		if err == nil {
			err = errors.New("git rev-parse printed no top folder")
		}
		return noRepository(err)
	}
	if lines[1] != "true" {
		return worktreeError(ctx, dir, lines[0], lines[2])
	}
	return nil
}

// open is Open, that also returns dir's folder within the top folder,
// as git has it (slash-separated, "." for the top folder).
func open(ctx context.Context, dir string) (*Repo, string, error) {
	if err := specialGitFolder(dir); err != nil {
		return nil, "", err
	}
	out, err := git(ctx, dir, "rev-parse", "--absolute-git-dir", "--is-inside-work-tree", "--show-toplevel", "--show-prefix")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if err := repoLines(ctx, dir, lines, err == nil && len(lines) == 4, err); err != nil {
		return nil, "", err
	}
	gitDir := lines[0]
	lines = lines[2:]
	prefix := cmp.Or(strings.TrimSuffix(lines[1], "/"), ".")
	return &Repo{Root: seenFrom(dir, filepath.Clean(lines[0]), prefix), gitDir: gitDir}, prefix, nil
}

// seenFrom is the repository's top folder root, the real path git gives,
// as dir names it: through the symbolic links dir goes through, so that
// the names copycat gives files, relative to dir (its working directory)
// or made absolute from it, are inside it. From /tmp/w/sub, /tmp a link
// to /private/tmp (macOS) or a checkout reached through a link, git
// gives /private/tmp/w, and -new-from-rev HEAD took every file for one
// outside the repository: "it added no line", a gate passed; history
// read a folder that was not its tree. prefix is dir's folder within the
// top folder, as git has it: the top folder is dir less as many
// elements, if that is root. Else (a link inside the repository), root.
func seenFrom(dir, root, prefix string) string {
	top, err := filepath.Abs(dir)
	if err != nil {
		return root
	}
	if prefix != "." {
		for range strings.Split(prefix, "/") {
			top = filepath.Dir(top)
		}
	}
	if top == root {
		return root
	}
	a, errA := os.Stat(top)
	b, errB := os.Stat(root)
	if errA != nil || errB != nil || !os.SameFile(a, b) {
		return root
	}
	return top
}

// OpenObjects finds the repository that holds dir for a reader of its
// objects alone, as history is (git log, ls-tree, diff-tree, cat-file):
// the work tree's, as Open finds it, else a bare repository, or the git
// folder of one that has a work tree, when dir is in one. prefix is the
// folder of each commit's tree that dir stands for, slash-separated ("."
// for the whole tree, a git folder's): a work tree's subfolder is its
// own, as in a checkout. Root is then the git folder, which git's
// commands run in as in a work tree.
func OpenObjects(dir string) (r *Repo, prefix string, err error) {
	return OpenObjectsContext(context.Background(), dir)
}

// OpenObjectsContext is OpenObjects, whose git commands, and the
// repository's, are killed when ctx ends (see withContext).
func OpenObjectsContext(ctx context.Context, dir string) (r *Repo, prefix string, err error) {
	if r, prefix, err = open(ctx, dir); err == nil {
		r.withContext(ctx)
		if err := r.guard().err; err != nil {
			return nil, "", err
		}
		return r, prefix, nil
	}
	if _, ok := errors.AsType[*WorktreeError](err); ok {
		return nil, "", err
	}
	if _, ok := errors.AsType[*gitFileError](err); ok {
		return nil, "", err
	}
	// In a bare repository, or a .git folder, git has no top folder to
	// show ("this operation must be run in a work tree"), and history
	// said "not in a git repository".
	out, gerr := git(ctx, dir, "rev-parse", "--is-inside-git-dir", "--absolute-git-dir")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if gerr != nil || len(lines) != 2 || lines[0] != "true" {
		return nil, "", err
	}
	r = (&Repo{Root: filepath.Clean(lines[1])}).withContext(ctx)
	if err := r.guard().err; err != nil {
		return nil, "", err
	}
	return r, ".", nil
}

// OpenAt finds the repository that holds dir and resolves rev in it to a
// commit (see Commit), with one run of git rather than two: a run with a
// change pays for each before it starts. It finds the index file too.
func OpenAt(dir, rev string) (*Repo, string, error) {
	return OpenAtContext(context.Background(), dir, rev)
}

// OpenAtContext is OpenAt, whose git commands, and the repository's, are
// killed when ctx ends (see withContext).
func OpenAtContext(ctx context.Context, dir, rev string) (*Repo, string, error) {
	if strings.HasPrefix(rev, "-") {
		return nil, "", fmt.Errorf("bad revision %q", rev)
	}
	if err := specialGitFolder(dir); err != nil {
		return nil, "", err
	}
	out, err := git(ctx, dir, "rev-parse", "--absolute-git-dir", "--is-inside-work-tree", "--show-toplevel", "--show-prefix", "--git-path", "index", "--show-object-format",
		"--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	// The git folder, whether dir is in the work tree, the top folder,
	// the prefix (an empty line at the top), the index, the format and
	// the commit, or less.
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if err := repoLines(ctx, dir, lines, len(lines) >= 4 && lines[2] != "", err); err != nil {
		return nil, "", err
	}
	gitDir := lines[0]
	lines = lines[2:]
	r := (&Repo{Root: seenFrom(dir, filepath.Clean(lines[0]), cmp.Or(strings.TrimSuffix(lines[1], "/"), ".")), gitDir: gitDir}).withContext(ctx)
	if len(lines) > 3 {
		if r.index = lines[2]; !filepath.IsAbs(r.index) {
			r.index = filepath.Join(dir, r.index)
		}
		r.hashLen = map[string]int{"sha1": 20, "sha256": 32}[lines[3]]
	}
	if gerr := r.guard().err; gerr != nil {
		return nil, "", gerr
	}
	if err != nil || len(lines) != 5 {
		return nil, "", r.missing(rev)
	}
	return r, lines[4], nil
}

// Commit resolves rev to a commit. A revision the clone does not hold is
// an error that says how to fetch it, above all in a shallow clone (a CI
// checkout of depth 1).
func (r *Repo) Commit(rev string) (string, error) {
	if strings.HasPrefix(rev, "-") {
		return "", fmt.Errorf("bad revision %q", rev)
	}
	out, err := r.git("rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err == nil {
		return strings.TrimSpace(out), nil
	}
	return "", r.missing(rev)
}

// errNoCommits is the error for a repository whose branch has no commit
// yet: no revision is in it, and fetching one would not help.
var errNoCommits = errors.New("the repository has no commits yet")

// noCommits is the error for a HEAD that is no commit: errNoCommits in a
// repository of no commit at all, else the branch HEAD names, which has
// none yet (git checkout --orphan), and where the commits are.
func (r *Repo) noCommits() error {
	refs, err := r.git("for-each-ref", "--count=1", "--format=%(refname:short)", "refs/heads", "refs/remotes", "refs/tags")
	if err != nil || strings.TrimSpace(refs) == "" {
		return errNoCommits
	}
	branch, _ := r.git("symbolic-ref", "--quiet", "--short", "HEAD")
	return fmt.Errorf("the branch %s has no commits yet (the repository's are on others, such as %s: name one as the revision)",
		strings.TrimSpace(branch), strings.TrimSpace(refs))
}

// hasCommits reports whether HEAD is a commit.
func (r *Repo) hasCommits() bool {
	_, err := r.git("rev-parse", "--verify", "--quiet", "HEAD")
	return err == nil
}

// missing is the error for a revision the repository does not hold.
func (r *Repo) missing(rev string) error {
	if !r.hasCommits() {
		// A repository's first commit, under a pre-commit hook of
		// -new-from-rev HEAD: the error said no more.
		return fmt.Errorf("%w: there is no %s to compare the change with; make the first commit without it (under the pre-commit hook: SKIP=copycat git commit)", r.noCommits(), rev)
	}
	if err := r.notCommit(rev); err != nil {
		return err // a tree or a blob, which it holds
	}
	shallow, _ := r.git("rev-parse", "--is-shallow-repository")
	isShallow := strings.TrimSpace(shallow) == "true"
	remote, branch, known, ok := r.remoteBranch(rev)
	if ok && known {
		// A clone of one branch (git clone --depth 1, --single-branch)
		// fetches no other: deepening it brings none.
		unshallow, where := "", "this repository"
		if isShallow {
			unshallow, where = "--unshallow ", "this shallow clone"
		}
		return fmt.Errorf("revision %s is not in %s: it has not fetched %s's branch %s (git fetch %s%s %s:refs/remotes/%s/%s; with actions/checkout, fetch-depth: 0)",
			rev, where, remote, branch, unshallow, remote, branch, remote, branch)
	}
	if ok {
		// origin/main in a repository made by git init, or whose
		// remote has another name: there is nothing to fetch it from.
		return fmt.Errorf("revision %s is not in this repository, which has no remote %s (git remote -v lists its remotes)", rev, remote)
	}
	if refName(rev) {
		// A branch or tag the clone lacks (main where the branch is
		// master, a typo): deepening a shallow clone brings none, and
		// the error said to deepen it.
		where, deepen, fetch := "this repository", "", "git branch -a lists the branches"
		if isShallow {
			where, deepen = "this shallow clone", ", and deepening the clone brings none"
		}
		remotes, _ := r.git("remote")
		if names := strings.Fields(remotes); len(names) > 0 {
			remote := names[0]
			if slices.Contains(names, "origin") {
				remote = "origin"
			}
			fetch += fmt.Sprintf("; git fetch %s %s fetches %s's branch or tag of that name, then give FETCH_HEAD", remote, rev, remote)
			if isShallow {
				fetch += "; with actions/checkout, fetch-depth: 0 fetches every branch and tag"
			}
		}
		return fmt.Errorf("revision %s is not in %s: no branch, tag or commit here is named so%s (%s)", rev, where, deepen, fetch)
	}
	if isShallow {
		return fmt.Errorf("revision %s is not in this shallow clone: fetch it (git fetch --deepen=100, or git fetch --unshallow; with actions/checkout, fetch-depth: 0)", rev)
	}
	if base, ok := ancestryOf(rev); ok {
		// HEAD~99999 in a whole clone: the commit it starts from is
		// here, and its history is shorter; there is nothing to fetch.
		if _, err := r.git("rev-parse", "--verify", "--quiet", base+"^{commit}"); err == nil {
			n, _ := r.git("rev-list", "--count", "--first-parent", base)
			return fmt.Errorf("revision %s is not in this repository: %s has no such ancestor (its first-parent history holds %s commits, itself included)", rev, base, strings.TrimSpace(n))
		}
	}
	return fmt.Errorf("revision %s is not in this repository (git fetch it first)", rev)
}

// ancestryOf splits rev into the revision it starts from and a tail of
// ancestry (HEAD~3, main^2, v1~2^): base is rev without the tail, ok
// false if rev has none.
func ancestryOf(rev string) (base string, ok bool) {
	i := len(rev)
	for i > 0 {
		c := rev[i-1]
		if c >= '0' && c <= '9' || c == '~' || c == '^' {
			i--
			continue
		}
		break
	}
	tail := rev[i:]
	if i == 0 || !strings.ContainsAny(tail, "~^") {
		return "", false
	}
	// Digits before the first ~ or ^ belong to the base (v2~1).
	j := strings.IndexAny(tail, "~^")
	return rev[:i+j], true
}

// refName reports whether rev reads as the name of a branch or tag alone
// (main, v1.2.0, release/2.x): no revision syntax (HEAD~1, x^2, @{u},
// a:b), and not a commit's ID, whole or abbreviated, which a deeper
// clone may hold.
func refName(rev string) bool {
	if rev == "" || rev == "HEAD" || strings.ContainsAny(rev, "~^:@{}*?[\\ ") {
		return false
	}
	return !objectID(rev)
}

// remoteBranch splits rev into a remote and a branch name, when it reads
// as a remote-tracking branch ("origin/main"); known says whether the
// repository has that remote. ok is false for any other revision.
func (r *Repo) remoteBranch(rev string) (remote, branch string, known, ok bool) {
	remote, branch, ok = strings.Cut(rev, "/")
	if !ok || remote == "" || branch == "" || strings.ContainsAny(rev, "~^:@{}*?[\\ ") {
		return "", "", false, false
	}
	remotes, err := r.git("remote")
	if err != nil {
		return "", "", false, false
	}
	return remote, branch, slices.Contains(strings.Fields(remotes), remote), true
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
	out, err := r.git("merge-base", base, "HEAD")
	if err != nil {
		return "", fmt.Errorf("no merge base of %s and HEAD (a shallow clone may lack it: git fetch --unshallow): %w", ref, err)
	}
	return strings.TrimSpace(out), nil
}

// diffAll is git's diff of all Go files of the working tree against
// commit, with the names of the Go files git tracks: git looks at the
// status of every tracked file itself.
func (r *Repo) diffAll(commit string) (map[string]*File, []*File, map[string]bool, error) {
	// The index's list of files costs no look at the tree: with the
	// files copycat found, it tells the untracked ones (see whole)
	// without git walking the tree a second time.
	// It is asked first: their folders' .gitattributes are checked
	// before git diff opens them (see specialGitFile).
	listed, err := r.git("ls-files", "-z", "--cached", "--", "*.go")
	if err != nil {
		return nil, nil, nil, err
	}
	names := strings.FieldsFunc(listed, func(c rune) bool { return c == 0 })
	files, deleted, err := r.diff(commit, nil, names)
	if err != nil {
		return nil, nil, nil, err
	}
	tracked := make(map[string]bool, len(names))
	for _, name := range names {
		tracked[name] = true
	}
	return files, deleted, tracked, nil
}

// diff is git's diff of the working tree against commit, of the Go files
// named (literally), or of all if names is nil (all: the Go files git
// tracks, whose rules git may read; see specialGitFile). Its names have git's a/
// and b/ prefixes whatever the user's configuration says (diff.noprefix,
// diff.mnemonicPrefix, diff.srcPrefix): ParseDiff cuts those two. It is
// text whatever the tree's .gitattributes say (--text): one saying
// "*.go -diff" or "*.go binary", which a pull request may add, made git
// write "Binary files … differ" for every Go file, and the change read
// as one that added no line. No filter driver the repository's own
// configuration defines runs (see guard): git diff runs a file of the
// working tree through the clean filter its .gitattributes name (*.go
// filter=x) to compare it, and a file such a driver would change is
// compared as it is on the disk. A line whose whitespace alone changed
// is no change (--ignore-space-change): code indented once more inside a
// new block, or columns gofmt aligned anew beside a longer name, made
// every such line one the change added, and a copy that existed, wrapped
// in an if, a new copy of its twin.
func (r *Repo) diff(commit string, names, all []string) (map[string]*File, []*File, error) {
	if names != nil {
		all = names
	}
	if err := r.specialGitFile(all, ".gitattributes"); err != nil {
		return nil, nil, err
	}
	args := slices.Concat([]string{"-c", "core.quotePath=true"}, []string{"diff", "--no-color", "--no-ext-diff", "--no-textconv", "--text",
		"--src-prefix=a/", "--dst-prefix=b/", "--find-renames", "--ignore-space-change", "--unified=0", commit, "--"})
	if names == nil {
		args = append(args, "*.go")
	} else {
		// Named files: git's threads that look at the files' statuses
		// ahead (core.preloadIndex) cost more than they save for a few.
		args = append(append([]string{"--literal-pathspecs", "-c", "core.preloadIndex=false"}, args...), names...)
	}
	// Read as git writes it, not held whole: the diff of a Go file of
	// 70 MB added took 70 MB more.
	var files map[string]*File
	var deleted []*File
	err := r.gitRead(args, func(out io.Reader) (err error) {
		files, deleted, err = ParseDiffDeleted(out)
		return err
	})
	return files, deleted, err
}

// gitRead runs git with args in the repository, guarded (see guard), and
// gives its output to read as it comes; an error of git's (its exit
// status, what it said) comes first, then read's. What read leaves
// unread is read past, unless read failed: then git is stopped (an
// output of a billion entries is not read) and read's error returned
// (git, which failing writes nothing, was read whole by then).
func (r *Repo) gitRead(args []string, read func(io.Reader) error) error {
	cmd, err := r.command(args...)
	if err != nil {
		return err
	}
	return readCommand(cmd, args, r.guard(), read)
}

// readCommand is gitRead of cmd, git run with args, guarded by g.
func readCommand(cmd *exec.Cmd, args []string, g *guard, read func(io.Reader) error) error {
	var errb bytes.Buffer
	cmd.Stderr = &errb
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("git: %w", err)
	}
	if rerr := read(out); rerr != nil {
		cmd.Process.Kill()
		cmd.Wait()
		return rerr
	}
	io.Copy(io.Discard, out)
	if err := cmd.Wait(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			msg := strings.TrimSpace(errb.String())
			if msg == "" {
				msg = ee.Error()
			}
			return gitError(args, msg, g)
		}
		return fmt.Errorf("git: %w", err)
	}
	return nil
}

// A Diffing is a diff of the working tree against a commit under way:
// StartDiff asks git which Go files of the index differ from the
// commit's and reads the index while copycat walks the tree; Finish,
// given the status of each file the walk found, compares them with the
// index's and asks git for the diff of the files that differ. The result
// is git diff's over all Go files: a file is left out only where git
// would find it as the index records it.
type Diffing struct {
	repo   *Repo
	commit string
	rel    func(name string) (string, bool)
	ready  chan struct{}
	index  *gitIndex
	staged []string // the Go files whose entry in the index is not the commit's
	err    error    // why the index cannot be used
	// early is the diff of the staged files, asked for as soon as they
	// are known.
	early chan diffResult

	asked []string // the files whose diff Finish asked git for; nil: all

	// Time is what the diff took, for -stats.
	Time DiffTime
}

// DiffTime is what a Diffing took: git's list of the files whose index
// entry is not the base's (Staged), the comparison of the statuses
// (Compared, the tracked files the walk did not see looked at), and git's
// diff (Diff) of Named files (-1: of all).
type DiffTime struct {
	Staged, Compared, Diff time.Duration
	Named                  int
}

// A Seen is a file copycat's walk found: its name as copycat has it
// (relative to the working directory, or absolute), its status (StatOf),
// and whether it was read (a generated file left out was seen, not
// read).
type Seen struct {
	Name string
	Stat Stat
	Read bool
}

// A diffResult is what a diff gave, and what it took.
type diffResult struct {
	files   map[string]*File
	deleted []*File
	err     error
	took    time.Duration
}

// maxNamed is how many bytes of names a diff is asked for by name; a
// change of more files asks for the diff of all, which the command line's
// limits allow.
const maxNamed = 64 << 10

// namedSize is how many bytes names take on git's command line.
func namedSize(names []string) int {
	n := 0
	for _, name := range names {
		n += len(name) + 1
	}
	return n
}

// StartDiff begins the diff of the working tree against commit, for a
// walk whose names are relative to wd.
func (r *Repo) StartDiff(wd, commit string) *Diffing {
	d := &Diffing{repo: r, commit: commit, rel: r.relNamer(wd), ready: make(chan struct{})}
	go func() {
		defer close(d.ready)
		if r.index == "" || r.hashLen == 0 {
			d.err = errIndexUnknown
			return
		}
		// git diff-index opens the rules git's folder and configuration
		// name (see specialGitFile); Finish says why it does not run.
		if err := r.specialGitFile(nil, ""); err != nil {
			d.err = err
			return
		}
		asked := make(chan error, 1)
		go func() {
			t0 := time.Now()
			out, err := r.git("diff-index", "--cached", "--name-only", "-z", commit, "--", "*.go")
			d.Time.Staged = time.Since(t0)
			d.staged = strings.FieldsFunc(out, func(c rune) bool { return c == 0 })
			slices.Sort(d.staged)
			if err == nil && len(d.staged) > 0 && namedSize(d.staged) <= maxNamed {
				// A change committed, as a pull request's is, is all
				// here: its diff is made while the tree is walked.
				d.early = d.ask(d.staged, nil)
			}
			asked <- err
		}()
		d.index, d.err = readIndex(r.index, r.hashLen)
		if err := <-asked; d.err == nil {
			d.err = err
		}
	}()
	return d
}

// ask begins git's diff of names (all Go files if nil, of which all
// are those it compares).
func (d *Diffing) ask(names, all []string) chan diffResult {
	c := make(chan diffResult, 1)
	go func() {
		t0 := time.Now()
		files, deleted, err := d.repo.diff(d.commit, names, all)
		c <- diffResult{files, deleted, err, time.Since(t0)}
	}()
	return c
}

// compare compares the statuses of the files seen with the index's
// entries. It returns the files that differ and are not staged, those
// read that git does not track, in order, and the entries seen; ok is
// false when a status cannot be compared here. The index is read.
func (d *Diffing) compare(seen []Seen) (differ, untracked []string, visited []bool, ok bool) {
	visited = make([]bool, len(d.index.entries))
	for _, s := range seen {
		name, ok := d.rel(s.Name)
		if !ok {
			continue
		}
		i, found := d.index.find(name)
		if !found {
			if s.Read {
				untracked = append(untracked, name)
			}
			continue
		}
		visited[i] = true
		switch same, ok := d.same(d.index.entries[i], s.Stat); {
		case !ok:
			return nil, nil, nil, false
		case !same && !d.isStaged(name):
			differ = append(differ, name)
		}
	}
	// The walk's workers find files in any order.
	slices.Sort(untracked)
	return differ, untracked, visited, true
}

// isStaged reports whether name's entry in the index is not the commit's.
func (d *Diffing) isStaged(name string) bool {
	_, found := slices.BinarySearch(d.staged, name)
	return found
}

// Finish ends the diff, given the files the walk saw, in any order: it
// returns the diff, with renames found (a file moved whole adds no line),
// the files it deleted, and the files read that git does not track, by
// name relative to the root (see NewFiles). A tracked Go file the walk
// did not see is looked at here. It is called once.
func (d *Diffing) Finish(seen []Seen) (files map[string]*File, deleted []*File, untracked []string, err error) {
	<-d.ready
	t0 := time.Now()
	if d.err != nil {
		return d.whole(seen)
	}
	differ, untracked, visited, ok := d.compare(seen)
	if !ok {
		return d.whole(seen)
	}
	// The files seen that differ are asked for while those not seen are
	// looked at.
	var late chan diffResult
	if len(differ) > 0 {
		if d.asked = union(d.staged, differ); namedSize(d.asked) <= maxNamed {
			late = d.ask(d.asked, nil)
		}
	}
	unseen := false // an unseen file differs, not staged
	for i, e := range d.index.entries {
		if visited[i] || !strings.HasSuffix(e.name, ".go") {
			continue
		}
		switch same, ok := d.same(e, Stat{}); {
		case !ok:
			return d.whole(seen)
		case !same && !d.isStaged(e.name):
			differ, unseen = append(differ, e.name), true
		}
	}
	d.Time.Compared = time.Since(t0)
	var r diffResult
	switch {
	case len(d.staged) == 0 && len(differ) == 0:
		return map[string]*File{}, nil, untracked, nil
	case !unseen && late != nil:
		r = <-late
	case !unseen && len(differ) == 0 && d.early != nil:
		d.asked = d.staged
		r = <-d.early
	default:
		// One diff of them all, for git to find what moved between them.
		all := union(d.staged, differ)
		if d.asked = all; namedSize(d.asked) > maxNamed {
			d.asked = nil
		}
		r = <-d.ask(d.asked, all)
	}
	d.Time.Diff, d.Time.Named = r.took, len(d.asked)
	if d.asked == nil {
		d.Time.Named = -1
	}
	return r.files, r.deleted, untracked, r.err
}

// union is the names of both lists, in order, each once.
func union(a, b []string) []string {
	names := slices.Concat(a, b)
	slices.Sort(names)
	return slices.Compact(names)
}

// same reports whether the file of index entry e holds e's object, as
// far as its status tells without reading it: st, or the file's own if
// st is the zero Stat. ok is false when a status cannot be compared
// here.
func (d *Diffing) same(e indexEntry, st Stat) (same, ok bool) {
	switch {
	case e.stage != 0 || e.intentToAdd:
		return false, true
	case e.noWorktree:
		return true, true // git does not look at the file either
	}
	if st == (Stat{}) {
		info, err := os.Lstat(filepath.Join(d.repo.Root, filepath.FromSlash(e.name)))
		if err != nil {
			return false, true // gone, or not a file git can read
		}
		st = StatOf(info)
	}
	if !st.ok {
		return false, false
	}
	return e.stat == st && !d.index.racy(e), true
}

// whole is Finish by git's diff of all Go files, for an index this
// reader does not know or statuses it cannot compare.
func (d *Diffing) whole(seen []Seen) (map[string]*File, []*File, []string, error) {
	d.asked = nil
	t0 := time.Now()
	files, deleted, tracked, err := d.repo.diffAll(d.commit)
	d.Time.Diff, d.Time.Named = time.Since(t0), -1
	if err != nil {
		return nil, nil, nil, err
	}
	var untracked []string
	for _, s := range seen {
		if name, ok := d.rel(s.Name); ok && s.Read && !tracked[name] {
			untracked = append(untracked, name)
		}
	}
	slices.Sort(untracked)
	return files, deleted, untracked, nil
}

// NewFiles returns, of candidates (files git does not track, by name
// relative to the root), those git does not ignore, each as a new file
// whole; an error if git cannot be asked (see specialGitFile).
func (r *Repo) NewFiles(candidates []string) (map[string]*File, error) {
	if len(candidates) == 0 {
		return nil, nil
	}
	if err := r.specialGitFile(candidates, ".gitignore"); err != nil {
		return nil, err
	}
	// Those git ignores are none of the change.
	ignored := map[string]bool{}
	cmd, err := r.command("check-ignore", "-z", "--stdin", "--no-index")
	if err != nil {
		return nil, err
	}
	cmd.Stdin = strings.NewReader(strings.Join(candidates, "\x00") + "\x00")
	if out, err := cmd.Output(); err == nil || len(out) > 0 {
		for _, name := range strings.Split(string(out), "\x00") {
			ignored[name] = true
		}
	}
	nested := r.nestedRepos()
	out := map[string]*File{}
	for _, name := range candidates {
		if ignored[name] || nested(name) {
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
	return out, nil
}

// nestedRepos returns the function that says whether a file, by its name
// relative to the root, lies in another repository inside this one's
// tree: a folder below the root that holds a .git (a submodule's
// checkout, whose entry in the index is a gitlink, or a clone git does
// not track). git diff sees a submodule's commit, not its files, and
// git add of such a folder adds a gitlink: its files are none of this
// repository's change. Each folder is looked at once.
func (r *Repo) nestedRepos() func(name string) bool {
	repo := map[string]bool{} // by folder relative to the root
	var in func(dir string) bool
	in = func(dir string) bool {
		if dir == "." || dir == "/" || dir == "" {
			return false
		}
		if v, ok := repo[dir]; ok {
			return v
		}
		_, err := os.Lstat(filepath.Join(r.Root, filepath.FromSlash(dir), ".git"))
		v := err == nil || in(path.Dir(dir))
		repo[dir] = v
		return v
	}
	return func(name string) bool { return in(path.Dir(name)) }
}

// relNamer returns the function that names a file as the root's, given
// its name as copycat has it: relative to the working directory wd, or
// absolute. ok is false for a file outside the repository.
func (r *Repo) relNamer(wd string) func(name string) (string, bool) {
	// A name under the working directory is made relative to the root by
	// putting the working directory's place before it: a tree's files
	// cost one concatenation each, not filepath.Rel's walk of both paths.
	if !filepath.IsAbs(wd) {
		if abs, err := filepath.Abs(wd); err == nil {
			wd = abs
		}
	}
	prefix, err := filepath.Rel(r.Root, wd)
	under := err == nil && filepath.IsLocal(prefix)
	if prefix = filepath.ToSlash(prefix); prefix == "." {
		prefix = ""
	}
	return func(name string) (string, bool) {
		if under && !filepath.IsAbs(name) && filepath.IsLocal(name) && filepath.Clean(name) == name {
			name = filepath.ToSlash(name)
			if prefix != "" {
				name = prefix + "/" + name
			}
			return name, true
		}
		abs := name
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(wd, abs)
		}
		rel, err := filepath.Rel(r.Root, abs)
		if err != nil || strings.HasPrefix(rel, "..") {
			return "", false
		}
		return filepath.ToSlash(rel), true
	}
}

// gitSafe are the options every run of git takes, so that git runs no
// program the repository names. A repository's own configuration and
// hooks (.git/config, .git/hooks) come with it when it is copied whole
// (an archive, a CI cache restored, a folder shared), and git runs what
// they name on commands copycat uses to read: the fsmonitor hook
// (core.fsmonitor) whenever the index is read, and the post-index-change
// hook when git diff writes the index it refreshed; and git log, with
// log.showSignature, runs gpg.program (or gpg.ssh.program) on each
// signed commit to verify it, which copycat never shows.
var gitSafe = []string{
	"-c", "core.fsmonitor=", // empty is false to git, and no hook to gits older than 2.36
	"-c", "core.hooksPath=" + os.DevNull,
	"-c", "log.showSignature=false",
}

// allowedProtocols are the transports git may fetch over for copycat,
// as GIT_ALLOW_PROTOCOL lists them (which overrides git's configuration,
// the repository's included), unless the user set it: in a partial
// clone (git clone --filter=blob:none, as CI checkouts are made) git
// fetches a blob it lacks from the remote the repository names, for
// copycat history's git ls-tree -l and cat-file and -new-from-rev's
// diff, and a copied .git/config whose remote was ext::COMMAND, with
// protocol.ext.allow always, had COMMAND run. These are the transports
// git itself trusts by default, and file, which a clone of a local
// repository uses.
const allowedProtocols = "file:git:http:https:ssh"

// gitCommand is the command that runs git with args in dir, after
// gitSafe, over allowedProtocols.
func gitCommand(dir string, args ...string) *exec.Cmd {
	return gitCommandContext(context.Background(), dir, args...)
}

// gitCommandContext is gitCommand, killed when ctx ends.
func gitCommandContext(ctx context.Context, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "git", slices.Concat(gitSafe, args)...)
	cmd.Dir = dir
	if _, set := os.LookupEnv("GIT_ALLOW_PROTOCOL"); !set {
		cmd.Env = append(os.Environ(), "GIT_ALLOW_PROTOCOL="+allowedProtocols)
	}
	return cmd
}

// command is gitCommand in the repository, guarded: git runs no program
// the repository's own configuration names (see guard). It fails,
// running nothing, when that cannot be made so.
func (r *Repo) command(args ...string) (*exec.Cmd, error) {
	g := r.guard()
	if g.err != nil {
		return nil, g.err
	}
	cmd := gitCommandContext(cmp.Or(r.ctx, context.Background()), r.Root, slices.Concat(g.args, args)...)
	if r.ctx != nil {
		killOnCancel(cmd)
	}
	if len(g.env) > 0 {
		cmd.Env = append(cmd.Environ(), g.env...)
	}
	return cmd, nil
}

// gitError is the error of git run with args that failed saying msg,
// named by its command (diff, not the -c its options begin with); a
// transport refused (see allowedProtocols) says how to allow it, or, if
// g, the repository's guard, refused it, why.
func gitError(args []string, msg string, g *guard) error {
	if strings.Contains(msg, "transport '") && strings.Contains(msg, "' not allowed") {
		if g != nil && g.uploadPack != "" && (strings.Contains(msg, "transport 'file'") || strings.Contains(msg, "transport 'ssh'")) {
			msg += fmt.Sprintf(" (in a partial clone git fetches the objects it lacks from the repository's remote, and the repository's own configuration sets %s, a program git would run to fetch over file or ssh: copycat lets git fetch over neither; remove it to fetch, git config --unset-all %s)", g.uploadPack, g.uploadPack)
		} else {
			msg += " (in a partial clone git fetches the objects it lacks from the repository's remote; copycat lets git fetch only over file, git, http, https and ssh: set GIT_ALLOW_PROTOCOL to the transports to allow)"
		}
	}
	name := ""
	for i := 0; i < len(args) && name == ""; i++ {
		switch a := args[i]; {
		case a == "-c" || a == "-C":
			i++ // its value
		case !strings.HasPrefix(a, "-"):
			name = a
		}
	}
	return fmt.Errorf("git %s: %s", name, msg)
}

// git runs git in dir and returns its output, also when it fails; its
// standard error is the error's text. It is killed when ctx ends.
func git(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := gitCommandContext(ctx, dir, args...)
	killOnCancel(cmd)
	return runCommand(cmd, args, nil)
}

// git is git in the repository, guarded (see guard).
func (r *Repo) git(args ...string) (string, error) {
	cmd, err := r.command(args...)
	if err != nil {
		return "", err
	}
	return runCommand(cmd, args, r.guard())
}

// runCommand is git of cmd, git run with args, guarded by g (nil: none).
func runCommand(cmd *exec.Cmd, args []string, g *guard) (string, error) {
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			msg := strings.TrimSpace(errb.String())
			if msg == "" {
				msg = ee.Error()
			}
			return out.String(), gitError(args, msg, g)
		}
		return out.String(), fmt.Errorf("git: %w", err)
	}
	return out.String(), nil
}

// A Commit is one commit of a history.
type Commit struct {
	Hash, Date, Subject string // Subject: at most maxSubject columns
}

// maxSubject is the most columns of a commit's subject a history reads:
// a longer one is cut, ending in "..", as git log's %<(N,trunc) cuts it.
const maxSubject = 256

// FirstParents lists the commits of rev's first-parent history, oldest
// first: at most max of them (the newest), since date if it is set.
func (r *Repo) FirstParents(rev, since string, max int) ([]Commit, error) {
	if strings.HasPrefix(rev, "-") {
		return nil, fmt.Errorf("bad revision range %q", rev)
	}
	// The subject is cut by git to maxSubject columns (and padded to
	// them, the padding trimmed below): a commit's message can be of any
	// size, and one of 100 MB of a letter is 100 KB in .git.
	args := []string{"log", "--first-parent", fmt.Sprintf("--format=%%H%%x00%%cI%%x00%%<(%d,trunc)%%s", maxSubject), fmt.Sprintf("--max-count=%d", max)}
	if since != "" {
		args = append(args, "--since="+since)
	}
	out, err := r.git(append(args, "--end-of-options", rev, "--")...)
	if err != nil {
		if !r.hasCommits() {
			return nil, r.noCommits()
		}
		// A revision the clone lacks is said as -new-from-rev says it
		// (with how to fetch it), not as git log's "bad revision"; a
		// range (a..b) is left to git's words.
		if !strings.Contains(rev, "..") {
			if _, cerr := r.Commit(rev); cerr != nil {
				return nil, cerr
			}
		}
		return nil, err
	}
	var commits []Commit
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if f := strings.SplitN(line, "\x00", 3); len(f) == 3 {
			commits = append(commits, Commit{f[0], f[1], strings.TrimRight(f[2], " ")})
		}
	}
	if len(commits) == 0 && since == "" {
		return nil, r.notCommit(rev)
	}
	slices.Reverse(commits)
	return commits, nil
}

// CutShort reports whether commit is where a shallow clone's history
// stops: a commit whose parents the clone does not hold (a checkout of
// depth 1, as actions/checkout makes), not a root commit.
func (r *Repo) CutShort(commit string) bool {
	out, err := r.git("cat-file", "commit", commit)
	if err != nil {
		return false
	}
	for _, line := range strings.Split(out, "\n") {
		if line == "" {
			break // the end of the headers
		}
		if parent, ok := strings.CutPrefix(line, "parent "); ok {
			if _, err := r.git("cat-file", "-e", parent+"^{commit}"); err != nil {
				return true
			}
		}
	}
	return false
}

// notCommit is the error for a revision that names a tree or a blob
// (HEAD^{tree}, HEAD:a.go), nil for any other: git log reads one as no
// commit, and history said "no commit … is since """, of a -since it
// was not given; -new-from-rev said to fetch it. A range that holds no
// commit (HEAD..) is none.
func (r *Repo) notCommit(rev string) error {
	oid, err := r.git("rev-parse", "--verify", "--quiet", "--end-of-options", rev)
	if err == nil { // else a range, or not one object
		// A tag peeled (HEAD:a.go^{} would name a file "a.go^{}").
		oid, err = r.git("rev-parse", "--verify", "--quiet", strings.TrimSpace(oid)+"^{}")
	}
	if err != nil {
		return nil
	}
	kind, err := r.git("cat-file", "-t", strings.TrimSpace(oid))
	if kind = strings.TrimSpace(kind); err != nil || kind == "commit" {
		return nil
	}
	return fmt.Errorf("revision %s is a %s, not a commit (name a branch, a tag or a commit)", rev, kind)
}
