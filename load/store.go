package load

import (
	"sync/atomic"
	"time"

	"github.com/copycat-go/copycat/fingerprint"
)

// A Store keeps what indexing derives from a file's bytes between runs
// (package cache is the one on disk). File returns the file indexed from
// src: from its record, or by calling index. It is called from several
// goroutines.
type Store interface {
	File(name string, src []byte, index func() (*fingerprint.File, []error)) (*fingerprint.File, []error)
}

// source indexes one file's bytes, through the store if there is one.
func (opt *Options) source(ix *fingerprint.Indexer, path string, src []byte) (*fingerprint.File, []error) {
	parse := func() (*fingerprint.File, []error) {
		defer opt.Timings.start(phaseParse)()
		return Source(ix, path, src, opt.MinTokens)
	}
	if opt.Store == nil {
		return parse()
	}
	defer opt.Timings.start(phaseStore)()
	return opt.Store.File(path, src, parse)
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
