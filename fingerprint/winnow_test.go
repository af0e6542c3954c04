package fingerprint

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// dequeWinnow is winnowing as it was done with a deque of candidate
// minima: the reference winnow's answers are pinned to.
func dequeWinnow(hs []uint64) []gram {
	n := len(hs)
	var out []gram
	var dq []int32
	head, last := 0, int32(-1)
	for i := range n {
		for len(dq) > head && hs[dq[len(dq)-1]] >= hs[i] {
			dq = dq[:len(dq)-1]
		}
		dq = append(dq, int32(i))
		if dq[head] <= int32(i-winnowWindow) {
			head++
		}
		if i >= winnowWindow-1 || i == n-1 {
			if m := dq[head]; m != last {
				out = append(out, gram{m, uint32(hs[m] >> 32)})
				last = m
			}
		}
	}
	return out
}

// winnowCodes winnows codes with ix, and with dequeWinnow over the same
// gram hashes.
func winnowCodes(ix *Indexer, codes []byte) (got, want []gram) {
	ix.ts.codes = codes
	ix.hashPrefixes()
	ix.file = &File{}
	ix.winnow()
	got = ix.file.grams
	var hs []uint64
	for i := 0; i+gramSize <= len(codes); i++ {
		hs = append(hs, mix(ix.spanHash(int32(i), int32(i+gramSize))))
	}
	return got, dequeWinnow(hs)
}

// TestWinnowAsDeque pins winnow's grams to those of a deque of candidate
// minima: on the standard library's files, on streams whose grams all
// tie (one code repeated), on periodic ones (ties every period, shorter
// and longer than the window), on random ones of few codes (many ties)
// and on files shorter than a window.
func TestWinnowAsDeque(t *testing.T) {
	var ix Indexer
	check := func(name string, codes []byte) {
		t.Helper()
		if got, want := winnowCodes(&ix, codes); !slices.Equal(got, want) {
			t.Fatalf("%s (%d codes): winnow gives %d grams, the deque %d\n got %v\nwant %v", name, len(codes), len(got), len(want), got[:min(len(got), 20)], want[:min(len(want), 20)])
		}
	}
	for n := range 3 * winnowWindow {
		check("constant", slices.Repeat([]byte{7}, n))
	}
	for period := 1; period <= 2*winnowWindow+1; period++ {
		codes := make([]byte, 500)
		for i := range codes {
			codes[i] = byte(i%period + 1)
		}
		check("periodic", codes)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		codes := make([]byte, r.IntN(400))
		kinds := 1 + r.IntN(3)
		for i := range codes {
			codes[i] = byte(r.IntN(kinds))
		}
		check("random", codes)
	}
	for _, g := range goSources(t) {
		ix.ts.scan(g.src)
		check(g.path, slices.Clone(ix.ts.codes))
	}
}

// BenchmarkWinnow winnows the token streams of a few standard packages.
func BenchmarkWinnow(b *testing.B) {
	var streams [][]byte
	for _, pkg := range []string{"net/http", "go/types", "runtime", "encoding/json", "fmt"} {
		paths, _ := filepath.Glob(filepath.Join(runtime.GOROOT(), "src", pkg, "*.go"))
		var ts tokenStream
		for _, p := range paths {
			src, err := os.ReadFile(p)
			if err != nil {
				b.Fatal(err)
			}
			ts.scan(src)
			streams = append(streams, slices.Clone(ts.codes))
		}
	}
	if len(streams) == 0 {
		b.Skip("no standard library sources")
	}
	var ix Indexer
	prefixes := make([][]uint64, len(streams))
	for i, codes := range streams {
		ix.ts.codes = codes
		ix.hashPrefixes()
		prefixes[i] = slices.Clone(ix.prefix)
	}
	b.ReportAllocs()
	for b.Loop() {
		for i, codes := range streams {
			ix.ts.codes, ix.prefix = codes, prefixes[i]
			ix.file = &File{}
			ix.winnow()
		}
	}
}
