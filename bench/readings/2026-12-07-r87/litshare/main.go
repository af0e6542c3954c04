// Command litshare prints, for each line "KEY PATH START END" of its
// input, KEY and the share of the lines START to END of the Go file PATH
// that lie within a composite literal ("ERR" for a file that does not
// parse): reading 87's measure of a copy that is data rather than code.
package main

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
)

func main() {
	sc := bufio.NewScanner(os.Stdin)
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 4 {
			continue
		}
		start, err1 := strconv.Atoi(f[2])
		end, err2 := strconv.Atoi(f[3])
		if err1 != nil || err2 != nil || end < start {
			continue
		}
		share, err := literalShare(f[1], start, end)
		if err != nil {
			fmt.Fprintln(w, f[0], "ERR")
			continue
		}
		fmt.Fprintf(w, "%s %.3f\n", f[0], share)
	}
}

// literalShare is the share of lines start to end of the file at path
// that a composite literal spans.
func literalShare(path string, start, end int) (float64, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		return 0, err
	}
	in := make([]bool, end-start+1)
	ast.Inspect(file, func(n ast.Node) bool {
		cl, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		a, b := fset.Position(cl.Pos()).Line, fset.Position(cl.End()).Line
		for l := max(a, start); l <= min(b, end); l++ {
			in[l-start] = true
		}
		return false // the outermost literal covers the ones inside it
	})
	n := 0
	for _, x := range in {
		if x {
			n++
		}
	}
	return float64(n) / float64(len(in)), nil
}
