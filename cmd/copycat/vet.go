package main

import (
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/copycat-go/copycat/analyzer"
)

// invokedByVet reports whether the arguments follow go vet's protocol for
// a -vettool: -V=full and -flags describe the tool, a single argument
// ending in .cfg names a package to check, after the analyzer's flags.
func invokedByVet(args []string) bool {
	if len(args) == 1 && (args[0] == "-V=full" || args[0] == "-flags") {
		return true
	}
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return false
	}
	for _, a := range args[:len(args)-1] {
		if !strings.HasPrefix(a, "-") {
			return false
		}
	}
	return !strings.HasPrefix(args[len(args)-1], "-")
}

// vet runs copycat as a go vet tool; unitchecker exits the process.
func vet() { unitchecker.Main(analyzer.Analyzer) }
