// Command census measures how much of a tree a two-pass run could leave
// out of memory: the files, and their lines, that hold a window whose
// fingerprint is repeated (2 to -max-occurrences times, as detection's
// candidates are), and those that share a near-miss key (a winnowed
// k-gram) with another file. A file with neither can hold no clone, and
// a run that sketched every file first would need to keep only the
// others.
//
//	census [-min-tokens N] [-max-occurrences N] [dirs/... | files | packages]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/copycat-go/copycat/load"
)

func main() {
	minTokens := flag.Int("min-tokens", 100, "window size, in canonical tokens")
	maxOcc := flag.Int("max-occurrences", 10, "windows repeated more often are boilerplate; 0: no limit")
	flag.Parse()
	paths, errs := load.Resolve(flag.Args(), load.Options{Tests: true})
	for _, err := range errs {
		fmt.Fprintf(os.Stderr, "census: %v\n", err)
	}
	res := load.Parse(paths, load.Options{Tests: true, MinTokens: *minTokens})
	windows, grams := map[uint64]int{}, map[uint64]int{}
	lines := 0
	for _, f := range res.Files {
		lines += f.Lines
		for _, k := range f.Keys() {
			windows[k]++
		}
		for _, k := range f.NearKeys() {
			grams[k]++
		}
	}
	var w, g, either share
	for _, f := range res.Files {
		hasW := some(f.Keys(), func(k uint64) bool { return windows[k] >= 2 && (*maxOcc <= 0 || windows[k] <= *maxOcc) })
		hasG := some(f.NearKeys(), func(k uint64) bool { return grams[k] >= 2 })
		w.add(hasW, f.Lines)
		g.add(hasG, f.Lines)
		either.add(hasW || hasG, f.Lines)
	}
	n := len(res.Files)
	fmt.Printf("files %d, lines %d\n", n, lines)
	w.print("a repeated window", n, lines)
	g.print("a near-miss key another file has", n, lines)
	either.print("either", n, lines)
}

// A share counts the files, and their lines, that hold something.
type share struct{ files, lines int }

func (s *share) add(ok bool, lines int) {
	if ok {
		s.files++
		s.lines += lines
	}
}

func (s share) print(what string, files, lines int) {
	fmt.Printf("holding %s: %d files (%.1f%%), %d lines (%.1f%%)\n", what,
		s.files, 100*float64(s.files)/float64(max(files, 1)), s.lines, 100*float64(s.lines)/float64(max(lines, 1)))
}

func some(keys []uint64, ok func(uint64) bool) bool {
	for _, k := range keys {
		if ok(k) {
			return true
		}
	}
	return false
}
