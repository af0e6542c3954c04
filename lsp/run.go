package lsp

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/copycat-go/copycat/cache"
	"github.com/copycat-go/copycat/internal/cli"
	"github.com/copycat-go/copycat/internal/words"
	"github.com/copycat-go/copycat/load"
)

const usage = `usage: copycat lsp [flags] [-proxy [-gopls PATH] [-- gopls args]]

copycat lsp is a language server over stdin and stdout that reports
duplicated code as diagnostics. With -proxy it starts gopls as a child,
passes every message through and adds copycat's diagnostics to gopls's.

Flags:
`

// Run runs copycat lsp with args (the words after "lsp"), reading the
// editor's messages from stdin and answering on stdout. Logs go to stderr
// or to -logfile, never to stdout. It returns when the editor sends exit
// or closes stdin.
func Run(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer, args []string) error {
	fs := flag.NewFlagSet("copycat lsp", flag.ContinueOnError)
	// The flag set prints nothing: a slip is one UsageError, -h the usage.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	var c cli.Config
	c.Flags(fs)
	tests := fs.Bool("tests", true, "include _test.go files")
	cli.SizeVar(fs, &c.MaxFileSize, "max-file-size", load.DefaultMaxFileSize, "skip, with a warning, files larger than `size`: bytes, or with a unit: 4MiB, 4MB")
	severity := fs.String("severity", "information", "severity of the diagnostics: information, warning, hint or error; a drifted class's are at least warnings")
	proxyMode := fs.Bool("proxy", false, "run gopls as a child and merge copycat's diagnostics into its own")
	gopls := fs.String("gopls", "", "with -proxy, the gopls to run (default: gopls on PATH, never copycat itself)")
	logFile := fs.String("logfile", "", "write logs to this file instead of stderr")
	cacheDir := fs.String("cache", "", "index `directory`, kept between runs and shared with the command line (default: copycat in the user cache directory; off: none)")
	if err := cli.CheckFlagArgs(fs, args); err != nil {
		return flagSlip(err)
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stderr, usage)
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return nil
		}
		return flagSlip(words.FlagError(fs, err))
	}
	if err := c.Check(); err != nil {
		return &UsageError{err}
	}
	sev, err := parseSeverity(*severity)
	if err != nil {
		return &UsageError{fmt.Errorf("-severity: %w", err)}
	}
	if !*proxyMode && fs.NArg() > 0 {
		return &UsageError{fmt.Errorf("unexpected arguments %q (gopls arguments need -proxy)", fs.Args())}
	}
	logw := stderr
	if *logFile != "" {
		f, err := os.OpenFile(*logFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return fmt.Errorf("opening log file: %w", err)
		}
		defer f.Close()
		logw = f
	}
	lg := log.New(logw, "copycat lsp: ", log.LstdFlags|log.Lmicroseconds)
	cfg := config{opt: c.Options(), tests: *tests, maxFileSize: c.MaxFileSize, severity: sev, cacheDir: cache.DirOf(*cacheDir), given: cli.Given(fs)}
	if !*proxyMode {
		return serve(ctx, stdin, stdout, lg, cfg)
	}
	path, err := findGopls(*gopls)
	if err != nil {
		return err
	}
	return runProxy(ctx, stdin, stdout, logw, lg, cfg, path, fs.Args())
}

// A UsageError is a slip on copycat lsp's command line: a flag it does
// not take or a bad value, an argument without -proxy. The command says
// it in one line and exits with status 2, as the report does for its own
// (other errors of the server exit with status 1).
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// flagSlip is the UsageError of a flag that does not parse, which points
// at the usage as the report's flag errors do.
func flagSlip(err error) error {
	return &UsageError{fmt.Errorf("%w\nrun 'copycat lsp -h' for usage", err)}
}
