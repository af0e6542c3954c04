//go:build ignore

// genscan prints, for every .go file under the directories named, which
// of copycat's rules reads it as generated: where the file says so
// (ignore.GeneratedSaidBy: "header", "after the package clause",
// "convention's line") and whether it holds a generator's state machine
// (ignore.IsStateMachine). A file no rule reads is not printed. The
// figures of readings 64 to 66 (the files each rule adds, and that no
// other marks) come from its lines:
//
//	go run genscan.go DIR... | awk -F'\t' '$2 == "state machine" && $1 == ""'
//
// prints the state machines no comment marks; `$1 == "after the package
// clause"` the files only that rule marks.
package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/copycat-go/copycat/ignore"
)

func main() {
	for _, root := range os.Args[1:] {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
				return nil
			}
			src, err := os.ReadFile(p)
			if err != nil {
				return nil
			}
			said, machine := ignore.GeneratedSaidBy(src), ""
			if ignore.IsStateMachine(src) {
				machine = "state machine"
			}
			if said != "" || machine != "" {
				fmt.Printf("%s\t%s\t%s\n", said, machine, p)
			}
			return nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
		}
	}
}
