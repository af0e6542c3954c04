package pipeline

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/cli"
	"github.com/copycat-go/copycat/internal/version"
	"github.com/copycat-go/copycat/report"
)

// Stage 5: the report.

func init() {
	register.DoFn6x1[context.Context, Totals, func(*[]byte) bool, func(*string) bool, func(*Held) bool, func(string), error](&reportFn{})
}

// Report gathers the classes (JSON) of all units and writes the report
// of them and of the corpus's totals (a singleton), in format (cli's
// FormatJSON or FormatSARIF): a PCollection of one string, the report
// without its final newline (which Write adds back). The classes
// come to the one worker that writes the report as a side input of the
// totals, so that a corpus without classes has its report too; so do the
// files' warnings (Files), the report's notices as copycat's, and the
// code held back as boilerplate (Boilerplate: one Held, or none).
func Report(s beam.Scope, c Config, classes, totals, warnings, held beam.PCollection) beam.PCollection {
	fn := &reportFn{Format: c.format(), MaxOccurrences: c.MaxOccurrences}
	return beam.ParDo(s, fn, totals, beam.SideInput{Input: classes}, beam.SideInput{Input: warnings}, beam.SideInput{Input: held})
}

// reportFn writes the report.
type reportFn struct {
	Format         string
	MaxOccurrences int
}

func (fn reportFn) ProcessElement(ctx context.Context, t Totals, classes func(*[]byte) bool, warnings func(*string) bool, held func(*Held) bool, emit func(string)) error {
	defer since(ctx, mReportUs, time.Now())
	if n := t.Found - t.Generated; t.Files == 0 && n > 0 {
		// As copycat, which then exits with status 2 and prints no
		// JSON or SARIF report: a run that read none of the files it
		// found is no clean run (a CI gate over a tree that no longer
		// parses would pass).
		if n == 1 {
			return errors.New("no file could be read: the one file found was skipped (see the warnings in the workers' log)")
		}
		return fmt.Errorf("no file could be read: the %d files found were all skipped (see the warnings in the workers' log)", n)
	}
	var all []fingerprint.Class
	var b []byte
	for classes(&b) {
		mReportInputs.Inc(ctx, int64(len(b)))
		var c fingerprint.Class
		if err := json.Unmarshal(b, &c); err != nil {
			return fmt.Errorf("a unit's class: %w", err)
		}
		all = append(all, c)
	}
	var ws []string
	var w string
	for warnings(&w) {
		ws = append(ws, w)
	}
	var boiler, h Held
	for held(&h) {
		boiler = heldFn{}.MergeAccumulators(boiler, h)
	}
	var out bytes.Buffer
	said := report.Boilerplate{Lines: int(boiler.Lines), Files: int(boiler.Files), Max: fn.MaxOccurrences}
	if err := WriteReport(&out, fn.Format, all, t, said, sortedWarnings(ws)); err != nil {
		return err
	}
	emit(string(bytes.TrimSuffix(out.Bytes(), []byte("\n"))))
	return nil
}

// WriteReport writes the report of classes found in work units over a
// corpus of the given totals, with its code held back as boilerplate, in
// format (JSON or SARIF), as the copycat command writes it: the classes
// in the engine's order, ranked, those no rule leaves out listed, a
// drifted class's differing pair first.
func WriteReport(w *bytes.Buffer, format string, classes []fingerprint.Class, t Totals, boiler report.Boilerplate, warnings []error) error {
	fingerprint.SortClasses(classes)
	report.Rank(classes, noFacts, report.SortRank)
	report.DriftPairFirst(classes)
	listed, left := report.Split(classes)
	rep := report.New(nil, listed)
	rep.Stats.Files, rep.Stats.Lines, rep.Stats.Tokens = int(t.Files), int(t.Lines), int(t.Tokens)
	rep.Left = left
	rep.Ranked = true
	rep.ToolVersion = version.Version()
	rep.Warnings = warnings
	rep.Boilerplate = boiler
	if t.Files > 0 {
		rep.Generated = report.Generated{Files: int(t.Generated)}
	}
	if format == cli.FormatSARIF {
		return report.SARIF(w, rep)
	}
	return report.JSON(w, rep)
}

// sortedWarnings decodes the files' warnings (warningOf) in the order
// copycat lists them: the files in the order of their names, as
// load.Resolve sorts them, each file's warnings in the order it gave them.
func sortedWarnings(ws []string) []error {
	type entry struct {
		name string
		n    int
		msg  string
	}
	es := make([]entry, len(ws))
	for i, w := range ws {
		es[i].name, es[i].n, es[i].msg = parseWarning(w)
	}
	slices.SortFunc(es, func(a, b entry) int {
		return cmp.Or(strings.Compare(a.name, b.name), cmp.Compare(a.n, b.n), strings.Compare(a.msg, b.msg))
	})
	var out []error
	for _, e := range es {
		out = append(out, errors.New(e.msg))
	}
	return out
}
