package fingerprint

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestStartOrder checks both ways startOrder sorts, packed keys and keyed
// pairs (a file whose token and unit counts do not fit in 64 bits),
// against a plain stable sort by first token, then last token, the
// largest first.
func TestStartOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name  string
		units int
		last  int32
	}{
		{"small", 50, 200},
		{"ties", 500, 20},
		{"packed", 5000, 1 << 20},
		{"too large to pack", 3000, 1<<31 - 1},
	} {
		units := make([]unit, tc.units)
		for i := range units {
			a, b := rng.Int32N(tc.last), rng.Int32N(tc.last)
			units[i] = unit{tok0: min(a, b), tok1: max(a, b) + 1}
		}
		want := make([]int32, len(units))
		for i := range want {
			want[i] = int32(i)
		}
		slices.SortStableFunc(want, func(a, b int32) int {
			return cmp.Or(cmp.Compare(units[a].tok0, units[b].tok0), cmp.Compare(units[b].tok1, units[a].tok1))
		})
		if got := startOrder(units); !slices.Equal(got, want) {
			t.Errorf("%s: startOrder differs from a stable sort", tc.name)
		}
	}
}
