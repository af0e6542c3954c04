package golangci

import (
	"flag"
	"maps"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/copycat-go/copycat/analyzer"
	"github.com/copycat-go/copycat/internal/cli"
)

// analyzerFlags returns the analyzer's flag values and restores them when
// the test ends.
func analyzerFlags(t *testing.T) map[string]string {
	t.Helper()
	saved := flagValues(&analyzer.Analyzer.Flags)
	t.Cleanup(func() {
		for name, v := range saved {
			if err := analyzer.Analyzer.Flags.Set(name, v); err != nil {
				t.Errorf("restoring -%s: %v", name, err)
			}
		}
	})
	return saved
}

func flagValues(fs *flag.FlagSet) map[string]string {
	m := map[string]string{}
	fs.VisitAll(func(f *flag.Flag) { m[f.Name] = f.Value.String() })
	return m
}

func TestRegistered(t *testing.T) {
	analyzerFlags(t)
	newPlugin, err := register.GetPlugin("copycat")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(nil)
	if err != nil {
		t.Fatalf("no settings: %v", err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil || len(as) != 1 || as[0].Name != Name {
		t.Fatalf("BuildAnalyzers = %v, %v; want copycat's analyzer", as, err)
	}
	if err := analysis.Validate(as); err != nil {
		t.Fatal(err)
	}
	if m := p.GetLoadMode(); m != register.LoadModeSyntax {
		t.Errorf("load mode %q, want %q", m, register.LoadModeSyntax)
	}
}

// TestNoRelated: golangci-lint gets one diagnostic per copy and no
// related positions, which it would print as issues of their own.
func TestNoRelated(t *testing.T) {
	analyzerFlags(t)
	if _, err := New(map[string]any{"min-tokens": 60, "min-lines": 3}); err != nil {
		t.Fatal(err)
	}
	for _, r := range analysistest.Run(t, analysistest.TestData(), linter, "clones") {
		for _, d := range r.Diagnostics {
			if len(d.Related) > 0 {
				t.Errorf("%s: %s has %d related positions", r.Pass.Fset.Position(d.Pos), d.Message, len(d.Related))
			}
		}
	}
}

// TestDuplignoreErrorOnGoFile: a .duplignore line that cannot be used is
// an issue on the package clause of the package's first file, saying the
// file and line: golangci-lint drops the issues of files that are not Go
// files (but go.mod), so that on the .duplignore itself, as go vet has
// it, it was dropped without a word.
func TestDuplignoreErrorOnGoFile(t *testing.T) {
	analyzerFlags(t)
	if _, err := New(nil); err != nil {
		t.Fatal(err)
	}
	for _, r := range analysistest.Run(t, analysistest.TestData(), linter, "badignore") {
		for _, d := range r.Diagnostics {
			if name := r.Pass.Fset.Position(d.Pos).Filename; !strings.HasSuffix(name, ".go") {
				t.Errorf("%s: %s is on a file golangci-lint drops the issues of", name, d.Message)
			}
		}
	}
}

// TestSettings: the settings golangci-lint decodes from YAML set the
// analyzer's flags, with the command line's names and checks.
func TestSettings(t *testing.T) {
	before := analyzerFlags(t)
	settings := map[string]any{
		"min-tokens": 60.0, // YAML and JSON numbers arrive as float64
		"min-lines":  "3",
		"near":       false,
		"similarity": 0.9,
		"tests":      false,
		// A whole number of a million or more, which 'g' writes with an
		// exponent that an integer flag refuses.
		"max-occurrences": 1e6,
		"max-file-size":   4194304.0,
	}
	if _, err := New(settings); err != nil {
		t.Fatal(err)
	}
	got := flagValues(&analyzer.Analyzer.Flags)
	want := map[string]string{"min-tokens": "60", "min-lines": "3", "near": "false", "similarity": "0.9", "tests": "false",
		"max-occurrences": "1000000", "max-file-size": "4MiB"}
	for name, v := range before {
		if _, ok := want[name]; !ok {
			want[name] = v
		}
	}
	for name, v := range want {
		if got[name] != v {
			t.Errorf("-%s = %q, want %q", name, got[name], v)
		}
	}
}

func TestBadSettings(t *testing.T) {
	for _, tc := range []struct {
		name     string
		settings any
		want     string
	}{
		{"unknown", map[string]any{"min-token": 50}, `unknown setting "min-token" (known: all, generated, max-file-size, max-occurrences, min-lines, min-tokens, near, similarity, tests)`},
		{"checked", map[string]any{"min-lines": 3, "min-tokens": 0}, "-min-tokens must be at least 1, not 0"},
		{"similarity", map[string]any{"similarity": 1.5}, "-similarity must be in (0, 1], not 1.5"},
		{"not an int", map[string]any{"min-tokens": 50.5}, `setting min-tokens: invalid value "50.5"`},
		{"not a bool", map[string]any{"near": "sometimes"}, `setting near: invalid value "sometimes"`},
		{"a list", map[string]any{"min-tokens": []any{50}}, "setting min-tokens: want a number, a boolean or a string, not [50]"},
		{"not a map", []any{"min-tokens"}, "copycat settings: decoding settings"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := analyzerFlags(t)
			_, err := New(tc.settings)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			if after := flagValues(&analyzer.Analyzer.Flags); !maps.Equal(before, after) {
				t.Errorf("bad settings changed the flags: %v, was %v", after, before)
			}
		})
	}
}

// TestSameFlagsAsCLI: every setting is a flag of the command line too.
func TestSameFlagsAsCLI(t *testing.T) {
	var c cli.Config
	fs := flag.NewFlagSet("copycat", flag.ContinueOnError)
	c.Flags(fs)
	c.FileFlags(fs)
	c.ListFlags(fs, "")
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		if fs.Lookup(f.Name) == nil {
			t.Errorf("setting %s is not a command-line flag", f.Name)
		}
	})
}
