package lsp

import (
	"flag"
	"io"
	"path/filepath"
	"slices"

	"github.com/copycat-go/copycat/internal/cli"
)

// The project file of flags (cli.ProjectFile) at the root of the first
// workspace folder's module sets the detection options under those the
// editor's settings and copycat lsp's own flags give, so that the editor
// finds the classes the command line and go vet find.

// flagSettings names the setting that stands for each flag a project
// file may set; -generated has none (the editor server leaves generated
// files out).
var flagSettings = map[string]string{
	"min-tokens":      "minTokens",
	"min-lines":       "minLines",
	"max-occurrences": "maxOccurrences",
	"near":            "near",
	"similarity":      "similarity",
	"tests":           "tests",
	"max-file-size":   "maxFileSize",
}

// over returns s with the fields t sets set to t's.
func (s settings) over(t settings) settings {
	if t.Severity != "" {
		s.Severity = t.Severity
	}
	pick := func(a, b *int) *int {
		if b != nil {
			return b
		}
		return a
	}
	s.MinTokens = pick(s.MinTokens, t.MinTokens)
	s.MinLines = pick(s.MinLines, t.MinLines)
	s.MaxOccurrences = pick(s.MaxOccurrences, t.MaxOccurrences)
	s.MaxFiles = pick(s.MaxFiles, t.MaxFiles)
	if t.Near != nil {
		s.Near = t.Near
	}
	if t.Similarity != nil {
		s.Similarity = t.Similarity
	}
	if t.Tests != nil {
		s.Tests = t.Tests
	}
	if t.MaxFileSize != nil {
		s.MaxFileSize = t.MaxFileSize
	}
	return s
}

// without returns s less the settings of the flags given names.
func (s settings) without(given map[string]bool) settings {
	for name := range given {
		switch flagSettings[name] {
		case "minTokens":
			s.MinTokens = nil
		case "minLines":
			s.MinLines = nil
		case "maxOccurrences":
			s.MaxOccurrences = nil
		case "near":
			s.Near = nil
		case "similarity":
			s.Similarity = nil
		case "tests":
			s.Tests = nil
		case "maxFileSize":
			s.MaxFileSize = nil
		}
	}
	return s
}

// projectSettings are the settings p's flags stand for, and the flags of
// p the editor server has no setting for.
func projectSettings(p cli.Project) (s settings, unused []string) {
	var c cli.Config
	fs := flag.NewFlagSet(cli.ProjectFile, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	c.Flags(fs)
	c.FileFlags(fs)
	if err := p.Apply(fs, nil); err != nil {
		return settings{}, nil // its lines were checked as read: not met
	}
	for _, f := range p.Flags {
		switch flagSettings[f.Name] {
		case "minTokens":
			s.MinTokens = &c.MinTokens
		case "minLines":
			s.MinLines = &c.MinLines
		case "maxOccurrences":
			s.MaxOccurrences = &c.MaxOccurrences
		case "near":
			s.Near = &c.Near
		case "similarity":
			s.Similarity = &c.Similarity
		case "tests":
			s.Tests = &c.Tests
		case "maxFileSize":
			s.MaxFileSize = &c.MaxFileSize
		default:
			if !slices.Contains(unused, f.Name) {
				unused = append(unused, f.Name)
			}
		}
	}
	return s, unused
}

// projectOf reads the project file of the first of roots, and logs what
// it cannot use. e.mu is not held.
func (e *engine) projectOf(roots []string) (settings, string) {
	if len(roots) == 0 {
		return settings{}, ""
	}
	root := cli.ProjectRoot(roots[0])
	p, errs := cli.ReadProject(root)
	var msgs []string
	for _, err := range errs {
		msgs = append(msgs, cli.ProjectWarning(err, root))
	}
	s, unused := projectSettings(p)
	for _, name := range unused {
		msgs = append(msgs, cli.ProjectFile+": -"+name+" is not used by the editor server, which leaves generated files out")
	}
	for _, m := range msgs {
		e.log.Printf("%s", m)
	}
	if p.Path != "" {
		e.log.Printf("project flags from %s", filepath.Clean(p.Path))
	}
	if len(msgs) > 0 {
		return s, "copycat: " + msgs[0]
	}
	return s, ""
}

// compose is the configuration the server runs with: its command line's
// (base), under it the project file's settings but for the flags the
// command line set, over it the editor's.
func (e *engine) compose(project, editor settings) (config, error) {
	cfg := e.base
	if err := cfg.apply(project.without(e.base.given)); err != nil {
		return config{}, err
	}
	if err := cfg.apply(editor); err != nil {
		return config{}, err
	}
	return cfg, nil
}
