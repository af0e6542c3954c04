package fingerprint

import (
	"encoding/binary"
	"encoding/hex"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/zeebo/blake3"
)

// A valTable numbers values by first use, as a map counting the values
// it has seen does, through its growth and after a reset; a reset to a
// small size leaves it small, whatever it held before.
func TestValTableNumbersByFirstUse(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var tb valTable
	for _, n := range []int{100000, 5, 0, 3000, 1} {
		tb.reset(0)
		if len(tb.slots) > 16 {
			t.Fatalf("reset(0) after %d values kept %d slots", n, len(tb.slots))
		}
		seen := map[uint64]uint32{}
		for range 2 * n {
			v := uint64(rng.Intn(max(n, 1))) * 0x9e3779b97f4a7c15
			want, ok := seen[v]
			if !ok {
				want = uint32(len(seen))
				seen[v] = want
			}
			if got := tb.number(v); got != want {
				t.Fatalf("%d values: %#x numbered %d, want %d", n, v, got, want)
			}
		}
		if len(tb.distinct) != len(seen) {
			t.Errorf("%d values: %d distinct, want %d", n, len(tb.distinct), len(seen))
		}
	}
}

// mapCopyKey is copyKey as a map numbered its names, kept to pin
// copyKey to it.
func mapCopyKey(d *detector, s span) copyKey {
	f := d.files[s.file]
	own := ownName(f, s)
	seen := map[uint64]uint64{}
	var b []byte
	v := f.units[s.first].val0
	for _, c := range d.codes(s) {
		b = append(b, c)
		if !hasValue(c) {
			continue
		}
		if x := f.vals[v]; v != own && isName(c) {
			if _, ok := seen[x]; !ok {
				seen[x] = uint64(len(seen))
			}
			b = binary.AppendUvarint(b, seen[x])
		} else if v != own {
			b = binary.LittleEndian.AppendUint64(b, x)
		}
		v++
	}
	sum := blake3.Sum256(b)
	return copyKey{binary.LittleEndian.Uint64(sum[:8]), binary.LittleEndian.Uint64(sum[8:16])}
}

// mapClassID is classID as a map numbered the names and a hasher took
// each in turn, kept to pin classID to it.
func mapClassID(d *detector, s span) string {
	h := blake3.New()
	h.Write(d.codes(s))
	first := map[uint64]uint32{}
	var buf [4]byte
	d.eachValue(s, func(_ int32, c byte, v uint64) {
		if !isName(c) {
			return
		}
		n, ok := first[v]
		if !ok {
			n = uint32(len(first))
			first[v] = n
		}
		binary.LittleEndian.PutUint32(buf[:], n)
		h.Write(buf[:])
	})
	return hex.EncodeToString(h.Sum(nil))
}

// Copy keys and class IDs are those that maps numbering the names gave,
// for every unit of go/types's files, keyed by one keyer from the
// largest unit down; the keyer's table, after a small unit, is small.
func TestCopyKeysAndIDsByFirstUse(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join(runtime.GOROOT(), "src", "go", "types", "*.go"))
	srcs := map[string]string{}
	for _, p := range paths[:min(len(paths), 30)] {
		if b, err := os.ReadFile(p); err == nil {
			srcs[filepath.Base(p)] = string(b)
		}
	}
	if len(srcs) == 0 {
		t.Skip("no go/types sources")
	}
	d := &detector{files: indexSources(t, 50, srcs)}
	var spans []span
	for fi, f := range d.files {
		for ui := range f.units {
			spans = append(spans, span{int32(fi), int32(ui), int32(ui)})
		}
	}
	slices.SortStableFunc(spans, func(a, b span) int { return len(d.codes(b)) - len(d.codes(a)) })
	var k keyer
	for _, s := range spans {
		if got, want := d.copyKey(&k, s), mapCopyKey(d, s); got != want {
			t.Fatalf("%v: copy key %x, want %x", s, got, want)
		}
		if got, want := d.classID(s), mapClassID(d, s); got != want {
			t.Fatalf("%v: class ID %s, want %s", s, got, want)
		}
	}
	if len(k.names.slots) > 64 {
		t.Errorf("after the smallest unit the keyer's table has %d slots", len(k.names.slots))
	}
	if n := testing.AllocsPerRun(20, func() { d.classID(spans[len(spans)/2]) }); n > 3 {
		t.Errorf("classID: %.0f allocations, want at most 3 (its bytes, its hash's text, and its table from the pool)", n)
	}
}
