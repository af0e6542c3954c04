// Command noopvet is a go vet tool whose one analyzer does nothing. It is
// the baseline of copycat's go vet benchmark: the same driver parses and
// type-checks every package, so the difference in time is copycat's own.
//
//	go build -o /tmp/noopvet ./internal/noopvet
//	go vet -vettool=/tmp/noopvet std
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"
)

// variant only changes the binary, so that go vet caches its runs apart.
var variant string

var noop = &analysis.Analyzer{
	Name: "noop",
	Doc:  "noop: report nothing",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() {
	_ = variant
	unitchecker.Main(noop)
}
