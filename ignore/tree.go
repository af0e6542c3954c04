package ignore

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/copycat-go/copycat/internal/nowait"
	"github.com/copycat-go/copycat/internal/words"
)

// A Tree answers whether paths under a root directory are left out: by the
// .duplignore files from the root down to the path (a deeper file's rules
// win, the last matching line of a file wins), and by default for vendor/,
// testdata/ and directories whose names start with '.' or '_', as the go
// command does. A .duplignore line such as "!testdata/" brings one back.
//
// A Tree is safe for concurrent use; it reads each .duplignore file once.
type Tree struct {
	root     string
	wd       string // the working directory when the tree was made, for relative paths
	readFile func(string) ([]byte, error)

	mu    sync.Mutex
	lists map[string]*List // by slash-separated directory relative to root; nil when it has no file
	// chains holds, by directory as lists has it, the lists that apply to
	// what it holds: its own and those above it, deepest first (nil when
	// none has a file); out, whether Ignored leaves the directory out, by
	// itself or by one above it. Each path asks one of its directory,
	// not one of each directory above it (a path 2,000 directories deep).
	chains map[string]*chain
	out    map[string]bool
	errs   []error
	read   int            // bytes of the .duplignore files parsed
	sizes  map[string]int // each one's, by directory as lists has it
	work   int            // directories looked up (tests bound it)
	tested int            // keys looked up and rules tested in the lists (tests bound it)
}

// A chain is the lists of the .duplignore files in a directory and those
// above it that have one, deepest first.
type chain struct {
	l  *List
	up *chain
}

// NewTree returns a Tree rooted at dir. readFile reads a .duplignore file;
// nil means ReadFile (the editor server passes its own, to see unsaved
// buffers).
func NewTree(dir string, readFile func(string) ([]byte, error)) *Tree {
	wd, _ := os.Getwd()
	if !filepath.IsAbs(dir) && wd != "" {
		dir = filepath.Join(wd, dir)
	}
	if readFile == nil {
		readFile = ReadFile
	}
	return &Tree{root: filepath.Clean(dir), wd: wd, readFile: readFile, lists: map[string]*List{}, sizes: map[string]int{},
		chains: map[string]*chain{}, out: map[string]bool{}}
}

// Work is the number of directories the tree has looked up to answer
// its questions so far: the directories whose .duplignore files apply,
// and those known to be left out. Tests bound it.
func (t *Tree) Work() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.work
}

// Root is the tree's root directory.
func (t *Tree) Root() string { return t.root }

// Errors returns the problems found so far in .duplignore files, each once.
func (t *Tree) Errors() []error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]error(nil), t.errs...)
}

// Ignored reports whether the file or directory p is left out, because of
// itself or of one of its parent directories. Paths outside the root are
// never ignored.
func (t *Tree) Ignored(p string, isDir bool) bool {
	rel, ok := t.rel(p)
	if !ok || rel == "" {
		return false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if i := strings.LastIndexByte(rel, '/'); i >= 0 && t.dirOut(rel[:i]) {
		return true
	}
	return t.decide(rel, isDir)
}

// dirOut reports whether Ignored leaves out the directory rel (not the
// root): by itself or by one above it, each decided once. As leftOut, it
// decides no directory below one left out, whose files are not read.
// t.mu is held.
func (t *Tree) dirOut(rel string) bool {
	var todo []string // the directories not yet decided, deepest first
	out := false
	for dir := rel; ; {
		t.work++
		if known, ok := t.out[dir]; ok {
			out = known
			break
		}
		todo = append(todo, dir)
		i := strings.LastIndexByte(dir, '/')
		if i < 0 {
			break
		}
		dir = dir[:i]
	}
	for i := len(todo) - 1; i >= 0; i-- {
		dir := strings.Clone(todo[i]) // kept as a key; the caller's string may be long
		out = out || t.decide(dir, true)
		t.out[dir] = out
	}
	return out
}

// leftOut reports whether decide leaves out p or one of its parent
// directories under the root: as git does, a directory left out takes
// all it holds with it, and the .duplignore files inside it are not read.
// IgnoredNamed, asked once a path named, asks it.
func (t *Tree) leftOut(p string, isDir bool, decide func(rel string, isDir bool) bool) bool {
	rel, ok := t.rel(p)
	if !ok || rel == "" {
		return false
	}
	for i := 0; ; i++ {
		n := strings.IndexByte(rel[i:], '/')
		if n < 0 {
			return decide(rel, isDir)
		}
		i += n
		if decide(rel[:i], true) {
			return true
		}
	}
}

// IgnoredEntry is Ignored for a path whose parent directories are already
// known to be kept, as in a directory walk.
func (t *Tree) IgnoredEntry(p string, isDir bool) bool {
	rel, ok := t.rel(p)
	if !ok || rel == "" {
		return false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.decide(rel, isDir)
}

// rel returns p relative to the root, slash-separated; not ok if p is
// outside it. A relative p is taken from the working directory the tree
// was made in: filepath.Abs would ask the system for it at every path of
// a walk (two stat calls each).
func (t *Tree) rel(p string) (string, bool) {
	if !filepath.IsAbs(p) && t.wd != "" {
		p = filepath.Join(t.wd, p)
	}
	rel, err := filepath.Rel(t.root, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	if rel == "." {
		return "", true
	}
	return filepath.ToSlash(rel), true
}

// IgnoredNamed is Ignored for a directory the user named: only a
// .duplignore line leaves it out, on itself or on a directory above it
// in the tree. The directories left out by default (vendor, testdata,
// hidden ones) are left out of a walk below the named directory, not
// when the named directory is one or lies in one, as the go command's
// ./... does: run in testdata/example, ./... reads testdata/example.
func (t *Tree) IgnoredNamed(p string) bool {
	return t.leftOut(p, true, func(rel string, isDir bool) bool {
		t.mu.Lock()
		defer t.mu.Unlock()
		decided, ignored := t.ruled(rel, isDir)
		return decided && ignored
	})
}

// NamedBy names the .duplignore line that leaves out the directory p
// the user named, as IgnoredNamed decides it: the file, named as the
// tree read it, and the line; ok is false when no line does.
func (t *Tree) NamedBy(p string) (file string, line int, ok bool) {
	t.leftOut(p, true, func(rel string, isDir bool) bool {
		t.mu.Lock()
		defer t.mu.Unlock()
		for c := t.chain(rel[:max(strings.LastIndexByte(rel, '/'), 0)]); c != nil; c = c.up {
			if r := c.l.deciding(rel, isDir); r != nil {
				if r.negate {
					return false
				}
				file, line, ok = c.l.file, int(r.line), true
				return true
			}
		}
		return false
	})
	return file, line, ok
}

// decide applies the rules to one path (slash-separated, relative to the
// root): those of the deepest .duplignore file above it that has a
// matching line, else the default. t.mu is held.
func (t *Tree) decide(rel string, isDir bool) bool {
	if decided, ignored := t.ruled(rel, isDir); decided {
		return ignored
	}
	return isDir && skippedDir(rel[strings.LastIndexByte(rel, '/')+1:])
}

// ruled applies the .duplignore files to one path: those of the deepest
// file above it that has a matching line; not decided if none has. t.mu
// is held.
func (t *Tree) ruled(rel string, isDir bool) (decided, ignored bool) {
	for c := t.chain(rel[:max(strings.LastIndexByte(rel, '/'), 0)]); c != nil; c = c.up {
		decided, ignored, work := c.l.matchWork(rel, isDir)
		t.tested += work
		if decided {
			return true, ignored
		}
	}
	return false, false
}

// chain returns the lists that apply to what dir holds, deepest first,
// reading the .duplignore files of the directories not asked before, from
// the highest down. t.mu is held.
func (t *Tree) chain(dir string) *chain {
	var todo []string // the directories not asked before, deepest first
	var c *chain
	for {
		t.work++
		if known, ok := t.chains[dir]; ok {
			c = known
			break
		}
		todo = append(todo, dir)
		if dir == "" {
			break
		}
		dir = dir[:max(strings.LastIndexByte(dir, '/'), 0)]
	}
	for i := len(todo) - 1; i >= 0; i-- {
		dir := strings.Clone(todo[i]) // kept as a key; the caller's string may be long
		if l := t.list(dir); l != nil {
			c = &chain{l, c}
		}
		t.chains[dir] = c
	}
	return c
}

// skippedDir reports the directories left out by default.
func skippedDir(name string) bool {
	return name == "vendor" || name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")
}

// ReadFile reads a .duplignore file as a Tree does by default: a regular
// file only, opened without waiting and checked once open (a named pipe
// would block the run until something wrote to it, a link to /dev/zero
// would never end), and no more than one byte past MaxFileSize, which
// Parse refuses whole.
//
// A symbolic link that leads to no file is an error naming its target,
// quoted (go vet prints its messages as they are), as loading says of a
// Go file: it was read as no .duplignore, its rules left out without a
// word.
func ReadFile(name string) ([]byte, error) {
	f, err := nowait.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		if target, lerr := os.Readlink(name); lerr == nil {
			return nil, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("a symbolic link to %q that leads to no file, not read", target)}
		}
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("not a regular file (%s), not read", words.FileKind(fi.Mode()))}
	}
	return io.ReadAll(io.LimitReader(f, MaxFileSize+1))
}

// list returns the rules of the .duplignore file in dir, reading it once.
// t.mu is held, and dir is the tree's own string.
func (t *Tree) list(dir string) *List {
	if l, ok := t.lists[dir]; ok {
		return l
	}
	name := filepath.Join(t.root, filepath.FromSlash(dir), FileName)
	data, err := t.readFile(name)
	var l *List
	switch {
	case err == nil && t.read+len(data) > MaxTotalSize:
		// Rules cost some 70 times their bytes: many files, each under
		// MaxFileSize, would take gigabytes between them.
		t.errs = append(t.errs, &FileError{name, fmt.Errorf("the %s files read before it hold %d bytes, and the most all of a tree's may hold is %d: none of its lines apply", FileName, t.read, MaxTotalSize)})
		l = &List{Dir: dir}
	case err == nil:
		t.read += len(data)
		t.sizes[dir] = len(data)
		var errs []error
		l, errs = Parse(name, dir, data)
		t.errs = append(t.errs, errs...)
	case !errors.Is(err, fs.ErrNotExist):
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		t.errs = append(t.errs, &FileError{name, err})
	}
	t.lists[dir] = l
	return l
}

// Forget drops what the tree read of the .duplignore file in the directory
// of p, so that the next question reads it again.
func (t *Tree) Forget(p string) {
	rel, ok := t.rel(filepath.Dir(p))
	if !ok {
		return
	}
	t.mu.Lock()
	delete(t.lists, rel)
	t.read -= t.sizes[rel]
	delete(t.sizes, rel)
	clear(t.chains) // they hold the list forgotten, and what it decided
	clear(t.out)
	t.mu.Unlock()
}
