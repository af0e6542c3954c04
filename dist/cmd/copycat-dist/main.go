// Command copycat-dist runs copycat's clone detection as an Apache Beam
// pipeline, over module trees larger than one machine, and writes
// copycat's JSON (or SARIF) report.
//
//	copycat-dist [beam flags] [-o report.json] [detection flags] dir|path@version|git-url[#rev]...
//
// The runner is Beam's --runner flag: prism (in process, the default),
// flink, spark or dataflow; see dist/README.md.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/copycat-go/copycat/dist/pipeline"
	"github.com/copycat-go/copycat/internal/cli"
)

func main() {
	c := pipeline.DefaultConfig()
	flag.StringVar(&c.Output, "o", "copycat.json", "write the report to this file")
	flag.StringVar(&c.Format, "format", "", "report format: json or sarif (default: the one -o's extension names, .json or .sarif, else json; an extension naming another format is refused)")
	// The detection flags are the copycat command's: the same names,
	// defaults and words.
	var cc cli.Config
	cc.Flags(flag.CommandLine)
	cc.FileFlags(flag.CommandLine)
	unitHeap := flag.Int64("unit-heap", pipeline.DefaultUnitHeap>>20, "keep at most this many `MB` of a work unit's tables on a worker's heap, the rest in a file mapped from its disk (0: all on the heap)")
	flag.IntVar(&c.SketchShards, "sketch-shards", 0, "split the corpus's window sketch into `N` fingerprint ranges (and its counters into N ranges), each held by one worker (0: one for each 256 MB of sketch)")
	flag.StringVar(&c.SumDBDir, "sumdb-dir", "", "keep the checksum databases' latest trees in `DIR`/<name>/latest, and the tiles that proved them in DIR/cache, on each worker (default: where the go command keeps them, $GOPATH/pkg/sumdb and $GOMODCACHE/cache/download/sumdb, shared with it)")
	stats := flag.Bool("stats", false, "print the pipeline's figures per stage (records, shuffle bytes, time) and its wall time")
	// Workers run this binary again: flags first, then beam.Init, before
	// anything else.
	flag.Parse()
	beam.Init()
	c.Dirs = flag.Args()
	c.Runner, c.Environment = *runners.Runner, *jobopts.EnvironmentType
	c.MinTokens, c.MinLines, c.MaxOccurrences, c.Near, c.Similarity = cc.MinTokens, cc.MinLines, cc.MaxOccurrences, cc.Near, cc.Similarity
	c.Tests, c.Generated, c.MaxFileSize = cc.Tests, cc.Generated, cc.MaxFileSize
	var err error
	if c.UnitHeap, err = pipeline.UnitHeapBytes(*unitHeap); err == nil && c.SumDBDir != "" {
		// The workers' working folder is not the launcher's.
		c.SumDBDir, err = filepath.Abs(c.SumDBDir)
	}
	if err == nil {
		err = c.Check()
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "copycat-dist: %v\n", err)
		os.Exit(2)
	}
	p, s := beam.NewPipelineWithRoot()
	pipeline.Build(s, c)
	t0 := time.Now()
	before := pipeline.LoopbackFiles()
	pipeline.ExitOnSignal(before)
	res, err := beamx.RunWithMetrics(context.Background(), p)
	pipeline.AwaitInterrupt()
	pipeline.RemoveLoopbackFiles(before)
	if err != nil {
		fmt.Fprintf(os.Stderr, "copycat-dist: %s\n", pipeline.Escape(err.Error()))
		os.Exit(2)
	}
	if *stats {
		width := 40
		if res != nil {
			width = pipeline.PrintMetrics(os.Stderr, res.Metrics().AllMetrics())
		}
		fmt.Fprintf(os.Stderr, "%-*s %14.2f\n", width, "wall time, s", time.Since(t0).Seconds())
	}
}
