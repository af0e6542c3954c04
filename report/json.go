package report

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/copycat-go/copycat/change"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/par"
	"github.com/copycat-go/copycat/internal/version"
)

// Version is the version of the JSON report's schema.
const Version = 1

// The JSON report. Fields may be added; none may change meaning.
type (
	jsonReport struct {
		Version int         `json:"version"`
		Tool    jsonTool    `json:"tool"`
		Stats   jsonStats   `json:"stats"`
		Notices []notice    `json:"notices,omitempty"` // the run's warnings and errors, as SARIF's notifications
		Classes []jsonClass `json:"classes"`
	}
	// jsonTool names the copycat that wrote the report.
	jsonTool struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	}
	jsonStats struct {
		Files           int            `json:"files"`
		Lines           int            `json:"lines"`
		Tokens          int            `json:"tokens"`
		Classes         int            `json:"classes"`
		Fragments       int            `json:"fragments"`
		DuplicatedLines int            `json:"duplicated_lines"`
		DuplicatedPct   float64        `json:"duplicated_percent"`
		Apart           int            `json:"apart,omitempty"`         // classes left out of the listed ones (see Listed)
		LeftOut         map[string]int `json:"left_out,omitempty"`      // those classes by the rule that left them out
		BaselineGone    int            `json:"baseline_gone,omitempty"` // with a baseline, its classes the run did not find: edited since, or removed
		// BoilerplateLines and BoilerplateFiles count the code of the
		// tree seen more than -max-occurrences times, held back as
		// boilerplate (Report.Boilerplate); a change counts its own.
		BoilerplateLines int         `json:"boilerplate_lines,omitempty"`
		BoilerplateFiles int         `json:"boilerplate_files,omitempty"`
		GeneratedFiles   int         `json:"generated_files,omitempty"` // files left out as generated (Report.Generated)
		Change           *jsonChange `json:"change,omitempty"`          // with a change: what it did
		Run              *RunStats   `json:"run,omitempty"`             // only with -stats
	}
	jsonClass struct {
		ID         string         `json:"id"`
		Kind       string         `json:"kind"`
		Similarity float64        `json:"similarity"`
		Tokens     int            `json:"tokens"`
		Lines      int            `json:"lines"`
		Names      int            `json:"names,omitempty"`    // the most pairs of names a copy differs from the first in
		Rank       int            `json:"rank"`               // 0–100, the higher the more worth acting on
		Reason     string         `json:"reason,omitempty"`   // why it ranks where it does
		Category   string         `json:"category,omitempty"` // build-variant, per-arch, mirror, per-type, inverse; "" for none
		Shape      string         `json:"shape,omitempty"`    // methods, variants; "" for the others
		Divergent  bool           `json:"divergent"`          // the copies drifted apart: one lacks a step of another, or slipped on a name
		Listed     bool           `json:"listed"`             // listed by default; false only with -all
		LeftOut    string         `json:"left_out,omitempty"` // when not listed, the rule that left it out and its evidence
		Change     string         `json:"change,omitempty"`   // with a change: new, forgotten-twin, grown, removed or moved
		Fragments  []jsonFragment `json:"fragments"`
	}
	jsonFragment struct {
		File      string      `json:"file"`
		StartLine int         `json:"start_line"`
		StartCol  int         `json:"start_col"`
		EndLine   int         `json:"end_line"`
		EndCol    int         `json:"end_col"`
		Tokens    int         `json:"tokens"`
		Differs   []jsonRange `json:"differs,omitempty"`
		Extra     []jsonRange `json:"extra,omitempty"`  // lines this copy has and a copy lacks
		Lacks     bool        `json:"lacks,omitempty"`  // this copy lacks the extra lines of another
		Drift     []jsonDrift `json:"drift,omitempty"`  // how this copy drifted from its twins
		Change    *jsonCopy   `json:"change,omitempty"` // with a change: what it did to this copy
	}
	// A jsonChange sums up what a change did (see ChangeStats).
	jsonChange struct {
		New                  int     `json:"new"`
		ForgottenTwins       int     `json:"forgotten_twins"`
		Grown                int     `json:"grown"`
		Removed              int     `json:"removed"`
		Moved                int     `json:"moved"` // copies moved here from elsewhere, not counted new
		AddedLines           int     `json:"added_lines"`
		NewDuplicatedLines   int     `json:"new_duplicated_lines"`
		NewDuplicatedPercent float64 `json:"new_duplicated_percent"`
		BoilerplateLines     int     `json:"boilerplate_lines,omitempty"` // added lines outside new copies in code seen more than -max-occurrences times
		MaxNewDuplication    float64 `json:"max_new_duplication,omitempty"`
		OverGate             bool    `json:"over_max_new_duplication,omitempty"`
	}
	// A jsonCopy is what a change did to one copy.
	jsonCopy struct {
		New          bool   `json:"new,omitempty"`     // the change added it
		Changed      bool   `json:"changed,omitempty"` // the change edited it
		Held         bool   `json:"held,omitempty"`    // left as it was, it already held what the change wrote into a twin
		AddedLines   int    `json:"added_lines"`
		RemovedLines int    `json:"removed_lines"`
		Text         string `json:"text,omitempty"`
		// Moved marks a copy the change moved: of a class of the tree,
		// one it moved here from MovedFrom (not new); of a class of the
		// base, one it took away and wrote again at MovedTo.
		Moved     bool       `json:"moved,omitempty"`
		MovedFrom *jsonPlace `json:"moved_from,omitempty"`
		MovedTo   *jsonPlace `json:"moved_to,omitempty"`
	}
	// A jsonPlace is lines of a file: where a moved copy was at the
	// base, or is in the tree.
	jsonPlace struct {
		File      string `json:"file"`
		StartLine int    `json:"start_line"`
		EndLine   int    `json:"end_line"`
	}
	// A jsonDrift is one way a copy drifted from a twin (see
	// fingerprint.Drift): kind lacks, discards, swapped, unrenamed or
	// changed; the lines are this copy's, the twin's are in its file.
	jsonDrift struct {
		Kind          string `json:"kind"`
		Step          string `json:"step,omitempty"` // for lacks: guard, check, validation loop, …; for unrenamed: string, conflated name
		StartLine     int    `json:"start_line"`
		EndLine       int    `json:"end_line"`
		Twin          string `json:"twin"`
		TwinStartLine int    `json:"twin_start_line"`
		TwinEndLine   int    `json:"twin_end_line"`
		Text          string `json:"text"`
	}
	jsonRange struct {
		StartLine int `json:"start_line"`
		EndLine   int `json:"end_line"`
	}
)

// JSON writes the report as JSON (see DESIGN.md for the contract).
func JSON(w io.Writer, r *Report) error {
	head, err := jsonIndented(jsonHead(r))
	if err != nil {
		return err
	}
	// The classes are most of the report (1.9 MB on the standard library
	// at -min-tokens 50): each is made and encoded on its own, on all
	// CPUs, and set in the report in order, as the one encoder of the
	// whole report writes them, indented two levels deeper (TestJSONByClass).
	classes := make([][]byte, len(r.Classes))
	errs := make([]error, len(r.Classes))
	par.For(len(r.Classes), runtime.GOMAXPROCS(0), func(_, ci int) {
		classes[ci], errs[ci] = jsonEncodedClass(r, ci)
	})
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	_, err = w.Write(jsonJoin(head, classes))
	return err
}

// jsonHead is the JSON report of r without its classes.
func jsonHead(r *Report) jsonReport {
	apart, left := 0, map[string]int(nil)
	for _, lc := range r.LeftCounts() {
		if left == nil {
			left = map[string]int{}
		}
		apart += lc.Classes
		left[lc.Rule] = lc.Classes
	}
	out := jsonReport{
		Version: Version,
		Tool:    jsonTool{Name: version.Name, Version: r.toolVersion()},
		Stats: jsonStats{
			Files: r.Stats.Files, Lines: r.Stats.Lines, Tokens: r.Stats.Tokens,
			Classes: r.Stats.Classes, Fragments: r.Stats.Fragments,
			DuplicatedLines: r.Stats.DuplicatedLines,
			DuplicatedPct:   math.Round(Percent(r.Stats)*100) / 100,
			Apart:           apart,
			LeftOut:         left,
			BaselineGone:    r.BaselineGone,
			Change:          jsonChangeOf(r.Change),
			Run:             r.Run,
		},
		Classes: []jsonClass{},
	}
	if r.Change == nil {
		out.Stats.BoilerplateLines, out.Stats.BoilerplateFiles = r.Boilerplate.Lines, r.Boilerplate.Files
	}
	out.Stats.GeneratedFiles = r.Generated.Files
	for _, n := range notices(r) {
		if n.File != "" {
			n.File = jsonName(n.File)
		}
		out.Notices = append(out.Notices, n)
	}
	return out
}

// jsonIndented encodes v as the JSON report's encoder does: indented by
// two spaces, HTML escaped, ending with a newline.
func jsonIndented(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// jsonEncodedClass encodes the report's class ci as an element of the
// report's classes: indented, its lines after the first starting two
// levels in.
func jsonEncodedClass(r *Report, ci int) ([]byte, error) {
	compact, err := json.Marshal(jsonClassOf(r, ci))
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Grow(2 * len(compact))
	if err := json.Indent(&b, compact, "    ", "  "); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// jsonClassEnd is how the indented report with no class ends, its
// classes last.
const jsonClassEnd = "[]\n}\n"

// jsonJoin sets the encoded classes into head, the indented report with
// none: what the encoder of the whole report writes.
func jsonJoin(head []byte, classes [][]byte) []byte {
	if len(classes) == 0 {
		return head
	}
	start, ok := bytes.CutSuffix(head, []byte(jsonClassEnd))
	if !ok {
		panic("report: the JSON report does not end with its classes")
	}
	n := len(start) + len("[\n  ]\n}\n")
	for _, c := range classes {
		n += len(c) + len(",\n    ")
	}
	out := make([]byte, 0, n)
	out = append(out, start...)
	for i, c := range classes {
		if i == 0 {
			out = append(out, "[\n    "...)
		} else {
			out = append(out, ",\n    "...)
		}
		out = append(out, c...)
	}
	return append(out, "\n  ]\n}\n"...)
}

// jsonClassOf converts the report's class ci for the JSON report.
func jsonClassOf(r *Report, ci int) jsonClass {
	c := r.Classes[ci]
	v := r.verdict(ci)
	jc := jsonClass{ID: c.ID, Kind: string(c.Kind), Similarity: math.Round(c.Similarity*1000) / 1000, Tokens: c.Tokens, Lines: c.Lines, Names: c.Names,
		Rank: c.Signal.Score, Reason: c.Signal.Reason, Category: c.Signal.Category, Shape: c.Signal.Shape, Divergent: c.Divergent,
		Listed: Listed(c), LeftOut: LeftOut(c)}
	if v != nil {
		jc.Change = v.Kind
	}
	for i, f := range c.Fragments {
		jc.Fragments = append(jc.Fragments, jsonFragment{File: jsonName(f.File), StartLine: f.Start.Line, StartCol: f.Start.Column,
			EndLine: f.End.Line, EndCol: f.End.Column, Tokens: f.Tokens, Differs: lineRanges(f.Differs), Extra: lineRanges(f.Extra), Lacks: f.Lacks,
			Drift: jsonDrifts(c, i)})
		if v != nil {
			jc.Fragments[i].Change = &jsonCopy{New: v.New[i], Changed: v.Touched[i] && !v.New[i] && !v.MovedCopy(i), Held: v.Held(i),
				AddedLines: v.Added[i], RemovedLines: v.Removed[i], Text: ChangeWords(c, *v, i),
				Moved: v.MovedCopy(i), MovedFrom: jsonPlaceOf(v.MovedFrom, i), MovedTo: jsonPlaceOf(v.MovedTo, i)}
		}
	}
	return jc
}

// jsonDrifts converts fragment i's drifts for the JSON report.
func jsonDrifts(c fingerprint.Class, i int) []jsonDrift {
	words := DriftWords(c, i)
	var out []jsonDrift
	for k, d := range c.Fragments[i].Drift {
		out = append(out, jsonDrift{Kind: string(d.Kind), Step: d.Step, StartLine: d.Lines.Start, EndLine: d.Lines.End,
			Twin: jsonName(c.Fragments[d.Twin].File), TwinStartLine: d.TwinLines.Start, TwinEndLine: d.TwinLines.End, Text: words[k]})
	}
	return out
}

// jsonPlaceOf converts places[i], nil when there is none.
func jsonPlaceOf(places []change.Place, i int) *jsonPlace {
	if places == nil || places[i].File == "" {
		return nil
	}
	p := places[i]
	return &jsonPlace{File: jsonName(p.File), StartLine: p.Start, EndLine: p.End}
}

// jsonChangeOf converts the change's figures, nil without a change.
func jsonChangeOf(s *ChangeStats) *jsonChange {
	if s == nil {
		return nil
	}
	j := &jsonChange{New: s.New, ForgottenTwins: s.ForgottenTwins, Grown: s.Grown, Removed: s.Removed, Moved: s.Moved, AddedLines: s.AddedLines,
		NewDuplicatedLines: s.NewDuplicated, NewDuplicatedPercent: round2(s.Percent()), BoilerplateLines: s.Boilerplate, OverGate: s.OverGate()}
	if s.MaxNew >= 0 {
		j.MaxNewDuplication = s.MaxNew
	}
	return j
}

// jsonName is a file's name as the JSON report gives it: as it is, unless
// it is not UTF-8, which JSON cannot hold (its bytes would all become
// U+FFFD, and two names one), or starts with a quote; then quoted with
// Go's escapes, as the text report quotes it, so that every name stays
// apart from every other.
func jsonName(name string) string {
	if !utf8.ValidString(name) || strings.HasPrefix(name, `"`) {
		return strconv.Quote(name)
	}
	return name
}

// lineRanges converts a fragment's differing lines for the JSON and SARIF
// reports.
func lineRanges(ds []fingerprint.LineRange) []jsonRange {
	var out []jsonRange
	for _, d := range ds {
		out = append(out, jsonRange{d.Start, d.End})
	}
	return out
}
