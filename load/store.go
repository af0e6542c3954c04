package load

import (
	"io/fs"
	"sync/atomic"
	"time"

	"github.com/copycat-go/copycat/fingerprint"
)

// A Store keeps what indexing derives from a file's bytes between runs
// (package cache is the one on disk). File returns the file indexed from
// src: from its record, or by calling index; info, when not nil, is what
// the open file's Stat said before it was read, for a [StatStore] to
// remember. It is called from several goroutines.
type Store interface {
	File(name string, info fs.FileInfo, src []byte, index func() (*fingerprint.File, []error)) (*fingerprint.File, []error)
}

// A StatStore is a Store that also knows files by their path and status
// (size, modification and change times, inode), so that a file unchanged
// since a run recorded it is neither read nor hashed, and its record is
// decoded only when detection needs it (see [Result.Decode]).
type StatStore interface {
	Store
	// Known returns what was recorded of the file at path, if info
	// still matches the status recorded with it.
	Known(path string, info fs.FileInfo) (Known, bool)
	// Generated records that the file at path, as info describes it, held
	// src, a generated file left out without being indexed.
	Generated(path string, info fs.FileInfo, src []byte)
	// Decode returns the file recorded for k under name, or nil when the
	// record is gone or damaged: the file is then read again.
	Decode(name string, k Known) *fingerprint.File
}

// Known is what a StatStore remembers of a file's content.
type Known struct {
	Sum       [32]byte // blake3 of its bytes
	Lines     int
	Tokens    int
	Generated bool // it starts with a generated-code header
}

// source indexes one file's bytes, through the store if there is one.
func (opt *Options) source(ix *fingerprint.Indexer, path string, info fs.FileInfo, src []byte) (*fingerprint.File, []error) {
	parse := func() (*fingerprint.File, []error) {
		defer opt.Timings.start(phaseParse)()
		return Source(ix, path, src, opt.MinTokens)
	}
	if opt.Store == nil {
		return parse()
	}
	defer opt.Timings.start(phaseStore)()
	return opt.Store.File(path, info, src, parse)
}

// Timings are the times loading spent in each phase. The phases that run
// on every worker are summed over the workers.
type Timings struct {
	Resolve time.Duration // listing the files
	sums    [3]atomic.Int64
}

// The phases of a file's loading that Timings sums.
const (
	phaseRead  = iota // reading the file
	phaseStore        // the store's call, parsing included
	phaseParse        // parsing and indexing
)

// Read is the time spent reading files; Parse parsing and indexing them;
// Store the time in the store, less the parsing it asked for.
func (t *Timings) Read() time.Duration  { return time.Duration(t.sums[phaseRead].Load()) }
func (t *Timings) Parse() time.Duration { return time.Duration(t.sums[phaseParse].Load()) }
func (t *Timings) Store() time.Duration {
	store := t.sums[phaseStore].Load()
	if store == 0 {
		return 0 // no store: parsing was not within it
	}
	return time.Duration(store - t.sums[phaseParse].Load())
}

// start begins timing a phase and returns the function that ends it; on
// nil Timings it does nothing.
func (t *Timings) start(phase int) (stop func()) {
	if t == nil {
		return func() {}
	}
	t0 := time.Now()
	return func() { t.sums[phase].Add(int64(time.Since(t0))) }
}
