package fingerprint

import (
	"encoding/binary"
	"encoding/hex"
	"math/rand"
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

// Copy keys taken by one keyer, from the largest unit of go/types's files
// down, are those a fresh keyer takes of each (its table numbers the
// names by first use, TestValTableNumbersByFirstUse), and the keyer's
// table, after the smallest unit, is small; class IDs are those that a
// map numbering the names and a hasher fed a name at a time gave.
func TestCopyKeysAndIDsByFirstUse(t *testing.T) {
	d := &detector{files: indexSources(t, 50, typesSources(t, 30))}
	var spans []span
	for fi, f := range d.files {
		for ui := range f.units {
			spans = append(spans, span{int32(fi), int32(ui), int32(ui)})
		}
	}
	slices.SortStableFunc(spans, func(a, b span) int { return len(d.codes(b)) - len(d.codes(a)) })
	var k keyer
	for _, s := range spans {
		if got, want := d.copyKey(&k, s), d.copyKey(&keyer{}, s); got != want {
			t.Fatalf("%v: copy key %x after larger units, %x afresh", s, got, want)
		}
		if got, want := d.classID(s), mapClassID(d, s); got != want {
			t.Fatalf("%v: class ID %s, want %s", s, got, want)
		}
	}
	if len(k.names.slots) > 64 {
		t.Errorf("after the smallest unit the keyer's table has %d slots", len(k.names.slots))
	}
	// Its bytes, its hash's text and its table, which comes from a
	// pool: the race detector empties pools at random, so that the count
	// is not one to bound under it (5 in one run of 20, 4 in others).
	if raceEnabled {
		return
	}
	if n := testing.AllocsPerRun(20, func() { d.classID(spans[len(spans)/2]) }); n > 3 {
		t.Errorf("classID: %.0f allocations, want at most 3", n)
	}
}

// raceEnabled is set under the race detector (race_test.go).
var raceEnabled bool
