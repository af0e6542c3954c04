package pipeline

import (
	"bufio"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/ignore"
	"github.com/copycat-go/copycat/load"
	"github.com/copycat-go/copycat/report"
)

// Stage 1: the files of the directories, and each file's index record.

func init() {
	register.DoFn3x1[context.Context, string, func(string, string), error](&resolveFn{})
	register.DoFn6x1[context.Context, string, func(*string) bool, func(string, []byte), func(Totals), func(string), error](&indexFn{})
	register.Emitter2[string, string]()
	register.Emitter1[string]()
	register.Emitter2[string, []byte]()
	register.Emitter1[Totals]()
	register.Function3x0[string, func(*string) bool, func(string, string)](byIdentity)
	register.Combiner1[Totals](&totalsFn{})
}

// Totals are what the report's figures sum over the corpus, and the
// windows its sketch is sized for; and the files found (listed, each
// once) and of those the generated ones left out, so that the report
// can tell, as copycat does, a run that read no file of those it found.
type Totals struct {
	Files, Lines, Tokens, Windows int64
	Found, Generated              int64
}

// Files lists the Go files in dirs (a PCollection of directories) as
// copycat selects them, and returns their records (name → record), the
// corpus's Totals (a singleton) and the warnings of the files it passed
// over or could not parse whole (see warning), for the report's notices.
func Files(s beam.Scope, c Config, dirs beam.PCollection) (recs, totals, warnings beam.PCollection) {
	// Grouped by path, then by identity (byIdentity): a file listed
	// twice, or under two names, is read once.
	paths := beam.GroupByKey(s, beam.ParDo(s, &resolveFn{Tests: c.Tests, Generated: c.Generated, SumDBDir: c.SumDBDir}, dirs))
	files := beam.GroupByKey(s, beam.ParDo(s, byIdentity, paths))
	// Each file found gives its Totals, read or not, so that the
	// totals exist, and the report is written or refused, even when
	// no file is read.
	recs, each, warnings := beam.ParDo3(s, &indexFn{MinTokens: c.MinTokens, Generated: c.Generated, MaxFileSize: c.MaxFileSize, SumDBDir: c.SumDBDir}, files)
	totals = beam.Combine(s, &totalsFn{}, each)
	return recs, totals, warnings
}

// warningOf encodes the n-th warning err of the file name for the report,
// which sorts them as copycat lists them: by file, then in the order the
// file gave them (parseWarning).
func warningOf(name string, n int, err error) string {
	return name + "\x00" + strconv.Itoa(n) + "\x00" + err.Error()
}

// parseWarning decodes what warningOf encoded.
func parseWarning(v string) (name string, n int, msg string) {
	name, rest, _ := strings.Cut(v, "\x00")
	num, msg, _ := strings.Cut(rest, "\x00")
	n, _ = strconv.Atoi(num)
	return name, n, msg
}

// resolveFn lists the Go files of a directory, as the copycat command
// does (load.Resolve): .duplignore, vendor, testdata, -tests. An argument
// path@version that names no file is a module, which the go command
// downloads from the module proxy (GOPROXY) into its module cache; one
// that names a git repository (see gitSource) is fetched into a folder of
// the temporary directory. The files of a module or a repository are
// named in the report under the argument (golang.org/x/net@v0.61.0/
// http2/frame.go; path@latest pinned to its version, see pin), those of
// a directory by their paths. It emits each
// file's path with its source (see source), so that the worker that
// reads it can download the module or fetch the repository too.
type resolveFn struct {
	Tests, Generated bool
	SumDBDir         string // where the checksum database's state is kept (Config.SumDBDir)

	host string
}

func (fn *resolveFn) Setup() { fn.host, _ = os.Hostname() }

// identity names the file at path as this machine knows it (load.Identity:
// a hard link, or a bind mount, is the file it names, which copycat reads
// once), with the machine's name, since an identity holds on one machine
// only; "" where the system gives none.
func (fn *resolveFn) identity(path string) string {
	if info, err := os.Stat(path); err == nil {
		if id, ok := load.Identity(info); ok {
			return fn.host + "\x00" + id
		}
	}
	return ""
}

func (fn *resolveFn) ProcessElement(ctx context.Context, arg string, emit func(string, string)) error {
	return escapeErr(fn.resolve(ctx, arg, emit))
}

func (fn *resolveFn) resolve(ctx context.Context, arg string, emit func(string, string)) error {
	if err := checkArg(arg); err != nil {
		return err
	}
	arg, err := pin(ctx, arg)
	if err != nil {
		return err
	}
	dir, err := sourceDir(withSumDBDir(ctx, fn.SumDBDir), arg)
	if err != nil {
		return err
	}
	names, errs := load.ResolveNames([]string{tree(dir)}, load.Options{Tests: fn.Tests, Generated: fn.Generated})
	if err := errors.Join(errs...); err != nil {
		// A path that does not exist or a bad .duplignore fails the run,
		// as it makes copycat exit with status 2.
		return fmt.Errorf("cannot list %s: %w", dir, err)
	}
	for _, n := range names {
		p := n.Path
		s := source{Name: p, Path: p, ID: fn.identity(p), Real: n.Real, Link: n.Link}
		if dir != arg {
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			s.Arg, s.Name, s.Link = arg, withoutCredentials(arg)+"/"+filepath.ToSlash(rel), false
		}
		emit(p, s.String())
	}
	mPaths.Inc(ctx, int64(len(names)))
	return nil
}

// A source is where a listed file comes from: the argument that fetched
// it ("" for a directory's file), its name in the report, its path, its
// identity on the machine that listed it (resolveFn.identity), and how
// its name names it there (load.Name: its path with the links resolved,
// and whether the name goes through a link).
type source struct {
	Arg, Name, Path, ID, Real string
	Link                      bool
}

// String encodes s for a PCollection of strings; parseSource decodes it.
func (s source) String() string {
	link := ""
	if s.Link {
		link = "link"
	}
	// The identity, which holds a NUL, last.
	return strings.Join([]string{s.Arg, s.Name, s.Path, s.Real, link, s.ID}, "\x00")
}

func parseSource(v string) source {
	f := append(strings.SplitN(v, "\x00", 6), "", "", "", "", "")
	return source{Arg: f[0], Name: f[1], Path: f[2], Real: f[3], Link: f[4] != "", ID: f[5]}
}

// first returns the source of sources under whose name a file listed
// under two arguments, or two names, is read: the name copycat reads it
// under when given the arguments together. Of the names of one path once
// links are resolved, the one load.Name.Before puts first, as
// load.Resolve keeps it (no link, relative, shorter); of those left,
// names of one file by hard links, which copycat reads once, under the
// first of its sorted paths, the first in byte order. The first name in
// byte order alone named a file given as zz and through a link aa, or as
// /abs/zz and zz, under aa or /abs/zz, where copycat names it zz: the
// reports differed.
func first(sources func(*string) bool) (source, []string) {
	var all []string
	best := map[string]source{} // by Real: the name Before puts first
	var v string
	for sources(&v) {
		all = append(all, v)
		t := parseSource(v)
		if b, ok := best[t.Real]; !ok || t.name().Before(b.name()) {
			best[t.Real] = t
		}
	}
	var s source
	for _, t := range best {
		if s.Name == "" || t.Name < s.Name || t.Name == s.Name && t.Real < s.Real {
			s = t
		}
	}
	return s, all
}

// name is the file's name as load names it.
func (s source) name() load.Name { return load.Name{Path: s.Name, Real: s.Real, Link: s.Link} }

// byIdentity keys the sources of one path, listed once or more, by the
// identity of the file there: its first source's (on two machines, a path
// may have two), or the path where the system gave none. Grouped by it,
// the names of one file meet.
func byIdentity(path string, sources func(*string) bool, emit func(string, string)) {
	s, all := first(sources)
	key := "path\x00" + path
	if s.ID != "" {
		key = "id\x00" + s.ID
	}
	for _, v := range all {
		emit(key, v)
	}
}

// sourceDir returns the directory of arg: a module's folder in the module
// cache, a git repository's fetched tree, or arg itself.
func sourceDir(ctx context.Context, arg string) (string, error) {
	if url, rev, ok := gitSource(arg); ok {
		return fetchRepo(ctx, arg, url, rev)
	}
	return moduleDir(ctx, arg)
}

// gitSource splits an argument that names a git repository, URL or
// URL#rev: a URL with a scheme (https://, ssh://, file://, git://), an
// scp-like git@host:path, or a path ending in .git. rev is a branch, a
// tag or a commit the server lets a client fetch; "" for its HEAD.
func gitSource(arg string) (url, rev string, ok bool) {
	url, rev, _ = strings.Cut(arg, "#")
	if strings.Contains(url, "://") || strings.HasPrefix(url, "git@") || strings.HasSuffix(url, ".git") {
		return url, rev, true
	}
	return "", "", false
}

// withoutCredentials is arg with what a URL holds before its host (a
// user and a password, a token) left out, as git leaves it out of what
// it prints (transport_anonymize_url): a repository's argument names its
// files in the report and is said in errors and warnings, which go to
// logs and reports that others read, where
// https://x-access-token:TOKEN@github.com/o/r.git put the token.
func withoutCredentials(arg string) string {
	scheme, rest, ok := strings.Cut(arg, "://")
	if !ok {
		return arg
	}
	host := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		host = rest[:i]
	}
	at := strings.LastIndexByte(host, '@')
	if at < 0 {
		return arg
	}
	return scheme + "://" + rest[at+1:]
}

// fetchRepo fetches revision rev of the repository at url (the tree of
// that one commit, no history) into a folder of the temporary directory
// named by arg and, unless rev is a commit's full name, the commits the
// server's refs of that name point to, and returns it: on a worker that
// fetched it before, at once. The tree is fetched beside it and renamed
// into place, so that two workers of one machine never read half a tree.
func fetchRepo(ctx context.Context, arg, url, rev string) (string, error) {
	ctx, done := interruptible(ctx)
	defer done()
	shown := withoutCredentials(arg)
	if strings.HasPrefix(url, "-") || strings.HasPrefix(rev, "-") {
		// git fetch would read it as an option: --upload-pack=CMD runs CMD.
		return "", fmt.Errorf("cannot fetch %s: a repository or revision must not start with '-'", shown)
	}
	base, err := privateTemp("copycat-dist-git")
	if err != nil {
		return "", fmt.Errorf("cannot fetch %s: %w", shown, err)
	}
	// A branch, or HEAD, moves: the folder is named by the commits the
	// server's refs of that name point to now, so that a run after a
	// push fetches the new tree rather than read the one a run before
	// fetched. A commit's full name is the commit.
	key := arg
	if !fullCommit(rev) {
		pattern := rev
		if pattern == "" {
			pattern = "HEAD"
		}
		refs, err := remoteRefs(ctx, base, url, pattern)
		if err != nil {
			return "", fmt.Errorf("cannot fetch %s: %w", shown, err)
		}
		key += "\x00" + string(refs)
	}
	sum := sha256.Sum256([]byte(key))
	dir := filepath.Join(base, hex.EncodeToString(sum[:12]))
	return intoPlace(dir, func(tmp string) error {
		fetch := []string{"fetch", "--quiet", "--depth", "1", url}
		if rev != "" {
			fetch = append(fetch, rev)
		}
		steps := []struct {
			name   string
			before func() error // what is done before it
			args   []string
		}{
			{"init", nil, []string{"init", "--quiet"}},
			{"fetch", func() error { return asStored(tmp) }, fetch},
			{"checkout", func() error { return checkTree(ctx, tmp) },
				[]string{"-c", "core.sparseCheckout=true", "-c", "core.sparseCheckoutCone=false", "checkout", "--quiet", "FETCH_HEAD"}},
		}
		for _, st := range steps {
			if st.before != nil {
				if err := st.before(); err != nil {
					return fmt.Errorf("cannot fetch %s: %w", shown, err)
				}
			}
			if _, err := gitCmd(ctx, tmp, st.args...).Output(); err != nil {
				return fmt.Errorf("cannot fetch %s: git %s: %v", shown, st.name, errors.Join(err, stderrOf(err)))
			}
		}
		links, err := removeLinks(tmp)
		if err != nil {
			return fmt.Errorf("cannot fetch %s: %w", shown, err)
		}
		if len(links) > 0 {
			log.Warnf(ctx, "copycat: warning: %s: %d symbolic links left out, as a module zip leaves them out (such as %s)", shown, len(links), links[0])
		}
		return nil
	})
}

// maxRemoteRefBytes bounds what git ls-remote lists of a repository's
// refs of one name: a server chooses its refs, and one that names
// millions of them refs/…/v1 (git ls-remote URL v1 lists every ref
// whose name ends so) made the run hold all of them. A name matches one
// to three refs as a rule (a branch, a tag, HEAD); 1 MiB is some 10,000
// of them. A variable, so that a test may lower it.
var maxRemoteRefBytes int64 = 1 << 20

// remoteRefs returns the lines git ls-remote lists of the refs of the
// repository at url that pattern names, read as git writes them and
// refused past maxRemoteRefBytes, git stopped there.
func remoteRefs(ctx context.Context, dir, url, pattern string) ([]byte, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cmd := gitCmd(ctx, dir, "ls-remote", url, pattern)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr := &headBuffer{max: 64 << 10}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("git ls-remote: %w", err)
	}
	refs, err := io.ReadAll(io.LimitReader(out, maxRemoteRefBytes+1))
	if int64(len(refs)) > maxRemoteRefBytes {
		cancel()
		cmd.Wait()
		return nil, fmt.Errorf("git ls-remote: the server lists more than %d bytes of refs named %s, the most copycat-dist reads; not fetched (name a commit by its full hash to fetch it without listing refs)", maxRemoteRefBytes, pattern)
	}
	if werr := cmd.Wait(); err != nil || werr != nil {
		err = cmp.Or(werr, err)
		return nil, fmt.Errorf("git ls-remote: %v", errors.Join(err, stderr.err()))
	}
	return refs, nil
}

// A headBuffer keeps the first max bytes written to it: what a command
// writes to its standard error, which a server may make as long as it
// likes.
type headBuffer struct {
	max int
	b   []byte
}

func (h *headBuffer) Write(p []byte) (int, error) {
	if room := h.max - len(h.b); room > 0 {
		h.b = append(h.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// err is what was written, trimmed, as an error; nil if nothing was.
func (h *headBuffer) err() error {
	if s := strings.TrimSpace(string(h.b)); s != "" {
		return errors.New(s)
	}
	return nil
}

// gitCmd returns the command git args, run in dir, which asks nothing on
// the terminal: a repository that needs credentials that neither its URL
// nor a credential helper or an agent gives fails, naming it, where git
// asked for a user name on the launcher's terminal and the run waited for
// an answer for ever (a CI job with a terminal, a run left unattended);
// so do ssh's questions (a host's key not known, a key's passphrase).
// As the go command sets them (golang.org/issue/9341): GIT_TERMINAL_PROMPT=0
// and GCM_INTERACTIVE=never, unless set; and, unless GIT_TERMINAL_PROMPT
// was set, git runs without a terminal to open (noTerminal), as ssh asks
// it whatever git's settings.
func gitCmd(ctx context.Context, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	cmd.Env = os.Environ()
	if os.Getenv("GIT_TERMINAL_PROMPT") == "" {
		cmd.Env = append(cmd.Env, "GIT_TERMINAL_PROMPT=0")
		cmd.SysProcAttr = noTerminal()
		// Stopped, git goes with what it runs (git-remote-https,
		// index-pack, ssh), all in its session, which no terminal's
		// Ctrl-C reaches.
		cmd.Cancel = func() error { return killSession(cmd.Process) }
	}
	// Stopped, git is waited for no longer than this: what it ran
	// may hold its output open.
	cmd.WaitDelay = 5 * time.Second
	if os.Getenv("GCM_INTERACTIVE") == "" {
		cmd.Env = append(cmd.Env, "GCM_INTERACTIVE=never")
	}
	return cmd
}

// asStored has the repository at dir check out the files copycat reads
// (Go files, go.mod, .duplignore: a sparse checkout's patterns, which the
// checkout's core.sparseCheckout reads), as its tree holds them: a tree
// of 200,000 empty files of text beside one Go file, 180 KB fetched, had
// all of them written, as a module's zip had before its files were
// picked alike (unzipRead). And whatever its .gitattributes say: no
// filter (filter=lfs, which git lfs install defines for all of a user's
// repositories, then downloads each file from a server the repository's
// .lfsconfig may name, whatever its size, past what checkTree bounds),
// no line endings or encoding converted, no $Id$ expanded. The
// repository's own attributes file ($GIT_DIR/info/attributes) comes
// before those of its tree. The go command's zip of a commit holds its
// files so.
func asStored(dir string) error {
	info := filepath.Join(dir, ".git", "info")
	if err := os.MkdirAll(info, 0o777); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(info, "sparse-checkout"), []byte("*.go\ngo.mod\n.duplignore\n"), 0o666); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(info, "attributes"), []byte("* -filter -text -ident -working-tree-encoding\n"), 0o666)
}

// fullCommit reports whether rev is a commit's full name (SHA-1 or
// SHA-256), which names one tree for ever.
func fullCommit(rev string) bool {
	if len(rev) != 40 && len(rev) != 64 {
		return false
	}
	_, err := hex.DecodeString(rev)
	return err == nil
}

// What a repository's tree may hold to be checked out: a checkout
// writes every file of the tree, and a few kilobytes fetched can name a
// billion files (a tree holding ten trees, each holding ten, …) or a
// blob of gigabytes of one byte. One million files is some ten times
// the largest Go repositories' trees; 4 GiB, eight times the most the go
// command accepts of a module (modzip.MaxZipFile). Variables, so that a
// test may lower them.
var (
	maxRepoFiles int64 = 1 << 20
	maxRepoBytes int64 = 4 << 30
)

// checkTree lists the tree of FETCH_HEAD in the repository at dir, with
// the size of each blob, and returns an error when it holds more than
// maxRepoFiles entries or maxRepoBytes bytes: git ls-tree is stopped
// there, so that a tree of a billion entries is not listed whole either.
func checkTree(ctx context.Context, dir string) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cmd := gitCmd(ctx, dir, "ls-tree", "-r", "-l", "-z", "FETCH_HEAD")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	var files, size int64
	var over error
	r := bufio.NewReader(out)
	for over == nil {
		entry, err := r.ReadString(0)
		if err != nil {
			break
		}
		// <mode> SP <type> SP <object> SP+ <size> TAB <path> NUL; the size
		// of a submodule's commit is "-".
		meta, _, _ := strings.Cut(entry, "\t")
		f := strings.Fields(meta)
		files++
		if len(f) == 4 {
			if n, err := strconv.ParseInt(f[3], 10, 64); err == nil && n > 0 {
				size += min(n, maxRepoBytes+1)
			}
		}
		switch {
		case files > maxRepoFiles:
			over = fmt.Errorf("its tree holds more than %d files, the most copycat-dist checks out; not checked out", maxRepoFiles)
		case size > maxRepoBytes:
			over = fmt.Errorf("its tree holds more than %d bytes, the most copycat-dist checks out; not checked out", maxRepoBytes)
		}
	}
	if over != nil {
		cancel()
		cmd.Wait()
		return over
	}
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("git ls-tree: %v", errors.Join(err, errors.New(strings.TrimSpace(stderr.String()))))
	}
	return nil
}

// removeLinks removes the symbolic links of the tree at dir and returns
// their paths, relative to dir: a repository's link may lead anywhere on
// the worker (/proc/self/mem, a key in the home folder, another
// argument's tree), and the module zip the go command would make of the
// repository holds none either (modzip.Create leaves them out).
func removeLinks(dir string) ([]string, error) {
	var links []string
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && e.Name() == ".git" && filepath.Dir(p) == dir {
			return filepath.SkipDir
		}
		if e.Type()&fs.ModeSymlink == 0 {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		links = append(links, filepath.ToSlash(rel))
		return os.Remove(p)
	})
	return links, err
}

// intoPlace returns the folder dir, filled by fill in an empty folder
// beside it and renamed into place, so that two workers of one machine
// never read half a tree; at once when dir is there already. The folder
// is a temporary thing of the process's (makeTemp).
func intoPlace(dir string, fill func(tmp string) error) (string, error) {
	if isDir(dir) {
		return dir, nil
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	tmp, err := makeTemp(filepath.Dir(dir), fetchPrefix, "", true)
	if err != nil {
		return "", err
	}
	defer dropTemp(tmp)
	if err := fill(tmp); err != nil {
		return "", err
	}
	if err := keepTemp(tmp, dir); err != nil {
		if isDir(dir) {
			return dir, nil // another worker of this machine was first
		}
		return "", err
	}
	return dir, nil
}

// stderrOf returns what a command that failed wrote to its standard
// error, as an error; nil if none.
func stderrOf(err error) error {
	var ee *exec.ExitError
	if errors.As(err, &ee) && len(ee.Stderr) > 0 {
		return errors.New(strings.TrimSpace(string(ee.Stderr)))
	}
	return nil
}

// tree is the pattern of the Go files under dir: dir/... (dir itself
// when it is one already, or names a file, which copycat reads as it is:
// made dir/..., a file given was refused, "x.go/...: x.go is a file, not
// a folder (name it alone: x.go)").
func tree(dir string) string {
	if strings.HasSuffix(dir, "...") {
		return dir
	}
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return dir
	}
	return strings.TrimSuffix(dir, "/") + "/..."
}

// indexFn reads, parses and indexes one file with the engine's own code
// (load.Source), and emits its record. As copycat: a file that does not
// parse, or one it passes over (load.ReadFailure: too large, not regular,
// a link to nothing, removed since it was listed), is a warning naming
// it, and no record; one that cannot be read fails the run; a generated
// file is left out. It emits each file's Totals to count: found, and
// generated or read.
type indexFn struct {
	MinTokens   int
	Generated   bool
	MaxFileSize int64
	SumDBDir    string // where the checksum database's state is kept (Config.SumDBDir)

	ix *fingerprint.Indexer
}

func (fn *indexFn) Setup() { fn.ix = new(fingerprint.Indexer) }

func (fn *indexFn) ProcessElement(ctx context.Context, key string, sources func(*string) bool, emit func(string, []byte), count func(Totals), warn func(string)) error {
	return escapeErr(fn.index(ctx, key, sources, emit, count, warn))
}

func (fn *indexFn) index(ctx context.Context, _ string, sources func(*string) bool, emit func(string, []byte), count func(Totals), warn func(string)) error {
	defer since(ctx, mIndexUs, time.Now())
	s, _ := first(sources)
	t := Totals{Found: 1}
	defer func() { count(t) }()
	name, path := s.Name, s.Path
	src, err := load.ReadFile(path, fn.MaxFileSize)
	if s.Arg != "" && errors.Is(err, fs.ErrNotExist) {
		// Listed by another worker: this one downloads the module, or
		// fetches the repository, at the same path.
		if _, derr := sourceDir(withSumDBDir(ctx, fn.SumDBDir), s.Arg); derr != nil {
			return derr
		}
		src, err = load.ReadFile(path, fn.MaxFileSize)
	}
	if err != nil {
		// As copycat: a file it passes over is a warning, and one that
		// cannot be read fails the run, since copycat then exits with
		// status 2 and writes no JSON or SARIF report.
		generated, warning, fatal := load.ReadFailure(path, err, fn.Generated)
		if generated {
			t.Generated = 1
		}
		if fatal != nil {
			return fmt.Errorf("cannot read %s: %w", name, fatal)
		}
		if warning != nil {
			log.Warnf(ctx, "copycat: warning: %v", warning)
			warn(warningOf(name, 0, warning))
			mWarnings.Inc(ctx, 1)
		}
		return nil
	}
	if !fn.Generated && ignore.IsGenerated(src) {
		t.Generated = 1
		return nil
	}
	f, warnings := load.Source(fn.ix, name, src, fn.MinTokens)
	for i, w := range warnings {
		log.Warnf(ctx, "copycat: warning: %v", w)
		warn(warningOf(name, i, w))
	}
	mWarnings.Inc(ctx, int64(len(warnings)))
	if f == nil {
		return nil
	}
	rec := fingerprint.AppendRecord(nil, f)
	t.Files, t.Lines, t.Tokens, t.Windows = 1, int64(f.Lines), int64(f.Tokens), int64(f.Windows())
	mRecords.Inc(ctx, 1)
	mRecordBytes.Inc(ctx, int64(len(rec)))
	emit(name, rec)
	return nil
}

// Escape escapes, line by line, what a terminal would act on in msg (see
// report.OneLine), keeping its line breaks and the tabs its lines start
// with (a Beam error's chain is indented so).
func Escape(msg string) string {
	lines := strings.Split(msg, "\n")
	for i, line := range lines {
		rest := strings.TrimLeft(line, "\t")
		lines[i] = line[:len(line)-len(rest)] + report.OneLine(rest)
	}
	return strings.Join(lines, "\n")
}

// escapeErr is err with its text escaped (Escape), for an error that
// names what the pipeline read: a file's name, a proxy's answer, a zip's
// entry, git's words. Such an error is printed whole on the terminal
// that ran copycat-dist, where a proxy's status line
// "500 \x1b]0;…\a" set the window's title.
func escapeErr(err error) error {
	if err == nil {
		return nil
	}
	if msg := Escape(err.Error()); msg != err.Error() {
		return &escapedError{msg, err}
	}
	return err
}

// An escapedError is an error whose text is escaped.
type escapedError struct {
	msg string
	err error
}

func (e *escapedError) Error() string { return e.msg }
func (e *escapedError) Unwrap() error { return e.err }

// decode decodes a record that indexFn made.
func decode(name string, rec []byte) (*fingerprint.File, error) {
	f, err := fingerprint.DecodeRecord(name, rec)
	if err != nil {
		return nil, fmt.Errorf("record of %s: %w", name, err)
	}
	return f, nil
}

// totalsFn sums Totals.
type totalsFn struct{}

func (totalsFn) MergeAccumulators(a, b Totals) Totals {
	return Totals{a.Files + b.Files, a.Lines + b.Lines, a.Tokens + b.Tokens, a.Windows + b.Windows,
		a.Found + b.Found, a.Generated + b.Generated}
}
