package pipeline

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/cli"
	"github.com/copycat-go/copycat/load"
)

// A Config is what a run reads and how it detects, as the copycat
// command's flags of the same names set it.
type Config struct {
	Dirs           []string // directories, path@version modules or git repositories (see resolveFn), walked as copycat walks a directory
	Output         string   // where the report goes: a local path, or one a Beam file system knows (gs://…)
	Format         string   // json or sarif; "": the one Output's extension names (.sarif), else json
	MinTokens      int
	MinLines       int
	MaxOccurrences int
	Near           bool
	Similarity     float64
	Tests          bool
	Generated      bool
	MaxFileSize    int64
	// UnitHeap bounds a work unit's tables on a worker's heap, in bytes:
	// past it, its files' tables and the engine's large arrays are kept
	// in a file mapped from the worker's disk (-unit-heap; 0: never).
	UnitHeap int64
	// SketchShards splits the corpus's window sketch into this many
	// fingerprint ranges (and its Count-Min counters into as many
	// ranges), each held by one worker (-sketch-shards; 0: one for each
	// DefaultShardBytes of the whole sketch).
	SketchShards int
	// SumDBDir is where the checksum databases' latest trees, and the
	// tiles and records that proved them, are kept between runs
	// (-sumdb-dir; "": where the go command keeps them, shared with it;
	// see sumstate.go).
	SumDBDir string
	// Runner is the Beam runner the run goes to (--runner; "": prism),
	// checked by checkRunner, and Environment where it runs the workers
	// (--environment_type; "": the runner's default).
	Runner, Environment string
}

// DefaultUnitHeap is -unit-heap's default: 256 MB of a unit's tables on
// the heap, the rest mapped from the disk.
const DefaultUnitHeap = 256 << 20

// UnitHeapBytes is -unit-heap's value, given in MB, in bytes: an error,
// in the flag's MB, for one below 0 or too large to count in bytes
// (which shifted would wrap to a negative number, or to 0, no bound).
func UnitHeapBytes(mb int64) (int64, error) {
	if mb < 0 || mb > math.MaxInt64>>20 {
		return 0, fmt.Errorf("-unit-heap must be 0 to %d MB, not %d", int64(math.MaxInt64>>20), mb)
	}
	return mb << 20, nil
}

// DefaultConfig returns the copycat command's defaults.
func DefaultConfig() Config {
	return Config{
		MinTokens: cli.DefaultMinTokens, MinLines: cli.DefaultMinLines, MaxOccurrences: cli.DefaultMaxOccurrences,
		Near: true, Similarity: cli.DefaultSimilarity, Tests: true, MaxFileSize: load.DefaultMaxFileSize,
		UnitHeap: DefaultUnitHeap,
	}
}

// Check reports values that make no sense: the copycat command's checks
// of the detection settings, and a run's own, the last whether the
// report can be written where Output says (checkOutput).
func (c Config) Check() error {
	switch {
	case len(c.Dirs) == 0:
		return fmt.Errorf("no directory, module or repository to read")
	case c.Output == "":
		return fmt.Errorf("no output file")
	case c.UnitHeap < 0:
		return fmt.Errorf("-unit-heap must be 0 or more bytes, not %d", c.UnitHeap)
	case c.SketchShards < 0 || c.SketchShards > MaxSketchShards:
		return fmt.Errorf("-sketch-shards must be 0 to %d, not %d", MaxSketchShards, c.SketchShards)
	}
	for _, arg := range c.Dirs {
		if err := checkArg(arg); err != nil {
			return err
		}
	}
	if err := c.checkFormat(); err != nil {
		return err
	}
	cc := cli.Config{MinTokens: c.MinTokens, MinLines: c.MinLines, MaxOccurrences: c.MaxOccurrences,
		Similarity: c.Similarity, MaxFileSize: c.MaxFileSize}
	if err := cc.Check(); err != nil {
		return err
	}
	if err := c.checkRunner(); err != nil {
		return err
	}
	return checkOutput(c.Output, c.workersHere())
}

// workersHere reports whether the workers run on this machine, so that a
// local report is written on it: Prism and the direct runner run them in
// the process unless told to run them elsewhere, and any runner asked
// for --environment_type=LOOPBACK has the process run them. A cluster's
// workers write a local path on their own file system (shared, as
// the directories they read), which this machine may not see.
func (c Config) workersHere() bool {
	env := strings.ToLower(c.Environment)
	switch c.Runner {
	case "", "prism", "PrismRunner", "direct", "DirectRunner":
		return env == "" || env == "loopback"
	}
	return env == "loopback"
}

// runners are the names of the runners Beam's beamx registers (v2.78.0),
// by their short names and their long ones.
var runners = []string{"prism", "PrismRunner", "direct", "DirectRunner", "flink", "FlinkRunner",
	"spark", "SparkRunner", "dataflow", "DataflowRunner", "universal", "portable", "PortableRunner", "dot"}

// checkRunner refuses a runner Beam does not know, which Beam refused
// only once the pipeline was built, with a hint for the program's
// author ("Runner flnk not registered. Forgot to _ import it?") and exit
// status 1; and a local report on Dataflow, whose workers are machines
// of their own: the report, written on a worker's disk, was lost, the
// job having run in full (copycat.json, -o's default, among them).
func (c Config) checkRunner() error {
	if c.Runner != "" && !slices.Contains(runners, c.Runner) {
		return fmt.Errorf("--runner %s: no such runner (prism, direct, flink, spark, dataflow, universal, dot)", c.Runner)
	}
	if (c.Runner == "dataflow" || c.Runner == "DataflowRunner") && localOutput(c.Output) {
		return fmt.Errorf("-o %s: on Dataflow a worker writes the report, on a disk of its own where it is lost; name a gs:// path (-o gs://BUCKET/report.json)", c.Output)
	}
	return nil
}

// format is the report's format: Format, or the one Output's extension
// names, else JSON.
func (c Config) format() string {
	if c.Format != "" {
		return c.Format
	}
	if f, named := cli.FileFormat(c.Output); named {
		return f
	}
	return cli.FormatJSON
}

// checkFormat refuses a format the pipeline does not write, and an
// Output whose extension names another format than -format, as copycat
// refuses it: -o report.html had JSON written into a file a browser
// shows as a page, and -format json -o report.sarif JSON into a file
// code scanning reads as SARIF.
func (c Config) checkFormat() error {
	f := c.format()
	if f != cli.FormatJSON && f != cli.FormatSARIF {
		if c.Format == "" {
			return fmt.Errorf("-o %s: the extension says %s, and the pipeline writes json or sarif (name the file .json or .sarif)", c.Output, f)
		}
		return fmt.Errorf("the pipeline writes json or sarif, not %s", f)
	}
	if c.Format != "" {
		return cli.FormatAgrees("-format "+c.Format, c.Format, c.Output)
	}
	return nil
}

// An Engine is the part of a Config the engine's stages need, carried by
// the DoFns to the workers.
type Engine struct {
	MinTokens      int
	MinLines       int
	MaxOccurrences int
	Near           bool
	Similarity     float64
	UnitHeap       int64
}

func (c Config) engine() Engine {
	return Engine{c.MinTokens, c.MinLines, c.MaxOccurrences, c.Near, c.Similarity, c.UnitHeap}
}

// options are the engine's options.
func (e Engine) options() fingerprint.Options {
	return fingerprint.Options{
		MinTokens: e.MinTokens, MinLines: e.MinLines, MaxOccurrences: e.MaxOccurrences,
		Near: e.Near, Similarity: e.Similarity,
	}
}

// long says whether near keys of more than fingerprint.NearKeyLimit units
// are kept (see fingerprint's nearCandidates).
func (e Engine) long() bool {
	return e.MaxOccurrences <= 0 || e.MaxOccurrences > fingerprint.NearKeyLimit
}

// checkArg refuses an argument that is empty or blank, as copycat
// refuses one (load.Resolve): read as a directory, "" was the tree
// "/...", and a run given a variable left empty ("$DIR") read every Go
// file of the machine.
func checkArg(arg string) error {
	if strings.TrimSpace(arg) == "" {
		return fmt.Errorf("%q: an empty argument names no directory, module or repository", arg)
	}
	return nil
}
