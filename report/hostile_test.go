package report

import (
	"io"
	"maps"
	"slices"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/hostile"
	"github.com/copycat-go/copycat/load"
)

// The report of the hostile cases of many copies of one function that
// reach the report's steps (internal/hostile), at n and 2n copies, as
// TestEngineCases runs the engine: what the copies' messages and the
// notes' matching read (work) may grow about linearly, at most 2.6 times
// (a quadratic step, 4).
func TestReportHostile(t *testing.T) {
	for _, c := range []struct {
		name  string
		files func(copies, files int) map[string][]byte
	}{
		{"lacking-first", hostile.LackingFirst}, // each copy's message read every drift of the class
		{"noted-copies", hostile.NotedCopies},   // each note was matched against the names of every copy
	} {
		t.Run(c.name, func(t *testing.T) {
			const n = 1000
			small, large := reportWork(t, c.files(n, n/10)), reportWork(t, c.files(2*n, 2*n/10))
			hostile.Linear(t, "the report's work", small, large)
		})
	}
}

// reportWork detects the clones among files as the command line does,
// with -max-occurrences 0, and returns the work of ranking them and of
// writing the text, SARIF and Code Climate reports.
func reportWork(t *testing.T, files map[string][]byte) int64 {
	t.Helper()
	var ix fingerprint.Indexer
	var fs []*fingerprint.File
	for _, name := range slices.Sorted(maps.Keys(files)) {
		f, errs := load.Source(&ix, name, files[name], 100)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", name, errs)
		}
		fs = append(fs, f)
	}
	res := fingerprint.Run(fs, fingerprint.Options{MinTokens: 100, MinLines: 6, Near: true, Similarity: 0.85})
	if len(res.Classes) == 0 {
		t.Fatal("no classes")
	}
	before := work.Load()
	Rank(res.Classes, LoadedFacts(fs, func(string) *fingerprint.Facts { return nil }), SortRank)
	r := New(fs, res.Classes)
	for _, print := range []func(io.Writer, *Report) error{Text, SARIF, CodeClimate} {
		if err := print(io.Discard, r); err != nil {
			t.Fatal(err)
		}
	}
	return work.Load() - before
}
