package load

import (
	"io/fs"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
)

// countingStore indexes every file anew, counting its calls.
type countingStore struct{ calls int }

func (s *countingStore) File(name string, _ fs.FileInfo, src []byte, index func() (*fingerprint.File, []error)) (*fingerprint.File, []error) {
	s.calls++
	return index()
}

// Load fills the Timings it is given: each phase it went through took
// some time, and without a store no time is spent in one.
func TestTimings(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.go", goSource)
	write(t, dir, "b.go", goSource)
	for _, store := range []*countingStore{nil, {}} {
		var tm Timings
		opt := Options{MinTokens: 5, Workers: 1, Timings: &tm}
		if store != nil {
			opt.Store = store
		}
		res := Load([]string{dir}, opt)
		if len(res.Files) != 2 {
			t.Fatalf("loaded %d files, want 2", len(res.Files))
		}
		if tm.Resolve <= 0 || tm.Read() <= 0 || tm.Parse() <= 0 {
			t.Errorf("store %v: resolve %v, read %v, parse %v: want every phase timed", store != nil, tm.Resolve, tm.Read(), tm.Parse())
		}
		if store == nil && tm.Store() != 0 {
			t.Errorf("no store, yet %v in one", tm.Store())
		}
		if store != nil && (store.calls != 2 || tm.Store() < 0) {
			t.Errorf("store called %d times, %v in it less parsing", store.calls, tm.Store())
		}
	}
}
