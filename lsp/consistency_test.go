package lsp

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// TestReindexStdlib re-indexes files of the standard library one at a
// time, each unchanged, and checks that the index's classes stay those of
// the detection over the whole workspace it started from. It does not yet
// pass, and so runs only when COPYCAT_REINDEX_FILES says how many files
// to try:
//
//	COPYCAT_REINDEX_FILES=150 go test -run TestReindexStdlib -v ./lsp
//
// (2026-12-05: 8 of 150 files at random change the index's classes;
// with near-miss clones off, none.) An edit re-detects the file with the
// files that share code with it, and the near-miss stage counts over that
// group what a whole run counts over the workspace: how many units share
// a k-gram (past nearMaxRun it is boilerplate), and so how many of a
// unit's k-grams count when two units are compared. The stars that cut a
// family of near copies into classes see only the group's units too.
// TestIndexMatchesFullDetection's workspace is too small for these to
// differ. Given the workspace's counts instead (a fingerprint.Corpus of
// its window sketch and of the near keys two to nearMaxRun of its units
// hold, as the Beam pipeline gives each part), the same 150 re-indexed
// files changed nothing: what the index lacks is those counts, kept up
// to date at every edit without slowing it.
func TestReindexStdlib(t *testing.T) {
	n := 0
	if v := os.Getenv("COPYCAT_REINDEX_FILES"); v != "" {
		n, _ = strconv.Atoi(v)
	}
	if n <= 0 {
		t.Skip("set COPYCAT_REINDEX_FILES to run it")
	}
	root := filepath.Join(runtime.GOROOT(), "src")
	opt := fingerprint.Options{MinTokens: 100, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85}
	paths, _ := load.Resolve([]string{root + "/..."}, load.Options{Tests: true})
	files := load.Parse(paths, load.Options{Tests: true, MinTokens: opt.MinTokens}).Files
	x := newIndex(opt)
	x.read = os.ReadFile
	x.build(files)
	classes := func() map[string]string {
		m := map[string]string{}
		for id, c := range x.classes {
			m[id] = describe([]fingerprint.Class{*c})
		}
		return m
	}
	var names []string
	for name := range x.byFile {
		names = append(names, name)
	}
	slices.Sort(names)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	var ix fingerprint.Indexer
	differ := 0
	for _, name := range names[:min(n, len(names))] {
		before := classes()
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := load.Source(&ix, name, src, opt.MinTokens)
		x.update(name, f)
		after := classes()
		var diffs []string
		for id, c := range before {
			if after[id] != c {
				diffs = append(diffs, "gone "+c)
			}
		}
		for id, c := range after {
			if before[id] != c {
				diffs = append(diffs, "new "+c)
			}
		}
		if len(diffs) > 0 {
			differ++
			slices.Sort(diffs)
			t.Errorf("%s re-indexed unchanged:\n%s", name, strings.Join(diffs, "\n"))
		}
	}
	t.Logf("%d of %d files re-indexed unchanged changed the classes", differ, min(n, len(names)))
}
