package lsp

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/hostile"
	"github.com/copycat-go/copycat/load"
	"github.com/copycat-go/copycat/report"
)

// The diagnostics of a workspace of n copies of one function
// (hostile.Copies, maxOccurrences 0: one class of them all), then 2n:
// their related locations and the files read to place them may grow
// about linearly, at most 2.6 times (every copy pointing to every other,
// each file's diagnostics reading every other file: 4). Each copy points
// to at most report.MaxRelated others, and each is pointed to.
func TestDiagnosticsHostile(t *testing.T) {
	const n = 300
	small, smallReads := diagnosticsOfCopies(t, n)
	large, largeReads := diagnosticsOfCopies(t, 2*n)
	t.Logf("n=%d: %d related, %d files read; 2n: %d, %d", n, small, smallReads, large, largeReads)
	if small == 0 || float64(large) > 2.6*float64(small) {
		t.Errorf("related locations: %d at n, %d at 2n: want some, growing at most 2.6×", small, large)
	}
	if float64(largeReads) > 2.6*float64(smallReads) {
		t.Errorf("files read: %d at n, %d at 2n: want at most 2.6×", smallReads, largeReads)
	}
	if large > 2*n*report.MaxRelated {
		t.Errorf("%d related locations for %d copies, want at most %d a copy", large, 2*n, report.MaxRelated)
	}
}

// diagnosticsOfCopies finds the class of n copies of one function in n/10
// files, makes the diagnostics of every file, and counts their related
// locations and the files their positions were read from.
func diagnosticsOfCopies(t *testing.T, n int) (related, reads int) {
	t.Helper()
	src := map[string][]byte{}
	for name, b := range hostile.Copies(n, n/10) {
		src[path.Join("/w", name)] = b
	}
	var ix fingerprint.Indexer
	var fs []*fingerprint.File
	for _, name := range slices.Sorted(maps.Keys(src)) {
		f, errs := load.Source(&ix, name, src[name], 100)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", name, errs)
		}
		fs = append(fs, f)
	}
	res := fingerprint.Run(fs, fingerprint.Options{MinTokens: 100, MinLines: 6, Near: true, Similarity: 0.85})
	if len(res.Classes) != 1 || len(res.Classes[0].Fragments) != n {
		t.Fatalf("%d classes, want one of %d copies", len(res.Classes), n)
	}
	c := &res.Classes[0]
	text := func(p string) []byte {
		reads++
		return src[p]
	}
	pointed := map[string]bool{}
	for _, name := range slices.Sorted(maps.Keys(src)) {
		ds := fileDiagnostics(name, []*fingerprint.Class{c}, severityHint, []string{"/w"}, text)
		if len(ds) != n/len(src) {
			t.Fatalf("%s: %d diagnostics, want %d", name, len(ds), n/len(src))
		}
		for _, d := range ds {
			related += len(d.RelatedInformation)
			for _, r := range d.RelatedInformation {
				pointed[r.Message] = true
			}
		}
	}
	if len(pointed) != n {
		t.Errorf("%d copies: %d of them pointed to, want every one", n, len(pointed))
	}
	return related, reads
}

// A class of at most report.MaxRelated+1 copies points from each copy to
// every other, in order, as before the cap; a larger one to the
// report.MaxRelated copies after it, wrapping around.
func TestDiagnosticsRelatedCopies(t *testing.T) {
	text := func(string) []byte { return []byte(strings.Repeat("x := 1\n", 20)) }
	for _, k := range []int{2, 3, report.MaxRelated + 1, report.MaxRelated + 2, 30} {
		c := &fingerprint.Class{ID: "c", Kind: fingerprint.Exact}
		for i := range k {
			c.Fragments = append(c.Fragments, fingerprint.Fragment{File: fmt.Sprintf("/w/f%02d.go", i),
				Start: fingerprint.Position{Line: 2, Column: 1}, End: fingerprint.Position{Line: 9, Column: 7}})
		}
		for i, fr := range c.Fragments {
			ds := fileDiagnostics(fr.File, []*fingerprint.Class{c}, severityHint, []string{"/w"}, text)
			if len(ds) != 1 {
				t.Fatalf("%d copies, %s: %d diagnostics", k, fr.File, len(ds))
			}
			var got, want []string
			for _, r := range ds[0].RelatedInformation {
				got = append(got, r.Message)
			}
			for j := range k {
				if j != i && (k <= report.MaxRelated+1 || (j-i+k)%k <= report.MaxRelated) {
					want = append(want, fmt.Sprintf("copy at f%02d.go:2-9", j))
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("%d copies, copy %d: related %q, want %q", k, i, got, want)
			}
		}
	}
}
