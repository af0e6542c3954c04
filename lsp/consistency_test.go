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

// TestReindexStdlib pastes a standard-library function into files of the
// standard library, one at a time, and takes it out again, and checks that
// the index's classes are then those of the detection over the whole
// workspace it started from: an edit re-detects the file with the files
// that share code with it, and its classes are a whole run's only when
// that group's run counts near keys and windows over the workspace
// (fingerprint.CorpusCounts). Counted over the group
// (before 2026-12-05), 8 of 150 files re-indexed unchanged changed the
// index's classes; TestIndexMatchesFullDetection's workspace is too
// small for that to show. It tries 40 files, or COPYCAT_REINDEX_FILES of
// them; none under the race detector or -short. (With a MaxOccurrences
// of 0 or above fingerprint.NearKeyLimit, which the near-key counts do
// not cover, 53 of 150 still change the classes.)
//
//	COPYCAT_REINDEX_FILES=150 go test -run TestReindexStdlib -v ./lsp
//
// COPYCAT_REINDEX_ROOT=DIR does the same in another tree.
func TestReindexStdlib(t *testing.T) {
	n := 40
	if raceEnabled || testing.Short() {
		n = 0
	}
	if v := os.Getenv("COPYCAT_REINDEX_FILES"); v != "" {
		n, _ = strconv.Atoi(v)
	}
	if n <= 0 {
		t.Skip("indexes the standard library: COPYCAT_REINDEX_FILES runs it")
	}
	root := filepath.Join(runtime.GOROOT(), "src")
	if _, err := os.Stat(filepath.Join(root, "net", "http")); err != nil {
		t.Skipf("no standard library sources in %s", root)
	}
	copies := stdlibFunctions(t, root, 3)
	if r := os.Getenv("COPYCAT_REINDEX_ROOT"); r != "" {
		root = r // another tree, the standard library's functions pasted into it
	}
	opt := fingerprint.Options{MinTokens: 100, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85}
	if v := os.Getenv("COPYCAT_REINDEX_MAX_OCCURRENCES"); v != "" {
		opt.MaxOccurrences, _ = strconv.Atoi(v) // 0 or above 64: see docs/editors.md
	}
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
	for i, name := range names[:min(n, len(names))] {
		before := classes()
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		pasted := append(slices.Clip(src), "\n"+copies[i%len(copies)]...)
		for _, text := range [][]byte{pasted, src} {
			f, _ := load.Source(&ix, name, text, opt.MinTokens)
			x.update(name, f)
		}
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
			t.Errorf("%s, a paste taken out again:\n%s", name, strings.Join(diffs, "\n"))
		}
	}
	t.Logf("%d of %d files changed the classes", differ, min(n, len(names)))
}

// raceEnabled is set under the race detector (race_test.go).
var raceEnabled bool
