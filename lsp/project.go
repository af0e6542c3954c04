package lsp

import (
	"encoding/json"
	"flag"
	"maps"
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

// fields are the settings s sets, by their JSON names.
func (s settings) fields() map[string]json.RawMessage {
	m := map[string]json.RawMessage{}
	b, _ := json.Marshal(s) // plain values: it cannot fail
	json.Unmarshal(b, &m)
	return m
}

// settingsOf are the settings fields name.
func settingsOf(m map[string]json.RawMessage) (s settings) {
	b, _ := json.Marshal(m)
	json.Unmarshal(b, &s) // fields made by fields or from flags' values
	return s
}

// over returns s with the fields t sets set to t's.
func (s settings) over(t settings) settings {
	m := s.fields()
	maps.Copy(m, t.fields())
	return settingsOf(m)
}

// without returns s less the settings of the flags given names.
func (s settings) without(given map[string]bool) settings {
	m := s.fields()
	for name := range given {
		delete(m, flagSettings[name])
	}
	return settingsOf(m)
}

// projectSettings are the settings p's flags stand for, and the flags of
// p the editor server has no setting for.
func projectSettings(p cli.Project) (s settings, unused []string) {
	fs, _ := cli.ProjectFlagSet()
	if err := p.Apply(fs, nil); err != nil {
		return settings{}, nil // its lines were checked as read: not met
	}
	m := map[string]json.RawMessage{}
	for _, f := range p.Flags {
		name, ok := flagSettings[f.Name]
		if !ok {
			if !slices.Contains(unused, f.Name) {
				unused = append(unused, f.Name)
			}
			continue
		}
		v, err := json.Marshal(fs.Lookup(f.Name).Value.(flag.Getter).Get())
		if err == nil {
			m[name] = v
		}
	}
	return settingsOf(m), unused
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
