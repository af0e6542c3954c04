// Package load turns command-line arguments into parsed, normalised files:
// it resolves package patterns, directories and files, applies the ignore
// rules, and reads and parses the files on all CPUs.
package load

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/version"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/ignore"
	"github.com/copycat-go/copycat/internal/par"
	"github.com/copycat-go/copycat/internal/words"
)

// Options choose which files are read and how they are cut.
type Options struct {
	Tests     bool // include _test.go files
	Generated bool // include generated files
	MinTokens int  // window size for fingerprint.Index
	Workers   int  // 0 means GOMAXPROCS
	// MaxFileSize is the largest file read, in bytes; larger files are
	// skipped with a warning. 0 means DefaultMaxFileSize.
	MaxFileSize int64
	// MaxFiles, if above 0, is the most files Load reads: the first of
	// them in path order. Result.FilesFound says how many there were.
	MaxFiles int
	// Progress, if set, is called after each file is read, with the number
	// of files done and the total. It may be called from several goroutines.
	Progress func(done, total int)
	// Store, if set, is the index that files are looked up in and
	// recorded to.
	Store Store
	// LazyFacts leaves the files' Facts out of what loading indexes
	// (fingerprint.File.FactsLeft): for a run whose report reads the
	// Facts of the files it shows.
	LazyFacts bool
	// Timings, if set, receives the time loading spent in each phase.
	Timings *Timings
	// LargeFile, if set, is called before a file larger than
	// DefaultMaxFileSize (read because MaxFileSize allows it) is parsed
	// and indexed, and what it returns after: its parse tree is tens of
	// times its size and garbage soon after, a time for the collector to
	// keep closer to what is live. It may be called from several
	// goroutines.
	LargeFile func() (done func())
	// Tables, if set, gives the memory that the files' tables move to
	// once indexed or decoded (fingerprint.File.MoveTables): memory
	// outside the Go heap, mapped from a file (package internal/spill).
	Tables fingerprint.Allocator
	// Saw, if set, is given the status of every file read or known, as
	// soon as it is: a run with a change compares them with git's index
	// rather than have git look at every file again. It may be called
	// from several goroutines.
	Saw func(Status)
	// Done, when closed, stops loading: no more directories are walked and
	// no more files read, and Load returns early with what it has: not
	// the whole result, for the caller to discard. A nil channel never
	// stops it.
	Done <-chan struct{}
}

// A Result is what loading found.
type Result struct {
	Files    []*fingerprint.File
	Warnings []error // files that do not parse, malformed directives
	Errors   []error // paths that do not exist or cannot be read, bad .duplignore lines
	// FilesRead and BytesRead count the files read and their bytes: the
	// work loading did, whatever the tree held.
	FilesRead int
	BytesRead int64
	// FilesKnown counts the files a StatStore knew unchanged, unread.
	FilesKnown int
	// FilesGenerated counts the files left out as generated: read,
	// known to a StatStore, or too large and with a generated header.
	FilesGenerated int
	// FilesFound counts the files Load found, more than it read when
	// Options.MaxFiles cut them.
	FilesFound int
	// SameFileChecks counts the files compared to tell a hard link from
	// its target (os.SameFile), where the system gives no file identity
	// to look up: on Unix, none.
	SameFileChecks int

	// lazy are the Files that a StatStore knew: only their Name, Lines
	// and Tokens are set until Decode.
	lazy  []lazyFile
	store StatStore
	opt   Options
}

// A Status is a file Load read or knew, by the name it has in Files, and
// its status (from Stat). Read says the file is among Files (a generated
// file left out is not).
type Status struct {
	Path string
	Info fs.FileInfo
	Read bool
}

// A lazyFile is Files[at], known to the store as k and not decoded yet.
type lazyFile struct {
	at int
	k  Known
}

// Load resolves args (package patterns, directories, files; "./..." when
// empty), reads and parses every selected file, and indexes it.
func Load(args []string, opt Options) *Result {
	t0 := time.Now()
	paths, errs := Resolve(args, opt)
	if opt.stopped() {
		return &Result{}
	}
	if opt.Timings != nil {
		opt.Timings.Resolve = time.Since(t0)
	}
	found := len(paths)
	if opt.MaxFiles > 0 && found > opt.MaxFiles {
		paths = paths[:opt.MaxFiles]
	}
	res := Parse(paths, opt)
	res.Errors = append(errs, res.Errors...)
	res.FilesFound = found
	return res
}

// Resolve lists the Go files that args name, sorted and without
// duplicates, and the problems met on the way.
func Resolve(args []string, opt Options) ([]string, []error) {
	names, errs := ResolveNames(args, opt)
	paths := make([]string, len(names))
	for i, n := range names {
		paths[i] = n.Path
	}
	return paths, errs
}

// ResolveNames is Resolve, with how each path names its file.
func ResolveNames(args []string, opt Options) ([]Name, []error) {
	if len(args) == 0 {
		args = []string{"./..."}
	}
	r := &resolver{opt: opt, trees: map[string]*ignore.Tree{}, seen: map[string]int{}, realDirs: map[string]string{}}
	for _, arg := range args {
		r.resolve(arg)
	}
	for _, t := range r.treeList {
		for _, err := range t.Errors() {
			r.errs = append(r.errs, relIgnoreError(err))
		}
	}
	slices.SortFunc(r.files, func(a, b Name) int { return strings.Compare(a.Path, b.Path) })
	return r.files, r.errs
}

// A Name is how a listed file is named: Path, as listed; Real, its
// absolute path with the links resolved, which all its names share but
// a hard link's; and Link, whether Path goes through a symbolic link (a
// file of a linked folder, or a link itself).
type Name struct {
	Path, Real string
	Link       bool
}

// Before reports whether a file is better named n than m, as Resolve
// keeps one of two names of a file: one that goes through no link, then
// a relative one, then the shorter, then the first in byte order; the
// same whatever the order of the arguments.
func (n Name) Before(m Name) bool {
	if n.Link != m.Link {
		return !n.Link
	}
	return namedBefore(n.Path, m.Path)
}

type resolver struct {
	opt      Options
	trees    map[string]*ignore.Tree
	treeList []*ignore.Tree
	seen     map[string]int    // a file's identity → its index in files
	realDirs map[string]string // a directory → its absolute path, links resolved
	wd       string
	files    []Name
	errs     []error
	goFiles  int // Go files met, before the ignore rules and -tests
}

func (r *resolver) resolve(arg string) {
	if strings.TrimSpace(arg) == "" {
		// go list takes "" for the current folder; a CI variable left
		// empty ("$PKGS") is a mistake to say, not a run over nothing.
		r.errs = append(r.errs, fmt.Errorf("%q: an empty argument names no file, folder or package", arg))
		return
	}
	if dir, ok := strings.CutSuffix(arg, "/..."); ok && (isLocal(arg) || exists(dir)) {
		if dir == "" {
			dir = "/"
		}
		if info, err := os.Stat(dir); err == nil && !info.IsDir() {
			// a.go/...: walked, a file is no tree, and "no Go files
			// outside the folders left out" said of a Go file misled.
			r.errs = append(r.errs, fmt.Errorf("%s: %s is a file, not a folder (name it alone: %s)", arg, dir, dir))
			return
		}
		before := r.goFiles
		r.walk(dir)
		if r.goFiles == before && exists(dir) {
			r.errs = append(r.errs, r.nothingRead(arg, dir, noGoFilesTree(arg, dir)))
		}
		return
	}
	info, err := os.Stat(arg)
	switch {
	case err == nil && info.IsDir():
		before := r.goFiles
		r.dir(arg, true)
		if r.goFiles == before {
			r.errs = append(r.errs, r.nothingRead(arg, arg, noGoFiles(arg)))
		}
	case err == nil:
		r.add(arg, isLink(arg)) // a file named explicitly is always read
	case isLink(arg):
		r.errs = append(r.errs, brokenLink(arg, err))
	case isLocal(arg) || !errors.Is(err, fs.ErrNotExist) || goFileName(arg):
		r.errs = append(r.errs, fmt.Errorf("%s: %w", arg, unwrapPathError(err)))
	default:
		r.packages(arg)
	}
}

// brokenLink says that the symbolic link at path leads to no file (err:
// why opening it failed), naming its target.
func brokenLink(path string, err error) error {
	why := "leads to no file"
	if errors.Is(err, syscall.ELOOP) {
		why = "leads to itself"
	}
	if target, rerr := os.Readlink(path); rerr == nil {
		return fmt.Errorf("%s: a symbolic link to %s that %s, skipped", path, target, why)
	}
	return fmt.Errorf("%s: a symbolic link that %s, skipped", path, why)
}

// nothingRead is the error for argument arg, directory dir, that gave no
// Go files: that a .duplignore line leaves it out, if one does, else
// none.
func (r *resolver) nothingRead(arg, dir string, none error) error {
	if file, line, ok := r.tree(dir).NamedBy(dir); ok {
		return fmt.Errorf("%s: left out by %s:%d (name its files to read them)", arg, relToWD(file), line)
	}
	return none
}

// noGoFiles is the error for a directory argument without Go files; it
// points to DIR/... when its subfolders hold some, as go vet would.
func noGoFiles(dir string) error {
	if !goFilesBelow(dir) {
		return fmt.Errorf("%s: no Go files", dir)
	}
	return fmt.Errorf("%s: no Go files (its subfolders have some: use %s/...)", dir, strings.TrimSuffix(dir, "/"))
}

// noGoFilesTree is the error for an argument DIR/... whose walk met no
// Go file: when the tree holds some, all are in what the walk leaves out
// (a .duplignore line on a folder, vendor, testdata, a folder starting
// with . or _), which "no Go files" alone would deny.
func noGoFilesTree(arg, dir string) error {
	if !goFilesBelow(dir) {
		return fmt.Errorf("%s: no Go files", arg)
	}
	return fmt.Errorf("%s: no Go files outside the folders left out (.duplignore lines, vendor, testdata, names starting with . or _)", arg)
}

// goFilesBelow reports whether a directory tree holds a Go file; it stops
// at the first.
func goFilesBelow(dir string) bool {
	found := false
	filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && isGoFile(e.Name()) {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}

// identity returns the name of a file's contents: its absolute path with
// the links resolved. Resolving a directory's links once serves all its
// files; a file that is itself a link is resolved whole.
func (r *resolver) identity(p string, link bool) string {
	abs := r.abs(p)
	if link {
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			return real
		}
		return abs
	}
	return filepath.Join(r.realDir(filepath.Dir(abs)), filepath.Base(abs))
}

// realDir returns an absolute directory with its links resolved.
func (r *resolver) realDir(abs string) string {
	real, ok := r.realDirs[abs]
	if !ok {
		var err error
		if real, err = filepath.EvalSymlinks(abs); err != nil {
			real = abs
		}
		r.realDirs[abs] = real
	}
	return real
}

// abs is filepath.Abs without a system call per path.
func (r *resolver) abs(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	if r.wd == "" {
		r.wd, _ = os.Getwd()
	}
	return filepath.Join(r.wd, p)
}

// ReadFailure says what a listed file that ReadFile could not read (err)
// is to a run: an oversized file whose header says it is generated,
// left out quietly unless generated files are read (generated); a file
// passed over with a warning: too large, not a regular file, a symbolic
// link to nothing or to itself, or removed since it was listed; or an
// error of the run (fatal), which makes copycat exit with status 2.
func ReadFailure(path string, err error, withGenerated bool) (generated bool, warning, fatal error) {
	var skip *SkipError
	switch {
	case errors.As(err, &skip) && skip.TooLarge && !withGenerated && GeneratedHeader(path):
		return true, nil, nil
	case skip != nil:
		return false, skip, nil
	case isLink(path) && (errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ELOOP)):
		// A link to nothing, or to itself: what the tree holds, said
		// as such and passed over as a file that is not regular is.
		return false, brokenLink(path, err), nil
	case errors.Is(err, fs.ErrNotExist):
		// Listed, then removed before it was read: a warning, as the
		// tree changed under the run, not an error of the run.
		return false, fmt.Errorf("%s: removed while copycat ran, skipped", path), nil
	}
	return false, nil, fmt.Errorf("%s: %w", path, unwrapPathError(err))
}

func isLink(p string) bool {
	info, err := os.Lstat(p)
	return err == nil && info.Mode()&fs.ModeSymlink != 0
}

// isLocal reports whether arg is a file-system path rather than an import
// path pattern.
func isLocal(arg string) bool {
	return filepath.IsAbs(arg) || arg == "." || arg == ".." || strings.HasPrefix(arg, "./") || strings.HasPrefix(arg, "../")
}

// goFileName reports whether arg names a Go file rather than a package:
// it ends in .go and does not start with a domain, as an import path
// such as github.com/x/y.go may.
func goFileName(arg string) bool {
	first, _, _ := strings.Cut(filepath.ToSlash(arg), "/")
	return strings.HasSuffix(arg, ".go") && (first == arg || !strings.Contains(first, "."))
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// packages resolves an import path pattern (std, net/http, example.com/...)
// with the go command.
func (r *resolver) packages(pattern string) {
	// "--": a pattern is never one of go list's flags (-toolexec=…, -C=…).
	cmd, release := r.opt.command("go", "list", "-e", "-f", "{{.Dir}}", "--", pattern)
	out, err := cmd.Output()
	release()
	if r.opt.stopped() {
		return
	}
	if err != nil {
		msg := err.Error()
		var ee *exec.ExitError
		if errors.As(err, &ee) && len(ee.Stderr) > 0 {
			msg = strings.TrimSpace(string(ee.Stderr))
		}
		r.errs = append(r.errs, fmt.Errorf("%s: no such file, directory or package: %s", pattern, msg))
		return
	}
	// One folder a line: a folder's name may hold spaces.
	var dirs []string
	for _, d := range strings.Split(string(out), "\n") {
		if d = strings.TrimRight(d, "\r"); strings.TrimSpace(d) != "" {
			dirs = append(dirs, d)
		}
	}
	if len(dirs) == 0 {
		r.errs = append(r.errs, &NoPackagesError{pattern})
	}
	for _, d := range dirs {
		// The go command's packages: a vendored one that std lists
		// stays left out, as vendor/ is by default.
		r.dir(relToWD(d), false)
	}
}

// A NoPackagesError is an argument read as an import path pattern that
// the go command resolved to no package.
type NoPackagesError struct{ Pattern string }

func (e *NoPackagesError) Error() string { return e.Pattern + ": matched no packages" }

// relIgnoreError names the .duplignore file of err as the report names
// the files it reads, relative to the working directory where it lies
// under it (the rules' tree is rooted at an absolute path).
func relIgnoreError(err error) error {
	var le *ignore.LineError
	var fe *ignore.FileError
	switch {
	case errors.As(err, &le):
		c := *le
		c.File = relToWD(c.File)
		return &c
	case errors.As(err, &fe):
		c := *fe
		c.File = relToWD(c.File)
		return &c
	}
	return err
}

// relToWD shortens an absolute path under the working directory.
func relToWD(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}

// tree returns the ignore tree for a path: rooted at the enclosing module
// (the nearest directory with a go.mod), or at dir itself.
func (r *resolver) tree(dir string) *ignore.Tree {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	root := ModuleRoot(abs)
	if root == "" {
		root = abs
	}
	t, ok := r.trees[root]
	if !ok {
		t = ignore.NewTree(root, nil)
		r.trees[root] = t
		r.treeList = append(r.treeList, t)
	}
	return t
}

// ModuleRoot returns the nearest directory at or above dir that holds a
// go.mod file, or "".
func ModuleRoot(dir string) string { return FindUp(dir, "go.mod") }

// FindUp returns the nearest directory at or above dir that holds a file
// of the given name, or "".
func FindUp(dir, name string) string {
	for {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// dir adds the Go files of one directory, as one package. A directory
// the user named is left out only by a .duplignore line (see
// ignore.Tree.IgnoredNamed).
func (r *resolver) dir(dir string, named bool) {
	t := r.tree(dir)
	if named && t.IgnoredNamed(dir) || !named && t.Ignored(dir, true) {
		return
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		r.errs = append(r.errs, fmt.Errorf("%s: %w", words.Path(dir), unwrapPathError(err)))
		return
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if !e.IsDir() && r.wanted(e.Name()) && !t.IgnoredEntry(p, false) {
			r.add(p, e.Type()&fs.ModeSymlink != 0)
		}
	}
}

// walk adds the Go files of a directory tree. Symbolic links to
// directories met in it are not followed, so a link loop cannot trap it;
// the root itself is, when it is a link to a directory, as the go
// command follows LINK/...: the user named it.
func (r *resolver) walk(root string) {
	t := r.tree(root)
	if t.IgnoredNamed(root) {
		return
	}
	start := root
	if info, err := os.Lstat(root); err == nil && info.Mode()&fs.ModeSymlink != 0 {
		// A trailing separator makes the walk's first Lstat resolve the
		// link; the paths below it are joined as they would be to root.
		start = root + string(filepath.Separator)
	}
	err := walkDir(start, func(p string, e fs.DirEntry, err error) error {
		if r.opt.stopped() {
			return filepath.SkipAll
		}
		if err != nil && p != start && errors.Is(err, fs.ErrNotExist) {
			// Gone since its folder was listed (a build or an editor at
			// work in the tree): there is nothing left to read.
			return nil
		}
		if err != nil {
			r.errs = append(r.errs, fmt.Errorf("%s: %w", words.Path(p), unwrapPathError(err)))
			return nil
		}
		if p == start {
			return nil
		}
		if e.IsDir() {
			if t.IgnoredEntry(p, true) {
				return filepath.SkipDir
			}
			// The walk does not follow links: a folder's real path is
			// its parent's and its name.
			r.realDirs[r.abs(p)] = filepath.Join(r.realDir(r.abs(filepath.Dir(p))), e.Name())
			return nil
		}
		// Files of every type are listed: reading skips, with a warning,
		// those that are not regular.
		if r.wanted(e.Name()) && !t.IgnoredEntry(p, false) {
			r.add(p, e.Type()&fs.ModeSymlink != 0)
		}
		return nil
	})
	if err != nil {
		r.errs = append(r.errs, err)
	}
}

// walkDir is filepath.WalkDir; a test replaces it to make a folder vanish
// during the walk.
var walkDir = filepath.WalkDir

// wanted reports whether a file name is one of a Go file copycat reads,
// and counts the Go files met.
func (r *resolver) wanted(name string) bool {
	if !isGoFile(name) {
		return false
	}
	r.goFiles++
	return r.opt.Tests || !strings.HasSuffix(name, "_test.go")
}

func isGoFile(name string) bool {
	return strings.HasSuffix(name, ".go") && !strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "_")
}

// add selects a file, once whatever the spellings of its path (relative,
// absolute, through links): a file read twice would be its own clone.
// Of two names for one file, the one Name.Before puts first is kept.
func (r *resolver) add(p string, link bool) {
	p = filepath.Clean(p)
	id := r.identity(p, link)
	n := Name{Path: p, Real: id, Link: link || id != r.abs(p)}
	i, ok := r.seen[id]
	if !ok {
		r.seen[id] = len(r.files)
		r.files = append(r.files, n)
		return
	}
	if n.Before(r.files[i]) {
		r.files[i] = n
	}
}

// namedBefore reports whether a file is better named a than b: a
// relative name before an absolute one, then the shorter, then the first
// in byte order.
func namedBefore(a, b string) bool {
	if filepath.IsAbs(a) != filepath.IsAbs(b) {
		return !filepath.IsAbs(a)
	}
	return len(a) < len(b) || len(a) == len(b) && a < b
}

// Parse reads, parses and indexes paths on all CPUs. Results are in the
// order of paths whatever the scheduling.
func Parse(paths []string, opt Options) *Result {
	outs := make([]parsed, len(paths))
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	indexers := make([]fingerprint.Indexer, workers)
	bufs := make([][]byte, workers)
	for i := range indexers {
		indexers[i].NoFacts = opt.LazyFacts
	}
	var done atomic.Int64
	par.For(len(paths), workers, func(w, i int) {
		if opt.stopped() {
			return
		}
		outs[i] = parseOne(&indexers[w], &bufs[w], paths[i], opt)
		if o := &outs[i]; opt.Saw != nil && o.info != nil {
			opt.Saw(Status{o.path, o.info, o.file != nil || o.known != nil && !o.known.Generated})
		}
		if opt.Progress != nil {
			opt.Progress(int(done.Add(1)), len(paths))
		}
	})
	res := &Result{opt: opt}
	res.store, _ = opt.Store.(StatStore)
	readIDs := map[fileID]bool{}      // the files read, by identity
	read := map[int64][]fs.FileInfo{} // or by size, where there is none
	for _, o := range outs {
		if o.generated {
			res.FilesGenerated++
		}
		if o.info != nil {
			if o.known != nil {
				res.FilesKnown++
			} else {
				res.FilesRead++
				res.BytesRead += int64(o.size)
			}
			// A hard link or a bind mount of a file read already: its
			// copy is the file itself, not a clone. Its identity is
			// looked up: comparing every two files of one size took
			// 138 s for 200,000 small files of one folder.
			if id, ok := identityOf(o.info); ok {
				if readIDs[id] {
					continue
				}
				readIDs[id] = true
			} else {
				same := read[o.info.Size()]
				res.SameFileChecks += len(same)
				if slices.ContainsFunc(same, func(fi fs.FileInfo) bool { return os.SameFile(fi, o.info) }) {
					continue
				}
				read[o.info.Size()] = append(same, o.info)
			}
		}
		if o.known != nil && !o.known.Generated {
			res.lazy = append(res.lazy, lazyFile{len(res.Files), *o.known})
			o.file = &fingerprint.File{Name: o.path, Lines: o.known.Lines, Tokens: o.known.Tokens}
		}
		if o.file != nil {
			res.Files = append(res.Files, o.file)
		}
		res.Warnings = append(res.Warnings, o.warnings...)
		if o.err != nil {
			res.Errors = append(res.Errors, o.err)
		}
	}
	return res
}

// maxReusedBuffer is the largest read buffer a worker keeps for its next
// file.
const maxReusedBuffer = 1 << 20

// A parsed is what reading and parsing one file gave.
type parsed struct {
	path      string
	file      *fingerprint.File
	known     *Known      // what the store knew of the file, which was not read
	info      fs.FileInfo // of the file read or known; nil if neither
	size      int         // the bytes read
	generated bool        // left out as generated
	warnings  []error
	err       error
}

// parseOne reads, parses and indexes one selected file: a file too large,
// not regular or gone since it was listed is a warning, an oversized
// generated file is left out quietly when generated files are, and any
// other failure is an error.
func parseOne(ix *fingerprint.Indexer, buf *[]byte, path string, opt Options) (p parsed) {
	p.path = path
	if k, info, ok := opt.known(path); ok {
		p.info = info
		if !k.Generated || opt.Generated {
			p.known = &k
		} else {
			p.known, p.generated = &Known{Generated: true}, true
		}
		return p
	}
	stop := opt.Timings.start(phaseRead)
	src, info, err := readFile(path, opt.MaxFileSize, *buf)
	stop()
	// Nothing keeps the bytes once the file is indexed (the index's
	// record, the Facts and the syntax tree copy what they keep): the
	// worker reads its next file into them, unless they are many. The
	// standard library's 66 MB of buffers, made and cleared afresh,
	// were 1-2% of a run's CPU.
	defer func() {
		if cap(src) <= maxReusedBuffer {
			*buf = src[:0]
		}
	}()
	if err != nil {
		var warning error
		p.generated, warning, p.err = ReadFailure(path, err, opt.Generated)
		if warning != nil {
			p.warnings = []error{warning}
		}
		return p
	}
	p.info, p.size = info, len(src)
	if !opt.Generated && ignore.IsGenerated(src) {
		p.generated = true
		if s, ok := opt.Store.(StatStore); ok {
			s.Generated(path, info, src)
		}
		return p
	}
	if len(src) > DefaultMaxFileSize && opt.LargeFile != nil {
		defer opt.LargeFile()()
	}
	p.file, p.warnings = opt.source(ix, path, info, src)
	opt.moveTables(p.file)
	return p
}

// moveTables moves f's tables to the memory Options.Tables gives, if set.
func (opt *Options) moveTables(f *fingerprint.File) {
	if f != nil && opt.Tables != nil {
		f.MoveTables(opt.Tables)
	}
}

// known asks a StatStore whether it knows the file at path unchanged. A
// generated file it knows is known only as such when generated files are
// left out, and not at all when they are read.
func (opt *Options) known(path string) (Known, fs.FileInfo, bool) {
	s, ok := opt.Store.(StatStore)
	if !ok {
		return Known{}, nil, false
	}
	defer opt.Timings.start(phaseStore)()
	info, err := os.Stat(path)
	if err != nil || check(path, info, opt.maxFileSize()) != nil {
		return Known{}, nil, false // reading it says what is wrong
	}
	k, ok := s.Known(path, info)
	return k, info, ok
}

func (opt *Options) maxFileSize() int64 {
	if opt.MaxFileSize <= 0 {
		return DefaultMaxFileSize
	}
	return opt.MaxFileSize
}

// Lazy says how many of Files are known to the store and not decoded.
func (r *Result) Lazy() int { return len(r.lazy) }

// Decode replaces the Files that the store knew, of which only the name,
// lines and tokens are set, by the files decoded from their records, on
// all CPUs. A file whose record is gone is read and indexed again. It
// stops early, leaving Files partial, when the load's Done is closed.
func (r *Result) Decode() {
	if len(r.lazy) == 0 {
		return
	}
	workers := r.opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	indexers := make([]fingerprint.Indexer, workers)
	bufs := make([][]byte, workers)
	again := make([]parsed, len(r.lazy))
	par.For(len(r.lazy), workers, func(w, i int) {
		if r.opt.stopped() {
			return
		}
		l := r.lazy[i]
		name := r.Files[l.at].Name
		stop := r.opt.Timings.start(phaseStore)
		f := r.store.Decode(name, l.k)
		stop()
		if f != nil {
			r.opt.moveTables(f)
			r.Files[l.at] = f
			return
		}
		opt := r.opt
		opt.Store = plainStore{r.store} // read it, do not ask the stat again
		again[i] = parseOne(&indexers[w], &bufs[w], name, opt)
	})
	r.lazy = nil
	var files []*fingerprint.File
	gone := map[string]*fingerprint.File{}
	for _, a := range again {
		if a.path == "" {
			continue
		}
		if a.info != nil {
			r.FilesRead++
			r.BytesRead += int64(a.size)
		}
		gone[a.path] = a.file
		r.Warnings = append(r.Warnings, a.warnings...)
		if a.err != nil {
			r.Errors = append(r.Errors, a.err)
		}
	}
	for _, f := range r.Files {
		if g, ok := gone[f.Name]; ok {
			f = g
		}
		if f != nil {
			files = append(files, f)
		}
	}
	r.Files = files
}

// newerGo says, for a file that does not parse, when its //go:build
// line asks for a newer Go than the one copycat was built with: its
// syntax may be that Go's (generic methods in a go1.27 file), not a
// mistake.
func newerGo(src []byte) string {
	for line := range bytes.Lines(src) {
		line = bytes.TrimSpace(line)
		if bytes.HasPrefix(line, []byte("package ")) {
			break
		}
		if !constraint.IsGoBuild(string(line)) {
			continue
		}
		expr, err := constraint.Parse(string(line))
		if err != nil {
			return ""
		}
		if v := constraint.GoVersion(expr); v != "" && version.Compare(v, runtime.Version()) > 0 {
			return fmt.Sprintf(" (its //go:build line asks for %s; copycat was built with %s)", v, runtime.Version())
		}
		return ""
	}
	return ""
}

// plainStore hides a StatStore's knowledge of files' status.
type plainStore struct{ Store }

// indexFile is Source's indexing step; a test replaces it to check that
// a panic in it is contained.
var indexFile = (*fingerprint.Indexer).Index

// Source parses and indexes one file's bytes, honouring its suppression
// directives. A file that does not parse gives a nil File and a warning
// with the position of the first syntax error. A fault of copycat's own
// on one file (a panic while parsing or indexing it) gives a nil File and
// a warning naming the file, and leaves ix ready for the next: the rest
// of the run goes on.
func Source(ix *fingerprint.Indexer, name string, src []byte, minTokens int) (file *fingerprint.File, warnings []error) {
	defer func() {
		if r := recover(); r != nil {
			*ix = fingerprint.Indexer{} // its buffers may be half written
			file, warnings = nil, []error{fmt.Errorf("%s: internal error, file skipped (please report it with the file): %v", name, r)}
		}
	}()
	fset := token.NewFileSet()
	mode := parser.SkipObjectResolution
	mayHaveDirectives := ignore.MayHaveDirectives(src)
	if mayHaveDirectives {
		mode |= parser.ParseComments
	}
	f, err := parser.ParseFile(fset, name, src, mode)
	if err != nil {
		var list scanner.ErrorList
		if errors.As(err, &list) && len(list) > 0 {
			// The parser's message ends with the token it found, which
			// may be a string or a name of megabytes: its start is said.
			err = fmt.Errorf("%s: syntax error, file skipped: %s%s", realPosition(name, src, list[0].Pos), words.Excerpt(list[0].Msg), newerGo(src))
		} else {
			err = fmt.Errorf("%s: cannot parse, file skipped: %v", name, err)
		}
		return nil, []error{err}
	}
	var skip func(n ast.Node) bool
	if mayHaveDirectives {
		d, problems := ignore.ScanDirectives(fset, f, src)
		skip = d.Skip
		for _, p := range problems {
			warnings = append(warnings, p)
		}
		if d.FileIgnored() {
			// Empty rather than nil: it replaces what an editor indexed before.
			return &fingerprint.File{Name: name}, warnings
		}
	}
	warnings = append(warnings, buildLineWarnings(name, src[:fset.Position(f.Package).Offset])...)
	return indexFile(ix, name, fset, f, src, minTokens, skip), warnings
}

// realPosition is where pos lies in the file itself: a //line directive
// before it (a generator's, or a hostile one naming /etc/passwd) makes
// the parser say another file's name and line, but its byte offset is
// the file's. The column counts bytes, as go/token's does.
func realPosition(name string, src []byte, pos token.Position) token.Position {
	if pos.Offset < 0 || pos.Offset > len(src) {
		return pos
	}
	before := src[:pos.Offset]
	line := bytes.Count(before, []byte{'\n'}) + 1
	col := pos.Offset - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return token.Position{Filename: name, Offset: pos.Offset, Line: line, Column: col}
}

// buildLineWarnings says of each //go:build line of a file's header (its
// bytes before the package clause) that does not parse where it is: the
// go command refuses the file, and copycat reads it whatever its tags.
func buildLineWarnings(name string, header []byte) []error {
	if !bytes.Contains(header, []byte("//go:build")) {
		return nil
	}
	var ws []error
	for i, line := range strings.Split(string(header), "\n") {
		line = strings.TrimSpace(line)
		if !constraint.IsGoBuild(line) {
			continue
		}
		if _, err := constraint.Parse(line); err != nil {
			ws = append(ws, fmt.Errorf("%s:%d: malformed //go:build line, which the go command refuses: %v", name, i+1, err))
		}
	}
	return ws
}
