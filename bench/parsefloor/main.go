// Command parsefloor is the parse-only floor that copycat's benchmark
// measures against: it selects the same files as copycat (load.Resolve,
// with _test.go files, without generated ones), reads them and parses them
// with go/parser on all CPUs in the same mode, and throws the trees away.
//
//	parsefloor [dirs/... | files | packages]
//
// It prints the number of files, lines and files that do not parse.
package main

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"sync/atomic"

	"github.com/copycat-go/copycat/ignore"
	"github.com/copycat-go/copycat/internal/par"
	"github.com/copycat-go/copycat/load"
)

func main() {
	paths, errs := load.Resolve(os.Args[1:], load.Options{Tests: true})
	for _, err := range errs {
		fmt.Fprintf(os.Stderr, "parsefloor: %v\n", err)
	}
	var files, lines, bad atomic.Int64
	par.For(len(paths), 0, func(_, i int) {
		n, ok := parse(paths[i])
		if n < 0 {
			return
		}
		files.Add(1)
		lines.Add(int64(n))
		if !ok {
			bad.Add(1)
		}
	})
	fmt.Printf("files %d lines %d parse-errors %d\n", files.Load(), lines.Load(), bad.Load())
	if len(errs) > 0 {
		os.Exit(2)
	}
}

// parse reads and parses one file as load.Source does. It returns the
// number of lines (-1 for a file copycat would not read: unreadable or
// generated) and whether the file parsed.
func parse(path string) (int, bool) {
	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "parsefloor: %v\n", err)
		return -1, false
	}
	if ignore.IsGenerated(src) {
		return -1, false
	}
	mode := parser.SkipObjectResolution
	if ignore.MayHaveDirectives(src) {
		mode |= parser.ParseComments
	}
	fset := token.NewFileSet()
	_, err = parser.ParseFile(fset, path, src, mode)
	return bytes.Count(src, []byte("\n")), err == nil
}
