package fingerprint

import (
	"math/rand"
	"testing"
)

// TestHashPrefixesAsTable pins hashPrefixes, whose running hash is kept
// in a register, to the table read back at each step as it was, on
// streams of random codes of every length up to 300 and a long one,
// with the Indexer reused from a longer stream to a shorter (its table's
// old tail must not be read).
func TestHashPrefixesAsTable(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	var ix Indexer
	for _, n := range append([]int{100000}, rng.Perm(301)...) {
		codes := make([]byte, n)
		for i := range codes {
			codes[i] = byte(rng.Intn(256))
		}
		want := make([]uint64, n+1)
		for i, c := range codes {
			want[i+1] = want[i]*hashBase + uint64(c) + 1
		}
		ix.ts.codes = codes
		ix.hashPrefixes()
		if len(ix.prefix) != n+1 {
			t.Fatalf("%d codes: %d prefixes", n, len(ix.prefix))
		}
		for i := range want {
			if ix.prefix[i] != want[i] {
				t.Fatalf("%d codes: prefix %d is %#x, the table's %#x", n, i, ix.prefix[i], want[i])
			}
		}
	}
}
