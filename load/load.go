// Package load turns command-line arguments into parsed, normalised files:
// it resolves package patterns, directories and files, applies the ignore
// rules, and reads and parses the files on all CPUs.
package load

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/ignore"
	"github.com/copycat-go/copycat/internal/par"
)

// Options choose which files are read and how they are cut.
type Options struct {
	Tests     bool // include _test.go files
	Generated bool // include generated files
	MinTokens int  // window size for fingerprint.Index
	Workers   int  // 0 means GOMAXPROCS
	// Progress, if set, is called after each file is read, with the number
	// of files done and the total. It may be called from several goroutines.
	Progress func(done, total int)
	// Store, if set, is the index that files are looked up in and
	// recorded to.
	Store Store
}

// A Result is what loading found.
type Result struct {
	Files    []*fingerprint.File
	Warnings []error // files that do not parse, malformed directives
	Errors   []error // paths that do not exist or cannot be read, bad .duplignore lines
}

// Load resolves args (package patterns, directories, files; "./..." when
// empty), reads and parses every selected file, and indexes it.
func Load(args []string, opt Options) *Result {
	paths, errs := Resolve(args, opt)
	res := Parse(paths, opt)
	res.Errors = append(errs, res.Errors...)
	return res
}

// Resolve lists the Go files that args name, sorted and without
// duplicates, and the problems met on the way.
func Resolve(args []string, opt Options) ([]string, []error) {
	if len(args) == 0 {
		args = []string{"./..."}
	}
	r := &resolver{opt: opt, trees: map[string]*ignore.Tree{}, seen: map[string]bool{}}
	for _, arg := range args {
		r.resolve(arg)
	}
	for _, t := range r.treeList {
		r.errs = append(r.errs, t.Errors()...)
	}
	slices.Sort(r.files)
	return r.files, r.errs
}

type resolver struct {
	opt      Options
	trees    map[string]*ignore.Tree
	treeList []*ignore.Tree
	seen     map[string]bool
	files    []string
	errs     []error
}

func (r *resolver) resolve(arg string) {
	if dir, ok := strings.CutSuffix(arg, "/..."); ok && (isLocal(arg) || exists(dir)) {
		if dir == "" {
			dir = "/"
		}
		r.walk(dir)
		return
	}
	info, err := os.Stat(arg)
	switch {
	case err == nil && info.IsDir():
		r.dir(arg)
	case err == nil:
		r.add(arg) // a file named explicitly is always read
	case isLocal(arg) || !errors.Is(err, fs.ErrNotExist):
		r.errs = append(r.errs, fmt.Errorf("%s: %w", arg, unwrapPathError(err)))
	default:
		r.packages(arg)
	}
}

// isLocal reports whether arg is a file-system path rather than an import
// path pattern.
func isLocal(arg string) bool {
	return filepath.IsAbs(arg) || arg == "." || arg == ".." || strings.HasPrefix(arg, "./") || strings.HasPrefix(arg, "../")
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
	out, err := exec.Command("go", "list", "-e", "-f", "{{.Dir}}", pattern).Output()
	if err != nil {
		msg := err.Error()
		var ee *exec.ExitError
		if errors.As(err, &ee) && len(ee.Stderr) > 0 {
			msg = strings.TrimSpace(string(ee.Stderr))
		}
		r.errs = append(r.errs, fmt.Errorf("%s: no such file, directory or package: %s", pattern, msg))
		return
	}
	dirs := strings.Fields(string(out))
	if len(dirs) == 0 {
		r.errs = append(r.errs, fmt.Errorf("%s: matched no packages", pattern))
	}
	for _, d := range dirs {
		r.dir(relToWD(d))
	}
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

// dir adds the Go files of one directory, as one package.
func (r *resolver) dir(dir string) {
	t := r.tree(dir)
	if t.Ignored(dir, true) {
		return
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		r.errs = append(r.errs, fmt.Errorf("%s: %w", dir, unwrapPathError(err)))
		return
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if !e.IsDir() && r.wanted(e.Name()) && !t.IgnoredEntry(p, false) {
			r.add(p)
		}
	}
}

// walk adds the Go files of a directory tree. Symbolic links to
// directories are not followed, so a link loop cannot trap it.
func (r *resolver) walk(root string) {
	t := r.tree(root)
	if t.Ignored(root, true) {
		return
	}
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			r.errs = append(r.errs, fmt.Errorf("%s: %w", p, unwrapPathError(err)))
			return nil
		}
		if p == root {
			return nil
		}
		if e.IsDir() {
			if t.IgnoredEntry(p, true) {
				return filepath.SkipDir
			}
			return nil
		}
		if e.Type().IsRegular() || e.Type()&fs.ModeSymlink != 0 {
			if r.wanted(e.Name()) && !t.IgnoredEntry(p, false) {
				r.add(p)
			}
		}
		return nil
	})
	if err != nil {
		r.errs = append(r.errs, err)
	}
}

func (r *resolver) wanted(name string) bool {
	if !strings.HasSuffix(name, ".go") || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
		return false
	}
	return r.opt.Tests || !strings.HasSuffix(name, "_test.go")
}

func (r *resolver) add(p string) {
	p = filepath.Clean(p)
	if !r.seen[p] {
		r.seen[p] = true
		r.files = append(r.files, p)
	}
}

// Parse reads, parses and indexes paths on all CPUs. Results are in the
// order of paths whatever the scheduling.
func Parse(paths []string, opt Options) *Result {
	type out struct {
		file     *fingerprint.File
		warnings []error
		err      error
	}
	outs := make([]out, len(paths))
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	indexers := make([]fingerprint.Indexer, workers)
	var done atomic.Int64
	par.For(len(paths), workers, func(w, i int) {
		o := &outs[i]
		o.file, o.warnings, o.err = parseOne(&indexers[w], paths[i], opt)
		if opt.Progress != nil {
			opt.Progress(int(done.Add(1)), len(paths))
		}
	})
	res := &Result{}
	for _, o := range outs {
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

func parseOne(ix *fingerprint.Indexer, path string, opt Options) (*fingerprint.File, []error, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, unwrapPathError(err))
	}
	if !opt.Generated && ignore.IsGenerated(src) {
		return nil, nil, nil
	}
	f, warnings := opt.source(ix, path, src)
	return f, warnings, nil
}

// Source parses and indexes one file's bytes, honouring its suppression
// directives. A file that does not parse gives a nil File and a warning
// with the position of the first syntax error.
func Source(ix *fingerprint.Indexer, name string, src []byte, minTokens int) (*fingerprint.File, []error) {
	fset := token.NewFileSet()
	mode := parser.SkipObjectResolution
	mayHaveDirectives := bytes.Contains(src, []byte("//copycat:")) || bytes.Contains(src, []byte("//nolint"))
	if mayHaveDirectives {
		mode |= parser.ParseComments
	}
	f, err := parser.ParseFile(fset, name, src, mode)
	if err != nil {
		var list scanner.ErrorList
		if errors.As(err, &list) && len(list) > 0 {
			err = fmt.Errorf("%s: syntax error, file skipped: %s", list[0].Pos, list[0].Msg)
		} else {
			err = fmt.Errorf("%s: cannot parse, file skipped: %v", name, err)
		}
		return nil, []error{err}
	}
	var skip func(n ast.Node) bool
	var warnings []error
	if mayHaveDirectives {
		d, problems := ignore.ScanDirectives(fset, f, src)
		skip = d.Skip
		for _, p := range problems {
			warnings = append(warnings, p)
		}
	}
	return ix.Index(name, fset, f, src, minTokens, skip), warnings
}
