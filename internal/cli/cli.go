// Package cli is the copycat command line: flags, loading, detection and
// printing. cmd/copycat only dispatches to it.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"github.com/copycat-go/copycat/cache"
	"github.com/copycat-go/copycat/change"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/ignore"
	"github.com/copycat-go/copycat/internal/spill"
	"github.com/copycat-go/copycat/internal/words"
	"github.com/copycat-go/copycat/load"
	"github.com/copycat-go/copycat/report"
)

// Exit codes.
const (
	ExitClean  = 0 // no clones
	ExitClones = 1 // clones reported (the default of -exit-code)
	ExitError  = 2 // usage or run error
)

// Defaults, chosen by measurement on real code (see docs/usage.md, "Why
// these defaults").
const (
	DefaultMinTokens      = 100
	DefaultMinLines       = 6
	DefaultMaxOccurrences = 10
	DefaultSimilarity     = 0.85
	// DefaultMaxClasses is how many classes the text report prints in
	// full: about two screens.
	DefaultMaxClasses = 25
)

// Config is what the flags set.
type Config struct {
	MinTokens      int
	MinLines       int
	MaxOccurrences int
	Tests          bool
	Generated      bool
	MaxFileSize    int64
	Near           bool
	Similarity     float64
	JSON           bool
	Quiet          bool
	ExitCode       int // exit status when clones are reported: -exit-code
	Output
	Changes
	// change waits for the change the Changes flags name, whose diff
	// git makes while detection runs; nil without one.
	change func() (*change.Change, error)
	// saw, if set, is given the status of each file loading finds, as
	// soon as it has it: git's diff goes on from there.
	saw func(load.Status)
	// loaded, if set, is called once loading is over: the diff's last
	// steps go on while clones are found.
	loaded func()
	// changed is what change returned, once detection is over.
	changed *change.Change
	// Cache is the index directory: -cache ("off": none).
	Cache string
	// Stats is -stats: measure the run and print the figures.
	Stats bool
	run   *report.RunStats // what the run did, with -stats
	// resultLookup is how long asking the index for the result took.
	resultLookup time.Duration
	// index is the run's index, once detection opened it (nil: none).
	index *runIndex

	// Spill is -spill: the bytes of tables left on the heap, spillOff or
	// spillAuto.
	Spill       spillSize
	spillBudget int64        // the bytes Spill leaves on the heap, or -1
	memLimit    int64        // the memory limit -spill auto found; 0: none
	arena       *spill.Arena // where tables beyond the budget go; nil: none

	// written counts the classes the report held (see wrote).
	written int
	// boilerLines are the lines of the windows detection left out as
	// seen more than -max-occurrences times, by file: a report that found
	// nothing names the limit when there are any, and a change's report
	// counts the lines it added among them.
	boilerLines map[string][]fingerprint.LineRange
	// reread reads again the files the report shows (see rereader).
	reread func(string) ([]byte, error)
	// ranking categorises the classes found and then ranks them (see
	// ranker).
	ranking *report.Ranking

	// done is closed when the run is interrupted.
	done <-chan struct{}
	// checked holds the files the run writes that CheckWritable found
	// writable before any work (see writeOutput).
	checked map[string]bool
}

// Flags registers the detection flags on fs. The vet analyzer registers the
// same names through it.
func (c *Config) Flags(fs *flag.FlagSet) {
	fs.IntVar(&c.MinTokens, "min-tokens", DefaultMinTokens, "smallest clone, in canonical tokens")
	fs.IntVar(&c.MinLines, "min-lines", DefaultMinLines, "smallest clone, in lines")
	fs.IntVar(&c.MaxOccurrences, "max-occurrences", DefaultMaxOccurrences, "leave out code repeated more often than this (boilerplate); 0 means no limit")
	fs.BoolVar(&c.Near, "near", true, "report near-miss clones (copies edited after the paste)")
	fs.Float64Var(&c.Similarity, "similarity", DefaultSimilarity, "smallest similarity of a near-miss clone, in (0, 1]")
}

// FileFlags registers the flags that choose which files are read: -tests
// and -generated. The vet analyzer registers them too.
func (c *Config) FileFlags(fs *flag.FlagSet) {
	fs.BoolVar(&c.Tests, "tests", true, "include _test.go files")
	fs.BoolVar(&c.Generated, "generated", false, "include generated files (// Code generated … DO NOT EDIT.); a class with a copy in one counts as a mirror, copied on purpose, and is not listed")
	SizeVar(fs, &c.MaxFileSize, "max-file-size", load.DefaultMaxFileSize, "skip, with a warning, files larger than `size`: bytes, or with a unit: 4MiB, 4MB (0: the default, 2 MiB)")
}

// Options converts the flags into engine options.
func (c *Config) Options() fingerprint.Options {
	return fingerprint.Options{
		MinTokens:      c.MinTokens,
		MinLines:       c.MinLines,
		MaxOccurrences: c.MaxOccurrences,
		Near:           c.Near,
		Similarity:     c.Similarity,
	}
}

// Check reports flag values that make no sense.
func (c *Config) Check() error {
	switch {
	case c.MinTokens < 1:
		return fmt.Errorf("-min-tokens must be at least 1, not %d", c.MinTokens)
	case c.MinLines < 1:
		return fmt.Errorf("-min-lines must be at least 1, not %d", c.MinLines)
	case c.MaxFileSize < 0:
		return fmt.Errorf("-max-file-size must be 0 (the default) or more, not %d", c.MaxFileSize)
	case c.MaxOccurrences < 0:
		return fmt.Errorf("-max-occurrences must be 0 (no limit) or more, not %d", c.MaxOccurrences)
	case !(c.Similarity > 0 && c.Similarity <= 1): // NaN too
		return fmt.Errorf("-similarity must be in (0, 1], not %g", c.Similarity)
	}
	return nil
}

// fileLimit is the size in bytes past which the loader skips a file
// unread: -max-file-size (0: the default), at most what can be indexed.
// Files read from git's objects are held to it too.
func (c *Config) fileLimit() int64 {
	max := c.MaxFileSize
	if max <= 0 {
		max = load.DefaultMaxFileSize
	}
	return min(max, load.MaxIndexable)
}

const usage = `usage: copycat [flags] [packages | dirs | files]

copycat reports duplicated Go code (clones). With no arguments it reads
./... . Flags may come before or after the arguments; -- ends the flags.

Exit status: 0 no clones, 1 clones reported (a class listed; of a change,
a copy it adds, or with -fail-on-twins a twin it forgets; or a
malformed //copycat:ignore directive; -exit-code N sets this status), 2
usage or run error, 130 interrupted (SIGINT, SIGTERM). A run that fails
writes no -o or -baseline file and prints no JSON, SARIF or HTML report;
the text report of the files it read is still printed. An interrupted run
writes no file.

Other commands:
  copycat help                         print this text
  copycat version [-json]              print the version (also -version, -V)
  copycat cache stats|clean            show or remove the index (-cache DIR)
  copycat history [-max-commits N] [rev]  duplication over first-parent history (copycat history -h)
  copycat lsp [-proxy [-gopls PATH]]   language server for editors
  go vet -vettool="$(command -v copycat || echo copycat-not-installed)" ./...
                                       run as a go vet analyzer (fails if copycat is not on PATH);
                                       there its flags are -copycat.NAME: -copycat.min-tokens=50

The detection flags (-min-tokens to -max-file-size) may also stand in
.copycat.flags at the module's root, a line each (-min-tokens 150), which
go vet, golangci-lint and the editor read too; a flag given here wins.

Flags:
`

// RunContext is Run, stopped when ctx is done (SIGINT, SIGTERM): the run
// then prints that it was interrupted and returns ExitInterrupted at once,
// with no -o or -baseline file written and no partial commit to the index
// (a commit under way is one bbolt transaction: it happens whole or not at
// all). A run whose detection has ended finishes printing its report.
func RunContext(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	args = CommandFirst(args)
	stderr = escaping(stderr)
	switch {
	case len(args) > 0 && args[0] == "help":
		if topic := helpTopic(args[1:]); topic != "" {
			fmt.Fprintf(stderr, "copycat help: no help topic %q: copycat help takes no argument%s\n", topic, helpFor(topic))
			return ExitError
		}
		newCommand(stdout).printUsage()
		return ExitClean
	case len(args) > 0 && args[0] == "cache":
		return cache.Command(args[1:], stdout, stderr)
	case len(args) > 0 && args[0] == "history":
		return runHistory(ctx, args[1:], stdout, stderr)
	}
	cmd := newCommand(stderr)
	paths, code, ok := cmd.parse(args, stdout, stderr)
	if !ok {
		return code
	}
	if code, ok := cmd.cacheCommand(paths, stdout, stderr); ok {
		return code
	}
	c := &cmd.Config
	if err := c.checkOutputs(); err != nil {
		fmt.Fprintf(stderr, "copycat: %v\n", err)
		return ExitError
	}
	if c.Changes.active() {
		if c.Baseline != "" && !c.UpdateBaseline && !c.Quiet {
			// A change is judged against its base revision; a baseline
			// given with it, even one that does not exist, did nothing
			// and said nothing.
			fmt.Fprintf(stderr, "copycat: warning: -baseline %s is not applied to a change: its copies are judged against the base revision's code, whatever a baseline holds\n", c.Baseline)
		}
		// A bad diff is an error before any work; a missing base
		// revision, found while the tree is walked, stops it.
		var stop context.CancelCauseFunc
		ctx, stop = context.WithCancelCause(ctx)
		defer stop(nil)
		// The diff is read before any work, from a file or standard
		// input that may be a pipe no one writes to: an interrupt
		// still ends the run.
		type started struct {
			wait   func() (*change.Change, error)
			saw    func(load.Status)
			loaded func()
			err    error
		}
		c.Changes.ctx = ctx
		st, ok := untilDone(ctx.Done(), func() started {
			wait, saw, loaded, err := c.Changes.start(os.Stdin, func(err error) { stop(changeError{err}) })
			return started{wait, saw, loaded, err}
		})
		if !ok {
			// A missing base revision stops the run as an interrupt does.
			var cerr changeError
			if !errors.As(context.Cause(ctx), &cerr) {
				return interrupted(stderr)
			}
			st.err = cerr.error
		}
		if st.err != nil {
			fmt.Fprintf(stderr, "copycat: %v\n", st.err)
			return ExitError
		}
		c.change, c.saw, c.loaded = st.wait, st.saw, st.loaded
	}
	c.done = ctx.Done()
	if cmd.cpuProfile != "" {
		stop, err := startCPUProfile(cmd.cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "copycat: %v\n", err)
			return ExitError
		}
		defer stop()
	}
	t0 := time.Now()
	res, classes, ok := c.detectUntil(ctx, paths, stderr)
	if !ok {
		if err := (changeError{}); errors.As(context.Cause(ctx), &err) {
			fmt.Fprintf(stderr, "copycat: %v\n", err.error)
			return ExitError
		}
		return interrupted(stderr)
	}
	if c.change != nil {
		// The change first: a missing base revision is the error that
		// matters, whatever loading found.
		// Under the interrupt's watch: git may wait where no signal
		// reaches it (a named pipe in the git folder), and is killed
		// with the run (see change.OpenAtContext).
		type changed struct {
			ch  *change.Change
			err error
		}
		res := make(chan changed, 1)
		go func() {
			ch, err := c.change()
			res <- changed{ch, err}
		}()
		var got changed
		ok := true
		select {
		case got = <-res:
		case <-ctx.Done():
			// Its git commands, killed, end it at once: given a
			// moment, so that none is left behind when the process
			// ends, as the kills are made on other goroutines.
			select {
			case got = <-res:
			case <-time.After(interruptGrace):
			}
			ok = false
		}
		var cerr changeError
		switch byChange := errors.As(context.Cause(ctx), &cerr); {
		case ctx.Err() != nil && !byChange:
			return interrupted(stderr)
		case !ok && got.err == nil:
			got.err = cerr.error // the base revision missing, said first
		}
		if c.changed = got.ch; got.err != nil {
			fmt.Fprintf(stderr, "copycat: %v\n", got.err)
			return ExitError
		}
		c.changeStats()
	}
	if cmd.memProfile != "" {
		if err := writeHeapProfile(cmd.memProfile); err != nil {
			fmt.Fprintf(stderr, "copycat: %v\n", err)
		}
	}
	t1 := time.Now()
	code = c.finish(stdout, stderr, res, classes)
	c.closeArena() // no file is used after the report
	c.printStats(stderr, time.Since(t1), time.Since(t0))
	return code
}

// detect loads the files named by paths and finds their clones, until done
// is closed: then the result is partial and the index is not committed.
func (c *Config) detect(done <-chan struct{}, paths []string, bar *progress) (*load.Result, []fingerprint.Class) {
	opts := load.Options{
		Done:      done,
		Tests:     c.Tests,
		Generated: c.Generated,
		MinTokens: c.MinTokens,
		Workers:   runtime.GOMAXPROCS(0),

		MaxFileSize: c.MaxFileSize,
		// The report reads the Facts of the files it shows (a file's
		// comments, notes and declarations, for the categories), and an
		// index keeps those beside their records (see runIndex.facts).
		// Without one they are read the same way, not found for every
		// file while its bytes are at hand: on the standard library at
		// -min-tokens 50 the report shows 1,979 of 5,095 files, and the
		// run took 1-2% less CPU and 3-9% less memory at its peak, the
		// reading done at detection's collector target (detectionGC).
		LazyFacts: true,
		LargeFile: largeFileGC(os.Getenv("GOGC")),
		Saw:       c.saw,
	}
	if bar != nil {
		opts.Progress = bar.files
	}
	c.timeLoading(&opts)
	ix := c.openIndex(&opts)
	c.index = ix
	c.openArena(&opts)
	res := load.Load(paths, opts)
	if closed(done) {
		return res, nil
	}
	if c.loaded != nil {
		c.loaded()
	}
	if bar != nil {
		bar.phase("finding clones")
	}
	t0 := time.Now()
	found, reused := ix.result(res, c.Options())
	c.resultLookup = time.Since(t0)
	if !reused {
		res.Decode()
		if closed(done) {
			return res, nil
		}
	}
	committed := make(chan struct{})
	go func() { ix.commit(res); close(committed) }()
	if !reused {
		found = c.find(done, res.Files, ix.verdicts())
	}
	<-committed
	if err := c.arenaErr(); err != nil {
		res.Warnings = append(res.Warnings, err)
	}
	if !reused && !closed(done) {
		// Categories depend on the files' contents, as the result does:
		// stored with it, a run that reuses it reads no file to rank it.
		if testHookBeforeRank != nil {
			testHookBeforeRank()
		}
		var changed changedFiles
		restore := detectionGC(os.Getenv("GOGC")) // reading the files again is garbage beside the result
		c.ranker().Categorise(found.Classes, report.LoadedFacts(res.Files, ix.facts(res.Files, c.rereaderInto(res.Files), &changed)))
		restore()
		if ws := changed.warnings(); len(ws) > 0 {
			res.Warnings = append(res.Warnings, ws...)
		} else {
			ix.save(found)
		}
	}
	c.measure(opts, res, found, reused)
	c.boilerLines = found.Boilerplate
	if bar != nil {
		bar.clear()
	}
	for _, w := range found.Warnings {
		res.Warnings = append(res.Warnings, errors.New(w))
	}
	return res, found.Classes
}

// ranker returns the run's Ranking: the classes found afresh are
// categorised and then ranked by one, which finds where each file lies
// within its module once.
func (c *Config) ranker() *report.Ranking {
	if c.ranking == nil {
		c.ranking = report.NewRanking()
	}
	return c.ranking
}

// finish writes the report and the warnings and errors, and returns the
// exit code. A run with errors writes no file and prints a report only in
// text (see usage), and only if it loaded files: a run that loaded none
// (copycat ./nope) has nothing to report but its errors, and a summary
// of 0 classes in 0 files above them would read as a result.
func (c *Config) finish(stdout, stderr io.Writer, res *load.Result, classes []fingerprint.Class) int {
	// Go files found, none of them read (each broke off with a warning:
	// a syntax error, a file too large): a run that checked nothing is no
	// clean run, or a CI gate over a tree that no longer parses would pass.
	unread := len(res.Errors) == 0 && len(res.Files) == 0 && res.Lazy() == 0 && res.FilesFound > res.FilesGenerated
	failed := len(res.Errors) > 0 || unread
	var findings int
	var err error
	emitted := !failed || c.printsOnError() && len(res.Files) > 0
	if emitted {
		findings, err = c.emit(stdout, stderr, res, classes)
	}
	if errors.Is(err, errInterrupted) {
		return interrupted(stderr)
	}
	if emitted && err == nil {
		c.wrote(stderr, c.written)
	}
	findings += c.warn(stderr, res.Warnings, unread)
	for _, e := range res.Errors {
		fmt.Fprintf(stderr, "copycat: %s\n", report.OneLine(e.Error()))
	}
	commandHint(stderr, res.Errors)
	if n := res.FilesFound; !failed && !c.Quiet && len(res.Files) == 0 && res.Lazy() == 0 && n > 0 && n == res.FilesGenerated {
		// The report says "0 files", which alone reads as no Go file
		// found, or found and lost.
		if n == 1 {
			fmt.Fprintln(stderr, "copycat: the one Go file found is generated, and left out (-generated reads it)")
		} else {
			fmt.Fprintf(stderr, "copycat: the %d Go files found are all generated, and left out (-generated reads them)\n", n)
		}
	}
	if unread {
		if n := res.FilesFound - res.FilesGenerated; n == 1 {
			fmt.Fprintln(stderr, "copycat: no file could be read: the one file found was skipped (see above)")
		} else {
			fmt.Fprintf(stderr, "copycat: no file could be read: the %d files found were all skipped (see above)\n", n)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "copycat: %v\n", err)
		failed = true
	}
	switch {
	case failed:
		c.notWritten(stderr)
		return ExitError
	case findings > 0:
		return c.ExitCode
	}
	return ExitClean
}

// helpTopic is the first argument after "help" that is no flag nor a
// flag's value, "" if none: copycat help foo. The flags are those that
// stood before the word (copycat -q help), which CommandFirst moved
// after it; they change nothing of the usage.
func helpTopic(args []string) string {
	fs := newCommand(io.Discard).fs
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--":
			if i+1 < len(args) {
				return args[i+1]
			}
			return ""
		case len(a) < 2 || a[0] != '-':
			return a
		case takesValue(fs, a):
			i++
		}
	}
	return ""
}

// helpFor says where the usage is that a help topic may be after: that
// of the command it names, or the report's.
func helpFor(topic string) string {
	if slices.Contains([]string{"cache", "history", "lsp", "version"}, topic) {
		return fmt.Sprintf("; run 'copycat %s -h' for that command's usage", topic)
	}
	return "; it prints the usage, as copycat -h does"
}

// commandHint says, after "stats: matched no packages", that a bare word
// is no command of copycat's either, and which are, with the one it may
// be a slip for: copycat stats for copycat cache stats, copycat verison
// for copycat version.
func commandHint(stderr io.Writer, errs []error) {
	for _, e := range errs {
		var np *load.NoPackagesError
		// A word after "--" that starts with '-' was never a command.
		if errors.As(e, &np) && !strings.ContainsAny(np.Pattern, "/.\\") && !strings.HasPrefix(np.Pattern, "-") && !slices.Contains(commands, np.Pattern) {
			var meant []string
			for _, w := range words.Closest(strings.ToLower(np.Pattern), slices.Sorted(maps.Keys(commandWords))) {
				if m := "copycat " + commandWords[w]; !slices.Contains(meant, m) {
					meant = append(meant, m)
				}
			}
			hint := ""
			if len(meant) > 0 {
				hint = " (did you mean " + strings.Join(meant, " or ") + "?)"
			}
			fmt.Fprintf(stderr, "copycat: %s is no command either; the commands are help, version, cache stats|clean, lsp and history%s\n", np.Pattern, hint)
			return
		}
	}
}

// commandWords are the words a slip may be near, each with the command
// it stands for: cache's own words stand for it.
var commandWords = map[string]string{
	"help": "help", "history": "history", "lsp": "lsp", "version": "version",
	"cache": "cache stats", "stats": "cache stats", "clean": "cache clean",
}

// wrote says, unless -q, what went into the -o file, which is otherwise
// written in silence: "copycat: wrote html report to clones.html (3
// classes)".
func (c *Config) wrote(stderr io.Writer, classes int) {
	if c.File != "" && !c.UpdateBaseline && !c.Quiet {
		fmt.Fprintf(stderr, "copycat: wrote %s report to %s (%s)\n", c.Format, c.File, report.Count(classes, "class", "classes"))
	}
}

// warn prints the warnings and returns the number of findings among them:
// malformed suppression directives, which set the exit status as clones
// do. Those are printed even with -q, since they change the status, and
// all of them when evenQuiet (they are why the run failed).
func (c *Config) warn(stderr io.Writer, warnings []error, evenQuiet bool) int {
	findings := 0
	for _, w := range warnings {
		var p ignore.Problem
		isFinding := errors.As(w, &p)
		if isFinding {
			findings++
		}
		switch {
		case isFinding:
			// Not a warning: it sets the exit status, and a run that
			// lists no copy said "warning" and failed.
			fmt.Fprintf(stderr, "copycat: %s (it fails the run, as a listed copy does)\n", report.OneLine(w.Error()))
		case !c.Quiet || evenQuiet:
			fmt.Fprintf(stderr, "copycat: warning: %s\n", report.OneLine(w.Error()))
		}
	}
	return findings
}

func startCPUProfile(name string) (stop func(), err error) {
	f, err := os.Create(name)
	if err != nil {
		return nil, fmt.Errorf("cpu profile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("cpu profile: %w", err)
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

func writeHeapProfile(name string) error {
	f, err := os.Create(name)
	if err != nil {
		return fmt.Errorf("heap profile: %w", err)
	}
	defer f.Close()
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		return fmt.Errorf("heap profile: %w", err)
	}
	return nil
}

// testHookBeforeRank, when set, runs between detection and the ranking of
// a result found afresh: a test changes a file there.
var testHookBeforeRank func()
