package fingerprint

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestAlignBounds pins drift alignment, bounded by depthBound and then by
// keptBound, to alignment with no bound, on near copies: the functions
// of one name in the files of one name in go/types and
// cmd/compile/internal/types2.
func TestAlignBounds(t *testing.T) {
	root := filepath.Join(runtime.GOROOT(), "src")
	paths, _ := filepath.Glob(filepath.Join(root, "go", "types", "*.go"))
	srcs := map[string]string{}
	for _, p := range paths {
		base := filepath.Base(p)
		a, errA := os.ReadFile(p)
		b, errB := os.ReadFile(filepath.Join(root, "cmd", "compile", "internal", "types2", base))
		if errA == nil && errB == nil {
			srcs["a/"+base], srcs["b/"+base] = string(a), string(b)
		}
	}
	if len(srcs) == 0 {
		t.Skip("no go/types and types2 sources")
	}
	files := indexSources(t, 50, srcs)
	d := &detector{files: files, opt: Options{MinTokens: 50, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85}}
	v := newVerifier()
	byName := map[string]int32{}
	for i, f := range files {
		byName[f.Name] = int32(i)
	}
	pairs, bounded, again := 0, 0, 0
	for i, fa := range files {
		j, ok := byName["b/"+strings.TrimPrefix(fa.Name, "a/")]
		if !strings.HasPrefix(fa.Name, "a/") || !ok {
			continue
		}
		fb := files[j]
		for ua, u := range fa.units {
			if !u.fn || u.tok1-u.tok0 < 50 {
				continue
			}
			for ub, w := range fb.units {
				if !w.fn || fb.vals[w.name] != fa.vals[u.name] {
					continue
				}
				a, b := span{int32(i), int32(ua), int32(ua)}, span{j, int32(ub), int32(ub)}
				ca, cb := d.codes(a), d.codes(b)
				if bytes.Equal(ca, cb) || 10*commonCodes(ca, cb) < 8*(len(ca)+len(cb))/2 {
					continue
				}
				_, _, bound := d.editedLines(v, a, b)
				want, okW := d.align(v, a, b, noBounds)
				for _, bd := range []int{bound, -1} {
					got, okG := d.align(v, a, b, bd)
					if okG != okW || !sameAlignment(got, want) {
						t.Fatalf("%s %d and %s %d, bound %d: alignment differs from the unbounded one", fa.Name, ua, fb.Name, ub, bd)
					}
				}
				pairs++
				if bound < len(ca)+len(cb) {
					bounded++
				}
				if len(want.addA)+len(want.addB) > 0 {
					again++
				}
			}
		}
	}
	if pairs < 100 || bounded < pairs/2 || again < 10 {
		t.Errorf("%d pairs compared, %d bounded, %d aligned again: too few to tell", pairs, bounded, again)
	}
}

func sameAlignment(x, y alignment) bool {
	return x.a == y.a && x.b == y.b &&
		slices.Equal(x.match, y.match) && slices.Equal(x.back, y.back) && slices.Equal(x.seenB, y.seenB) &&
		slices.Equal(x.addA, y.addA) && slices.Equal(x.addB, y.addB) &&
		slices.Equal(x.pureA, y.pureA) && slices.Equal(x.pureB, y.pureB) &&
		slices.Equal(x.gapsA, y.gapsA) && slices.Equal(x.gapsB, y.gapsB) &&
		slices.Equal(x.kept, y.kept)
}

// TestDriftAlignmentCapped: a near-miss pair of a function of closures
// nested in composite literals and a block of its copy, whose tokens lie
// a brace less deep, differs in every token drift analysis aligns (their
// braces' depth marked): the alignment is given up past driftMaxEdits
// edits, and a warning says so, where it took memory of the square of
// the depth (two copies of 2,000 levels: 6.4 GB). The alignments of the
// go/... files of the standard library come nowhere near it.
func TestDriftAlignmentCapped(t *testing.T) {
	opt := Options{MinTokens: 100, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85}
	level := func(i int) string { return fmt.Sprintf("[]func(){func() {\na += %d\n", i) }
	src := "package p\n" + nestedLevels("f", 400, level, "}}[0]()\n") + nestedLevels("g", 400, level, "}}[0]()\n")
	res := Run(indexSources(t, opt.MinTokens, map[string]string{"a.go": src}), opt)
	if res.Work.DriftUnaligned == 0 || !slices.ContainsFunc(res.Warnings, func(w string) bool { return strings.Contains(w, "drift analysis") }) {
		t.Errorf("nested closures: %d alignments given up, warnings %q: want some, and said", res.Work.DriftUnaligned, res.Warnings)
	}
	var ix Indexer
	var files []*File
	for _, s := range goSources(t) {
		if s.f != nil {
			files = append(files, ix.Index(s.path, s.fset, s.f, s.src, opt.MinTokens, nil))
		}
	}
	if res := Run(files, opt); res.Work.DriftUnaligned > 0 {
		t.Errorf("go/...: %d alignments given up, want none", res.Work.DriftUnaligned)
	}
}
