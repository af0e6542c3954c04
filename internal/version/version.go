// Package version says which copycat is running: the module version the
// binary was built from, for -version, reports and the editor server.
package version

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/copycat-go/copycat/internal/words"
)

// Name is the tool's name as reports carry it.
const Name = "copycat"

// InformationURI is the project's home, for reports that link to the tool.
const InformationURI = "https://github.com/copycat-go/copycat"

// Version is copycat's module version, "(devel)" for a build from a work
// tree.
func Version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// ErrUsage is Print's error for arguments it does not take, once it has
// said why: the caller adds nothing.
var ErrUsage = errors.New("usage")

// Print runs copycat version [-json]. A slip among args is one line, as
// the report's flags say theirs, not the whole usage, which buried it.
func Print(stdout, stderr io.Writer, args []string) error {
	fs := flag.NewFlagSet("copycat version", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	asJSON := fs.Bool("json", false, "print the version as JSON")
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprintln(stderr, "usage: copycat version [-json]")
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		return nil
	case err != nil:
		fmt.Fprintf(stderr, "copycat version: %v\nrun 'copycat version -h' for usage\n", words.FlagError(fs, err))
		return ErrUsage
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "copycat version: takes no arguments but -json, not %q\nrun 'copycat version -h' for usage\n", fs.Args())
		return ErrUsage
	}
	if !*asJSON {
		_, err := fmt.Fprintf(stdout, "%s %s (%s)\n", Name, Version(), runtime.Version())
		return err
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "\t")
	return enc.Encode(map[string]string{"name": Name, "version": Version(), "go": runtime.Version()})
}
