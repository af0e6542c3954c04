package lsp

import (
	"io/fs"
	"sync"

	"github.com/zeebo/blake3"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// A summingStore is the Store loading goes through (around the index on
// disk, if there is one): it records the blake3 sum of the bytes of each
// file loading reads, and of each file the index knows unchanged (its
// record is of the bytes that sum names), so that a buffer opened with
// the text that was indexed is not detected again (see engine.refresh).
type summingStore struct {
	inner load.Store // nil: none, each file is indexed
	mu    *sync.Mutex
	sums  map[string][32]byte
}

func (s summingStore) record(path string, sum [32]byte) {
	s.mu.Lock()
	s.sums[path] = sum
	s.mu.Unlock()
}

func (s summingStore) File(name string, info fs.FileInfo, src []byte, index func() (*fingerprint.File, []error)) (*fingerprint.File, []error) {
	s.record(name, blake3.Sum256(src))
	if s.inner == nil {
		return index()
	}
	return s.inner.File(name, info, src, index)
}

// A summingStatStore is a summingStore around a StatStore.
type summingStatStore struct {
	summingStore
	stat load.StatStore
}

func (s summingStatStore) Known(path string, info fs.FileInfo) (load.Known, bool) {
	k, ok := s.stat.Known(path, info)
	if ok && !k.Generated {
		s.record(path, k.Sum)
	}
	return k, ok
}

func (s summingStatStore) Generated(path string, info fs.FileInfo, src []byte) {
	s.stat.Generated(path, info, src)
}

func (s summingStatStore) Decode(name string, k load.Known) *fingerprint.File {
	return s.stat.Decode(name, k)
}

// summing returns store wrapped to record the sums of the files loaded
// into sums.
func summing(store load.Store, sums map[string][32]byte) load.Store {
	s := summingStore{inner: store, mu: &sync.Mutex{}, sums: sums}
	if st, ok := store.(load.StatStore); ok {
		return summingStatStore{s, st}
	}
	return s
}
