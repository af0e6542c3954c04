package cli

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/copycat-go/copycat/internal/version"
	"github.com/copycat-go/copycat/internal/words"
)

// command is the command line's flag set and what its flags set beyond
// Config.
type command struct {
	Config
	fs          *flag.FlagSet
	out         io.Writer // where usage goes
	cpuProfile  string
	memProfile  string
	showVersion bool
}

// newCommand registers the flags; usage goes to out. The flag set itself
// prints nothing: parse says what is wrong with the flags, in one line.
func newCommand(out io.Writer) *command {
	cmd := &command{fs: flag.NewFlagSet("copycat", flag.ContinueOnError), out: out}
	fs, c := cmd.fs, &cmd.Config
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	c.Flags(fs)
	c.FileFlags(fs)
	fs.BoolVar(&c.JSON, "json", false, "print the JSON report")
	fs.BoolVar(&c.Quiet, "q", false, "print no warnings, but those that set the exit status (malformed directives)")
	fs.IntVar(&c.ExitCode, "exit-code", ExitClones, "exit `status` when clones are reported, a class listed (0: report them and succeed)")
	c.outputFlags(fs)
	c.changeFlags(fs)
	c.cacheFlag(fs)
	c.spillFlag(fs)
	fs.BoolVar(&c.Stats, "stats", false, "print what the run did, measured: phase times and counts (on standard error, after the report; in the JSON report as stats.run)")
	fs.StringVar(&cmd.cpuProfile, "cpuprofile", "", "write a CPU profile to this file")
	fs.StringVar(&cmd.memProfile, "memprofile", "", "write a heap profile to this file after detection")
	fs.BoolVar(&cmd.showVersion, "version", false, "print the version and exit, as copycat version does (with -json, as JSON)")
	fs.BoolVar(&cmd.showVersion, "V", false, "the same as -version")
	return cmd
}

// printUsage prints the usage and the flags' defaults.
func (cmd *command) printUsage() {
	fmt.Fprint(cmd.out, usage)
	cmd.fs.SetOutput(cmd.out)
	cmd.fs.PrintDefaults()
	cmd.fs.SetOutput(io.Discard)
}

// parse reads the flags and returns the other arguments. ok is false when
// the run ends here, with code: -h, -version, a bad flag. A bad flag is
// one line, not the whole usage, which would bury it.
func (cmd *command) parse(args []string, stdout, stderr io.Writer) (paths []string, code int, ok bool) {
	paths, err := parseInterspersed(cmd.fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		cmd.printUsage()
		return nil, ExitClean, false
	case err != nil:
		fmt.Fprintf(stderr, "copycat: %v\nrun 'copycat -h' for usage\n", words.FlagError(cmd.fs, err))
		return nil, ExitError, false
	case cmd.showVersion:
		return nil, cmd.printVersion(stdout, stderr), false
	}
	if err := applyProject(cmd.fs, stderr); err != nil {
		fmt.Fprintf(stderr, "copycat: %v\n", err)
		return nil, ExitError, false
	}
	if err := cmp.Or(cmd.checkPathValues(), cmd.Check(), cmd.checkOutput(cmd.fs), cmd.checkProfiles(), cmd.checkExitCode(), cmd.checkChanges()); err != nil {
		fmt.Fprintf(stderr, "copycat: %v\n", err)
		return nil, ExitError, false
	}
	return paths, ExitClean, true
}

// pathFlags are the flags whose value names a file or a folder to
// write, or to read (-diff).
var pathFlags = []string{"o", "baseline", "cache", "cpuprofile", "memprofile", "diff"}

// revFlags are the flags whose value names a git revision.
var revFlags = []string{"new-from-rev", "new-from-merge-base"}

// checkPathValues refuses a package pattern as the value of a flag that
// names a file, a folder or a revision: copycat -o ./... is -o given no
// value, which took the packages for it (and would write a file named
// "..."); copycat -new-from-rev ./... would ask git for a revision
// "./..." and say it is not in the repository.
func (cmd *command) checkPathValues() (err error) {
	cmd.fs.Visit(func(f *flag.Flag) {
		v := f.Value.String()
		if err != nil || v != "..." && !strings.HasSuffix(filepath.ToSlash(v), "/...") {
			return
		}
		switch {
		case slices.Contains(pathFlags, f.Name):
			err = fmt.Errorf("-%s %s: that is a package pattern, not a file or folder; a value is missing after -%s", f.Name, v, f.Name)
		case slices.Contains(revFlags, f.Name):
			err = fmt.Errorf("-%s %s: that is a package pattern, not a revision; a value is missing after -%s", f.Name, v, f.Name)
		}
	})
	return err
}

// checkProfiles refuses a profile named as Go source, as checkOutput
// refuses a report.
func (cmd *command) checkProfiles() error {
	return cmp.Or(RefuseGoFile("cpuprofile", cmd.cpuProfile, "a profile"), RefuseGoFile("memprofile", cmd.memProfile, "a profile"))
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
//
// Two slips are errors of their own, before any flag is set: a flag fs
// does not define, with the defined ones it may stand for, and a boolean
// flag followed by the word true or false ("-tests false"), which would
// otherwise be taken for a package named false.
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
			if err := checkFlag(fs, a, args[i+1:]); err != nil {
				return nil, err
			}
			flags = append(flags, a)
			if takesValue(fs, a) && i+1 < len(args) {
				i++
				flags = append(flags, args[i])
			}
		}
	}
	return rest, fs.Parse(flags)
}

// CheckFlagArgs returns the first slip among the flags that lead args
// (up to the first argument that is no flag, or "--"), said as the
// report's flags say it: a flag fs does not define, with those it may
// stand for, or a boolean flag given its value apart. It is for a
// command whose flags come first, copycat lsp, whose other arguments go
// to gopls: there copycat lsp -near false read "false" as one of them.
func CheckFlagArgs(fs *flag.FlagSet, args []string) error {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || len(a) < 2 || a[0] != '-' {
			return nil
		}
		if err := checkFlag(fs, a, args[i+1:]); err != nil {
			return err
		}
		if takesValue(fs, a) {
			i++
		}
	}
	return nil
}

// flagName is the name in a, "-name", "--name" or "-name=value", and
// whether a holds a value.
func flagName(a string) (name string, hasValue bool) {
	name = strings.TrimPrefix(a[1:], "-")
	name, _, hasValue = strings.Cut(name, "=")
	return name, hasValue
}

// takesValue reports whether a, "-name" or "--name", is a flag of fs that
// takes the next argument as its value: one that is not boolean and not
// written "-name=value".
func takesValue(fs *flag.FlagSet, a string) bool {
	name, hasValue := flagName(a)
	if hasValue {
		return false
	}
	f := fs.Lookup(name)
	return f != nil && !isBool(f)
}

func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// checkFlag returns the error of a flag argument a, followed by next,
// that names no flag of fs or is a boolean flag given its value as the
// next argument. Malformed flags ("---x", "-=x") are left to fs.Parse,
// which says why.
func checkFlag(fs *flag.FlagSet, a string, next []string) error {
	name, hasValue := flagName(a)
	if name == "" || name[0] == '-' || name[0] == '=' || name == "h" || name == "help" {
		return nil
	}
	f := fs.Lookup(name)
	switch {
	case f == nil:
		return words.UnknownFlag(fs, name)
	case isBool(f) && !hasValue && len(next) > 0 && (next[0] == "true" || next[0] == "false"):
		return fmt.Errorf("-%s is a boolean flag: write -%s=%s", name, name, next[0])
	case isBool(f) && hasValue:
		// The flag package says `invalid boolean value "maybe" for
		// -tests: parse error`, which does not say what it takes.
		if _, v, _ := strings.Cut(a, "="); !isBoolText(v) {
			return fmt.Errorf("-%s takes true or false, not %q", name, v)
		}
	}
	return nil
}

// isBoolText reports whether the flag package reads s as a boolean
// (strconv.ParseBool: 1, t, T, TRUE, true, True, and their false forms).
func isBoolText(s string) bool {
	_, err := strconv.ParseBool(s)
	return err == nil
}

// commands are the words that, first among the arguments, run another
// command than the report. cache is not among them: copycat -cache DIR
// cache stats is read as it stands (cacheCommand).
var commands = []string{"help", "history", "lsp", "version"}

// CommandFirst returns args with a command word that stands after flags
// moved to the front, so that the flags go to that command: copycat
// -cache=off history reads as copycat history -cache=off, and copycat -q
// lsp as copycat lsp -q, whose flag parser then says that lsp takes no
// -q. Without it the word was taken for a package ("history: matched no
// packages") and then said to be no command, which it is. Other args
// come back as they are: a word after "--" is an argument.
func CommandFirst(args []string) []string {
	fs := newCommand(io.Discard).fs
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return args
		case len(a) < 2 || a[0] != '-':
			if i == 0 || !slices.Contains(commands, a) {
				return args
			}
			return slices.Concat([]string{a}, args[:i], args[i+1:])
		case takesValue(fs, a):
			i++
		}
	}
	return args
}
