package fingerprint_test

import (
	"fmt"
	"go/build"
	"math"
	"math/bits"
	"path/filepath"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// TestSplitSketch splits a corpus's sketch as the Beam pipeline does: a
// SeenFilter per fingerprint range, sized for its share of the windows,
// and the Count-Min counters in ranges summed apart. For every
// fingerprint seen twice or more, at every limit, the parts call it a
// candidate exactly when the whole sketch does; in one piece, the filter
// answers as the whole sketch's for every fingerprint.
func TestSplitSketch(t *testing.T) {
	paths, errs := load.Resolve([]string{filepath.Join(build.Default.GOROOT, "src", "encoding", "...")}, load.Options{Tests: true})
	if len(errs) > 0 || len(paths) == 0 {
		t.Skipf("no standard library sources: %v", errs)
	}
	files := load.Parse(paths, load.Options{Tests: true, MinTokens: 30}).Files
	windows := 0
	count := map[uint64]int{}
	for _, f := range files {
		windows += f.Windows()
		for fp := range f.WindowFingerprints() {
			count[fp]++
		}
	}
	whole := fingerprint.NewSketch(windows)
	for _, f := range files {
		whole.Add(f)
	}
	shape := fingerprint.NewCountMinShape(windows)
	repeated, over := 0, 0
	for fp, n := range count {
		if n >= 2 {
			repeated++
			if !whole.Candidate(fp, 10) {
				over++
			}
		}
	}
	if repeated == 0 || over == 0 {
		t.Fatalf("%d fingerprints seen twice, %d of them over 10 times: the test shows little", repeated, over)
	}
	for _, n := range []uint64{1, 3, 8} {
		t.Run(fmt.Sprint("parts=", n), func(t *testing.T) {
			shard := func(fp uint64) uint64 { hi, _ := bits.Mul64(fp, n); return hi }
			filters := make([]*fingerprint.SeenFilter, n)
			for i := range filters {
				filters[i] = fingerprint.NewSeenFilter((windows + int(n) - 1) / int(n))
			}
			// parts[p] holds the counters i with i·n/Counters() = p.
			parts := make([]map[uint64]uint32, n)
			for i := range parts {
				parts[i] = map[uint64]uint32{}
			}
			part := func(i uint64) map[uint64]uint32 { return parts[i*n/shape.Counters()] }
			for _, f := range files {
				for fp := range f.WindowFingerprints() {
					filters[shard(fp)].Add(fp)
					for r := range shape.Depth() {
						i := shape.Counter(r, fp)
						part(i)[i]++
					}
				}
			}
			for fp, seen := range count {
				twice := filters[shard(fp)].Twice(fp)
				if seen >= 2 && !twice {
					t.Fatalf("%x, seen %d times, not seen twice in its range", fp, seen)
				}
				if n == 1 && twice != whole.Candidate(fp, 0) {
					t.Fatalf("%x: seen twice %v in one piece, %v in the whole sketch", fp, twice, !twice)
				}
				if seen < 2 {
					continue
				}
				est := uint32(math.MaxUint32)
				for r := range shape.Depth() {
					i := shape.Counter(r, fp)
					est = min(est, part(i)[i])
				}
				for _, limit := range []int{0, 1, 2, 3, 5, 10, 20} {
					got := limit <= 0 || est <= uint32(limit)
					if want := whole.Candidate(fp, limit); got != want {
						t.Fatalf("%x, seen %d times, estimated %d: candidate at %d %v in parts, %v whole", fp, seen, est, limit, got, want)
					}
				}
			}
			biggest := int64(0)
			for _, f := range filters {
				biggest = max(biggest, f.Bytes())
			}
			if whole := fingerprint.SeenFilterBytes(windows); n > 1 && biggest*int64(n) > whole+int64(n)*64 {
				t.Errorf("the largest of %d filters has %d bytes, the whole %d", n, biggest, whole)
			}
		})
	}
	t.Logf("%d files, %d windows, %d fingerprints seen twice, %d over 10 times", len(files), windows, repeated, over)
}
