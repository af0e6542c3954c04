package report

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/copycat-go/copycat/fingerprint"
)

// RunStats is what a run did, measured (-stats): how long each phase
// took and what it counted. The JSON report carries it as stats.run, the
// command line prints it as a table (Table) and the language server logs
// it as one line (Line). Its timings differ from run to run, so a report
// holds it only when asked.
type RunStats struct {
	Phases       []PhaseTime `json:"phases"`
	TotalSeconds float64     `json:"total_seconds,omitempty"` // wall time of the whole run
	FilesRead    int         `json:"files_read"`
	FilesReused  int         `json:"files_reused"` // found in the index, not parsed again
	FilesKnown   int         `json:"files_known"`  // of those, known by their status, not read
	// FilesGenerated counts the files left out as generated (read, known
	// or too large to read whole): files read that no class can hold.
	FilesGenerated int           `json:"files_generated"`
	ResultReused   bool          `json:"result_reused"` // detection's result found in the index
	Windows        int64         `json:"windows"`
	Bloom          BloomStats    `json:"bloom"`
	CountMin       CountMinStats `json:"count_min"`
	Candidates     int64         `json:"candidates"`          // windows the sketch let through
	Boilerplate    int64         `json:"boilerplate_windows"` // windows it held back, seen more than -max-occurrences times
	Confirmed      int64         `json:"confirmed"`           // candidates whose content blake3 matched another's
	Pairs          int64         `json:"pairs"`               // maximal exact pairs kept
	NearUnits      int64         `json:"near_units"`
	NearVerified   int64         `json:"near_verified"` // near-miss candidate pairs verified
	NearPairs      int64         `json:"near_pairs"`    // near-miss pairs kept
	Classes        int           `json:"classes"`
	// SpillBudget is the bytes of files' tables kept on the heap before
	// the rest spill (-spill), or -1 if all stay there. MemoryLimit is the
	// process's memory limit that -spill auto found (0: none, or not
	// looked for).
	SpillBudget int64 `json:"spill_budget_bytes"`
	MemoryLimit int64 `json:"memory_limit_bytes,omitempty"`
	// Spilled is the bytes of files' tables kept in a mapped temporary
	// file rather than on the heap.
	Spilled int64 `json:"spilled_bytes"`
	// ResidentBound is the most of the spilled tables' bytes the run
	// kept in its resident memory, and ResidentTrims the times it
	// dropped them from it (spill.Arena.Bound); both 0 if none spilled.
	ResidentBound int64 `json:"resident_bound_bytes,omitempty"`
	ResidentTrims int64 `json:"resident_trims,omitempty"`
}

// A PhaseTime is how long one phase took. Phases that run on every worker
// at once are summed over the workers.
type PhaseTime struct {
	Name    string  `json:"name"`
	Seconds float64 `json:"seconds"`
	Summed  bool    `json:"summed_over_workers,omitempty"`
}

// BloomStats is the size of the Bloom filters that find repeated windows
// and their estimated false-positive rate at the keys they were given.
type BloomStats struct {
	Bits              uint    `json:"bits"`
	Hashes            uint    `json:"hashes"`
	Keys              int64   `json:"keys"`
	FalsePositiveRate float64 `json:"false_positive_rate"`
}

// CountMinStats is the size of the Count-Min sketch that counts windows
// and its bound: a count is over-estimated by more than ErrorBound = ε·N
// with probability at most δ.
type CountMinStats struct {
	Width      int     `json:"width"`
	Depth      int     `json:"depth"`
	Epsilon    float64 `json:"epsilon"`
	Delta      float64 `json:"delta"`
	Total      int64   `json:"total"` // N: the windows counted
	ErrorBound float64 `json:"error_bound"`
}

// NewRunStats takes the counts of a detection run; the caller adds the
// files and phases it measured.
func NewRunStats(res fingerprint.Result) *RunStats {
	w, z := res.Work, res.Sketch
	eps, delta := z.CountMinError()
	s := &RunStats{
		Windows:    w.Windows,
		Bloom:      BloomStats{Bits: z.BloomBits, Hashes: z.BloomHashes, Keys: z.Keys, FalsePositiveRate: z.FalsePositiveRate()},
		CountMin:   CountMinStats{Width: z.CountMinWidth, Depth: z.CountMinDepth, Epsilon: eps, Delta: delta, Total: z.Keys, ErrorBound: eps * float64(z.Keys)},
		Candidates: w.Candidates, Boilerplate: w.Boilerplate, Confirmed: w.Confirmed, Pairs: w.Pairs,
		NearUnits: w.NearUnits, NearVerified: w.NearDiffs, NearPairs: w.NearFound,
		Classes: len(res.Classes), SpillBudget: -1,
	}
	for _, p := range res.Phases {
		s.AddPhase("detect: "+p.Name, time.Duration(p.Nanos), false)
	}
	return s
}

// AddPhase appends a phase that took d.
func (s *RunStats) AddPhase(name string, d time.Duration, summed bool) {
	s.Phases = append(s.Phases, PhaseTime{Name: name, Seconds: d.Seconds(), Summed: summed})
}

// Table writes the figures as an aligned table, phases first.
func (s *RunStats) Table(w io.Writer) error {
	if _, err := fmt.Fprintln(w, "copycat: stats"); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, p := range s.Phases {
		note := ""
		if p.Summed {
			note = "\t(summed over workers)"
		}
		fmt.Fprintf(tw, "  %s\t%v%s\n", p.Name, seconds(p.Seconds), note)
	}
	if s.TotalSeconds > 0 {
		fmt.Fprintf(tw, "  total (wall)\t%v\n", seconds(s.TotalSeconds))
	}
	for _, f := range s.figures() {
		fmt.Fprintf(tw, "  %s\t%s\n", f[0], f[1])
	}
	return tw.Flush()
}

// Line writes the counters on one line, for a log.
func (s *RunStats) Line() string {
	var parts []string
	for _, f := range s.figures() {
		parts = append(parts, f[0]+" "+f[1])
	}
	return "stats: " + strings.Join(parts, ", ")
}

// heapBudget says how much of the tables may stay on the heap, and under
// what memory limit.
func (s *RunStats) heapBudget() string {
	b := "all"
	if s.SpillBudget >= 0 {
		b = fmt.Sprintf("up to %d bytes", s.SpillBudget)
	}
	if s.MemoryLimit > 0 {
		b += fmt.Sprintf(" (memory limit %d bytes)", s.MemoryLimit)
	}
	return b
}

// spilled says how much of the tables were mapped from a file, and how
// much of them the run kept resident.
func (s *RunStats) spilled() string {
	b := fmt.Sprintf("%d bytes", s.Spilled)
	if s.ResidentBound > 0 {
		b += fmt.Sprintf(" (resident up to %d bytes, dropped from memory %s)", s.ResidentBound, Count(int(s.ResidentTrims), "time", "times"))
	}
	return b
}

// figures are the counters, named.
func (s *RunStats) figures() [][2]string {
	b, c := s.Bloom, s.CountMin
	return [][2]string{
		{"files read", fmt.Sprint(s.FilesRead)},
		{"files reused from the index", fmt.Sprint(s.FilesReused)},
		{"files known unchanged, not read", fmt.Sprint(s.FilesKnown)},
		{"generated files, left out", fmt.Sprint(s.FilesGenerated)},
		{"result reused from the index", fmt.Sprint(s.ResultReused)},
		{"tables kept on the heap", s.heapBudget()},
		{"tables spilled to a mapped file", s.spilled()},
		{"windows", fmt.Sprint(s.Windows)},
		{"bloom filter", fmt.Sprintf("%s, %s, est. false-positive rate %.4g at %s", Count(int(b.Bits), "bit", "bits"),
			Count(int(b.Hashes), "hash function", "hash functions"), b.FalsePositiveRate, Count(int(b.Keys), "key", "keys"))},
		{"count-min sketch", fmt.Sprintf("width %d, depth %d, over-count ≤ ε·N = %.3g·%d = %.3g with probability %.3g", c.Width, c.Depth, c.Epsilon, c.Total, c.ErrorBound, 1-c.Delta)},
		{"candidates", fmt.Sprint(s.Candidates)},
		{"left out as boilerplate (-max-occurrences)", fmt.Sprint(s.Boilerplate)},
		{"confirmed (blake3)", fmt.Sprint(s.Confirmed)},
		{"exact pairs", fmt.Sprint(s.Pairs)},
		{"near-miss units", fmt.Sprint(s.NearUnits)},
		{"near-miss candidates verified", fmt.Sprint(s.NearVerified)},
		{"near-miss pairs", fmt.Sprint(s.NearPairs)},
		{"classes", fmt.Sprint(s.Classes)},
	}
}

// seconds renders a duration for the table.
func seconds(s float64) time.Duration {
	return time.Duration(s * float64(time.Second)).Round(time.Microsecond)
}
