// Command copycat-dist runs copycat's clone detection as an Apache Beam
// pipeline, over module trees larger than one machine, and writes
// copycat's JSON report.
//
//	copycat-dist [beam flags] [-o report.json] [detection flags] dir...
//
// The runner is Beam's --runner flag: prism (in process, the default),
// flink, spark or dataflow; see dist/README.md.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/copycat-go/copycat/dist/pipeline"
)

func main() {
	c := pipeline.DefaultConfig()
	flag.StringVar(&c.Output, "o", "copycat.json", "write the JSON report to this file")
	flag.IntVar(&c.MinTokens, "min-tokens", c.MinTokens, "smallest clone, in canonical tokens")
	flag.IntVar(&c.MinLines, "min-lines", c.MinLines, "smallest clone, in lines")
	flag.IntVar(&c.MaxOccurrences, "max-occurrences", c.MaxOccurrences, "leave out code repeated more often than this (boilerplate); 0 means no limit")
	flag.BoolVar(&c.Near, "near", c.Near, "report near-miss clones")
	flag.Float64Var(&c.Similarity, "similarity", c.Similarity, "smallest similarity of a near-miss clone, in (0, 1]")
	flag.BoolVar(&c.Tests, "tests", c.Tests, "include _test.go files")
	flag.BoolVar(&c.Generated, "generated", c.Generated, "include generated files")
	flag.Int64Var(&c.MaxFileSize, "max-file-size", c.MaxFileSize, "skip, with a warning, files larger than this many bytes")
	stats := flag.Bool("stats", false, "print the pipeline's figures per stage (records, shuffle bytes, time) and its wall time")
	// Workers run this binary again: flags first, then beam.Init, before
	// anything else.
	flag.Parse()
	beam.Init()
	c.Dirs = flag.Args()
	if err := c.Check(); err != nil {
		fmt.Fprintf(os.Stderr, "copycat-dist: %v\n", err)
		os.Exit(2)
	}
	p, s := beam.NewPipelineWithRoot()
	pipeline.Build(s, c)
	t0 := time.Now()
	res, err := beamx.RunWithMetrics(context.Background(), p)
	if err != nil {
		fmt.Fprintf(os.Stderr, "copycat-dist: %v\n", err)
		os.Exit(2)
	}
	if *stats {
		if res != nil {
			pipeline.PrintMetrics(os.Stderr, res.Metrics().AllMetrics())
		}
		fmt.Fprintf(os.Stderr, "%-40s %14.2f\n", "wall time, s", time.Since(t0).Seconds())
	}
}
