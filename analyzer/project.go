package analyzer

import (
	"errors"
	"flag"
	"go/token"
	"io"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/copycat-go/copycat/ignore"
	"github.com/copycat-go/copycat/internal/cli"
)

// A projectConfig is the configuration of the packages of one project
// root (cli.ProjectRoot: the module's root): the flags go vet or
// golangci-lint gave, over the project file's.
type projectConfig struct {
	cfg  cli.Config
	errs []error // the project file's lines that cannot be used
}

// driverFlags is Analyzer.Flags, as the driver set them (set by init:
// Analyzer's Run reaches configFor).
var driverFlags *flag.FlagSet

// driverGiven lists the analyzer's flags the driver set: golangci-lint
// sets them on Analyzer.Flags; go vet's unitchecker parses them into the
// program's flags, named copycat.NAME, sharing their values.
// A flag whose value is not its default counts too, however it was set
// (a driver or a test may set its Value directly).
func driverGiven() []setFlag {
	set := map[string]bool{}
	driverFlags.Visit(func(f *flag.Flag) { set[f.Name] = true })
	flag.Visit(func(f *flag.Flag) {
		if n, ok := strings.CutPrefix(f.Name, name+"."); ok {
			set[n] = true
		}
	})
	var out []setFlag
	driverFlags.VisitAll(func(f *flag.Flag) {
		if v := f.Value.String(); set[f.Name] || v != f.DefValue {
			out = append(out, setFlag{f.Name, v})
		}
	})
	return out
}

// A setFlag is a flag the driver set, with its value.
type setFlag struct{ name, value string }

// projects holds each project root's configuration, made once for the
// driver's flags as they are: go vet runs one package a process,
// golangci-lint many at once in one, and tests set other flags between
// runs.
var projects sync.Map // root and the driver's flags → func() *projectConfig

// configFor returns the configuration of the packages of root: the
// project file's flags under those the driver set (Analyzer.Flags).
func configFor(root string) *projectConfig {
	given := driverGiven()
	key := root
	for _, g := range given {
		key += "\x00" + g.name + "=" + g.value
	}
	once, _ := projects.LoadOrStore(key, sync.OnceValue(func() *projectConfig { return newProjectConfig(root, given) }))
	return once.(func() *projectConfig)()
}

func newProjectConfig(root string, driver []setFlag) *projectConfig {
	pc := &projectConfig{}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	pc.cfg.Flags(fs)
	pc.cfg.FileFlags(fs)
	pc.cfg.ListFlags(fs, name+".")
	given := map[string]bool{}
	for _, g := range driver {
		if fs.Lookup(g.name) != nil && fs.Set(g.name, g.value) == nil {
			given[g.name] = true
		}
	}
	p, errs := cli.ReadProject(root)
	if err := p.Apply(fs, given); err != nil {
		errs = append(errs, err)
	}
	pc.errs = errs
	return pc
}

// reportProject reports the project file's errors, each once, as the
// .duplignore's are: by the package of the project root, or, where none
// lives, by the first package below it.
func (u *unit) reportProject() {
	if len(u.errs) == 0 || reporterOf(u.root) != u.dir {
		return
	}
	var tf *token.File
	for _, err := range u.errs {
		var pe *cli.ProjectError
		if !errors.As(err, &pe) {
			continue
		}
		if tf == nil {
			tf = u.projectFile(pe.Path)
		}
		pos, msg := tf.Pos(0), "cannot use "+cli.ProjectFile+": "+pe.Err.Error()
		if pe.Line >= 1 && pe.Line <= tf.LineCount() {
			pos, msg = tf.LineStart(pe.Line), "cannot use this line of "+cli.ProjectFile+": "+pe.Err.Error()
		}
		u.report(analysis.Diagnostic{Pos: pos, Category: CategoryProject, Message: msg})
	}
}

// projectFile adds the project file at path to the pass's file set, its
// lines read, for the positions of its errors; a file that cannot be
// read is added as one byte, for its start.
func (u *unit) projectFile(path string) *token.File {
	src, err := ignore.ReadFile(path)
	if err != nil || len(src) == 0 || len(src) > cli.MaxProjectFile {
		return u.pass.Fset.AddFile(path, -1, 1)
	}
	tf := u.pass.Fset.AddFile(path, -1, len(src))
	tf.SetLinesForContent(src)
	return tf
}
