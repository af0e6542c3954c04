package cli

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/copycat-go/copycat/internal/version"
)

// command is the command line's flag set and what its flags set beyond
// Config.
type command struct {
	Config
	fs          *flag.FlagSet
	cpuProfile  string
	memProfile  string
	showVersion bool
}

// newCommand registers the flags; usage and flag errors go to out.
func newCommand(out io.Writer) *command {
	cmd := &command{fs: flag.NewFlagSet("copycat", flag.ContinueOnError)}
	fs, c := cmd.fs, &cmd.Config
	fs.SetOutput(out)
	fs.Usage = func() {
		fmt.Fprint(out, usage)
		fs.PrintDefaults()
	}
	c.Flags(fs)
	c.FileFlags(fs)
	fs.BoolVar(&c.JSON, "json", false, "print the JSON report")
	fs.BoolVar(&c.Quiet, "q", false, "print no warnings, but those that set the exit status (malformed directives)")
	fs.IntVar(&c.ExitCode, "exit-code", ExitClones, "exit `status` when clones are reported (0: report them and succeed)")
	c.outputFlags(fs)
	c.cacheFlag(fs)
	c.spillFlag(fs)
	fs.BoolVar(&c.Stats, "stats", false, "print what the run did, measured: phase times and counts (on standard error, after the report; in the JSON report as stats.run)")
	fs.StringVar(&cmd.cpuProfile, "cpuprofile", "", "write a CPU profile to this file")
	fs.StringVar(&cmd.memProfile, "memprofile", "", "write a heap profile to this file after detection")
	fs.BoolVar(&cmd.showVersion, "version", false, "print the version and exit, as copycat version does (with -json, as JSON)")
	fs.BoolVar(&cmd.showVersion, "V", false, "the same as -version")
	return cmd
}

// parse reads the flags and returns the other arguments. ok is false when
// the run ends here, with code: -h, -version, a bad flag.
func (cmd *command) parse(args []string, stdout, stderr io.Writer) (paths []string, code int, ok bool) {
	paths, err := parseInterspersed(cmd.fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return nil, ExitClean, false
	case err != nil:
		return nil, ExitError, false // the flag package has said why
	case cmd.showVersion:
		return nil, cmd.printVersion(stdout, stderr), false
	}
	if err := cmp.Or(cmd.Check(), cmd.checkOutput(cmd.fs), cmd.checkExitCode()); err != nil {
		fmt.Fprintf(stderr, "copycat: %v\n", err)
		return nil, ExitError, false
	}
	return paths, ExitClean, true
}

func (cmd *command) printVersion(stdout, stderr io.Writer) int {
	var args []string
	if cmd.JSON {
		args = []string{"-json"}
	}
	if err := version.Print(stdout, stderr, args); err != nil {
		fmt.Fprintf(stderr, "copycat: %v\n", err)
		return ExitError
	}
	return ExitClean
}

// checkExitCode checks -exit-code: an exit status is a byte.
func (c *Config) checkExitCode() error {
	if c.ExitCode < 0 || c.ExitCode > 255 {
		return fmt.Errorf("-exit-code must be in 0..255, not %d", c.ExitCode)
	}
	return nil
}

// parseInterspersed parses the flags among args wherever they stand, as
// in "copycat ./... -min-tokens 50", and returns the other arguments in
// their order. "--" ends the flags: what follows is arguments even if it
// starts with "-". A lone "-" is an argument.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(rest, args[i+1:]...), fs.Parse(flags)
		case len(a) < 2 || a[0] != '-':
			rest = append(rest, a)
		default:
			flags = append(flags, a)
			if takesValue(fs, a) && i+1 < len(args) {
				i++
				flags = append(flags, args[i])
			}
		}
	}
	return rest, fs.Parse(flags)
}

// takesValue reports whether a, "-name" or "--name", is a flag of fs that
// takes the next argument as its value: one that is not boolean and not
// written "-name=value".
func takesValue(fs *flag.FlagSet, a string) bool {
	name := strings.TrimPrefix(a[1:], "-")
	if strings.Contains(name, "=") {
		return false
	}
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}
