package cli

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sync"
	"time"

	"github.com/copycat-go/copycat/cache"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
	"github.com/copycat-go/copycat/report"
)

// With -stats, a run measures what it did: loading's phases (load.Timings),
// the engine's (fingerprint.RunTimed) and the report's, and the counts of
// the index and the engine. They go to the JSON report's stats.run and,
// after the report, to standard error as a table.

// timeLoading gives opts the timings that -stats asks for.
func (c *Config) timeLoading(opts *load.Options) {
	if c.Stats {
		opts.Timings = &load.Timings{}
	}
}

// find runs the engine on files, timing its phases with -stats.
func (c *Config) find(done <-chan struct{}, files []*fingerprint.File, verdicts *fingerprint.Verdicts) fingerprint.Result {
	defer detectionGC(os.Getenv("GOGC"))()
	opts := c.Options()
	opts.Done = done
	opts.Verdicts = verdicts
	if c.arena != nil {
		opts.Scratch = c.arena
	}
	if !c.Stats {
		return fingerprint.Run(files, opts)
	}
	t0 := time.Now()
	return fingerprint.RunTimed(files, opts, func() int64 { return int64(time.Since(t0)) })
}

// measure keeps, with -stats, what loading with opts and detection did.
func (c *Config) measure(opts load.Options, res *load.Result, found fingerprint.Result, reused bool) {
	if !c.Stats {
		return
	}
	s := report.NewRunStats(found)
	s.FilesRead, s.FilesKnown, s.ResultReused = res.FilesRead, res.FilesKnown, reused
	s.FilesGenerated = res.FilesGenerated
	s.Spilled, _ = c.arena.Spilled()
	s.SpillBudget, s.MemoryLimit = c.spillBudget, c.memLimit
	if s.Spilled > 0 {
		s.ResidentBound, s.ResidentTrims = residentFor(c.memLimit), c.arena.Trims()
	}
	var hashing time.Duration
	if idx, ok := opts.Store.(*cache.Index); ok {
		s.FilesReused, _ = idx.Counts()
		s.FilesReused += res.FilesKnown
		hashing = idx.HashTime()
	}
	detect := s.Phases
	s.Phases = nil
	tm := opts.Timings
	s.AddPhase("resolve/walk", tm.Resolve, false)
	s.AddPhase("read+hash", tm.Read()+hashing, true)
	s.AddPhase("index lookups", tm.Store()-hashing, true)
	s.AddPhase("parse+index", tm.Parse(), true)
	if reused {
		detect = []report.PhaseTime{{Name: "detect: result from the index", Seconds: c.resultLookup.Seconds()}}
	}
	s.Phases = append(s.Phases, detect...)
	c.run = s
}

// printStats writes, with -stats, the figures of the run after its
// report, which took reporting, and the run total.
func (c *Config) printStats(stderr io.Writer, reporting, total time.Duration) {
	if c.run == nil {
		return
	}
	c.run.AddPhase("report", reporting, false)
	c.run.TotalSeconds = total.Seconds()
	if err := c.run.Table(stderr); err != nil {
		fmt.Fprintf(stderr, "copycat: %v\n", err)
	}
}

// detectGCPercent is the collector's target while detection runs, and
// while the report reads again the files it shows to categorise the
// classes (their bytes are garbage at once).
// Loading makes much garbage (the syntax trees) beside the files it keeps,
// and runs at Go's default, 100; detection makes little beside them, so
// at the default the heap doubles past the files before a collection,
// and that is a run's peak. At 25 the peak stays near the files, for no
// time that interleaved runs could measure on real trees: standard
// library at -min-tokens 50, 299-357 -> 213-250 MB; the corpus at the
// defaults 808-853 -> 537-595 MB. Where detection is most of a run (the
// corpus copied four times, every file a clone of three others) it costs
// 6% more CPU and 1% more wall time, for 3.43 -> 2.33 GB.
const detectGCPercent = 25

// largeFileGCPercent is the collector's target while a file larger than
// load.DefaultMaxFileSize is parsed and indexed (with -max-file-size
// lifted): its syntax tree, tens of times the file, is live until the
// file is indexed, and at Go's default the heap doubles past it before a
// collection. The million-line file of the hostile inputs (12.7 MB):
// 0.94-1.20 GB at 100, 0.84-0.90 GB at 50 (and no lower at 25), for about
// 10% more time.
const largeFileGCPercent = 50

// largeFileGC returns load.Options.LargeFile's hook: while any large file
// is parsed and indexed, the collector's target is largeFileGCPercent,
// unless the user set GOGC (gogc, the environment's).
func largeFileGC(gogc string) func() (done func()) {
	if gogc != "" {
		return nil
	}
	var mu sync.Mutex
	n, restore := 0, func() {}
	return func() func() {
		mu.Lock()
		if n++; n == 1 {
			restore = gcPercent(largeFileGCPercent)
		}
		mu.Unlock()
		return func() {
			mu.Lock()
			if n--; n == 0 {
				restore()
			}
			mu.Unlock()
		}
	}
}

// gcPercent sets the collector's target and returns what restores it.
func gcPercent(p int) (restore func()) {
	old := debug.SetGCPercent(p)
	return func() { debug.SetGCPercent(old) }
}

// detectionGC sets the collector's target for detection and returns what
// restores it; a GOGC the user set (gogc, the environment's) is left as
// it is.
func detectionGC(gogc string) (restore func()) {
	if gogc != "" {
		return func() {}
	}
	return gcPercent(detectGCPercent)
}
