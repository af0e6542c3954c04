// Package report prints clone classes: as go vet-style text lines, as
// the versioned JSON report that other tools read, as SARIF 2.1.0 for code
// scanning (sarif.go) and as a self-contained HTML page for people
// (html.go); it also keeps baselines of accepted clones (baseline.go).
// The vet analyzer and the language server build their messages here too,
// so every output says the same thing.
package report

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/copycat-go/copycat/change"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/words"
)

// A Report is the outcome of one run.
type Report struct {
	Stats   fingerprint.Stats
	Classes []fingerprint.Class
	Files   []FileInfo // every file read, for per-package figures
	// ToolVersion is the version of copycat that ran, for the reports
	// that name it; version.Version() when empty.
	ToolVersion string
	// Warnings and Errors are the problems the run met (files that do
	// not parse, malformed directives; paths that cannot be read), for
	// the reports that carry them (SARIF).
	Warnings, Errors []error
	// Ranked says that Classes are in rank order (see Rank): the text
	// report then lists each class's fragments together, the best first.
	Ranked bool
	// Run, if set, is what the run did, measured (-stats).
	Run *RunStats
	// Left are the classes found but left out of Classes (see Listed),
	// for the reports that count them or show them on demand (HTML).
	// With -all they are in Classes, each with its Signal.LeftOut.
	Left []fingerprint.Class
	// Known counts the classes a baseline held, left out of Classes and
	// Left alike; BaselineGone the baseline's classes this run did not
	// find (Baseline.Gone).
	Known, BaselineGone int
	// All says that Classes hold the classes no rule lists too (-all).
	All bool
	// Verdicts, with a change (-new-from-rev and the like), say what it
	// did to each class of Classes, in their order; Change sums them up.
	Verdicts []change.Verdict
	Change   *ChangeStats
	// MaxClasses is the most classes the text report prints in full, the
	// highest ranked; the others are counted. 0 prints every class.
	MaxClasses int
	// MinTokens and MinLines are the smallest clone the run looked for,
	// which the text report names when it found none at all (when set:
	// copycat -q leaves them 0).
	MinTokens, MinLines int
	// MaxOccurrences, when not 0, is a -max-occurrences lower than the
	// default, or one past which the run left out code as boilerplate,
	// which FloorLine names too.
	MaxOccurrences int
	// Boilerplate is the code the run held back as seen more than
	// -max-occurrences times (fingerprint.Result.Boilerplate), which
	// BoilerplateLine says and JSON counts; zero when none.
	Boilerplate Boilerplate
	// Generated counts the files left out as generated, which
	// GeneratedLine says and JSON counts.
	Generated Generated
}

// Generated counts the files left out as generated
// (load.Result.FilesGenerated); zero for a run whose files are all
// generated, which says so on its own. Quiet (copycat -q) keeps the text
// and Markdown reports from saying it; JSON counts it all the same.
type Generated struct {
	Files int
	Quiet bool
}

// Boilerplate counts the lines and files of code held back as
// boilerplate, seen more than Max times. Quiet (copycat -q) keeps the
// text and Markdown reports from saying it; JSON counts it all the same.
type Boilerplate struct {
	Lines, Files, Max int
	Quiet             bool
}

// NewBoilerplate counts the lines of byFile, the lines held back by file,
// with max, the -max-occurrences past which they were.
func NewBoilerplate(byFile map[string][]fingerprint.LineRange, max int) Boilerplate {
	b := Boilerplate{Files: len(byFile), Max: max}
	for _, rs := range byFile {
		b.Lines += fingerprint.LinesIn(rs)
	}
	return b
}

// A FileInfo is one file that was read.
type FileInfo struct {
	Name  string
	Lines int
}

// New summarises a run.
func New(files []*fingerprint.File, classes []fingerprint.Class) *Report {
	r := &Report{Stats: fingerprint.Summarise(files, classes), Classes: classes}
	for _, f := range files {
		r.Files = append(r.Files, FileInfo{f.Name, f.Lines})
	}
	return r
}

// Message describes fragment i of class c for a reader looking at it:
// lowercase, no period, naming the copy it duplicates.
func Message(c fingerprint.Class, i int) string {
	return message(c, i, sync.OnceValue(func() *lackedOf { return newLackedOf(c) }))
}

// Messages is Message of each fragment of c, in order: the steps other
// copies lack of each fragment are read once for the class. Read for
// each fragment, every fragment's message read every drift of the class,
// and the text report of 8,000 copies of one function, the first lacking
// a guard of each other, spent 1.6 s of the run's 2.2 s there.
func Messages(c fingerprint.Class) []string {
	of := MessageFunc(c)
	out := make([]string, len(c.Fragments))
	for i := range c.Fragments {
		out[i] = of(i)
	}
	return out
}

// MessageFunc returns Message of c's fragments, by index, for a caller
// that says a few of them at a time (the editor, file by file): the
// steps other copies lack of each fragment are read once for the class,
// when a message first needs them, as Messages reads them.
func MessageFunc(c fingerprint.Class) func(i int) string {
	of := sync.OnceValue(func() *lackedOf { return newLackedOf(c) })
	return func(i int) string { return message(c, i, of) }
}

// Work is what the messages of copies and the matching of notes have
// read so far (see work): a caller's test holds it about linear in the
// copies, as TestReportHostile holds the report's.
func Work() int64 { return work.Load() }

// work counts what the messages of copies and the matching of notes
// read (DriftSaid, newLackedOf, notedCopy): the drifts of a copy or a
// class, the names of a class's copies and the words of a note, each
// looked up. Those once read every drift of a class for each copy, each
// drift against those before it, or every copy's names for each note; a
// test holds the count about linear in the copies (TestReportHostile),
// without timing it. No report shows it.
var work atomic.Int64

// OtherCopy is the index of the copy that the message of copy i of a
// class of n copies says it duplicates: the first, or for the first the
// second.
func OtherCopy(n, i int) int {
	if i == 0 && n > 1 {
		return 1
	}
	return 0
}

// message is Message, taking what other copies lack of the fragments
// from lacked, called only when a fragment has lines others lack or a
// drifted class has no reason to say.
func message(c fingerprint.Class, i int, lacked func() *lackedOf) string {
	other := c.Fragments[OtherCopy(len(c.Fragments), i)]
	var why string
	switch {
	case c.Signal.Reason != "":
		why = "; " + c.Signal.Reason
	case c.Divergent:
		// Without the rank's reason (go vet, the editor), the drift's
		// words: a copy whose twin discards a value it checks said
		// "drifted" and no more.
		why = "; drifted"
		if w := lacked().drifted; w != "" {
			why += ": " + w
		}
	}
	msg := fmt.Sprintf("duplicate of %s (%s, %s, %d copies%s)",
		placeOf(FileName(other.File), other.Start.Line, other.End.Line), KindLabel(c), Count(c.Tokens, "token", "tokens"), len(c.Fragments), why)
	f := c.Fragments[i]
	words := DriftSaid(c, i)
	switch {
	case len(words) > 0:
		msg += "; " + strings.Join(words, "; ")
	case len(f.Extra) == 0:
	case len(c.Fragments) == 2:
		msg += "; the other copy lacks this one's " + lacked().steps(c, i)
	default:
		msg += "; " + lacked().byCopies(c, i)
	}
	return msg
}

// byCopies says which of fragment i's steps which other copies lack,
// the steps the same copies lack together, those most copies lack first:
// "3 other copies lack this one's check (lines 9-11); another copy lacks
// its guard (lines 4-6)". Said of all the steps at once, "4 other copies
// lack this one's guard and check" had 4 lack the check and one the
// guard.
func (lk *lackedOf) byCopies(c fingerprint.Class, i int) string {
	if len(lk.lacked[i]) == 0 { // no step named: its other lines
		return fmt.Sprintf("%s this one's %s", lackers(lk.copies[i]), lk.steps(c, i))
	}
	var groups [][]lackedStep // the steps the same copies lack
	at := map[string]int{}
	for _, s := range lk.lacked[i] {
		key := fmt.Sprint(s.by)
		k, ok := at[key]
		if !ok {
			k = len(groups)
			at[key] = k
			groups = append(groups, nil)
		}
		groups[k] = append(groups[k], s)
	}
	slices.SortStableFunc(groups, func(a, b []lackedStep) int { return cmp.Compare(len(b[0].by), len(a[0].by)) })
	var parts []string
	for k, g := range groups {
		whose := "this one's"
		if k > 0 {
			whose = "its"
		}
		parts = append(parts, fmt.Sprintf("%s %s %s", lackers(len(g[0].by)), whose, stepsText(g)))
	}
	return strings.Join(parts, "; ")
}

// lackers is the subject of what n other copies lack.
func lackers(n int) string {
	if n == 1 {
		return "another copy lacks"
	}
	return fmt.Sprintf("%d other copies lack", n)
}

// lackedOf is what the copies of a class lack of each other, by the
// fragment whose steps they lack (a Lacks drift whose twin it is): how
// many other copies lack a step of it, and its steps they lack, each
// once, in the order of the copies and their drifts.
type lackedOf struct {
	copies []int
	lacked [][]lackedStep
	// drifted says what drifted in a drifted class, as its reason
	// does: "a copy lacks the check".
	drifted string
}

type lackedStep struct {
	what  string
	lines fingerprint.LineRange
	by    []int // the copies that lack it, in order
}

func newLackedOf(c fingerprint.Class) *lackedOf {
	n := len(c.Fragments)
	lk := &lackedOf{copies: make([]int, n), lacked: make([][]lackedStep, n)}
	last := make([]int, n) // the last copy counted lacking a step of each, plus one
	type said struct {
		twin  int
		what  string
		lines fingerprint.LineRange
	}
	at := map[said]int{} // a step's index in lk.lacked[twin]
	for j, f := range c.Fragments {
		work.Add(int64(len(f.Drift)))
		for _, d := range f.Drift {
			i := d.Twin
			if i == j || d.Kind != fingerprint.DriftLacks {
				continue
			}
			if last[i] != j+1 {
				last[i] = j + 1
				lk.copies[i]++
			}
			if d.Step == "" {
				continue
			}
			key := said{i, d.Step, d.TwinLines}
			k, ok := at[key]
			if !ok {
				k = len(lk.lacked[i])
				at[key] = k
				lk.lacked[i] = append(lk.lacked[i], lackedStep{what: d.Step, lines: d.TwinLines})
			}
			if by := lk.lacked[i][k].by; len(by) == 0 || by[len(by)-1] != j {
				lk.lacked[i][k].by = append(by, j)
			}
		}
	}
	if c.Divergent {
		lk.drifted = driftReason(c)
	}
	return lk
}

// steps names the steps of fragment i that another copy lacks, with
// their lines: "check (lines 9-11) and defer (line 14)". Said as "only
// this copy has line 2386", a copy that has other lines its twin lacks
// (a switch that is no step) read as having that line alone.
func (lk *lackedOf) steps(c fingerprint.Class, i int) string {
	if len(lk.lacked[i]) == 0 {
		return rangesText(c.Fragments[i].Extra)
	}
	return stepsText(lk.lacked[i])
}

// stepsText names steps with their lines (see steps).
func stepsText(steps []lackedStep) string {
	steps = slices.Clone(steps)
	slices.SortFunc(steps, func(a, b lackedStep) int { return cmp.Compare(a.lines.Start, b.lines.Start) })
	// Steps of one kind are said once, with all their lines, in the
	// order of the first: "checks (lines 9-11 and 30-32)".
	var kinds []string
	lines := map[string][]fingerprint.LineRange{}
	for _, s := range steps {
		if _, ok := lines[s.what]; !ok {
			kinds = append(kinds, s.what)
		}
		lines[s.what] = append(lines[s.what], s.lines)
	}
	var parts []string
	for _, what := range kinds {
		rs := lines[what]
		if plural, ok := stepPlurals[what]; ok && len(rs) > 1 {
			parts = append(parts, plural+" ("+rangesText(rs)+")")
			continue
		}
		for _, r := range rs {
			parts = append(parts, what+" ("+rangesText([]fingerprint.LineRange{r})+")")
		}
	}
	return andList(parts)
}

// stepPlurals are the plurals of the steps a copy may lack.
var stepPlurals = map[string]string{
	fingerprint.StepGuard:       "guards",
	fingerprint.StepCheck:       "checks",
	fingerprint.StepLoop:        "validation loops",
	fingerprint.StepDefer:       "defers",
	fingerprint.StepLock:        "locks",
	fingerprint.StepUnlock:      "unlocks",
	fingerprint.StepFlag:        "flags",
	fingerprint.StepErrorPath:   "assignments on an error path",
	fingerprint.StepEarlyReturn: "assignments before an early return",
	fingerprint.StepErrorReturn: "returns on an error path",
	fingerprint.StepWrap:        "error wraps",
	fingerprint.StepWrapVerb:    "%w wraps",
	fingerprint.StepCondition:   "checks in a condition",
	fingerprint.StepBounds:      "bounds checks",
	fingerprint.StepParam:       "uses of a parameter",
	fingerprint.StepUnchecked:   "unchecked calls",
}

// andList joins parts for a reader: "a", "a and b", "a, b and c".
func andList(parts []string) string {
	n := len(parts)
	if n < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:n-1], ", ") + " and " + parts[n-1]
}

// rangesText names line ranges for a reader: "line 7", "lines 7-9 and 12".
func rangesText(rs []fingerprint.LineRange) string {
	var parts []string
	for _, r := range rs {
		if r.Start == r.End {
			parts = append(parts, strconv.Itoa(r.Start))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", r.Start, r.End))
		}
	}
	list := andList(parts)
	if fingerprint.LinesIn(rs) == 1 {
		return "line " + list
	}
	return "lines " + list
}

// KindLabel is the class's kind, with the similarity for near classes:
// "renamed", "near 92%".
func KindLabel(c fingerprint.Class) string {
	if c.Kind == fingerprint.Near {
		return fmt.Sprintf("near %d%%", int(math.Floor(c.Similarity*100)))
	}
	return string(c.Kind)
}

// A Line is one fragment of one class, for printers that list fragments.
type Line struct {
	Class    int // index in Report.Classes
	Fragment int // index in the class's fragments
}

// Lines lists every fragment of every class in file order; in a ranked
// report, class by class in rank order, each class's fragments in their
// order (file order, but for the pair of a drifted class that differs:
// DriftPairFirst).
func (r *Report) Lines() []Line {
	var ls []Line
	for ci, c := range r.Classes {
		for fi := range c.Fragments {
			ls = append(ls, Line{ci, fi})
		}
	}
	if r.Ranked {
		return ls
	}
	slices.SortStableFunc(ls, func(a, b Line) int {
		fa, fb := r.Classes[a.Class].Fragments[a.Fragment], r.Classes[b.Class].Fragments[b.Fragment]
		return cmp.Or(cmp.Compare(fa.File, fb.File), cmp.Compare(fa.Start.Line, fb.Start.Line),
			cmp.Compare(fa.Start.Column, fb.Start.Column), cmp.Compare(fb.End.Line, fa.End.Line))
	})
	return ls
}

// Text prints one line per fragment in go vet's shape, in the order of
// Lines, then what the report left out (the classes past MaxClasses, and
// those no rule lists, counted by rule), then a summary line.
func Text(w io.Writer, r *Report) error {
	bw := bufio.NewWriter(w)
	shown := r.shown()
	msgs := make([][]string, len(r.Classes)) // each class's Messages, made when first needed
	for _, l := range r.Lines() {
		if shown != nil && !shown[l.Class] {
			continue
		}
		c := r.Classes[l.Class]
		f := c.Fragments[l.Fragment]
		if msgs[l.Class] == nil {
			msgs[l.Class] = Messages(c)
		}
		msg := msgs[l.Class][l.Fragment]
		if !Listed(c) {
			msg += "; not listed: " + LeftOut(c)
		}
		if w := r.changeWords(l.Class, l.Fragment); w != "" {
			msg += "; " + w
		}
		fmt.Fprintf(bw, "%s:%d:%d: %s\n", FileName(f.File), f.Start.Line, f.Start.Column, msg)
	}
	if shown != nil {
		fmt.Fprintf(bw, "copycat: printed the first %d of %s (-max-classes 0 prints all)\n",
			r.MaxClasses, Count(len(r.Classes), "class", "classes"))
	}
	if line := r.LeftLine(); line != "" {
		fmt.Fprintln(bw, line)
	}
	if line := r.GoneLine(); line != "" {
		fmt.Fprintln(bw, line)
	}
	if line := r.BoilerplateLine(); line != "" {
		fmt.Fprintln(bw, line)
	}
	if line := r.GeneratedLine(); line != "" {
		fmt.Fprintln(bw, line)
	}
	if r.Change != nil {
		fmt.Fprintln(bw, r.Change.Line())
	}
	if line := r.FloorLine(); line != "" {
		fmt.Fprintln(bw, line)
	}
	if r.Change != nil {
		fmt.Fprintln(bw, ChangeSummary(r.Stats))
	} else {
		fmt.Fprintln(bw, Summary(r.Stats))
	}
	return bw.Flush()
}

// FloorLine says, when a run over some files found no class at all,
// listed or not, how small a copy it looked for: a newcomer's paste of
// nine lines and 70 tokens is under the defaults (100 tokens; a function
// copied whole, 50 tokens and 10 lines), and "0 classes" alone reads as
// a copy missed. It names what suppressions leave out too: a
// copy left out by a //copycat:ignore was otherwise said to be too small,
// and whether one applied is not known of a run whose result came from
// the index. "" otherwise.
func (r *Report) FloorLine() string {
	if r.MinTokens == 0 || r.Change != nil || r.Stats.Files == 0 || len(r.Classes)+len(r.Left)+r.Known > 0 {
		return ""
	}
	line := fmt.Sprintf("copycat: found no copy of %s and %s or more (of a function copied whole, %s and %s), past what //copycat:ignore, //nolint and .duplignore leave out; -min-tokens and -min-lines look for smaller ones",
		Count(r.MinTokens, "token", "tokens"), Count(r.MinLines, "line", "lines"),
		Count(r.MinTokens/2, "token", "tokens"), Count(max(r.MinLines, fingerprint.WholeFuncLines), "line", "lines"))
	if r.MaxOccurrences > 0 {
		line += fmt.Sprintf(", and -max-occurrences %d left out code repeated more often than that", r.MaxOccurrences)
	}
	return line
}

// BoilerplateLine says how much code the run held back as boilerplate,
// which makes no class however often it was pasted: "copycat: left out
// as boilerplate: 7196 lines in 54 files repeat code seen more than 10
// times (-max-occurrences 0 compares them too)"; "" when none, over a
// change (whose line counts the added lines among them), or when
// FloorLine says it.
func (r *Report) BoilerplateLine() string {
	b := r.Boilerplate
	if b.Lines == 0 || b.Quiet || r.Change != nil || r.FloorLine() != "" {
		return ""
	}
	return fmt.Sprintf("copycat: left out as boilerplate: %s in %s %s code seen more than %d times (-max-occurrences 0 compares them too)",
		Count(b.Lines, "line", "lines"), Count(b.Files, "file", "files"), words.Agree(b.Lines, "repeats", "repeat"), b.Max)
}

// GeneratedLine says how many files were left out as generated, "" for
// none: the summary's count of files holds only those read, and a file
// left out unsaid read as one copycat missed.
func (r *Report) GeneratedLine() string {
	g := r.Generated
	if g.Files == 0 || g.Quiet {
		return ""
	}
	return fmt.Sprintf("copycat: left out as generated: %s (-generated reads %s)", Count(g.Files, "file", "files"), words.Agree(g.Files, "it", "them"))
}

// changeWords says what the change did to fragment fi of class ci, ""
// without a change.
func (r *Report) changeWords(ci, fi int) string {
	v := r.verdict(ci)
	if v == nil {
		return ""
	}
	return ChangeWords(r.Classes[ci], *v, fi)
}

// verdict is class ci's verdict, nil without a change.
func (r *Report) verdict(ci int) *change.Verdict {
	if ci >= len(r.Verdicts) {
		return nil
	}
	return &r.Verdicts[ci]
}

// shown marks the classes the text report prints when MaxClasses cuts
// it short: the MaxClasses highest ranked, first come first; nil when
// every class is printed.
func (r *Report) shown() []bool {
	if r.MaxClasses <= 0 || len(r.Classes) <= r.MaxClasses {
		return nil
	}
	idx := make([]int, len(r.Classes))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		return cmp.Compare(r.Classes[b].Signal.Score, r.Classes[a].Signal.Score)
	})
	shown := make([]bool, len(r.Classes))
	for _, i := range idx[:r.MaxClasses] {
		shown[i] = true
	}
	return shown
}

// LeftCount is how many classes one rule left out of a report.
type LeftCount struct {
	Rule    string // LeftTests, LeftExamples, LeftBaseline or a category
	Classes int
}

// LeftCounts counts the classes left out of the report by rule (Left,
// or with -all the classes no rule lists, and Known): tests first, then
// examples, then the copies on purpose by category, then the baseline's.
func (r *Report) LeftCounts() []LeftCount {
	n := map[string]int{}
	for _, cs := range [][]fingerprint.Class{r.Classes, r.Left} {
		for _, c := range cs {
			if !Listed(c) {
				n[c.Signal.LeftOut]++
			}
		}
	}
	n[LeftBaseline] += r.Known
	var out []LeftCount
	for _, rule := range []string{LeftTests, LeftExamples, CategoryBuildVariant, CategoryPerArch, CategoryMirror, CategoryPerType, CategoryInverse, LeftBaseline} {
		if n[rule] > 0 {
			out = append(out, LeftCount{rule, n[rule]})
		}
	}
	return out
}

// LeftLine says, in one line, how many classes no rule lists and which
// rules left them out; "" when none was left out.
func (r *Report) LeftLine() string {
	why := r.LeftWhy()
	switch {
	case why == "":
		return ""
	case r.All:
		return "copycat: of these, not listed by default: " + why
	}
	n := 0
	for _, lc := range r.LeftCounts() {
		n += lc.Classes
	}
	if n == 1 {
		return "copycat: not listed: " + why + " (-all lists it)"
	}
	return "copycat: not listed: " + why + " (-all lists them)"
}

// GoneLine says how many of the baseline's classes the run did not find:
// a class whose code was edited has a new ID, so that it is listed as
// new while the baseline's line for it finds nothing; "" when none.
func (r *Report) GoneLine() string {
	if w := r.goneWords(); w != "" {
		return "copycat: " + w
	}
	return ""
}

func (r *Report) goneWords() string {
	if r.BaselineGone == 0 {
		return ""
	}
	return fmt.Sprintf("%s of the baseline %s not found: edited since (a class whose code changed is new to the baseline), removed, or outside what this run read; -update-baseline records the classes as they are",
		Count(r.BaselineGone, "class", "classes"), words.Agree(r.BaselineGone, "was", "were"))
}

// LeftWhy counts the classes no rule lists by rule, in words: "12
// classes in tests, 2 classes in examples, 3 classes copied on purpose (2 per-arch, 1 mirror)";
// "" when none was left out.
func (r *Report) LeftWhy() string {
	counts := r.LeftCounts()
	var parts, purpose []string
	onPurpose := 0
	for _, lc := range counts {
		switch lc.Rule {
		case LeftTests:
			parts = append(parts, Count(lc.Classes, "class", "classes")+" in tests")
		case LeftExamples:
			parts = append(parts, Count(lc.Classes, "class", "classes")+" in examples")
		case LeftBaseline:
		default:
			onPurpose += lc.Classes
			purpose = append(purpose, fmt.Sprintf("%d %s", lc.Classes, lc.Rule))
		}
	}
	if onPurpose > 0 {
		parts = append(parts, fmt.Sprintf("%s copied on purpose (%s)", Count(onPurpose, "class", "classes"), strings.Join(purpose, ", ")))
	}
	if n := len(counts); n > 0 && counts[n-1].Rule == LeftBaseline {
		parts = append(parts, Count(counts[n-1].Classes, "class", "classes")+" in the baseline")
	}
	return strings.Join(parts, ", ")
}

// Summary is the closing line of the text output.
func Summary(s fingerprint.Stats) string {
	return fmt.Sprintf("copycat: %s, %s", Count(s.Classes, "class", "classes"), summaryFigures(s))
}

// summaryFigures are a summary's figures after its classes: "4
// fragments, 54 duplicated lines (57.4% of 94 lines in 3 files)".
func summaryFigures(s fingerprint.Stats) string {
	return fmt.Sprintf("%s, %s (%.1f%% of %s in %s)",
		Count(s.Fragments, "fragment", "fragments"),
		Count(s.DuplicatedLines, "duplicated line", "duplicated lines"), Percent(s),
		Count(s.Lines, "line", "lines"), Count(s.Files, "file", "files"))
}

// ChangeSummary is the closing line of the text output over a change: its
// figures are of the tree's classes the change touches (the base's
// classes, forgotten twins whose class broke and removed copies, are
// counted on the change's line), so it says so. "0 classes" after a
// forgotten twin reads as a contradiction otherwise.
func ChangeSummary(s fingerprint.Stats) string {
	return fmt.Sprintf("copycat: the change touches %s of the tree: %s", Count(s.Classes, "class", "classes"), summaryFigures(s))
}

// Count is n followed by the noun, singular for 1: "1 class", "3 classes".
func Count(n int, one, many string) string { return words.Count(n, one, many) }

// FileName is a file name as line-oriented output prints it: as it is,
// unless it holds something that could break or forge a line (a control
// character, a character that is not printable, bytes that are not
// UTF-8) or starts with a quote; then quoted with Go's escapes, as
// strconv.Quote does.
func FileName(name string) string {
	if strings.HasPrefix(name, `"`) || !utf8.ValidString(name) || strings.ContainsFunc(name, notPrintable) {
		return strconv.Quote(name)
	}
	return name
}

func notPrintable(r rune) bool { return !strconv.IsPrint(r) }

// OneLine escapes the characters of a message that are not printable
// (a newline in a file name, say) as Go escapes them, so that the message
// stays one line of line-oriented output and cannot forge another.
func OneLine(msg string) string {
	if utf8.ValidString(msg) && !strings.ContainsFunc(msg, notPrintable) {
		return msg
	}
	q := strconv.Quote(msg)
	return strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`)
}

// Percent is the share of lines that are duplicated.
func Percent(s fingerprint.Stats) float64 {
	if s.Lines == 0 {
		return 0
	}
	return 100 * float64(s.DuplicatedLines) / float64(s.Lines)
}
