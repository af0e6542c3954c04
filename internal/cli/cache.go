package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/copycat-go/copycat/cache"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
	"github.com/copycat-go/copycat/report"
)

func (c *Config) cacheFlag(fs *flag.FlagSet) {
	fs.StringVar(&c.Cache, "cache", "", "index `directory`, kept between runs (default: copycat in the user cache directory; off: none)")
}

// cacheCommand runs the cache command when it follows flags, as in
// "copycat -cache DIR cache stats", which parse took for two paths; ok
// is false when paths are not that command. ("copycat cache ..." goes to
// cache.Command before any flag is parsed.) The command takes no flag but
// -cache.
func (cmd *command) cacheCommand(paths []string, stdout, stderr io.Writer) (code int, ok bool) {
	if len(paths) != 2 || paths[0] != "cache" || paths[1] != "stats" && paths[1] != "clean" {
		return 0, false
	}
	var others []string
	cmd.fs.Visit(func(f *flag.Flag) {
		if f.Name != "cache" {
			others = append(others, "-"+f.Name)
		}
	})
	if len(others) > 0 {
		fmt.Fprintf(stderr, "copycat: cache %s takes no flag but -cache, not %s\n", paths[1], strings.Join(others, " "))
		return ExitError, true
	}
	args := []string{paths[1]}
	if cmd.Cache != "" {
		args = append(args, "-cache", cmd.Cache)
	}
	return cache.Command(args, stdout, stderr), true
}

// A runIndex is the index of one run, if it has one: nil methods do
// nothing.
type runIndex struct {
	idx *cache.Index
	err error // why it could not be opened
}

// openIndex opens the index that -cache names and sets it as opts' store.
// Without an index, or when it cannot be opened, loading goes on without
// one.
func (c *Config) openIndex(opts *load.Options) *runIndex {
	dir := cache.DirOf(c.Cache)
	if dir == "" {
		return nil
	}
	idx, err := cache.Open(dir, cache.Options{MinTokens: opts.MinTokens})
	if err != nil {
		return &runIndex{err: err}
	}
	opts.Store = idx
	return &runIndex{idx: idx}
}

// result returns the result of detection over the files res loaded with
// opt, if the index holds it.
func (r *runIndex) result(res *load.Result, opt fingerprint.Options) (fingerprint.Result, bool) {
	if r == nil || r.idx == nil {
		return fingerprint.Result{}, false
	}
	return r.idx.Stored(res.Files, opt)
}

// baseResult returns what a run stored of a change's base revision, base
// a commit ID, over the tree of files (see Index.BaseKey), and the key to
// save it under when it holds none; keyed is false when it cannot be
// kept.
func (r *runIndex) baseResult(files []*fingerprint.File, opt fingerprint.Options, base string) (found []fingerprint.Class, hit bool, save func([]fingerprint.Class)) {
	save = func([]fingerprint.Class) {}
	if r == nil || r.idx == nil || base == "" {
		return nil, false, save
	}
	key, ok := r.idx.BaseKey(files, opt, base)
	if !ok {
		return nil, false, save
	}
	if stored, ok := r.idx.Result(key); ok {
		return stored.Classes, true, save
	}
	return nil, false, func(classes []fingerprint.Class) { r.idx.SaveResult(key, fingerprint.Result{Classes: classes}) }
}

// verdicts returns the near-miss verdicts of the last run over the same
// files, once result found no result (see cache.Index.StoredVerdicts).
func (r *runIndex) verdicts() *fingerprint.Verdicts {
	if r == nil || r.idx == nil {
		return nil
	}
	return r.idx.StoredVerdicts()
}

// commit commits the records of the files loaded, and adds the index's
// warnings to res: call it once the files are decoded.
func (r *runIndex) commit(res *load.Result) {
	if r == nil {
		return
	}
	if r.err != nil {
		res.Warnings = append(res.Warnings, r.err)
		return
	}
	r.idx.Commit()
	res.Warnings = append(res.Warnings, r.idx.Warnings()...)
}

// save stores the result of detection, found whole and categorised,
// after commit.
func (r *runIndex) save(found fingerprint.Result) {
	if r != nil && r.idx != nil {
		r.idx.Save(found)
	}
}

// facts is the source of the Facts of the files a report shows that
// loading did not derive and their records do not hold: each such file
// is read and scanned, and its Facts are added to its record at the next
// commit (cache.Index.AddFacts), so that the next run that shows it reads
// them from the index. files are the run's, by which the records are
// made; readFile reads a file again into a buffer's memory (see
// Config.rereaderInto); a file found changed since loading (other lines,
// or other bytes than the index records) is added to changed, and gives
// no Facts.
//
// A file's bytes are dropped once scanned (the Facts hold copies), so
// the buffers they are read into are reused: read each into memory of
// its own, the 31 MB of the 1,979 files the standard library's report
// shows at -min-tokens 50 were garbage made under detection's collector
// target (detectionGC), which collected them more than once.
func (r *runIndex) facts(files []*fingerprint.File, readFile func(string, []byte) ([]byte, error), changed *changedFiles) report.FileSource {
	var idx *cache.Index
	if r != nil {
		idx = r.idx
	}
	var byName map[string]*fingerprint.File
	if idx != nil {
		byName = make(map[string]*fingerprint.File, len(files))
		for _, f := range files {
			byName[f.Name] = f
		}
	}
	var bufs sync.Pool
	return func(name string) *fingerprint.Facts {
		buf, _ := bufs.Get().(*[]byte)
		if buf == nil {
			buf = new([]byte)
		}
		defer bufs.Put(buf)
		src, err := readFile(name, *buf)
		if errors.Is(err, errChanged) {
			changed.add(name)
		}
		if err != nil {
			return nil
		}
		*buf = src[:0]
		fs := fingerprint.ScanFacts(src)
		if f, ok := byName[name]; ok && !idx.AddFacts(f, src, &fs) {
			changed.add(name)
			return nil
		}
		return &fs
	}
}
