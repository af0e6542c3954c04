package fingerprint

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestPartHitsAsByGrams pins partHits, which reads the pairs of places
// from the places it found, on all CPUs, to the walk it replaced, which
// read them from the grams of all files by number: the same hits in the
// same order, on go/*'s files and on two functions that repeat a line,
// whose places the cap on a unit's places leaves out, with one worker
// and with several.
func TestPartHitsAsByGrams(t *testing.T) {
	files := partHitFiles(t)
	for _, workers := range []int{1, 2, 5} {
		d := &detector{files: files, opt: Options{MinTokens: 50, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85, Workers: workers}}
		units := d.nearUnits()
		reps := d.findCopies(units).reps
		_, all := d.nearCandidates(reps)
		keys := partKeySet{run: all.run} // the walk it replaced knew no file's own keys
		want := d.partHitsByGrams(reps, keys.run)
		if len(want) < 1000 {
			t.Fatalf("%d workers: only %d hits: the test shows little", workers, len(want))
		}
		if got := d.partHits(reps, keys); !slices.Equal(got, want) {
			t.Fatalf("%d workers: %d hits, want %d (first differing at %d)", workers, len(got), len(want), firstUnequal(got, want))
		}
	}
}

// partHitFiles indexes go/*'s files and two functions that repeat a
// line, whose places the cap on a unit's places leaves out, at 50
// tokens.
func partHitFiles(t *testing.T) []*File {
	t.Helper()
	srcs := goTexts(t)
	repeated := func(name, edit string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "package p\n\nfunc %s(xs []int) int {\n\ttotal := 0\n", name)
		for i := range 300 {
			if i%40 == 0 {
				fmt.Fprintf(&b, "\t%s\n", edit)
			}
			b.WriteString("\ttotal += xs[len(xs)-1] * 3\n")
		}
		b.WriteString("\treturn total\n}\n")
		return b.String()
	}
	srcs["zz/a.go"] = repeated("a", "log.Print(total)")
	srcs["zz/b.go"] = repeated("b", "fmt.Println(total, len(xs))")
	return indexSources(t, 50, srcs)
}

func firstUnequal[T comparable](a, b []T) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// partHitsByGrams is partHits as it was before it read the pairs from
// their places: each place named by its number among the grams of all
// files, its file found by a binary search and its unit's end in a table
// as long as all the grams.
func (d *detector) partHitsByGrams(units []nearUnit, keys []uint32) []partHit {
	if len(keys) == 0 {
		return nil
	}
	// The grams of the outermost units that may be part keys, as
	// hash<<32 | n, n numbering the grams of the files in order
	// (base[file] is the number of its first), sorted: the places of a
	// hash together, in order of file and token. A bit of each part
	// key's leading bits lets through about one gram in four of the
	// standard library's, and the walk of the sorted places through the
	// keys keeps the part keys' only.
	var maybe [1 << (partKeyBits - 6)]uint64
	for _, k := range keys {
		maybe[k>>(32-partKeyBits+6)] |= 1 << (k >> (32 - partKeyBits) & 63)
	}
	base := make([]int32, len(d.files)+1)
	for fi, f := range d.files {
		base[fi+1] = base[fi] + int32(len(f.grams))
	}
	ends := make([]int32, base[len(d.files)])
	var places []uint64
	for i := 0; i < len(units); {
		j := i + 1
		for j < len(units) && units[j].s.file == units[i].s.file {
			j++
		}
		grams, b := d.files[units[i].s.file].grams, base[units[i].s.file]
		eachOutermost(units[i:j], func(_ int, u nearUnit) {
			for gi := u.g0; gi < u.g1; gi++ {
				if h := grams[gi].h; maybe[h>>(32-partKeyBits+6)]&(1<<(h>>(32-partKeyBits)&63)) != 0 {
					places = append(places, uint64(h)<<32|uint64(b+gi))
					ends[b+gi] = u.tok0 + u.size
				}
			}
		})
		i = j
	}
	d.sortKeys(places)
	fileOf := func(n int32) int32 {
		return int32(sort.Search(len(d.files), func(fi int) bool { return base[fi+1] > n }))
	}
	// The pairs, as n<<32 | n, sort as the hits do. Of a key's places in
	// one outermost unit (one file, one end; together, in order), the
	// first partUnitPlaces only: a unit that repeats a line a thousand
	// times would pair each of its places with each of its copy's.
	type place struct{ n, file, end int32 }
	var run []place
	var pairs []uint64
	for i := 0; i < len(places); {
		j := i + 1
		for j < len(places) && places[j]>>32 == places[i]>>32 {
			j++
		}
		if keys = gallop(keys, uint32(places[i]>>32)); j-i < 2 || len(keys) == 0 || keys[0] != uint32(places[i]>>32) {
			i = j
			continue
		}
		run = run[:0]
		inUnit := 0
		for _, p := range places[i:j] {
			n := int32(uint32(p))
			pl := place{n, fileOf(n), ends[n]}
			if k := len(run); k > 0 && run[k-1].file == pl.file && run[k-1].end == pl.end {
				if inUnit++; inUnit >= partUnitPlaces {
					continue
				}
			} else {
				inUnit = 0
			}
			run = append(run, pl)
		}
		for x, a := range run {
			for _, b := range run[x+1:] {
				if a.file != b.file || a.end != b.end {
					pairs = append(pairs, uint64(a.n)<<32|uint64(b.n))
				}
			}
		}
		i = j
	}
	d.sortKeys(pairs)
	hits := make([]partHit, len(pairs))
	fa := int32(0)
	for i, p := range pairs {
		a, b := int32(p>>32), int32(uint32(p))
		for base[fa+1] <= a {
			fa++
		}
		fb := fileOf(b)
		ga, gb := d.files[fa].grams[a-base[fa]], d.files[fb].grams[b-base[fb]]
		hits[i] = partHit{fa: fa, fb: fb, pa: ga.pos, pb: gb.pos, endA: ends[a], endB: ends[b], key: ga.h}
	}
	return hits
}
