package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/zeebo/blake3"

	"github.com/copycat-go/copycat/cache"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/ignore"
	"github.com/copycat-go/copycat/internal/cli"
	"github.com/copycat-go/copycat/load"
	"github.com/copycat-go/copycat/report"
)

// config is what flags and editor settings choose.
type config struct {
	opt         fingerprint.Options
	tests       bool
	maxFileSize int64 // 0 means load's default
	// maxFiles is the most files of the workspace indexed (the first, in
	// path order); 0 means DefaultMaxFiles.
	maxFiles int
	severity int
	// cacheDir is the index directory (-cache): files unchanged since it
	// recorded them are not read, and the result of detection over a
	// workspace that did not change is not computed again. "" for none.
	cacheDir string
	// given are the flags the command line set (of those a project file
	// may set), which the project file's do not override.
	given map[string]bool
}

// apply overrides the config with the settings the editor gave.
func (c *config) apply(s settings) error {
	if s.Severity != "" {
		sev, err := parseSeverity(s.Severity)
		if err != nil {
			return err
		}
		c.severity = sev
	}
	set := func(dst *int, src *int) {
		if src != nil {
			*dst = *src
		}
	}
	set(&c.opt.MinTokens, s.MinTokens)
	set(&c.opt.MinLines, s.MinLines)
	set(&c.opt.MaxOccurrences, s.MaxOccurrences)
	if s.Near != nil {
		c.opt.Near = *s.Near
	}
	if s.Similarity != nil {
		c.opt.Similarity = *s.Similarity
	}
	if s.Tests != nil {
		c.tests = *s.Tests
	}
	if s.MaxFileSize != nil {
		c.maxFileSize = *s.MaxFileSize
	}
	set(&c.maxFiles, s.MaxFiles)
	if c.maxFiles < 0 {
		return fmt.Errorf("maxFiles must be 0 or more, not %d", c.maxFiles)
	}
	// The same limits as the flags'.
	check := cli.Config{MinTokens: c.opt.MinTokens, MinLines: c.opt.MinLines, MaxOccurrences: c.opt.MaxOccurrences, Similarity: c.opt.Similarity,
		MaxFileSize: c.maxFileSize}
	return check.Check()
}

// sameDetection reports whether two configs find the same clones.
func (c config) sameDetection(d config) bool {
	return c.opt == d.opt && c.tests == d.tests && c.maxFileSize == d.maxFileSize && c.maxFiles == d.maxFiles
}

// DefaultMaxFiles is the most files of a workspace the server indexes
// unless told otherwise: a workspace opened at / held 450,000 Go files,
// which took 2.77 GB and more than three minutes; the largest module of
// the benchmark corpus, Kubernetes, holds under 20,000.
const DefaultMaxFiles = 100_000

// fileCap is the most files to index.
func (c config) fileCap() int {
	if c.maxFiles > 0 {
		return c.maxFiles
	}
	return DefaultMaxFiles
}

// An engine is copycat's side of a session, the same in both modes: it
// indexes the workspace, follows the buffers, keeps the clone index up to
// date and hands diagnostics to publish, which sends them to the editor
// (directly, or merged with gopls's in proxy mode).
type engine struct {
	log     *log.Logger
	client  *client
	publish publishFunc
	docs    *docStore
	// aliases take the paths the editor names to the index's (see
	// pathOf).
	aliases aliasTable

	mu  sync.Mutex
	cfg config // base under project and editor settings (see compose)
	// base is the command line's configuration; project and editor are
	// the settings of the project file and of the editor, each merged
	// as they came.
	base            config
	project, editor settings
	roots           []string
	// trees are the .duplignore trees of the folders, by root: a file
	// asks those of the folders above it, not every folder's.
	trees map[string]*ignore.Tree
	// reached are the folders found to be reached, or not, by the walk
	// of the workspace (see walked).
	reached   map[string]bool
	idx       *index            // nil until the workspace is indexed
	published map[string][]byte // the last non-empty diagnostics sent, by path
	// sentTo are the URIs those were sent under, by path: the editor's
	// spellings of an open buffer, else pathToURI's.
	sentTo map[string][]string
	// versions are the versions of the open buffers as last indexed,
	// by path: the diagnostics of one are of that text, published with
	// it, and an edit that does not parse leaves them at the version
	// before, which tells the editor they are out of date.
	versions map[string]int
	// pending are the files to re-fingerprint, under pendMu, not mu: an
	// edit arriving while a batch is detected joins the next batch
	// rather than wait for the lock, so that a burst of edits is
	// detected in a few batches, not one by one.
	pendMu   sync.Mutex
	pending  map[string]bool
	wake     chan struct{}
	indexed  chan struct{} // closed when the first index is ready
	once     sync.Once
	started  bool                // start has run: the workspace is indexed, being indexed, or failed to be
	indexing bool                // an index is being built
	again    bool                // another must follow it: the options changed meanwhile
	ix       fingerprint.Indexer // the worker's

	// showDocument says that the editor opens a document the server asks
	// it to (window/showDocument): "Go to copy" is offered only then.
	// Under mu.
	showDocument bool

	// ignoreTold is the message on bad .duplignore lines last shown
	// (tellIgnoreErrors), so that each indexing does not show it again;
	// set by the indexing, which runs one at a time.
	ignoreTold string

	namesMade  int // the file names the diagnostics made (tests bound it)
	treesAsked int // the folders wanted looked up for .duplignore trees (tests bound it)
}

// A publishFunc sends a file's diagnostics (of version, nil for a file
// not open) under each of uris, and none under each of stale, the
// spellings they were sent under before that the editor no longer uses.
type publishFunc func(path string, uris, stale []string, version *int, diags []diagnostic)

func newEngine(cfg config, lg *log.Logger, c *client, publish publishFunc) *engine {
	return &engine{
		log: lg, client: c, publish: publish, docs: newDocStore(), cfg: cfg, base: cfg,
		published: map[string][]byte{}, sentTo: map[string][]string{}, pending: map[string]bool{}, versions: map[string]int{},
		wake: make(chan struct{}, 1), indexed: make(chan struct{}),
	}
}

// pathOf is the path of the file uri names, as the workspace's index
// holds it (see aliasTable).
func (e *engine) pathOf(uri string) (string, error) {
	path, err := uriToPath(uri)
	if err != nil {
		return "", err
	}
	return e.aliases.of(path), nil
}

// start indexes the workspace folders in the background, with work-done
// progress when the editor supports it, then follows the buffers until ctx
// ends.
func (e *engine) start(ctx context.Context, roots []string, progress bool) {
	project, msg := e.projectOf(roots)
	e.mu.Lock()
	if cfg, err := e.compose(project, e.editor); err != nil {
		e.log.Printf("%s: %v", cli.ProjectFile, err)
	} else {
		e.project, e.cfg = project, cfg
	}
	e.roots = roots
	e.aliases.setRoots(roots)
	e.started, e.indexing = true, true
	e.newTrees()
	e.mu.Unlock()
	e.tellProject(msg)
	go e.indexSafely(progress)
	go e.work(ctx)
}

// reproject reads the project file again, once it changed, and indexes
// the workspace again if the detection options it gives changed.
func (e *engine) reproject() {
	e.mu.Lock()
	roots := e.roots
	e.mu.Unlock()
	project, msg := e.projectOf(roots)
	e.tellProject(msg)
	e.mu.Lock()
	cfg, err := e.compose(project, e.editor)
	if err != nil {
		e.mu.Unlock()
		e.log.Printf("%s: %v", cli.ProjectFile, err)
		return
	}
	reindex := !cfg.sameDetection(e.cfg) && e.started
	e.project, e.cfg = project, cfg
	e.mu.Unlock()
	if reindex {
		e.log.Printf("%s changed the detection options: indexing again", cli.ProjectFile)
		e.reindex()
	}
}

// tellProject shows the editor msg, a project file's line it cannot use.
func (e *engine) tellProject(msg string) {
	if msg == "" || e.client == nil {
		return
	}
	if err := e.client.notify("window/showMessage", showMessageParams{Type: 2, Message: msg}); err != nil {
		e.log.Printf("showMessage: %v", err)
	}
}

// newTrees reads the .duplignore files afresh, and forgets which
// folders the walk reaches (see walked). e.mu is held.
func (e *engine) newTrees() {
	e.reached = map[string]bool{}
	e.trees = map[string]*ignore.Tree{}
	for _, r := range e.roots {
		t := ignore.NewTree(r, nil)
		e.trees[t.Root()] = t
	}
}

// reindex rebuilds the whole index in the background, when a .duplignore
// file or a detection option changed; the old index serves until the new
// one is ready. During indexing, it asks for one more round after it.
func (e *engine) reindex() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.indexing {
		e.again = true
		return
	}
	e.indexing = true
	e.newTrees()
	go e.indexSafely(false)
}

// indexSafely is indexWorkspace, with a fault of copycat's own logged
// instead of ending the server: the editor keeps gopls's diagnostics (in
// proxy mode) and the session, and the next change of settings or of a
// .duplignore file indexes again.
func (e *engine) indexSafely(progress bool) {
	if safely(e.log, "indexing the workspace", func() { e.indexWorkspace(progress) }) {
		return
	}
	e.mu.Lock()
	e.indexing, e.again = false, false
	e.mu.Unlock()
}

// buildIndex builds the clone index of the workspace's files; a test
// replaces it to check that a fault in it is contained.
var buildIndex = (*index).buildFrom

// indexWorkspace reads every folder, detects the clones and publishes
// them.
func (e *engine) indexWorkspace(progress bool) {
	t0 := time.Now()
	e.mu.Lock()
	cfg, roots := e.cfg, e.roots
	e.mu.Unlock()
	p := e.beginProgress(progress, "copycat: indexing")
	ws := e.loadWorkspace(cfg, roots, p)
	files, read := ws.files, ws.read
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = f.Name
	}
	e.aliases.setTargets(linkTargets(names))
	tLoad := time.Now()
	opt := cfg.opt
	if ws.found == nil && ws.index != nil {
		// The verdicts of the last run over these files: only the
		// near-miss candidates of changed files are aligned again, now and
		// at each edit.
		opt.Verdicts = ws.index.StoredVerdicts()
	}
	idx := newIndex(opt)
	if ws.sums != nil {
		idx.sums = ws.sums
	}
	idx.problems = ws.problems
	// Files read again for their Facts with loading's limits: one swapped
	// for a pipe since must not hang the server.
	idx.read = func(name string) ([]byte, error) { return load.ReadFile(name, cfg.maxFileSize) }
	withClones, found := buildIndex(idx, files, ws.found)
	if ws.found == nil && ws.index != nil {
		// Categorised as the command line stores it (buildIndex did), so
		// that either can print the other's result without reading the
		// files.
		ws.index.Save(found)
	}
	tBuild := time.Now()
	e.install(idx, withClones)
	msg := fmt.Sprintf("%s, %s in %v", report.Count(len(files), "file", "files"),
		report.Count(len(idx.classes), "clone class", "clone classes"), time.Since(t0).Round(time.Millisecond))
	e.log.Printf("indexed %s (read %v, detect %v, publish %v)", msg,
		tLoad.Sub(t0).Round(time.Millisecond), tBuild.Sub(tLoad).Round(time.Millisecond), time.Since(tBuild).Round(time.Millisecond))
	idx.stats.FilesRead, idx.stats.FilesKnown, idx.stats.ResultReused = read, ws.known, ws.found != nil
	idx.stats.FilesReused = ws.reused
	e.log.Print(idx.stats.Line())
	for _, w := range idx.warnings {
		e.log.Printf("warning: %s", w)
	}
	p.end(msg)
	e.once.Do(func() { close(e.indexed) })
	e.poke()
	e.mu.Lock()
	again := e.again
	e.again = false
	e.mu.Unlock()
	if again {
		e.reindex()
	}
}

// install makes idx the index, publishes what it changed and queues the
// open buffers to be fingerprinted from their text. The lock is released
// even on a fault, which indexSafely then takes to reset the state.
func (e *engine) install(idx *index, withClones []string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.idx, e.indexing = idx, false
	// Files published before (by an earlier index) may have lost their
	// clones.
	e.publishPaths(union(union(withClones, sortedKeys(e.published)), sortedKeys(idx.problems)))
	e.pendMu.Lock()
	for _, path := range e.docs.paths() {
		e.pending[path] = true // the buffers, not the files on disk
	}
	e.pendMu.Unlock()
}

// loaded is what loading the folders gave.
type loaded struct {
	files    []*fingerprint.File
	read     int                         // files read
	known    int                         // files the index knew unchanged, not read
	reused   int                         // files the index had a record of, known ones included
	found    *fingerprint.Result         // the index's result of detection over files; nil if none
	index    *cache.Index                // the index loaded through; nil if none
	sums     map[string][32]byte         // the blake3 sums of the files' bytes, by path
	problems map[string][]ignore.Problem // the malformed directives of the files, by path
}

// loadWorkspace reads and fingerprints the Go files of the folders, as
// the command line does, through the index if there is one, and logs the
// problems met.
func (e *engine) loadWorkspace(cfg config, roots []string, p *progress) loaded {
	var ws loaded
	if len(roots) == 0 {
		return ws
	}
	var args []string
	for _, r := range roots {
		args = append(args, filepath.Join(r, "..."))
	}
	opts := load.Options{Tests: cfg.tests, MinTokens: cfg.opt.MinTokens, MaxFileSize: cfg.maxFileSize, MaxFiles: cfg.fileCap(), Progress: p.report}
	var ix *cache.Index
	if cfg.cacheDir != "" {
		var err error
		if ix, err = cache.Open(cfg.cacheDir, cache.Options{MinTokens: cfg.opt.MinTokens}); err != nil {
			e.log.Printf("warning: %v", err)
		} else {
			opts.Store = ix
		}
	}
	ws.sums = map[string][32]byte{}
	opts.Store = summing(opts.Store, ws.sums)
	res := load.Load(args, opts)
	if ix != nil {
		if r, hit := ix.Stored(res.Files, cfg.opt); hit {
			ws.found = &r
		}
		res.Decode()
		hits, _ := ix.Counts()
		ws.reused = hits + res.FilesKnown
		ix.Commit()
		res.Warnings = append(res.Warnings, ix.Warnings()...)
		ws.index = ix
	}
	for _, w := range res.Warnings {
		e.log.Printf("warning: %v", w)
	}
	for _, p := range directiveProblems(res.Warnings) {
		if ws.problems == nil {
			ws.problems = map[string][]ignore.Problem{}
		}
		ws.problems[p.Pos.Filename] = append(ws.problems[p.Pos.Filename], p)
	}
	for _, err := range res.Errors {
		e.log.Printf("%v", err)
	}
	e.tellIgnoreErrors(res.Errors, roots)
	if n := opts.MaxFiles; res.FilesFound > n {
		msg := fmt.Sprintf("copycat: the workspace holds %s; only the first %d, by path, are indexed (the maxFiles setting raises the cap)",
			report.Count(res.FilesFound, "Go file", "Go files"), n)
		e.log.Print(msg)
		if e.client != nil {
			if err := e.client.notify("window/showMessage", showMessageParams{Type: 2, Message: msg}); err != nil {
				e.log.Printf("showMessage: %v", err)
			}
		}
	}
	ws.files, ws.read, ws.known = res.Files, res.FilesRead, res.FilesKnown
	return ws
}

// tellIgnoreErrors shows the editor the first .duplignore line (or file)
// among errs that cannot be used, as the command line reports it (there,
// an error): the workspace was read without the line, which the log alone
// said. Its file is named from the workspace folder holding it. A
// message is shown once, until a later indexing finds other lines or
// none.
func (e *engine) tellIgnoreErrors(errs []error, roots []string) {
	var bad []string
	for _, err := range errs {
		var le *ignore.LineError
		var fe *ignore.FileError
		switch {
		case errors.As(err, &le):
			c := *le
			c.File = shownFile(c.File, roots)
			bad = append(bad, c.Error()+"; the line is left out")
		case errors.As(err, &fe):
			c := *fe
			c.File = shownFile(c.File, roots)
			bad = append(bad, c.Error()+"; none of its lines apply")
		}
	}
	msg := ""
	if len(bad) > 0 {
		msg = "copycat: " + bad[0]
		if len(bad) > 1 {
			msg += fmt.Sprintf(" (and %s: see the log)", report.Count(len(bad)-1, "more bad line", "more bad lines"))
		}
	}
	if msg == e.ignoreTold {
		return
	}
	e.ignoreTold = msg
	if msg == "" || e.client == nil {
		return
	}
	if err := e.client.notify("window/showMessage", showMessageParams{Type: 2, Message: msg}); err != nil {
		e.log.Printf("showMessage: %v", err)
	}
}

// shownFile names a file of the load's errors (relative to the working
// directory, or absolute) as the diagnostics do, from the workspace
// folder that holds it.
func shownFile(name string, roots []string) string {
	abs, err := filepath.Abs(name)
	if err != nil {
		return name
	}
	return displayPath(abs, roots)
}

// union merges two sorted lists of paths.
func union(a, b []string) []string {
	all := append(slices.Clone(a), b...)
	slices.Sort(all)
	return slices.Compact(all)
}

// work re-fingerprints the files that changed, one batch at a time: a
// burst of changes to one buffer costs one update.
func (e *engine) work(ctx context.Context) {
	select {
	case <-e.indexed:
	case <-ctx.Done():
		return
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-e.wake:
		}
		e.pendMu.Lock()
		batch := sortedKeys(e.pending)
		clear(e.pending)
		e.pendMu.Unlock()
		e.mu.Lock()
		what := "re-indexing " + report.Count(len(batch), "file", "files")
		if len(batch) == 1 {
			what = "re-indexing " + batch[0]
		}
		safely(e.log, what, func() { e.refresh(batch...) })
		e.mu.Unlock()
	}
}

func (e *engine) schedule(path string) {
	e.pendMu.Lock()
	e.pending[path] = true
	e.pendMu.Unlock()
	e.poke()
}

func (e *engine) poke() {
	select {
	case e.wake <- struct{}{}:
	default:
	}
}

// refresh re-fingerprints files from their buffers, or from the disk
// when not open, and republishes every file whose clones changed; the
// files changed are detected again together (index.updateAll). A file
// that does not parse keeps its previous fingerprints and diagnostics.
// e.mu is held.
func (e *engine) refresh(paths ...string) {
	var changes []fileChange
	var sums [][32]byte
	for _, path := range paths {
		safely(e.log, "re-indexing "+path, func() {
			if ch, sum, ok := e.fingerprint(path); ok {
				changes, sums = append(changes, ch), append(sums, sum)
			}
		})
	}
	if len(changes) > 0 {
		affected := e.idx.updateAll(changes)
		for k, ch := range changes {
			if ch.file != nil {
				e.idx.sums[ch.path] = sums[k]
			} else {
				delete(e.idx.sums, ch.path)
			}
		}
		e.publishPaths(affected)
	}
	for _, path := range paths {
		e.respell(path)
	}
}

// fingerprint reads and fingerprints the file at path for refresh, and
// records the version indexed: the change to make to the index, and the
// sum of the bytes; not ok when there is none to make.
func (e *engine) fingerprint(path string) (ch fileChange, sum [32]byte, ok bool) {
	var problems []ignore.Problem
	src, open, version, err := e.readVersion(path)
	var skip *load.SkipError
	if errors.As(err, &skip) {
		e.log.Printf("warning: %v", skip)
	}
	if !open && !e.inWorkspace(path) {
		// A file outside every folder counts while its buffer is open
		// (a scratch file, one of the module cache); closed, it is no
		// more part of the workspace than before it was opened: read
		// from the disk, it stayed in every class it joined, the
		// diagnostics of the workspace's copies pointing to it until
		// the next indexing.
		src = nil
	}
	var f *fingerprint.File
	if src != nil && e.wanted(path, src) {
		sum = blake3.Sum256(src)
		if indexed, ok := e.idx.sums[path]; ok && indexed == sum && e.idx.file(path) != nil {
			// The text indexed (a buffer opened or saved as it is on
			// disk, the buffers queued again after indexing): detecting
			// its group again finds what it found, or, where a group's
			// run differs from the whole workspace's, less; and each
			// such update ran detection over every file sharing code
			// with it, every copy of a class of thousands.
			e.setVersion(path, open, version)
			return ch, sum, false
		}
		var warnings []error
		f, warnings = load.Source(&e.ix, path, src, e.cfg.opt.MinTokens)
		for _, w := range warnings {
			e.log.Printf("warning: %v", w)
		}
		if f == nil {
			return ch, sum, false
		}
		problems = directiveProblems(warnings)
	} else if src == nil && !open && e.idx.file(path) == nil {
		return ch, sum, false // neither open, on disk nor indexed
	}
	e.setVersion(path, open, version)
	return fileChange{path, f, problems}, sum, true
}

// inWorkspace reports whether path lies in one of the workspace's
// folders, where indexing reads it: through no symbolic link to a folder,
// which the walk of the folders does not follow, as the command line's
// ./... and the go command's do not (a link to /etc, to another tree, or
// to its own parent). A file there opened and closed (a.go's "duplicate
// of ext/x.go", ext a link out of the tree) stayed in the index, where
// the command line and go vet never read it. e.mu is held.
func (e *engine) inWorkspace(path string) bool {
	for _, r := range e.roots {
		if rel, err := filepath.Rel(r, path); err == nil && filepath.IsLocal(rel) {
			return e.walked(r, filepath.Dir(path))
		}
	}
	return false
}

// walked reports whether dir, root or a folder below it, is reached from
// root through folders alone, none a symbolic link. Each folder found a
// folder or a link is remembered until the workspace is indexed again;
// one not there is not (it may be made). e.mu is held.
func (e *engine) walked(root, dir string) bool {
	if e.reached == nil {
		e.reached = map[string]bool{}
	}
	var todo []string // the folders not yet known, deepest first
	ok := true
	for d := dir; d != root; {
		if known, seen := e.reached[d]; seen {
			ok = known
			break
		}
		todo = append(todo, d)
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	for i := len(todo) - 1; i >= 0 && ok; i-- {
		fi, err := os.Lstat(todo[i])
		if err != nil {
			return false
		}
		ok = fi.IsDir()
		e.reached[todo[i]] = ok
	}
	return ok
}

// setVersion records the version of path's buffer as indexed, or that it
// is indexed from the disk. e.mu is held.
func (e *engine) setVersion(path string, open bool, version int) {
	if open {
		e.versions[path] = version
	} else {
		delete(e.versions, path)
	}
}

// wanted reports whether a file takes part, following the same rules as
// the command line: .duplignore, generated files, tests.
func (e *engine) wanted(path string, src []byte) bool {
	base := filepath.Base(path)
	if !strings.HasSuffix(base, ".go") || strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_") {
		return false
	}
	if !e.cfg.tests && strings.HasSuffix(base, "_test.go") {
		return false
	}
	// A tree leaves out only what lies under its root: the folders above
	// path are the ones to ask (each folder was asked, 2,000 folders for
	// each of their 2,000 files).
	for dir := filepath.Dir(path); ; {
		e.treesAsked++
		if t := e.trees[dir]; t != nil && t.Ignored(path, false) {
			return false
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return !ignore.IsGenerated(src)
}

// read returns a file's buffer when it is open, else its contents on
// disk, read with the command line's limits: nil, and the reason, if it
// cannot be read, is not a regular file or is too large (a buffer too).
func (e *engine) read(path string) (src []byte, open bool, err error) {
	src, open, _, err = e.readVersion(path)
	return src, open, err
}

// readVersion is read, with the version of the buffer read. e.mu is
// held.
func (e *engine) readVersion(path string) (src []byte, open bool, version int, err error) {
	return e.readLimited(path, e.cfg.maxFileSize)
}

// readLimited is readVersion with the size limit maxSize, read by the
// caller under e.mu.
func (e *engine) readLimited(path string, maxSize int64) (src []byte, open bool, version int, err error) {
	if b, _, v, ok := e.docs.get(path); ok {
		if err := load.CheckSize(path, int64(len(b)), maxSize); err != nil {
			return nil, true, v, err
		}
		return b, true, v, nil
	}
	b, err := load.ReadFile(path, maxSize)
	return b, false, 0, err
}

func (e *engine) lineText(path string) []byte {
	b, _, _ := e.read(path)
	return b
}

// publishPaths sends the diagnostics of every path whose set changed since
// it was last sent. e.mu is held.
func (e *engine) publishPaths(paths []string) {
	shown := newDisplayer(e.roots)
	defer func() { e.namesMade += shown.made }()
	for _, path := range paths {
		diags := shownDiagnostics(path, e.idx.classesOf(path), e.cfg.severity, shown, e.lineText)
		if ps := e.idx.problems[path]; len(ps) > 0 {
			// The text read only for a file that has any: publishing
			// reads no file of a class it does not place.
			diags = append(diags, directiveDiagnostics(ps, e.lineText(path))...)
		}
		var enc []byte
		if len(diags) > 0 {
			enc, _ = json.Marshal(diags)
		}
		_, uris, _, open := e.docs.get(path)
		var version *int
		if !open {
			uris = []string{pathToURI(path)}
		} else if v, indexed := e.versions[path]; indexed {
			version = &v
		}
		// Sent again under the spellings the editor uses now: a buffer
		// opened as file:///a/%40b.go had its diagnostics only under
		// file:///a/@b.go, where they were sent while it was closed,
		// which an editor that compares URIs as strings does not show.
		if bytes.Equal(enc, e.published[path]) && (enc == nil || slices.Equal(uris, e.sentTo[path])) {
			continue
		}
		stale := slices.DeleteFunc(slices.Clone(e.sentTo[path]), func(u string) bool { return slices.Contains(uris, u) })
		if enc == nil {
			delete(e.published, path)
			delete(e.sentTo, path)
		} else {
			e.published[path], e.sentTo[path] = enc, uris
		}
		e.publish(path, uris, stale, version, diags)
	}
}

// respell sends path's diagnostics again if the editor now spells it
// otherwise than they were sent under (see publishPaths): it opened or
// closed the buffer under a spelling of its own. e.mu is held.
func (e *engine) respell(path string) {
	if e.idx == nil || e.published[path] == nil {
		return
	}
	_, uris, _, open := e.docs.get(path)
	if !open {
		uris = []string{pathToURI(path)}
	}
	if !slices.Equal(uris, e.sentTo[path]) {
		e.publishPaths([]string{path})
	}
}

// classesAt returns the classes with a fragment in path, for code actions.
func (e *engine) classesAt(path string) []*fingerprint.Class {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.idx == nil {
		return nil
	}
	return e.idx.classesOf(path)
}

// A progress reports work-done progress to the editor, if it asked for it.
// The protocol sends no $/progress before the editor has answered
// window/workDoneProgress/create: indexing does not wait for the answer,
// and what it reports before it is not sent: the begin goes with the
// answer, and the end too if indexing has ended by then.
type progress struct {
	c     *client
	token string
	title string
	mu    sync.Mutex // keeps the messages in order
	state int        // progressAsked, progressBegun, progressDone or progressEnded
	last  int        // the percentage last reported
	done  string     // the end's message, for progressDone
}

const (
	progressAsked = iota // the token is asked for; nothing is sent yet
	progressBegun        // the editor accepted it: begin was sent
	progressDone         // the work ended before the editor accepted it
	progressEnded        // end was sent, or the token refused
)

func (e *engine) beginProgress(enabled bool, title string) *progress {
	p := &progress{last: -1, state: progressEnded}
	if !enabled || e.client == nil {
		return p
	}
	p.c, p.token, p.title, p.state = e.client, "copycat-indexing", title, progressAsked
	if err := p.c.call("window/workDoneProgress/create", map[string]string{"token": p.token}, p.created); err != nil {
		e.log.Printf("progress: %v", err)
		p.state = progressEnded
	}
	return p
}

// created is the editor's answer to window/workDoneProgress/create: an
// accepted token begins the report; if the work has ended meanwhile, the
// report begins and ends at once, so that the editor, which holds the
// token, sees it end and what the work found ("indexed 3 files, 1 clone
// class").
func (p *progress) created(_ json.RawMessage, err *rpcError) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err != nil || p.state != progressAsked && p.state != progressDone {
		p.state = progressEnded
		return
	}
	pct := max(p.last, 0)
	p.c.notify("$/progress", progressParams{p.token, workDoneBegin{Kind: "begin", Title: p.title, Percentage: &pct}})
	if p.state == progressDone {
		p.c.notify("$/progress", progressParams{p.token, workDoneEnd{Kind: "end", Message: p.done}})
		p.state = progressEnded
		return
	}
	p.state = progressBegun
}

// report is load's progress callback; it sends a report each time the
// percentage moves, in order (loading calls it from several goroutines).
func (p *progress) report(done, total int) {
	if total == 0 {
		return
	}
	pct := done * 100 / total
	p.mu.Lock()
	defer p.mu.Unlock()
	if pct <= p.last {
		return
	}
	p.last = pct
	if p.state == progressBegun {
		p.c.notify("$/progress", progressParams{p.token, workDoneReport{Kind: "report",
			Message: fmt.Sprintf("%d/%s", done, report.Count(total, "file", "files")), Percentage: &pct}})
	}
}

func (p *progress) end(msg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch p.state {
	case progressAsked:
		p.state, p.done = progressDone, msg // said when the editor accepts the token
		return
	case progressBegun:
		p.c.notify("$/progress", progressParams{p.token, workDoneEnd{Kind: "end", Message: msg}})
	}
	p.state = progressEnded
}

// safely runs fn, and logs a panic instead of letting it end the server:
// one bad file or message must not take the editor's diagnostics down.
func safely(lg *log.Logger, what string, fn func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			lg.Printf("internal error %s: %v\n%s", what, r, debug.Stack())
			ok = false
		}
	}()
	fn()
	return true
}

// directiveProblems are the malformed suppression directives among a
// load's warnings.
func directiveProblems(warnings []error) []ignore.Problem {
	var ps []ignore.Problem
	for _, w := range warnings {
		var p ignore.Problem
		if errors.As(w, &p) {
			ps = append(ps, p)
		}
	}
	return ps
}
