// Package golangci is copycat's module plugin for golangci-lint v2. A
// custom golangci-lint built with `golangci-lint custom` from a
// .custom-gcl.yml that names this package runs copycat's analyzer as the
// linter "copycat":
//
//	# .custom-gcl.yml
//	version: v2.15.0
//	plugins:
//	  - module: github.com/copycat-go/copycat
//	    import: github.com/copycat-go/copycat/golangci
//	    path: ../copycat    # a checkout: the module is not on the proxy yet
//
//	# .golangci.yml
//	version: "2"
//	linters:
//	  enable: [copycat]
//	  settings:
//	    custom:
//	      copycat:
//	        type: module
//	        settings:
//	          min-tokens: 80
//
// The settings are the analyzer's flags, the same names and values as the
// command line's and go vet's (-min-tokens, -min-lines, -max-occurrences,
// -near, -similarity, -tests, -generated, -max-file-size, -all). Like go vet, golangci-lint runs
// the analyzer one package at a time, so it finds the copies inside a
// package; the copycat command finds those between packages.
package golangci

import (
	"flag"
	"fmt"
	"go/token"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/copycat-go/copycat/analyzer"
	"github.com/copycat-go/copycat/internal/cli"
)

// Name is the linter's name in .golangci.yml and in //nolint comments.
const Name = "copycat"

func init() {
	register.Plugin(Name, New)
}

// New is golangci-lint's constructor of the plugin: it checks the
// settings and sets the analyzer's flags to them.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[map[string]any](settings)
	if err != nil {
		return nil, fmt.Errorf("copycat settings: %w", err)
	}
	if err := configure(&analyzer.Analyzer.Flags, s); err != nil {
		return nil, fmt.Errorf("copycat settings: %w", err)
	}
	return plugin{}, nil
}

type plugin struct{}

// BuildAnalyzers returns copycat's analyzer as golangci-lint runs it.
func (plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{linter}, nil
}

// linter is copycat's analyzer without the Related entries of its
// diagnostics. golangci-lint prints each related position as an issue of
// its own ("copycat(related information): other copy"), which then hides
// the other copy's own diagnostic on the same line; every copy has its
// diagnostic already, whose message names the other copies.
var linter = &analysis.Analyzer{
	Name:             analyzer.Analyzer.Name,
	Doc:              analyzer.Analyzer.Doc,
	URL:              analyzer.Analyzer.URL,
	Run:              runWithoutRelated,
	RunDespiteErrors: analyzer.Analyzer.RunDespiteErrors,
}

func runWithoutRelated(pass *analysis.Pass) (any, error) {
	p := *pass
	p.Report = func(d analysis.Diagnostic) {
		d.Related = nil
		pass.Report(onGoFile(pass, d))
	}
	return analyzer.Analyzer.Run(&p)
}

// onGoFile moves a diagnostic on a file that is no Go file (a line of a
// .duplignore that cannot be used) to the package clause of the
// package's first file, its message starting with that file, from the
// package's directory, and its line: golangci-lint drops the issues of
// files other than Go files and go.mod, without a word.
func onGoFile(pass *analysis.Pass, d analysis.Diagnostic) analysis.Diagnostic {
	if !d.Pos.IsValid() || len(pass.Files) == 0 {
		return d
	}
	at := pass.Fset.Position(d.Pos)
	if strings.HasSuffix(at.Filename, ".go") {
		return d
	}
	first := pass.Files[0].Package
	name := at.Filename
	if rel, err := filepath.Rel(filepath.Dir(pass.Fset.Position(first).Filename), name); err == nil {
		name = filepath.ToSlash(rel)
	}
	d.Message = fmt.Sprintf("%s:%d: %s", name, at.Line, d.Message)
	d.Pos, d.End = first, token.NoPos
	return d
}

// GetLoadMode is syntax: copycat needs neither types nor facts.
func (plugin) GetLoadMode() string { return register.LoadModeSyntax }

// configure sets the flags of fs named by the settings. The values are
// first checked as the command line checks its flags, so that bad
// settings leave fs alone.
func configure(fs *flag.FlagSet, settings map[string]any) error {
	var check cli.Config
	scratch := flag.NewFlagSet(Name, flag.ContinueOnError)
	check.Flags(scratch)
	check.FileFlags(scratch)
	values := map[string]string{}
	for _, name := range slices.Sorted(maps.Keys(settings)) {
		if fs.Lookup(name) == nil {
			return fmt.Errorf("unknown setting %q (known: %s)", name, flagNames(fs))
		}
		v, err := flagValue(settings[name])
		if err != nil {
			return fmt.Errorf("setting %s: %w", name, err)
		}
		if scratch.Lookup(name) != nil {
			if err := scratch.Set(name, v); err != nil {
				return fmt.Errorf("setting %s: invalid value %q: %w", name, v, err)
			}
		}
		values[name] = v
	}
	if err := check.Check(); err != nil {
		return err
	}
	for name, v := range values {
		if err := fs.Set(name, v); err != nil {
			return fmt.Errorf("setting %s: %w", name, err)
		}
	}
	return nil
}

// flagValue spells a YAML or JSON scalar as a flag's argument.
func flagValue(v any) (string, error) {
	switch v := v.(type) {
	case string:
		return v, nil
	case bool:
		return strconv.FormatBool(v), nil
	case float64:
		// Without an exponent: a whole number from a million up ('g'
		// writes 1e+06) is then one an integer flag takes.
		return strconv.FormatFloat(v, 'f', -1, 64), nil
	}
	return "", fmt.Errorf("want a number, a boolean or a string, not %v", v)
}

func flagNames(fs *flag.FlagSet) string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return strings.Join(names, ", ")
}
