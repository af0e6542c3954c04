package analyzer

import (
	"cmp"
	_ "embed"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/ignore"
	"github.com/copycat-go/copycat/internal/cli"
	"github.com/copycat-go/copycat/load"
	"github.com/copycat-go/copycat/report"
)

//go:embed doc.go
var docSource string

// Analyzer reports the clones inside one package. Its flags are the
// command line's detection flags (-min-tokens, -min-lines,
// -max-occurrences, -near, -similarity, -tests, -generated).
var Analyzer = &analysis.Analyzer{
	Name:             name,
	Doc:              extractDoc(docSource, "copycat"),
	URL:              "https://pkg.go.dev/github.com/copycat-go/copycat/analyzer",
	Run:              run,
	RunDespiteErrors: true,
}

// name is the analyzer's name, the prefix of its flags under go vet.
const name = "copycat"

// config holds the flag values, as analyzers' flags are global. A
// package runs with them over its project file's (configFor).
var config cli.Config

func init() {
	config.Flags(&Analyzer.Flags)
	config.FileFlags(&Analyzer.Flags)
	config.ListFlags(&Analyzer.Flags, Analyzer.Name+".")
	driverFlags = &Analyzer.Flags
}

// Categories of the diagnostics that are not clones. Clones have their
// kind as category: exact, renamed or near.
const (
	CategoryDirective  = "directive"  // a malformed //copycat: directive
	CategoryDuplignore = "duplignore" // a .duplignore line that cannot be used
	CategoryFile       = "file"       // a file that cannot be read
	CategoryProject    = "project"    // a line of the project file (.copycat.flags) that cannot be used
)

// RelatedMessage is the message of the Related entries that point at the
// other copies of a clone.
const RelatedMessage = "other copy"

func run(pass *analysis.Pass) (any, error) {
	if err := config.Check(); err != nil {
		return nil, err
	}
	if len(pass.Files) == 0 {
		return nil, nil
	}
	u := newUnit(pass)
	for _, f := range pass.Files {
		u.add(f)
	}
	u.reportDuplignore()
	u.reportProject()
	opt := u.cfg.Options()
	opt.Workers = 1 // go vet already runs one process per package on every CPU
	classes := fingerprint.Detect(u.files, opt)
	// The command line's listing rules: classes in tests and copies on
	// purpose are left out, unless -all (see report.Listed).
	report.Rank(classes, report.LoadedFacts(u.files, noFacts), report.SortPosition)
	for _, c := range classes {
		if u.cfg.All || report.Listed(c) {
			u.reportClass(c)
		}
	}
	u.flush()
	return nil, nil
}

// A unit is one pass's package as the engine sees it.
type unit struct {
	pass   *analysis.Pass
	dir    string       // the package's directory
	root   string       // the module's root directory, else dir
	tree   *ignore.Tree // .duplignore rules from the module root down
	cfg    *cli.Config  // the flags, over the project file's (see configFor)
	errs   []error      // the project file's errors
	ix     fingerprint.Indexer
	files  []*fingerprint.File
	byName map[string]*token.File // engine file name → file in pass.Fset
	diags  []analysis.Diagnostic  // reported by flush, in a fixed order
}

// report queues a diagnostic; flush reports them.
func (u *unit) report(d analysis.Diagnostic) { u.diags = append(u.diags, d) }

// flush reports the queued diagnostics in the order of their positions,
// so that the output does not depend on the order of the driver's files,
// each message one line of printable text.
func (u *unit) flush() {
	fset := u.pass.Fset
	slices.SortStableFunc(u.diags, func(a, b analysis.Diagnostic) int {
		pa, pb := fset.Position(a.Pos), fset.Position(b.Pos)
		return cmp.Or(cmp.Compare(pa.Filename, pb.Filename), cmp.Compare(pa.Offset, pb.Offset),
			cmp.Compare(a.Category, b.Category), cmp.Compare(a.Message, b.Message))
	})
	for _, d := range u.diags {
		// go vet and golangci-lint print a message as it is: one quoting
		// the code (a directive's text) escapes what is not printable, a
		// terminal's escape sequences among them, as the command line's
		// warnings do.
		d.Message = report.OneLine(d.Message)
		u.pass.Report(d)
	}
	u.diags = nil
}

func newUnit(pass *analysis.Pass) *unit {
	// The package's directory: that of its first file, or, for a
	// package that imports "C", of a file cmd/cgo was given (go vet
	// lists cmd/cgo's own files first, in its work directory).
	first := pass.Fset.File(pass.Files[0].FileStart).Name()
	for _, f := range pass.Files {
		if orig, ok := cgoOriginal(pass.Fset, f); ok {
			first = orig
			break
		}
	}
	dir := filepath.Dir(first)
	root := load.ModuleRoot(dir)
	if root == "" {
		root = dir
	}
	pc := configFor(root)
	return &unit{
		pass:   pass,
		dir:    dir,
		root:   root,
		tree:   ignore.NewTree(root, nil),
		cfg:    &pc.cfg,
		errs:   pc.errs,
		byName: map[string]*token.File{},
	}
}

// cgoOriginal returns the file a cgo-generated file of the package was
// made from, in the package's directory. go vet gives a package that imports "C" as cmd/cgo's
// output, in its work directory: x.go as x.cgo1.go, which starts with a
// generated-code header and a //line directive to x.go, so that every
// such file was left out, and a cgo package had no clone reported.
func cgoOriginal(fset *token.FileSet, f *ast.File) (string, bool) {
	tf := fset.File(f.FileStart)
	if tf == nil {
		return "", false
	}
	name := tf.Name()
	base, ok := strings.CutSuffix(filepath.Base(name), ".cgo1.go")
	if !ok {
		return "", false
	}
	if len(f.Comments) < 2 || f.Comments[0].List[0].Text != cgoHeader {
		return "", false // a file of the tree's that is named so
	}
	// The file cgo's own //line directive, after the header, names: the
	// file may hold one of its own before its package clause (anyone's,
	// in a pull request), which named the package clause's file, and a
	// file of that name anywhere on the disk was read in its place.
	line := f.Comments[1].List[0]
	next := line.End() + 1 // where the line after it starts
	if !strings.HasPrefix(line.Text, "//line ") || int(next) > tf.Base()+tf.Size() {
		return "", false
	}
	orig := fset.PositionFor(next, true).Filename
	if orig == name || !filepath.IsAbs(orig) || filepath.Base(orig) != base+".go" {
		return "", false
	}
	// The file it was made from is in the package's directory, where
	// go vet runs its tool, and cmd/cgo wrote this one elsewhere, in its
	// work directory: a file named so, cgo's header and all, in the
	// package itself (anyone's, in a pull request) named a file
	// anywhere on the disk, which was read and reported with the
	// package's.
	if dir := filepath.Dir(orig); !sameDir(dir, ".") || sameDir(dir, filepath.Dir(name)) {
		return "", false
	}
	return orig, true
}

// sameDir reports whether a and b name one directory.
func sameDir(a, b string) bool {
	ia, err := os.Stat(a)
	if err != nil {
		return false
	}
	ib, err := os.Stat(b)
	return err == nil && os.SameFile(ia, ib)
}

// cgoHeader is the first line of the files cmd/cgo writes.
const cgoHeader = "// Code generated by cmd/cgo; DO NOT EDIT."

// add indexes one file of the package, unless the flags, a .duplignore
// rule or a generated-file header leave it out. A file cmd/cgo made is
// read as the file it was made from (cgoOriginal), parsed anew: its
// copies are found, and reported, there.
func (u *unit) add(f *ast.File) {
	tf := u.pass.Fset.File(f.FileStart)
	if tf == nil {
		return
	}
	cgo := false
	if orig, ok := cgoOriginal(u.pass.Fset, f); ok {
		of, err := u.parseOriginal(orig)
		if err != nil {
			u.report(analysis.Diagnostic{Pos: f.Package, Category: CategoryFile,
				Message: "cannot read " + orig + ", which cgo made this file from, left out of clone detection: " + err.Error()})
			return
		}
		f, tf, cgo = of, u.pass.Fset.File(of.FileStart), true
	}
	path := tf.Name()
	if !u.cfg.Tests && strings.HasSuffix(path, "_test.go") {
		return
	}
	if u.tree.Ignored(path, false) {
		return
	}
	var src []byte
	var err error
	if cgo {
		// Not one of the files the driver gave, which its ReadFile
		// refuses: read as the command line reads it.
		src, err = load.ReadFile(path, u.cfg.MaxFileSize)
	} else {
		src, err = u.readFile(path)
	}
	var skip *load.SkipError
	if errors.As(err, &skip) && skip.TooLarge && !u.cfg.Generated && load.GeneratedHeader(path) {
		return
	}
	if err != nil {
		u.report(analysis.Diagnostic{Pos: f.Package, Category: CategoryFile,
			Message: "cannot read file, left out of clone detection: " + err.Error()})
		return
	}
	if !u.cfg.Generated && ignore.IsGenerated(src) {
		return
	}
	internal := func(err error) {
		u.report(analysis.Diagnostic{Pos: f.Package, Category: CategoryFile,
			Message: "internal error, file left out of clone detection (please report it with the file): " + err.Error()})
	}
	var d *ignore.Directives
	var problems []ignore.Problem
	if err := u.contain(func() { d, problems = scanDirectives(u.pass.Fset, f, src) }); err != nil {
		internal(err)
		return
	}
	for _, p := range problems {
		u.report(analysis.Diagnostic{Pos: tf.Pos(p.Pos.Offset), Category: CategoryDirective, Message: p.Msg})
	}
	if d.FileIgnored() {
		return
	}
	name := u.displayName(path)
	var fp *fingerprint.File
	if err := u.contain(func() { fp = indexFile(&u.ix, name, u.pass.Fset, f, src, u.cfg.MinTokens, d.Skip) }); err != nil {
		internal(err)
		return
	}
	u.byName[name] = tf
	u.files = append(u.files, fp)
}

// parseOriginal parses the file at path, which cmd/cgo made a file of
// the package from, into the pass's file set, so that its positions can
// be reported. One too large is parsed empty: add then says so.
func (u *unit) parseOriginal(path string) (*ast.File, error) {
	src, err := load.ReadFile(path, u.cfg.MaxFileSize)
	var skip *load.SkipError
	if errors.As(err, &skip) && skip.TooLarge {
		src, err = nil, nil
	}
	if err != nil {
		return nil, err
	}
	f, err := parser.ParseFile(u.pass.Fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
	if f == nil || f.FileStart == token.NoPos {
		return nil, err
	}
	return f, nil
}

// scanDirectives and indexFile are the steps of reading a file that
// contain runs; a test replaces them to check that a fault in them is
// contained.
var (
	scanDirectives = ignore.ScanDirectives
	indexFile      = (*fingerprint.Indexer).Index
)

// contain runs a step of reading one file, a fault of copycat's own in it
// (a panic) turned into an error: the package's other files are still
// compared.
func (u *unit) contain(step func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			u.ix = fingerprint.Indexer{} // its buffers may be half written
			err = fmt.Errorf("%v", r)
		}
	}()
	step()
	return nil
}

// readFile reads a source file through the driver when it offers a way
// (an editor's driver may hold unsaved changes), else from disk; with
// the command line's limits in both cases: regular files only, at most
// -max-file-size bytes.
func (u *unit) readFile(path string) ([]byte, error) {
	if u.pass.ReadFile == nil {
		return load.ReadFile(path, u.cfg.MaxFileSize)
	}
	if err := load.CheckFile(path, u.cfg.MaxFileSize); err != nil {
		return nil, err
	}
	return u.pass.ReadFile(path)
}

// displayName is the name messages use for a file: relative to the
// module's root, as the command line run there names it (pkg/a.go), so
// that a reader finds the file whatever directory go vet or an editor
// shows the diagnostic in; the path as it is for a file outside the
// module.
func (u *unit) displayName(path string) string {
	if rel, err := filepath.Rel(u.root, path); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	return path
}

// reportDuplignore reports the errors of the .duplignore files from the
// module root down to the package's directory: a bad line at its line, a
// file that cannot be used whole (unreadable, too large) at its start.
// Each is reported once: by the package of the file's own directory, or,
// where none lives, by the first package below it (reporterOf).
func (u *unit) reportDuplignore() {
	// Each file is read and added to the file set once, for all its bad
	// lines: read again for each, a .duplignore of 8,000 bad lines (24
	// KB) took go vet 0.9 GB, each line's copy of the file kept in the
	// file set.
	files := map[string]*token.File{}
	fileOf := func(name string) *token.File {
		tf, ok := files[name]
		if !ok {
			if src, err := ignore.ReadFile(name); err == nil {
				tf = u.pass.Fset.AddFile(name, -1, len(src))
				tf.SetLinesForContent(src)
			}
			files[name] = tf
		}
		return tf
	}
	// The package that reports a file's errors, by the file's folder:
	// looked for once a folder, not once an error (each looked for
	// walked the folders below a .duplignore with no Go file beside
	// it, in every package: 2,000 bad lines over 40 packages took go vet
	// 12 s).
	reporters := map[string]string{}
	reporter := func(dir string) string {
		r, ok := reporters[dir]
		if !ok {
			r = reporterOf(dir)
			reporters[dir] = r
		}
		return r
	}
	for _, err := range u.tree.Errors() {
		var le *ignore.LineError
		var fe *ignore.FileError
		var file string
		switch {
		case errors.As(err, &le):
			file = le.File
		case errors.As(err, &fe):
			file = fe.File
		}
		if file == "" || reporter(filepath.Dir(file)) != u.dir {
			continue
		}
		switch {
		case le != nil:
			tf := fileOf(le.File)
			if tf == nil || le.Line < 1 || le.Line > tf.LineCount() {
				continue
			}
			u.report(analysis.Diagnostic{Pos: tf.LineStart(le.Line), Category: CategoryDuplignore,
				Message: le.Message()})
		default:
			tf := u.pass.Fset.AddFile(fe.File, -1, 1)
			u.report(analysis.Diagnostic{Pos: tf.Pos(0), Category: CategoryDuplignore,
				Message: "cannot use " + ignore.FileName + ": " + fe.Err.Error()})
		}
	}
}

// reporterOf is the directory of the package that reports the errors of
// the .duplignore file in dir: dir itself when it holds a Go file, else
// the first directory below it, in the walk's order, that holds one
// (leaving out those the go command does: testdata, vendor, names
// starting with . or _). A file where no package lives at all is
// reported by none.
func reporterOf(dir string) string {
	if m, _ := filepath.Glob(filepath.Join(dir, "*.go")); len(m) > 0 {
		return dir
	}
	found := ""
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		walked.Add(1)
		switch {
		case err != nil:
			return nil
		case d.IsDir():
			if name := d.Name(); p != dir && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
		case strings.HasSuffix(p, ".go"):
			found = filepath.Dir(p)
			return filepath.SkipAll
		}
		return nil
	})
	return found
}

// walked counts the entries reporterOf walks through: a test holds it
// about linear in the input.
var walked atomic.Int64

// noFacts is the FileSource of files the analyzer did not index: it
// knows none.
func noFacts(string) *fingerprint.Facts { return nil }

// reportClass reports every fragment of a clone class, with the other
// fragments as related information: at most report.MaxRelated of them,
// those after it (wrapping around), as SARIF does. Its message leaves out
// why the class ranks where it does (a package's diagnostics are not
// ranked), but for what drifted, and says why a class is not listed.
func (u *unit) reportClass(c fingerprint.Class) {
	c.Signal.Reason = ""
	msgs := report.Messages(c)
	for i, fr := range c.Fragments {
		msg := msgs[i]
		if !report.Listed(c) {
			msg += "; not listed: " + report.LeftOut(c)
		}
		d := analysis.Diagnostic{Category: string(c.Kind), Message: msg}
		d.Pos, d.End = u.span(fr)
		for _, j := range report.RelatedCopies(len(c.Fragments), i) {
			pos, end := u.span(c.Fragments[j])
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, End: end, Message: RelatedMessage})
		}
		u.report(d)
	}
}

// span converts a fragment's lines and columns back to positions.
func (u *unit) span(fr fingerprint.Fragment) (pos, end token.Pos) {
	tf := u.byName[fr.File]
	return position(tf, fr.Start), position(tf, fr.End)
}

func position(tf *token.File, p fingerprint.Position) token.Pos {
	if p.Line < 1 || p.Line > tf.LineCount() {
		return tf.Pos(tf.Size())
	}
	off := tf.Offset(tf.LineStart(p.Line)) + max(p.Column-1, 0)
	return tf.Pos(min(off, tf.Size()))
}

// extractDoc returns the "# Analyzer name" section of a package comment,
// held in the Go source src, without its heading or comment markers.
func extractDoc(src, name string) string {
	heading := "// # Analyzer " + name
	var b strings.Builder
	in := false
	for line := range strings.Lines(src) {
		line = strings.TrimRight(line, "\n")
		switch {
		case line == heading:
			in = true
			continue
		case !in:
			continue
		case !strings.HasPrefix(line, "//"), strings.HasPrefix(line, "// # "):
			return strings.TrimSpace(b.String()) + "\n"
		}
		line = strings.TrimPrefix(line, "//")
		line = strings.TrimPrefix(line, " ")
		b.WriteString(line)
		b.WriteByte('\n')
	}
	if !in {
		panic("analyzer: doc.go has no # Analyzer " + name + " section")
	}
	return strings.TrimSpace(b.String()) + "\n"
}
