package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/ignore"
	"github.com/copycat-go/copycat/internal/version"
	"github.com/copycat-go/copycat/internal/words"
	"github.com/copycat-go/copycat/load"
	"github.com/copycat-go/copycat/report"
)

// Output formats.
const (
	FormatText  = "text"
	FormatJSON  = "json"
	FormatSARIF = "sarif"
	FormatHTML  = "html"
	// FormatMarkdown is for a pull request's comment or a job summary.
	FormatMarkdown = "markdown"
	// FormatCodeClimate is GitLab's Code Quality report.
	FormatCodeClimate = "code-climate"
)

// Output is where and how the report goes; the command line sets it.
type Output struct {
	Format         string // text, json, sarif, html, markdown or code-climate
	File           string // -o; standard output when empty
	Baseline       string // -baseline FILE
	UpdateBaseline bool   // -update-baseline: write Baseline instead of reading it
	Sort           string // -sort: rank (the most worth acting on first) or position
	All            bool   // -all: report every class, not only the listed ones
	MaxClasses     int    // -max-classes: the most classes the text report prints in full
	formatSet      bool   // -format was given
}

// outputFlags registers the output flags on fs.
func (o *Output) outputFlags(fs *flag.FlagSet) {
	fs.StringVar(&o.Format, "format", FormatText, "report format: text, json, sarif, html, markdown or code-climate (GitLab's Code Quality); with -o, by default the one its extension names: .json, .sarif (.sarif.json), .html (.htm), .md (.markdown)")
	fs.StringVar(&o.File, "o", "", "write the report to `file` instead of standard output")
	fs.StringVar(&o.Baseline, "baseline", "", "report only clones that are not in the baseline `file`")
	fs.BoolVar(&o.UpdateBaseline, "update-baseline", false, "write the clones found to the -baseline file and report none")
	fs.IntVar(&o.MaxClasses, "max-classes", DefaultMaxClasses, "print at most this many classes in full in the text report, the highest ranked, and count the rest (0: all); the Markdown table lists as many, the other formats every class")
	fs.StringVar(&o.Sort, "sort", report.SortRank, "order of classes: rank (the most worth acting on first) or position (by file and line)")
	o.ListFlags(fs, "")
}

// ListFlags registers -all, which the vet analyzer registers too: report
// the classes no rule lists as well (see report.Listed). prefix is what
// the user writes before a flag's name: "" on the command line,
// "copycat." under go vet, where -all is vet's own flag, which does
// nothing. -generated, if fs has it already (FileFlags), then says that
// -all lists the classes it leaves out; copycat history, which has no
// -all, does not say so. -all names the classes a -baseline holds only
// where fs has -baseline (registered before): the analyzer has none.
func (o *Output) ListFlags(fs *flag.FlagSet, prefix string) {
	baseline := ""
	if fs.Lookup("baseline") != nil {
		baseline = " and those a -baseline holds"
	}
	fs.BoolVar(&o.All, "all", false, "report every class: also those only in tests or examples, copies on purpose (build variants, per-architecture, mirrors, per-type, inverses)"+baseline+", each saying why it is not listed")
	if f := fs.Lookup("generated"); f != nil {
		f.Usage += " (-" + prefix + "all lists it)"
	}
}

// checkOutput settles the format after parsing: -json is -format json;
// without either, -o's extension names the format (see fileFormat).
// -o - is standard output, as -diff - is standard input.
func (c *Config) checkOutput(fs *flag.FlagSet) error {
	c.File = standardOutput(c.File)
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "format":
			c.formatSet = true
		}
	})
	if c.JSON {
		if c.formatSet && c.Format != FormatJSON {
			return fmt.Errorf("-json and -format %s disagree", c.Format)
		}
		c.Format = FormatJSON
	}
	switch c.Format {
	case FormatText, FormatJSON, FormatSARIF, FormatHTML, FormatMarkdown, FormatCodeClimate:
	default:
		return fmt.Errorf("-format must be text, json, sarif, html, markdown or code-climate, not %q%s", c.Format,
			words.DidYouMean(c.Format, []string{FormatText, FormatJSON, FormatSARIF, FormatHTML, FormatMarkdown, FormatCodeClimate}))
	}
	if err := c.settleFileFormat(); err != nil {
		return err
	}
	if c.Sort != report.SortRank && c.Sort != report.SortPosition {
		return fmt.Errorf("-sort must be rank or position, not %q%s", c.Sort, words.DidYouMean(c.Sort, []string{report.SortRank, report.SortPosition}))
	}
	if c.MaxClasses < 0 {
		return fmt.Errorf("-max-classes must be 0 (no limit) or more, not %d", c.MaxClasses)
	}
	if c.UpdateBaseline && c.Baseline == "" {
		return errors.New("-update-baseline needs -baseline FILE")
	}
	if err := RefuseGoFile("o", c.File, "a report"); err != nil {
		return fmt.Errorf("%w (name a .txt, .json, .sarif, .html or .md file)", err)
	}
	if c.UpdateBaseline {
		return RefuseGoFile("baseline", c.Baseline, "a baseline")
	}
	return nil
}

// standardOutput is the file an -o value names: "" (standard output)
// for "-", which wrote a file named "-" in the working directory, where
// -diff - reads standard input; else the value.
func standardOutput(o string) string {
	if o == "-" {
		return ""
	}
	return o
}

// RefuseGoFile is the error for a file flag that would write over Go
// source, which copycat reads, or over a file of a module's own that
// copycat or the go command reads (go.mod, go.sum, go.work,
// .duplignore): copycat -o main.go, or -o go.mod, is a slip, never a
// wish, and -o go.mod replaced the module's go.mod with the report. It
// is nil for any other name. what says what would be written.
func RefuseGoFile(flag, path, what string) error {
	if strings.EqualFold(filepath.Ext(path), ".go") {
		return fmt.Errorf("-%s %s: will not write %s over a Go file", flag, path, what)
	}
	base := filepath.Base(path)
	for _, name := range moduleFiles {
		if strings.EqualFold(base, name) {
			return fmt.Errorf("-%s %s: will not write %s over %s, a file of the module that copycat and the go command read", flag, path, what, name)
		}
	}
	return nil
}

// moduleFiles are the files of a module, beside its Go files, that
// copycat or the go command reads.
var moduleFiles = []string{"go.mod", "go.sum", "go.work", "go.work.sum", ignore.FileName}

// settleFileFormat gives a report file the format its extension names,
// unless -format or -json chose one: then the two must agree, so that
// -json -o report.html is an error, not JSON in a file a browser shows
// as a page. SARIF and Code Climate are JSON, so a .json file may hold
// them too.
func (c *Config) settleFileFormat() error {
	if c.File == "" {
		return nil
	}
	if !c.formatSet && !c.JSON {
		c.Format, _ = FileFormat(c.File)
		return nil
	}
	given := "-format " + c.Format
	if c.JSON {
		given = "-json"
	}
	return FormatAgrees(given, c.Format, c.File)
}

// FormatAgrees says whether a report in format, chosen by given (-json,
// -format X), may be written to file: an error when the file's extension
// names another format. SARIF and Code Climate are JSON, so a .json
// file may hold them too. copycat-dist checks its -format and -o with
// it.
func FormatAgrees(given, format, file string) error {
	ext, named := FileFormat(file)
	if !named || format == ext || (format == FormatSARIF || format == FormatCodeClimate) && ext == FormatJSON {
		return nil
	}
	suffix := map[string]string{FormatText: ".txt", FormatJSON: ".json", FormatSARIF: ".sarif", FormatHTML: ".html", FormatMarkdown: ".md", FormatCodeClimate: ".json"}[format]
	return fmt.Errorf("%s and -o %s disagree: the extension says %s (leave out %s, or name the file %s)",
		given, file, ext, given, suffix)
}

// FileFormat is the report format a file's extension names: .json,
// .sarif (and .sarif.json), .html and .htm, .md and .markdown, in any
// case; named is false for other names, which get text.
func FileFormat(name string) (format string, named bool) {
	name = strings.ToLower(name)
	switch {
	case strings.HasSuffix(name, ".sarif"), strings.HasSuffix(name, ".sarif.json"):
		return FormatSARIF, true
	case strings.HasSuffix(name, ".json"):
		return FormatJSON, true
	case strings.HasSuffix(name, ".html"), strings.HasSuffix(name, ".htm"):
		return FormatHTML, true
	case strings.HasSuffix(name, ".md"), strings.HasSuffix(name, ".markdown"):
		return FormatMarkdown, true
	}
	return FormatText, false
}

// emit ranks the classes, applies the baseline and writes the report of
// the run that loaded res. It returns the number of classes reported:
// those listed (see report.Listed), and with -all those no rule lists
// too but for the baseline's.
func (c *Config) emit(stdout, stderr io.Writer, res *load.Result, classes []fingerprint.Class) (int, error) {
	if c.UpdateBaseline {
		return 0, c.writeBaseline(stderr, classes)
	}
	c.reread = c.rereader(res.Files)
	c.ranker().Rank(classes, report.LoadedFacts(res.Files, report.ReadFacts(c.reread)), c.Sort)
	report.DriftPairFirst(classes)
	if c.change != nil {
		return c.emitChange(stdout, res, classes)
	}
	known, gone := 0, 0
	if c.Baseline != "" {
		b, err := c.readBaselineUntilDone()
		if err != nil {
			return 0, err
		}
		known, gone = b.Mark(classes), b.Gone(classes)
	}
	rep := &report.Report{}
	findings := 0
	if c.All {
		rep = report.New(res.Files, classes)
		for _, cl := range classes {
			if cl.Signal.LeftOut != report.LeftBaseline {
				findings++
			}
		}
	} else {
		listed, left := report.Split(classes)
		rep = report.New(res.Files, listed)
		rep.Left = slices.DeleteFunc(left, func(cl fingerprint.Class) bool { return cl.Signal.LeftOut == report.LeftBaseline })
		rep.Known = known
		findings = len(listed)
	}
	rep.All, rep.MaxClasses, rep.BaselineGone = c.All, c.MaxClasses, gone
	if !c.Quiet {
		rep.MinTokens, rep.MinLines = c.MinTokens, c.MinLines // said when nothing is found
		if c.MaxOccurrences > 0 && (c.MaxOccurrences < DefaultMaxOccurrences || len(c.boilerLines) > 0) {
			rep.MaxOccurrences = c.MaxOccurrences
		}
	}
	rep.Boilerplate = report.NewBoilerplate(c.boilerLines, c.MaxOccurrences)
	rep.Boilerplate.Quiet = c.Quiet
	if len(res.Files) > 0 || res.Lazy() > 0 {
		rep.Generated = report.Generated{Files: res.FilesGenerated, Quiet: c.Quiet}
	}
	return findings, c.write(stdout, res, rep)
}

// emitChange writes the report of a run over a change: the classes it
// touches, each with its verdict. It returns the number of new copies and
// forgotten twins, plus one when the new copies hold more of the added
// lines than -max-new-duplication allows.
func (c *Config) emitChange(stdout io.Writer, res *load.Result, classes []fingerprint.Class) (int, error) {
	ch := c.changed
	touched, verdicts := judge(ch, classes, c.reread)
	// Classes of the base revision the change broke or removed: after the
	// tree's, out of its figures (no class of the tree holds them).
	base, err := c.brokenTwins(ch, res, classes)
	if err != nil {
		res.Warnings = append(res.Warnings, err)
	}
	// A new copy that is code the change moved from elsewhere is none.
	c.moves(ch, res, touched, verdicts, &base)
	more, moreVerdicts := base.classes, base.verdicts
	var left, moreLeft []fingerprint.Class
	if !c.All {
		touched, verdicts, left = splitListed(touched, verdicts)
	}
	rep := report.New(res.Files, touched)
	rankJudged(more, moreVerdicts, report.LoadedFacts(res.Files, report.ReadFacts(c.reread)), c.Sort)
	if !c.All {
		more, moreVerdicts, moreLeft = splitListed(more, moreVerdicts)
	}
	touched, verdicts = append(touched, more...), append(verdicts, moreVerdicts...)
	rep.Classes, rep.Verdicts = touched, verdicts
	rep.Left, rep.All = append(left, moreLeft...), c.All
	stats := newDuplication(ch, res.Files, touched, verdicts, c.boilerLines)
	stats.MaxNew, stats.MaxOccurrences = c.MaxNew, c.MaxOccurrences
	rep.Change = &stats
	rep.MaxClasses = c.MaxClasses
	findings := changeFindings(verdicts, c.FailOnTwins)
	if stats.OverGate() {
		findings++
	}
	return findings, c.write(stdout, res, rep)
}

// write prints rep, to standard output or to the -o file.
func (c *Config) write(stdout io.Writer, res *load.Result, rep *report.Report) error {
	c.written = len(rep.Classes)
	rep.Ranked = c.Sort == report.SortRank
	rep.ToolVersion, rep.Warnings, rep.Errors = toolVersion(), res.Warnings, res.Errors
	rep.Run = c.run
	if c.File == "" {
		if err := c.print(stdout, rep); err != nil {
			return fmt.Errorf("writing report: %w", err)
		}
		return nil
	}
	if err := c.writeOutput(c.File, func(w io.Writer) error { return c.print(w, rep) }); err != nil {
		return fmt.Errorf("cannot write report %s: %w", c.File, err)
	}
	return nil
}

// printsOnError says whether a run with errors still prints its report:
// only as text on standard output, for a person, who sees the errors
// beside it. A JSON, SARIF or HTML report, or a file, would be taken for
// the whole result, and a baseline for what was accepted.
func (c *Config) printsOnError() bool {
	return c.Format == FormatText && c.File == "" && !c.UpdateBaseline
}

// notWritten says, after a run with errors, what it did not write.
func (c *Config) notWritten(stderr io.Writer) {
	switch {
	case c.UpdateBaseline:
		fmt.Fprintf(stderr, "copycat: baseline %s not written, because of the errors above\n", c.Baseline)
	case c.File != "":
		fmt.Fprintf(stderr, "copycat: report %s not written, because of the errors above\n", c.File)
	case !c.printsOnError():
		fmt.Fprintf(stderr, "copycat: no %s report printed, because of the errors above\n", c.Format)
	}
}

// toolVersion is the version the reports name; the tests fix it.
var toolVersion = version.Version

func (c *Config) print(w io.Writer, rep *report.Report) error {
	switch c.Format {
	case FormatJSON:
		return report.JSON(w, rep)
	case FormatSARIF:
		return report.SARIF(w, rep)
	case FormatMarkdown:
		return report.Markdown(w, rep)
	case FormatCodeClimate:
		return report.CodeClimate(w, rep)
	case FormatHTML:
		return report.HTML(w, rep, report.HTMLOptions{ReadFile: c.reread})
	}
	return report.Text(w, rep)
}

// readBaselineUntilDone reads -baseline, or gives up when the run is
// interrupted: a named pipe (-baseline <(git show main:.copycat-baseline))
// blocks until something writes to it, and SIGINT must still stop the
// run.
func (c *Config) readBaselineUntilDone() (*report.Baseline, error) {
	type read struct {
		b   *report.Baseline
		err error
	}
	r, ok := untilDone(c.done, func() read {
		b, err := readBaseline(c.Baseline)
		return read{b, err}
	})
	if !ok {
		return nil, errInterrupted
	}
	return r.b, r.err
}

func readBaseline(name string) (*report.Baseline, error) {
	f, err := os.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("cannot read baseline: %w (-update-baseline writes it)", err)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read baseline: %w", err)
	}
	defer f.Close()
	b, err := report.ReadBaseline(f)
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		// Not read, rather than read and malformed (a directory: "read
		// DIR: is a directory"), which -update-baseline would not mend.
		return nil, fmt.Errorf("cannot read baseline: %w", pe)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w (-update-baseline writes a new one)", name, err)
	}
	return b, nil
}

func (c *Config) writeBaseline(stderr io.Writer, classes []fingerprint.Class) error {
	b := report.NewBaseline(classes)
	if err := c.writeOutput(c.Baseline, b.Write); err != nil {
		return fmt.Errorf("cannot write baseline %s: %w", c.Baseline, err)
	}
	if !c.Quiet {
		// The classes inside a class found have lines of their own (see
		// report.NewBaseline): say them apart, as no report lists them.
		found := map[string]bool{}
		for _, cl := range classes {
			found[cl.ID] = true
		}
		inside := ""
		if n := b.Len() - len(found); n > 0 {
			them, one := "them", "one"
			if len(found) == 1 {
				them = "it"
			}
			if n == 1 {
				one = "it"
			}
			inside = fmt.Sprintf(" (%d found, %d within %s, recorded in case %s is reported alone)", len(found), n, them, one)
		}
		fmt.Fprintf(stderr, "copycat: wrote %s to baseline %s%s\n", report.Count(b.Len(), "class", "classes"), c.Baseline, inside)
	}
	return nil
}
