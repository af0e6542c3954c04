package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/ignore"
	"github.com/copycat-go/copycat/report"
)

// diagnosticSource is the source of every diagnostic copycat publishes.
const diagnosticSource = "copycat"

// parseSeverity reads a severity setting; "" means Information.
func parseSeverity(s string) (int, error) {
	switch strings.ToLower(s) {
	case "", "information", "info":
		return severityInformation, nil
	case "warning":
		return severityWarning, nil
	case "hint":
		return severityHint, nil
	case "error":
		return severityError, nil
	}
	return 0, fmt.Errorf("unknown severity %q (want information, warning, hint or error)", s)
}

// A lineSource gives the text of a file, to turn byte columns into UTF-16
// ones: the editor's buffer when it is open, else the file on disk.
type lineSource func(path string) []byte

// diagnosticData travels in Diagnostic.data, for code actions.
type diagnosticData struct {
	Class string `json:"class"`
}

// fileDiagnostics turns the classes with a fragment in path into one
// diagnostic per fragment there, with the other copies as related
// information: at most report.MaxRelated, those after it (wrapping
// around), as SARIF and go vet's do, so that a class of n copies costs
// neither n² locations nor each file's diagnostics a reading of every
// other copy's file. roots shorten the paths in messages. A divergent class
// (one copy has statements another lacks) is at least a warning.
func fileDiagnostics(path string, classes []*fingerprint.Class, severity int, roots []string, text lineSource) []diagnostic {
	return shownDiagnostics(path, classes, severity, newDisplayer(roots), text)
}

// shownDiagnostics is fileDiagnostics, the classes' file names made
// relative by shown, which the diagnostics of many files share.
func shownDiagnostics(path string, classes []*fingerprint.Class, severity int, shown *displayer, text lineSource) []diagnostic {
	ds := []diagnostic{}
	lines := newLineTable(text, path)
	conv := positionConverter(text)
	for _, c := range classes {
		message := shown.message(c)
		shown := shown.class(c)
		for i, fr := range c.Fragments {
			if fr.File != path {
				continue
			}
			data, _ := json.Marshal(diagnosticData{Class: c.ID})
			d := diagnostic{
				Range:    lines.rangeOf(fr),
				Severity: classSeverity(c, severity),
				Code:     string(c.Kind),
				Source:   diagnosticSource,
				Message:  message(i),
				Data:     data,
			}
			for _, j := range report.RelatedCopies(len(c.Fragments), i) {
				other := c.Fragments[j]
				d.RelatedInformation = append(d.RelatedInformation, diagnosticRelatedInformation{
					Location: location{URI: pathToURI(other.File), Range: conv(other)},
					Message:  fmt.Sprintf("copy at %s:%d-%d", report.FileName(shown.Fragments[j].File), other.Start.Line, other.End.Line),
				})
			}
			ds = append(ds, d)
			ds = append(ds, driftDiagnostics(c, shown, i, classSeverity(c, severity), lines, conv)...)
		}
	}
	return ds
}

// columnWork counts the bytes utf16Column and unitMarks read: a test
// holds it about linear in the copies on a long line, without timing it.
var columnWork atomic.Int64

// driftWork counts the drifts driftDiagnostics reads: a test holds it
// about linear in the copies, without timing it.
var driftWork atomic.Int64

// driftDiagnostics are the warnings on fragment i of c, one for each way
// it drifted from a twin (Fragment.Drift), on the lines where it lacks
// the twin's step or slipped, with the twin's lines as related
// information; a step the odd one out of a family lacks of every other
// copy is one warning, with each twin (report.DriftSaid). They are of
// severity, the class's (classSeverity): at least a warning in a drifted
// class (an editor set to errors gets errors), the configured one in a
// class that a weak step alone (an error wrap) does not make drifted.
func driftDiagnostics(c *fingerprint.Class, shown fingerprint.Class, i, severity int, lines *lineTable, conv func(fingerprint.Fragment) lspRange) []diagnostic {
	var ds []diagnostic
	words := report.DriftWords(shown, i)
	drifts := c.Fragments[i].Drift
	at := make([]int, len(drifts)) // the diagnostic of each drift
	// The diagnostic of each step lacked at a place, by what
	// report.SaidBefore compares: each drift looked for among those
	// before it made the first copy of 4,000, lacking a step of each
	// other, 8 million comparisons.
	type step struct {
		consensus bool
		step      string
		lines     fingerprint.LineRange
	}
	said := map[step]int{}
	driftWork.Add(int64(len(drifts)))
	for k, x := range drifts {
		twin := c.Fragments[x.Twin]
		// The twin's lines whole: to the start of the line after the
		// last (its first column left that line out).
		tw := fingerprint.Fragment{File: twin.File, Start: fingerprint.Position{Line: x.TwinLines.Start, Column: 1}, End: fingerprint.Position{Line: x.TwinLines.End + 1, Column: 1}}
		related := diagnosticRelatedInformation{
			Location: location{URI: pathToURI(twin.File), Range: conv(tw)},
			Message:  fmt.Sprintf("its twin at %s:%d-%d", report.FileName(shown.Fragments[x.Twin].File), x.TwinLines.Start, x.TwinLines.End),
		}
		s := step{x.Consensus, x.Step, x.Lines}
		if first, ok := said[s]; ok && x.Kind == fingerprint.DriftLacks {
			at[k] = at[first]
			ds[at[k]].RelatedInformation = append(ds[at[k]].RelatedInformation, related)
			continue
		}
		if x.Kind == fingerprint.DriftLacks {
			said[s] = k
		}
		at[k] = len(ds)
		where := fingerprint.Fragment{Start: fingerprint.Position{Line: x.Lines.Start, Column: 1}, End: fingerprint.Position{Line: x.Lines.End, Column: len(lines.line(x.Lines.End)) + 1}}
		ds = append(ds, diagnostic{
			Range:              lines.rangeOf(where),
			Severity:           severity,
			Code:               "drift",
			Source:             diagnosticSource,
			Message:            words[k],
			RelatedInformation: []diagnosticRelatedInformation{related},
		})
	}
	return ds
}

// classSeverity is the severity of c's diagnostics: the configured one,
// raised to a warning for a divergent class.
func classSeverity(c *fingerprint.Class, severity int) int {
	if c.Divergent && severity > severityWarning {
		return severityWarning
	}
	return severity
}

// displayClass returns c with its file names made relative to the
// workspace root that holds them, for messages.
func displayClass(c *fingerprint.Class, roots []string) fingerprint.Class {
	shown := *c
	shown.Fragments = make([]fingerprint.Fragment, len(c.Fragments))
	for i, fr := range c.Fragments {
		fr.File = displayPath(fr.File, roots)
		shown.Fragments[i] = fr
	}
	return shown
}

// A displayer is displayClass for the diagnostics of many files at once,
// each class and each file name made once: each file's diagnostics made
// every name of each of its classes again, a class of 4,000 copies in
// 400 files for each of them at every edit.
type displayer struct {
	roots    []string
	names    map[string]string
	classes  map[*fingerprint.Class]fingerprint.Class
	messages map[*fingerprint.Class]func(int) string
	made     int // the names made (tests bound it)
}

func newDisplayer(roots []string) *displayer {
	return &displayer{roots: roots, names: map[string]string{}, classes: map[*fingerprint.Class]fingerprint.Class{},
		messages: map[*fingerprint.Class]func(int) string{}}
}

// message returns the messages of c's fragments, by index, in c's shown
// names: made once a class for the files whose diagnostics d makes, so
// that what other copies lack of each copy is read once, not once for
// each copy (report.Message read every drift of a class of 4,000 copies
// for each of them: 4.5 s).
func (d *displayer) message(c *fingerprint.Class) func(int) string {
	if m, ok := d.messages[c]; ok {
		return m
	}
	m := report.MessageFunc(d.class(c))
	d.messages[c] = m
	return m
}

// class is displayClass(c, d.roots).
func (d *displayer) class(c *fingerprint.Class) fingerprint.Class {
	if shown, ok := d.classes[c]; ok {
		return shown
	}
	shown := *c
	shown.Fragments = make([]fingerprint.Fragment, len(c.Fragments))
	for i, fr := range c.Fragments {
		name, ok := d.names[fr.File]
		if !ok {
			name = displayPath(fr.File, d.roots)
			d.names[fr.File] = name
			d.made++
		}
		fr.File = name
		shown.Fragments[i] = fr
	}
	d.classes[c] = shown
	return shown
}

func displayPath(p string, roots []string) string {
	for _, r := range roots {
		if rel, err := filepath.Rel(r, p); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return p
}

// positionConverter converts fragments of any file into LSP ranges,
// reading each file's text once.
func positionConverter(text lineSource) func(fingerprint.Fragment) lspRange {
	tables := map[string]*lineTable{}
	return func(fr fingerprint.Fragment) lspRange {
		t := tables[fr.File]
		if t == nil {
			t = newLineTable(text, fr.File)
			tables[fr.File] = t
		}
		return t.rangeOf(fr)
	}
}

// A lineTable finds the lines of one file's text, loaded on first use,
// and the UTF-16 columns in them.
type lineTable struct {
	load   func() []byte
	text   []byte
	starts []int // byte offset of each line
	loaded bool
	marks  map[int][]unitMark // a long line's, by its number, made when first asked
}

// A unitMark is a place in a line that counting its UTF-16 units from
// the start passes (a rune's start, or its end), and the units before it.
type unitMark struct{ at, units int }

// markBytes is how far apart the marks of a long line are.
const markBytes = 1024

func newLineTable(text lineSource, path string) *lineTable {
	return &lineTable{load: func() []byte { return text(path) }}
}

func (t *lineTable) line(n int) []byte {
	if !t.loaded {
		t.loaded = true
		t.text = t.load()
		t.starts = append(t.starts, 0)
		for i, c := range t.text {
			if c == '\n' {
				t.starts = append(t.starts, i+1)
			}
		}
	}
	if n < 1 || n > len(t.starts) {
		return nil
	}
	end := len(t.text)
	if n < len(t.starts) {
		end = t.starts[n]
	}
	return bytes.TrimRight(t.text[t.starts[n-1]:end], "\n")
}

// rangeOf converts a fragment's 1-based byte positions into an LSP range.
func (t *lineTable) rangeOf(fr fingerprint.Fragment) lspRange {
	return lspRange{
		Start: position{fr.Start.Line - 1, t.column(fr.Start.Line, fr.Start.Column)},
		End:   position{fr.End.Line - 1, t.column(fr.End.Line, fr.End.Column)},
	}
}

// column is utf16Column(t.line(n), byteCol), counted on a long line from
// the mark before the column: each fragment's columns were counted from
// its line's start, so that a line of 4,000 copies (540 KB, under
// -max-file-size) took 33 s to place them.
func (t *lineTable) column(n, byteCol int) int {
	line := t.line(n)
	if len(line) <= markBytes || byteCol <= markBytes {
		return utf16Column(line, byteCol)
	}
	marks, ok := t.marks[n]
	if !ok {
		marks = unitMarks(line)
		if t.marks == nil {
			t.marks = map[int][]unitMark{}
		}
		t.marks[n] = marks
	}
	k := min((byteCol-1)/markBytes, len(marks)-1)
	if marks[k].at > byteCol-1 {
		k-- // the mark is past the column's rune start: the one before is not
	}
	m := marks[k]
	return m.units + utf16Column(line[m.at:], byteCol-m.at)
}

// unitMarks marks line at the first rune boundary past each markBytes
// bytes, as utf16Column counts it.
func unitMarks(line []byte) []unitMark {
	marks := []unitMark{{0, 0}}
	n := 0
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRune(line[i:])
		n += utf16.RuneLen(r)
		i += size
		if i >= len(marks)*markBytes {
			marks = append(marks, unitMark{i, n})
		}
	}
	columnWork.Add(int64(len(line)))
	return marks
}

// directiveDiagnostics places the malformed suppression directives of a
// file, whose text is text, on their lines, from the comment to the end
// of its line, as warnings (code "directive"): the command line warns of
// them and sets its exit status, and the editor showed nothing, a copy's
// diagnostic staying on under a directive that did not apply. A problem
// is found by its byte offset, which a //line directive does not move.
func directiveDiagnostics(problems []ignore.Problem, text []byte) []diagnostic {
	var ds []diagnostic
	for _, p := range problems {
		off := p.Pos.Offset
		if off < 0 || off > len(text) {
			continue // the text changed since; its refresh says it again
		}
		start := bytes.LastIndexByte(text[:off], '\n') + 1
		end := len(text)
		if i := bytes.IndexByte(text[off:], '\n'); i >= 0 {
			end = off + i
		}
		line, lineNo := text[start:end], bytes.Count(text[:start], []byte{'\n'})
		ds = append(ds, diagnostic{
			Range: lspRange{
				Start: position{lineNo, utf16Column(line, off-start+1)},
				End:   position{lineNo, utf16Column(line, len(line)+1)},
			},
			Severity: severityWarning,
			Code:     "directive",
			Source:   diagnosticSource,
			Message:  p.Msg,
		})
	}
	return ds
}
