package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/copycat-go/copycat/ignore"
	"github.com/copycat-go/copycat/internal/words"
	"github.com/copycat-go/copycat/load"
)

// ProjectFile is the name of a module's file of copycat flags, at its
// root beside go.mod: the flags every way in shares (those that choose
// what is found and which files are read), so that the command line, go
// vet, golangci-lint and the editor find the same classes once a team
// sets, say, -min-tokens 150 in one place. Each line holds flags as the
// command line writes them (-min-tokens 150, -tests=false); blank lines
// and lines starting with # say nothing. A flag given on a command line
// (or in the editor's settings) wins over the file's.
const ProjectFile = ".copycat.flags"

// MaxProjectFile is the most bytes of a project file read; a larger one
// is refused whole.
const MaxProjectFile = 64 << 10

// A Project is what a module's project file sets.
type Project struct {
	Path  string        // the file read; "" when the module has none
	Flags []ProjectFlag // in the file's order, a flag set twice twice
}

// A ProjectFlag is one flag of a project file, with its line.
type ProjectFlag struct {
	Name, Value string
	Line        int
}

// A ProjectError is a line of a project file that cannot be used, or a
// file that cannot be read. The line is left out, the rest applies.
type ProjectError struct {
	Path string
	Line int // 0: the whole file
	Err  error
}

func (e *ProjectError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %v", e.Path, e.Err)
	}
	return fmt.Sprintf("%s:%d: %v", e.Path, e.Line, e.Err)
}

func (e *ProjectError) Unwrap() error { return e.Err }

// ProjectFlagSet returns a flag set of the flags a project file may set,
// printing nothing, and the Config they set.
func ProjectFlagSet() (*flag.FlagSet, *Config) {
	c := new(Config)
	fs := flag.NewFlagSet(ProjectFile, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	c.Flags(fs)
	c.FileFlags(fs)
	return fs, c
}

// ProjectRoot is the folder whose project file applies to dir: the
// module's root (the nearest folder with a go.mod at or above dir), else
// dir itself.
func ProjectRoot(dir string) string {
	if root := load.ModuleRoot(dir); root != "" {
		return root
	}
	return dir
}

// ReadProject reads the project file of root (see ProjectRoot). No file
// is no error. A line that cannot be used (a flag a project file does
// not take, a bad value, a word that is no flag) is an error of its own,
// among errs, and is left out; a file that cannot be read (a named pipe,
// a device, past MaxProjectFile) is one error, and sets nothing. The
// values are checked as the flags check them.
func ReadProject(root string) (p Project, errs []error) {
	path := filepath.Join(root, ProjectFile)
	data, err := ignore.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return Project{}, nil
	case err != nil:
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Path == path {
			err = pe.Err
		}
		return Project{}, []error{&ProjectError{path, 0, err}}
	case len(data) > MaxProjectFile:
		return Project{}, []error{&ProjectError{path, 0, fmt.Errorf("larger than %d bytes, the most a project file holds", MaxProjectFile)}}
	}
	p.Path = path
	for i, line := range bytes.Split(data, []byte("\n")) {
		text := strings.TrimSpace(string(line))
		if text == "" || text[0] == '#' {
			continue
		}
		flags, err := parseProjectLine(text)
		if err != nil {
			errs = append(errs, &ProjectError{path, i + 1, err})
			continue
		}
		for _, f := range flags {
			f.Line = i + 1
			p.Flags = append(p.Flags, f)
		}
	}
	return p, errs
}

// parseProjectLine reads the flags of one line, each checked as the
// command line checks it.
func parseProjectLine(text string) ([]ProjectFlag, error) {
	fs, c := ProjectFlagSet()
	rest, err := parseInterspersed(fs, strings.Fields(text))
	switch {
	case errors.Is(err, flag.ErrHelp):
		return nil, errors.New("-h is no flag a project file sets")
	case err != nil:
		return nil, projectFlagError(fs, err)
	case len(rest) > 0:
		return nil, fmt.Errorf("%q is no flag: a project file holds flags only (-min-tokens 150), no packages", rest[0])
	}
	if err := c.Check(); err != nil {
		return nil, err
	}
	var out []ProjectFlag
	fs.Visit(func(f *flag.Flag) { out = append(out, ProjectFlag{Name: f.Name, Value: f.Value.String()}) })
	return out, nil
}

// projectFlagError says a flag error of a project file's line: a flag of
// the command line that a project file does not set is said to be one.
func projectFlagError(fs *flag.FlagSet, err error) error {
	err = words.FlagError(fs, err)
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !ok {
		return err
	}
	name, _, _ = strings.Cut(name, " ")
	if runFlags().Lookup(name) == nil {
		return err
	}
	return fmt.Errorf("-%s is a flag of a run, not of a project: a project file sets only the flags that choose what is found and which files are read (-min-tokens, -min-lines, -max-occurrences, -near, -similarity, -tests, -generated, -max-file-size)", name)
}

// runFlags is the command line's flag set, made once: asked for each bad
// line of a project file, which may hold thousands.
var runFlags = sync.OnceValue(func() *flag.FlagSet { return newCommand(io.Discard).fs })

// Apply sets on fs each flag of p that given does not hold (the names of
// the flags the command line set), in the file's order: the command
// line's values win. fs must define every flag a project file sets.
func (p Project) Apply(fs *flag.FlagSet, given map[string]bool) error {
	for _, f := range p.Flags {
		if given[f.Name] {
			continue
		}
		if err := fs.Set(f.Name, f.Value); err != nil {
			return &ProjectError{p.Path, f.Line, err}
		}
	}
	return nil
}

// Given returns the names of the flags set on fs.
func Given(fs *flag.FlagSet) map[string]bool {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	return given
}

// applyProject applies the project file of the working directory's
// module to fs, under the flags the command line set, and says each line
// it could not use on stderr (a bad line is left out; the run goes on).
// The error is one of fs's flags refusing a value its check let pass.
func applyProject(fs *flag.FlagSet, stderr io.Writer) error {
	wd, err := os.Getwd()
	if err != nil {
		return nil // no folder, no project: the run says what it cannot read
	}
	p, errs := ReadProject(ProjectRoot(wd))
	for _, err := range errs {
		fmt.Fprintf(stderr, "copycat: warning: %s\n", ProjectWarning(err, wd))
	}
	return p.Apply(fs, Given(fs))
}

// ProjectWarning says a project file's error as a warning: its path
// relative to wd when it is inside, and what was left out.
func ProjectWarning(err error, wd string) string {
	var pe *ProjectError
	if !errors.As(err, &pe) {
		return err.Error()
	}
	e := *pe
	if rel, rerr := filepath.Rel(wd, e.Path); rerr == nil && filepath.IsLocal(rel) {
		e.Path = rel
	}
	if e.Line == 0 {
		return e.Error() + "; none of its flags apply"
	}
	return e.Error() + "; the line is left out"
}
