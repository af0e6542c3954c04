package fingerprint

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// benchKeys are 2 million (hash, index) pairs, as the near-miss stage sorts.
func benchKeys() []uint64 {
	r := rand.New(rand.NewPCG(1, 2))
	xs := make([]uint64, 2_000_000)
	for i := range xs {
		xs[i] = uint64(r.Uint32())<<32 | uint64(r.Uint32N(30000))
	}
	return xs
}

// BenchmarkRadix and BenchmarkPdq compare radixSort with slices.Sort:
//
//	go test ./fingerprint -run "^$" -bench "Radix|Pdq"
func BenchmarkRadix(b *testing.B) {
	src := benchKeys()
	xs, buf := make([]uint64, len(src)), make([]uint64, len(src))
	for b.Loop() {
		copy(xs, src)
		radixSort(xs, buf)
	}
}

// BenchmarkRadixFrom sorts the same keys made in index order, as the
// near-miss entries are, by their hashes alone (radixSortFrom).
func BenchmarkRadixFrom(b *testing.B) {
	src := benchKeys()
	for i := range src {
		src[i] = src[i]&^(1<<32-1) | uint64(i/64)
	}
	xs, buf := make([]uint64, len(src)), make([]uint64, len(src))
	for b.Loop() {
		copy(xs, src)
		radixSortFrom(xs, buf, 4)
	}
}

func BenchmarkPdq(b *testing.B) {
	src := benchKeys()
	xs := make([]uint64, len(src))
	for b.Loop() {
		copy(xs, src)
		slices.Sort(xs)
	}
}

// BenchmarkSortKeysFrom is BenchmarkRadixFrom on all CPUs, as detection
// sorts (detector.sortKeysFrom); small, on a quarter of the keys, about
// what the editor sorts at each paste into a large file.
func BenchmarkSortKeysFrom(b *testing.B) {
	for _, n := range []int{2_000_000, 500_000} {
		b.Run(fmt.Sprintf("keys=%d", n), func(b *testing.B) {
			src := benchKeys()[:n]
			for i := range src {
				src[i] = src[i]&^(1<<32-1) | uint64(i/64)
			}
			xs := make([]uint64, len(src))
			d := &detector{}
			for b.Loop() {
				copy(xs, src)
				d.sortKeysFrom(xs, 4)
			}
		})
	}
}

// gallop finds what a binary search finds, from any start.
func TestGallop(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 2, 3, 7, 64, 1000} {
		xs := make([]uint32, n)
		for i := range xs {
			xs[i] = r.Uint32N(3000)
		}
		slices.Sort(xs)
		for x := uint32(0); x < 3010; x += 1 + r.Uint32N(7) {
			i, _ := slices.BinarySearch(xs, x)
			if got := gallop(xs, x); len(got) != len(xs)-i {
				t.Fatalf("n %d, x %d: %d left, want %d", n, x, len(got), len(xs)-i)
			}
		}
	}
}
