package pipeline

import (
	"bytes"
	"fmt"
	"strconv"
)

func itoa(n int) string  { return strconv.Itoa(n) }
func btoa(b bool) string { return strconv.FormatBool(b) }

// lineDiff shows the first lines where got and want differ.
func lineDiff(got, want []byte) string {
	g, w := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := 0; i < max(len(g), len(w)); i++ {
		var gl, wl []byte
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if !bytes.Equal(gl, wl) {
			return fmt.Sprintf("line %d (of %d and %d):\n got: %s\nwant: %s", i+1, len(g), len(w), gl, wl)
		}
	}
	return "the same lines"
}
