package hostile

import (
	"go/parser"
	"go/token"
	"maps"
	"slices"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// BenchmarkEngineCases times each engine case at its full size, the size
// that once took minutes: parsing, indexing and detection, as a run of the
// command line does them (on one goroutine per file, here in turn). The
// parse floor of the same files is reported beside it as floor-ns/op.
//
//	go test ./internal/hostile -run '^$' -bench EngineCases -benchtime 1x
func BenchmarkEngineCases(b *testing.B) {
	for _, c := range engineCases {
		b.Run(c.name, func(b *testing.B) {
			files := c.files(c.full)
			names := slices.Sorted(maps.Keys(files))
			opt := engineOptions(c)
			var res fingerprint.Result
			for b.Loop() {
				var ix fingerprint.Indexer
				var fs []*fingerprint.File
				for _, name := range names {
					f, _ := load.Source(&ix, name, files[name], opt.MinTokens)
					fs = append(fs, f)
				}
				res = fingerprint.Run(fs, opt)
			}
			b.ReportMetric(float64(res.Work.Total()), "work/op")
			b.ReportMetric(float64(len(res.Classes)), "classes/op")
		})
	}
}

// BenchmarkParseFloor parses the files of each case and does nothing
// else: no run can be faster.
func BenchmarkParseFloor(b *testing.B) {
	for _, c := range engineCases {
		b.Run(c.name, func(b *testing.B) {
			files := c.files(c.full)
			for b.Loop() {
				for name, src := range files {
					if _, err := parser.ParseFile(token.NewFileSet(), name, src, parser.SkipObjectResolution|parser.ParseComments); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
