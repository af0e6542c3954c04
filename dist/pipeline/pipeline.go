package pipeline

import "github.com/apache/beam/sdks/v2/go/pkg/beam"

// Build adds the pipeline that c describes to s: it reads c.Dirs and
// writes the report to c.Output.
func Build(s beam.Scope, c Config) {
	e := c.engine()
	dirs := beam.CreateList(s.Scope("dirs"), c.Dirs)
	recs, sums, warnings := Files(s.Scope("files"), c, dirs)
	seen, counters, hot := Sketch(s.Scope("sketch"), e, c.SketchShards, recs, sums)
	units, shared, candidates, held := Units(s.Scope("units"), e, recs, seen, counters, hot)
	boiler := Boilerplate(s.Scope("boilerplate"), recs, held)
	classes := Detect(s.Scope("detect"), e, recs, units, shared, candidates)
	rep := Report(s.Scope("report"), c, classes, sums, warnings, boiler)
	Write(s.Scope("write"), c.Output, rep)
}
