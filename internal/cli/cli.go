// Package cli is the copycat command line: flags, loading, detection and
// printing. cmd/copycat only dispatches to it.
package cli

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/ignore"
	"github.com/copycat-go/copycat/load"
)

// Exit codes.
const (
	ExitClean  = 0 // no clones
	ExitClones = 1 // clones reported
	ExitError  = 2 // usage or run error
)

// Defaults, chosen by measurement on real code (see README.md).
const (
	DefaultMinTokens      = 100
	DefaultMinLines       = 6
	DefaultMaxOccurrences = 10
	DefaultSimilarity     = 0.85
)

// Config is what the flags set.
type Config struct {
	MinTokens      int
	MinLines       int
	MaxOccurrences int
	Tests          bool
	Generated      bool
	Near           bool
	Similarity     float64
	JSON           bool
	Quiet          bool
	Output
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
	fs.BoolVar(&c.Generated, "generated", false, "include generated files (// Code generated … DO NOT EDIT.)")
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
	case c.MaxOccurrences < 0:
		return fmt.Errorf("-max-occurrences must not be negative")
	case c.Similarity <= 0 || c.Similarity > 1:
		return fmt.Errorf("-similarity must be in (0, 1], not %g", c.Similarity)
	}
	return nil
}

const usage = `usage: copycat [flags] [packages | dirs | files]

copycat reports duplicated Go code (clones). With no arguments it reads
./... . Exit status: 0 no clones, 1 clones found, 2 errors.

Other modes:
  copycat lsp [-proxy [-gopls PATH]]   language server for editors
  go vet -vettool=$(which copycat)     run as a go vet analyzer

Flags:
`

// Run runs the command line with args (without the program name) and
// returns the exit code.
func Run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("copycat", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	var c Config
	c.Flags(fs)
	c.FileFlags(fs)
	fs.BoolVar(&c.JSON, "json", false, "print the JSON report")
	fs.BoolVar(&c.Quiet, "q", false, "print no warnings")
	c.outputFlags(fs)
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile to this file")
	memProfile := fs.String("memprofile", "", "write a heap profile to this file after detection")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitClean
		}
		return ExitError
	}
	if err := cmp.Or(c.Check(), c.checkOutput(fs)); err != nil {
		fmt.Fprintf(stderr, "copycat: %v\n", err)
		return ExitError
	}
	if *cpuProfile != "" {
		stop, err := startCPUProfile(*cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "copycat: %v\n", err)
			return ExitError
		}
		defer stop()
	}
	opts := load.Options{
		Tests:     c.Tests,
		Generated: c.Generated,
		MinTokens: c.MinTokens,
		Workers:   runtime.GOMAXPROCS(0),
	}
	bar := c.newProgress(stderr)
	if bar != nil {
		opts.Progress = bar.files
	}
	res := load.Load(fs.Args(), opts)
	if bar != nil {
		bar.phase("finding clones")
	}
	found := fingerprint.Run(res.Files, c.Options())
	classes := found.Classes
	if bar != nil {
		bar.clear()
	}
	if *memProfile != "" {
		if err := writeHeapProfile(*memProfile); err != nil {
			fmt.Fprintf(stderr, "copycat: %v\n", err)
		}
	}
	reported, err := c.emit(stdout, stderr, res.Files, classes)
	code := ExitClean
	if reported > 0 {
		code = ExitClones
	}
	for _, w := range res.Warnings {
		if !c.Quiet {
			fmt.Fprintf(stderr, "copycat: warning: %v\n", w)
		}
		var p ignore.Problem
		if errors.As(w, &p) {
			code = max(code, ExitClones)
		}
	}
	for _, w := range found.Warnings {
		if !c.Quiet {
			fmt.Fprintf(stderr, "copycat: warning: %s\n", w)
		}
	}
	for _, e := range res.Errors {
		fmt.Fprintf(stderr, "copycat: %v\n", e)
		code = ExitError
	}
	if err != nil {
		fmt.Fprintf(stderr, "copycat: %v\n", err)
		code = ExitError
	}
	return code
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
